"""The room files' writer: one thread that does the store's file work in the order
it was handed, so the server's event loop never waits on the disk.

Lines appended to a log are made durable in batches (group commit): the thread
takes every job waiting, writes each log's lines of the batch together (one write),
then syncs each log it appended to once (`os.fdatasync`), and only then completes
their futures. The rooms share one log (`journal`), so a batch is one write and one
sync whatever rooms its lines are of. Whoever must not act before a line is on disk
(the server, before it sends the messages a step numbered) waits on its future; the
others carry on. A write that fails is undone (the log cut back to where it ended),
so the lines appended after it never follow half a line.

The logs stay open between batches (`OPEN_LOGS`): the thread takes the interpreter's
lock again after each system call, and while the server's loop is busy each of those
waits for it (up to `sys.getswitchinterval`, 5 ms; docs/online.md, "Where the time
went at 1,000 rooms"). A job that removes or replaces a log names it (`run`'s
``closes``): the lines handed before it are written and synced first, and its
descriptor is closed.
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

from ..files import sync_directory

MAX_BATCH = 1000
"""The most jobs one batch takes (bounds the time before the first of them is synced)."""
OPEN_LOGS = 512
"""The most logs kept open between batches (those appended to least recently are closed
first): a room's log is appended to every move, a few seconds apart."""


class Writer:
    """File work in order on a thread of its own, appends synced in batches."""

    def __init__(self):
        self._jobs: queue.SimpleQueue[tuple[Future, Path | None, bytes | Callable[[], None], Path | None] | None] \
            = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.batches = 0
        """How many batches were synced (each syncs every file appended to in it once)."""
        self._logs: OrderedDict[Path, int] = OrderedDict()
        """The logs kept open (the thread's own), each with its descriptor, the least recently appended to first."""

    def append(self, path: Path, data: bytes) -> Future:
        """Append `data` to `path` (created if missing); the future completes once it is on disk."""
        return self._put(path, data)

    def run(self, work: Callable[[], None], closes: Path | None = None) -> Future:
        """Do `work` (file work that syncs what it writes itself) after the jobs before it;
        `closes`: a log it removes or empties, closed first if it is open."""
        return self._put(None, work, closes)

    def flush(self) -> None:
        """Wait until every job handed so far is done."""
        self.run(lambda: None).result()

    def close(self) -> None:
        """Finish the jobs handed so far, then stop the thread."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._jobs.put(None)
            thread.join()

    def _put(self, path: Path | None, payload: bytes | Callable[[], None], closes: Path | None = None) -> Future:
        future: Future = Future()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name="room-files", daemon=True)
                self._thread.start()
            self._jobs.put((future, path, payload, closes))
        return future

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            batch = [job]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._do(batch)
            if stop:
                break
        for descriptor in self._logs.values():
            os.close(descriptor)
        self._logs.clear()

    def _do(self, batch: list[tuple[Future, Path | None, bytes | Callable[[], None], Path | None]]) -> None:
        pending: dict[Path, list[bytes]] = {}
        """The lines handed for each log in this batch and not written yet: written together, one write a log."""
        written: dict[Path, int] = {}
        """Each log written to in this batch (its descriptor), to sync once at its end."""
        created: set[Path] = set()
        waiting: list[tuple[Future, Path]] = []
        failed: dict[Path, BaseException] = {}
        try:
            for future, path, payload, closes in batch:
                if path is not None:
                    assert isinstance(payload, bytes)
                    pending.setdefault(path, []).append(payload)
                    waiting.append((future, path))
                    continue
                assert callable(payload)
                if closes is not None:
                    # The lines handed before this job go in first, on disk before it removes or replaces the log.
                    self._write(closes, pending, written, created, failed)
                    if closes in written:
                        try:
                            os.fdatasync(written.pop(closes))
                        except OSError as error:
                            failed.setdefault(closes, error)
                    if closes in self._logs:
                        os.close(self._logs.pop(closes))
                try:
                    payload()
                except Exception as error:  # noqa: BLE001 - told to whoever waits on it; the thread goes on
                    future.set_exception(error)
                else:
                    future.set_result(None)
            for path in list(pending):
                self._write(path, pending, written, created, failed)
            for path, descriptor in written.items():
                try:
                    os.fdatasync(descriptor)
                except OSError as error:
                    failed.setdefault(path, error)
            for directory in {path.parent for path in created}:
                try:
                    sync_directory(directory)  # a new log's name is on disk too
                except OSError as error:
                    for path in created:
                        failed.setdefault(path, error)
        finally:
            for path in failed:  # opened afresh next time
                if path in self._logs:
                    os.close(self._logs.pop(path))
            while len(self._logs) > OPEN_LOGS:
                os.close(self._logs.popitem(last=False)[1])
        self.batches += 1
        for future, path in waiting:
            if path in failed:
                future.set_exception(failed[path])
            else:
                future.set_result(None)

    def _write(self, path: Path, pending: dict[Path, list[bytes]], written: dict[Path, int], created: set[Path],
               failed: dict[Path, BaseException]) -> None:
        """The lines `pending` for `path`, in one write. A write that fails is undone (the log cut back to
        where it ended), so the lines appended after it never follow half a line."""
        lines = pending.pop(path, None)
        if not lines:
            return
        end = None
        try:
            if path not in self._logs:
                if not path.exists():
                    created.add(path)
                self._logs[path] = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            self._logs.move_to_end(path)
            descriptor = written[path] = self._logs[path]
            end = os.lseek(descriptor, 0, os.SEEK_END)
            _write_all(descriptor, lines[0] if len(lines) == 1 else b"".join(lines))
        except OSError as error:
            failed.setdefault(path, error)
            if end is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._logs[path], end)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]
