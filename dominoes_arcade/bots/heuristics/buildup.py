"""Build Up knowledge for the bots (dominoes_arcade/rules/buildup.md; higher score wins).

A hand scores the pips of your colour on top of the stacks, so a placement is judged
by how it moves the difference between the two colours on top:

- covering your own tile gains the difference in pips; covering the opponent's
  gains both tiles' pips (yours goes up, theirs goes away), so heavy opposing tops
  are the first targets;
- a tile the opponent can still cover this hand is worth less: the loss is weighted
  by the chance that one of the tiles left in their hand covers it;
- a double can cover any non-double, which is the way out of a block, so playing one
  costs a little while another tile would do;
- with ``scoring = "played_this_hand"`` only the pips you place count: the heaviest
  placement wins.

At a hand end, `evaluate` turns the totals and the tops (which score again in every
later hand unless covered) into each seat's chance of winning: a linear forecast of
the final margin and its spread, fitted by least squares on 3,000 games of the
greedy heuristic against itself (10% random moves).

`pimc` with ``policy=strong`` rolls out with the rest of this module instead:
`strong_choose` (and its list-free twin `strong_rollout_action`) plays light tiles
first, takes the risk of being covered from the tiles the opponent may still hold,
and keeps doubles longer, with weights fitted to make pimc's own choices (two in
three, where `choose` makes one in three); `strong_evaluate` adds the tops' safety
and the pips left in the boneyards to the forecast; `strong_stage` lets rollouts in
hands 3 and 4 play the settled last hand out. Greedy and plain pimc stay as they
are: they are the baselines.
"""

from __future__ import annotations

import math
import random

from ...engine import Action
from ...engine.buildup import COVERERS, FILL, HAND_SIZES, SET_SIZE, BuildUpState
from ...engine.buildup_matrix import PASS, PLACE, PLAY, ROW_BITS, ROW_SHIFT
from ...engine.tiles import DOUBLE_SIX, IS_DOUBLE, PIPS
from .buildup_solver import hand_values

SCORE_SCALE = 20.0

RISK_WEIGHT = 1.0
"""Share of a tile's pips counted as lost when the opponent is likely to cover it."""
DOUBLE_KEEP = 2.0
"""Pips a double is worth kept in hand, as a way out of a block."""

_MAX_HAND = 6


def _cover_chance(coverers: tuple[int, ...]) -> list[list[float]]:
    """``[tile][h]``: the chance that at least one of h unseen opponent tiles may
    cover `tile`, taking their tiles as a uniform sample of a full set."""
    table = []
    for tile in DOUBLE_SIX:
        share = sum(coverers[tile] >> c & 1 for c in DOUBLE_SIX) / SET_SIZE
        table.append([1.0 - (1.0 - share) ** h for h in range(_MAX_HAND + 1)])
    return table


COVER_CHANCE = {variant: _cover_chance(coverers) for variant, coverers in COVERERS.items()}
"""Per ``nondouble_on_double`` variant: `_cover_chance`."""


def choose(state: BuildUpState, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The greedy placement for the player to move. Ties go to the first legal
    action, so the choice is deterministic; `rng` is not used."""
    if len(legal) == 1:
        return legal[0]
    seat = state.seat
    stacks = state.stacks
    rules = state.rules
    if rules.played_this_hand:
        best, best_pips = legal[0], -1
        for action in legal:
            if PIPS[action.tile] > best_pips:
                best, best_pips = action, PIPS[action.tile]
        return best
    chance = COVER_CHANCE[state.options["nondouble_on_double"]]
    opponent_hand = len(state.hands[1 - seat])
    has_single = False
    for action in legal:
        if not IS_DOUBLE[action.tile]:
            has_single = True
            break
    best, best_value = legal[0], -1e9
    last = -1
    for action in legal:
        tile = action.tile
        if tile != last:  # the list runs tile by tile: the tile's parts once per tile
            last, pips = tile, PIPS[tile]
            risk = RISK_WEIGHT * pips * chance[tile][opponent_hand]
            keep = has_single and IS_DOUBLE[tile]
        top, owner = stacks[action.arg][-1]
        value = (pips - PIPS[top] if owner == seat else pips + PIPS[top]) - risk
        if keep:
            value -= DOUBLE_KEEP
        if value > best_value:
            best, best_value = action, value
    return best


def observed_by(state: BuildUpState, action: Action, seat: int) -> bool:
    """Line tiles and the first-player draws are shown; a fill is seen by its drawer."""
    return action.kind == "line" or action.seat == seat or state.phase != FILL


def stage(state: BuildUpState) -> int:
    """How many hands have ended."""
    return state.hand_index if state.termination is None else 4


# hands ended -> (weight of the totals' difference, weight of the tops' difference,
# spread of the final margin around that forecast)
_FORECAST = {1: (1.29, 1.29, 39.7), 2: (0.53, 1.07, 27.8), 3: (0.88, 0.64, 13.0)}


def evaluate(state: BuildUpState) -> list[float]:
    """Each seat's chance of winning at a hand end, from the forecast final margin
    (a normal spread, approximated by tanh)."""
    ended = state.hand_index
    if state.rules.played_this_hand or ended not in _FORECAST:
        total_weight, tops_weight, spread = 1.0, 0.0, 30.0
    else:
        total_weight, tops_weight, spread = _FORECAST[ended]
        if ended == 1:
            total_weight = 0.0  # after one hand the totals are the tops
    tops = 0
    for entries in state.stacks:
        tile, owner = entries[-1]
        tops += PIPS[tile] if owner == 0 else -PIPS[tile]
    totals = state.totals
    forecast = total_weight * (totals[0] - totals[1]) + tops_weight * tops
    first = 0.5 + 0.5 * math.tanh(0.8 * forecast / spread)
    return [first, 1.0 - first]


# -- the hand's end played exactly (pimc's ``solve``) --------------------------------
solve_hand = hand_values
"""Each action's value when the rest of the hand is played perfectly (`buildup_solver`)."""


def solve_plan(view: BuildUpState, most: int) -> int:
    """How `pimc:solve=most` decides at `view`: 0, by rollouts (not in play, or more
    than `most` tiles left in the two hands); 1, by solving one world (nothing is
    hidden: in the last hand every tile is in sight); 2, by solving each sampled
    world (`solve_hand`)."""
    if view.phase != PLAY:
        return 0
    opponent = 1 - view.seat
    hidden = view.hands[opponent].count(-1) if view.viewer != -1 else 0
    if hidden and hidden == len(view.unknown_tiles()):
        return 1  # every tile not in sight is in the opponent's hand: one world only
    if not hidden:
        return 1
    return 2 if len(view.hands[0]) + len(view.hands[1]) <= most else 0


def solved_reward(state: BuildUpState, seat: int, value: int, margin_weight: float) -> float:
    """`seat`'s reward when the hand in progress ends `value` points ahead of the
    opponent (`solve_hand`'s value): at the end of the game the rank and margin of
    `ismcts.rewards`, otherwise `evaluate`'s forecast, with the hand's tops taken as
    that value (they are, unless ``unplayed_penalty`` or ``played_this_hand``)."""
    mine, theirs = state.totals[seat], state.totals[1 - seat]
    ended = state.hand_index + 1
    if ended == len(HAND_SIZES):
        margin = mine - theirs + value
        rank = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return (1.0 - margin_weight) * rank + margin_weight * (1.0 + math.tanh(margin / SCORE_SCALE)) / 2.0
    if state.rules.played_this_hand or ended not in _FORECAST:
        total_weight, tops_weight, spread = 1.0, 0.0, 30.0
    else:
        total_weight, tops_weight, spread = _FORECAST[ended]
        if ended == 1:
            total_weight = 0.0
    forecast = total_weight * (mine - theirs + value) + tops_weight * value
    return 0.5 + 0.5 * math.tanh(0.8 * forecast / spread)


# -- the stronger one-ply policy (pimc's ``policy=strong`` rollouts) ----------------
def _no_cover_table() -> list[list[list[float]]]:
    """``[n][k][h]``: the chance that h tiles drawn from a pool of n, k of which
    cover a tile, hold none of the k (hypergeometric)."""
    return [[[math.comb(n - k, h) / math.comb(n, h) if h <= n else 0.0 for h in range(_MAX_HAND + 1)]
             for k in range(n + 1)] for n in range(SET_SIZE + 1)]


NO_COVER = _no_cover_table()
_BIT = [1 << t for t in DOUBLE_SIX]

STRONG_WEIGHTS = (0.037, 0.75, 0.512, 0.75, 1.113, 6.25)
"""`strong_choose`'s weights, in pips: (a pip placed, less this share of it when all
the hand is still to play (falling to nothing with the last tile): light tiles go
first; a pip of the opponent's top covered; a pip of your own top covered
(subtracted); a pip of the placed tile times the chance that the opponent holds a
tile that covers it (subtracted); a double placed while a non-double would do
(subtracted)). Fitted to agree with `pimc`'s own choices (bench/buildup_policy.py)."""


def opponent_pool(state: BuildUpState, seat: int) -> int:
    """The tiles (a bitmask) `seat` cannot place: the opponent's hand and boneyard,
    read from a full state or, on `seat`'s view, from what is not in sight."""
    opponent = 1 - seat
    if state.viewer == -1:
        tiles = state.hands[opponent] + state.boneyards[opponent]
    else:
        tiles = [t for t in state.hands[opponent] if t >= 0] + state.unknown_tiles()
    pool = 0
    for tile in tiles:
        pool |= _BIT[tile]
    return pool


def strong_choose(state: BuildUpState, legal: list[Action], rng: random.Random | None = None,
                  weights: tuple[float, ...] = STRONG_WEIGHTS) -> Action:
    """A one-ply placement closer to what the search plays than `choose`: light
    tiles early, the risk of being covered taken from the tiles the opponent may
    still hold (not a full set), doubles kept longer. It reads only what the mover
    may see; ties go to the first legal action, and `rng` is not used. `legal` is
    the state's legal list (`strong_rollout_action` decides without it)."""
    if len(legal) == 1:
        return legal[0]
    return strong_rollout_action(state, rng, weights)


def strong_rollout_action(state: BuildUpState, rng: random.Random | None = None,
                          weights: tuple[float, ...] = STRONG_WEIGHTS) -> Action:
    """`strong_choose` without the legal list: the hand's rows of the cover matrix,
    tile by tile ascending and stack by stack, which is the legal list's order."""
    seat = state.seat
    fits = state.cover_matrix & state.hand_rows[seat]
    if not fits:
        return PASS
    if state.rules.played_this_hand:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else choose(state, legal, rng)
    w_pips, w_early, w_take, w_own, w_risk, w_double = weights
    hand = state.hands[seat]
    coverers = COVERERS[state.options["nondouble_on_double"]]
    pool = opponent_pool(state, seat)
    no_cover = NO_COVER[pool.bit_count()]
    opponent_hand = len(state.hands[1 - seat])
    w_pips -= w_early * (len(hand) - 1) / (_MAX_HAND - 1)
    covering = []  # what covering each stack is worth, whatever the tile
    for entries in state.stacks:
        top, owner = entries[-1]
        covering.append(w_take * PIPS[top] if owner != seat else -w_own * PIPS[top])
    has_single = False
    for tile in hand:
        if not IS_DOUBLE[tile] and fits >> ROW_SHIFT[tile] & ROW_BITS:
            has_single = True
            break
    best_tile = best_stack = -1
    best_value = -1e9
    for tile in hand:
        row = fits >> ROW_SHIFT[tile] & ROW_BITS
        if not row:
            continue
        pips = PIPS[tile]
        base = pips * (w_pips - w_risk * (1.0 - no_cover[(coverers[tile] & pool).bit_count()][opponent_hand]))
        if has_single and IS_DOUBLE[tile]:
            base -= w_double
        while row:
            low = row & -row
            row ^= low
            stack = low.bit_length() - 1
            value = base + covering[stack]
            if value > best_value:
                best_tile, best_stack, best_value = tile, stack, value
    return PLACE[best_tile][best_stack]


def strong_stage(state: BuildUpState) -> int:
    """`stage` for the strong rollouts: the end of hand 3 does not count, since the
    last hand's deal is settled then (each boneyard holds the 4 tiles of its last
    hand), so a rollout in hand 3 or 4 plays to the end of the game instead of
    trusting the forecast."""
    if state.termination is not None:
        return 4
    return min(state.hand_index, 2)


def hand_end_features(state: BuildUpState) -> list[float]:
    """Seat 0's side of a hand end, for `strong_evaluate`'s forecast: (totals'
    difference, tops' difference, tops' difference with each top weighted by the
    chance that the opponent's next hand holds no tile that covers it, the
    difference in pips left in the boneyards). At a hand end the hands are empty and
    the boneyards are public (every other tile is in sight)."""
    hand = min(state.hand_index, len(HAND_SIZES) - 1)
    coverers = COVERERS[state.options["nondouble_on_double"]]
    pools = []
    for boneyard in state.boneyards:
        pool = 0
        for tile in boneyard:
            pool |= _BIT[tile]
        pools.append(pool)
    draw = HAND_SIZES[hand]
    tops = safe = 0.0
    for entries in state.stacks:
        tile, owner = entries[-1]
        pool = pools[1 - owner]
        sign = 1 if owner == 0 else -1
        tops += sign * PIPS[tile]
        safe += sign * PIPS[tile] * NO_COVER[pool.bit_count()][(coverers[tile] & pool).bit_count()][draw]
    boneyards = sum(PIPS[t] for t in state.boneyards[0]) - sum(PIPS[t] for t in state.boneyards[1])
    return [state.totals[0] - state.totals[1], tops, safe, boneyards]


# hands ended -> the weights of `hand_end_features` in the forecast final margin, and
# its spread: least squares on 5,000 games of `strong_choose` against itself (10%
# random moves; bench/buildup_policy.py --fit 5000). With the totals and the tops
# alone the spreads are about 36, 25 and 12 pips. (After hand 3 a strong rollout plays
# on, see `strong_stage`, but `strong_evaluate` stays usable there.)
_STRONG_FORECAST = {
    1: ((1.205, 1.205, 0.715, 2.112), 34.2),
    2: ((0.907, 1.259, 0.529, 1.892), 21.8),
    3: ((0.971, 0.752, 0.277, 1.308), 8.8),
}


def strong_evaluate(state: BuildUpState) -> list[float]:
    """`evaluate` with the forecast of `hand_end_features`, fitted on the stronger
    policy's games: the tops' safety and the pips still to come matter too."""
    known = _STRONG_FORECAST.get(state.hand_index)
    if state.rules.played_this_hand or known is None:
        return evaluate(state)
    weights, spread = known
    forecast = 0.0
    for weight, feature in zip(weights, hand_end_features(state), strict=True):
        forecast += weight * feature
    first = 0.5 + 0.5 * math.tanh(0.8 * forecast / spread)
    return [first, 1.0 - first]
