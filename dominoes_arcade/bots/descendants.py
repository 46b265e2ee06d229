"""Every process a bot program started, found without cgroups, for `bot check`
(`bots.check`): what is still running once the program has quit, and killed.

A program runs in a session of its own (`program.Program`), so one ``killpg``
ends it and whatever it forked; but what it starts may leave that group. A child
that calls ``setsid()`` has a session and a group of its own, and a double fork
hands the grandchild to init, out of the program's process tree. Three marks,
read from /proc at each probe (`Descendants.probe`), find them all the same:

- **the tree**: a process whose parent is the program, or a process already found
  (seen while its parent still lives: a probe before ``quit`` sees the children
  the program keeps);
- **the session and the process group** of the program and of every process
  found: a grandchild handed to init stays in the session its parent made;
- **a cookie in the environment** (`COOKIE`), which every descendant inherits
  unless it clears its environment (the way Jenkins' process tree killer finds
  what a build left behind): it finds a daemon whose parent exited between two
  probes.

Each process is kept with its start time (field 22 of /proc/PID/stat), so a pid
that another process takes later is never taken for it, nor killed.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
from dataclasses import dataclass
from pathlib import Path

COOKIE = "DOMINOES_ARCADE_BOT_CHECK"
"""The environment variable that marks a program of a check and what it starts."""
ENVIRON_LIMIT = 1 << 20
"""At most this much of a process's environment is read, looking for the cookie."""
COMMAND_LIMIT = 120
"""A command line is cut to this many characters in the report."""
PROC = Path("/proc")


@dataclass(frozen=True)
class Stat:
    """What /proc/PID/stat says of one process."""

    state: str
    parent: int
    group: int
    session: int
    start: int
    """Clock ticks after boot: with the pid, names the process for good."""


@dataclass(frozen=True)
class Found:
    """A process the program started (or the program itself)."""

    pid: int
    start: int
    command: str
    outside: bool
    """It left the program's process group (a session or group of its own)."""

    def describe(self) -> str:
        where = ", out of its process group" if self.outside else ""
        return f"pid {self.pid} {self.command}{where}"


def read_stat(pid: int | str) -> Stat | None:
    """The process's /proc/PID/stat, or None when it is gone (or unreadable)."""
    try:
        text = (PROC / str(pid) / "stat").read_text(encoding="ascii", errors="replace")
        fields = text.rsplit(")", 1)[1].split()  # the name in parentheses may hold anything
        return Stat(fields[0], int(fields[1]), int(fields[2]), int(fields[3]), int(fields[19]))
    except (OSError, ValueError, IndexError):
        return None


def snapshot() -> dict[int, Stat] | None:
    """Every process of /proc; None where there is no /proc to read."""
    try:
        entries = os.listdir(PROC)
    except OSError:
        return None
    stats = {}
    for entry in entries:
        if entry.isdigit() and (stat := read_stat(entry)) is not None:
            stats[int(entry)] = stat
    return stats


def has_cookie(pid: int, cookie: str) -> bool:
    """Whether the process's environment holds ``COOKIE=cookie`` (False when it
    cannot be read: another user's process, or gone)."""
    mark = f"{COOKIE}={cookie}".encode()
    try:
        with open(PROC / str(pid) / "environ", "rb") as environ:
            return mark in environ.read(ENVIRON_LIMIT).split(b"\0")
    except OSError:
        return False


NO_COMMAND = "(no command line)"


def command_of(pid: int, known: str = NO_COMMAND) -> str:
    """The process's command line, cut short, with control characters shown as
    escapes (a program chooses its own argv); `known` where it has none to read
    (gone, or caught in the middle of an exec, when the kernel shows it empty)."""
    try:
        words = (PROC / str(pid) / "cmdline").read_bytes()[:4096].split(b"\0")
    except OSError:
        words = []
    text = " ".join(word.decode(errors="replace") for word in words if word)
    if not text:
        return known
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return text if len(text) <= COMMAND_LIMIT else text[:COMMAND_LIMIT - 3] + "..."


class Descendants:
    """The processes of the programs started with `environment`, and all they start."""

    def __init__(self) -> None:
        self.cookie = secrets.token_hex(8)
        self.roots: dict[int, int] = {}
        """Each program's pid and start time."""
        self.found: dict[int, Found] = {}
        """Every process found so far (a program's children, and theirs), by pid."""
        self._sessions: set[int] = set()
        self._groups: set[int] = set()

    def environment(self) -> dict[str, str]:
        """The environment to start a program in: ours, with the cookie."""
        return {**os.environ, COOKIE: self.cookie}

    def add_program(self, pid: int) -> None:
        """A program just started (in a session of its own, its pid its group's)."""
        stat = read_stat(pid)
        if stat is not None:
            self.roots[pid] = stat.start
        self._sessions.add(pid)
        self._groups.add(pid)

    def probe(self) -> bool:
        """Look at every process once, keeping those the programs started. False
        where there is no /proc."""
        stats = snapshot()
        if stats is None:
            return False
        known = {**self.roots, **{pid: found.start for pid, found in self.found.items()}}
        fresh = {pid: stat for pid, stat in stats.items() if known.get(pid) != stat.start and pid != os.getpid()}
        marked: dict[int, bool] = {}

        def is_marked(pid: int) -> bool:
            if pid not in marked:
                marked[pid] = has_cookie(pid, self.cookie)
            return marked[pid]

        growing = True
        while growing:  # a child found makes its own children found: to a fixed point
            growing = False
            for pid, stat in list(fresh.items()):
                parent = stats.get(stat.parent)
                if ((parent is not None and known.get(stat.parent) == parent.start)
                        or stat.session in self._sessions or stat.group in self._groups
                        or is_marked(pid)):
                    del fresh[pid]
                    known[pid] = stat.start
                    self.found[pid] = Found(pid, stat.start, command_of(pid), stat.group not in self.roots)
                    self._sessions.add(stat.session)
                    self._groups.add(stat.group)
                    growing = True
        return True

    def running(self) -> list[Found] | None:
        """The processes found that still run (zombies do not), after a last probe;
        the programs themselves are not counted. None where there is no /proc."""
        if not self.probe():
            return None
        alive = []
        for pid, found in sorted(self.found.items()):
            stat = read_stat(pid)
            if stat is not None and stat.start == found.start and stat.state != "Z":
                # What and where it is now: a child found before its exec() or its
                # setsid() has changed since.
                command = command_of(pid, found.command)
                alive.append(Found(pid, found.start, command, stat.group not in self.roots))
        return alive

    def kill(self) -> None:
        """Kill every process found that still runs (its start time checked first,
        so a pid taken since by another process is left alone)."""
        for found in self.running() or []:
            stat = read_stat(found.pid)
            if stat is not None and stat.start == found.start:
                with contextlib.suppress(OSError):
                    os.kill(found.pid, signal.SIGKILL)
