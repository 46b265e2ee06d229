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
  a forfeit like any other exception (`bots.driver.user_can_interrupt`);
- marks in its marker, with the seat, the *hard deadline* of the bot call in
  progress: the time limit, a quarter more (the watchdog's latest ring) and
  `HARD_GRACE`. A bot still in the call after it ignored the watchdog's signal
  (or caught its exception); the run's process kills the worker (`overdue`,
  `ProcessExecutor`), and the crash path above plays the game again alone, where
  the bot forfeits (kind ``timeout``) if it overruns again;
- is a process group of its own that ends with the run (`lifeline`), with its
  output capped per bot (`botlog`).
"""

from __future__ import annotations

import mmap
import multiprocessing.util
import os
import signal
import struct
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..bots import program
from . import botlog, lifeline
from .spec import beside

MARKER = struct.Struct("<qqqqq")
"""A marker: the game id and the seat in play (-1 for none), the hard deadline of
the bot call in progress (`time.monotonic_ns`, 0 for none), what that call is
(`CALLS`), and the key of the bot last called (`botlog.bot_key`, 0 for none)."""
IDLE = -1
CALLS = ("decision", "build", "observe", "game_over")
HARD_GRACE = 1.0
"""Seconds past the watchdog's latest ring before a bot that has not stopped is
killed from outside."""
BUILD_SECONDS = 60.0
"""How long building a bot may take before it counts as hung."""


def bot_log_path(journal_path: Path) -> Path:
    """The bot log beside the journal: ``x.journal.jsonl`` -> ``x.bots.log``."""
    return beside(journal_path, ".journal.jsonl", ".bots.log")


class Marker:
    """This process's marker file, mapped into memory."""

    def __init__(self, directory: str):
        self.path = os.path.join(directory, str(os.getpid()))
        with open(self.path, "wb+") as handle:
            handle.write(MARKER.pack(IDLE, IDLE, 0, 0, 0))
            handle.flush()
            self._map = mmap.mmap(handle.fileno(), MARKER.size)

    def mark(self, game_id: int, seat: int = IDLE, deadline: int = 0, call: int = 0) -> None:
        """Keeps the bot key: output after a call is put on the bot last called."""
        MARKER.pack_into(self._map, 0, game_id, seat, deadline, call, self.key())

    def mark_bot(self, game_id: int, seat: int, key: int, seconds: float, call: int) -> None:
        """The start of a call into the bot of `key` that must end within `seconds`."""
        MARKER.pack_into(self._map, 0, game_id, seat, time.monotonic_ns() + int(seconds * 1e9), call, key)

    def key(self) -> int:
        return MARKER.unpack_from(self._map, 0)[4]


_marker: Marker | None = None
"""This process's marker, in a worker process of ours; None elsewhere."""


def read_marker(path: str | Path) -> tuple[int, int, int, int, int] | None:
    """(game id, seat, deadline, call, bot key) from a marker file; None when it is
    unreadable."""
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
    paths = [path for path in Path(directory).iterdir() if path.name.isdigit()]
    deadline = time.monotonic() + grace
    for path in paths:
        pid = int(path.name)
        while alive(pid):
            if time.monotonic() > deadline:
                lifeline.kill_group(pid)
                deadline = time.monotonic() + grace
                break
            time.sleep(0.01)
    games: dict[int, int] = {}
    for path in paths:
        lifeline.end_worker(int(path.name), path)
        marked = read_marker(path)
        path.unlink(missing_ok=True)
        if marked is not None and marked[0] != IDLE:
            games[marked[0]] = marked[1]
    return games


def overdue(path: str | Path, now: int | None = None) -> tuple[int, int, int] | None:
    """(game id, seat, call) when the marker at `path` names a bot call past its
    hard deadline, else None."""
    marked = read_marker(path)
    if marked is None or not marked[2] or marked[2] > (now or time.monotonic_ns()):
        return None
    return marked[0], marked[1], marked[3]


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


def redirect_output(log_path: str | None, marker: Marker, directory: str) -> None:
    """Point file descriptors 1 and 2 at the bot log through its copier (`botlog`),
    or at the null device when there is no log or it cannot be opened."""
    global _copying
    fd = None
    if log_path:
        read_key = botlog.key_reader(marker._map, MARKER.size - 8, struct.Struct("<q"))
        fd = botlog.start_copier(log_path, directory, read_key)
        program.STDERR_NAME = log_path  # what a program's fault message names, fd 2 being a pipe
    _copying = fd is not None
    if fd is None:
        fd = os.open(os.devnull, os.O_WRONLY)
    for stream in (1, 2):
        os.dup2(fd, stream)
    os.close(fd)


def start_worker(marker_directory: str, log_path: str | None, life: Any = None) -> None:
    """Initializer of every worker process of the pool (and of `play_alone`).
    `life`: the read end of the run's lifeline (a `multiprocessing` connection)."""
    global _marker, _life
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lifeline.die_with_parent()
    lifeline.own_group()
    _marker = Marker(marker_directory)
    redirect_output(log_path, _marker, marker_directory)  # forks the copier: before any thread starts
    program.on_groups_changed = lambda groups: lifeline.write_groups(_marker.path, groups)
    # Bot programs exit with the worker (atexit does not run in a pool's worker).
    multiprocessing.util.Finalize(None, program.quit_all, exitpriority=10)
    if life is not None:
        _life = life  # kept, or the connection would close its descriptor
        lifeline.watch_lifeline(life.fileno(), lambda: lifeline.end_this_group(program.end_all))


_life: Any = None
_copying = False
"""Whether fds 1 and 2 go through a bot log copier."""


def mark(game_id: int, seat: int = IDLE) -> None:
    """Say which game (and seat) this worker is in; a no-op outside our workers."""
    if _marker is not None:
        _marker.mark(game_id, seat)


def marking() -> bool:
    return _marker is not None


class MarkedBot:
    """A bot whose every call marks its seat first, so a process that dies inside
    bot code names the seat. Everything else is the bot's own."""

    def __init__(self, bot: Any, game_id: int, key: int, time_limit: float):
        self._bot = bot
        self._game_id = game_id
        self._key = key
        self._hard = hard_limit(time_limit)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def _call(self, call: int, method: Callable, *args):
        _marker.mark_bot(self._game_id, self._bot.seat, self._key, self._hard, call)
        try:
            return method(*args)
        finally:
            if _copying:
                botlog.settle()  # what the bot wrote is counted against it, not the next one
            _marker.mark(self._game_id, self._bot.seat)  # no call in progress: no deadline

    def choose(self, view, legal):
        return self._call(0, self._bot.choose, view, legal)

    def observe(self, view) -> None:
        self._call(2, self._bot.observe, view)

    def game_over(self, outcome) -> None:
        self._call(3, self._bot.game_over, outcome)


def hard_limit(time_limit: float) -> float:
    """Seconds a bot call may last before its process is killed from outside."""
    return time_limit * 1.25 + HARD_GRACE


def mark_build(game_id: int, seat: int, spec: str) -> int:
    """Before building the bot of `spec` at `seat`: its key (0 outside our workers)."""
    if _marker is None:
        return 0
    key = botlog.register(os.path.dirname(_marker.path), spec)
    _marker.mark_bot(game_id, seat, key, BUILD_SECONDS, 1)
    return key


def _play_alone_main(connection, marker_directory: str, log_path: str | None, life: Any, play: Callable,
                     batch) -> None:
    start_worker(marker_directory, log_path, life)
    connection.send(play(batch))
    connection.close()


def play_alone(context, play: Callable, batch, marker_directory: str, log_path: str | None, life: Any = None
               ) -> tuple[list | None, str, int, str]:
    """`play(batch)` in a process of its own: (its games, "", -1, "") when it
    finishes, or (None, how it died, seat in play, kind) when the process dies
    (kind ``crash``) or is killed for a bot call past its hard deadline (kind
    ``timeout``, how: the call)."""
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_play_alone_main,
                              args=(sender, marker_directory, log_path, life, play, batch), daemon=True)
    process.start()
    sender.close()
    marker = os.path.join(marker_directory, str(process.pid))
    played = stuck = None
    try:
        while played is None and stuck is None:
            if receiver.poll(0.05):
                played = receiver.recv()
            else:
                stuck = overdue(marker)
                if stuck is not None:
                    lifeline.kill_group(process.pid)
    except EOFError:
        pass
    finally:
        receiver.close()
    process.join()
    marked = read_marker(marker)
    lifeline.end_worker(process.pid, marker)
    Path(marker).unlink(missing_ok=True)
    if played is not None:
        return played, "", IDLE, ""
    if stuck is not None:
        return None, CALLS[stuck[2]], stuck[1], "timeout"
    code = process.exitcode if process.exitcode is not None else -1
    return None, exit_text(code), marked[1] if marked else IDLE, "crash"


def exit_text(code: int) -> str:
    """A dead process's exit code in words."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
