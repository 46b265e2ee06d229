"""The frame loop's time and events: no work when nothing moves.

`App.run` draws a frame only when something on screen may have changed (the
reasons are in `App.step`); between such frames it still updates the top scene,
so timers (a bot's think delay, the title's attract demo) and a worker's answer are
seen on time, but it draws nothing and sleeps in SDL's event wait, where an input,
or the window being exposed or given back the focus, wakes it at once.

A `FrameClock` gives the loop each iteration's time step and events: `frame()`
while something moves (paced at the fps target; headless, a fixed step with no
waiting, so tests and screenshots run as fast as they can), `idle()` when nothing
does. Tests hand `App.run` a clock of their own, with simulated time.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Clock(Protocol):
    def frame(self) -> tuple[float, list]:
        """Seconds since the last iteration, and the events: something moves."""

    def idle(self) -> tuple[float, list]:
        """The same, waiting for an event at most about a frame's time: nothing moves."""


class FrameClock:
    """pygame's clock and event queue at `fps` frames a second.

    :param fixed: every animated frame advances exactly one frame's time and never
        waits (headless runs); idle iterations still wait, in real time.
    """

    def __init__(self, fps: int, *, fixed: bool = False):
        self.fps = fps
        self.fixed = fixed
        self._clock = pygame.time.Clock()

    def frame(self) -> tuple[float, list]:
        if self.fixed:
            self._clock.tick()
            return 1.0 / self.fps, pygame.event.get()
        return self._clock.tick(self.fps) / 1000, pygame.event.get()

    def idle(self) -> tuple[float, list]:
        # The timeout is a frame's time, so a timer that ends while nothing moves is
        # seen no later than it would be while drawing.
        first = pygame.event.wait(max(1, round(1000 / self.fps)))
        events = [] if first.type == pygame.NOEVENT else [first]
        events.extend(pygame.event.get())
        return self._clock.tick() / 1000, events
