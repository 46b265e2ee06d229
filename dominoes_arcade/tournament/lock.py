"""One run at a time per tournament: a lock file beside the journal.

Two runs writing the same journal interleave their lines and both report the
tournament complete, and the journal they leave cannot be resumed. So a run holds
an exclusive `flock` on ``X.lock`` (beside ``X.journal.jsonl``) from before it
reads the journal until its results are written, with its process id in the file
so a second run can name the holder. The kernel drops the lock when the process
ends, however it ends (even ``kill -9``), so a lock is never stale; the file
itself stays (removing it would let a third run lock a new file while a second
still waits on the old one).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import IO

from .. import files
from .spec import beside

try:
    import fcntl
except ImportError:  # Windows: no flock; runs there are not guarded
    fcntl = None  # type: ignore[assignment]

HOLDER_WAIT = 1.0
"""How long to wait for the holder to write its process id (it writes it right after locking)."""


def lock_path_for(journal_path: Path) -> Path:
    """``x.journal.jsonl`` -> ``x.lock``."""
    return beside(journal_path, ".journal.jsonl", ".lock")


class RunLock:
    """Held for the whole of a run: ``with RunLock(path, results_path): ...``.

    :raises files.FileError: (exit 1) when another run holds it, naming its
        process id, or when the lock file cannot be written.
    """

    def __init__(self, path: Path, results_path: Path):
        self.path = path
        self.results_path = results_path
        self._handle: IO[str] | None = None

    def __enter__(self) -> RunLock:
        if fcntl is None:
            return self
        files.prepare_output(self.path)
        try:
            # "a+", not "w": opening must not wipe the holder's process id.
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - closed in __exit__
        except OSError as error:
            raise files.FileError(self.path, f"cannot write: {files.os_problem(error)}", files.OUTPUT) from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            holder = read_holder(handle) if isinstance(error, BlockingIOError) else None
            handle.close()
            if isinstance(error, BlockingIOError):
                who = f"pid {holder}" if holder else "a process that just started"
                raise files.FileError(self.results_path, f"another run of this tournament ({who}) is writing it "
                                      f"(lock {self.path}); wait for it to end or stop it", files.OUTPUT) from None
            raise files.FileError(self.path, f"cannot lock: {files.os_problem(error)}", files.OUTPUT) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._handle = handle
        return self

    def __exit__(self, *exc_info) -> None:
        if self._handle is not None:
            # Empty it first, so nobody reads a process id that no longer holds it.
            try:
                self._handle.seek(0)
                self._handle.truncate()
            except OSError:
                pass
            self._handle.close()  # releases the lock
            self._handle = None


def read_holder(handle: IO[str]) -> str:
    """The process id the holder wrote, waiting briefly for it ("" if none came)."""
    deadline = time.monotonic() + HOLDER_WAIT
    while True:
        handle.seek(0)
        text = handle.read().strip()
        if text.isdigit() or time.monotonic() >= deadline:
            return text if text.isdigit() else ""
        time.sleep(0.02)
