"""SPRT runs and gauntlets for real: greedy against random in Necropolis stops with
H1 before its last deal, at the same deal and LLR with 1 and 2 workers and after a
kill -9 and a resume; games past the stop count nowhere; `show` prints the test;
a gauntlet pairs the new bot with the field only."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w
from test_tournament_resume import killed_after
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import SpecError, resolve_plan, run_tournament
from dominoes_arcade.tournament.journal import tournament_key
from dominoes_arcade.tournament.results import comparable, read_results
from dominoes_arcade.tournament.runner import WINDOW_PER_SLOT

runner = CliRunner()
FIELD = ["random", "ismcts:iterations=5", "ismcts:iterations=6"]
SPEC = {"game": "necropolis", "bots": ["greedy", "random"], "deals": 200, "seed": 5, "sprt": "elo0=0,elo1=100"}


def run(tmp_path: Path, name: str, **flags) -> dict:
    plan = resolve_plan(None, {**SPEC, "out": str(tmp_path / f"{name}.results.toml"), **flags})
    report = run_tournament(plan, progress=False)
    assert report.status == "complete", report.message
    return read_results(plan.results_path)


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    return run(tmp_path_factory.mktemp("one"), "one", workers=1)


def test_greedy_beats_random_with_h1_before_max_deals(one_worker):
    sprt = one_worker["sprt"]
    assert sprt["verdict"] == "H1"
    assert sprt["candidate"] == "greedy" and sprt["field"] == ["random"]
    assert 0 < sprt["deals"] < 200
    assert sprt["llr"] >= sprt["upper"] == pytest.approx(2.944, abs=1e-3)
    assert all(v < sprt["upper"] for v in sprt["llr_by_deal"][:-1]) and len(sprt["llr_by_deal"]) == sprt["deals"]
    assert sum(sprt["pentanomial"]) == sprt["deals"]
    # Only the deals up to the stop count, in the standings too.
    assert one_worker["tournament"]["games_played"] == 2 * sprt["deals"]
    assert sum(row["games"] for row in one_worker["standings"]) == 4 * sprt["deals"]


def test_two_workers_stop_at_the_same_deal_with_the_same_results(tmp_path, one_worker):
    two = run(tmp_path, "two", workers=2)
    assert comparable(two) == comparable(one_worker)
    # The second worker may have played games past the stop: journaled, not counted,
    # and no more than the window of duplicate pairs started beyond the deal the test
    # read next (it used to be a few hundred: whole batches of fast games).
    lines = (tmp_path / "two.journal.jsonl").read_text().splitlines()
    past = len(lines) - two["tournament"]["games_played"]
    assert 0 <= past <= WINDOW_PER_SLOT * 2 * 2
    assert two["run"]["games_past_stop"] == past


def test_a_gauntlet_wider_than_the_window_neither_stalls_nor_plays_far_past_the_stop(tmp_path):
    # Five duplicate pairs a deal, a window of four beyond the deal the test reads next.
    field = ["random", *(f"ismcts:iterations={n}" for n in (1, 2, 3, 4))]
    document = run(tmp_path, "wide", workers=2, bots=field, gauntlet=["greedy"], sprt="elo0=0,elo1=150")
    sprt = document["sprt"]
    assert sprt["verdict"] == "H1" and sprt["deals"] < 200
    assert document["tournament"]["games_played"] == 10 * sprt["deals"]
    assert document["run"]["games_past_stop"] <= WINDOW_PER_SLOT * 2 * 2


def test_a_resume_of_a_stopped_run_plays_nothing(tmp_path):
    first = run(tmp_path, "r", workers=2)
    plan = resolve_plan(None, {**SPEC, "out": str(tmp_path / "r.results.toml"), "workers": 2})
    report = run_tournament(plan, resume=True, progress=False)
    assert report.games_this_run == 0 and report.status == "complete"
    assert comparable(read_results(plan.results_path)) == comparable(first)


def test_show_prints_the_llr_bounds_and_verdict(tmp_path):
    out = tmp_path / "c.results.toml"
    result = runner.invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", "greedy,random",
                                 "--max-deals", "200", "--seed", "5", "--workers", "1",
                                 "--sprt", "elo0=0,elo1=100", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "; SPRT H1 after " in result.output
    shown = runner.invoke(app, ["tournament", "show", str(out)], env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    assert "SPRT of greedy against random" in shown.output
    assert "in bounds [-2.944, 2.944]" in shown.output
    assert "H1 accepted" in shown.output
    document = read_results(out)
    document["run"]["games_past_stop"] = 7  # one worker plays none past the stop: as two might have
    out.write_text(tomli_w.dumps(document))
    shown = runner.invoke(app, ["tournament", "show", str(out)], env={"COLUMNS": "160"})
    assert "7 more played after the test's decision (in the journal, not counted)" in shown.output


@pytest.mark.parametrize("value", ["elo0=5,elo1=0", "elo1=3", "elo0=0,elo1=5,alpha=2", "x"])
def test_a_bad_sprt_flag_is_exit_2(tmp_path, value):
    result = runner.invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", "greedy,random",
                                 "--sprt", value, "--out", str(tmp_path / "x.results.toml")])
    assert result.exit_code == 2, result.output
    assert "--sprt" in result.output


def test_a_bad_sprt_in_a_spec_is_exit_3(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('game = "necropolis"\nbots = ["greedy", "random"]\nsprt = "elo0=0"\n')
    result = runner.invoke(app, ["tournament", "run", str(spec)])
    assert result.exit_code == 3
    assert "sprt: elo1 is missing" in result.output
    spec.write_text('game = "necropolis"\nbots = ["greedy", "random", "pimc"]\n[sprt]\nelo0 = 0\nelo1 = 10\n')
    result = runner.invoke(app, ["tournament", "run", str(spec)])
    assert result.exit_code == 3
    assert "sprt tests one bot" in result.output


def test_a_spec_file_takes_sprt_and_gauntlet(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "ismcts:iterations=5"]\ngauntlet = ["greedy"]\n'
                    '[sprt]\nelo0 = 0\nelo1 = 10\nalpha = 0.1\n')
    plan = resolve_plan(spec, {})
    assert plan.bots == ("greedy", "random", "ismcts:iterations=5") and plan.gauntlet == 1
    assert plan.sprt is not None and plan.sprt.alpha == 0.1 and plan.sprt.beta == 0.05


def test_a_gauntlet_pairs_the_new_bot_with_the_field_only():
    plan = resolve_plan(None, {"game": "necropolis", "bots": FIELD, "gauntlet": ["greedy"], "deals": 3, "seed": 1})
    assert len(plan.schedule) == 3 * 3 * 2
    for job in plan.schedule:
        assert sorted(job.seats).count("greedy") == 1
    assert {frozenset(job.seats) for job in plan.schedule} == {
        frozenset({"greedy", bot}) for bot in FIELD}
    # Another schedule, another tournament; a round robin keeps the key it always had.
    assert plan.key != tournament_key(plan.game, plan.options, plan.bots, plan.seed, plan.move_time_limit_ms)
    round_robin = resolve_plan(None, {"game": "necropolis", "bots": ["greedy", "random"], "seed": 1})
    assert round_robin.key == tournament_key("necropolis", round_robin.options, ("greedy", "random"), 1,
                                             round_robin.move_time_limit_ms)


def test_a_gauntlet_refuses_a_bot_in_both_lists_and_a_too_small_field():
    with pytest.raises(SpecError, match="both in the gauntlet and in the field"):
        resolve_plan(None, {"game": "necropolis", "bots": ["random", "greedy"], "gauntlet": ["greedy"]})
    with pytest.raises(SpecError, match="field .* of at least 3"):
        resolve_plan(None, {"game": "cyprus", "players": 4, "bots": FIELD[:2], "gauntlet": ["greedy"]})


@pytest.mark.slow
@pytest.mark.parametrize("sprt", ["elo0=0,elo1=5", "elo0=0,elo1=3,model=normalized"])
def test_killed_half_way_and_resumed_stops_with_the_same_llr(tmp_path, sprt):
    # The normalized model's running test starts each deal's fit from the last
    # deal's: a resume feeds the same deals in the same order, so the same LLR.
    spec_text = ('game = "necropolis"\nbots = ["greedy", "random"]\ndeals = 2000\nseed = 3\nworkers = 2\n'
                 f'sprt = "{sprt}"\nrating_interval = 0\n')
    whole = tmp_path / "whole"
    whole.mkdir()
    (whole / "n.toml").write_text(spec_text)
    plan = resolve_plan(whole / "n.toml", {})
    assert run_tournament(plan, progress=False).status == "complete"
    uninterrupted = read_results(plan.results_path)
    stop = uninterrupted["sprt"]["deals"]
    assert uninterrupted["sprt"]["verdict"] == "H1" and stop > 40, stop

    spec = tmp_path / "n.toml"
    spec.write_text(spec_text)
    journal = tmp_path / "n.journal.jsonl"
    kept = killed_after(spec, journal, 30)
    assert kept < 2 * stop, "the run stopped before it could be killed"
    with open(journal, "ab") as handle:
        handle.write(b'{"game": "necropolis", "options": {"first_pl')
    report = run_tournament(resolve_plan(spec, {}), resume=True, progress=False)
    assert report.status == "complete"
    document = read_results(tmp_path / "n.results.toml")
    assert document["run"]["resumes"] == 1
    assert document["sprt"]["llr"] == uninterrupted["sprt"]["llr"]
    assert comparable(document) == comparable(uninterrupted)


def test_the_report_plots_the_llr_and_leaves_out_games_past_the_stop(tmp_path):
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    from dominoes_arcade.tournament.report import write_report
    from dominoes_arcade.tournament.report_data import read_report_data

    document = run(tmp_path, "p", workers=2)
    page = write_report(tmp_path / "p.results.toml").read_text()
    assert "Sequential test (SPRT)" in page and "H1 accepted" in page
    assert f"<code>LLR: {document['sprt']['llr']:.2f} (" in page and "Ptnml(0-2): [" in page  # fastchess's line
    assert page.count("<svg") >= 2
    assert read_report_data(tmp_path / "p.results.toml").games == document["tournament"]["games_played"]
    past = document["run"]["games_past_stop"]
    assert (f"{past} more games played after the decision are in the journal, not counted here" in page) == (past > 0)


def test_a_table_of_four_stops_at_the_same_deal_with_1_and_2_workers(tmp_path):
    table = {"game": "cyprus", "players": 4, "bots": ["greedy", "random"], "deals": 200, "seed": 1,
             "sprt": "elo0=0,elo1=100"}
    one = run(tmp_path, "c1", workers=1, **table)
    two = run(tmp_path, "c2", workers=2, **table)
    assert comparable(one) == comparable(two)
    sprt = one["sprt"]
    assert sprt["verdict"] == "H1" and sprt["deals"] < 200 and "pentanomial" not in sprt
    # Two rotations of (greedy, random, greedy, random) a deal.
    assert one["tournament"]["games_played"] == 2 * sprt["deals"]


def test_a_gauntlet_run_plays_only_the_new_bots_tables(tmp_path):
    document = run(tmp_path, "g", workers=2, bots=["random", "ismcts:iterations=3"], gauntlet=["greedy"], deals=3,
                   sprt=None)
    assert document["tournament"]["gauntlet"] == ["greedy"]
    assert document["tournament"]["bots"] == ["greedy", "random", "ismcts:iterations=3"]
    assert "gauntlet: greedy against the field" in document["tournament"]["format"] and "sprt" not in document
    games = {row["bot"]: row["games"] for row in document["standings"]}
    assert games == {"greedy": 12, "random": 6, "ismcts:iterations=3": 6}
    assert {(row["a"], row["b"]) for row in document["pairs"]} == {("greedy", "random"),
                                                                   ("greedy", "ismcts:iterations=3")}


def test_the_test_reads_deals_in_schedule_order_whatever_order_games_come_in():
    import random

    from dominoes_arcade.tournament.sequential import DealFeed, evaluate
    from dominoes_arcade.tournament.standings import GameResult

    plan = resolve_plan(None, {**SPEC, "deals": 400, "sprt": "elo0=0,elo1=30"})
    rng = random.Random(7)

    def result(job):  # greedy wins 60% of games, draws 10%
        draw = rng.random() < 0.1
        winner = job.seats.index("greedy") if rng.random() < 0.6 else job.seats.index("random")
        return GameResult(job.game_id, job.deal, job.table, job.seats, (0, 0), () if draw else (winner,), None,
                          (0.0, 0.0), (0, 0), 0.0)

    games = [result(job) for job in plan.schedule]
    in_order = evaluate(plan, games)
    assert in_order.test.verdict and in_order.stop_deal < 399
    for seed in range(5):
        shuffled = games[:]
        random.Random(seed).shuffle(shuffled)
        feed = DealFeed(plan, plan.sprt)
        for i, game in enumerate(shuffled):  # as batches come back: the test advanced now and then
            feed.add(game)
            if i % 17 == 0:
                feed.advance()
        feed.advance()
        assert (feed.stop_deal, feed.test.history) == (in_order.stop_deal, in_order.test.history)


@pytest.mark.slow
def test_the_dask_executor_stops_at_the_same_deal_with_the_same_results(tmp_path, one_worker):
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    on_dask = run(tmp_path, "dask", workers=2, executor="dask")
    assert comparable(on_dask) == comparable(one_worker)
    assert on_dask["run"]["games_past_stop"] <= WINDOW_PER_SLOT * 2 * 2


def test_a_test_still_undecided_at_max_deals_says_so(tmp_path):
    document = run(tmp_path, "m", workers=2, deals=5, sprt="elo0=0,elo1=5")
    sprt = document["sprt"]
    assert sprt["verdict"] == "max deals" and sprt["deals"] == sprt["max_deals"] == 5
    assert sprt["lower"] < sprt["llr"] < sprt["upper"] and len(sprt["llr_by_deal"]) == 5
    assert document["tournament"]["games_played"] == 10 and document["run"]["games_past_stop"] == 0
    shown = runner.invoke(app, ["tournament", "show", str(tmp_path / "m.results.toml")], env={"COLUMNS": "100"})
    assert "no verdict (max deals)" in shown.output
