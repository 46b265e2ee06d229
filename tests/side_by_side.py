"""What tests that run many commands at once share (no tests here): processes
started side by side, each waited for until one deadline, a process still running
then killed and named; and such a batch run once for the whole test run, however
many parallel workers its tests land on."""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


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


def once_per_run(tmp_path_factory, name: str, make: Callable[[Path], T]) -> T:
    """`make(folder)`'s result, made once for the whole run in a new `folder`, by
    whichever test asks first: for a module-scoped fixture whose tests the parallel
    workers (pytest-xdist) share out, each of which would otherwise make it again.
    The workers share the parent of their temporary folders: a lock there makes the
    others wait, then read the same result (pickled), and the same files. Only for
    what the tests read and never change."""
    base = tmp_path_factory.getbasetemp()
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return make(tmp_path_factory.mktemp(name))
    folder, made = base.parent / f"once-{name}", base.parent / f"once-{name}.pickle"
    with open(base.parent / f"once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a worker that failed at it left
            folder.mkdir()
            result = make(folder)
            made.write_bytes(pickle.dumps(result))
            return result
    return pickle.loads(made.read_bytes())
