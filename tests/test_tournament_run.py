"""Running tournaments for real: the same results with 1 and 2 workers and with
Dask, a journal that replays, a results file with every key docs/tournaments.md lists, the
`show` tables, and a table game (Cyprus) with bots repeated to fill the table."""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.results import comparable, read_results

runner = CliRunner()
SPEC = {"game": "necropolis", "bots": ["random", "greedy"], "deals": 12, "seed": 5}


def run(tmp_path: Path, name: str, **flags) -> dict:
    plan = resolve_plan(None, {**SPEC, "out": str(tmp_path / f"{name}.results.toml"), **flags})
    report = run_tournament(plan, progress=False)
    assert report.status == "complete", report.message
    return read_results(plan.results_path)


@pytest.fixture(scope="module")
def one_worker_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one")
    run(folder, "one", workers=1)
    return folder


@pytest.fixture
def one_worker(one_worker_folder):
    return read_results(one_worker_folder / "one.results.toml")


def test_one_and_two_workers_give_the_same_results(tmp_path, one_worker):
    two = run(tmp_path, "two", workers=2)
    assert two["tournament"]["workers"] == 2
    assert comparable(two) == comparable(one_worker)


@pytest.mark.slow
def test_the_dask_executor_gives_the_same_results_as_the_process_pool(tmp_path, one_worker):
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    on_dask = run(tmp_path, "dask", workers=2, executor="dask")
    assert on_dask["run"]["executor"] == "dask"
    assert comparable(on_dask) == comparable(one_worker)


def test_results_file_has_every_required_key(one_worker):
    document = one_worker
    assert document["schema"] == 1 and document["kind"] == "dominoes-arcade-tournament"
    tournament = document["tournament"]
    for key in ("game", "options", "bots", "seed", "deals", "games_played", "workers", "timing", "version"):
        assert key in tournament, key
    assert tournament["options"]["players"] == 2 and tournament["options"]["site_penalty"] == 1
    assert tournament["games_played"] == tournament["games_planned"] == 2 * 12
    assert document["run"]["status"] == "complete"
    for key in ("games_per_second", "mean_game_ms", "wall_seconds"):
        assert key in tournament["timing"], key
    assert [row["rank"] for row in document["standings"]] == [1, 2]
    for row in document["standings"]:
        for key in ("bot", "games", "wins", "draws", "losses", "win_rate", "win_rate_ci95_low",
                    "win_rate_ci95_high", "mean_score", "mean_rank", "rating", "rating_mu", "rating_sigma",
                    "forfeits", "mean_decision_ms", "elo", "elo_low", "elo_high"):
            assert key in row, key
        assert row["elo_low"] <= row["elo"] <= row["elo_high"]
        assert row["games"] == 24 and row["wins"] + row["draws"] + row["losses"] == 24
    (pair,) = document["pairs"]
    assert pair["games"] == 24 and pair["deals"] == 12
    assert pair["a_ahead"] + pair["b_ahead"] + pair["tied"] == 24
    assert pair["ci95_low"] <= pair["mean_diff"] <= pair["ci95_high"]
    assert document["seats"]["games"] == [24, 24]
    assert document["errors"] == []
    assert document["ratings"]["model"] == "Bradley-Terry" and document["ratings"]["bootstrap"] == 200
    (superiority,) = document["superiority"]
    assert (superiority["a"], superiority["b"]) == ("random", "greedy") and 0 <= superiority["los"] <= 1


def test_results_read_back_with_tomllib_and_the_journal_replays(one_worker, one_worker_folder):
    folder = one_worker_folder
    results = folder / "one.results.toml"
    with open(results, "rb") as handle:
        assert tomllib.load(handle) == one_worker
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(results.stat().st_mode) == 0o666 & ~umask  # not the temp file's private mode
    journal = folder / one_worker["tournament"]["journal"]
    lines = journal.read_text().splitlines()
    assert len(lines) == 24
    records = [json.loads(line) for line in lines]
    assert sorted(r["game_id"] for r in records) == list(range(24))
    for record in records:
        for key in ("game", "options", "seats", "seed", "steps", "scores", "error"):
            assert key in record, key
    checked = runner.invoke(app, ["replay", str(journal), "--check"])
    assert checked.exit_code == 0, checked.output
    assert "24 records checked: 24 good, 0 bad" in checked.output


def test_show_prints_the_tables(one_worker_folder):
    results = one_worker_folder / "one.results.toml"
    shown = runner.invoke(app, ["tournament", "show", str(results)])
    assert shown.exit_code == 0, shown.output
    for text in ("Standings", "greedy", "random", "Head to head", "Seats", "status complete: 24 of 24 games",
                 "Likelihood of superiority"):
        assert text in shown.output, text
    # Widths given, not left to the environment: rich's default width differs between versions.
    wide = runner.invoke(app, ["tournament", "show", str(results)], env={"COLUMNS": "160"})
    narrow = runner.invoke(app, ["tournament", "show", str(results)], env={"COLUMNS": "80"})
    assert "elo (95%)" in wide.output and "elo (95%)" not in narrow.output  # 80 columns: no intervals
    assert runner.invoke(app, ["tournament", "show", str(results.with_name("nothing.toml"))]).exit_code == 2


def test_a_table_game_with_fewer_bots_than_seats(tmp_path):
    plan = resolve_plan(None, {"game": "cyprus", "bots": ["random", "greedy", "ismcts:iterations=2"],
                               "players": 4, "deals": 1, "seed": 3, "workers": 2, "options": {"target_score": 20},
                               "out": str(tmp_path / "cyprus.results.toml")})
    assert run_tournament(plan, progress=False).status == "complete"
    document = read_results(plan.results_path)
    assert document["tournament"]["games_played"] == 3 * 4  # three tables, four rotations
    games = {row["bot"]: row["games"] for row in document["standings"]}
    assert games == {"random": 16, "greedy": 16, "ismcts:iterations=2": 16}
    assert len(document["pairs"]) == 3 and document["seats"]["games"] == [12, 12, 12, 12]
    checked = runner.invoke(app, ["replay", str(plan.journal_path), "--check"])
    assert checked.exit_code == 0, checked.output


def test_resume_with_more_deals_plays_only_the_new_games(tmp_path, one_worker):
    out = str(tmp_path / "grow.results.toml")
    first = resolve_plan(None, {**SPEC, "deals": 5, "workers": 2, "out": out})
    assert run_tournament(first, progress=False).games_this_run == 10
    grown = resolve_plan(None, {**SPEC, "workers": 2, "out": out})
    report = run_tournament(grown, resume=True, progress=False)
    assert (report.games_this_run, report.games_played) == (14, 24)
    assert comparable(read_results(grown.results_path)) == comparable(one_worker)


def test_resuming_a_complete_run_changes_nothing(tmp_path):
    run(tmp_path, "done", workers=1)
    results, journal = tmp_path / "done.results.toml", tmp_path / "done.journal.jsonl"
    before = results.read_bytes(), journal.read_bytes()
    plan = resolve_plan(None, {**SPEC, "out": str(results), "workers": 1})
    report = run_tournament(plan, resume=True, progress=False)
    assert (report.status, report.games_this_run, report.games_played) == ("complete", 0, 24)
    assert (results.read_bytes(), journal.read_bytes()) == before


def test_running_a_shipped_spec_leaves_its_example_results_alone(tmp_path):
    shipped = Path(__file__).resolve().parent.parent / "tournaments"
    spec = tmp_path / "necropolis.toml"
    spec.write_text((shipped / "necropolis.toml").read_text(encoding="utf-8"), encoding="utf-8")
    example = shipped / "examples" / "necropolis.results.toml"
    before = example.read_bytes()
    plan = resolve_plan(spec, {"deals": 1, "bots": ["random", "greedy"], "workers": 1})
    assert plan.results_path == tmp_path / "necropolis.results.toml"
    assert run_tournament(plan, progress=False).status == "complete"
    assert example.read_bytes() == before and plan.results_path.exists()
