"""Where everything sits on the Cyprus and Sebastopol table (dominoes_arcade/rules/cyprus.md
and sebastopol.md), as pure functions of what is on the table: the table scene draws the
engine state through these, and tweens only the tiles in motion, so undo and
replays that rebuild the state simply lay the table out again.

The 1280x720 canvas (the footer's 48 px at the bottom stay free)::

    +--------+----------------- top seats -----------------+--------+
    |  left  |                                             | right  |
    |  seats |        the star and its arms                | seats  |
    |        |                                             |        |
    +--------+---------------------------------------------+--------+
    | boneyard  |        the hand at the bottom            | sheet  |
    +-----------+------------------------------------------+--------+

Seats sit clockwise around the table from the seat at the bottom (the player at
this screen): up the left side, along the top, down the right side.

The star: the spinner in the centre, slot tiles touching it on four sides
(N, E, S, W) and, in Cyprus, at four corners turned 45 degrees (NE, SE, SW, NW).
Each arm then grows outward in rows that run sideways and turn at the table's
edge (a snake, the way a real line turns at the edge of the table): N and S go
straight up and down first and turn towards the right side; the corner arms turn
sideways at once; E and W run straight out. Each arm owns its own rows, so arms
never cross, and the tile length shrinks only when some arm outgrows its rows.
Every tile is laid with the number it matched towards the spinner.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

WIDTH, HEIGHT = 1280, 720
FOOTER = 48

AREA = pygame.Rect(168, 92, 944, 460)
"""The felt where the star and its arms lie."""
CENTRE = AREA.center

TILE_LENGTHS = (72, 64, 56, 52, 48, 44, 40, 36, 32, 28, 24)
"""Table tile lengths, largest first: the largest at which every arm fits is used."""
GAP = 4
"""Between tiles along an arm."""
ROW_GAP = 6
"""Between the rows of neighbouring arms."""
CORNER_GAP = 6
"""How far a corner slot's tile stands off the spinner's corner, along its diagonal:
its sides then keep 4 px (6 times the square root of a half) from the N, E, S and W
tiles beside it, where `GAP` would leave under 3."""

N, E, S, W, NE, SE, SW, NW = range(8)
SLOT_NAMES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
SLOT_ANGLES = (90, 0, 270, 180, 45, 315, 225, 135)
"""Each star slot's direction, in degrees counterclockwise from east (screen up is 90)."""

HAND_GAP = 6
SHEET_BOX = pygame.Rect(1076, 560, 196, 108)
LEFT_COLUMN = pygame.Rect(8, 92, 152, 460)
RIGHT_COLUMN = pygame.Rect(1120, 92, 152, 460)
TOP_ROW = pygame.Rect(168, 4, 944, 84)
PLATE_SIZE = (152, 84)
PLATE_TILE = 32
FLAT_TILE = 26
PLATE_HEADER = 38
"""A plate's name, total, kind and bar: what its tiles stay below."""
"""A face-up hand's tiles on a plate when they lie in rows (`plate_rows`)."""
"""Tiles in a seat plate: face down, or face up in a replay."""
PLATE_COUNT_ROOM = 38
"""Room at the right of a plate's tiles for their count."""


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one tile of an arm lies: its centre and its direction of travel
    (degrees counterclockwise from east). The matched number is at the back."""

    x: float
    y: float
    angle: int

    @property
    def horizontal(self) -> bool:
        return self.angle in (0, 180)

    @property
    def diagonal(self) -> bool:
        return self.angle % 90 != 0


def direction(angle: int) -> tuple[float, float]:
    """The unit screen vector of `angle` (y grows downwards)."""
    radians = math.radians(angle)
    return round(math.cos(radians), 9), round(-math.sin(radians), 9)


def slot_rect(slot: Slot, length: int) -> pygame.Rect:
    """The bounding box of a tile of `length` lying in `slot`."""
    if slot.diagonal:
        side = round((length + length / 2) * math.sqrt(0.5))
        w = h = side
    elif slot.horizontal:
        w, h = length, length // 2
    else:
        w, h = length // 2, length
    return pygame.Rect(round(slot.x - w / 2), round(slot.y - h / 2), w, h)


# -- the star and its arms -----------------------------------------------------------


@dataclass(frozen=True)
class StarGeometry:
    """Every place an arm may use at one tile length."""

    length: int
    spinner: Slot
    arms: tuple[tuple[Slot, ...], ...]
    """``arms[k][i]``: the place of arm k's i-th tile (0 is its star slot)."""

    def capacity(self, arm: int) -> int:
        return len(self.arms[arm])


@lru_cache(maxsize=64)
def star_geometry(slots: int, length: int, area: tuple[int, int, int, int] = tuple(AREA)) -> StarGeometry:
    """The star and its arms for a star of `slots` (8 for Cyprus, 4 for Sebastopol)
    with tiles `length` pixels long, inside `area`."""
    x0, y0, w, h = area
    cx, cy = x0 + w / 2, y0 + h / 2
    edges = (x0 + 2, x0 + w - 2)
    half, quarter = length / 2, length / 4
    pitch = half + ROW_GAP
    rows = int((h / 2 - 2 - quarter) // pitch)
    spinner = Slot(cx, cy, 90)  # upright: its long sides face E and W
    spin_hx, spin_hy = quarter, half

    # The star slots, touching the spinner; a corner tile is pushed out along its
    # diagonal until its near corner clears the spinner's (`CORNER_GAP`).
    origins: dict[int, tuple[float, float]] = {
        N: (cx, cy - spin_hy - GAP), S: (cx, cy + spin_hy + GAP),
        E: (cx + spin_hx + GAP, cy), W: (cx - spin_hx - GAP, cy),
    }
    for slot, (sx, sy) in ((NE, (1, -1)), (SE, (1, 1)), (SW, (-1, 1)), (NW, (-1, -1))):
        ux, uy = direction(SLOT_ANGLES[slot])
        out = quarter + CORNER_GAP
        origins[slot] = (cx + sx * spin_hx + ux * out, cy + sy * spin_hy + uy * out)
    arms: dict[int, list[Slot]] = {}
    ends: dict[int, tuple[float, float]] = {}
    for slot in range(slots):
        (ox, oy), (ux, uy) = origins[slot], direction(SLOT_ANGLES[slot])
        arms[slot] = [Slot(ox + ux * half, oy + uy * half, SLOT_ANGLES[slot])]
        ends[slot] = (ox + ux * length, oy + uy * length)

    # How far the corner tiles reach from the centre, and the first row clear of them.
    corner_diagonal = quarter * math.sqrt(0.5)
    if slots == 8:
        corner_reach_y = abs(ends[NE][1] - cy) + corner_diagonal
        corner_reach_x = abs(ends[NE][0] - cx) + corner_diagonal
        first_corner_row = max(2, round(abs(ends[NE][1] - cy) / pitch))
    else:
        corner_reach_y, corner_reach_x, first_corner_row = spin_hy, spin_hx, 2

    def inner_x(y: float, side: int) -> float:
        """Where a row at `y` must stop short of the centre: clear of the N and S
        legs, and of the star slot tiles where it passes beside them."""
        clear = abs(y - cy) - quarter > corner_reach_y + GAP
        reach = spin_hx if clear else max(corner_reach_x, length + spin_hx + GAP)
        return cx + side * (reach + 2 * GAP)

    # N and S run straight out while a row still fits beyond, then turn right with
    # the first tile lying across the leg's end, and snake back inward over rows
    # shared out with the corner arm beside them (NE, SE) or with E in Sebastopol.
    leg_rows: dict[int, list[float]] = {}
    corner_rows = {NE: 0, SE: 0}
    for slot in (N, S):
        sign = -1 if slot == N else 1
        reach = abs(ends[slot][1] - cy)
        while reach + GAP + length + GAP + half <= h / 2 - 2:
            arms[slot].append(Slot(cx, cy + sign * (reach + GAP + half), SLOT_ANGLES[slot]))
            reach += GAP + length
        first = reach + GAP + quarter
        # Rows k pitches apart fit between the first row and the rows beside while
        # their bands keep ROW_GAP apart (pitch is a band plus ROW_GAP).
        if slots == 8:  # shared with the corner arm, whose rows start at first_corner_row
            shared = max(2, int(first // pitch) - first_corner_row + 1)
            theirs = (shared + 1) // 2
            ours = max(1, shared - theirs)
        else:  # down to E's rows, 0 and 1
            theirs, ours = 0, max(1, int(first // pitch) - (1 if sign > 0 else 0))
        leg_rows[slot] = [cy + sign * (first - k * pitch) for k in range(ours)]
        corner_rows[NE if slot == N else SE] = theirs

    plan: dict[int, tuple[list[int], int]] = {  # rows from the centre line (negative above), first side
        E: ([0, -1] if slots == 8 else [0, 1], 1),
        W: ([0, 1], -1) if slots == 8 else (list(range(0, -rows - 1, -1)), -1),
    }
    if slots == 8:
        d = first_corner_row
        plan[NE] = ([-(d + j) for j in range(corner_rows[NE])], 1)
        plan[SE] = ([d + j for j in range(corner_rows[SE])], 1)
        plan[NW] = (list(range(-d, -rows - 1, -1)), -1)
        plan[SW] = (list(range(d, rows + 1)), -1)
    for slot, (row_list, side) in plan.items():
        start_x = ends[slot][0] + side * (GAP if slot in (E, W) else corner_diagonal + GAP)
        _snake(arms[slot], [cy + row * pitch for row in row_list], side, start_x, inner_x, edges, length)
    for slot in (N, S):
        _snake(arms[slot], leg_rows[slot], 1, cx - spin_hx, inner_x, edges, length)
    return StarGeometry(length, spinner, tuple(tuple(arms[k]) for k in range(slots)))


def _snake(path: list[Slot], ys: list[float], half_side: int, start_x: float, inner_x,
           edges: tuple[float, float], length: int) -> None:
    """Append the places of an arm running along rows at `ys` in turn: out towards
    `half_side` (+1 right, -1 left) to the table's edge, a turning tile across to
    the next row, back towards the centre, and so on."""
    half = length / 2
    turn_room = GAP + half
    x, side = start_x, half_side
    for index, y in enumerate(ys):
        more = index + 1 < len(ys)
        room = turn_room if more else 0
        if side == half_side:  # outwards: up to the table's edge
            limit = (edges[1] if side > 0 else edges[0]) - side * room
        else:  # back towards the centre: up to the row's inner limit
            limit = inner_x(y, half_side) - side * room
        placed = 0
        while (x + side * length) * side <= limit * side:
            path.append(Slot(x + side * half, y, 0 if side > 0 else 180))
            x += side * (length + GAP)
            placed += 1
        if not more or (index > 0 and not placed):
            return
        last_end = x - side * GAP
        next_y = ys[index + 1]
        path.append(Slot(last_end + side * (GAP + length / 4), (y + next_y) / 2, 270 if next_y > y else 90))
        x, side = last_end, -side


@lru_cache(maxsize=512)
def fit_geometry(slots: int, arm_lengths: tuple[int, ...]) -> StarGeometry:
    """The geometry with the longest tiles at which every arm has room for its tiles
    and the next one (`arm_lengths[k]`: tiles on arm k, its star tile included)."""
    for length in TILE_LENGTHS:
        geometry = star_geometry(slots, length)
        if all(geometry.capacity(k) > n for k, n in enumerate(arm_lengths)):
            return geometry
    return star_geometry(slots, TILE_LENGTHS[-1])  # beyond any real deal: the last places are shared


def place(geometry: StarGeometry, arm: int, index: int) -> Slot:
    """Arm `arm`'s `index`-th place (its star slot is 0)."""
    path = geometry.arms[arm]
    return path[min(index, len(path) - 1)]


def arm_label(geometry: StarGeometry, arm: int, count: int) -> tuple[tuple[float, float], int]:
    """Where arm `arm` (with `count` tiles) shows its open number, and the badge's
    radius: in the half of the next place that will match it, nearest the arm's
    last tile. Not the next place's centre: after a turning tile the next place
    lies half a row sideways, nearer some other arm's end than this one's."""
    slot = place(geometry, arm, count)
    back_x, back_y = direction(slot.angle)
    quarter = geometry.length / 4
    return (slot.x - back_x * quarter, slot.y - back_y * quarter), max(9, geometry.length // 5)


# -- seats -----------------------------------------------------------------------------


def seat_plates(players: int, bottom: int) -> dict[int, pygame.Rect]:
    """A plate for every seat but `bottom`, clockwise from it: up the left side,
    along the top, down the right side."""
    others = [(bottom + i) % players for i in range(1, players)]
    side = max(1, len(others) // 3)
    top = len(others) - 2 * side
    plates: dict[int, pygame.Rect] = {}
    w, h = PLATE_SIZE
    for i, seat in enumerate(others[:side]):  # left, from the bottom up
        cell = LEFT_COLUMN.height / side
        centre_y = LEFT_COLUMN.bottom - cell * (i + 0.5)
        plates[seat] = pygame.Rect(LEFT_COLUMN.x, round(centre_y - h / 2), w, h)
    cell_w = TOP_ROW.width / max(1, top)
    top_w = min(round(cell_w) - 8, 200)
    for i, seat in enumerate(others[side:side + top]):  # top, left to right
        centre_x = TOP_ROW.x + cell_w * (i + 0.5)
        plates[seat] = pygame.Rect(round(centre_x - top_w / 2), TOP_ROW.y, top_w, h)
    for i, seat in enumerate(others[side + top:]):  # right, from the top down
        cell = RIGHT_COLUMN.height / side
        centre_y = RIGHT_COLUMN.y + cell * (i + 0.5)
        plates[seat] = pygame.Rect(RIGHT_COLUMN.x, round(centre_y - h / 2), w, h)
    return plates


def plate_tiles(plate: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where a seat plate's `count` upright tiles go: one row along its foot,
    overlapping when there are many."""
    w, h = PLATE_TILE // 2, PLATE_TILE
    room = plate.width - 16 - PLATE_COUNT_ROOM
    pitch = min(w + 2, (room - w) / max(1, count - 1)) if count > 1 else 0
    row_width = w + pitch * (count - 1)
    x = plate.x + 8 + (room - row_width) / 2
    y = plate.bottom - h - 6
    return [pygame.Rect(round(x + i * pitch), y, w, h) for i in range(count)]


def plate_rows(plate: pygame.Rect, count: int) -> tuple[list[pygame.Rect], int] | None:
    """Where a face-up hand goes on its plate when one row of upright tiles would
    overlap them (hiding pips): rows of flat tiles under the plate's name and bar,
    as long as fits (`FLAT_TILE` at most), and that length. None when one row of
    upright tiles fits, or when not even the smallest flat tiles would."""
    upright = PLATE_TILE // 2
    room = plate.width - 16 - PLATE_COUNT_ROOM
    if count <= 1 or (room - upright) / (count - 1) >= upright + 2:
        return None
    for length in range(FLAT_TILE, 17, -2):
        width, height = length, length // 2
        per_row = max(1, (room + 2) // (width + 2))
        rows = -(-count // per_row)
        if rows * height + (rows - 1) * 2 <= plate.height - PLATE_HEADER - 4:
            top = plate.bottom - 4 - rows * height - (rows - 1) * 2
            return [pygame.Rect(plate.x + 8 + (i % per_row) * (width + 2), top + (i // per_row) * (height + 2),
                                width, height) for i in range(count)], length
    return None


@dataclass(frozen=True)
class BottomRow:
    """The bottom of the table: the bottom seat's hand (upright tiles in a row,
    lifted when playable), its label above, and the boneyard with its buttons."""

    hand: pygame.Rect
    hand_length: int
    boneyard: pygame.Rect
    pile_centre: tuple[int, int]
    pile_length: int
    buttons: dict[str, pygame.Rect]

    @property
    def label(self) -> pygame.Rect:
        return pygame.Rect(self.hand.x, self.hand.y - 22, self.hand.width, 22)


PLAY_ROW = BottomRow(pygame.Rect(212, 576, 856, 92), 72, pygame.Rect(8, 560, 196, 108), (52, 610), 56,
                     {"draw": pygame.Rect(100, 568, 100, 42), "pass": pygame.Rect(100, 618, 100, 42)})
REPLAY_ROW = BottomRow(pygame.Rect(520, 578, 548, 90), 56, pygame.Rect(8, 558, 196, 34), (26, 575), 28, {})
"""A replay's bottom row: no buttons, and the hand to the right of the replay controls."""


def hand_tiles(count: int, lifted: frozenset[int] = frozenset(), row: BottomRow = PLAY_ROW) -> list[pygame.Rect]:
    """The bottom seat's `count` upright tiles, centred in the row's hand box; the
    indices in `lifted` (playable tiles) stand a little higher."""
    length, box = row.hand_length, row.hand
    w, h = length // 2, length
    pitch = min(w + HAND_GAP, (box.width - w) / max(1, count - 1)) if count > 1 else 0
    row_width = w + pitch * (count - 1)
    x = box.x + (box.width - row_width) / 2
    y = box.bottom - h - 6
    return [pygame.Rect(round(x + i * pitch), y - (LIFT if i in lifted else 0), w, h) for i in range(count)]


LIFT = 12
"""How far a playable tile in the hand stands up."""


_RECORD_SLOT = re.compile(r"@(\d)\b")
_RECORD_ARM = re.compile(r"\barm (\d)\b")


def board_words(text: str) -> str:
    """`text` (the engine's reason, written with the record's arms: "@3", "arm 3")
    with each arm named as the board and the move log name it ("the W slot", "arm W")."""
    text = _RECORD_SLOT.sub(lambda match: f"the {SLOT_NAMES[int(match.group(1))]} slot", text)
    return _RECORD_ARM.sub(lambda match: f"arm {SLOT_NAMES[int(match.group(1))]}", text)
