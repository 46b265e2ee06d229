"""The room files' writer: one thread that does the store's file work in the order
it was handed, so the server's event loop never waits on the disk.

Lines appended to a room's log are made durable in batches (group commit): the
thread takes every job waiting, writes them, then syncs each file it appended to
once (`os.fdatasync`), and only then completes their futures. Whoever must not
act before a line is on disk (the server, before it sends the messages a step
numbered) waits on its future; the others carry on.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

from ..files import sync_directory

MAX_BATCH = 1000
"""The most jobs one batch takes (bounds the time before the first of them is synced)."""


class Writer:
    """File work in order on a thread of its own, appends synced in batches."""

    def __init__(self):
        self._jobs: queue.SimpleQueue[tuple[Future, Path | None, bytes | Callable[[], None]] | None] = \
            queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.batches = 0
        """How many batches were synced (each syncs every file appended to in it once)."""

    def append(self, path: Path, data: bytes) -> Future:
        """Append `data` to `path` (created if missing); the future completes once it is on disk."""
        return self._put(path, data)

    def run(self, work: Callable[[], None]) -> Future:
        """Do `work` (file work that syncs what it writes itself) after the jobs before it."""
        return self._put(None, work)

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

    def _put(self, path: Path | None, payload: bytes | Callable[[], None]) -> Future:
        future: Future = Future()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name="room-files", daemon=True)
                self._thread.start()
            self._jobs.put((future, path, payload))
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
                return

    def _do(self, batch: list[tuple[Future, Path | None, bytes | Callable[[], None]]]) -> None:
        opened: dict[Path, int] = {}
        """Each log appended to in this batch: its descriptor."""
        created: set[Path] = set()
        waiting: list[tuple[Future, Path]] = []
        failed: dict[Path, BaseException] = {}
        try:
            for future, path, payload in batch:
                if path is None:
                    assert callable(payload)
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
                        if not path.exists():
                            created.add(path)
                        opened[path] = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
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
            for descriptor in opened.values():
                os.close(descriptor)
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
