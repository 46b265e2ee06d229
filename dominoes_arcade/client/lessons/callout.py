"""The lesson's callout: a rounded panel with the stage's words, an arrow to the
tile or place it talks about, a ring round each item it names, and its buttons.

The panel goes where it covers neither what it points at nor anything the player
may pick now: the first place round the target (above, below, right, left, then
the corners) that overlaps least with those items.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .. import gfx
from ..app import LOGICAL_SIZE
from ..layout_check import note
from ..tables.interaction import draw_ring
from ..theme import SMALL
from ..widgets import Button

WIDTH, HEIGHT = LOGICAL_SIZE
PANEL_WIDTH = 430
MARGIN = 14
GAP = 46
"""Between the panel and what it points at: room for the arrow."""
FOOTER = 56
"""The footer's strip at the bottom of the canvas (its prompts), left free."""
POINT_COLOUR = (196, 160, 255)
"""The callout's arrow and rings: a colour none of the table's marks use."""
NOTE_COLOUR = (255, 176, 150)
TEXT_SIZE = SMALL + 2
LINE = 25
BUTTON_HEIGHT = 44


@dataclass
class CalloutButton:
    label: str
    action: Callable[[], None]
    rect: pygame.Rect


def overlap(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
    """The area of `rect` that `others` cover (summed)."""
    return sum(rect.clip(other).width * rect.clip(other).height for other in others)


def place_panel(size: tuple[int, int], target: pygame.Rect | None, avoid: list[pygame.Rect]) -> pygame.Rect:
    """Where a panel of `size` goes: round `target` (or, with none, anywhere) where
    it covers least of `avoid`, kept on the canvas above the footer."""
    width, height = size
    area = pygame.Rect(MARGIN, MARGIN, WIDTH - 2 * MARGIN, HEIGHT - FOOTER - MARGIN)
    spots = []
    if target is not None:
        spots += [(target.centerx - width // 2, target.top - GAP - height), (target.centerx - width // 2, target.bottom + GAP),
                  (target.right + GAP, target.centery - height // 2), (target.left - GAP - width, target.centery - height // 2)]
    spots += [(area.centerx - width // 2, area.top), (area.left, area.top), (area.right - width, area.top),
              (area.left, area.bottom - height), (area.right - width, area.bottom - height),
              (area.centerx - width // 2, area.bottom - height)]
    best, best_cost = None, None
    for x, y in spots:
        rect = pygame.Rect(x, y, width, height).clamp(area)
        cost = overlap(rect, avoid) + (10 ** 6 if target is not None and rect.colliderect(target) else 0)
        if best_cost is None or cost < best_cost:
            best, best_cost = rect, cost
        if cost == 0:
            break
    return best


def arrow_ends(panel: pygame.Rect, target: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """From the panel's edge nearest the target to just short of the target's edge."""
    tx = min(max(panel.centerx, target.left), target.right)
    ty = min(max(panel.centery, target.top), target.bottom)
    sx = min(max(tx, panel.left + 24), panel.right - 24)
    sy = min(max(ty, panel.top + 20), panel.bottom - 20)
    if panel.left <= tx <= panel.right:  # one above the other: leave from the facing edge
        sy = panel.bottom if target.centery > panel.centery else panel.top
    elif panel.top <= ty <= panel.bottom:
        sx = panel.right if target.centerx > panel.centerx else panel.left
    else:
        sy = panel.bottom if target.centery > panel.bottom else panel.top
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy) or 1.0
    end = (round(tx - dx / length * 8), round(ty - dy / length * 8))
    return (sx, sy), end


def draw_arrow(surface, start, end, colour) -> None:
    gfx.line(surface, colour, start, end, 4)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [end, (end[0] - 16 * math.cos(angle - 0.45), end[1] - 16 * math.sin(angle - 0.45)),
            (end[0] - 16 * math.cos(angle + 0.45), end[1] - 16 * math.sin(angle + 0.45))]
    gfx.polygon(surface, colour, head)
    note(surface, "badge", pygame.Rect(min(start[0], end[0]), min(start[1], end[1]), 1, 1).union(
        pygame.Rect(end[0] - 8, end[1] - 8, 16, 16)), "lesson arrow head")


class Callout:
    """What a lesson says now, drawn over its table. ``buttons`` hold where each
    button was last drawn, for the table's clicks."""

    def __init__(self, app):
        self.app = app
        self.buttons: list[CalloutButton] = []
        self.rect: pygame.Rect | None = None

    def draw(self, surface, *, heading: str, text: str, note_text: str | None, points: list[pygame.Rect],
             avoid: list[pygame.Rect], buttons: list[tuple[str, Callable[[], None]]]) -> None:
        style = self.app.style
        inner = PANEL_WIDTH - 36
        lines = style.wrap(text, inner, TEXT_SIZE)
        notes = style.wrap(note_text, inner, TEXT_SIZE, bold=True) if note_text else []
        height = 22 + 26 + len(lines) * LINE + (len(notes) * LINE + 10 if notes else 0) + 18
        height += BUTTON_HEIGHT + 12 if buttons else 0
        target = points[0] if points else None
        panel = place_panel((PANEL_WIDTH, height), target, avoid + points)
        self.rect = panel
        for rect in points:
            draw_ring(surface, rect, POINT_COLOUR, 3, grow=12)
            note(surface, "ring", rect.inflate(24, 24), "lesson ring")
        if target is not None:
            draw_arrow(surface, *arrow_ends(panel, target.inflate(24, 24)), POINT_COLOUR)
        self.app.panels.draw(surface, panel, radius=16, alpha=245)
        gfx.rect(surface, POINT_COLOUR, panel, width=2, border_radius=16)
        y = panel.y + 16
        surface.blit(style.text(heading, SMALL, POINT_COLOUR, bold=True), (panel.x + 18, y))
        y += 28
        for line in lines:
            surface.blit(style.text(line, TEXT_SIZE, style.palette.text), (panel.x + 18, y))
            y += LINE
        if notes:
            y += 10
            for line in notes:
                surface.blit(style.text(line, TEXT_SIZE, NOTE_COLOUR, bold=True), (panel.x + 18, y))
                y += LINE
        self.buttons = []
        x = panel.right - 18
        for label, action in buttons:  # the first, the one CONFIRM presses, on the right
            width = max(120, style.font(TEXT_SIZE, True).size(label)[0] + 64)
            rect = pygame.Rect(x - width, panel.bottom - 12 - BUTTON_HEIGHT, width, BUTTON_HEIGHT)
            widget = Button(rect, label, action, size=TEXT_SIZE)
            widget.focused = label == buttons[0][0]
            widget.draw(surface, style)
            self.buttons.append(CalloutButton(label, action, rect))
            x = rect.left - 12

    def button_at(self, pos) -> CalloutButton | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button
        return None

    def covers(self, pos) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)
