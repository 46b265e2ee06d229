"""Where the review's panel goes over its table, and how its words are laid out
in it (`scenes.review`).

The panel says three things: where the review is (the decision shown, or how
far the weighing is), what the decision cost, and the moves (played, best). Its
home is a wide band over the top of the table (`HOME`), three lines between the
arrows; but most tables keep something up there (a seat's name plate, its
tiles, a Cyprus arm's end), and a panel over it hid it. So the panel goes where
the table keeps a place for it (`TableHooks.review_spot`: Build Up's score
sheet, a column it fills), else to the place nearest home, of a few shapes (the
wide band, then narrower and taller panels, the arrows beside their first line
or under the words),
that covers none of the table's words, tiles and badges, nor the review's rings
and badges (`place`); where the table leaves no such place, the one that covers
the least of them (a Cyprus table of ten seats may leave none). The place is
learnt once for each decision shown (the table is still under it).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..app import LOGICAL_SIZE
from ..theme import BODY, SMALL, fitted, fitting_size

WIDTH, HEIGHT = LOGICAL_SIZE
HOME = pygame.Rect(WIDTH // 2 - 400, 6, 800, 96)
"""The wide band over the top of the table: where the panel goes when nothing is under it."""
AREA = pygame.Rect(6, 6, WIDTH - 12, HEIGHT - 56 - 12)
"""Where a panel may go: the canvas less a margin and the footer's band."""
ARROW = 56
"""The width of the panel's previous and next arrows (the mouse's)."""
ARROW_ROW = 36
"""The height of the arrows' row under the words, where the first line does not fit between them."""
LINE_MARGIN = 16
"""The least room between a line of the panel and its side (`layout_check.EDGE_ROOM`, and some)."""
SMALLEST = SMALL - 3
"""The smallest size a long line of the wide panel is drawn at (a Build Up placement on
stack 10, say, against the best on stack 12); past it the line is cut short."""
COLUMNS = (640, 520, 440, 360)
"""The narrower panels tried (their words wrapped), where the wide one covers something."""
CLEARANCE = 8
"""The least room between the panel and what it leaves in view (a word's ink is
noted, not the disc round an arm's end number)."""
STEP = 12
"""The step of the grid of places tried."""
LEADING = {SMALL: 22, BODY: 27}
"""The height of a wrapped line, by size."""


@dataclass
class Line:
    words: str
    size: int
    colour: tuple[int, int, int]
    bold: bool
    y: int
    """Its top, from the panel's top."""


@dataclass
class Laid:
    """The panel's words laid out for one width: each line, where the arrows are
    (from the panel's top-left) and the panel's height."""

    width: int
    height: int
    lines: list[Line]
    arrows: tuple[tuple[int, int], tuple[int, int]]
    """The centres of the previous and the next arrow."""

    def arrow_rects(self, panel: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the mouse clicks each arrow, on the canvas."""
        tall = min(panel.height, 56)
        return tuple(pygame.Rect(panel.x + x - ARROW // 2, panel.y + y - tall // 2, ARROW, tall)
                     for x, y in self.arrows)


def lay_out(style, lines: list[tuple[str, int, tuple[int, int, int], bool]], width: int) -> Laid:
    """The panel's `lines` (words, size, colour, bold: where the review is, what it
    cost, the moves) laid out `width` wide: the home's width on three lines, the
    middle one between the arrows, each shrunk then cut short to fit; narrower,
    each wrapped, the first between the arrows."""
    if width >= HOME.width:
        laid, y = [], 10
        for words, size, colour, bold in lines:
            if words:
                # The middle line has the arrows beside it; the others run under and over them.
                room = width - 2 * (ARROW if size == BODY else LINE_MARGIN)
                fit = fitting_size(style, words, size, room, bold, SMALLEST)
                laid.append(Line(fitted(style, words, fit, room, bold), fit, colour, bold, y))
            y += 29 if size == BODY else 25
        middle = HOME.height // 2
        return Laid(width, HOME.height, laid, ((ARROW // 2, middle), (width - ARROW // 2, middle)))
    laid, y = [], 12
    heading = lines[0]
    beside = len(style.wrap(heading[0], width - 2 * ARROW, heading[1], heading[3])) <= 1
    row = y + LEADING[SMALL] // 2
    for index, (words, size, colour, bold) in enumerate(lines):
        if not words:
            continue
        room = width - 2 * (ARROW if index == 0 and beside else LINE_MARGIN)
        for line in style.wrap(words, room, size, bold):
            laid.append(Line(fitted(style, line, size, room, bold), size, colour, bold, y))
            y += LEADING.get(size, size + 6)
        y += 4
    if not beside:  # (a long first line would wrap word by word between them: a row of their own)
        row = y + ARROW_ROW // 2
        y += ARROW_ROW
    return Laid(width, y + 8, laid, ((ARROW // 2, row), (width - ARROW // 2, row)))


def covered(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
    """The area of `rect` that `others` cover (summed)."""
    total = 0
    for index in rect.collidelistall(others):
        clipped = rect.clip(others[index])
        total += clipped.width * clipped.height
    return total


def place(shapes: list[tuple[int, int]], table: list[pygame.Rect], marks: list[pygame.Rect]) -> tuple[int, pygame.Rect]:
    """The shape (its index in `shapes`, (width, height) each, widest first) and the
    place for the panel: the nearest to `HOME` that covers none of `table` (the
    table's words, tiles and badges) and none of `marks` (the review's rings and
    badges), else the one covering the least of them (the review's own marks
    above all)."""
    best: tuple[int, int, pygame.Rect] | None = None
    for index, (width, height) in enumerate(shapes):
        candidates = {pygame.Rect(AREA.centerx - width // 2, HOME.y, width, height).clamp(AREA).topleft}
        candidates.update((x, y) for x in range(AREA.left, AREA.right - width + 1, STEP)
                          for y in range(AREA.top, AREA.bottom - height + 1, STEP))
        home = (AREA.centerx - width // 2, HOME.y)
        for x, y in sorted(candidates, key=lambda spot: abs(spot[0] - home[0]) + 2 * abs(spot[1] - home[1])):
            rect = pygame.Rect(x, y, width, height)
            room = rect.inflate(2 * CLEARANCE, 2 * CLEARANCE)
            cost = 1000 * covered(room, marks) + covered(room, table)
            if not cost:
                return index, rect
            if best is None or cost < best[0]:
                best = (cost, index, rect)
    return best[1], best[2]
