"""A short celebration for a win: confetti and little dominoes tumbling down the
screen for a few seconds. Each piece's path is a function of the time since the
celebration began (thrown, then falling, swaying and spinning), so drawing never
changes state and a skip (``elapsed`` set to the end) simply stops it. The
game-over screen runs it on a tween, so the animation-speed setting stretches it
and "off" shows none."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from . import gfx

SECONDS = 3.5
"""How long the pieces fall (at normal animation speed)."""
FADE_SECONDS = 0.8
"""The last part of it, in which the pieces fade out."""
GRAVITY = 240.0
"""Logical pixels per second squared."""
COLOURS = ((240, 196, 80), (96, 196, 120), (214, 92, 70), (90, 150, 230), (236, 232, 220))
IVORY, PIP = (246, 240, 222), (30, 30, 30)


@dataclass(frozen=True)
class Piece:
    x: float
    y: float
    vx: float
    vy: float
    spin: float
    """Radians per second."""
    sway: float
    """Phase of its side-to-side drift."""
    colour: tuple[int, int, int]
    domino: bool
    """A little domino (ivory with a line and two pips), else a paper strip."""


class Confetti:
    """`count` pieces thrown from above the top edge of a `width`-wide screen, from `seed`."""

    def __init__(self, width: int, count: int = 90, seed: int = 0):
        rng = random.Random(seed)
        self.pieces = [Piece(rng.uniform(0, width), rng.uniform(-160, -10), rng.uniform(-50, 50),
                             rng.uniform(40, 170), rng.uniform(-7, 7), rng.uniform(0, math.tau),
                             rng.choice(COLOURS), rng.random() < 0.2) for _ in range(count)]
        self.elapsed = 0.0
        """Seconds since it began (a tween moves it to `SECONDS`)."""

    @property
    def done(self) -> bool:
        return self.elapsed >= SECONDS

    def draw(self, surface: pygame.Surface) -> None:
        t = self.elapsed
        if t <= 0 or self.done:
            return
        fade = min(1.0, (SECONDS - t) / FADE_SECONDS)
        for piece in self.pieces:
            x = piece.x + piece.vx * t + 14 * math.sin(2.2 * t + piece.sway)
            y = piece.y + piece.vy * t + 0.5 * GRAVITY * t * t
            if y < -20 or y > surface.get_height() + 20:
                continue
            angle = piece.sway + piece.spin * t
            if piece.domino:
                self._domino(surface, x, y, angle, fade)
            else:
                colour = tuple(round(c * fade + 20 * (1 - fade)) for c in piece.colour)
                gfx.polygon(surface, colour, corners(x, y, 6, 3 * abs(math.cos(angle * 0.7)) + 1, angle))

    @staticmethod
    def _domino(surface: pygame.Surface, x: float, y: float, angle: float, fade: float) -> None:
        face = tuple(round(c * fade + 20 * (1 - fade)) for c in IVORY)
        gfx.polygon(surface, face, corners(x, y, 9, 4.5, angle))
        along = (math.cos(angle), math.sin(angle))
        gfx.line(surface, PIP, (x - along[1] * 4, y + along[0] * 4), (x + along[1] * 4, y - along[0] * 4), 1)
        for side in (-4.5, 4.5):
            gfx.circle(surface, PIP, (x + along[0] * side, y + along[1] * side), 1.3)


def corners(x: float, y: float, half_long: float, half_short: float, angle: float) -> list[tuple[float, float]]:
    """The corners of a rectangle centred at (x, y), its long side at `angle`."""
    c, s = math.cos(angle), math.sin(angle)
    return [(x + c * a - s * b, y + s * a + c * b)
            for a, b in ((half_long, half_short), (-half_long, half_short), (-half_long, -half_short),
                         (half_long, -half_short))]
