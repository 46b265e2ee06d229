"""Build Up's cover matrix: the speed tables behind its legal moves (the rules are in
`buildup`), with its phases, its decisions (`PLACE`, `PASS`) and the events its steps
report, all interned.

The hot path asks "which hand tile may cover which stack?" dozens of times a move, so a state keeps
the answer for every tile at once in one int, its cover matrix: bit ``12 * tile +
stack`` is set when `tile` may cover that stack's top. Placing a tile rewrites one
column; a hand selects its rows; legal moves come from the row bits through
`PLACE_BY_ROW`, six stacks at a time.
"""

from __future__ import annotations

from typing import Final

from .core import Action, Event
from .tiles import DOUBLE_SIX, NAME

GAME = "buildup"

# The phases, in the order play meets them (described in `buildup`).
# (Final, here and below: the compiled build (setup.py) reads them as C statics, not by name.)
DEAL_LINE: Final = 0    # chance: the next line tile
FIRST_DRAW: Final = 1   # chance: the first-player draws, in pairs
FILL: Final = 2         # chance: filling a hand
PLAY: Final = 3         # `seat` places a tile or passes
OVER: Final = 4

STACK_COUNT: Final = 12
ROW_BITS: Final = (1 << STACK_COUNT) - 1
ROW_SHIFT: Final = [STACK_COUNT * t for t in DOUBLE_SIX]
ROW: Final = [ROW_BITS << ROW_SHIFT[t] for t in DOUBLE_SIX]
"""``ROW[tile]``: the bits of `tile`'s row of a cover matrix."""
ALL_ROWS = sum(ROW)
STACK_CLEAR: Final = [ALL_ROWS & ~sum(1 << STACK_COUNT * t + s for t in DOUBLE_SIX) for s in range(STACK_COUNT)]
"""``STACK_CLEAR[stack]``: a cover matrix with `stack`'s column cleared."""
HALF: Final = STACK_COUNT // 2
HALF_BITS: Final = (1 << HALF) - 1

PLACE: Final = [tuple(Action(GAME, "place", f"{NAME[t]} s{s}", tile=t, arg=s) for s in range(STACK_COUNT))
         for t in DOUBLE_SIX]
"""``PLACE[tile][stack]``: place `tile` from the hand on `stack` (interned)."""
PLACE_BIT: Final = {action: ROW_SHIFT[action.tile] + action.arg for row in PLACE for action in row}
"""Each placement's bit in a cover matrix."""
PASS: Final = Action(GAME, "pass", "pass")
# The events of the steps, built once (events are immutable, and `apply` reports one
# or more a step): indexed by what varies.
COVER_EVENTS: Final = [[[Event("cover", p, t, "hand", "stack", value=s) for s in range(STACK_COUNT)]
                        for t in DOUBLE_SIX] for p in (0, 1)]
"""``[seat][tile][stack]``: a placement."""
LINE_EVENTS: Final = [[Event("line", s // HALF, t, "boneyard", "stack", value=s) for t in DOUBLE_SIX]
               for s in range(STACK_COUNT)]
"""``[stack][tile]``: a line tile dealt (stacks ``0..5`` are seat 0's line)."""
FILL_EVENTS: Final = [[Event("draw", p, t, "boneyard", "hand", face_up=False) for t in DOUBLE_SIX] for p in (0, 1)]
"""``[seat][tile]``: a hand fill, seen by the drawer only."""
SHOWN_DRAW_EVENTS: Final = [[Event("draw", p, t, "boneyard", "hand", face_up=True) for t in DOUBLE_SIX] for p in (0, 1)]
"""``[seat][tile]``: a first-player draw, shown to both."""
SET_ASIDE_EVENTS: Final = [[Event("set_aside", p, t, "hand", "set_aside") for t in DOUBLE_SIX] for p in (0, 1)]
"""``[seat][tile]``: a tile left in hand at a hand end."""
PASS_EVENTS: Final = (Event("pass", 0), Event("pass", 1))
FIRST_EVENTS: Final = [tuple(Event("first", p, value=hand) for hand in range(1, 5)) for p in (0, 1)]
"""``[seat][hand - 1]``: who moves first in hand 1..4."""


def cover_columns(coverers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``[top][stack]``: the cover-matrix column of `stack` when `top` is on it, from
    ``coverers[top]``, the bitmask of the tiles that may cover `top`."""
    column = [sum(1 << STACK_COUNT * c for c in DOUBLE_SIX if coverers[top] >> c & 1) for top in DOUBLE_SIX]
    return tuple(tuple(column[top] << s for s in range(STACK_COUNT)) for top in DOUBLE_SIX)


def placements_by_row(place: list[tuple[Action, ...]]) -> list[tuple[tuple[tuple[Action, ...], ...], ...]]:
    """``[tile][half][bits]``: the placements (``place[tile][stack]``) of `tile` on the
    stacks of that half (``0..5`` or ``6..11``) whose bits are set in a 6-bit slice
    of its row."""
    return [tuple(tuple(tuple(place[t][half * HALF + s] for s in range(HALF) if bits >> s & 1)
                        for bits in range(1 << HALF))
                  for half in (0, 1))
            for t in DOUBLE_SIX]


PLACE_BY_ROW: Final = placements_by_row(PLACE)
