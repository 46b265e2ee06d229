"""The one flow: `Session.tick` paces every seat that is not a human's the same way
(`think_delay` since the previous move): a replay's record seats, a script's seats;
a paused replay holds; `run_until` lays a scripted game at once."""

from __future__ import annotations

import pytest

from dominoes_arcade.engine.match import random_game
from dominoes_arcade.session import ScriptedSeat, Session, TurnChanged


def first_legal(seen):
    return seen.legal[0]


def test_a_replay_steps_at_once_then_once_per_think_delay_and_holds_while_paused():
    record = random_game("necropolis", 3)
    session = Session(record.game, record=record, think_delay=1.0)
    session.tick(0.0)
    assert len(session.steps) == 1, "the first step comes at once"
    session.tick(0.6)
    assert len(session.steps) == 1, "the next waits the think delay"
    session.tick(0.6)
    assert len(session.steps) == 2
    session.paused = True
    session.tick(5.0)
    assert len(session.steps) == 2, "paused: no step however long"
    assert session.next_record_step() and len(session.steps) == 3, "a step asked for comes, paused or not"
    assert session.steps == record.steps[:3]


def test_a_replay_of_a_record_cut_short_stops_with_the_reason():
    record = random_game("buildup", 5)
    cut = type(record)(**{**record.__dict__, "steps": record.steps[:4]})
    session = Session(cut.game, record=cut)
    for _ in range(10):
        session.tick(1.0)
    assert session.ended and session.steps == record.steps[:4]
    assert session.error == "the record stops before the end of the game"


def test_scripted_seats_move_paced_like_a_bot_and_say_whose_turn_it_is():
    session = Session("necropolis", [ScriptedSeat(first_legal), ScriptedSeat(first_legal)], seed=4, think_delay=1.0)
    while session.state.is_chance:
        session.tick(0.0)  # chance is not paced
    dealt, mover = len(session.steps), session.current_player
    expected = f"{mover} {first_legal(session.observation(mover))}"
    session.tick(0.5)
    assert len(session.steps) == dealt, "a script waits the think delay"
    session.tick(0.6)
    assert session.steps[dealt] == expected, "the script's move, from what its seat sees"
    assert any(isinstance(event, TurnChanged) for event in session.drain())


def test_run_until_lays_a_scripted_game_at_once_without_finishing_it(tmp_path):
    session = Session("buildup", [ScriptedSeat(first_legal), ScriptedSeat(first_legal)], seed=2, think_delay=9.0,
                      folder=tmp_path)
    session.run_until(lambda state: len(session.steps) >= 20)
    assert len(session.steps) == 20 and not session.ended
    session.run_until(lambda state: False)
    assert session.is_over and not session.ended, "the end is reached, not finished: nothing kept"
    assert not list(tmp_path.iterdir())


def test_run_until_refuses_to_wait_for_a_human():
    session = Session("necropolis", ["human", ScriptedSeat(first_legal)], seed=1)
    with pytest.raises(ValueError, match="does not move at once"):
        session.run_until(lambda state: False)
