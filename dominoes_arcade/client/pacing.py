"""The frame loop's time and events: no work when nothing moves.

`App.run` draws a frame only when something on screen may have changed (the
reasons are in `App.step`); between such frames it still updates the top scene,
so timers (the title's attract demo, a finished demo's next game) and input are
seen as soon as they would be while drawing, but it draws nothing and sleeps
until the next frame's time.

It sleeps in SDL_Delay (`pygame.time.Clock.tick`), not in the event queue's wait:
pygame-ce 2.5's ``event.wait(timeout)`` polls the queue while it waits, which cost
more than everything else an idle iteration does (docs/speed.md, "Client").

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
        """The same, when nothing moves (no frame will be drawn unless an event came)."""


class FrameClock:
    """pygame's clock and event queue at `fps` frames a second.

    :param fixed: every animated frame advances exactly one frame's time and never
        waits (headless runs); idle iterations still sleep, in real time.
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
        return self._clock.tick(self.fps) / 1000, pygame.event.get()
