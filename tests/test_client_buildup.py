"""Build Up's table under the dummy driver (issue 8): a human plays whole games with
the mouse only and with a controller only, reading the decision off the scene
(`choices`, `item_rects`) and sending the events a person would; hidden tiles are
never drawn face up for the wrong seat (the render log); demos reach game over.
Layout and animation details are in test_client_buildup_table.py."""

from __future__ import annotations

import pygame
import pytest
from client_drive import check_faces, decide, play_with_keyboard
from test_client_support import FRAME, PAD, animated, pad_added, run

from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.tables.buildup import BuildUpTable

MAX_FRAMES = 6000


def open_buildup(app, seats, seed=1, **setup) -> BuildUpTable:
    table = open_table(app, TableSetup("buildup", seats, app.settings.game("buildup"), seed, **setup))
    assert isinstance(table, BuildUpTable)
    return table


def until_decision(app, table: BuildUpTable, on_pass_screen=None) -> bool:
    """Run frames until the human may decide (True) or the game is over (False),
    checking the render log each frame; `on_pass_screen` confirms a pass screen."""
    for _ in range(MAX_FRAMES):
        if table.session.ended:
            return False
        if app.scenes.top is not table and app.scenes.top.name == "pass":
            assert on_pass_screen is not None, "a pass screen with one human at the table"
            on_pass_screen(app)
            continue
        if table.can_decide and not table.tweens.busy and table.hold_left <= 0:
            return True
        run(app)
        check_faces(app, table)
    raise AssertionError(f"no decision and no end after {MAX_FRAMES} frames: {table.session.steps[-3:]}")


# -- decisions as a person makes them (`client_drive`) ------------------------------------

def mouse_move(app, table: BuildUpTable, number: int) -> str:
    """A decision with the mouse: a forced pass is one click on the Pass button; a
    placement is a click on the tile then on the stack, or (every other move) a
    drag of the tile onto the stack. Returns the kind of action made."""
    choices = table.choices()
    choice = choices[number * 7 % len(choices)]
    decide(app, table, choice, "mouse", use_drag=bool(number % 2))
    return choice.action.kind


def controller_move(app, table: BuildUpTable, number: int) -> str:
    """A decision with the controller: A alone for a forced move; otherwise steer
    to the tile, A, steer to the stack, A."""
    choices = table.choices()
    choice = choices[number * 5 % len(choices)]
    decide(app, table, choice, "controller")
    return choice.action.kind


def play_to_the_end(app, table: BuildUpTable, move, on_pass_screen=None) -> list[str]:
    """The human's decisions through `move` until the game is over; returns the
    kinds made, checking that each was applied."""
    made = []
    while until_decision(app, table, on_pass_screen):
        before, seat = len(table.session.steps), table.session.state.current_player
        made.append(move(app, table, len(made)))
        assert table.session.steps[before:before + 1] and table.session.steps[before].startswith(f"{seat} "), \
            f"decision {len(made)} ({made[-1]}) was not applied"
    return made


def finish(app, table: BuildUpTable) -> None:
    for _ in range(600):
        if app.scenes.top.name == "game over":
            break
        run(app)
    assert app.scenes.top.name == "game over"
    assert table.session.state.is_terminal and table.session.error is None
    assert table.result_lines()[0].startswith(("Seat 1 wins", "Seat 2 wins", "A draw"))


# -- whole games ---------------------------------------------------------------------------

def test_mouse_only_game_to_the_end_places_and_passes(app):
    # Find a deal where the human both places and passes (a pass needs every tile to
    # be blocked while the bot can still place: it comes up within a few deals).
    for seed in range(1, 9):
        table = open_buildup(app, ["human", "easy"], seed)
        made = play_to_the_end(app, table, mouse_move)
        finish(app, table)
        assert "place" in made
        if "pass" in made:
            break
        app.scenes.pop()
    else:
        raise AssertionError("no deal of seeds 1-8 made the human pass")
    human_steps = [step for step in table.session.steps if step.startswith("0 ")]
    assert len(human_steps) == len(made) and "0 pass" in human_steps


@pytest.mark.slow
def test_controller_only_game_to_the_end(app):
    run(app, [pad_added(PAD)])
    table = open_buildup(app, ["easy", "human"], seed=3)
    made = play_to_the_end(app, table, controller_move)
    finish(app, table)
    assert made.count("place") >= 10
    assert all(step.split(" ")[0] in ("*", "0", "1") for step in table.session.steps)


@pytest.mark.slow
def test_hot_seat_shows_the_pass_screen_before_each_human_and_hides_the_other_hand(app):
    table = open_buildup(app, ["human", "human"], seed=2)
    passes = []

    def confirm(app):
        passes.append(app.scenes.top.seat)
        assert table.revealed_seat is None or table.revealed_seat != app.scenes.top.seat
        run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])

    decisions = []

    def move(app, table, number):
        seat = table.session.state.current_player
        decisions.append(seat)
        assert table.bottom == seat, "the human at the screen sits at the bottom"
        # The other hand is drawn as backs only, apart from its public first-player draws.
        other = 1 - seat
        hand = table.session.state.hands[other]
        secret = [t for t in hand if not table.session.state.shown[other] >> t & 1]
        assert not [t for t, face_up, s in table.render_log if face_up and s == other]
        assert [(t, face_up) for t, face_up, s in table.render_log if s == other] == [(-1, False)] * len(secret)
        return mouse_move(app, table, number)

    play_to_the_end(app, table, move, confirm)
    finish(app, table)
    # A pass screen before the first turn and whenever the seat to decide changed.
    changes = [seat for index, seat in enumerate(decisions) if index == 0 or decisions[index - 1] != seat]
    assert passes == changes and len(passes) > 10


@pytest.mark.slow
def test_demo_with_animations_reaches_the_game_over_screen(app_with):
    app = app_with(animated("fast"))
    app.exit_when_over = True
    table = open_buildup(app, ["medium", "easy"], seed=4, demo=True)
    kinds = set()
    summaries = set()
    for _ in range(MAX_FRAMES):
        kinds.update(flight.lands_on[0] for flight in table.flights)
        if table.summary is not None:
            summaries.add(table.summary.hand)
        app.step(FRAME, [])
        check_faces(app, table)
        assert not [entry for entry in table.render_log if entry[1] and entry[2] >= 0], "a demo shows no secrets"
        if table.is_over and app.scenes.top.name == "game over":
            break
    assert app.scenes.top.name == "game over"
    assert kinds == {"stack", "hand", "aside"} or kinds == {"stack", "hand"}
    assert summaries == {1, 2, 3, 4}


@pytest.mark.slow
def test_keyboard_only_game_with_the_kits_driver_and_animations(app_with):
    """The kit's own driver (client_drive) plays a whole game by arrows and Enter at
    the fast animation speed, so flights and summaries run while a human plays; each
    hand's summary, once counted up, is confirmed with Enter (waiting its hold out
    was half the game's frames, each the same still summary)."""
    app = app_with(animated("fast"))
    table = open_buildup(app, ["human", "medium"], seed=16)
    held = []

    def on_frame(app, table):
        check_faces(app, table)
        held.append(table.hold_left > 0)

    play_with_keyboard(app, table, seed=16, on_frame=on_frame, read_summaries=True)
    assert any(held), "a summary was held on screen"
    finish(app, table)
