"""The tournament's processes: nothing it started outlives it, a bot that cannot be
stopped by signal is stopped from outside, a bot raising any BaseException
forfeits, and the bot log has a size limit per bot."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.botlog import LIMIT as BOT_LOG_LIMIT
from dominoes_arcade.tournament.executors import MARKERS_PREFIX, remove_markers_of_dead_runs
from dominoes_arcade.tournament.isolation import alive
from dominoes_arcade.tournament.results import read_results

TESTS = Path(__file__).parent
PLUGINS = TESTS / "tournament_bots.py"
PROGRAM = f"cmd:{sys.executable} {TESTS / 'protocol_bot.py'}"


def children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
                tree.setdefault(parent, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> set[int]:
    tree, found, todo = children(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def pids_in(path: Path) -> set[int]:
    return {int(line) for line in path.read_text().split()} if path.exists() else set()


@pytest.mark.slow
def test_killing_the_run_ends_every_process_it_started(tmp_path):
    """kill -9 of the tournament's process: its workers, the fork server, the
    resource tracker, a plug-in's helper process and a bot program with its own
    helper all end within seconds."""
    helpers = tmp_path / "helpers"
    env = {**os.environ, "SPAWNER_PIDS": str(helpers)}
    bots = f"{PLUGINS}:Spawner,{PROGRAM} random spawn={helpers}"
    command = [sys.executable, "-m", "dominoes_arcade", "tournament", "run", "--game", "necropolis",
               "--bots", bots, "--deals", "200", "--workers", "2", "--out", str(tmp_path / "k.results.toml")]
    run = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True)
    seen: set[int] = set()
    try:
        # Both workers have a plug-in helper and a program with its helper.
        wait_for(lambda: len(pids_in(helpers)) >= 4, 30, "the bots' helpers started")
        seen = descendants(run.pid) | pids_in(helpers)
        assert len(seen) >= 2 + 2 + 4  # fork server, resource tracker, workers, programs, helpers
        run.kill()
        run.wait(5)
        wait_for(lambda: not [pid for pid in seen if alive(pid)], 5, "every process of the run ended")
    finally:
        run.kill()
        for pid in seen | descendants(run.pid) | pids_in(helpers):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        run.wait(5)


def test_a_program_that_forfeits_takes_its_helpers_with_it(tmp_path):
    helpers = tmp_path / "helpers"
    record = play_specs("necropolis", [f"{PROGRAM} illegal spawn={helpers}", "random"], seed=3, time_limit=5)
    assert record.extra["forfeit"]["kind"] == "illegal_action"
    (helper,) = pids_in(helpers)
    try:
        wait_for(lambda: not alive(helper), 3, "the program's helper ended with its forfeit")
    finally:
        with contextlib.suppress(OSError):
            os.kill(helper, signal.SIGKILL)


def plan_for(tmp_path: Path, bots: list[str], **flags):
    return resolve_plan(None, {"game": "necropolis", "bots": bots, "deals": 1, "workers": 2,
                               "out": str(tmp_path / "p.results.toml"), **flags})


def test_a_bot_raising_any_base_exception_forfeits(tmp_path):
    closer, exotic = f"{PLUGINS}:Closer", f"{PLUGINS}:Exotic"
    plan = plan_for(tmp_path, ["random", closer, exotic])
    report = run_tournament(plan, progress=False)
    assert report.status == "complete" and report.games_played == 6
    errors = read_results(plan.results_path)["errors"]
    assert {e["bot"] for e in errors} == {closer, exotic} and len(errors) == 6
    assert all(e["kind"] == "exception" for e in errors)
    assert any("GeneratorExit: closed" in e["message"] for e in errors)
    assert any("Strange: from elsewhere" in e["message"] for e in errors)


@pytest.mark.slow
def test_a_bot_that_ignores_the_watchdog_is_stopped_from_outside(tmp_path):
    stubborn = f"{PLUGINS}:Stubborn"
    plan = plan_for(tmp_path, ["random", stubborn], move_time_limit_ms=200)
    started = time.monotonic()
    report = run_tournament(plan, progress=False)
    assert time.monotonic() - started < 30
    assert report.status == "complete" and report.games_played == 2
    errors = read_results(plan.results_path)["errors"]
    assert {e["bot"] for e in errors} == {stubborn} and len(errors) == 2
    for error in errors:
        assert error["kind"] == "timeout", error
        assert "no decision within 200 ms" in error["message"] and "killed" in error["message"], error


def test_the_bot_log_keeps_at_most_the_limit_of_each_bot(tmp_path):
    loud = f"{PLUGINS}:Loud"
    plan = plan_for(tmp_path, ["random", loud, f"{PLUGINS}:Chatty"], deals=2)
    assert run_tournament(plan, progress=False).status == "complete"
    log = (tmp_path / "p.bots.log").read_bytes()
    assert len(log) < BOT_LOG_LIMIT + 64 * 1024  # Loud wrote far more: every decision, 256 KiB
    assert log.count(b"x" * 1023) <= BOT_LOG_LIMIT // (256 * 1024) + 1
    assert log.count(f"output of {loud} cut".encode()) == 1
    assert b"chatty complains" in log  # the limit is per bot: Chatty's output is all there


HALF_SENT = '''
import os, struct, sys, time
from pathlib import Path
from dominoes_arcade.tournament.executors import ProcessExecutor

def half_sent_result(marker):
    """Write the length of a result that never comes into the pool's result pipe,
    as a worker does when it is stopped half way through sending one."""
    frame = sys._getframe()
    while frame.f_code.co_name != "_process_worker":
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    os.write(writer.fileno(), struct.pack("!i", 1_000_000))
    Path(marker).touch()
    time.sleep(60)

if __name__ == "__main__":
    marker = Path(sys.argv[1])
    executor = ProcessExecutor(1)
    executor.pool.submit(half_sent_result, str(marker))
    for _ in range(300):
        if marker.exists():
            break
        time.sleep(0.05)
    time.sleep(0.3)  # the pool's manager thread is reading the promised bytes now
    executor.close(cancel=True)
    print("closed", flush=True)
'''


def test_a_run_stopped_while_a_worker_sends_a_result_still_exits(tmp_path):
    # A Ctrl-C landing while a worker sent a result once left a run that had
    # written its results hanging at exit (the pool's manager thread waited for
    # the rest of the result for ever).
    script = tmp_path / "half_sent.py"
    script.write_text(HALF_SENT)
    marker = tmp_path / "sending"
    child = subprocess.Popen([sys.executable, str(script), str(marker)], stdout=subprocess.PIPE, text=True)
    try:
        out, _ = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail("the process did not exit after the executor was closed")
    assert marker.exists(), "the worker never started sending"
    assert out.strip() == "closed" and child.returncode == 0


def test_a_killed_runs_markers_folder_is_removed_by_the_next_run_and_no_other(tmp_path):
    """A run killed with SIGKILL cannot remove its workers' markers folder; the next
    run removes the folders of runs that are gone, and only those."""
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(ended.stdout)
    assert not alive(dead_pid)
    dead = tmp_path / f"{MARKERS_PREFIX}{dead_pid}-abc"
    running = tmp_path / f"{MARKERS_PREFIX}{os.getpid()}-def"
    old_style = tmp_path / f"{MARKERS_PREFIX}x8k2q_1z"
    other = tmp_path / f"someone-else-{dead_pid}-abc"
    for folder in (dead, running, old_style, other):
        (folder / "7").mkdir(parents=True)
    assert remove_markers_of_dead_runs(str(tmp_path)) == [str(dead)]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (running, old_style, other))
