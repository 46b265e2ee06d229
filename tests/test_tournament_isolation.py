"""Bots that do worse than raise: one that ends its worker process (os._exit), one
that raises KeyboardInterrupt, one that prints. Each fault is a forfeit in
``[[errors]]``, the tournament completes, the prints go to the bot log and not
to the command's output, and resuming after a dead worker finishes the run. A
resume counts in ``[run].resumes`` even when it is killed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.executors import ProcessExecutor
from dominoes_arcade.tournament.results import comparable, read_results

PLUGINS = Path(__file__).parent / "tournament_bots.py"
VANISHER, INTERRUPTER, CHATTY = (f"{PLUGINS}:{name}" for name in ("Vanisher", "Interrupter", "Chatty"))
BOTS = ["random", VANISHER, INTERRUPTER, CHATTY]
GAMES = 6 * 2 * 2  # 6 pairs, both seatings, 2 deals


def plan_in(folder: Path, **flags):
    return resolve_plan(None, {"game": "necropolis", "bots": BOTS, "deals": 2, "workers": 2,
                               "out": str(folder / "iso.results.toml"), **flags})


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    folder = tmp_path_factory.mktemp("isolation")
    plan = plan_in(folder)
    report = run_tournament(plan, progress=False)
    return plan, report


def test_every_fault_is_a_forfeit_and_the_tournament_completes(finished, capfd):
    plan, report = finished
    assert report.status == "complete" and report.games_played == GAMES
    document = read_results(plan.results_path)
    errors = document["errors"]
    by_bot = {bot: [e for e in errors if e["bot"] == bot] for bot in BOTS}
    # Vanisher and Interrupter forfeit every game they play (12 each); in the 4
    # between them, whichever fails first.
    assert len(by_bot[VANISHER]) + len(by_bot[INTERRUPTER]) == 12 + 12 - 4 == len(errors)
    assert len(by_bot[VANISHER]) >= 8 and len(by_bot[INTERRUPTER]) >= 8
    assert not by_bot["random"] and not by_bot[CHATTY]
    assert {e["kind"] for e in by_bot[VANISHER]} == {"crash"}
    assert all("exit code 7" in e["message"] for e in by_bot[VANISHER])
    assert {e["kind"] for e in by_bot[INTERRUPTER]} == {"exception"}
    assert all("KeyboardInterrupt" in e["message"] for e in by_bot[INTERRUPTER])
    rows = {row["bot"]: row for row in document["standings"]}
    assert rows["random"]["wins"] == rows["random"]["games"] == 12


def test_the_bots_prints_go_to_the_log_beside_the_journal(tmp_path, capfd):
    plan = resolve_plan(None, {"game": "necropolis", "bots": ["random", CHATTY], "deals": 1, "workers": 1,
                               "out": str(tmp_path / "chat.results.toml")})
    assert run_tournament(plan, progress=False).status == "complete"
    out, err = capfd.readouterr()
    assert "chatty" not in out + err
    log = (tmp_path / "chat.bots.log").read_text()
    for line in ("chatty thinks aloud", "chatty complains", "chatty writes to fd 1"):
        assert line in log


def test_resume_after_a_dead_worker_finishes_with_the_same_results(finished, tmp_path):
    plan, _ = finished
    whole = comparable(read_results(plan.results_path))
    lines = plan.journal_path.read_text().splitlines()
    crashed = [n for n, line in enumerate(lines) if '"kind": "crash"' in line]
    assert crashed
    # A run that died with its worker: the journal stops just before a crashed game.
    resumed = plan_in(tmp_path)
    resumed.journal_path.write_text("\n".join(lines[: crashed[len(crashed) // 2]]) + "\n")
    report = run_tournament(resumed, resume=True, progress=False)
    assert report.status == "complete" and report.games_played == GAMES
    assert comparable(read_results(resumed.results_path)) == whole


class Killed(BaseException):
    """Stands for a kill -9: the run stops with nothing more written."""


class DyingExecutor(ProcessExecutor):
    def submit(self, batch, done):
        raise Killed


def test_a_killed_resume_still_counts(finished, tmp_path):
    plan, _ = finished
    lines = plan.journal_path.read_text().splitlines()
    again = plan_in(tmp_path)
    again.journal_path.write_text("\n".join(lines[:5]) + "\n")
    for _ in range(2):
        with pytest.raises(Killed):
            run_tournament(again, resume=True, progress=False, executor_factory=lambda: DyingExecutor(1))
        assert read_results(again.results_path)["run"]["status"] == "running"
    assert run_tournament(again, resume=True, progress=False).status == "complete"
    document = read_results(again.results_path)
    assert document["run"]["resumes"] == 3
    assert all(json.loads(line)["tournament_key"] == again.key for line in again.journal_path.read_text().splitlines())
