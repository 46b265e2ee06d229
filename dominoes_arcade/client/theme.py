"""The look shared by every screen: colours, fonts, text and panel drawing.

`Style` is built once by the `App` and handed to scenes and widgets as
``app.style``. Text renders through `Style.text`, which caches each rendered
string, so drawing the same label every frame costs one blit. Fonts are DejaVu
Sans from ``assets/fonts`` (installed as ``dominoes_arcade.assets``; its free
licence beside the files), or pygame's own font when the files are missing.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from importlib import resources

import pygame

from . import gfx
from .canvas import scalable, scale_point, scale_rect
from .layout_check import label, panel

# A wheel or a checkout installs the package as files, so a Traversable here is a
# real path that pygame can open by name.
FONTS = resources.files("dominoes_arcade.assets").joinpath("fonts")
FONT_FILES = {False: FONTS.joinpath("DejaVuSans.ttf"), True: FONTS.joinpath("DejaVuSans-Bold.ttf")}

Colour = tuple[int, int, int]

# Text sizes, in logical pixels.
SMALL, BODY, LARGE, HEADING, TITLE = 17, 21, 26, 38, 76


@dataclass(frozen=True)
class Palette:
    text: Colour = (244, 240, 228)
    text_dim: Colour = (182, 196, 186)
    text_dark: Colour = (30, 34, 32)
    accent: Colour = (246, 196, 72)
    """Gold: focus rings, highlights."""
    panel: tuple[int, int, int, int] = (10, 24, 18, 200)
    panel_border: Colour = (86, 130, 104)
    button: Colour = (38, 74, 58)
    button_top: Colour = (58, 104, 82)
    button_focus: Colour = (70, 128, 98)
    button_pressed: Colour = (24, 50, 40)
    button_disabled: Colour = (46, 56, 52)
    shadow: tuple[int, int, int, int] = (0, 0, 0, 110)
    danger: Colour = (214, 92, 70)
    felt: Colour = (22, 92, 62)
    felt_edge: Colour = (8, 40, 28)


FELTS: dict[str, tuple[Colour, Colour]] = {
    "classic": ((22, 92, 62), (8, 40, 28)),
    "colourblind": ((28, 78, 96), (10, 32, 44)),
    "midnight": ((30, 36, 70), (10, 12, 28)),
}
"""Table felt (centre, edge) for each tile theme."""


class Style:
    """Fonts, palette and cached text for the whole client."""

    def __init__(self, theme: str = "classic"):
        self.palette = Palette()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self._backgrounds: dict[tuple, pygame.Surface] = {}
        self.theme = theme

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            path = FONT_FILES[bold]
            found = path.is_file()
            font = pygame.font.Font(str(path) if found else None, size)
            if not found and bold:
                font.set_bold(True)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int = BODY, colour: Colour = None, bold: bool = False) -> pygame.Surface:
        """`text` rendered anti-aliased (cached: the same call returns the same surface)."""
        colour = colour or self.palette.text
        key = (text, size, colour, bold)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > 4000:
                self._text.clear()  # a bound for long sessions; everything re-renders on demand
            surface = label(self.font(size, bold).render(text, True, colour), text)
            scalable(surface, lambda scale: self.text(text, max(1, round(size * scale)), colour, bold))
            self._text[key] = surface
        return surface

    def shadow_text(self, text: str, size: int, colour: Colour = None, bold: bool = True,
                    offset: int = 3) -> pygame.Surface:
        """Text over a soft dark copy of itself: legible on any felt."""
        key = ("shadow", text, size, colour, bold, offset)
        surface = self._text.get(key)
        if surface is None:
            front = self.text(text, size, colour, bold)
            back = self.font(size, bold).render(text, True, (0, 0, 0))
            back.set_alpha(140)
            surface = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
            surface.blit(back, (offset, offset))
            surface.blit(front, (0, 0))
            self._text[key] = label(surface, text)
            scalable(surface, lambda scale: self.shadow_text(text, max(1, round(size * scale)), colour, bold,
                                                             max(1, round(offset * scale))))
        return surface

    def wrap(self, text: str, width: int, size: int = BODY, bold: bool = False) -> list[str]:
        """`text` broken into lines no wider than `width` pixels."""
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}" if line else word
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def background(self, size: tuple[int, int], theme: str | None = None) -> pygame.Surface:
        """The table felt: a radial vignette and a fine grain, built once per size and theme."""
        theme = theme or self.theme
        key = (size, theme)
        surface = self._backgrounds.get(key)
        if surface is None:
            surface = felt_surface(size, *FELTS.get(theme, FELTS["classic"]))
            scalable(surface, lambda scale: self.background(scale_point(size, scale), theme))
            self._backgrounds[key] = surface
        return surface


def felt_surface(size: tuple[int, int], centre: Colour, edge: Colour, seed: int = 7) -> pygame.Surface:
    # A small gradient smooth-scaled up is as good as a per-pixel one and 400x faster.
    small_w, small_h = 48, 27
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x + 0.5) / small_w - 0.5
            dy = ((y + 0.5) / small_h - 0.45) * 0.9
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 * 1.45)
            t = d * d
            small.set_at((x, y), tuple(round(c + (e - c) * t) for c, e in zip(centre, edge, strict=True)))
    surface = pygame.transform.smoothscale(small, size)
    grain = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(seed)
    width, height = size
    for _ in range(width * height // 90):
        shade = rng.choice((0, 255))
        grain.fill((shade, shade, shade, rng.randint(6, 16)), (rng.randrange(width), rng.randrange(height), 2, 1))
    surface.blit(grain, (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, style: Style, radius: int = 18,
               alpha: int | None = None, scale: float = 1.0) -> None:
    """A dark translucent panel with a light rim and a drop shadow (`rect` and
    `radius` in pixels, `scale` pixels to the unit for the shadow and the rim)."""
    palette = style.palette
    spread, drop = round(4 * scale), round(2 * scale)
    shadow = pygame.Surface((rect.width + 4 * spread, rect.height + 4 * spread), pygame.SRCALPHA)
    gfx.rect(shadow, (0, 0, 0, 70), shadow.get_rect().inflate(-spread, -spread),
             border_radius=radius + round(6 * scale))
    surface.blit(shadow, (rect.x - spread, rect.y + drop))
    fill = palette.panel if alpha is None else (*palette.panel[:3], alpha)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    gfx.rect(body, fill, body.get_rect(), border_radius=radius)
    gfx.rect(body, (*palette.panel_border, 200), body.get_rect(), width=max(1, round(2 * scale)), border_radius=radius)
    surface.blit(body, rect.topleft)


@functools.lru_cache(maxsize=4096)  # asked every frame for the same few lines
def plural(count: int, noun: str) -> str:
    """`count` and `noun`, in the plural unless it is one: "1 pip", "3 tiles"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def fitting_size(style, text: str, size: int, width: int, bold: bool, smallest: int) -> int:
    """The largest size, `size` at most and `smallest` at least, at which `text` fits
    `width` pixels (at `smallest`, `fitted` cuts what still does not)."""
    while size > smallest and style.font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def fitted(style, text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis when it is wider than `width` pixels."""
    font = style.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text + "\u2026"


class PanelCache:
    """Panels are blended surfaces: build each size once and blit it after."""

    def __init__(self, style: Style):
        self.style = style
        self._cache: dict[tuple, pygame.Surface] = {}

    def get(self, size: tuple[int, int], radius: int = 18, alpha: int | None = None,
            scale: float = 1.0) -> pygame.Surface:
        """A panel of `size` (logical) with its shadow, at `scale` pixels to the unit."""
        key = (size, radius, alpha, scale)
        image = self._cache.get(key)
        if image is None:
            margin = scale_rect((4, 2, 12, 12), scale)
            body = pygame.Rect(margin.topleft, scale_point(size, scale))
            image = pygame.Surface((body.width + margin.width, body.height + margin.height), pygame.SRCALPHA)
            draw_panel(image, body, self.style, round(radius * scale), alpha, scale)
            if scale == 1.0:
                panel(image, body, opaque=alpha is not None and alpha >= 240)
                scalable(image, lambda to: self.get(size, radius, alpha, to))
            self._cache[key] = image
        return image

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 18, alpha: int | None = None) -> None:
        surface.blit(self.get(rect.size, radius, alpha), (rect.x - 4, rect.y - 2))
