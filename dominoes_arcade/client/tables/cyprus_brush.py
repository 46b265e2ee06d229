"""The means the Cyprus table's painters share (`cyprus_panels`, `cyprus_status`): words
at a place, see-through rounded boxes (cached), the dealer chip, and where a seat
plate's kind and total bar go (the bar row is also where a seat's note sits).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import gfx
from ..theme import SMALL
from .cyprus_frame import Frame

TINY = SMALL - 3


class Brush:
    """Draws words and boxes in the app's current style (`style_of` gives it: a theme
    change replaces it)."""

    def __init__(self, style_of: Callable[[], Any]):
        self._style_of = style_of
        self._overlay: dict[tuple, pygame.Surface] = {}

    @property
    def style(self):
        return self._style_of()

    def text(self, surface, words: str, pos, size=SMALL, colour=None, bold=False, anchor="topleft") -> pygame.Rect:
        image = self.style.text(words, size, colour, bold)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def translucent(self, size: tuple[int, int], colour: tuple[int, int, int, int], radius: int = 8,
                    width: int = 0) -> pygame.Surface:
        """A rounded rectangle in a see-through colour, cached by everything that shapes it."""
        key = (size, colour, radius, width)
        image = self._overlay.get(key)
        if image is None:
            image = pygame.Surface(size, pygame.SRCALPHA)
            gfx.rect(image, colour, image.get_rect(), width=width, border_radius=radius)
            self._overlay[key] = image
        return image

    def dealer_chip(self, surface, centre) -> None:
        gfx.circle(surface, (250, 246, 232), centre, 9)
        gfx.circle(surface, (30, 34, 32), centre, 9, 1)
        self.text(surface, "D", centre, TINY, (30, 34, 32), bold=True, anchor="center")

    def plate_bar(self, frame: Frame, seat: int, plate: pygame.Rect) -> pygame.Rect:
        """The bar of the seat's total against the target on its `plate`, right of its kind."""
        kind_right = plate.x + 10 + self.style.font(TINY).size(plate_kind(frame, seat))[0]
        return pygame.Rect(kind_right + 8, plate.y + 31, plate.right - 10 - kind_right - 8, 5)


def plate_kind(frame: Frame, seat: int) -> str:
    """The seat's kind on its plate, in a word ("Easy", a program's name)."""
    return frame.kinds[seat].split()[0]
