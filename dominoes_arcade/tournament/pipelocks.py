"""The process pool's locks as pipes, not named semaphores (`PipeLockContext`).

A fork server (or spawn) context makes every ``multiprocessing`` lock a *named*
POSIX semaphore (a file in /dev/shm), which its worker processes open by name, and
registers each with the resource tracker so that it is unlinked even if its maker
dies. After ``kill -9`` of a run that is what happens, and the tracker says so on
the way out ("There appear to be 5 leaked semaphore objects to clean up at
shutdown": the locks of the pool's two queues). Nothing leaked, but the run's
terminal gets a warning.

A pipe does the same work with nothing to clean up: it holds one byte per free
token; acquiring reads a byte, releasing writes one back (the GNU make jobserver's
scheme). The kernel closes a pipe with the last process holding it, however that
process ends, so there is no name to unlink and nothing for the tracker to see. The
pool needs only ``Lock`` and ``BoundedSemaphore`` (in ``multiprocessing.queues``'s
``Queue`` and ``SimpleQueue``; ``Queue.full`` also counts a semaphore's free tokens,
here the bytes in the pipe); the pipe is handed to a worker as its two file
descriptors, as a ``multiprocessing`` connection is.
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import multiprocessing.context
import os
import select
import struct
import termios
import time
import weakref
from multiprocessing import reduction

TOKEN = b"."


class PipeLock:
    """A lock (one token) or a counting semaphore (`tokens`) shared by processes
    through a pipe. `acquire` and `release` as ``multiprocessing.Lock``'s; a
    semaphore here is not bounded (the queues never release more than they took)."""

    def __init__(self, tokens: int = 1, *, fds: tuple[int, int] | None = None):
        if fds is None:
            read, write = os.pipe()
            # The read end never blocks (the flag is the pipe's, in every process):
            # a token another process took first must not leave this one stuck in read.
            os.set_blocking(read, False)
            os.write(write, TOKEN * tokens)
            fds = (read, write)
        self._read, self._write = fds
        weakref.finalize(self, _close, fds)

    def acquire(self, block: bool = True, timeout: float | None = None) -> bool:
        """Take a token: at once, or within `timeout` seconds (None: however long it
        takes); whether one was taken."""
        deadline = None if timeout is None or not block else time.monotonic() + max(0.0, timeout)
        waiting = select.poll()
        waiting.register(self._read, select.POLLIN)
        while True:
            with contextlib.suppress(BlockingIOError, InterruptedError):
                if os.read(self._read, 1):
                    return True
                # End of file: every process that could give a token back is gone
                # (poll would answer at once for ever).
                raise BrokenPipeError("the lock's pipe has no writer left")
            if not block:
                return False
            if deadline is None:
                waiting.poll()
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                waiting.poll(math.ceil(left * 1000))

    def release(self) -> None:
        os.write(self._write, TOKEN)

    def _get_value(self) -> int:
        """The free tokens: the bytes in the pipe."""
        return struct.unpack("i", fcntl.ioctl(self._read, termios.FIONREAD, b"\0\0\0\0"))[0]

    def _is_zero(self) -> bool:
        return self._get_value() == 0

    @property
    def _semlock(self) -> PipeLock:
        """``Queue.full`` and ``Queue.qsize`` ask a semaphore's ``_semlock`` for
        `_is_zero` and `_get_value`: this lock answers them itself."""
        return self

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *exc_info) -> None:
        self.release()

    def __reduce__(self):
        # Only to a process being started (as a SemLock): the descriptors go with it.
        multiprocessing.context.assert_spawning(self)
        return _rebuild, (reduction.DupFd(self._read), reduction.DupFd(self._write))


def _rebuild(read, write) -> PipeLock:
    return PipeLock(fds=(read.detach(), write.detach()))


def _close(fds: tuple[int, int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


def pipe_lock_context(base: multiprocessing.context.BaseContext) -> multiprocessing.context.BaseContext:
    """`base` (a fork server or spawn context) with its locks made of pipes: the
    queues a ``ProcessPoolExecutor`` builds from it create no named semaphore."""

    class PipeLockContext(type(base)):
        def Lock(self) -> PipeLock:  # noqa: N802 (multiprocessing's names)
            return PipeLock()

        def BoundedSemaphore(self, value: int = 1) -> PipeLock:  # noqa: N802
            return PipeLock(value)

        def Semaphore(self, value: int = 1) -> PipeLock:  # noqa: N802
            return PipeLock(value)

    PipeLockContext.__name__ = PipeLockContext.__qualname__ = f"PipeLock{type(base).__name__}"
    return PipeLockContext()
