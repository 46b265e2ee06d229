"""Game records: the shared examples replay; bad records are reported with the
step and the reason (issue: illegal decision, impossible chance outcome, wrong
actor, steps after the end, a game that does not reach its end, scores that differ)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominoes_arcade.engine import GAMES
from dominoes_arcade.engine.records import Record, ReplayError, replay
from dominoes_arcade.files import read_records

EXAMPLES = Path(__file__).parent / "data" / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_example_record_replays(path):
    records = read_records(path)
    assert records
    for number, record in records:
        if record.game not in GAMES:
            pytest.skip(f"{record.game} is not in the engine yet")
        state = replay(record)
        assert state.is_terminal, f"record {number}"
        assert state.scores() == record.scores


def good_record():
    return Record.from_dict({
        "game": "necropolis", "options": {"first_player": 0}, "seats": ["a", "b"], "seed": 1,
        "steps": ["0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new", "0 draw", "* 1-4", "0 left"],
        "scores": None, "error": "stopped early"})


def replay_error(**changes) -> ReplayError:
    record = good_record()
    for key, value in changes.items():
        setattr(record, key, value)
    with pytest.raises(ReplayError) as caught:
        replay(record)
    return caught.value


def test_a_record_with_an_error_may_stop_early():
    assert not replay(good_record()).is_terminal


def test_illegal_decision():
    error = replay_error(steps=["0 draw", "* 3-4", "0 left"])
    assert (error.step, error.text) == (3, "0 left")
    assert "illegal decision" in error.reason and "site #1" in error.reason


def test_impossible_chance_outcome():
    error = replay_error(steps=["0 draw", "* 3-4", "0 new", "1 draw", "* 3-4"])
    assert error.step == 5 and "impossible chance outcome" in error.reason


def test_wrong_actor():
    error = replay_error(steps=["1 draw"])
    assert error.step == 1 and "wrong actor" in error.reason


def test_unknown_move():
    error = replay_error(steps=["0 fly"])
    assert error.step == 1 and "'fly' is not a necropolis move" in error.reason


def test_steps_after_the_end_and_not_reaching_the_end_and_scores():
    record = Record.from_json((EXAMPLES / "necropolis.jsonl").read_text().splitlines()[0])
    same = {"options": record.options, "error": None, "scores": record.scores}
    extra = replay_error(steps=record.steps + ["0 draw"], **same)
    assert extra.step == len(record.steps) + 1 and "after the end" in extra.reason
    short = replay_error(steps=record.steps[:-1], **same)
    assert "does not reach its end" in short.reason
    wrong = replay_error(steps=record.steps, options=record.options, error=None, scores=[0, 0])
    assert "scores differ" in wrong.reason and str(record.scores) in wrong.reason


def test_malformed_lines_are_reported_per_line(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text(good_record().to_json() + "\n\nnot json\n{\"game\": \"necropolis\"}\n")
    numbers = [(n, type(r).__name__) for n, r in read_records(path)]
    assert numbers == [(1, "Record"), (3, "RecordError"), (4, "RecordError")]
