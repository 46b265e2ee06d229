"""The lesson's callout: a rounded panel with the stage's words, an arrow to the
tile or place it talks about, a ring round each item it names, and its buttons.

Where the table keeps docks for it (`TableHooks.callout_docks`: whole panels that
the stage does not speak of, such as Build Up's side columns or Necropolis's status
panel), the panel fills one, replacing what is there (a dock over part of anything
else is not taken), and its arrow runs along the table's free lanes (`arrow_route`),
crossing no tile and no word; a table that keeps none (or a stage whose words fit no dock)
has the panel float: round the target (above, below, right, left, then the
canvas's corners) where it covers nothing it must leave in view (what it points at,
what the player may pick now), then none of the table's words (whose move it is, a
seat's tile count, a pile's size) and sends its arrow across none of them, then as
little as it can of the rest of the table (its places and tiles), nearest the
target (`place_panel`). The panel is noted for `layout_check` as a callout, each
run of the arrow as an arrow (neither may cover a tile or a word), the arrow's head
and the rings as outlines: labels stay clear of them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

import pygame

from .. import gfx
from ..app import LOGICAL_SIZE
from ..layout_check import note
from ..tables.interaction import draw_ring
from ..theme import SMALL
from ..widgets import Button
from .arrow_route import path_cost, route

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


CANVAS = pygame.Rect(MARGIN, MARGIN, WIDTH - 2 * MARGIN, HEIGHT - FOOTER - MARGIN)
"""Where the callout and its arrow may go: the canvas above the footer, inside its margin."""
DOCK_PADDING = 16
"""Inside a docked panel, narrower than the floating one: its words have the room."""
GRID = 48
"""The step of the grid of places `place_panel` also tries."""


def crossed(start: tuple[int, int], end: tuple[int, int], rects: list[pygame.Rect]) -> int:
    """How many of `rects` the straight line from `start` to `end` passes through."""
    return sum(1 for rect in rects if rect.clipline(start, end))


_ROUTES: dict[tuple, list[tuple[int, int]] | None] = {}


def cached_route(panel: pygame.Rect, target: pygame.Rect, obstacles: list[pygame.Rect],
                 panels: list[pygame.Rect]):
    """`arrow_route.route` for a panel in its dock, searched once for each table
    position (the callout is drawn every frame, its table still)."""
    key = (tuple(panel), tuple(target), tuple(map(tuple, obstacles)), tuple(map(tuple, panels)))
    if key not in _ROUTES:
        if len(_ROUTES) > 64:
            _ROUTES.clear()
        _ROUTES[key] = route(panel, target, obstacles, CANVAS, panels)
    return _ROUTES[key]


def replaces_all_it_covers(dock: pygame.Rect, items: list[pygame.Rect], panels: list[pygame.Rect]) -> bool:
    """Whether each of `items` (tiles, words) that `dock` covers lies in one of the
    `panels` it covers whole: a callout there replaces those panels, hiding no
    part of anything else (a long site reaching into the status panel's dock)."""
    replaced = [panel for panel in panels if dock.contains(panel)]
    return all(any(panel.contains(item) for panel in replaced) for item in items if dock.colliderect(item))


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
    area = CANVAS
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


def draw_arrow(surface, path: list[tuple[int, int]], colour) -> None:
    """The arrow along `path` (its runs joined round), its head on the last point;
    each run noted as an arrow (it crosses no tile and no word), the head as an
    outline (it may cross a panel's edge: it points across the table)."""
    for start, end in pairwise(path):
        gfx.line(surface, colour, start, end, 4)
        note(surface, "arrow", pygame.Rect(start, (1, 1)).union(pygame.Rect(end, (1, 1))), "lesson arrow",
             path=(start, end))
    for bend in path[1:-1]:
        gfx.circle(surface, colour, bend, 2)
    start, end = path[-2], path[-1]
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [end, (end[0] - 16 * math.cos(angle - 0.45), end[1] - 16 * math.sin(angle - 0.45)),
            (end[0] - 16 * math.cos(angle + 0.45), end[1] - 16 * math.sin(angle + 0.45))]
    gfx.polygon(surface, colour, head)
    note(surface, "ring", pygame.Rect(end[0] - 10, end[1] - 10, 20, 20), "lesson arrow head")


@dataclass
class Content:
    """The callout's words laid out for one width, and the height they take."""

    width: int
    heading: list[str]
    lines: list[str]
    notes: list[str]
    stacked: bool
    """The buttons one above the other (a docked panel too narrow for their row)."""
    height: int


class Callout:
    """What a lesson says now, drawn over its table. ``buttons`` hold where each
    button was last drawn, for the table's clicks."""

    def __init__(self, app):
        self.app = app
        self.buttons: list[CalloutButton] = []
        self.rect: pygame.Rect | None = None
        self.arrow: list[tuple[int, int]] | None = None
        """Where the arrow was last drawn: the points of its path, from the panel to
        what it points at (two for a straight one)."""
        self.dock: str | None = None
        """The dock the panel filled last (None: it floated); a stage that points at
        nothing keeps it there rather than jump across the table."""

    def draw(self, surface, *, heading: str, text: str, note_text: str | None, points: list[pygame.Rect],
             avoid: list[pygame.Rect], rather_not: list[pygame.Rect],
             buttons: list[tuple[str, Callable[[], None]]], confirm: bool, labels: list[pygame.Rect] = (),
             keep_clear: list[pygame.Rect] = (), docks: dict[str, pygame.Rect] | None = None,
             obstacles: list[pygame.Rect] = (), panels: list[pygame.Rect] = ()) -> None:
        """Draw the callout and its arrow to the first of `points` (`draw_rings`
        rings them all): filling one of `docks` (the caller's, which leave whose
        move it is in view) where the words fit, over none of `avoid` and of
        `obstacles` (the table's tiles and words) only those in the panels it
        replaces, and an arrow clear of `obstacles` (of its `panels` too, where it
        can be) reaches the target, else
        floating clear of `avoid` (and of `labels`, then `rather_not`, where it can
        be), never over `keep_clear` (whose move it is) when any place can;
        `buttons` right to left (or top to bottom), the first marked as CONFIRM's
        when `confirm`."""
        points = together(points)
        target = points[0] if points else None
        docked = self.docked_place(heading, text, note_text, buttons, target, docks or {}, avoid, list(obstacles),
                                   list(panels))
        if docked is not None:
            self.dock, panel, content, self.arrow = docked
        else:
            self.dock = None
            panel, content = self.floating_place(heading, text, note_text, buttons, target, avoid + points,
                                                 rather_not, labels, keep_clear)
            self.arrow = None
            if target is not None:
                self.arrow = self.floating_arrow(panel, target.inflate(2 * RING_GROW, 2 * RING_GROW),
                                                 list(obstacles), list(panels))
        self.rect = panel
        if self.arrow is not None:
            draw_arrow(surface, self.arrow, POINT_COLOUR)
        self.draw_panel(surface, panel, content, buttons, confirm)

    @staticmethod
    def floating_arrow(panel: pygame.Rect, target: pygame.Rect, obstacles: list[pygame.Rect],
                       panels: list[pygame.Rect]) -> list[tuple[int, int]]:
        """A floating panel's arrow: straight, or routed round the tiles and words a
        straight one would cross (the line of a Draw game between the panel and
        the end it points at), where a route there is."""
        straight = list(arrow_ends(panel, target))
        if not any(rect.clipline(*straight) for rect in obstacles if not target.contains(rect)):
            return straight
        return cached_route(panel, target, obstacles, panels) or straight

    def content(self, width: int, heading: str, text: str, note_text: str | None,
                buttons: list[tuple[str, Callable[[], None]]], padding: int = 18) -> Content:
        """The words laid out `width` wide: the heading wrapped only where it must
        (a docked panel), the buttons in a row where it has room, else stacked."""
        style, inner = self.app.style, width - 2 * padding
        heading_lines = self.heading_lines(heading, inner)
        lines = style.wrap(text, inner, TEXT_SIZE)
        notes = style.wrap(note_text, inner, TEXT_SIZE, bold=True) if note_text else []
        row = sum(self.button_width(label) + 12 for label, _action in buttons) - 12
        stacked = row > inner
        # Padding, the heading, the words, the note (set off by 10) and the buttons.
        height = 22 + 26 * len(heading_lines) + len(lines) * LINE + (len(notes) * LINE + 10 if notes else 0) + 18
        if buttons:
            height += (BUTTON_HEIGHT + 12) * (len(buttons) if stacked else 1)
        return Content(width, heading_lines, lines, notes, stacked, height)

    def heading_lines(self, heading: str, width: int) -> list[str]:
        """`heading` in lines `width` wide, broken where its parts meet (after
        "Learn to play:", before "· 4 of 8") rather than inside a game's name; a
        part too wide alone is wrapped by its words."""
        style = self.app.style
        parts = [part for piece in heading.split(": ") for part in (piece,)]
        parts = [f"{part}:" if index < len(parts) - 1 else part for index, part in enumerate(parts)]
        parts = [bit for part in parts for bit in part.replace(" \u00b7 ", "\n\u00b7 ").split("\n")]
        lines: list[str] = []
        for part in parts:
            trial = f"{lines[-1]} {part}" if lines else part
            if lines and style.font(SMALL, True).size(trial)[0] <= width:
                lines[-1] = trial
            else:
                lines += style.wrap(part, width, SMALL, bold=True)
        return lines

    def floating_place(self, heading, text, note_text, buttons, target, avoid, rather_not, labels,
                       keep_clear) -> tuple[pygame.Rect, Content]:
        """The panel's place and words when it floats (`best_place`): the wide panel
        unless a narrower one covers less."""
        style = self.app.style
        options = []
        button_row = sum(self.button_width(label) + 12 for label, _action in buttons)
        least = max(style.font(SMALL, True).size(heading)[0], button_row) + 36  # the heading and buttons unwrapped
        for width in (PANEL_WIDTH, *(narrow for narrow in NARROW_WIDTHS if narrow >= least)):
            content = self.content(width, heading, text, note_text, buttons)
            place, cost = best_place((width, content.height), target, avoid, rather_not, labels, keep_clear)
            options.append((cost, -width, place, content))
        _cost, _width, panel, content = min(options, key=lambda option: option[:2])
        return panel, content

    def docked_place(self, heading, text, note_text, buttons, target, docks: dict[str, pygame.Rect],
                     kept: list[pygame.Rect], obstacles: list[pygame.Rect], panels: list[pygame.Rect]):
        """(the dock's name, its rect, the words, the arrow's path) for the dock the
        callout fills: one its words fit, over nothing in `kept` and no tile or
        word of `obstacles` but those in the `panels` it covers whole (it replaces
        them), whose arrow reaches the target crossing none of `obstacles`, the
        shortest arrow first (with no target, the dock it filled last); None when
        no dock will do."""
        options = []
        for order, (name, rect) in enumerate(docks.items()):
            content = self.content(rect.width, heading, text, note_text, buttons, DOCK_PADDING)
            if content.height > rect.height or rect.collidelist(kept) >= 0 or not replaces_all_it_covers(
                    rect, obstacles, panels):
                continue
            path = None
            if target is not None:
                path = cached_route(rect, target.inflate(2 * RING_GROW, 2 * RING_GROW), obstacles, panels)
                if path is None:
                    continue
            cost = path_cost(path) if path is not None else int(name != self.dock)
            options.append((cost, order, name, rect, content, path))
        if not options:
            return None
        _cost, _order, name, rect, content, path = min(options, key=lambda option: option[:2])
        return name, rect.copy(), content, path

    def draw_panel(self, surface, panel: pygame.Rect, content: Content, buttons, confirm: bool) -> None:
        style = self.app.style
        padding = DOCK_PADDING if self.dock is not None else 18
        self.app.panels.draw(surface, panel, radius=16, alpha=255)
        gfx.rect(surface, POINT_COLOUR, panel, width=2, border_radius=16)
        note(surface, "callout", panel, "lesson callout")
        x, y = panel.x + padding, panel.y + 16
        for line in content.heading:
            surface.blit(style.text(line, SMALL, POINT_COLOUR, bold=True), (x, y))
            y += 26
        y += 2
        for line in content.lines:
            surface.blit(style.text(line, TEXT_SIZE, style.palette.text), (x, y))
            y += LINE
        if content.notes:
            y += 10
            for line in content.notes:
                surface.blit(style.text(line, TEXT_SIZE, NOTE_COLOUR, bold=True), (x, y))
                y += LINE
        self.buttons = []
        if content.stacked:  # the first, the one CONFIRM presses, at the bottom (as the row's is on the right)
            slots = [pygame.Rect(panel.x + padding, panel.bottom - (12 + BUTTON_HEIGHT) * (index + 1),
                                 panel.width - 2 * padding, BUTTON_HEIGHT) for index in range(len(buttons))]
        else:  # the first on the right
            slots, right = [], panel.right - 18
            for label, _action in buttons:
                width = self.button_width(label)
                slots.append(pygame.Rect(right - width, panel.bottom - 12 - BUTTON_HEIGHT, width, BUTTON_HEIGHT))
                right -= width + 12
        for (label, action), rect in zip(buttons, slots, strict=True):
            widget = Button(rect, label, action, size=TEXT_SIZE)
            widget.focused = confirm and label == buttons[0][0]
            widget.draw(surface, style)
            self.buttons.append(CalloutButton(label, action, rect))

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
