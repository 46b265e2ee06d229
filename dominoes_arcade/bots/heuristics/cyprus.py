"""Cyprus and Sebastopol knowledge for the bots (RULES.md sections 3 and 3b; the
round winner scores the pips left in the other hands, less their own).

Playing is compulsory, so the only choice is which tile goes on which arm. Each
play is judged by three things a careful player weighs:

- **shed heavy tiles**: its pips, which would count against you if another player
  went out; doubles get a bonus, since they fit only an arm ending in their number;
- **keep suits varied**: how many of the tiles left in your hand the open ends would
  then accept, so that you can follow next turn instead of drawing or passing;
- **block the others**: how many of the tiles you have not seen the open ends would
  then accept: fewer means the others are more likely to draw or pass.

Between rounds, `evaluate` turns the running totals into each seat's expected
reward: its chance of beating each other seat, from the difference of totals.
"""

from __future__ import annotations

import math
import random

from ...engine import Action, State
from ...engine.cyprus import TURN
from ...engine.tiles import IS_DOUBLE, NUMBERS_MASK, PIPS

SCORE_SCALE = 40.0
"""A typical round's points: the spread of totals that `evaluate` treats as decisive."""

DOUBLE_BONUS = 4.0
"""Pips a double is worth getting rid of, beyond its own."""
FOLLOW_WEIGHT = 2.0
"""Worth of each tile left in hand that the open ends would accept."""
BLOCK_WEIGHT = 1.0
"""Cost of each unseen tile (per number) that the open ends would accept."""


_TILE_BIT = [1 << t for t in range(len(PIPS))]
_SHOWING = [sum(1 << t for t in range(len(PIPS)) if NUMBERS_MASK[t] >> n & 1) for n in range(10)]
"""``_SHOWING[n]``: the tiles (as bits) that show number n."""


def _unseen_showing(state: State, hand: list[int]) -> list[int]:
    """For each number: how many tiles showing it the player to move has not seen
    (not in their hand, not on the table, not the spinner once set)."""
    seen = 0
    for line in state.layout:
        for tile in line:
            seen |= _TILE_BIT[tile]
    for tile in hand:
        seen |= _TILE_BIT[tile]
    if state.phase >= TURN:
        seen |= _TILE_BIT[state.preset.spinner]
    unseen = (1 << len(state.preset.tiles)) - 1 & ~seen  # the set is tiles 0..len-1
    return [(_SHOWING[n] & unseen).bit_count() for n in range(state.preset.suit + 1)]


def choose(state: State, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The greedy play for the player to move. Ties go to the first legal action,
    so the choice is deterministic; `rng` is not used."""
    if len(legal) == 1:
        return legal[0]
    hand = state.hands[state.seat]
    unseen = _unseen_showing(state, hand)
    ends = state.ends
    arms_at = state.arms_at
    star_complete = len(ends) == state.preset.slots
    suit = state.preset.suit
    if star_complete:
        base_open = state.open_mask
    else:
        # In the star phase judge the ends the arms will have once it is complete.
        base_open = 0
        for end in ends:
            base_open |= 1 << end
    hand_masks = [NUMBERS_MASK[tile] for tile in hand]
    best, best_value = legal[0], -1e9
    for action in legal:
        tile = action.tile
        # The open numbers after the play, and the change in unseen tiles they accept
        # (the numbers that stay open count the same for every play, so they are left out).
        open_mask = base_open
        exposed = 0
        if star_complete:
            old = ends[action.arg]
            new = PIPS[tile] - old
            if arms_at[old] == 1 << action.arg:  # the only arm ending in `old`
                open_mask ^= 1 << old
                exposed -= unseen[old]
        else:
            new = PIPS[tile] - suit
        if not open_mask >> new & 1:
            open_mask |= 1 << new
            exposed += unseen[new]
        follow = 0
        for mask in hand_masks:
            if mask & open_mask:
                follow += 1
        if NUMBERS_MASK[tile] & open_mask:
            follow -= 1  # the tile played is no longer in hand
        value = PIPS[tile] + (DOUBLE_BONUS if IS_DOUBLE[tile] else 0.0) + FOLLOW_WEIGHT * follow \
            - BLOCK_WEIGHT * exposed
        if value > best_value:
            best, best_value = action, value
    return best


def observed_by(state: State, action: Action, seat: int) -> bool:
    """A dealt or drawn tile is seen by its receiver alone."""
    return action.seat == seat


def stage(state: State) -> int:
    """How many rounds have been started (a new one begins as the last ends)."""
    return state.round_number


def evaluate(state: State) -> list[float]:
    """Each seat's expected reward between rounds: the mean, over the other seats,
    of its chance of finishing ahead of that seat, which grows with the difference
    of totals (and is 1/2 for equal totals)."""
    totals = state.totals
    n = len(totals)
    out = []
    for mine in totals:
        ahead = 0.0
        for theirs in totals:
            ahead += 0.5 + 0.5 * math.tanh((mine - theirs) / SCORE_SCALE)
        out.append((ahead - 0.5) / (n - 1))  # less the seat's own 1/2
    return out
