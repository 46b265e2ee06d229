"""The room files' writer: one thread that does the store's file work in the order
it was handed, so the server's event loop never waits on the disk.

Lines appended to a room's log are made durable in batches (group commit): the
thread takes every job waiting, writes them, then syncs each file it appended to
once (`os.fdatasync`), and only then completes their futures. Whoever must not
act before a line is on disk (the server, before it sends the messages a step
numbered) waits on its future; the others carry on.

The logs stay open between batches (`OPEN_LOGS`), so a line costs two system calls
(its write, its share of a sync), not five: the thread takes the interpreter's lock
again after each, and while the server's loop is busy each of those waits for it
(up to `sys.getswitchinterval`, 5 ms; docs/online.md, "1,000 rooms at a human's pace").
A job that removes or empties a log names it (`run`'s ``closes``), and its
descriptor is closed first.
"""

from __future__ import annotations

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
        opened: dict[Path, int] = {}
        """Each log appended to in this batch: its descriptor."""
        created: set[Path] = set()
        waiting: list[tuple[Future, Path]] = []
        failed: dict[Path, BaseException] = {}
        try:
            for future, path, payload, closes in batch:
                if path is None:
                    assert callable(payload)
                    if closes is not None and closes in self._logs:
                        if closes in opened:  # appended to earlier in this batch: on disk before it goes
                            try:
                                os.fdatasync(opened.pop(closes))
                            except OSError as error:
                                failed.setdefault(closes, error)
                        os.close(self._logs.pop(closes))
                    try:
                        payload()
                    except Exception as error:  # noqa: BLE001 - told to whoever waits on it; the thread goes on
                        future.set_exception(error)
                    else:
                        future.set_result(None)
                    continue
                assert isinstance(payload, bytes)
                try:
                    if path not in opened:
                        if path not in self._logs:
                            if not path.exists():
                                created.add(path)
                            self._logs[path] = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
                        self._logs.move_to_end(path)
                        opened[path] = self._logs[path]
                    _write_all(opened[path], payload)
                except OSError as error:
                    failed.setdefault(path, error)
                waiting.append((future, path))
            for path, descriptor in opened.items():
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


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]
