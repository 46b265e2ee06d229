"""Nothing a tournament starts outlives it, however it ends (``kill -9`` included).

- **Each worker is a process group of its own** (`own_group`), so what a plug-in
  bot forks stays in it and one ``killpg`` ends it all. Bot programs (``cmd:``) are
  sessions of their own (`bots.program`); a worker lists their process groups in
  a file beside its marker (`write_groups`), for whoever ends the worker.
- **The lifeline.** The run's process holds the write end of a pipe; each worker
  has the read end and a thread that waits on it (`watch_lifeline`). When the
  run's process ends, by any signal, the kernel closes its end, the read returns
  end-of-file, and the worker ends its bot programs and its own group. Once the
  workers are gone nothing holds the fork server's or the resource tracker's pipes
  open, and they exit too. A worker also dies with its own parent (the fork server)
  through ``PR_SET_PDEATHSIG`` on Linux (`die_with_parent`).
- **Ending a worker from outside** (`end_worker`, in the run's process: a worker
  that died, one stopped for a bot that would not stop, the pool at the end): its
  bot programs' groups, then its own group, after a short wait that lets the bot
  log copier (`botlog`) save the last words of a dead worker.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

PR_SET_PDEATHSIG = 1
DRAIN_SECONDS = 0.5
"""How long a dead worker's group may take to end by itself (its log copier
saving what is left in the pipe) before it is killed."""


def die_with_parent() -> None:
    """Have the kernel kill this process when its parent ends (Linux; elsewhere the
    lifeline alone does it)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def own_group() -> bool:
    """Make this process the leader of a new process group; whether it is one."""
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    return os.getpgid(0) == os.getpid()


def watch_lifeline(fd: int, on_end: Callable[[], None]) -> None:
    """Call `on_end` (from a daemon thread) when the pipe `fd` reaches end-of-file:
    every process holding its write end has ended."""

    def watch() -> None:
        with contextlib.suppress(OSError):
            while os.read(fd, 1):
                pass
        on_end()

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


def end_this_group(programs: Callable[[], None]) -> None:
    """End this worker: its bot programs (`programs`), then its group, itself
    included. For the lifeline thread, when the run's process is gone."""
    with contextlib.suppress(Exception):
        programs()
    with contextlib.suppress(OSError):
        if os.getpgid(0) == os.getpid():
            os.killpg(0, signal.SIGKILL)
    os.kill(os.getpid(), signal.SIGKILL)


def groups_path(marker_path: str | Path) -> Path:
    return Path(f"{marker_path}.groups")


def write_groups(marker_path: str | Path, groups: Iterable[int]) -> None:
    """Record this worker's bot program groups beside its marker (rare: a program
    starting or ending)."""
    path = groups_path(marker_path)
    temporary = path.with_name(path.name + ".tmp")
    with contextlib.suppress(OSError):
        temporary.write_text("".join(f"{group}\n" for group in groups))
        os.replace(temporary, path)


def read_groups(marker_path: str | Path) -> list[int]:
    try:
        return [int(word) for word in groups_path(marker_path).read_text().split()]
    except (OSError, ValueError):
        return []


def group_alive(group: int) -> bool:
    """Whether process group `group` has a live member (zombies do not count)."""
    proc = Path("/proc")
    if not proc.is_dir():
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[3]) == group and fields[0] != "Z":
            return True
    return False


def kill_group(group: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(group, signal.SIGKILL)


def end_worker(pid: int, marker_path: str | Path, drain: float = DRAIN_SECONDS) -> None:
    """After worker `pid` has ended (or to end it): kill its bot programs' groups,
    give its own group `drain` seconds to end by itself, then kill it. The groups
    file is removed."""
    for group in read_groups(marker_path):
        kill_group(group)
    groups_path(marker_path).unlink(missing_ok=True)
    deadline = time.monotonic() + drain
    while time.monotonic() < deadline and group_alive(pid):
        time.sleep(0.01)
    kill_group(pid)
