"""No two labels or badges collide and no label runs out of its panel, on any
screen (dominoes_arcade/client/layout_check.py): games of every game (Cyprus with
4, 7 and 10 players) with a human who asks for hints and moves the keyboard
focus, a hot-seat game with its pass screens, replays of the example records,
and every menu. One frame in `SAMPLE` is checked, so the games stay quick: only
that frame is drawn (the others move the game and its animations on, unchecked);
the demo and game tests of each table draw every frame of whole games."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_client_support import key, run, undrawn

from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.records import Record

APP_CONFIG = ('[display]\nanimation_speed = "fast"\n[bots]\nthink_delay_ms = 0\n'
              'hard = "ismcts:iterations=30"\n')
EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"
SAMPLE = 7
"""Check one frame in this many (every frame of a menu)."""


class Watch:
    """Checks sampled frames of `app` and keeps each kind of problem once (with
    the first frame that showed it)."""

    def __init__(self, app):
        self.app = app
        self.frame = 0
        self.found: dict[str, str] = {}

    def step(self, events=(), *, check: bool | None = None) -> None:
        app = self.app
        app.check_layout = (self.frame % SAMPLE == 0) if check is None else check
        if app.check_layout:
            run(app, events)
        else:
            # Input and update as on every frame, but no drawing: nothing on this
            # frame is looked at, and drawing was most of these tests' time.
            with undrawn(app):
                run(app, events)
        if app.check_layout:
            where = app.scenes.top.name if app.scenes.top is not None else "-"
            for problem in problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)):
                self.found.setdefault(_kind(problem), f"frame {self.frame} ({where}): {problem}")
        self.frame += 1

    def frames(self, count: int, events=()) -> None:
        self.step(events)
        for _ in range(count - 1):
            self.step()

    def assert_clean(self) -> None:
        assert not self.found, "\n".join(self.found.values())


def _kind(problem: str) -> str:
    """A problem without its coordinates: the same collision over many frames counts once."""
    return " / ".join(part.split(" at (")[0] for part in problem.split(" / "))


def play_game(watch: Watch, table, limit: int) -> None:
    """Play `table` to its end (or `limit` frames): on each of a human's turns ask
    for a hint, move the keyboard focus, then play the hint (or the first move);
    confirm pass screens and summaries with Enter."""
    app = watch.app
    asked = -1
    for _ in range(limit):
        top = app.scenes.top
        if top.name == "game over" or (table.session.ended and not table.tweens.busy):
            watch.frames(SAMPLE * 3)
            return
        if top.name == "pass":
            watch.step(key(pygame.K_RETURN))
        elif top is table and table.can_decide and not table.tweens.busy:
            if asked != table.session.version:
                asked = table.session.version
                watch.step(key(pygame.K_h))
                watch.step(key(pygame.K_RIGHT))
                for _ in range(60):
                    if table.session.hint is not None:
                        break
                    watch.step()
                watch.frames(SAMPLE, ())
            else:
                legal = table.session.state.legal_actions()
                table.play(table.session.hint if table.session.hint in legal else legal[0])
                watch.step()
        elif top is table and getattr(table, "hold_left", 0) > 0 and watch.frame % 40 == 0:
            watch.step(key(pygame.K_RETURN))
        else:
            watch.step()
    raise AssertionError(f"{table.setup.game} did not end in {limit} frames")


GAMES = [("necropolis", 2, {}, None), ("buildup", 2, {"hands": 1}, None), ("cyprus", 4, {"target_score": 20}, None),
         ("cyprus", 7, {"target_score": 20}, None), ("cyprus", 10, {"target_score": 20}, None),
         ("sebastopol", 4, {"target_score": 20}, None), ("cyprus", 10, {"target_score": 20}, (1920, 1080)),
         ("necropolis", 2, {}, (2560, 1080)), ("draw", 2, {"target_score": 20}, (1366, 768))]
"""Every game at the layout's size, and two at other screens (the marks are in
logical units, but the frame is drawn through the scaled path)."""


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options", "resolution"), GAMES,
                         ids=[f"{g}-{p}" + (f"-{r[0]}x{r[1]}" if r else "") for g, p, _, r in GAMES])
def test_a_game_with_a_human_has_no_collisions(app_with, game, players, options, resolution):
    app = app_with(APP_CONFIG, "layout.toml", resolution=resolution)
    settings = {**app.settings.game(game), **{k: v for k, v in options.items() if k in app.settings.game(game)}}
    table = open_table(app, TableSetup(game, ["human"] + ["easy"] * (players - 1), settings, 3))
    watch = Watch(app)
    play_game(watch, table, 20000)
    watch.assert_clean()


@pytest.mark.slow
def test_a_hot_seat_game_has_no_collisions(app):
    table = open_table(app, TableSetup("necropolis", ["human", "human"], app.settings.game("necropolis"), 5))
    watch = Watch(app)
    play_game(watch, table, 20000)
    watch.assert_clean()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["necropolis", "buildup", "cyprus", "sebastopol"])
def test_a_replay_has_no_collisions(app, game):
    record = Record.from_json((EXAMPLES / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()[0])
    seats = list(record.seats) or ["record"] * int(record.options.get("players", 2))
    table = open_table(app, TableSetup(record.game, seats, dict(record.options), record.seed or 0, record=record))
    watch = Watch(app)
    for _ in range(4000):
        watch.step()
        if table.replay.at_end and not table.tweens.busy:
            break
    watch.frames(SAMPLE * 4)
    watch.assert_clean()


@pytest.mark.slow
@pytest.mark.parametrize("resolution", [None, (1280, 1024)])
def test_every_menu_has_no_collisions(app_with, resolution):
    app = app_with(APP_CONFIG, "menus.toml", resolution=resolution)
    watch = Watch(app)

    def look(frames: int = 30) -> None:
        for _ in range(frames):
            watch.step(check=True)

    watch.frames(90)  # the title slides in
    look()
    for game in ("necropolis", "buildup", "cyprus", "sebastopol", "draw"):
        app.open("setup", game)
        look()
        app.scenes.pop()
        app.open("rules", game)
        look()
        for _ in range(6):
            watch.step(key(pygame.K_PAGEDOWN), check=True)
            look(20)
        app.scenes.pop()
    app.open("setup", "cyprus", players=10)
    look()
    app.scenes.pop()
    app.open("settings")
    for _ in range(12):  # every row in focus in turn: the help line for each
        watch.step(key(pygame.K_DOWN), check=True)
        look(8)
    app.scenes.pop()
    app.open("statistics")
    look()
    app.scenes.pop()
    # The pause screen over a table, where it opens (over the title, its help line
    # would lie on the title's own, which no player sees).
    open_table(app, TableSetup("cyprus", ["human"] + ["easy"] * 3, app.settings.game("cyprus"), 3)).open_pause()
    look()
    watch.assert_clean()


def test_the_check_finds_each_kind_of_collision():
    from dominoes_arcade.client.layout_check import Mark

    screen = pygame.Rect(0, 0, 1280, 720)

    def mark(kind, rect, what="x", layer="table"):
        return Mark(kind, pygame.Rect(rect), what, layer)

    box = mark("panel", (100, 100, 200, 50), "box")
    inside = mark("text", (110, 110, 100, 20), "fits")
    assert problems([box, inside], screen) == []
    assert problems([box, mark("text", (230, 110, 100, 20), "spills")], screen)  # out of its panel
    crowded = problems([box, mark("text", (104, 110, 100, 20), "crowds")], screen)  # 4 px from the side
    assert crowded and "crowding its panel's side" in crowded[0]
    assert problems([mark("text", (0, 0, 50, 20)), mark("text", (40, 10, 50, 20))], screen)  # text over text
    # An overlay's label on a panel of its own is not compared with the screen below.
    assert problems([mark("text", (0, 0, 50, 20)), mark("panel", (30, 0, 100, 40), layer="pause"),
                     mark("text", (40, 10, 50, 20), layer="pause")], screen) == []
    assert problems([mark("badge", (0, 0, 60, 30)), mark("text", (5, 5, 40, 20))], screen) == []  # its own label
    assert problems([mark("badge", (0, 0, 30, 30)), mark("text", (5, 5, 40, 20))], screen)  # runs out of it
    covered = [mark("text", (0, 0, 50, 20)), mark("cover", (0, 0, 300, 300)), mark("text", (10, 10, 50, 20))]
    assert problems(covered, screen) == []  # the first label is under the opaque panel
    assert problems([mark("text", (1270, 0, 40, 20))], screen)  # off the screen
    # A panel drawn after a label does not hold it (the label is not "out of" it).
    assert problems([mark("text", (230, 110, 100, 20)), box], screen) == []
    tile = mark("tile", (100, 100, 24, 48))
    assert problems([tile, mark("badge", (130, 100, 30, 30))], screen) == []
    assert problems([tile, mark("badge", (110, 110, 30, 30))], screen)  # a badge over a tile
    ring = mark("ring", (100, 100, 200, 40), "last move")
    assert problems([ring, mark("text", (110, 110, 100, 20))], screen) == []  # a label inside its ring
    assert problems([ring, mark("text", (310, 110, 100, 20))], screen) == []  # clear of it
    assert problems([mark("text", (250, 110, 100, 20)), ring], screen)  # the ring through a label
    assert problems([ring, mark("text", (250, 110, 100, 20))], screen) == []  # a label drawn over the ring
    assert problems([mark("marker", (100, 100, 12, 19)), mark("text", (116, 100, 100, 20))], screen) == []
    assert problems([mark("marker", (100, 100, 12, 19)), mark("text", (113, 100, 100, 20))], screen)  # touching
    below = mark("text", (400, 600, 200, 20), "status", layer="table #0")
    dialog = mark("panel", (300, 200, 600, 300), "dialog", layer="dialog #1")
    held = mark("text", (400, 300, 200, 20), "in the dialog", layer="dialog #1")
    assert problems([below, dialog, held, mark("text", (420, 610, 200, 20), "help", layer="dialog #1")], screen)
    assert problems([below, dialog, held, mark("text", (420, 640, 200, 20), "help", layer="dialog #1")], screen) == []
    assert problems([below, mark("cover", (0, 0, 1280, 720), "screen", layer="dialog #1"),
                     mark("text", (420, 610, 200, 20), "on it", layer="dialog #1")], screen) == []
