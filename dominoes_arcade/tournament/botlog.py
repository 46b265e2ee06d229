"""The bot log's size limit: at most `LIMIT` bytes of each bot's output per run.

A worker's standard output and error (file descriptors 1 and 2, so C code and bot
programs are caught too) are a pipe, read by a *copier*: a small process forked
from the worker as it starts, so copying never competes with the bots for the
worker's interpreter, and what a worker writes just before it dies still reaches
the log (the copier reads until every writer is gone). Each chunk is put on the
bot whose seat the worker's marker names (`isolation.Marker`; between calls, the
bot last called; a worker lets the copier empty the pipe before it calls another
bot, `settle`), and counted against that bot in a
counter file shared by all the run's workers in the marker folder (``out-KEY``:
8 bytes of count, then the bot's spec), under a file lock. The chunk that reaches
the limit is cut there and followed by one line saying so; the rest of that bot's
output is read and dropped, so the bot never blocks on a full pipe.

A run is one invocation: a resume starts with fresh counts (and appends to the
same log).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import mmap
import os
import select
import struct
import termios
import time
from collections.abc import Callable
from pathlib import Path

LIMIT = 1 << 20
"""Bytes of each bot's output kept per run (1 MiB)."""
COUNT = struct.Struct("<q")
WORKER = "the worker, with no bot in play"
"""The name output is counted under before any bot was called."""


def bot_key(spec: str) -> int:
    """A bot's number in the markers and counter files: a hash of its spec, never 0."""
    return int.from_bytes(hashlib.blake2b(spec.encode(), digest_size=7).digest(), "little") + 1


def counter_path(directory: str | Path, key: int) -> Path:
    return Path(directory) / f"out-{key:x}"


def register(directory: str | Path, spec: str) -> int:
    """Make sure the bot of `spec` has its counter file (count 0 and its spec);
    its key. Written whole under a temporary name and linked into place, so no
    process ever reads half of one."""
    key = bot_key(spec)
    path = counter_path(directory, key)
    if not path.exists():
        temporary = path.with_name(f"{path.name}.{os.getpid()}")
        with contextlib.suppress(OSError):
            temporary.write_bytes(COUNT.pack(0) + spec.encode())
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        temporary.unlink(missing_ok=True)
    return key


def start_copier(log_path: str, directory: str, current_key: Callable[[], int], limit: int = LIMIT) -> int | None:
    """Fork the copier of this worker; returns the write end of its pipe (to become
    fds 1 and 2), or None when the log cannot be opened."""
    try:
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o666)
    except OSError:
        return None
    reader, writer = os.pipe()
    if os.fork() == 0:  # the copier: the worker is single-threaded yet, so forking is safe
        try:
            null = os.open(os.devnull, os.O_RDWR)
            for stream in (0, 1, 2):  # hold none of the run's own pipes and terminals
                os.dup2(null, stream)
            keep = sorted({reader, log})
            os.closerange(3, keep[0])
            os.closerange(keep[0] + 1, keep[1])
            os.closerange(keep[1] + 1, 65536)
            copy(reader, log, directory, current_key, limit)
        finally:
            os._exit(0)
    os.close(reader)
    os.close(log)
    return writer


def copy(reader: int, log: int, directory: str, current_key: Callable[[], int], limit: int) -> None:
    """Copy the pipe into the log until every writer is gone, keeping at most
    `limit` bytes of each bot's output."""
    counters: dict[int, int] = {}
    waiting = select.poll()
    waiting.register(reader, select.POLLIN)
    while True:
        waiting.poll()
        # The key is read before the bytes are taken: while they are in the pipe the
        # worker does not move on to another bot (`settle`), so they are its bot's.
        key = current_key()
        try:
            chunk = os.read(reader, 65536)
        except InterruptedError:
            continue
        except OSError:
            return
        if not chunk:
            return
        if key not in counters:
            path = counter_path(directory, key)
            if key == 0 or not path.exists():
                path = counter_path(directory, register(directory, WORKER))
            try:
                counters[key] = os.open(path, os.O_RDWR)
            except OSError:
                continue
        kept, note = account(counters[key], len(chunk), limit)
        with contextlib.suppress(OSError):
            if kept:
                os.write(log, chunk[:kept])
            if note:
                os.write(log, note)


_unread = bytearray(4)


def settle(seconds: float = 0.1) -> None:
    """In a worker, after a bot call: wait until the copier has taken what the bot
    wrote (the pipe behind fd 1 is empty), so that it is counted against that bot
    and not the next. One ioctl (about a microsecond) when the bot wrote nothing;
    at most `seconds` of waiting otherwise."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.ioctl(1, termios.FIONREAD, _unread)
        except OSError:
            return
        if not any(_unread) or time.monotonic() > deadline:
            return
        time.sleep(0.0002)


def account(counter: int, size: int, limit: int) -> tuple[int, bytes]:
    """Count `size` more bytes for a bot: how many of them to keep, and the line
    to write after them when they reach the limit."""
    fcntl.flock(counter, fcntl.LOCK_EX)
    try:
        data = os.pread(counter, 4096, 0)
        (before,) = COUNT.unpack_from(data)
        if before > limit:  # cut already, and said so
            return 0, b""
        os.pwrite(counter, COUNT.pack(before + size), 0)  # counts past the limit once: the cut is said once
    finally:
        fcntl.flock(counter, fcntl.LOCK_UN)
    if before + size <= limit:
        return size, b""
    spec = data[COUNT.size:].decode(errors="replace")
    return limit - before, (f"\n[dominoes-arcade: the output of {spec} cut at {limit} bytes, the limit per bot "
                            f"per run; the rest of it is dropped]\n").encode()


def key_reader(marker: mmap.mmap, offset: int, field: struct.Struct) -> Callable[[], int]:
    """Reads the bot key from a worker's marker (shared memory: the copier, forked
    from the worker, sees every store)."""
    return lambda: field.unpack_from(marker, offset)[0]
