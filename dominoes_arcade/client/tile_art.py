"""Domino tiles drawn procedurally and cached as surfaces.

Each face is drawn at three times its size (rounded body, shading, pips) and
smooth-scaled down, which anti-aliases every edge; the result is cached by
everything that changes it, so a table blits ready surfaces. Colour is never the
only cue: pips are counted, `numbers` prints each half's number too, and the two
sets of Build Up differ by body colour *and* by the shape of the centre pin
(round for owner 0, a diamond for owner 1) and a rim pattern.

    art = TileArt("classic")
    art.face(3, 5, 96)                       # 3 on top, 5 below, 96 px long
    art.tile(t, 96, horizontal=True)         # engine tile t, low number on the left
    art.back(96, owner=1)                    # face down, seat 1's set
    art.shadow(96)                           # soft shadow to blit under a tile
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..engine.tiles import HIGH, LOW
from .canvas import scalable

SUPERSAMPLE = 3

Colour = tuple[int, int, int]

# Pip places in a 3x3 grid of a square half: (column, row), 0..2. Nine pips at most
# (the double-nine set).
PIP_LAYOUTS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 0), (1, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 0), (1, 2), (1, 1)),
)


@dataclass(frozen=True)
class TileTheme:
    name: str
    label: str
    bodies: tuple[Colour, Colour]
    """Body colour of owner 0's set (and of every unowned tile), and owner 1's."""
    pips: tuple[Colour, Colour]
    """Pip colour on each owner's body."""
    number_pips: tuple[Colour, ...] | None
    """A colour per number (0..9) for owner 0's pips, or None for `pips[0]`."""
    back: Colour
    """The back of a tile of no particular set (Necropolis, Cyprus); an owned
    tile's back is its set's body colour, so a face-down tile still says whose it is."""
    edge: Colour
    pin: Colour


THEMES: dict[str, TileTheme] = {
    "classic": TileTheme("classic", "Classic ivory", ((246, 240, 222), (150, 38, 42)), ((24, 24, 28), (250, 244, 230)),
                         None, (120, 30, 36), (120, 108, 88), (196, 160, 80)),
    # Okabe-Ito colours, each pip ringed in black so the light ones read on ivory,
    # and sets told apart by lightness (cream against deep blue) as well as hue.
    "colourblind": TileTheme(
        "colourblind", "Colour-blind safe", ((250, 246, 232), (0, 86, 150)), ((20, 20, 20), (255, 255, 255)),
        ((20, 20, 20), (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178),
         (213, 94, 0), (204, 121, 167), (20, 20, 20), (110, 110, 110)),
        (0, 86, 150), (90, 90, 90), (40, 40, 40)),
    "midnight": TileTheme("midnight", "Midnight", ((38, 40, 52), (214, 206, 186)), ((236, 232, 214), (30, 30, 38)),
                          None, (60, 64, 96), (12, 12, 18), (170, 176, 200)),
}


def shade(colour: Colour, factor: float) -> Colour:
    """Lighter above 1, darker below."""
    if factor >= 1:
        return tuple(min(255, round(c + (255 - c) * (factor - 1))) for c in colour)
    return tuple(max(0, round(c * factor)) for c in colour)


def tile_size(length: int, horizontal: bool = False) -> tuple[int, int]:
    """The (width, height) of a tile `length` pixels long."""
    short = length // 2
    return (length, short) if horizontal else (short, length)


def _scaled(length: int, scale: float) -> int:
    """A tile's length in pixels at `scale`: even, so its two halves are equal."""
    return max(8, 2 * round(length * scale / 2))


class TileArt:
    """Draws and caches tile faces, backs and shadows for one theme."""

    def __init__(self, theme: str = "classic", numbers: bool = False):
        self.theme = THEMES.get(theme, THEMES["classic"])
        self.numbers = numbers
        self._cache: dict[tuple, pygame.Surface] = {}
        self._font: dict[int, pygame.font.Font] = {}

    def configure(self, theme: str, numbers: bool) -> None:
        """Change theme or numbers; cached surfaces are dropped when either changes."""
        new_theme = THEMES.get(theme, THEMES["classic"])
        if new_theme is not self.theme or numbers != self.numbers:
            self.theme, self.numbers = new_theme, numbers
            self._cache.clear()

    # -- public ------------------------------------------------------------------
    def face(self, a: int, b: int, length: int, *, horizontal: bool = False,
             owner: int | None = None) -> pygame.Surface:
        """A face-up tile showing `a` on top (or left) and `b` below (or right)."""
        key = ("face", a, b, length, horizontal, owner)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._cache[key] = self._draw(length, horizontal, owner, (a, b))
            scalable(surface, lambda scale: self.face(a, b, _scaled(length, scale), horizontal=horizontal,
                                                      owner=owner))
        return surface

    def tile(self, t: int, length: int, *, horizontal: bool = False, owner: int | None = None,
             flipped: bool = False) -> pygame.Surface:
        """Engine tile `t` face up: its low number first (top or left), or its high
        number first when `flipped`."""
        a, b = (HIGH[t], LOW[t]) if flipped else (LOW[t], HIGH[t])
        return self.face(a, b, length, horizontal=horizontal, owner=owner)

    def back(self, length: int, *, horizontal: bool = False, owner: int | None = None) -> pygame.Surface:
        key = ("back", length, horizontal, owner)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._cache[key] = self._draw(length, horizontal, owner, None)
            scalable(surface, lambda scale: self.back(_scaled(length, scale), horizontal=horizontal, owner=owner))
        return surface

    def shadow(self, length: int, *, horizontal: bool = False, lift: float = 0.0) -> pygame.Surface:
        """A soft shadow the tile's size; `lift` (0..1) spreads and fades it, for a
        tile in the air."""
        lift_step = round(lift * 4)
        key = ("shadow", length, horizontal, lift_step)
        surface = self._cache.get(key)
        if surface is None:
            w, h = tile_size(length, horizontal)
            pad = 6 + lift_step * 3
            small = pygame.Surface(((w + 2 * pad) // 4, (h + 2 * pad) // 4), pygame.SRCALPHA)
            inner = pygame.Rect(pad // 4, pad // 4, max(1, w // 4), max(1, h // 4))
            pygame.draw.rect(small, (0, 0, 0, 120 - lift_step * 15), inner, border_radius=2)
            surface = pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))
            surface = pygame.transform.smoothscale(pygame.transform.smoothscale(surface, small.get_size()),
                                                   (w + 2 * pad, h + 2 * pad))
            self._cache[key] = surface
            scalable(surface, lambda scale: self.shadow(_scaled(length, scale), horizontal=horizontal, lift=lift))
        return surface

    # -- drawing -----------------------------------------------------------------
    def _draw(self, length: int, horizontal: bool, owner: int | None, numbers: tuple[int, int] | None
              ) -> pygame.Surface:
        theme = self.theme
        ss = SUPERSAMPLE
        w, h = tile_size(length, horizontal)
        W, H = w * ss, h * ss
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        radius = max(2, length // 10) * ss
        side = 1 if owner == 1 else 0
        if numbers is None:
            body = theme.back if owner is None else theme.bodies[side]
        else:
            body = theme.bodies[side]
        body_rect = big.get_rect()
        # Rim, then the face inset by a bevel, shaded light at the top to dark below.
        pygame.draw.rect(big, shade(body, 0.62), body_rect, border_radius=radius)
        face = body_rect.inflate(-2 * ss, -2 * ss)
        face.height -= ss
        bands = 12
        for i in range(bands):
            band = pygame.Rect(face.x, face.y + face.height * i // bands, face.width, face.height // bands + ss)
            clip = big.subsurface(band.clip(face))
            mask = pygame.Surface(clip.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(mask, shade(body, 1.12 - 0.2 * i / (bands - 1)),
                             pygame.Rect(face.x - band.x, face.y - band.y, face.width, face.height),
                             border_radius=radius - ss)
            clip.blit(mask, (0, 0))
        # A glossy line along the top edge.
        gloss = face.inflate(-radius, 0)
        pygame.draw.line(big, shade(body, 1.35), (gloss.left, face.top + ss), (gloss.right, face.top + ss), ss)
        if numbers is None:
            self._draw_back(big, face, body, side)
        else:
            self._draw_face(big, face, horizontal, side, numbers, length)
        surface = pygame.transform.smoothscale(big, (w, h))
        return surface.convert_alpha() if pygame.display.get_surface() is not None else surface

    def _draw_back(self, big: pygame.Surface, face: pygame.Rect, body: Colour, side: int) -> None:
        ss = SUPERSAMPLE
        inner = face.inflate(-face.width // 5, -face.width // 5)
        light = sum(body) > 450
        colour = shade(body, 0.78) if light else shade(body, 1.22)
        pygame.draw.rect(big, colour, inner, width=ss, border_radius=ss * 3)
        # A diamond lattice: the back reads as a back without colour.
        step = max(4 * ss, inner.width // 3)
        clip = big.get_clip()
        big.set_clip(inner.inflate(-2 * ss, -2 * ss))
        for offset in range(-inner.height, inner.width + inner.height, step):
            x0, x1 = inner.x + offset, inner.x + offset + inner.height
            pygame.draw.line(big, colour, (x0, inner.y), (x1, inner.bottom), ss)
            pygame.draw.line(big, colour, (x0, inner.bottom), (x1, inner.y), ss)
        big.set_clip(clip)
        if side == 1:
            # Owner 1's backs carry a second frame: a shape cue beside the colour.
            pygame.draw.rect(big, colour, inner.inflate(-4 * ss, -4 * ss), width=ss, border_radius=ss * 2)

    def _draw_face(self, big: pygame.Surface, face: pygame.Rect, horizontal: bool, side: int,
                   numbers: tuple[int, int], length: int) -> None:
        theme = self.theme
        ss = SUPERSAMPLE
        body = theme.bodies[side]
        # The two square halves and the divider between them.
        if horizontal:
            half = face.height
            halves = [pygame.Rect(face.x, face.y, face.width // 2, half),
                      pygame.Rect(face.centerx, face.y, face.width - face.width // 2, half)]
            pygame.draw.line(big, shade(body, 0.55), (face.centerx, face.y + half // 7),
                             (face.centerx, face.bottom - half // 7), max(ss, length * ss // 48))
        else:
            half = face.width
            halves = [pygame.Rect(face.x, face.y, half, face.height // 2),
                      pygame.Rect(face.x, face.centery, half, face.height - face.height // 2)]
            pygame.draw.line(big, shade(body, 0.55), (face.x + half // 7, face.centery),
                             (face.right - half // 7, face.centery), max(ss, length * ss // 48))
        # The centre pin: round for owner 0 (and unowned), a diamond for owner 1.
        pin_r = max(2 * ss, length * ss // 26)
        cx, cy = face.center
        if side == 1:
            points = [(cx, cy - pin_r - ss), (cx + pin_r + ss, cy), (cx, cy + pin_r + ss), (cx - pin_r - ss, cy)]
            pygame.draw.polygon(big, theme.pin, points)
            pygame.draw.polygon(big, shade(theme.pin, 0.6), points, ss)
        else:
            pygame.draw.circle(big, shade(theme.pin, 0.6), (cx, cy), pin_r + ss)
            pygame.draw.circle(big, theme.pin, (cx, cy), pin_r)
            pygame.draw.circle(big, shade(theme.pin, 1.4), (cx - pin_r // 3, cy - pin_r // 3), max(ss, pin_r // 3))
        for number, area in zip(numbers, halves, strict=True):
            if self.numbers:
                # The digit takes the top-left corner; the pips shrink into the rest.
                inset = round(min(area.width, area.height) * 0.2)
                self._draw_pips(big, pygame.Rect(area.x + inset, area.y + inset // 2, area.width - inset,
                                                 area.height - inset), number, side)
                self._draw_number(big, area, number, side, length)
            else:
                self._draw_pips(big, area, number, side)

    def _draw_pips(self, big: pygame.Surface, area: pygame.Rect, number: int, side: int) -> None:
        theme = self.theme
        ss = SUPERSAMPLE
        size = min(area.width, area.height)
        margin = size * 0.24
        span = (size - 2 * margin) / 2
        radius = max(ss, round(size * 0.085))
        ox = area.x + (area.width - size) / 2
        oy = area.y + (area.height - size) / 2
        colour = theme.pips[side]
        if side == 0 and theme.number_pips is not None:
            colour = theme.number_pips[number]
        ring = side == 0 and theme.number_pips is not None
        for column, row in PIP_LAYOUTS[number]:
            x = round(ox + margin + column * span)
            y = round(oy + margin + row * span)
            # A pip is a hollow in the tile: a dark lip below, the pip, a glint.
            pygame.draw.circle(big, shade(theme.bodies[side], 0.8), (x, y + ss), radius + ss)
            if ring:
                pygame.draw.circle(big, (16, 16, 16), (x, y), radius + ss)
            pygame.draw.circle(big, colour, (x, y), radius)
            pygame.draw.circle(big, shade(colour, 1.5) if sum(colour) < 300 else shade(colour, 0.85),
                               (x - radius // 3, y - radius // 3), max(1, radius // 3))

    def _draw_number(self, big: pygame.Surface, area: pygame.Rect, number: int, side: int, length: int) -> None:
        ss = SUPERSAMPLE
        size = max(8, length * ss // 8)
        font = self._font.get(size)
        if font is None:
            from .theme import FONT_FILES

            path = FONT_FILES[True]
            font = self._font[size] = pygame.font.Font(str(path) if path.exists() else None, size)
        colour = self.theme.pips[side]
        label = font.render(str(number), True, colour)
        big.blit(label, (area.x + ss * 2, area.y + ss))
