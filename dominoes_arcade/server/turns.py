"""The rooms' runs of steps share the event loop: a run that waits for nobody's
decision (a deal: some 40 chance steps, each told to every seat with its view) is
played a few steps at a time (`app.STEPS_A_TURN`), the rooms in turn, at most `SLICE`
seconds of them in one pass of the loop, so the loop reads and writes in between.

Played at once, 1,000 rooms started together froze the loop 4-8 s (each start about
8 ms of steps and messages, all in one pass; docs/online.md, "One log for all the
rooms, and 1,000 rooms started at once"). A room's first step after a move is still played by its own task at
once; only what follows it comes here, and on a server that is not busy it is
played in the next pass of the loop.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Generic, TypeVar

SLICE = 0.004
"""The most seconds of steps one pass of the loop plays (one room's turn past it at most)."""

Room = TypeVar("Room")


class Turns(Generic[Room]):
    """Rooms with steps to play, played a turn each in turn (`add`).

    :param step: plays a room's turn (a few steps), True when it moved (more may follow).
    :param done: called for a room whose run ended after it moved here (its task
        looks at its clocks again).
    """

    def __init__(self, step: Callable[[Room], bool], done: Callable[[Room], None], slice_seconds: float = SLICE):
        self.step, self.done, self.slice_seconds = step, done, slice_seconds
        self.waiting: dict[Room, bool] = {}
        """The rooms in line, first to play first (insertion order), each with whether it moved here."""
        self._scheduled: asyncio.Handle | None = None

    def add(self, room: Room) -> None:
        """`room` may have steps to play: played in turn from the loop's next pass on."""
        self.waiting.setdefault(room, False)
        if self._scheduled is None:
            self._scheduled = asyncio.get_running_loop().call_soon(self._play)

    def _play(self) -> None:
        self._scheduled = None
        until = time.perf_counter() + self.slice_seconds
        while self.waiting:
            room = next(iter(self.waiting))
            moved = self.waiting.pop(room)
            if self.step(room):
                self.waiting[room] = True  # to the back of the line
            elif moved:
                self.done(room)
            if time.perf_counter() >= until:
                break
        if self.waiting:  # the rest next pass, after what the loop has to read and write
            self._scheduled = asyncio.get_running_loop().call_soon(self._play)

    def cancel(self) -> None:
        if self._scheduled is not None:
            self._scheduled.cancel()
            self._scheduled = None
        self.waiting.clear()
