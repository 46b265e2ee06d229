"""What tests that run many commands at once share (no tests here): processes
started side by side, each waited for until one deadline, a process still running
then killed and named."""

from __future__ import annotations

import subprocess
import time


def finish_all(started: dict[str, subprocess.Popen], timeout: float
               ) -> tuple[dict[str, tuple[int, str, str]], list[str]]:
    """Each process's exit code, stdout and stderr (text), by name, once it ends;
    and the names of those still running `timeout` seconds from now (killed)."""
    done, hung = {}, []
    deadline = time.monotonic() + timeout
    for name, process in started.items():
        try:
            out, err = process.communicate(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            hung.append(name)
            continue
        done[name] = (process.returncode, out.decode(), err.decode())
    return done, hung
