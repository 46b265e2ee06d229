"""Where everything sits on the Draw and Block table (dominoes_arcade/rules/draw.md and
block.md), as pure functions of what is on the table: the table draws the
observation through these, and tweens only the tiles in motion, so undo and replays
that rebuild the game simply lay the table out again.

The 1280x720 canvas (the footer's 48 px at the bottom stay free)::

    +--------------- the other seats' plates, clockwise ---------------+
    |                        the status line                           |
    |                                                                  |
    |          the line of play: a snake from the centre               |
    |                                                                  |
    +--------+------------------ the hand -----------------+-----------+
    | plate  |                                             | boneyard  |
    +--------+---------------------------------------------+-----------+

The line: the round's first tile in the middle of `AREA`; its right end grows to
the right and turns down at the table's edge, its left end grows to the left and
turns up, each turn one tile standing across the row's end, the next row running
back the other way (a snake, the way a real line turns at the table's edge). Tiles
lie along their row, doubles across it; every tile shows the number it matched
towards the first tile. The tile length is the largest of `TILE_LENGTHS` at which
the whole line and both open ends fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ...engine.tiles import IS_DOUBLE

AREA = pygame.Rect(16, 128, 1248, 392)
"""The felt where the line lies."""
TOP_ROW = pygame.Rect(16, 6, 1248, 84)
STATUS_Y = 108
"""The status line's centre."""
PLATE_WIDTH = 380
PLATE_GAP = 24
PLATE_TILE = 30
"""The other seats' face-down tiles on their plates (long side)."""
TILE_LENGTHS = (72, 64, 58, 52, 46, 40, 34, 28)
"""Line tile lengths, largest first."""
GAP = 2
"""Between tiles along the line."""
LIFT = 14
"""How far a playable tile in the hand stands up."""


@dataclass(frozen=True)
class BottomRow:
    """The bottom of the table: the bottom seat's plate, its hand (upright tiles in a
    row, lifted when playable) and the boneyard with the pass button."""

    plate: pygame.Rect
    hand: pygame.Rect
    hand_length: int
    boneyard: pygame.Rect
    pass_button: pygame.Rect | None


PLAY_ROW = BottomRow(pygame.Rect(16, 548, 196, 120), pygame.Rect(224, 540, 780, 128), 96,
                     pygame.Rect(1016, 548, 248, 120), pygame.Rect(1140, 614, 112, 44))
REPLAY_ROW = BottomRow(pygame.Rect(16, 528, 490, 60), pygame.Rect(520, 556, 484, 112), 80,
                       pygame.Rect(1016, 548, 248, 120), None)
"""A replay's bottom row: the plate above the replay controls, the hand beside them, no button."""


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


def lay_line(line: tuple[int, ...], first: int, numbers: list[int], length: int,
             area: pygame.Rect = AREA) -> LineGeometry:
    """The line at tile `length`: `first` is the lead's index, `numbers` the numbers
    between the tiles (`draw_block_model.line_numbers`)."""
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


def fits(geometry: LineGeometry, area: pygame.Rect = AREA) -> bool:
    return all(area.contains(place.rect(geometry.length)) for place in (*geometry.places, *geometry.ends))


@lru_cache(maxsize=64)
def fit_line(line: tuple[int, ...], first: int, numbers: tuple[int, ...]) -> LineGeometry:
    """The line at the largest tile length at which it fits `AREA` (the smallest otherwise)."""
    geometry = None
    for length in TILE_LENGTHS:
        geometry = lay_line(line, first, list(numbers), length)
        if fits(geometry):
            return geometry
    assert geometry is not None
    return geometry


def end_rect(place: Place, length: int) -> pygame.Rect:
    """An open end's drop target: the place its next tile would take, a little larger."""
    return place.rect(length).inflate(8, 8)


def seat_plates(players: int, bottom: int) -> dict[int, pygame.Rect]:
    """The other seats' plates along the top, clockwise from the bottom seat's left."""
    others = [(bottom + k) % players for k in range(1, players)]
    width = min(PLATE_WIDTH, (TOP_ROW.width - PLATE_GAP * (len(others) - 1)) // max(1, len(others)))
    total = len(others) * width + PLATE_GAP * (len(others) - 1)
    x = TOP_ROW.centerx - total // 2
    return {seat: pygame.Rect(x + k * (width + PLATE_GAP), TOP_ROW.y, width, TOP_ROW.height)
            for k, seat in enumerate(others)}


def plate_tiles(plate: pygame.Rect, count: int) -> list[pygame.Rect]:
    """A plate's `count` upright tiles along its lower half, left of the count's room."""
    w, h = PLATE_TILE // 2, PLATE_TILE
    room = plate.width - 20 - 56
    pitch = min(w + 3, room / max(1, count))
    return [pygame.Rect(round(plate.x + 10 + i * pitch), plate.bottom - h - 8, w, h) for i in range(count)]


def hand_tiles(count: int, lifted: frozenset[int], row: BottomRow) -> list[pygame.Rect]:
    """The bottom seat's `count` upright tiles, centred in the row's hand box (shorter
    when a long hand would not fit); the indices in `lifted` stand a little higher."""
    box = row.hand
    length = row.hand_length
    while length > 48 and count * (length // 2 + 6) > box.width:
        length -= 8
    w, h = length // 2, length
    pitch = min(w + 6, (box.width - w) / max(1, count - 1)) if count > 1 else 0
    width = w + pitch * (count - 1)
    x = box.x + (box.width - width) / 2
    y = box.bottom - h - 6
    return [pygame.Rect(round(x + i * pitch), y - (LIFT if i in lifted else 0), w, h) for i in range(count)]
