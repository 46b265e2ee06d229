"""The surface scenes draw on: logical units (the 1280x720 layout) at any pixel size.

Every layout in the client is in logical units. At another resolution the App
draws the frame on a `Canvas` whose pixels are `scale` times the logical size:
blits and fills take logical positions and land at their pixel positions, and
what is blitted is drawn again at the pixel size when it can be (text renders
at its size times `scale`, a tile at its length times `scale`, a panel at its
size: `scalable` says how), so text and pips are sharp at any size. Other
surfaces are smooth-scaled once and cached. Shapes go through `gfx`, which scales
their coordinates. At scale 1 a canvas is a plain surface that keeps marks.

A canvas also keeps the marks of the labels, panels and badges put on it
(`layout_check`), and takes along those of another canvas blitted onto it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import pygame

from .layout_check import LABELS, PANELS, Mark

_scale = 1.0
_SCALABLE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Logical surface -> a function drawing it again at a scale."""
_SCALED: dict[int, tuple[weakref.ref, float, pygame.Surface]] = {}
"""id of a logical surface -> (a reference to it, scale, its pixels at that scale):
by id, since a frame looks up a hundred surfaces and a weak dictionary is slow."""


def set_scale(scale: float) -> None:
    """The scale new canvases are made at (the App's, set with the display mode)."""
    global _scale
    _scale = scale


def scalable(surface: pygame.Surface, make: Callable[[float], pygame.Surface]) -> pygame.Surface:
    """Tag `surface` (logical) with `make(scale)`, which draws it again at `scale`."""
    _SCALABLE[surface] = make
    return surface


def scale_rect(rect, scale: float) -> pygame.Rect:
    """`rect` in pixels: edges rounded, so neighbouring rects still meet."""
    rect = pygame.Rect(rect)
    left, top = round(rect.x * scale), round(rect.y * scale)
    return pygame.Rect(left, top, round(rect.right * scale) - left, round(rect.bottom * scale) - top)


def scale_point(point, scale: float) -> tuple[int, int]:
    return round(point[0] * scale), round(point[1] * scale)


def pixels_of(source: pygame.Surface, scale: float) -> pygame.Surface:
    """`source` (logical) as pixels at `scale`: drawn again when it is `scalable`,
    else smooth-scaled; cached for as long as `source` lives."""
    key = id(source)
    cached = _SCALED.get(key)
    if cached is not None and cached[1] == scale and cached[0]() is source:
        return cached[2]
    if isinstance(source, Canvas):
        if source.scale == scale:
            return source
        # A layer made at another scale (before the display changed): its pixels, rescaled.
        return pygame.transform.smoothscale(source, scale_point(source.logical, scale))
    make = _SCALABLE.get(source)
    if make is not None:
        pixels = make(scale)
    else:
        width, height = source.get_size()
        pixels = pygame.transform.smoothscale(source, (max(1, round(width * scale)), max(1, round(height * scale))))
    # (The table itself bound, not looked up: the callback may run as the interpreter exits.)
    _SCALED[key] = (weakref.ref(source, lambda _ref, table=_SCALED: table.pop(key, None)), scale, pixels)
    return pixels


class _Logical:
    """Drawing in logical units on `pixels` (a surface), `scale` pixels to the
    unit, the logical origin at pixel `origin`: what `Canvas` and `Frame` share."""

    pixels: pygame.Surface
    scale: float
    origin: tuple[int, int]
    logical: tuple[int, int]

    def _start_marks(self) -> None:
        self.marks: list[Mark] = []
        self.layer = ""
        self.keep_marks = True
        """Whether blits are noted (the App's frame: only while it checks the layout;
        a cached layer always, since it may be checked later)."""

    @property
    def exact(self) -> bool:
        """One pixel to the unit, no offset: pygame's own calls do."""
        return self.scale == 1.0 and self.origin == (0, 0)

    def to_pixels(self, rect) -> pygame.Rect:
        rect = scale_rect(rect, self.scale)
        return rect.move(self.origin) if self.origin != (0, 0) else rect

    def to_point(self, point) -> tuple[int, int]:
        x, y = scale_point(point, self.scale)
        return x + self.origin[0], y + self.origin[1]

    def to_logical(self, rect) -> pygame.Rect:
        return scale_rect(pygame.Rect(rect).move(-self.origin[0], -self.origin[1]), 1 / self.scale)

    # -- logical sizes ----------------------------------------------------------------------
    def get_size(self) -> tuple[int, int]:
        return self.logical

    def get_width(self) -> int:
        return self.logical[0]

    def get_height(self) -> int:
        return self.logical[1]

    def get_rect(self, **where) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.logical)
        for key, value in where.items():
            setattr(rect, key, value)
        return rect

    def get_flags(self) -> int:
        return pygame.Surface.get_flags(self.pixels)

    # -- drawing in logical units -----------------------------------------------------------
    def fill(self, color, rect=None, special_flags=0):
        if rect is None and not special_flags:
            self.marks.clear()  # repainted from scratch: what was on it is gone
        area = self.to_pixels(rect if rect is not None else self.get_rect())
        return pygame.Surface.fill(self.pixels, color, area, special_flags)

    def set_clip(self, rect=None) -> None:
        pygame.Surface.set_clip(self.pixels, None if rect is None else self.to_pixels(rect))

    def get_clip(self) -> pygame.Rect:
        clip = pygame.Surface.get_clip(self.pixels)
        return clip if self.exact else self.to_logical(clip).clip(self.get_rect())

    def blit(self, source, dest, area=None, special_flags=0):
        scale = self.scale
        if self.exact and not (isinstance(source, Canvas) and source.scale != 1.0):
            drawn = pygame.Surface.blit(self.pixels, source, dest, area, special_flags)
        else:
            pixels = pixels_of(source, scale)
            alpha = source.get_alpha()
            if pixels is not source and pixels.get_alpha() != alpha:
                pixels.set_alpha(alpha)  # (text faded by set_alpha keeps its fade)
            where = dest.topleft if isinstance(dest, pygame.Rect) else dest
            pygame.Surface.blit(self.pixels, pixels, self.to_point(where),
                                None if area is None else scale_rect(area, scale), special_flags)
            # Where it went in logical units (unclipped: cheaper than mapping pygame's answer back).
            drawn = pygame.Rect(where, pygame.Rect(area).size if area is not None else source.get_size())
        if self.keep_marks:
            self._note_blit(source, dest, area)
        return drawn

    # -- marks ----------------------------------------------------------------------------------
    def _note_blit(self, source, dest, area) -> None:
        if isinstance(dest, pygame.Rect):
            origin = dest.topleft
        else:
            origin = (round(dest[0]), round(dest[1]))
        cut = pygame.Rect(area) if area is not None else None
        shift = (origin[0] - cut.x, origin[1] - cut.y) if cut is not None else origin
        found = LABELS.get(source)
        if found is not None:
            if found[1] is None:
                found[1] = source.get_bounding_rect()
            self._add("text", found[1], found[0], cut, shift)
            return
        body = PANELS.get(source)
        if body is not None:
            self._add(body[2], body[0], body[1], cut, shift)
        elif isinstance(source, Canvas):
            for mark in source.marks:
                self._add(mark.kind, mark.rect, mark.what, cut, shift)

    def _add(self, kind: str, rect: pygame.Rect, what: str, cut, shift) -> None:
        if cut is not None:
            rect = rect.clip(cut)
        rect = rect.move(shift).clip(self.get_clip())  # what a clip hides is not there
        if rect.width and rect.height:
            self.marks.append(Mark(kind, rect, what, self.layer))


class Canvas(_Logical, pygame.Surface):
    """A surface in logical units, `scale` pixels to the unit (by default the
    App's): a layer that is drawn once and blitted often."""

    def __init__(self, size, flags: int = 0, scale: float | None = None):
        scale = _scale if scale is None else scale
        width, height = size
        super().__init__((max(1, round(width * scale)), max(1, round(height * scale))), flags)
        self.scale = scale
        self.origin = (0, 0)
        self.logical = (width, height)
        self._start_marks()

    @property
    def pixels(self) -> pygame.Surface:
        return self

    @classmethod
    def like(cls, surface: pygame.Surface) -> Canvas:
        """A canvas holding a copy of `surface` (logical; same size and alpha)."""
        flags = pygame.SRCALPHA if surface.get_flags() & pygame.SRCALPHA else 0
        canvas = cls(surface.get_size(), flags)
        pygame.Surface.blit(canvas, pixels_of(surface, canvas.scale), (0, 0))
        return canvas


class Frame(_Logical):
    """The App's frame drawn straight on the screen: `logical` units, `scale`
    pixels to the unit, the top-left corner at pixel `origin` (bars around it).

    Nothing drawn on it lands in the bars: the screen is clipped to the frame's
    pixels, and a clip a scene sets stays inside them. (A title sliding in from
    above the frame, or a tile flying in from beside it, would otherwise leave its
    trail in the bars, which nothing paints over.)"""

    def __init__(self, screen: pygame.Surface, logical: tuple[int, int], scale: float, origin: tuple[int, int]):
        self.pixels = screen
        self.logical = logical
        self.scale = scale
        self.origin = origin
        self.area = self.to_pixels(self.get_rect())
        """The frame's pixels on the screen (all of it but the bars)."""
        pygame.Surface.set_clip(screen, self.area)
        self._start_marks()

    def set_clip(self, rect=None) -> None:
        area = self.area if rect is None else self.to_pixels(rect).clip(self.area)
        pygame.Surface.set_clip(self.pixels, area)
