"""The Cyprus table's arms in real games (pure geometry, no window; issue 29): at every
player count and at the screens players use, no two arms' tiles touch however the
arms fold, and each arm's open number sits at its own arm's end, on no tile.

The table is laid out on the 1280x720 canvas and drawn at the screen's scale
(`App.scale`: the smaller of width / 1280 and height / 720), so a gap of g canvas
units is g times the scale in pixels."""

from __future__ import annotations

import math
import random
from functools import cache

import pytest

from dominoes_arcade.client.tables.cyprus_layout import arm_label, direction, fit_geometry, place
from dominoes_arcade.engine import CHANCE, new_game

RESOLUTIONS = [(1920, 1080), (1280, 800), (2560, 1080)]
LEAST_GAP = 3
"""Pixels between the tiles of two arms, and between a number's badge and any tile."""
BADGE_SHADOW = 3
"""How far a number's badge is drawn past its radius: its shadow, 1 larger and 2 lower."""
SLOTS = 8
NEAR = 12
"""Canvas units within which two tiles' gap is measured (farther ones cannot touch)."""
GAMES = 6
"""Random games per player count: a few thousand different tables in all."""


def scale(resolution: tuple[int, int]) -> float:
    return min(resolution[0] / 1280, resolution[1] / 720)


def corners(slot, length: float) -> list[tuple[float, float]]:
    """The tile in `slot` as drawn: `length` along its direction of travel, half that across."""
    ux, uy = direction(slot.angle)
    vx, vy = -uy, ux
    along, across = length / 2, length / 4
    return [(slot.x + a * ux * along + b * vx * across, slot.y + a * uy * along + b * vy * across)
            for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def _segment_distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _inside(p, polygon) -> bool:
    sides = [(b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
             for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True)]
    return all(s >= 0 for s in sides) or all(s <= 0 for s in sides)


def point_distance(p, polygon) -> float:
    """From a point to a convex polygon: 0 inside it."""
    if _inside(p, polygon):
        return 0.0
    return min(_segment_distance(p, a, b) for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True))


def gap(p: list, q: list) -> float:
    """Between two convex polygons: 0 when they overlap."""
    if any(_inside(c, q) for c in p) or any(_inside(c, p) for c in q):
        return 0.0
    return min(min(point_distance(c, q) for c in p), min(point_distance(c, p) for c in q))


def box(polygon: list) -> tuple[float, float, float, float]:
    """The box around `polygon`: left, top, right, bottom."""
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def far_apart(p: tuple, q: tuple, margin: float) -> bool:
    """Whether the boxes `p` and `q` (`box`) are more than `margin` apart (no need to measure)."""
    return p[0] > q[2] + margin or q[0] > p[2] + margin or p[1] > q[3] + margin or q[1] > p[3] + margin


def box_distance(point, b: tuple) -> float:
    """From a point to the box `b` (`box`): never more than to the polygon inside it."""
    return math.hypot(max(b[0] - point[0], 0.0, point[0] - b[2]), max(b[1] - point[1], 0.0, point[1] - b[3]))


@cache
def tables_of_real_games() -> frozenset[tuple[int, ...]]:
    """Each arm's tile count at every step of random games at 4 to 10 players (the
    places depend on nothing else)."""
    seen = set()
    for players in range(4, 11):
        for game in range(GAMES):
            rng = random.Random(players * 100 + game)
            state = new_game("cyprus", players, {"players": players})
            while not state.is_terminal:
                action = state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(
                    state.legal_actions())
                state.apply_unchecked(action)
                seen.add(tuple(len(line) for line in state.layout))
    return frozenset(seen)


def _padded(counts: tuple[int, ...]) -> tuple[int, ...]:
    return counts + (0,) * (SLOTS - len(counts))


def tiles(counts: tuple[int, ...]):
    geometry = fit_geometry(SLOTS, _padded(counts))
    return geometry, {(arm, index): corners(place(geometry, arm, index), geometry.length)
                      for arm, count in enumerate(counts) for index in range(count)}


def test_random_games_lay_many_tables_with_folded_arms():
    """The properties below cover folds: arms that run out along a row and back along the next."""
    tables = tables_of_real_games()
    folded = 0
    for counts in tables:
        geometry = fit_geometry(SLOTS, _padded(counts))
        ways = [{place(geometry, arm, index).angle for index in range(count)} for arm, count in enumerate(counts)]
        folded += any({0, 180} <= way for way in ways)
    assert len(tables) > 1000 and folded > 100


def test_no_two_arms_touch_however_they_fold():
    least = (math.inf, (), None, None)  # the narrowest gap between two arms, over every table, in canvas units
    for counts in tables_of_real_games():
        _, placed = tiles(counts)
        keys = list(placed)
        boxes = {key: box(polygon) for key, polygon in placed.items()}  # (each once, not once a pair)
        for i, one in enumerate(keys):
            for other in keys[i + 1:]:
                if one[0] == other[0] or far_apart(boxes[one], boxes[other], NEAR):
                    continue
                between = gap(placed[one], placed[other])
                if between < least[0]:
                    least = (between, counts, one, other)
    between, counts, one, other = least
    assert between < NEAR  # neighbouring arms were measured
    for resolution in RESOLUTIONS:
        assert between * scale(resolution) >= LEAST_GAP, \
            f"at {resolution}, arm {one[0]} tile {one[1]} and arm {other[0]} tile {other[1]} are " \
            f"{between * scale(resolution):.1f} px apart (arms of {counts} tiles)"


@cache
def narrowest_badge_clearance() -> tuple[float, int, tuple[int, int], tuple[int, ...]]:
    """Over every table of `tables_of_real_games`: the least room, in canvas units,
    between an open number's badge (its shadow too) and any tile, with the arm, the
    tile and the table where it is least; and each number checked to sit nearer its
    own arm's end than any other's. Measured once: a resolution only scales it."""
    least = (math.inf, -1, (0, 0), ())
    for counts in tables_of_real_games():
        geometry, placed = tiles(counts)
        length = geometry.length
        spinner = corners(geometry.spinner, length)
        polygons = [(tile, polygon, box(polygon)) for tile, polygon in [*placed.items(), ((-1, 0), spinner)]]
        ends = {}
        for arm, count in enumerate(counts):  # the open number's half of each arm's last tile
            last = place(geometry, arm, count - 1)
            ux, uy = direction(last.angle)
            ends[arm] = (last.x + ux * length / 4, last.y + uy * length / 4)
        for arm, count in enumerate(counts):
            centre, radius = arm_label(geometry, arm, count)
            own = math.dist(centre, ends[arm])
            for other, end in ends.items():
                assert other == arm or own < math.dist(centre, end), \
                    f"arm {arm}'s number is nearer arm {other}'s end (arms of {counts} tiles)"
            for tile, polygon, around in polygons:
                if box_distance(centre, around) - radius - BADGE_SHADOW >= least[0]:
                    continue  # (a tile whose box is no nearer cannot be the least: not measured)
                clear = point_distance(centre, polygon) - radius - BADGE_SHADOW
                if clear < least[0]:
                    least = (clear, arm, tile, counts)
    return least


@pytest.mark.parametrize("resolution", RESOLUTIONS)
def test_each_open_number_sits_at_its_own_arm_on_no_tile(resolution):
    clear, arm, (tile_arm, index), counts = narrowest_badge_clearance()
    clear *= scale(resolution)
    assert clear >= LEAST_GAP, \
        f"at {resolution}, arm {arm}'s number is {clear:.1f} px from arm {tile_arm} tile {index} " \
        f"(arms of {counts} tiles)"
