"""Shapes in logical units: `pygame.draw`'s rect, circle, line, lines and polygon
on a `canvas.Canvas` or the App's `canvas.Frame`, at their pixels (a plain surface
draws as pygame does). Widths and radii scale too, so a ring is as thick,
relatively, at any size. `glow` haloes a rect without touching it;
`blit_faded` blits an image see-through without changing it for its other users."""

from __future__ import annotations

import pygame


def _width(width: int, scale: float) -> int:
    return max(1, round(width * scale)) if width > 0 else 0


def rect(surface, color, area, width: int = 0, border_radius: int = 0) -> pygame.Rect:
    pixels = getattr(surface, "pixels", None)
    if pixels is None or surface.exact:
        return pygame.draw.rect(surface if pixels is None else pixels, color, area, width, border_radius)
    scale = surface.scale
    return pygame.draw.rect(pixels, color, surface.to_pixels(area), _width(width, scale), round(border_radius * scale))


def circle(surface, color, center, radius: float, width: int = 0) -> pygame.Rect:
    pixels = getattr(surface, "pixels", None)
    if pixels is None or surface.exact:
        return pygame.draw.circle(surface if pixels is None else pixels, color, center, radius, width)
    scale = surface.scale
    return pygame.draw.circle(pixels, color, surface.to_point(center), radius * scale, _width(width, scale))


def line(surface, color, start, end, width: int = 1) -> pygame.Rect:
    pixels = getattr(surface, "pixels", None)
    if pixels is None or surface.exact:
        return pygame.draw.line(surface if pixels is None else pixels, color, start, end, width)
    return pygame.draw.line(pixels, color, surface.to_point(start), surface.to_point(end),
                            _width(width, surface.scale))


def lines(surface, color, closed: bool, points, width: int = 1) -> pygame.Rect:
    pixels = getattr(surface, "pixels", None)
    if pixels is None or surface.exact:
        return pygame.draw.lines(surface if pixels is None else pixels, color, closed, points, width)
    return pygame.draw.lines(pixels, color, closed, [surface.to_point(p) for p in points],
                             _width(width, surface.scale))


def polygon(surface, color, points, width: int = 0) -> pygame.Rect:
    pixels = getattr(surface, "pixels", None)
    if pixels is None or surface.exact:
        return pygame.draw.polygon(surface if pixels is None else pixels, color, points, width)
    return pygame.draw.polygon(pixels, color, [surface.to_point(p) for p in points], _width(width, surface.scale))


def blit_faded(surface, image: pygame.Surface, dest, alpha: int) -> pygame.Rect:
    """Blit `image` at opacity `alpha` (0 to 255), then give it back its own.

    Text and tiles come from caches every screen shares (`Style.text` returns the
    same surface for the same words), so a fade must not outlive the blit; and
    never ``set_alpha(None)`` to undo one: on a surface with per-pixel alpha that
    turns blending off, and the see-through pixels round the letters then draw as
    a solid box of the text's colour."""
    before = image.get_alpha()
    image.set_alpha(alpha)
    try:
        return surface.blit(image, dest)
    finally:
        image.set_alpha(before)


GLOW = 7
"""How far a `glow` reaches out from its rect, in logical pixels."""
_GLOWS: dict[tuple, pygame.Surface] = {}


def glow(surface, rect, colour, alpha: int) -> None:
    """A soft halo round `rect` in `colour`, fading outwards, at opacity `alpha`
    (0 to 255); `rect` itself stays as it is (cached by size and colour)."""
    key = (rect.size, colour)
    halo = _GLOWS.get(key)
    if halo is None:
        if len(_GLOWS) > 256:
            _GLOWS.clear()
        halo = _GLOWS[key] = pygame.Surface((rect.width + 2 * GLOW, rect.height + 2 * GLOW), pygame.SRCALPHA)
        inner = halo.get_rect().inflate(-2 * GLOW, -2 * GLOW)
        for grow in range(1, GLOW + 1):  # one-pixel rings, each fainter than the one inside it
            ring = inner.inflate(2 * grow, 2 * grow)
            pygame.draw.rect(halo, (*colour, round(150 * (1 - grow / (GLOW + 1)))), ring, 1, 10 + grow)
    blit_faded(surface, halo, (rect.x - GLOW, rect.y - GLOW), alpha)
