"""A tournament recovers (issue 27, items 4 to 6): a second run on the same results
is refused while the first runs; a full disk stops a run with one line and exit 1,
and `--resume` finishes it; `--resume` rewrites results that the journal
contradicts (a run killed between its journal's last line and its results' last
write, or a damaged results file)."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.journal import load_journal
from dominoes_arcade.tournament.results import build_results, comparable, read_results, write_results

FLAGS = ["--game", "necropolis", "--bots", "random,greedy", "--seed", "4", "--workers", "1"]
SPEC = {"game": "necropolis", "bots": ["random", "greedy"], "seed": 4, "workers": 1}
DEALS = 15
GAMES = 2 * DEALS


def cli(*args: str, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "tournament", "run", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def finish(process: subprocess.Popen, timeout: float = 60) -> tuple[int, str]:
    out, err = process.communicate(timeout=timeout)
    return process.returncode, out + err


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The results of the tournament run once, uninterrupted."""
    plan = resolve_plan(None, {**SPEC, "deals": DEALS, "out": str(tmp_path_factory.mktemp("ref") / "r.results.toml")})
    assert run_tournament(plan, progress=False).status == "complete"
    return comparable(read_results(plan.results_path))


@pytest.mark.slow
def test_a_second_run_on_the_same_results_is_refused_naming_the_first(tmp_path):
    out = tmp_path / "t.results.toml"
    journal = tmp_path / "t.journal.jsonl"
    first = cli(*FLAGS, "--deals", "5000", "--out", str(out), start_new_session=True)
    deadline = time.monotonic() + 60
    while not (journal.exists() and journal.read_bytes().count(b"\n") >= 5):
        assert first.poll() is None and time.monotonic() < deadline, first.communicate()
        time.sleep(0.01)
    code, output = finish(cli(*FLAGS, "--deals", "5000", "--out", str(out)))
    assert code == 1 and "Traceback" not in output and output.strip().count("\n") == 0, output
    assert output.startswith(f"error: {out}: another run of this tournament (pid {first.pid})"), output
    # --resume is refused too: it would cut the journal's last line under the first run.
    code, output = finish(cli(*FLAGS, "--deals", "5000", "--out", str(out), "--resume"))
    assert code == 1 and f"(pid {first.pid})" in output, output
    assert first.poll() is None, "the first run ended before the second started"
    os.killpg(first.pid, signal.SIGINT)
    code, output = finish(first)
    assert code == 130, output
    lines = journal.read_text().splitlines()
    assert all(json.loads(line)["game"] == "necropolis" for line in lines)
    assert read_results(out)["tournament"]["games_played"] == len(lines)


def small_files(limit: int):
    """For a child process: files may grow to `limit` bytes and a write beyond fails
    (EFBIG; Python ignores SIGXFSZ), as when the disk is full."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.slow
def test_a_full_disk_stops_the_run_with_one_line_and_resume_recovers(tmp_path, reference):
    out = tmp_path / "t.results.toml"
    journal = tmp_path / "t.journal.jsonl"
    # The journal (about 2 kB a game) outgrows the limit; the results (3 kB) do not.
    code, output = finish(cli(*FLAGS, "--deals", str(DEALS), "--out", str(out), preexec_fn=small_files(12_000)))
    assert code == 1, output
    # One line besides the progress report (stderr is not a terminal: plain "necropolis: ..." lines).
    errors = [line for line in output.splitlines() if not line.startswith("necropolis: ")]
    assert "Traceback" not in output and len(errors) == 1, output
    assert errors[0].startswith(f"error: {journal}: cannot write: "), output
    assert "--resume" in errors[0]
    document = read_results(out)
    assert document["run"]["status"] == "failed"
    assert 0 < document["tournament"]["games_played"] < GAMES

    code, output = finish(cli(*FLAGS, "--deals", str(DEALS), "--out", str(out), "--resume"))
    assert code == 0, output
    assert output.startswith(f"complete: {GAMES} of {GAMES} games"), output
    assert comparable(read_results(out)) == reference
    assert len(journal.read_text().splitlines()) == GAMES


@pytest.mark.parametrize("damage", ["running", "garbage"])
def test_resume_rewrites_results_the_journal_contradicts(tmp_path, reference, damage):
    plan = resolve_plan(None, {**SPEC, "deals": DEALS, "out": str(tmp_path / "t.results.toml")})
    assert run_tournament(plan, progress=False).status == "complete"
    if damage == "running":
        # Killed between the journal's last line and the results' last write: the
        # results still say "running", with the games of the previous write.
        lines = plan.journal_path.read_text().splitlines(keepends=True)
        plan.journal_path.write_text("".join(lines[:10]))
        done = load_journal(plan.journal_path, plan.key, plan.schedule)
        write_results(plan.results_path, build_results(plan, list(done.values()), status="running",
                                                       run={"resumes": 0}, timing={}, command=""))
        plan.journal_path.write_text("".join(lines))
    else:
        plan.results_path.write_bytes(b"\x00garbage [[[\n")
    report = run_tournament(plan, resume=True, progress=False)
    assert (report.status, report.games_played, report.games_this_run) == ("complete", GAMES, 0)
    document = read_results(plan.results_path)
    assert document["run"]["status"] == "complete"
    assert comparable(document) == reference
    # Once repaired, a resume changes nothing.
    before = plan.results_path.read_bytes()
    assert run_tournament(plan, resume=True, progress=False).games_this_run == 0
    assert plan.results_path.read_bytes() == before
