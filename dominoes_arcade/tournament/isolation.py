"""Keeping bot faults inside the worker processes.

A bot can do worse than raise: end its process (``os._exit``, a crash in a C
extension, the kernel's OOM killer), or print. So each worker process

- writes what it is doing into a *marker*: a small memory-mapped file named by its
  process id, holding the game and seat in play (the game before each game, the
  seat before each call into bot code). Writing it is a memory store, not a system
  call, so every decision can afford it. When a worker dies, the parent reads the
  markers of the pool's workers to learn which games were in flight (`in_flight`),
  plays each of them again alone in a process of its own (`play_alone`), and if
  that process dies too, the seat in its marker forfeits the game (kind ``crash``);
- sends its standard output and error (file descriptors 1 and 2, so C code is
  caught too) to the bot log beside the journal (`bot_log_path`), never into the
  command's output;
- ignores SIGINT: Ctrl-C reaches the whole process group, but only the parent acts
  on it. So a KeyboardInterrupt inside a worker always comes from bot code, and is
  a forfeit like any other exception (`bots.driver.user_can_interrupt`).
"""

from __future__ import annotations

import contextlib
import mmap
import os
import signal
import struct
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MARKER = struct.Struct("<qq")
"""A marker: the game id and the seat in play, -1 for none."""
IDLE = -1


def bot_log_path(journal_path: Path) -> Path:
    """The bot log beside the journal: ``x.journal.jsonl`` -> ``x.bots.log``."""
    name = journal_path.name
    stem = name[: -len(".journal.jsonl")] if name.endswith(".journal.jsonl") else journal_path.stem
    return journal_path.with_name(stem + ".bots.log")


class Marker:
    """This process's marker file, mapped into memory."""

    def __init__(self, directory: str):
        self.path = os.path.join(directory, str(os.getpid()))
        with open(self.path, "wb+") as handle:
            handle.write(MARKER.pack(IDLE, IDLE))
            handle.flush()
            self._map = mmap.mmap(handle.fileno(), MARKER.size)

    def mark(self, game_id: int, seat: int = IDLE) -> None:
        MARKER.pack_into(self._map, 0, game_id, seat)


_marker: Marker | None = None
"""This process's marker, in a worker process of ours; None elsewhere."""


def read_marker(path: str | Path) -> tuple[int, int] | None:
    """(game id, seat) from a marker file; None when it is unreadable."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if len(data) < MARKER.size:
        return None
    return MARKER.unpack_from(data)


def in_flight(directory: str | Path, grace: float = 5.0) -> dict[int, int]:
    """Each game some worker was playing (game id -> seat in play), from the markers
    in `directory`, once their processes have ended (those of a broken pool are
    being stopped; one still running after `grace` seconds is killed). The markers
    are removed."""
    paths = list(Path(directory).iterdir())
    deadline = time.monotonic() + grace
    for path in paths:
        pid = int(path.name) if path.name.isdigit() else None
        while pid is not None and alive(pid):
            if time.monotonic() > deadline:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                deadline = time.monotonic() + grace
                pid = pid if alive(pid) else None
                break
            time.sleep(0.01)
    games: dict[int, int] = {}
    for path in paths:
        marked = read_marker(path)
        path.unlink(missing_ok=True)
        if marked is not None and marked[0] != IDLE:
            games[marked[0]] = marked[1]
    return games


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] != "Z"


def redirect_output(log_path: str | None) -> None:
    """Point file descriptors 1 and 2 at the bot log (appending), or at the null
    device when there is none or it cannot be opened."""
    target = os.devnull
    if log_path:
        target = log_path
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o666)
    except OSError:
        fd = os.open(os.devnull, os.O_WRONLY)
    for stream in (1, 2):
        os.dup2(fd, stream)
    os.close(fd)


def start_worker(marker_directory: str, log_path: str | None) -> None:
    """Initializer of every worker process of the pool (and of `play_alone`)."""
    global _marker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    redirect_output(log_path)
    _marker = Marker(marker_directory)


def mark(game_id: int, seat: int = IDLE) -> None:
    """Say which game (and seat) this worker is in; a no-op outside our workers."""
    if _marker is not None:
        _marker.mark(game_id, seat)


def marking() -> bool:
    return _marker is not None


class MarkedBot:
    """A bot whose every call marks its seat first, so a process that dies inside
    bot code names the seat. Everything else is the bot's own."""

    def __init__(self, bot: Any, game_id: int):
        self._bot = bot
        self._game_id = game_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def choose(self, view, legal):
        _marker.mark(self._game_id, self._bot.seat)
        return self._bot.choose(view, legal)

    def observe(self, view) -> None:
        _marker.mark(self._game_id, self._bot.seat)
        self._bot.observe(view)

    def game_over(self, outcome) -> None:
        _marker.mark(self._game_id, self._bot.seat)
        self._bot.game_over(outcome)


def _play_alone_main(connection, marker_directory: str, log_path: str | None, play: Callable, batch) -> None:
    start_worker(marker_directory, log_path)
    connection.send(play(batch))
    connection.close()


def play_alone(context, play: Callable, batch, marker_directory: str, log_path: str | None
               ) -> tuple[list | None, int, int]:
    """`play(batch)` in a process of its own: (its games, 0, -1) when it finishes,
    or (None, exit code, seat in play) when the process dies."""
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_play_alone_main, args=(sender, marker_directory, log_path, play, batch),
                              daemon=True)
    process.start()
    sender.close()
    try:
        played = receiver.recv()
    except EOFError:
        played = None
    finally:
        receiver.close()
    process.join()
    marker = os.path.join(marker_directory, str(process.pid))
    marked = read_marker(marker)
    Path(marker).unlink(missing_ok=True)
    if played is not None:
        return played, 0, IDLE
    return None, process.exitcode if process.exitcode is not None else -1, marked[1] if marked else IDLE


def exit_text(code: int) -> str:
    """A dead process's exit code in words."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
