"""A run killed with SIGKILL leaves no noise behind it: the processes it started end
by its lifeline (dominoes_arcade/tournament/lifeline.py), and the multiprocessing
resource tracker, the last of them, has nothing left to clean up, so it prints no
"leaked semaphore objects" warning (the pool's locks are pipes:
dominoes_arcade/tournament/pipelocks.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

SPEC = """game = "necropolis"
bots = ["random", "greedy"]
deals = 400
seed = 3
workers = 2
"""


def test_a_run_killed_with_sigkill_leaves_no_leaked_semaphore_warning(tmp_path):
    spec = tmp_path / "k.toml"
    spec.write_text(SPEC)
    journal = tmp_path / "k.journal.jsonl"
    # stderr to a file: the workers, the fork server and the resource tracker inherit
    # it, and whatever they print after the kill lands there.
    with open(tmp_path / "stderr.txt", "wb") as stderr:
        run = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "tournament", "run", str(spec)],
                               stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
    deadline = time.monotonic() + 60
    while not (journal.exists() and journal.read_bytes().count(b"\n") >= 4):
        assert run.poll() is None and time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.01)
    os.kill(run.pid, signal.SIGKILL)
    run.wait(10)
    # Everything it started is gone within seconds: then the file is all they wrote.
    deadline = time.monotonic() + 30
    while group_alive(run.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not group_alive(run.pid), "processes of the run outlived it"
    time.sleep(0.2)  # the tracker, the last to go, writes before it exits
    written = (tmp_path / "stderr.txt").read_text(errors="replace")
    assert "leaked" not in written and "resource_tracker" not in written, written
    assert "Traceback" not in written, written


def group_alive(group: int) -> bool:
    """Whether any process of the run's session (it was started in a session of its
    own, its pid the session's id) still runs; the resource tracker stays in it."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == group and fields[0] != "Z":
                return True
    return False
