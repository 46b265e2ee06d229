"""A headless tour of every screen, saved as PNG screenshots (for the README, docs/playing.md and
for looking at the client without a display), at a screen size of your choice.

    python -m dominoes_arcade.client.screenshots docs/screenshots 1920x1080

Scenes are stacked directly (no scripted key presses), so the tour keeps
working as layouts change; each scene runs a second of frames first, so its
animations have settled. The tour keeps its saved game and history in a
temporary folder (the player's own stay untouched); the Statistics screen shows
a few games of random play put into that history.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SECOND = 60


def tour(out: Path, resolution: tuple[int, int] | None = (1920, 1080)) -> list[Path]:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from . import prefs
    from .main import LaunchOptions, build_app
    from .scenes.rules import RulesScene
    from .scenes.settings import SettingsScene
    from .scenes.setup import SetupScene
    from .tables import TableSetup, open_table

    out.mkdir(parents=True, exist_ok=True)
    data_home = os.environ.get("XDG_DATA_HOME")
    with tempfile.TemporaryDirectory() as temporary:
        os.environ["XDG_DATA_HOME"] = str(Path(temporary) / "data")
        example_history()
        user = Path(temporary) / "user.toml"  # the player's own settings stay out of the pictures
        config = Path(temporary) / "tour.toml"
        # A hosted game on this computer only: the lobby shows no address of the machine taking the pictures.
        config.write_text('[bots]\nthink_delay_ms = 0\n[online]\nhost = "127.0.0.1"\nport = 0\n', encoding="utf-8")
        app = build_app(LaunchOptions(headless=True, config=config, user_config=user, resolution=resolution),
                        prefs.load(config, user))
        saved: list[Path] = []

        def settle(frames: int = SECOND) -> None:
            for _ in range(frames):
                app.step(1 / 60, [])

        def shoot(name: str) -> None:
            settle()
            saved.append(app.screenshot(out / f"{name}.png"))

        shoot("title")
        saved += lesson_tour(app, out)
        app.scenes.push(SetupScene(app, "necropolis"))
        shoot("setup-necropolis")
        app.scenes.pop()
        setup = app.scenes.push(SetupScene(app, "cyprus", players=8))
        shoot("setup-cyprus")
        app.scenes.pop()
        app.scenes.push(SettingsScene(app))
        shoot("settings")
        app.scenes.pop()
        app.change_setting("display", "theme", "colourblind")
        app.change_setting("display", "numbers_on_tiles", True)
        app.scenes.push(SettingsScene(app))
        shoot("settings-colourblind")
        app.scenes.pop()
        app.change_setting("display", "theme", "classic")
        app.change_setting("display", "numbers_on_tiles", False)
        rules = app.scenes.push(RulesScene(app, "cyprus"))
        rules.scroll_by(520)
        shoot("rules")
        app.scenes.pop()
        table = open_table(app, TableSetup("necropolis", ["human", "medium"], app.settings.game("necropolis"), 11))
        for _ in range(20 * SECOND):
            # Hide drawn tiles until the human holds a few: then the moves show tiles.
            legal = list(table.legal)
            if sum(action.tile >= 0 for action in legal) >= 6:
                break
            if legal:
                table.play(next((a for a in legal if a.text == "hide"), legal[0]))
            settle(1)
        settle(2 * SECOND)  # let the last move land before the pause dims it
        saved.append(app.screenshot(out / "necropolis-midgame.png"))
        table.open_pause()
        shoot("pause")
        app.to_title()  # the game is saved on leaving: the title offers Continue
        shoot("title-continue")
        app.open("statistics")
        shoot("statistics")
        app.scenes.pop()
        saved += online_tour(app, out)
        saved += table_tour(app, out)
        app.close()
        del setup
    if data_home is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = data_home
    return saved


def online_tour(app, out: Path) -> list[Path]:
    """Play online: the Join screen, and a hosted game's lobby with a player joined."""
    from ..remote.link import OnlineLink
    from ..session.bot_worker import shared_worker
    from .scenes.online import OnlineWiring

    app.online_wiring = OnlineWiring(server_options={"worker": shared_worker("thread")})
    saved: list[Path] = []

    def shoot(name: str) -> None:
        for _ in range(SECOND):
            app.step(1 / 60, [])
        saved.append(app.screenshot(out / f"{name}.png"))

    menu = app.open("online")
    app.open("join", "192.168.1.20:8765", "QTEM")
    shoot("online-join")
    app.scenes.pop()
    menu.host()
    lobby = app.scenes.top
    guest = OnlineLink(lobby.hosted.local_url())
    guest.join(lobby.link.room)
    wait_for(app, lambda: bool(lobby.room) and lobby.room["seats"][1]["taken"])
    lobby.set_game("cyprus")
    lobby.set_players(5)
    wait_for(app, lambda: len(lobby.room["seats"]) == 5)
    shoot("online-lobby")
    guest.close()
    app.to_title()
    return saved


def wait_for(app, done, limit: float = 10.0) -> None:
    """Frames until `done()` (the hosted server answers in its own thread)."""
    import time

    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            raise RuntimeError("the tour's online game did not answer")
        app.step(1 / 60, [])
        time.sleep(0.005)


def table_tour(app, out: Path) -> list[Path]:
    """The tables: each game mid-game and at its end, 10-player Cyprus, a hand's
    summary, the move log, hot-seat's pass screen, a replay and taking it over."""
    import pygame

    from ..engine.match import random_game
    from .input import Device
    from .tables import TableSetup, open_table

    saved: list[Path] = []

    def key(code: int) -> list:
        return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0), pygame.event.Event(pygame.KEYUP, key=code, mod=0)]

    enter = key(pygame.K_RETURN)

    def table(game: str, seats: list[str], seed: int, **options):
        return open_table(app, TableSetup(game, seats, {**app.settings.game(game), **options}, seed))

    def play(until, moves: int = 10_000, frames: int = 40 * 60 * SECOND) -> None:
        """Frames until `until()`: the human plays the first legal move (after
        `moves` of them, nothing more), summaries and pass screens are confirmed."""
        top = app.scenes.top
        for frame in range(frames):
            if until():
                return
            events = []
            scene = app.scenes.top
            if scene.name == "pass" or (getattr(scene, "hold_left", 0) > 0 and frame % SECOND == 0):
                events = enter
            elif getattr(scene, "can_decide", False) and not scene.tweens.busy and moves > 0:
                scene.play(scene.legal[0])
                moves -= 1
            app.step(1 / 60, events)
        raise RuntimeError(f"the tour's {getattr(top, 'setup', top).game} did not get there")

    def shoot(name: str, frames: int = SECOND) -> None:
        for _ in range(frames):
            app.step(1 / 60, [])
        saved.append(app.screenshot(out / f"{name}.png"))

    def moved(n: int):
        start = app.frame
        return lambda: app.frame - start > n

    necropolis = table("necropolis", ["easy", "easy"], 21)
    play(lambda: necropolis.seen.is_terminal and not necropolis.tweens.busy)
    shoot("necropolis-over", 3 * SECOND)
    play(lambda: app.scenes.top.name == "game over")
    shoot("necropolis-game-over-screen", 2 * SECOND)  # the scores counted up to the end
    buildup = table("buildup", ["human", "medium"], 5)
    play(lambda: len(buildup.session.human_steps) >= 2)
    shoot("buildup-midgame")
    play(lambda: buildup.summary is not None)
    shoot("buildup-hand-summary", 2 * SECOND)
    play(lambda: app.scenes.top.name == "game over")
    shoot("buildup-over", 2 * SECOND)  # the scores counted up to the end
    cyprus = table("cyprus", ["human", "easy", "easy", "easy"], 8)
    play(lambda: len(cyprus.session.human_steps) >= 4)
    shoot("cyprus-midgame")
    play(lambda: cyprus.can_decide and not cyprus.tweens.busy, moves=0)
    app.step(1 / 60, key(pygame.K_h))
    play(lambda: cyprus.session.hint is not None, moves=0)
    app.step(1 / 60, key(pygame.K_RIGHT))
    shoot("hint-and-focus")
    app.input.last_device = Device.CONTROLLER
    shoot("controller-prompts", 2)
    app.input.last_device = Device.KEYBOARD
    cyprus = table("cyprus", ["human"] + ["easy"] * 9, 9, players=10)
    play(lambda: len(cyprus.session.human_steps) >= 2)
    shoot("cyprus-10-players")
    cyprus = table("cyprus", ["easy"] * 4, 10, target_score=60)
    play(lambda: app.scenes.top.name == "game over")
    shoot("cyprus-over", 2 * SECOND)  # the scores counted up to the end
    sebastopol = table("sebastopol", ["human", "easy", "easy", "easy"], 4)
    play(lambda: len(sebastopol.session.human_steps) >= 4)
    shoot("sebastopol-midgame")
    app.step(1 / 60, key(pygame.K_l))  # the move log's drawer
    shoot("move-log", 2)
    app.step(1 / 60, key(pygame.K_l))
    table("sebastopol", ["easy"] * 4, 12, target_score=40)
    play(lambda: app.scenes.top.name == "game over")
    shoot("sebastopol-over", 2 * SECOND)  # the scores counted up to the end
    draw = table("draw", ["human", "easy"], 8)
    play(lambda: len(draw.session.human_steps) >= 7)  # the line has turned at the table's edge
    shoot("draw-midgame")
    table("necropolis", ["human", "human"], 6)
    play(lambda: app.scenes.top.name == "pass", moves=1)
    shoot("hot-seat-pass")
    record = random_game("cyprus", 14, players=5)
    replay = open_table(app, TableSetup("cyprus", list(record.seats), dict(record.options), 0, record=record))
    replay.rebuild(len(record.steps) // 3)
    replay.replay.playing = False
    shoot("replay-controls")
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0),
                      pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0)])
    shoot("replay-take-over")
    app.step(1 / 60, enter)  # play from here: the human's seat, bots in the others
    taken = app.scenes.top
    play(lambda: len(taken.session.human_steps) >= 1)
    app.step(1 / 60, key(pygame.K_u))
    shoot("take-over-undo-refused", SECOND // 2)
    return saved


def lesson_tour(app, out: Path) -> list[Path]:
    """Learn to play: the chooser, the Cyprus lesson at its star, and a Build Up move
    the lesson does not teach, explained."""
    saved: list[Path] = []

    def shoot(name: str) -> None:
        for _ in range(SECOND):
            app.step(1 / 60, [])
        saved.append(app.screenshot(out / f"{name}.png"))

    def to_stage(table, index: int) -> None:
        while table.guide.index < index or not table.ready:
            if table.ready:
                stage = table.guide.stage
                if stage.asks_move:
                    table.play(table.guide.taught(table.legal)[0])
                else:
                    table.next_stage()
            app.step(1 / 60, [])

    app.open("lessons")
    shoot("lessons")
    to_stage(app.open("lesson", "cyprus"), 2)
    shoot("lesson-cyprus")
    app.to_title()
    table = app.open("lesson", "buildup")
    to_stage(table, 2)
    table.play(next(a for a in table.legal if a not in table.guide.taught(table.legal)))
    shoot("lesson-wrong-move")
    app.to_title()
    return saved


def example_history() -> None:
    """Games of random play in the (temporary) history, as if seat 0 had been the
    player against bots of each difficulty in turn."""
    from .. import history
    from ..engine.match import random_game
    from ..engine.records import replay

    levels = ("easy", "medium", "hard")
    for index in range(24):
        game = ("necropolis", "buildup", "cyprus")[index % 3]
        record = random_game(game, 100 + index)
        final = replay(record)  # a finished game's record: public, so its end is read whole
        kinds = ["human"] + [levels[index % 3]] * (final.num_players - 1)
        history.append_history(history.history_line(record, kinds, list(final.outcome().winners),
                                                     demo=False, finished_at=1000.0 + index))


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots-tmp")
    width, _, height = (sys.argv[2] if len(sys.argv) > 2 else "1920x1080").partition("x")
    for path in tour(out, (int(width), int(height))):
        print(path)


if __name__ == "__main__":
    main()
