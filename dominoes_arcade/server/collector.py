"""Python's garbage collector kept from stalling the rooms (process-wide, while a
server runs: `hold`, `release`).

A full collection looks at every object the process holds: with 1,000 rooms open
that took 0.3-0.9 s, the event loop stopped meanwhile, several times a minute
(docs/online.md, "1,000 rooms at a human's pace"). Instead, each second (`look`),
everything the process holds is frozen (`gc.freeze`: the collector never looks at
it again), so a collection only ever looks at what came since. A frozen object
still goes as soon as nothing refers to it; only a cycle among frozen objects (a
closed room, its members and their connections) waits: every `THAW_EVERY` seconds
everything is thawed, and once a full collection has looked at it all (the one long
pause, then), frozen again.
"""

from __future__ import annotations

import gc
import time
from typing import Any

THAW_EVERY = 600.0
"""Seconds after which what was frozen is thawed, so the cycles among it (the rooms
closed since) are collected: the memory they hold waits at most about that long."""
THAWED_AT_MOST = 60.0
"""Seconds the process stays thawed waiting for a full collection (one comes within
seconds: what was thawed counts towards it); past them, frozen again all the same."""


class _Collector:
    def __init__(self):
        self.holders = 0
        self.full = False
        """Whether a full collection ran since the thaw."""
        self.thawed = 0.0
        self.thawing = False
        """Everything is thawed, waiting for a full collection."""

    def noted(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            self.full = True


_collector = _Collector()


def hold() -> None:
    """A server starts: what the process holds is frozen from now on (`look`)."""
    if _collector.holders == 0:
        gc.callbacks.append(_collector.noted)
        gc.freeze()
        _collector.thawed, _collector.thawing = time.monotonic(), False
    _collector.holders += 1


def release() -> None:
    """A server closed: once none runs, the process's objects are collected as before."""
    _collector.holders = max(0, _collector.holders - 1)
    if _collector.holders == 0 and _collector.noted in gc.callbacks:
        gc.callbacks.remove(_collector.noted)
        gc.unfreeze()


def look(now: float) -> None:
    """Freeze what the process holds (each second); every `THAW_EVERY`, thaw it all instead
    and freeze again once a full collection has looked at it."""
    if _collector.holders == 0:
        return
    if _collector.thawing:
        if not _collector.full and now - _collector.thawed < THAWED_AT_MOST:
            return
        _collector.thawing = False
    elif now - _collector.thawed >= THAW_EVERY:
        gc.unfreeze()
        _collector.thawed, _collector.thawing, _collector.full = now, True, False
        return
    gc.freeze()
