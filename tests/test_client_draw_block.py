"""The Draw and Block table (dominoes_arcade/client/tables/draw_block.py): the line
laid out as a snake that stays on the felt, its tiles never overlapping and every
one showing the number it matched next to the tile it touches; whole games played
with the mouse and with a controller, every frame's faces checked against what the
screen may show (in hot-seat too); a tile that fits both ends has both as targets and goes where the
player drops it; the move log's words."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from client_drive import drag, play
from hypothesis import given, settings
from hypothesis import strategies as st
from test_client_support import animated, run

from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.tables.draw_block import move_words
from dominoes_arcade.client.tables.line_table import AREA
from dominoes_arcade.client.tables.snake import fit_line, fits, line_numbers
from dominoes_arcade.engine import Event
from dominoes_arcade.engine.core import Termination
from dominoes_arcade.engine.draw_block import RoundResult
from dominoes_arcade.engine.records import Record, parse_step
from dominoes_arcade.engine.tiles import BY_NAME, DOUBLE_SIX, HIGH, IS_DOUBLE, LOW

APP_CONFIG = '[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n'
EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


@st.composite
def lines(draw):
    """A line of play: a lead, then tiles matched on either end (any legal line)."""
    tiles = list(DOUBLE_SIX)
    order = draw(st.permutations(tiles))
    lead = order[0]
    line, first, left, right = [lead], 0, LOW[lead], HIGH[lead]
    for t in order[1:]:
        if right in (LOW[t], HIGH[t]) and draw(st.booleans()):
            line.append(t)
            right = LOW[t] + HIGH[t] - right
        elif left in (LOW[t], HIGH[t]):
            line.insert(0, t)
            first += 1
            left = LOW[t] + HIGH[t] - left
    return tuple(line), first


@settings(max_examples=40, deadline=None)
@given(lines())
def test_the_snake_stays_on_the_felt_and_each_tile_touches_its_number(case):
    line, first = case
    numbers = line_numbers(line, first)
    for i, t in enumerate(line):
        assert {numbers[i], numbers[i + 1]} == {LOW[t], HIGH[t]}
    geometry = fit_line(line, first, tuple(numbers), AREA)
    assert fits(geometry, AREA)
    rects = [place.rect(geometry.length) for place in (*geometry.places, *geometry.ends)]
    for i, rect in enumerate(rects):
        assert AREA.contains(rect)
        for other in rects[i + 1:]:
            assert not rect.colliderect(other), "two tiles (or an end) overlap"
    for i, (t, place) in enumerate(zip(line, geometry.places, strict=True)):
        assert place.horizontal == (not IS_DOUBLE[t]) or not _in_a_row(geometry, i), "doubles lie across"
        # The number drawn first (left or top) is the one on that side of the tile.
        drawn_first = HIGH[t] if place.first_high else LOW[t]
        neighbour = geometry.places[i - 1] if i > 0 else None
        if neighbour is not None and not IS_DOUBLE[t]:
            before_it = (neighbour.x < place.x) if place.horizontal else (neighbour.y < place.y)
            assert drawn_first == (numbers[i] if before_it else numbers[i + 1])


def _in_a_row(geometry, i: int) -> bool:
    """Tile `i` lies in a row, not standing across a row's end (a turn)."""
    places = geometry.places
    return all(abs(places[j].y - places[i].y) < 1 for j in (i - 1, i + 1) if 0 <= j < len(places))


class HiddenWatch:
    """Every frame: no tile drawn face up is in the boneyard or in a hand the screen
    may not show (from the engine state). At a round's end every hand is public (its
    `RoundResult`), the boneyard still hidden. With the app's layout check on, no two
    labels collide either (tests/test_client_layout.py plays one Draw game with hints;
    these games cover the other player counts and devices at no extra game's cost)."""

    def __init__(self, table):
        self.table = table
        self.boneyard: set[int] = set(table.session.state.boneyard)

    def __call__(self, app=None, _table=None) -> None:
        if app is not None and app.check_layout:
            found = problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))
            assert not found, "\n".join(found)
        table, state = self.table, self.table.session.state
        faces = {tile for tile, face_up, _seat in table.render_log if face_up}
        if table.model.revealed:
            hidden = self.boneyard
        else:
            hidden = set(state.boneyard)
            for seat, hand in enumerate(state.hands):
                if not table.shows_hidden(seat):
                    hidden |= set(hand)
            self.boneyard = set(state.boneyard)
        assert not faces & hidden, f"hidden tiles drawn face up: {sorted(faces & hidden)}"
        assert all(table.shows_hidden(seat) for _tile, face_up, seat in table.render_log if face_up and seat >= 0)


def open_draw(app, seats, game="draw", seed=3, **options):
    options = {**app.settings.game(game), "target_score": 20, "players": len(seats), **options}
    return open_table(app, TableSetup(game, list(seats), options, seed))


@pytest.mark.parametrize(("game", "seats", "device"), [("draw", ["human", "easy"], "mouse"),
                                                       ("block", ["easy", "human", "easy"], "controller"),
                                                       ("draw", ["human", "easy", "human"], "keyboard")])
def test_a_whole_game_with_one_device_shows_no_hidden_tile(app, game, seats, device):
    table = open_draw(app, seats, game, target_score=5)  # a round or two
    app.check_layout = True
    play(app, table, device, on_frame=HiddenWatch(table))
    assert table.session.state.is_terminal and table.session.human_steps


def test_a_tile_that_fits_both_ends_goes_to_the_end_it_is_dropped_on(app):
    """Block: you lead the 6-6, the bot holds no 6 and passes; your 2-6 then fits
    both ends, which are both its targets, and goes to the one it is dropped on."""
    table = open_draw(app, ["human", "easy"], game="block")
    yours, theirs = "6-6 2-6 3-6 0-1 0-2 0-3 0-4".split(), "5-5 1-1 1-2 1-3 1-4 1-5 0-0".split()
    for mine, other in zip(yours, theirs, strict=True):
        for seat, tile in ((0, mine), (1, other)):
            table.apply(parse_step(table.session.state, f"* deal {seat} {tile}"))
    run(app, frames=2)
    lead = table.legal
    assert [str(action) for action in lead] == ["6-6"]  # the highest double leads
    assert table.play(lead[0])
    table.apply(parse_step(table.session.state, "1 pass"))  # the bot's only move, made at once
    run(app, frames=2)
    choices = table.current_choices()
    source = ("hand", BY_NAME["2-6"])
    assert {c.target for c in choices if c.source == source} == {("end", 0), ("end", 1)}
    rects = table.item_rects()
    drag(app, rects[source].center, rects[("end", 1)].center, table)
    played = table.session.steps[table.session.human_steps[-1]]
    assert played.split(" ", 1)[1] == "2-6 right"
    line = table.model.line  # (the bot may have answered already)
    assert line.index(BY_NAME["2-6"]) == line.index(BY_NAME["6-6"]) + 1


def test_a_replay_collides_with_nothing_mid_round_and_at_a_rounds_end(app_with):
    """The replay's bottom row (the plate above the replay's controls, the hand beside
    them) at the middle of the example record and at its first round's summary."""
    app = app_with(animated("fast"))  # (with animations off, a replay's summary is not held)
    record = Record.from_json((EXAMPLES / "draw.jsonl").read_text(encoding="utf-8").splitlines()[0])
    table = open_table(app, TableSetup("draw", list(record.seats), dict(record.options), 0, record=record))
    table.replay.playing = False
    steps = record.steps
    ended = next(i for i in range(1, len(steps)) if steps[i].startswith("* deal") and
                 not steps[i - 1].startswith("* deal"))  # the step after the first round's last play
    found: list[str] = []
    for at in (ended // 2, ended - 1):
        table.rebuild(at)
        run(app, frames=2)
        table.replay.step_forward()  # the middle's next move; the round's last play, then its summary
        run(app, frames=3)
        app.check_layout = True
        run(app)
        found += problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))
        app.check_layout = False
    assert table.summary_up, "the round's summary is up"
    assert not found, "\n".join(found)


def test_the_move_log_says_each_event_in_words():
    names = {0: "You", 1: "Seat 2"}.__getitem__
    assert move_words(Event("play", 0, BY_NAME["6-6"], "hand", "line", value="lead"), "You", names) == "You led 6-6"
    assert move_words(Event("play", 1, BY_NAME["3-6"], "hand", "line", value="left"), "Seat 2", names) == \
        "Seat 2 played 3-6 on the left end"
    assert move_words(Event("draw", 1, -1, "boneyard", "hand", face_up=False), "Seat 2", names) == \
        "Seat 2 drew a tile"
    result = RoundResult(2, Termination.BLOCKED, 0, 14, ((), ()), (3, 17), 1)
    assert move_words(Event("round_over", 0, value=result), "", names) == \
        "You won the blocked round: round 2, 14 points"
    domino = RoundResult(1, Termination.DOMINO, 1, 9, ((), ()), (9, 0), 0)
    assert move_words(Event("round_over", 1, value=domino), "", names) == "Seat 2 dominoed: round 1, 9 points"
    assert move_words(Event("deal", 0, 5, "boneyard", "hand", face_up=False), "You", names) is None



def test_a_bots_name_and_kind_fit_the_bottom_plate_whole(app):
    """A demo's bottom seat read "▶ Seat 1 · Mediu…": its name now takes a smaller size before it is cut."""
    open_table(app, TableSetup("draw", ["medium", "medium", "medium"], app.settings.game("draw"), 2, demo=True))
    app.check_layout = True
    run(app, frames=2)
    drawn = [mark.what for mark in app.layout_marks if mark.kind == "text"]
    assert any(what.endswith("Seat 1 \u00b7 Medium bot") for what in drawn), drawn
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []


def test_the_lessons_first_callout_says_it_is_the_players_turn(app):
    """Under the lesson's first callout the status read "Seat 1 is thinking…"."""
    app.open("lessons")
    table = app.open("lesson", "draw")
    for _ in range(600):  # the deal, one tile at a time
        if table.waiting_for_human:
            break
        run(app)
    assert not table.can_decide, "the callout holds the move"
    assert table.status_text() == "Lead the 6-6"
