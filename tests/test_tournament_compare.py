"""`tournament compare`: two small real runs on the same deals, paired game by game.

Run A seats `random` and `greedy`, run B `greedy:` (greedy again, under another
spec) and `greedy`, with the same seed and deals, so A's `random` is compared with
B's `greedy:` in the same seats against the same `greedy`. The figures are checked
against a computation of their own here, straight from the two journals' JSON."""

from __future__ import annotations

import json
import math
import os
import statistics
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.compare import compare_runs, paired_games, read_run
from dominoes_arcade.tournament.compare_show import print_comparison

runner = CliRunner()
PLUGINS = Path(__file__).parent / "tournament_bots.py"
NECROPOLIS = {"game": "necropolis", "deals": 4, "seed": 11, "workers": 1}
CYPRUS = {"game": "cyprus", "players": 4, "deals": 2, "seed": 3, "workers": 1, "options": {"target_score": 20}}


def run(folder: Path, name: str, **spec) -> Path:
    """A finished run's journal."""
    plan = resolve_plan(None, {**spec, "out": str(folder / f"{name}.results.toml")})
    report = run_tournament(plan, progress=False)
    assert report.status == "complete", report.message
    return plan.journal_path


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("compare")
    return {
        "a": run(folder, "a", bots=["random", "greedy"], **NECROPOLIS),
        "b": run(folder, "b", bots=["greedy:", "greedy"], **NECROPOLIS),
    }


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("compare-cyprus")
    return {
        "a": run(folder, "a", bots=["random", "greedy"], **CYPRUS),
        "b": run(folder, "b", bots=["greedy:", "greedy"], **CYPRUS),
    }


def records(path: Path) -> dict[int, dict]:
    return {record["game_id"]: record for record in map(json.loads, path.read_text().splitlines())}


def places(record: dict, higher_score_wins: bool) -> list[float]:
    """Each seat's place, written out again: the winners first, then by score, the
    offender of a forfeit last; tied seats share the mean of their places."""
    sign = -1 if higher_score_wins else 1
    offender = (record.get("forfeit") or {}).get("seat")
    if offender is not None:
        keys = [(seat == offender, sign * score) for seat, score in enumerate(record["scores"])]
    else:
        keys = [(seat not in record["winners"], sign * score) for seat, score in enumerate(record["scores"])]
    return [1 + sorted(keys).index(key) + (keys.count(key) - 1) / 2 for key in keys]


def invoke(*args: str):
    result = runner.invoke(app, ["tournament", "compare", *map(str, args)], env={"COLUMNS": "160"})
    return result


def test_every_game_of_a_is_paired_once_with_its_twin_in_b(runs):
    a, b = read_run(runs["a"]), read_run(runs["b"])
    assert a.bots == ("random", "greedy") and b.bots == ("greedy:", "greedy")
    pairs, unpaired_a, unpaired_b = paired_games(a, b, 0)
    assert (unpaired_a, unpaired_b) == (0, 0)
    assert sorted(x.game_id for x, _ in pairs) == sorted(records(runs["a"])) == list(range(8))
    assert sorted(y.game_id for _, y in pairs) == sorted(records(runs["b"]))
    for x, y in pairs:
        assert (x.deal, x.table) == (y.deal, y.table)
        assert x.seats.index("random") == y.seats.index("greedy:")  # the same seat...
        assert x.seats[1 - x.seats.index("random")] == y.seats[1 - y.seats.index("greedy:")] == "greedy"
    ra, rb = records(runs["a"]), records(runs["b"])
    assert all(ra[g]["seed"] == rb[g]["seed"] and ra[g]["rotation"] == rb[g]["rotation"] for g in ra)  # ...deal


def test_the_mean_differences_match_a_computation_from_the_journals(runs):
    document = compare_runs(read_run(runs["a"]), read_run(runs["b"]))
    comparison, paired = document["comparison"], document["paired"]
    assert (comparison["bot_a"], comparison["bot_b"], comparison["position"]) == ("random", "greedy:", 1)
    assert comparison["same_others"] and comparison["others_a"] == ["greedy"]
    ra, rb = records(runs["a"]), records(runs["b"])
    margins, place_diffs = defaultdict(list), defaultdict(list)
    differ = 0
    for game_id in ra:
        one, two = ra[game_id], rb[game_id]
        seat = one["seats"].index("random")
        assert two["seats"][seat] == "greedy:"
        # Necropolis: lower is better, so the margin is the opponent's score minus mine.
        margin_a = one["scores"][1 - seat] - one["scores"][seat]
        margin_b = two["scores"][1 - seat] - two["scores"][seat]
        assert one.get("forfeit") is None and two.get("forfeit") is None
        margins[one["deal"]].append(margin_a - margin_b)
        place_a, place_b = places(one, False)[seat], places(two, False)[seat]
        place_diffs[one["deal"]].append(place_b - place_a)
        differ += place_a != place_b
    per_deal = [statistics.fmean(v) for v in margins.values()]
    mean = statistics.fmean(per_deal)
    half = 1.959963984540054 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    assert paired["games"] == 8 and paired["deals"] == 4 and paired["points_games"] == 8
    assert paired["points_diff"] == pytest.approx(mean, abs=1e-4)
    assert paired["points_ci95_low"] == pytest.approx(mean - half, abs=1e-4)
    assert paired["points_ci95_high"] == pytest.approx(mean + half, abs=1e-4)
    assert paired["place_diff"] == pytest.approx(statistics.fmean(statistics.fmean(v) for v in place_diffs.values()),
                                                 abs=1e-4)
    assert paired["outcome_differs"] == differ
    assert paired["a_ahead"] + paired["b_ahead"] + paired["same_place"] == 8
    assert paired["a_wins"] + paired["a_draws"] + paired["a_losses"] == 8
    assert paired["a_forfeits"] == paired["b_forfeits"] == paired["both_forfeited"] == paired["one_forfeited"] == 0


def test_the_command_prints_the_table_and_writes_the_toml(runs, tmp_path):
    out = tmp_path / "deep" / "ab.toml"
    result = invoke(runs["a"], runs["b"], "--out", out)
    assert result.exit_code == 0, result.output
    assert "random" in result.stdout and "greedy:" in result.stdout and "Paired games: 8 over 4 deals" in result.stdout
    assert f"wrote {out}" in result.stdout
    written = tomllib.loads(out.read_text())
    expected = compare_runs(read_run(runs["a"]), read_run(runs["b"]))
    assert written["schema"] == 1 and written["kind"] == "dominoes-arcade-comparison"
    assert written["paired"] == expected["paired"]
    assert written["comparison"] == expected["comparison"]
    assert written["damaged"] == []
    assert not list(out.parent.glob(".*.tmp"))  # written aside, then renamed


def test_bot_and_against_pick_the_bots_compared(runs):
    a, b = read_run(runs["a"]), read_run(runs["b"])
    same = compare_runs(a, b, bot="greedy")  # greedy against itself: the same games, move for move
    assert same["comparison"]["bot_b"] == "greedy" and same["paired"]["games"] == 8
    result = invoke(runs["a"], runs["b"], "--against", "greedy:")
    assert result.exit_code == 0 and "random" in result.stdout


@pytest.mark.parametrize("flags, words", [
    (["--bot", "ismcts"], "'ismcts' is not a bot of run A"),
    (["--bot", "random", "--against", "greedy"], "do not sit in the same seats"),
])
def test_bots_that_cannot_be_paired_are_refused(runs, flags, words):
    result = invoke(runs["a"], runs["b"], *flags)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr


def rewritten(source: Path, target: Path, change) -> Path:
    lines = []
    for line in source.read_text().splitlines():
        record = json.loads(line)
        change(record)
        lines.append(json.dumps(record))
    target.write_text("\n".join(lines) + "\n")
    return target


def test_runs_that_differ_are_refused_with_one_line(runs, tmp_path):
    other_options = rewritten(runs["b"], tmp_path / "o.jsonl", lambda r: r["options"].update(site_penalty=2))
    other_game = rewritten(runs["b"], tmp_path / "g.jsonl", lambda r: r.update(game="buildup"))
    other_seed = run(tmp_path, "seed", bots=["greedy:", "greedy"], **{**NECROPOLIS, "seed": 12})
    fewer = run(tmp_path, "fewer", bots=["greedy:", "greedy"], **{**NECROPOLIS, "deals": 2})
    three = run(tmp_path, "three", bots=["greedy:", "greedy", "random"], **NECROPOLIS)
    for journal, words in ((other_options, "options differ: site_penalty = 1 in A, 2 in B"),
                           (other_game, "different games: necropolis in A, buildup in B"),
                           (other_seed, "different seeds"),
                           (fewer, "different deal counts: 4 in A, 2 in B"),
                           (three, "line-ups differ in shape: A has 2 bots at 2 seats, B 3 at 2")):
        result = invoke(runs["a"], journal)
        assert result.exit_code == 2, (words, result.output)
        assert result.stderr.startswith("error: cannot pair ") and len(result.stderr.splitlines()) == 1
        assert words in result.stderr


def test_damaged_lines_are_reported_and_left_out(runs, tmp_path):
    lines = runs["b"].read_text().splitlines()
    stray = json.dumps({**json.loads(lines[1]), "tournament_key": "0123456789abcdef"})
    damaged = tmp_path / "damaged.jsonl"
    # Line 2 is not JSON, 9 not UTF-8, 10 a record of another tournament, 11 a
    # last line cut short by a kill (no newline); game 1 is in none of them.
    damaged.write_bytes("\n".join([lines[0], "{not json", *lines[2:], "@", stray, lines[1][:50]]).encode()
                       .replace(b"@", b"\xff"))
    before = damaged.read_bytes()
    result = invoke(runs["a"], damaged, "--out", tmp_path / "x.toml")
    assert result.exit_code == 0, result.output
    notices = result.stderr.splitlines()
    assert all(line.startswith(f"notice: {damaged}: line ") for line in notices) and len(notices) == 4
    assert "line 2 left out: not a tournament record" in notices[0] and "not UTF-8" in notices[1]
    assert "another tournament" in notices[2] and "cut short" in notices[3]
    written = tomllib.loads((tmp_path / "x.toml").read_text())
    assert written["paired"]["games"] == 7 and written["paired"]["unpaired_a"] == 1
    assert [d["line"] for d in written["damaged"]] == [2, 9, 10, 11]
    assert written["comparison"]["b"]["damaged_lines"] == 4
    assert damaged.read_bytes() == before  # only read: nothing cut off


def test_a_record_without_seats_is_left_out_in_words(runs, tmp_path):
    lines = runs["b"].read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    record = json.loads(lines[2])
    del record["seats"]
    wrong = {**json.loads(lines[3]), "deal": "first"}
    broken.write_text("\n".join([*lines[:2], json.dumps(record), json.dumps(wrong), *lines[4:]]) + "\n")
    result = invoke(runs["a"], broken)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"notice: {broken}: line 3 left out: not a tournament record: the record has no 'seats'",
        f"notice: {broken}: line 4 left out: not a tournament record: its 'deal' is not a whole number"]


def test_a_run_compared_with_itself_is_refused(runs, tmp_path):
    results, link = runs["a"].with_name("a.results.toml"), tmp_path / "link.jsonl"
    os.symlink(runs["a"], link)
    for args in ((runs["a"], runs["a"]), (results, runs["a"]), (runs["a"], link)):
        result = invoke(*args)
        assert result.exit_code == 2, result.output
        assert result.stderr == f"error: A and B are the same journal ({runs['a']}): a run compared with itself " \
                                "differs in nothing; give the journals of two runs\n", result.stderr
        assert result.stdout == ""


def test_two_runs_of_the_same_bots_are_compared_with_a_notice(runs, tmp_path):
    copy = tmp_path / "copy.journal.jsonl"
    copy.write_bytes(runs["a"].read_bytes())
    result = invoke(runs["a"], copy)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "notice: A and B seat the same bots: on the same deals and seeds they play the same games, so the paired "
        "differences measure nothing; compare a changed bot, or salt one run's copy (docs/sprt.md)"]


def test_unreadable_journals_and_unwritable_outputs(runs, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    for args, code, words in (([tmp_path / "none.jsonl", runs["b"]], 2, "no such file"),
                              ([empty, runs["b"]], 2, "holds no tournament record"),
                              ([runs["a"], runs["b"], "--out", tmp_path], 1, "is a directory")):
        result = invoke(*args)
        assert result.exit_code == code, result.output
        assert len(result.stderr.splitlines()) == 1 and words in result.stderr
        assert "Paired" not in result.stdout


def test_names_are_printed_as_they_are(runs):
    document = compare_runs(read_run(runs["a"]), read_run(runs["b"]))
    document["comparison"]["bot_a"] = "cmd:./bot [/x] [bold]"
    console = Console(width=160, record=True)
    print_comparison(document, console)
    assert "cmd:./bot [/x] [bold]" in console.export_text()


def test_a_cyprus_table_pair(tables):
    a, b = read_run(tables["a"]), read_run(tables["b"])
    assert a.bots == ("random", "greedy") and a.players == 4
    document = compare_runs(a, b)
    paired = document["paired"]
    ra, rb = records(tables["a"]), records(tables["b"])
    assert paired["games"] == len(ra) == len(rb) == 2 * 2  # 2 deals, 2 distinct rotations of (0, 1, 0, 1)
    place_a, place_b, points = [], [], defaultdict(list)
    for game_id, one in ra.items():
        two = rb[game_id]
        seats = [s for s, name in enumerate(one["seats"]) if name == "random"]
        assert seats == [s for s, name in enumerate(two["seats"]) if name == "greedy:"] and len(seats) == 2
        place_a.append(statistics.fmean(places(one, True)[s] for s in seats))
        place_b.append(statistics.fmean(places(two, True)[s] for s in seats))
        if one.get("forfeit") is None and two.get("forfeit") is None:
            points[one["deal"]].append(statistics.fmean(one["scores"][s] - two["scores"][s] for s in seats))
    assert paired["mean_place_a"] == pytest.approx(statistics.fmean(place_a), abs=1e-4)
    assert paired["mean_place_b"] == pytest.approx(statistics.fmean(place_b), abs=1e-4)
    assert paired["points_diff"] == pytest.approx(statistics.fmean(statistics.fmean(v) for v in points.values()),
                                                  abs=1e-4)
    assert paired["a_wins"] + paired["a_draws"] + paired["a_losses"] == 2 * 4  # per seat, as the standings count
    assert "own final score" in document["comparison"]["points"]
    result = invoke(tables["a"], tables["b"])
    assert result.exit_code == 0 and "mean points" in result.stdout


def test_forfeits_are_losses_in_the_places_and_left_out_of_the_points(runs, tmp_path):
    raiser = run(tmp_path, "raiser", bots=[f"{PLUGINS}:Raiser", "greedy"], **NECROPOLIS)
    forfeits = sum(1 for record in records(raiser).values() if record.get("forfeit"))
    assert forfeits == 8  # it raises at its third decision: every game
    one = compare_runs(read_run(raiser), read_run(runs["b"]))["paired"]
    assert one["games"] == 8 and one["a_forfeits"] == one["a_forfeited_games"] == one["one_forfeited"] == 8
    assert one["a_losses"] == 8 and one["mean_place_a"] == 2.0 and one["both_forfeited"] == 0
    assert one["place_diff"] == pytest.approx(one["mean_place_b"] - 2.0, abs=1e-4)  # two games every deal
    assert one["points_games"] == 0 and "points_diff" not in one and "mean_points_a" not in one
    both = compare_runs(read_run(raiser), read_run(raiser))["paired"]
    assert both["both_forfeited"] == 8 and both["one_forfeited"] == 0
    assert both["place_diff"] == 0 and both["outcome_differs"] == 0
    result = invoke(raiser, runs["b"])
    assert result.exit_code == 0, result.output
    assert "0 both, 8 one" in result.stdout and "8/8" in result.stdout


def test_results_files_stand_for_their_journals(runs):
    by_journal = invoke(runs["a"], runs["b"])
    by_results = invoke(*(path.with_name(path.name.replace(".journal.jsonl", ".results.toml"))
                          for path in (runs["a"], runs["b"])))
    assert by_results.exit_code == 0, by_results.output
    assert by_results.stdout == by_journal.stdout


def test_an_output_that_is_a_fifo_is_refused_before_any_work(runs, tmp_path):
    fifo = tmp_path / "x.toml"
    os.mkfifo(fifo)
    result = invoke(runs["a"], runs["b"], "--out", fifo)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"error: {fifo}: is a FIFO") and len(result.stderr.splitlines()) == 1
    assert fifo.is_fifo()


def test_an_input_is_never_the_output(runs):
    for out in (runs["b"], runs["a"].with_name("a.results.toml")):
        result = invoke(runs["a"].with_name("a.results.toml"), runs["b"], "--out", out)
        assert result.exit_code == 2 and "refusing to write over it" in result.stderr
    assert read_run(runs["b"]).games  # still the journal it was


@pytest.mark.parametrize("columns", [80, 200])
def test_the_tables_fit_the_columns_they_are_given(runs, columns):
    result = runner.invoke(app, ["tournament", "compare", str(runs["a"]), str(runs["b"])],
                           env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= columns
    assert "…" not in result.stdout
    assert ("[" in result.stdout.split("mean place")[1].splitlines()[0]) == (columns >= 120)  # the interval
