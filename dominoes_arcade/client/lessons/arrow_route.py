"""The path of a docked callout's arrow: from the side of the panel facing what it
points at, in straight runs along the free lanes of the table (at most two bends),
to just short of the target, crossing none of the table's tiles and words. A
target beside the panel is reached from its facing edge; one above or below it,
from its top or bottom edge (the same search, the table's rects turned across the
diagonal: `_transposed`). The last run may come back from beyond the target, when
the side facing the panel is blocked (Necropolis's right end of a site, with the
site's tiles to its left and the drawn tile above it).

A callout docked in a side column (`callout.Callout`, a table's `callout_docks`) is
often far from its target, with whole lines of tiles between: a straight arrow
would run across them (Build Up's arrow ran across stacks 9 to 11 and their
numbers). Runs are horizontal or vertical, so each is a thin rect and is checked
against the table with one `collidelist`; the free length along a lane is found
once per lane, so the search stays a few milliseconds.
"""

from __future__ import annotations

from itertools import pairwise

import pygame

THICKNESS = 4
"""The arrow's line."""
CLEARANCE = 5
"""The least room between the arrow and a tile or a word on either side."""
LANE = THICKNESS + 2 * CLEARANCE
"""The band a run keeps free."""
STEP = 4
"""The spacing of the lanes tried."""
SHORT_OF = 8
"""The arrow stops this far short of its target (the ring round it)."""
LAST_RUN = 20
"""The least length of the run the head sits on (the head is 16 long: a shorter run
reads as a blot)."""
EDGE_ROOM = 24
"""The arrow leaves the panel this far from its corners at least."""
BEND_COST = 160
"""A bend costs as much as this many pixels of length: fewer bends first."""

Point = tuple[int, int]


def run_rect(start: Point, end: Point) -> pygame.Rect:
    """The band a straight run from `start` to `end` keeps free (its line and the
    clearance either side)."""
    left, right = sorted((start[0], end[0]))
    top, bottom = sorted((start[1], end[1]))
    half = LANE // 2
    return pygame.Rect(left - half, top - half, right - left + LANE, bottom - top + LANE)


def is_clear(path: list[Point], obstacles: list[pygame.Rect]) -> bool:
    return all(run_rect(a, b).collidelist(obstacles) < 0 for a, b in pairwise(path))


def route(panel: pygame.Rect, target: pygame.Rect, obstacles: list[pygame.Rect], bounds: pygame.Rect,
          panels: list[pygame.Rect] = ()) -> list[Point] | None:
    """The shortest path of fewest bends from the side of `panel` facing `target`
    (a ring's rect) to `SHORT_OF` pixels short of it, clear of `obstacles` (those in
    the panel or the target are left out: the panel hides them, the arrow ends at
    the ring; so are those holding the target) and inside `bounds`; in the open, clear of the table's `panels` too
    (but the one holding the target), where it can be (an arrow along a panel's
    edge or through a line of stacks reads as part of the table); None when there
    is none."""
    foreign = [rect for rect in panels if not rect.contains(target) and not panel.contains(rect)]
    if foreign:
        path = route(panel, target, list(obstacles) + foreign, bounds)
        if path is not None:
            return path
    found = [path for path in (_route_across(panel, target, obstacles, bounds),
                               _transposed(_route_across(_flip(panel), _flip(target), list(map(_flip, obstacles)),
                                                         _flip(bounds))))
             if path is not None]
    return min(found, key=path_cost) if found else None


def _flip(rect: pygame.Rect) -> pygame.Rect:
    """`rect` turned across the diagonal (x for y): a route up or down is found as
    one across."""
    return pygame.Rect(rect.y, rect.x, rect.height, rect.width)


def _transposed(path: list[Point] | None) -> list[Point] | None:
    return None if path is None else [(y, x) for x, y in path]


def path_cost(path: list[Point]) -> int:
    """A path's length, each bend counted as `BEND_COST` pixels more."""
    return sum(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in pairwise(path)) + BEND_COST * (len(path) - 2)


def _route_across(panel: pygame.Rect, target: pygame.Rect, obstacles: list[pygame.Rect],
                  bounds: pygame.Rect) -> list[Point] | None:
    """`route` leaving the panel's left or right edge (None: the target is above or
    below the panel, or no path is clear)."""
    if target.left >= panel.right:
        direction, edge, near = 1, panel.right, target.left - SHORT_OF
    elif target.right <= panel.left:
        direction, edge, near = -1, panel.left, target.right + SHORT_OF
    else:
        return None
    # (an item holding the target, such as the mastabas tray round a mastaba tile, is entered)
    blocking = [rect for rect in obstacles if not panel.contains(rect) and not target.contains(rect)
                and not rect.contains(target) and bounds.colliderect(rect)]
    ys = range(max(panel.top, bounds.top) + EDGE_ROOM, min(panel.bottom, bounds.bottom) - EDGE_ROOM + 1, STEP)
    reach = {y: _reach((edge, y), direction, 0, blocking) for y in ys}
    target_y = target.centery
    candidates: list[tuple[int, list[Point]]] = []
    for y, free in reach.items():
        if target.top + SHORT_OF <= y <= target.bottom - SHORT_OF and free >= abs(near - edge):
            # Straight across, at the target's middle where it can be.
            candidates.append((abs(near - edge) + abs(y - target.centery), [(edge, y), (near, y)]))
        elif not target.top <= y <= target.bottom:
            x = target.centerx  # along the lane, then down (or up) onto the target
            end_y = target.top - SHORT_OF if y < target.top else target.bottom + SHORT_OF
            path = [(edge, y), (x, y), (x, end_y)]
            if free >= abs(x - edge) and abs(end_y - y) >= LAST_RUN and is_clear(path[1:], blocking):
                candidates.append((path_cost(path), path))
    # Two bends: out along a lane, up or down a column between, then across onto the target's side.
    last_run = _reach((near, target_y), -direction, 0, blocking)
    between = [x for x in range(edge + direction * LANE, near - direction * LAST_RUN, direction * STEP)
               if abs(near - x) <= last_run]
    # Or round it: out past the target, then back onto its far side (its near side blocked).
    far = target.right + SHORT_OF if direction > 0 else target.left - SHORT_OF
    back_run = _reach((far, target_y), direction, 0, blocking)
    beyond = [x for x in range(far + direction * LAST_RUN, far + direction * max(back_run, 0) + 1, direction * STEP)
              if bounds.left <= x <= bounds.right]
    for columns, end_x in ((between, near), (beyond, far)):
        candidates += [(path_cost(path), path) for path in _two_bends(columns, end_x, edge, target_y, reach, blocking)]
    return min(candidates, key=lambda candidate: candidate[0])[1] if candidates else None


def _two_bends(columns: list[int], end_x: int, edge: int, target_y: int, reach: dict[int, int],
               obstacles: list[pygame.Rect]) -> list[list[Point]]:
    """The clear paths out from the panel's `edge` along a lane of `reach` (each
    lane's free length), up or down one of `columns` to the target's middle, then
    across to `end_x`."""
    paths = []
    for x in columns:
        up, down = (_reach((x, target_y), sign, 1, obstacles) for sign in (-1, 1))
        for y, free in reach.items():
            if free >= abs(x - edge) and LAST_RUN <= abs(y - target_y) and -up <= y - target_y <= down:
                paths.append([(edge, y), (x, y), (x, target_y), (end_x, target_y)])
    return paths


def _reach(start: Point, direction: int, axis: int, obstacles: list[pygame.Rect]) -> int:
    """How far a run from `start` goes along `axis` (0: across, 1: down) in
    `direction` (1 or -1) before its band meets an obstacle (negative: not at all)."""
    half = LANE // 2
    along, at = start[axis], start[1 - axis]
    free = 10 ** 6
    for rect in obstacles:
        low, high = (rect.left, rect.right) if axis == 0 else (rect.top, rect.bottom)
        side_low, side_high = (rect.top, rect.bottom) if axis == 0 else (rect.left, rect.right)
        if side_low >= at + half or side_high <= at - half:
            continue  # beside the band
        if direction > 0 and high > along - half:
            free = min(free, low - along - half)
        elif direction < 0 and low < along + half:
            free = min(free, along - high - half)
    return free
