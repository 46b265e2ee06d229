"""The Cyprus table with animations on: all-bot demo games of Cyprus (4 and 10
players) and Sebastopol reach the game-over screen, each round's summary shows
every hand and counts the totals up; a replay of an example record steps to its
end and back, laying the table out again at every step (dominoes_arcade/rules/cyprus.md and sebastopol.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from test_client_cyprus import HiddenWatch
from test_client_support import animated, key, run, run_undrawn_until, undrawn

from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.tables.cyprus_model import model_of
from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.engine.records import Record, parse_step

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


APP_CONFIG = animated("fast")


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "target"), [("cyprus", 4, 40), ("cyprus", 10, 40), ("sebastopol", 4, 30)])
def test_a_demo_game_reaches_the_game_over_screen(app, game, players, target):
    options = {**app.settings.game(game), "target_score": target}
    table = open_table(app, TableSetup(game, ["easy"] * players, options, 21, demo=True))
    summaries, flights, turned = 0, 0, 0
    watch = HiddenWatch(table)
    for _ in range(40000):
        if app.scenes.top.name == "game over":
            break
        run(app)
        watch()
        # Bots only: no seat's own tile is ever drawn face up as theirs (revealed hands are public).
        assert not [entry for entry in table.render_log if entry[1] and entry[2] >= 0]
        flights = max(flights, len(table.flights))
        turned += any(0 < flight.turn < 1 for flight in table.flights.values())
        if table.summary_up and table.count_up >= 1:
            summaries += 1
            result = table.model.result
            shown = sorted(tile for tile, face_up, seat in table.render_log if face_up and seat == -1)
            in_hands = sorted(tile for hand in result.hands for tile in hand)
            # Every hand is on screen face up (in the summary and on the plates), and nothing
            # from the boneyard: every face-up tile is on the table or in a hand.
            on_table = {tile for line in table.model.layout for tile in line} | {table.preset.spinner}
            assert set(in_hands) <= set(shown) and set(shown) <= set(in_hands) | on_table
            assert [table.shown_total(s) for s in range(players)] == list(table.model.totals)
    assert app.scenes.top.name == "game over" and table.session.error is None
    assert table.session.state.is_terminal and max(table.session.state.totals) >= target
    assert summaries > 0 and flights > 1 and turned > 0  # the deal cascades; hidden tiles turn over in the air


@pytest.mark.slow
def test_the_summary_waits_for_a_press_at_a_human_table(app):
    """The first round played to its summary undrawn (nothing before the summary is
    looked at here; the tests above draw every frame of whole games), then every
    frame drawn."""
    options = {**app.settings.game("cyprus"), "target_score": 1000}
    table = open_table(app, TableSetup("cyprus", ["human", "easy", "easy", "easy"], options, 4))

    def summary_up() -> bool:
        if table.summary_up:
            return True
        if table.can_decide and not table.tweens.busy:
            table.play(table.current_choices()[0].action)
        return False

    run_undrawn_until(app, summary_up, "the first round's summary")
    assert table.summary_up and table.hold_left >= 25  # seconds (scaled by the speed), at a human table
    steps = len(table.session.steps)
    run(app, frames=120)
    assert len(table.session.steps) == steps and table.summary_up  # two seconds later: still waiting
    run(app, key(pygame.K_RETURN), frames=2)
    run(app, key(pygame.K_RETURN), frames=30)  # the first press may only finish the count-up
    assert not table.summary_up and len(table.session.steps) > steps and table.model.round_number == 2


REPLAY_DRAW_EVERY = 4
"""The replay test draws one step in this many (each step runs input and update)."""


def run_drawn_if(app, drawn: bool) -> None:
    """One frame, drawn or not (`undrawn`)."""
    if drawn:
        run(app)
    else:
        with undrawn(app):
            run(app)


@pytest.mark.slow
def test_a_replay_steps_to_the_end_and_back(app):
    """Every hand face up; each step forward animates, each step back rebuilds,
    and the table always shows exactly the state, its score sheet every round
    finished so far (a seven-player game of two rounds). What is checked is the
    table's model, not its pixels: one step in `REPLAY_DRAW_EVERY` is drawn, so
    the drawing still runs across the replay's states (a rebuilt Cyprus table is
    drawn at every second step of a replay, at five resolutions, in
    test_client_resolution.py)."""
    record = random_game("cyprus", 13, 7, {"target_score": 300})
    table = open_table(app, TableSetup("cyprus", ["record"] * 7, record.options, 1, record=record))
    controls = table.replay
    controls.playing = False
    run(app)
    assert all(table.shows_hidden(seat) for seat in range(7))
    stepped = 0
    while not controls.at_end:
        controls.step_forward()  # skips what is still moving, then animates the next step
        run_drawn_if(app, stepped % REPLAY_DRAW_EVERY == 0)
        stepped += 1
        assert table.model.layout == tuple(table.session.state.layout) or table.model.revealed
    run(app, frames=60)
    assert table.session.state.is_terminal and table.model.revealed
    ends = []  # (index of the step that ended a round, round number), straight from the engine
    state = new_game("cyprus", options=record.options)
    for index, text in enumerate(record.steps):
        ends += [(index, e.value.number) for e in state.apply(parse_step(state, text)) if e.kind == "round_over"]
    assert [result.number for result in table.rounds] == [number for _, number in ends] and len(ends) > 1
    for back in range(len(record.steps)):
        controls.step_back()
        run_drawn_if(app, back % REPLAY_DRAW_EVERY == 0)
        assert table.model == model_of(table.seen.view) and not table.flights and not table.summary_up
        played = len(table.session.steps)
        assert [r.number for r in table.rounds] == [number for index, number in ends if index < played]
    assert table.session.steps == [] and table.model.hands == ((),) * 7


def test_the_arms_slide_to_shorter_tiles_when_one_outgrows_its_rows(app):
    """The first example (four players): step 89 lays a tile no row at 72 px has
    room after, so the table shrinks to 64 px tiles, sliding every tile there."""
    record = Record.from_dict(json.loads((EXAMPLES / "cyprus.jsonl").read_text().splitlines()[0]))
    table = open_table(app, TableSetup("cyprus", ["record"] * 4, record.options, 1, record=record))
    table.replay.playing = False
    for _ in range(88):
        table.replay.step_forward()
    run(app, frames=30)
    assert table.geometry().length == 72
    table.replay.step_forward()
    run(app)
    assert table.geometry().length == 64 and 0 < table.morph < 1 and table.morph_from.length == 72
    run(app, frames=60)
    assert table.morph == 1


@pytest.mark.slow
def test_hot_seat_with_animations_never_shows_a_hand_to_the_wrong_player(app):
    """Two humans, two bots, every animation running: tiles still in the air when
    the device changes hands must not turn face up for the next player. A round's
    summary, once counted up, is confirmed as its reader would: at a human table it
    otherwise holds the game a minute (scaled), two thirds of the game's frames, each
    the same still summary."""
    options = {**app.settings.game("cyprus"), "target_score": 20}
    table = open_table(app, TableSetup("cyprus", ["human", "easy", "human", "easy"], options, 9))
    watch = HiddenWatch(table)
    passes = summaries = 0
    for _ in range(40000):
        if table.session.ended:
            break
        if app.scenes.top.name == "pass":
            passes += 1
            run(app, key(pygame.K_RETURN))
        elif table.summary_up and table.hold_left > 0 and not table.tweens.busy:
            summaries += 1
            run(app, key(pygame.K_RETURN))
        else:
            run(app)
        watch()
        if table.can_decide and not table.tweens.busy:
            table.play(table.current_choices()[-1].action)
    assert table.session.ended and passes >= 2 and summaries >= 1 and watch.frames > 300
