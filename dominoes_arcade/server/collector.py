"""Python's garbage collector kept from stalling the rooms (process-wide, while a
server runs: `hold`, `release`).

A full collection looks at every object the process holds: with 1,000 rooms open
that took 0.4-0.9 s, the event loop stopped meanwhile, several times a minute while
the rooms filled (docs/online.md, "1,000 rooms at a human's pace"). Instead, what
survives a full collection is frozen (`gc.freeze`: never looked at again), so the
next looks only at what came since. A frozen object still goes when nothing refers
to it; only a cycle of frozen objects (a closed room, its members and connections)
waits for `THAW_EVERY`, when everything is thawed and the next full collection
looks at it all once.

The server looks each second whether a full collection ran (`look`).
"""

from __future__ import annotations

import gc
import time
from typing import Any

THAW_EVERY = 600.0
"""Seconds after which what was frozen is thawed, so the cycles among it (the rooms
closed since) are collected: the memory they hold waits at most that long."""


class _Collector:
    def __init__(self):
        self.holders = 0
        self.full = False
        """Whether a full collection ran since the last `look`."""
        self.thawed = 0.0

    def noted(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            self.full = True


_collector = _Collector()


def hold() -> None:
    """A server starts: what the process holds now is frozen, and so is what survives each full collection."""
    if _collector.holders == 0:
        gc.callbacks.append(_collector.noted)
        gc.freeze()
        _collector.thawed = time.monotonic()
    _collector.holders += 1


def release() -> None:
    """A server closed: once none runs, the process's objects are collected as before."""
    _collector.holders = max(0, _collector.holders - 1)
    if _collector.holders == 0 and _collector.noted in gc.callbacks:
        gc.callbacks.remove(_collector.noted)
        gc.unfreeze()


def look(now: float) -> None:
    """After a full collection, freeze what survived it (or, every `THAW_EVERY`, thaw everything)."""
    if not _collector.full or _collector.holders == 0:
        return
    _collector.full = False
    if now - _collector.thawed >= THAW_EVERY:
        gc.unfreeze()
        _collector.thawed = now
    else:
        gc.freeze()
