"""`Match` beyond the contract every game passes (test_engine_contract): replaying a
record and taking it over, what each seat saw of each step, and its errors."""

from __future__ import annotations

import pytest

from dominoes_arcade.engine import IllegalAction
from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.engine.records import Record, ReplayError


def test_a_replay_follows_its_record_until_a_decision_leaves_it():
    record = random_game("necropolis", 3)
    match = Match.from_record(record)
    assert match.seed == 3
    match.advance_script(until=12)
    assert match.steps == record.steps[:12] and match.follows_script
    while match.is_chance or len(match.state.legal_actions()) < 2:
        if match.is_chance:
            match.resolve_chance()
        else:
            match.apply(match.scripted())
    left_at = len(match.steps)
    scripted = match.scripted()
    match.apply(next(a for a in match.state.legal_actions() if a is not scripted))
    assert not match.follows_script and match.scripted() is None
    while not match.is_over:  # chance now comes from the deck of the record's seed
        if match.is_chance:
            match.resolve_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    assert match.steps[:left_at] == record.steps[:left_at] and match.steps[left_at] != record.steps[left_at]
    match.undo_to(left_at)
    assert match.follows_script and match.scripted() is scripted


def test_a_scripted_chance_step_the_rules_refuse_is_an_illegal_action():
    record = random_game("buildup", 2)
    steps = list(record.steps)
    steps[1] = steps[0]  # the same line tile twice
    match = Match.from_record(Record(record.game, record.options, record.seats, record.seed, steps))
    match.resolve_chance()
    with pytest.raises(IllegalAction):
        match.resolve_chance()
    assert len(match.steps) == 1


def test_a_scripted_step_that_does_not_parse_is_a_notation_error():
    record = random_game("cyprus", 2, 4, {"target_score": 20})
    broken = Record(record.game, record.options, record.seats, record.seed, ["* deal 0 10-10"])
    with pytest.raises(ReplayError) as excinfo:
        Match.from_record(broken).advance_script()
    assert excinfo.value.kind == ReplayError.NOTATION and excinfo.value.step == 1


def test_each_seat_sees_its_own_draws_and_not_the_others():
    match = Match("cyprus", 4, seed=5)
    for _ in range(8):  # the first round's first deals: seat 0 deals to 1, 2, 3, 0, ...
        match.resolve_chance()
    for step, text in enumerate(match.steps):
        receiver = int(text.split()[2])
        assert [match.visible(step, seat) for seat in range(4)] == [seat == receiver for seat in range(4)]


def test_a_decision_everyone_sees_is_visible_to_every_seat():
    match = Match("necropolis", options={"first_player": 0}, seed=1)
    match.apply(match.state.legal_actions()[0])  # 0 draw
    match.resolve_chance()  # the drawn tile: seat 0's alone
    assert match.steps[0] == "0 draw" and match.visible(0, 0) and match.visible(0, 1)
    assert match.visible(1, 0) and not match.visible(1, 1)


def test_errors_name_what_is_wrong():
    match = Match("necropolis", options={"first_player": 1}, seed=1)
    with pytest.raises(ValueError, match="no chance outcome is due"):
        match.resolve_chance()
    with pytest.raises(ValueError, match="a match of 0 steps"):
        match.undo_to(1)
    with pytest.raises(IllegalAction):
        match.apply(match.state.parse_action("hide"))
    assert match.steps == []


def test_the_record_carries_the_seed_the_seats_and_the_totals_so_far():
    match = Match("sebastopol", seed=8)
    for _ in range(10):
        match.resolve_chance()
    record = match.to_record(["a", "b", "c", "d"], error="stopped")
    assert (record.seed, record.seats, record.error) == (8, ["a", "b", "c", "d"], "stopped")
    assert record.steps == match.steps and record.scores == [0, 0, 0, 0]
    assert record.options == {"target_score": 60, "block_tie": "no_score", "players": 4}
