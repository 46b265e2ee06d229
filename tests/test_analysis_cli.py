"""``dominoes-arcade analyse`` (issue 31): the review of a record written by
`simulate`, its lines and JSON, and its exit codes and one-line errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app

runner = CliRunner()
EFFORT = "0.02"
"""A fiftieth of the expert's thinking: the tests check the shape, not the play."""


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Two Necropolis games and a 4-player Cyprus game, as `simulate` writes them."""
    folder = tmp_path_factory.mktemp("analyse")
    necropolis, cyprus = folder / "necropolis.jsonl", folder / "cyprus.jsonl"
    assert invoke("simulate", "necropolis", "--games", 2, "--seed", 3, "--out", necropolis).exit_code == 0
    result = invoke("simulate", "cyprus", "--players", 4, "-o", "target_score=20", "--seed", 3, "--out", cyprus)
    assert result.exit_code == 0, result.output
    return necropolis, cyprus


def review_of(path, *args):
    result = invoke("analyse", path, "--effort", EFFORT, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_json_has_every_decision_with_a_choice(games):
    necropolis, _ = games
    review = review_of(necropolis, "--index", 2, "--seat", 1)
    record = json.loads(necropolis.read_text().splitlines()[1])
    assert {key: review[key] for key in ("game", "line", "seats", "value")} == {
        "game": "necropolis", "line": 2, "seats": [1], "value": "win chance"}
    decisions = review["decisions"]
    steps = [decision["step"] for decision in decisions]
    assert len(set(steps)) == len(steps) > 5
    for decision in decisions:
        assert set(decision) == {"step", "seat", "played", "best", "loss", "moves"}
        assert record["steps"][decision["step"] - 1] == f"1 {decision['played']}"
        moves = [move["move"] for move in decision["moves"]]
        assert len(moves) > 1 and decision["played"] in moves and decision["best"] in moves
        assert all(0 <= move["value"] <= 1 and move["samples"] > 0 for move in decision["moves"])
        assert decision["loss"] >= 0
    assert [d["loss"] for d in decisions] == sorted((d["loss"] for d in decisions), reverse=True)
    # Every decision of seat 1 with more than one legal move, and no other.
    assert len(decisions) == seat_decisions_with_a_choice(record, 1)


def seat_decisions_with_a_choice(record, seat):
    from dominoes_arcade.engine.match import Match
    from dominoes_arcade.engine.records import Record

    match, count = Match.from_record(Record.from_dict(record)), 0
    for step in record["steps"]:
        state = match.state
        count += not state.is_chance and state.current_player == seat and len(state.legal_actions()) > 1
        match.play_step(step)
    return count


def test_the_lines_show_the_decisions_that_lost_more_than_the_threshold(games):
    necropolis, _ = games
    review = review_of(necropolis)
    assert review["seats"] == [0, 1]  # no human seat named: every seat
    result = invoke("analyse", necropolis, "--effort", EFFORT, "--min-loss", "0.1")
    assert result.exit_code == 0, result.output
    head, *lines = result.stdout.splitlines()
    costly = [d for d in review["decisions"] if d["loss"] > 0.1]
    assert head == (f"record 1 (necropolis, every seat): {len(review['decisions'])} decisions with a choice, "
                    f"{len(costly)} gave up more than 10 points of win chance")
    assert len(lines) == len(costly) > 0
    for line, decision in zip(lines, costly, strict=True):
        assert line.startswith(f"step {decision['step']}, seat {decision['seat']}: played {decision['played']} "
                               "(win chance ")
        assert line.endswith(f": {100 * decision['loss']:.0f} points lost")


def test_more_players_are_valued_in_places(games):
    _, cyprus = games
    review = review_of(cyprus, "--seat", 2)
    assert review["value"] == "expected place" and review["seats"] == [2]
    assert all(1 <= move["value"] <= 4 for decision in review["decisions"] for move in decision["moves"])
    result = invoke("analyse", cyprus, "--seat", 2, "--effort", EFFORT, "--min-loss", 0)
    lines = result.stdout.splitlines()
    assert "of a place" in lines[0]
    assert len(lines) == 1 + sum(d["loss"] > 0 for d in review["decisions"])
    assert all(" (expected place " in line and line.endswith("of a place lost") for line in lines[1:])


def test_a_missing_file_is_one_line_and_exit_2(tmp_path):
    result = invoke("analyse", tmp_path / "none.jsonl")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"error: {tmp_path / 'none.jsonl'}: no such file"]


def test_a_line_that_is_not_a_record_exits_1(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"game": "necropolis"\n')
    result = invoke("analyse", broken)
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: record 1 is not a record: ")


def test_a_record_the_rules_refuse_exits_1(games, tmp_path):
    necropolis, _ = games
    record = json.loads(necropolis.read_text().splitlines()[0])
    record["steps"][5] = "0 exchange 6-6"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record) + "\n")
    result = invoke("analyse", bad)
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith('error: record 1: step 6 "0 exchange')


@pytest.mark.parametrize("args, message", [
    (["--index", 3], "error: --index 3: {file} holds 2 records"),
    (["--seat", 2], "error: --seat 2: record 1 has 2 seats (0 to 1)"),
])
def test_a_bad_index_or_seat_is_one_line_and_exit_2(games, args, message):
    necropolis, _ = games
    result = invoke("analyse", necropolis, *args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [message.format(file=necropolis)]


@pytest.mark.parametrize("args", [["--index", 0], ["--seat", -1], ["--effort", 0]])
def test_an_out_of_range_number_is_a_usage_error(games, args):
    result = invoke("analyse", games[0], *args)
    assert result.exit_code == 2


def test_help_says_what_it_does(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # no phrase broken over two lines
    result = invoke("analyse", "--help")
    assert result.exit_code == 0
    for words in ("Review a game", "--index", "--seat", "--json", "--min-loss", "--effort", "Exit codes"):
        assert words in result.stdout
