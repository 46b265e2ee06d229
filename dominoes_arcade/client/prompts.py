"""Button prompts that follow the last device used.

A scene lists what its buttons do as (intent, words) pairs; the footer shows each
with the key, button or mouse action that triggers it on the device the player
touched last, and in the controller's own labels (`[controls] button_labels`:
Xbox letters, PlayStation shapes, Nintendo letters, or "auto" from the pad's
name). SDL names face buttons by position, so the bottom button confirms on
every pad; only its printed label differs. Each prompt is also clickable, so the
mouse alone can do whatever the footer offers.
"""

from __future__ import annotations

import pygame

from . import gfx
from .input import Device, Intent
from .theme import SMALL, Style

KEYBOARD = {
    Intent.CONFIRM: "Enter", Intent.BACK: "Esc", Intent.PAUSE: "P", Intent.HINT: "H", Intent.UNDO: "U",
    Intent.REDO: "Ctrl+Y", Intent.MOVES: "L", Intent.VALUES: "V",
    Intent.PAGE_UP: "PgUp", Intent.PAGE_DOWN: "PgDn",
    # Prompts name a pair of directions by one of them: LEFT stands for left and
    # right ("Change"), UP for up and down ("Scroll").
    Intent.UP: "\u2191\u2193", Intent.DOWN: "\u2191\u2193", Intent.LEFT: "\u2190\u2192", Intent.RIGHT: "\u2190\u2192",
}
MOUSE = {
    Intent.CONFIRM: "Click", Intent.BACK: "Right-click", Intent.SCROLL: "Wheel", Intent.PAGE_UP: "Wheel",
    Intent.PAGE_DOWN: "Wheel",
}
# Face buttons by position: bottom, right, left, top (SDL's A, B, X, Y).
FACE = {Intent.CONFIRM: "bottom", Intent.BACK: "right", Intent.UNDO: "left", Intent.HINT: "top"}
PADS = {
    "xbox": {"bottom": "A", "right": "B", "left": "X", "top": "Y", "start": "Menu", "lb": "LB", "rb": "RB", "rs": "RS",
             "ls": "LS", "lt": "LT"},
    "playstation": {"bottom": "cross", "right": "circle", "left": "square", "top": "triangle", "start": "Options",
                    "lb": "L1", "rb": "R1", "rs": "R3", "ls": "L3", "lt": "L2"},
    "nintendo": {"bottom": "B", "right": "A", "left": "Y", "top": "X", "start": "+", "lb": "L", "rb": "R", "rs": "RS",
                 "ls": "LS", "lt": "ZL"},
}
SHAPES = {"cross", "circle", "square", "triangle"}


def pad_family(setting: str, controller_name: str) -> str:
    """The label set to show: the setting, or for "auto" a guess from the pad's name."""
    if setting != "auto":
        return setting
    name = controller_name.lower()
    if any(word in name for word in ("playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5", "sony")):
        return "playstation"
    if any(word in name for word in ("nintendo", "switch", "joy-con", "pro controller")):
        return "nintendo"
    return "xbox"


def prompt_label(intent: Intent, device: Device, family: str = "xbox") -> str:
    """The key, button or mouse action for `intent` on `device`, as words."""
    if device is Device.MOUSE:
        if intent in (Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT):
            return ""  # the mouse clicks the control itself
        # Otherwise the key's name: the prompt is a button the mouse can click.
        return MOUSE.get(intent, KEYBOARD.get(intent, ""))
    if device is Device.KEYBOARD:
        return KEYBOARD.get(intent, "")
    labels = PADS[family]
    if intent in FACE:
        return labels[FACE[intent]]
    if intent is Intent.PAUSE:
        return labels["start"]
    if intent is Intent.PAGE_UP:
        return labels["lb"]
    if intent is Intent.PAGE_DOWN:
        return labels["rb"]
    if intent is Intent.REDO:
        return labels["rs"]
    if intent is Intent.MOVES:
        return labels["ls"]
    if intent is Intent.VALUES:
        return labels["lt"]
    if intent in (Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT):
        return "D-pad"
    return ""


def draw_glyph(surface: pygame.Surface, label: str, centre: tuple[int, int], style: Style) -> pygame.Rect:
    """One prompt glyph: a PlayStation shape, a round face button or a key cap."""
    p = style.palette
    cx, cy = centre
    if label in SHAPES:
        rect = pygame.Rect(0, 0, 30, 30)
        rect.center = centre
        gfx.circle(surface, (28, 30, 34), centre, 15)
        gfx.circle(surface, (200, 200, 200), centre, 15, 2)
        if label == "cross":
            gfx.line(surface, (140, 180, 255), (cx - 6, cy - 6), (cx + 6, cy + 6), 3)
            gfx.line(surface, (140, 180, 255), (cx - 6, cy + 6), (cx + 6, cy - 6), 3)
        elif label == "circle":
            gfx.circle(surface, (255, 120, 120), centre, 7, 3)
        elif label == "square":
            gfx.rect(surface, (240, 150, 220), (cx - 6, cy - 6, 13, 13), 3)
        else:
            gfx.polygon(surface, (100, 220, 180), [(cx, cy - 8), (cx + 8, cy + 6), (cx - 8, cy + 6)], 3)
        return rect
    text = style.text(label, SMALL, p.text_dark, bold=True)
    width = max(30, text.get_width() + 16)
    rect = pygame.Rect(0, 0, width, 30)
    rect.center = centre
    round_button = len(label) == 1 and label.isalpha() and label.isupper() and label not in "PHULV"
    radius = 15 if round_button else 6
    gfx.rect(surface, (120, 110, 90), rect.move(0, 3), border_radius=radius)
    gfx.rect(surface, (238, 232, 214), rect, border_radius=radius)
    surface.blit(text, text.get_rect(center=rect.center))
    return rect


def layout_prompts(style: Style, prompts: list[tuple[Intent, str]], device: Device, family: str,
                   right: int, centre_y: int) -> list[tuple[pygame.Rect, Intent, str, str]]:
    """Where each prompt goes, right-aligned at `right`: (area, intent, glyph, words)."""
    placed = []
    x = right
    for intent, words in reversed(prompts):
        glyph = prompt_label(intent, device, family)
        if not glyph:
            continue
        text = style.text(words, SMALL)
        glyph_width = 30 if glyph in SHAPES else max(30, style.font(SMALL, True).size(glyph)[0] + 16)
        width = glyph_width + 8 + text.get_width()
        area = pygame.Rect(x - width - 10, centre_y - 19, width + 12, 38)
        placed.append((area, intent, glyph, words))
        x = area.x - 18
    placed.reverse()
    return placed


def draw_prompts(surface: pygame.Surface, style: Style, placed, hover: tuple[int, int] | None) -> None:
    for area, _intent, glyph, words in placed:
        if hover is not None and area.collidepoint(hover):
            gfx.rect(surface, (255, 255, 255, 40) if surface.get_flags() & pygame.SRCALPHA else (48, 84, 66),
                             area, border_radius=10)
            gfx.rect(surface, style.palette.accent, area, width=2, border_radius=10)
        glyph_width = 30 if glyph in SHAPES else max(30, style.font(SMALL, True).size(glyph)[0] + 16)
        draw_glyph(surface, glyph, (area.x + 6 + glyph_width // 2, area.centery), style)
        text = style.text(words, SMALL)
        surface.blit(text, text.get_rect(midleft=(area.x + 6 + glyph_width + 8, area.centery)))
