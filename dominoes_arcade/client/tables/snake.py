"""A line of play laid out as a snake on a table's felt, for the games played on a
line with two open ends: pure geometry, a function of the tiles on the line.

The round's first tile lies in the middle of the area; the line's right end grows to
the right and turns down at the area's edge, its left end grows to the left and turns
up, each turn one tile standing across the row's end, the next row running back the
other way (the way a real line turns at the table's edge). Tiles lie along their
row, doubles across it; every tile shows the number it matched towards the first
tile. `fit_line` takes the largest tile length at which the whole line and both open
ends fit the area.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.tiles import HIGH, IS_DOUBLE, LOW

TILE_LENGTHS = (72, 64, 58, 52, 46, 40, 34, 28)
"""Line tile lengths, largest first."""
GAP = 2
"""Between tiles along the line."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where one tile of the line lies: its centre, whether it lies sideways, and
    which way its numbers run (`first_high`: its higher number left or up)."""

    x: float
    y: float
    horizontal: bool
    first_high: bool

    def rect(self, length: int) -> pygame.Rect:
        w, h = (length, length // 2) if self.horizontal else (length // 2, length)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(self.x), round(self.y))
        return rect


@dataclass(frozen=True)
class LineGeometry:
    length: int
    places: tuple[Place, ...]
    """One per tile of the line, left to right."""
    ends: tuple[Place, Place]
    """Where a tile played on the left and on the right end would lie (both the
    centre before the lead)."""


def line_numbers(line: tuple[int, ...], first: int) -> list[int]:
    """The numbers between the tiles of `line`, left to right: ``numbers[i]`` is tile
    i's left number and ``numbers[i + 1]`` its right one (so ``numbers[0]`` and
    ``numbers[-1]`` are the open ends). `first` is the index of the round's first
    tile, which lies low number left."""
    if not line:
        return []
    lead = line[first]
    numbers = [0] * (len(line) + 1)
    numbers[first], numbers[first + 1] = LOW[lead], HIGH[lead]
    for i in range(first + 1, len(line)):
        t = line[i]
        numbers[i + 1] = LOW[t] + HIGH[t] - numbers[i]
    for i in range(first - 1, -1, -1):
        t = line[i]
        numbers[i] = LOW[t] + HIGH[t] - numbers[i + 1]
    return numbers


class _Walker:
    """Lays one arm of the line out from the first tile, tile by tile: along the row
    in `dx`, a turn at the row's end towards `dy`, then back the other way."""

    def __init__(self, x: float, y: float, dx: int, dy: int, length: int, area: pygame.Rect):
        self.x, self.y, self.dx, self.dy = x, y, dx, dy
        self.length = length
        margin = length // 2 + GAP
        self.low, self.high = area.x + margin, area.right - margin
        """The rows' ends: the turning tile stands beyond them."""
        self.turned = False
        """The last tile laid was a turn's (the next lies under its end)."""

    def lay(self, double: bool, enter_low: bool) -> Place:
        """The place of the next tile (a double if `double`; `enter_low`: the number it
        matched is its lower one)."""
        length = self.length
        along = length // 2 if double else length
        if self.turned and double:  # a double across would reach under the turning tile: it stands off
            self.x += self.dx * (length // 2 + GAP)
        self.turned = False
        reach = self.x + self.dx * along
        if self.low <= reach <= self.high:
            place = Place(self.x + self.dx * along / 2, self.y, not double, self._first_high(enter_low, self.dx))
            self.x = reach + self.dx * GAP
            return place
        # The turn: the tile stands across the row's end, from the row's far side towards dy.
        end = self.x
        cx = end + self.dx * length / 4
        top = self.y - self.dy * length / 4
        place = Place(cx, top + self.dy * length / 2, False, self._first_high(enter_low, self.dy))
        self.y += self.dy * (length + GAP)
        self.x = end + self.dx * length / 2
        self.dx = -self.dx
        self.turned = True
        return place

    @staticmethod
    def _first_high(enter_low: bool, towards: int) -> bool:
        """The matched number faces back towards the first tile: going right or down it
        is drawn first (a tile's low number is drawn first unless flipped)."""
        return not enter_low if towards > 0 else enter_low


def lay_line(line: tuple[int, ...], first: int, numbers: list[int], length: int, area: pygame.Rect) -> LineGeometry:
    """The line at tile `length` in `area`: `first` is the lead's index, `numbers` the
    numbers between the tiles (`line_numbers`)."""
    cx, cy = area.center
    if not line:
        centre = Place(cx, cy, True, False)
        return LineGeometry(length, (), (centre, centre))
    lead = line[first]
    half = (length // 4 if IS_DOUBLE[lead] else length // 2)
    places: list[Place | None] = [None] * len(line)
    places[first] = Place(cx, cy, not IS_DOUBLE[lead], False)
    right = _Walker(cx + half + GAP, cy, 1, 1, length, area)
    for i in range(first + 1, len(line)):
        t = line[i]
        places[i] = right.lay(bool(IS_DOUBLE[t]), numbers[i] <= numbers[i + 1])
    left = _Walker(cx - half - GAP, cy, -1, -1, length, area)
    for i in range(first - 1, -1, -1):
        t = line[i]
        places[i] = left.lay(bool(IS_DOUBLE[t]), numbers[i + 1] <= numbers[i])
    ends = (left.lay(False, True), right.lay(False, True))
    return LineGeometry(length, tuple(p for p in places if p is not None), ends)


def fits(geometry: LineGeometry, area: pygame.Rect) -> bool:
    return all(area.contains(place.rect(geometry.length)) for place in (*geometry.places, *geometry.ends))


def fit_line(line: tuple[int, ...], first: int, numbers: tuple[int, ...], area: pygame.Rect) -> LineGeometry:
    """The line at the largest of `TILE_LENGTHS` at which it fits `area` (the smallest
    otherwise)."""
    geometry = None
    for length in TILE_LENGTHS:
        geometry = lay_line(line, first, list(numbers), length, area)
        if fits(geometry, area):
            return geometry
    assert geometry is not None
    return geometry


def end_rect(place: Place, length: int) -> pygame.Rect:
    """An open end's drop target: the place its next tile would take, a little larger."""
    return place.rect(length).inflate(8, 8)
