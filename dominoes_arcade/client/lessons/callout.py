"""The lesson's callout: a rounded panel with the stage's words, an arrow to the
tile or place it talks about, a ring round each item it names, and its buttons.

The panel goes round the target (above, below, right, left, then the canvas's
corners) where it covers nothing it must leave in view (what it points at, what
the player may pick now), then none of the table's words (whose move it is, a
seat's tile count, a pile's size) and sends its arrow across none of them, then as
little as it can of the rest of the table (its places and tiles), nearest the
target (`place_panel`). The arrow's head and
the rings are noted for `layout_check` as outlines: labels stay clear of them.
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
NARROW_WIDTHS = (330, 236)
"""Narrower, taller panels, tried too: on a full table (Build Up's) one fits in a
side column where the wide one would cover the player's plate or stack numbers."""
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
RING_GROW = 5
"""The rings sit just outside the kit's own (legal moves, targets): a label next to a
tile stays clear of them."""


def together(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects to ring: one ring round them all when they sit side by side (the
    two ends of a site), else one each."""
    if len(rects) > 1:
        union = rects[0].unionall(rects[1:])
        if union.width * union.height <= 2 * sum(r.width * r.height for r in rects):
            return [union]
    return rects


@dataclass
class CalloutButton:
    label: str
    action: Callable[[], None]
    rect: pygame.Rect


def overlap(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
    """The area of `rect` that `others` cover (summed)."""
    covered = 0
    for index in rect.collidelistall(others):  # the few that touch it at all (C speed)
        clipped = rect.clip(others[index])
        covered += clipped.width * clipped.height
    return covered


GRID = 48
"""The step of the grid of places `place_panel` also tries."""


def crossed(start: tuple[int, int], end: tuple[int, int], rects: list[pygame.Rect]) -> int:
    """How many of `rects` the straight line from `start` to `end` passes through."""
    return sum(1 for rect in rects if rect.clipline(start, end))


def place_panel(size: tuple[int, int], target: pygame.Rect | None, avoid: list[pygame.Rect],
                rather_not: list[pygame.Rect] = (), labels: list[pygame.Rect] = ()) -> pygame.Rect:
    """Where a panel of `size` goes: next to `target` (or, with none, at the top)
    where it covers none of `avoid` (or the least of it), then none of `labels`
    (the table's words) with neither itself nor its arrow, then the least of
    `rather_not`, nearest the target, kept on the canvas above the footer."""
    return best_place(size, target, avoid, rather_not, labels)[0]


def best_place(size: tuple[int, int], target: pygame.Rect | None, avoid: list[pygame.Rect],
               rather_not: list[pygame.Rect] = (), labels: list[pygame.Rect] = (),
               keep_clear: list[pygame.Rect] = ()) -> tuple[pygame.Rect, int]:
    """`place_panel`'s place, and what it costs there (to compare panels' sizes);
    the same question gets the last answer again without the search (a callout is
    drawn every frame, its table still)."""
    key = (size, None if target is None else tuple(target), tuple(map(tuple, avoid)),
           tuple(map(tuple, rather_not)), tuple(map(tuple, labels)), tuple(map(tuple, keep_clear)))
    found = _PLACED.get(key)
    if found is None:
        if len(_PLACED) > 64:
            _PLACED.clear()
        found = _PLACED[key] = _search_place(size, target, avoid, rather_not, labels, keep_clear)
    return found[0].copy(), found[1]


_PLACED: dict[tuple, tuple[pygame.Rect, int]] = {}


def _search_place(size: tuple[int, int], target: pygame.Rect | None, avoid: list[pygame.Rect],
                  rather_not: list[pygame.Rect], labels: list[pygame.Rect],
                  keep_clear: list[pygame.Rect]) -> tuple[pygame.Rect, int]:
    width, height = size
    area = pygame.Rect(MARGIN, MARGIN, WIDTH - 2 * MARGIN, HEIGHT - FOOTER - MARGIN)
    spots = [(area.centerx - width // 2, area.top), (area.left, area.top), (area.right - width, area.top),
             (area.left, area.bottom - height), (area.right - width, area.bottom - height)]
    if target is not None:
        above, below = target.top - GAP - height, target.bottom + GAP
        left, right = target.left - GAP - width, target.right + GAP
        middle_x, middle_y = target.centerx - width // 2, target.centery - height // 2
        spots = [(middle_x, above), (middle_x, below), (right, middle_y), (left, middle_y), (target.left, above),
                 (target.right - width, above), (target.left, below), (target.right - width, below),
                 (right, target.top), (right, target.bottom - height), (left, target.top),
                 (left, target.bottom - height)] + spots
    # Then anywhere on a grid: a full table may have its one free place away from the target.
    spots += [(x, y) for x in range(area.left, area.right - width + 1, GRID)
              for y in range(area.top, area.bottom - height + 1, GRID)]
    best, best_cost = None, None
    for x, y in spots:
        rect = pygame.Rect(x, y, width, height).clamp(area)
        cost = (10 ** 8 * sum(rect.colliderect(kept) for kept in keep_clear) + 100 * overlap(rect, avoid)
                + 20 * overlap(rect, list(labels)) + 5 * overlap(rect, list(rather_not)))
        if target is not None:
            cost += 10 ** 9 * rect.colliderect(target.inflate(16, 16)) + distance(rect, target)
            start, end = arrow_ends(rect, target.inflate(2 * RING_GROW, 2 * RING_GROW))
            cost += 400_000 * crossed(start, end, list(labels))
        if best_cost is None or cost < best_cost:
            best, best_cost = rect, cost
    return best, best_cost


def distance(a: pygame.Rect, b: pygame.Rect) -> int:
    """The gap between two rects (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return round(math.hypot(dx, dy))


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
    # Noted as an outline, not a badge: it may cross a panel's edge (it points across
    # the table) but never a label.
    note(surface, "ring", pygame.Rect(end[0] - 10, end[1] - 10, 20, 20), "lesson arrow head")


class Callout:
    """What a lesson says now, drawn over its table. ``buttons`` hold where each
    button was last drawn, for the table's clicks."""

    def __init__(self, app):
        self.app = app
        self.buttons: list[CalloutButton] = []
        self.rect: pygame.Rect | None = None
        self.arrow: tuple[tuple[int, int], tuple[int, int]] | None = None
        """Where the arrow was last drawn: from the panel to what it points at."""

    def draw(self, surface, *, heading: str, text: str, note_text: str | None, points: list[pygame.Rect],
             avoid: list[pygame.Rect], rather_not: list[pygame.Rect],
             buttons: list[tuple[str, Callable[[], None]]], confirm: bool, labels: list[pygame.Rect] = (),
             keep_clear: list[pygame.Rect] = ()) -> None:
        """Draw the callout and its arrow to the first of `points` (`draw_rings`
        rings them all), the panel clear of `avoid` (and of `labels`, then
        `rather_not`, where it can be), never over `keep_clear` (whose move it is) when
        any place can; `buttons` right to left, the first marked as CONFIRM's when
        `confirm`."""
        style = self.app.style
        points = together(points)
        target = points[0] if points else None
        options = []
        button_row = sum(self.button_width(label) + 12 for label, _action in buttons)
        least = max(style.font(SMALL, True).size(heading)[0], button_row) + 36  # the heading and buttons unwrapped
        for width in (PANEL_WIDTH, *(narrow for narrow in NARROW_WIDTHS if narrow >= least)):
            inner = width - 36
            lines = style.wrap(text, inner, TEXT_SIZE)
            notes = style.wrap(note_text, inner, TEXT_SIZE, bold=True) if note_text else []
            # Padding, the heading, the words, the note (set off by 10) and the buttons' row.
            height = 22 + 26 + len(lines) * LINE + (len(notes) * LINE + 10 if notes else 0) + 18
            height += BUTTON_HEIGHT + 12 if buttons else 0
            place, cost = best_place((width, height), target, avoid + points, rather_not, labels, keep_clear)
            options.append((cost, -width, place, lines, notes))  # the wide one unless the narrow covers less
        _cost, _width, panel, lines, notes = min(options, key=lambda option: option[:2])
        self.rect = panel
        self.arrow = None
        if target is not None:
            self.arrow = arrow_ends(panel, target.inflate(2 * RING_GROW, 2 * RING_GROW))
            draw_arrow(surface, *self.arrow, POINT_COLOUR)
        self.app.panels.draw(surface, panel, radius=16, alpha=255)
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
            width = self.button_width(label)
            rect = pygame.Rect(x - width, panel.bottom - 12 - BUTTON_HEIGHT, width, BUTTON_HEIGHT)
            widget = Button(rect, label, action, size=TEXT_SIZE)
            widget.focused = confirm and label == buttons[0][0]
            widget.draw(surface, style)
            self.buttons.append(CalloutButton(label, action, rect))
            x = rect.left - 12

    def button_width(self, label: str) -> int:
        return max(120, self.app.style.font(TEXT_SIZE, True).size(label)[0] + 64)

    @staticmethod
    def draw_rings(surface, points: list[pygame.Rect]) -> None:
        """A ring round each item the callout points at (items side by side share
        one); drawn with the table's marks, under what the table keeps above them."""
        for rect in together(points):
            draw_ring(surface, rect, POINT_COLOUR, 3, grow=RING_GROW)
            note(surface, "ring", rect.inflate(2 * RING_GROW, 2 * RING_GROW), "lesson ring")

    def button_at(self, pos) -> CalloutButton | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button
        return None

    def covers(self, pos) -> bool:
        return self.rect is not None and self.rect.collidepoint(pos)
