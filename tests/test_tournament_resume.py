"""Interrupted runs: killed with SIGKILL half way and resumed from the journal, or
stopped with Ctrl-C (exit 130, results so far written), give the same results as
a run that was never interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.results import comparable, read_results

SPEC = 'game = "necropolis"\nbots = ["random", "greedy"]\ndeals = 300\nseed = 21\nworkers = 1\n'
GAMES = 600


def start(spec: Path, *flags: str) -> subprocess.Popen:
    """`dominoes-arcade tournament run SPEC` in its own process group (so a signal
    reaches the workers too, as from a terminal)."""
    # -X faulthandler: a run that hangs is sent SIGABRT (`finish`) and prints where each thread waits.
    return subprocess.Popen([sys.executable, "-X", "faulthandler", "-m", "dominoes_arcade", "tournament", "run",
                             str(spec), *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def finish(process: subprocess.Popen, timeout: float) -> tuple[str, str]:
    """The run's output once it has ended; a run still going after `timeout` fails
    the test with every thread's stack (one hung once at exit after Ctrl-C, on a
    loaded machine, and was never caught again: this says where, if it does)."""
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        out, err = process.communicate(timeout=30)
        pytest.fail(f"the run did not end within {timeout} s:\n{out}\n{err[-8000:]}")


def wait_for_lines(journal: Path, count: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if journal.exists() and journal.read_bytes().count(b"\n") >= count:
            return
        if process.poll() is not None:
            pytest.fail(f"the run ended early: {process.communicate()}")
        time.sleep(0.005)
    pytest.fail("the run made no progress")


def killed_after(spec: Path, journal: Path, lines: int, *flags: str) -> int:
    """Run SPEC in a process of its own, kill -9 its whole group once `journal`
    holds `lines` lines, and return how many it kept."""
    process = start(spec, *flags)
    wait_for_lines(journal, lines, process)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    return journal.read_bytes().count(b"\n")


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("whole")
    spec = folder / "n.toml"
    spec.write_text(SPEC)
    plan = resolve_plan(spec, {"workers": 2})
    assert run_tournament(plan, progress=False).status == "complete"
    return comparable(read_results(plan.results_path))


@pytest.mark.slow
def test_killed_half_way_and_resumed_gives_identical_results(tmp_path, uninterrupted):
    spec = tmp_path / "n.toml"
    spec.write_text(SPEC)
    journal = tmp_path / "n.journal.jsonl"
    kept = killed_after(spec, journal, 60)
    assert kept < GAMES, "the run finished before it could be killed"
    # A write cut short by the kill leaves half a line: resuming must drop it.
    with open(journal, "ab") as handle:
        handle.write(b'{"game": "necropolis", "options": {"first_pl')

    plan = resolve_plan(spec, {})
    report = run_tournament(plan, resume=True, progress=False)
    assert report.status == "complete"
    assert report.games_this_run == GAMES - kept
    document = read_results(plan.results_path)
    assert document["run"]["resumes"] == 1
    assert comparable(document) == uninterrupted
    lines = journal.read_text().splitlines()
    assert len(lines) == GAMES


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_with_exit_130_and_resume_finishes(tmp_path, uninterrupted):
    spec = tmp_path / "n.toml"
    spec.write_text(SPEC)
    journal = tmp_path / "n.journal.jsonl"
    process = start(spec)
    wait_for_lines(journal, 30, process)
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    out, err = finish(process, 30)
    assert process.returncode == 130, (out, err)
    assert "stopping after Ctrl-C" in err and out.startswith("interrupted: ")
    document = read_results(tmp_path / "n.results.toml")
    played = journal.read_text().count("\n")
    assert document["run"]["status"] == "interrupted"
    assert document["tournament"]["games_played"] == played < GAMES
    assert sum(row["games"] for row in document["standings"]) == 2 * played

    resumed = start(spec, "--resume")
    out, err = finish(resumed, 60)
    assert resumed.returncode == 0, (out, err)
    assert out.startswith(f"complete: {GAMES} of {GAMES} games ({GAMES - played} this run)")
    assert comparable(read_results(tmp_path / "n.results.toml")) == uninterrupted


@pytest.mark.slow
def test_sigterm_stops_cleanly_like_ctrl_c_and_resume_finishes(tmp_path, uninterrupted):
    spec = tmp_path / "n.toml"
    spec.write_text(SPEC)
    journal = tmp_path / "n.journal.jsonl"
    process = start(spec)
    wait_for_lines(journal, 30, process)
    os.kill(process.pid, signal.SIGTERM)  # what `kill PID`, `timeout` or a job scheduler sends
    out, err = finish(process, 30)
    assert process.returncode == 130, (out, err)
    assert "stopping after SIGTERM" in err and out.startswith("interrupted: ")
    document = read_results(tmp_path / "n.results.toml")
    played = journal.read_text().count("\n")
    assert document["run"]["status"] == "interrupted"
    assert document["tournament"]["games_played"] == played < GAMES

    resumed = start(spec, "--resume")
    out, err = finish(resumed, 60)
    assert resumed.returncode == 0, (out, err)
    assert comparable(read_results(tmp_path / "n.results.toml")) == uninterrupted
