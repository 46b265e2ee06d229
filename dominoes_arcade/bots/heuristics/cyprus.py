"""Cyprus and Sebastopol knowledge for the bots (dominoes_arcade/rules/cyprus.md and sebastopol.md; the
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
from typing import Final

from ...engine import Action
from ...engine.cyprus import StarState
from ...engine.star_tables import DRAWN, TURN, Preset
from ...engine.tiles import HIGH, IS_DOUBLE, LOW, NUMBERS_MASK, PIPS
from . import star_inference

round_moves = star_inference.round_moves
"""This round's plays and passes, for `pimc`'s ``infer`` (`star_inference`)."""
WorldChain = star_inference.WorldChain
"""Worlds drawn by how well a policy explains the others' plays (`star_inference`)."""

SCORE_SCALE = 40.0
"""A typical round's points: the spread of totals that `evaluate` treats as decisive."""

DOUBLE_BONUS = 4.0
"""Pips a double is worth getting rid of, beyond its own."""
FOLLOW_WEIGHT = 2.0
"""Worth of each tile left in hand that the open ends would accept."""
BLOCK_WEIGHT = 1.0
"""Cost of each unseen tile (per number) that the open ends would accept."""


_TILE_BIT: Final = [1 << t for t in range(len(PIPS))]
_SHOWING: Final = [sum(1 << t for t in range(len(PIPS)) if NUMBERS_MASK[t] >> n & 1) for n in range(10)]
"""``_SHOWING[n]``: the tiles (as bits) that show number n."""
_SHOWING_ANY: Final = [0] * (1 << 10)
"""``_SHOWING_ANY[numbers]``: the tiles (as bits) showing any number in the bit set."""
for _numbers in range(1, 1 << 10):
    _lowest = _numbers & -_numbers
    _SHOWING_ANY[_numbers] = _SHOWING_ANY[_numbers ^ _lowest] | _SHOWING[_lowest.bit_length() - 1]


def choose(state: StarState, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The greedy play for the player to move: each play scored by its pips, a
    double's bonus, the tiles left in hand the open numbers would accept, less the
    unseen tiles they would accept (`strong_choose`'s scoring with `GREEDY_WEIGHTS`).
    Ties go to the first legal action, so the choice is deterministic; `rng` is not
    used."""
    return strong_choose(state, legal, rng, GREEDY_WEIGHTS)


def rollout_action(state: StarState, rng: random.Random | None = None) -> Action:
    """What ``choose(state, state.legal_actions(), rng)`` returns, for ISMCTS's
    rollouts, without building the list on a turn or after a draw (all of a round
    but its lead).

    A tile played onto an arm ending in `old` scores the same on every arm ending
    there (the new end, the numbers left open and the tiles they accept are the
    same), so each tile is judged once per number it can cover, at the first such
    arm, in the legal list's order (hand order, which is tile order, then arms
    ascending), with `choose`'s arithmetic: the same decision and the same
    tie-breaks. Before the star is complete every play goes into the next slot."""
    phase = state.phase
    if phase == TURN:
        hand_bits = 0
        for tile in state.hands[state.seat]:
            hand_bits |= _TILE_BIT[tile]
        fitting = hand_bits & _SHOWING_ANY[state.open_mask]  # the tiles that show an open end
        if not fitting:  # playing is compulsory, so a player who cannot draws, or passes once nobody may
            preset = state.preset
            return preset.draw if len(state.boneyard) > state.rules.boneyard_reserve else preset.pass_
    elif phase == DRAWN:  # the tile just drawn is the only one that may be played
        hand_bits = 0
        for tile in state.hands[state.seat]:
            hand_bits |= _TILE_BIT[tile]
        fitting = _TILE_BIT[state.drawn] & _SHOWING_ANY[state.open_mask]
        if not fitting:
            return state.preset.pass_
    else:  # the lead: one action
        return state.legal_actions()[0]
    preset = state.preset
    ends = state.ends
    slot = len(ends)
    if slot < preset.slots:
        return _star_play(state, preset, slot, hand_bits, fitting)
    arms_at, play = state.arms_at, preset.play
    if not fitting & (fitting - 1):  # one tile: with one number to cover, every play scores alike
        tile = fitting.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        arms = arms_at[low] if high == low or not arms_at[high] else arms_at[high] if not arms_at[low] else 0
        if arms:
            return play[tile][(arms & -arms).bit_length() - 1]
    base_open = state.open_mask
    unseen = (1 << len(preset.tiles)) - 1 & ~(state.on_table | hand_bits)
    best, best_value = None, -1e9
    while fitting:
        bit = fitting & -fitting
        fitting ^= bit
        tile = bit.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        low_arms = arms_at[low]
        high_arms = arms_at[high] if high != low else 0
        pips, rest = PIPS[tile], hand_bits ^ bit
        # The numbers it can cover, the one with the lower first arm first.
        if low_arms and (not high_arms or low_arms & -low_arms < high_arms & -high_arms):
            old, arms, other, other_arms = low, low_arms, high, high_arms
        else:
            old, arms, other, other_arms = high, high_arms, low, low_arms
        while True:
            open_mask, exposed = base_open, 0
            new = pips - old
            if not arms & (arms - 1):  # the only arm ending in `old`
                open_mask ^= 1 << old
                exposed -= (_SHOWING[old] & unseen).bit_count()
            if not open_mask >> new & 1:
                open_mask |= 1 << new
                exposed += (_SHOWING[new] & unseen).bit_count()
            value = pips + FOLLOW_WEIGHT * (rest & _SHOWING_ANY[open_mask]).bit_count() - BLOCK_WEIGHT * exposed
            if IS_DOUBLE[tile]:
                value += DOUBLE_BONUS
            if value > best_value:
                best, best_value = play[tile][(arms & -arms).bit_length() - 1], value
            if not other_arms:
                break
            old, arms, other_arms = other, other_arms, 0
    assert best is not None  # some tile fits, and every fitting tile covers an arm
    return best


def _star_play(state: StarState, preset: Preset, slot: int, hand_bits: int, fitting: int) -> Action:
    """`rollout_action` while the star fills: the fitting tiles (those showing the
    spinner's number) into `slot`, judged by `choose`'s arithmetic on the ends the
    arms will have."""
    play = preset.play
    if not fitting & (fitting - 1):
        return play[fitting.bit_length() - 1][slot]
    base_open = 0
    for end in state.ends:
        base_open |= 1 << end
    suit = preset.suit
    unseen = (1 << len(preset.tiles)) - 1 & ~(state.on_table | hand_bits)
    best, best_value = None, -1e9
    while fitting:
        bit = fitting & -fitting
        fitting ^= bit
        tile = bit.bit_length() - 1
        pips = PIPS[tile]
        new = pips - suit
        open_mask, exposed = base_open, 0
        if not open_mask >> new & 1:
            open_mask |= 1 << new
            exposed += (_SHOWING[new] & unseen).bit_count()
        follow = ((hand_bits ^ bit) & _SHOWING_ANY[open_mask]).bit_count()
        value = pips + FOLLOW_WEIGHT * follow - BLOCK_WEIGHT * exposed
        if IS_DOUBLE[tile]:
            value += DOUBLE_BONUS
        if value > best_value:
            best, best_value = play[tile][slot], value
    assert best is not None
    return best


def observed_by(state: StarState, action: Action, seat: int) -> bool:
    """A dealt or drawn tile is seen by its receiver alone."""
    return action.seat == seat


def stage(state: StarState) -> int:
    """How many rounds have been started (a new one begins as the last ends)."""
    return state.round_number


ROLLOUT_DEPTH = 0
"""ISMCTS rollout decisions before `estimate` scores the round in play: 0, play the
round out. Cut after 6 decisions the search ran 2.5 times the iterations but played
no better at the same time per decision (bench/strength.py, Cyprus 4 players, 150 ms:
mean rank 2.80 ± 0.38 over 32 games against three full-round searches, where an equal seat ranks
2.5). That was measured with the hand-written estimate `ROUND_ODDS` replaced, as was a
later check (ismcts depth 6 against the default at 40 ms: mean rank +0.33 ± 0.21 worse,
120 games); with the fitted one, pimc's ``depth=4`` against plain pimc at 150 ms lost
too (+0.14 ± 0.12, 668 games). So
`estimate` is used only when asked for (``ismcts:depth=6``, ``pimc:depth=4``)."""
ROUND_ODDS: Final = {
    # tiles, pips, tiles that fit an open end, seats after the player to move; then the
    # winner's points: per pip of (the others' hands less their own) now, and a base.
    "cyprus": (-0.744, 0.0095, 0.28, -0.082, 0.123, 31.2),
    "sebastopol": (-2.148, 0.0107, 0.42, -0.443, 0.089, 13.9),
}
"""`estimate`'s round model, fitted to greedy self-play (4 players: 300 Cyprus and 600
Sebastopol games, 26,000 and 37,000 positions drawn from their rounds): a seat's log-odds
of winning the round fall with each tile it holds and each seat it sits after the
player to move, and rise with each tile it could play now (more pips barely matter:
light hands are emptied no sooner); the winner's points depend little on the hands of
the moment (most of those pips are played before the round ends)."""


def estimate(state: StarState) -> list[float]:
    """Each seat's expected reward in the middle of a round: the totals plus each
    seat's expected points from the round (its chance of winning it, from `ROUND_ODDS`,
    times the points a winner would take), then `evaluate`'s comparison.

    Fitted rather than reasoned: the earlier guess (a chance falling e-fold per tile,
    times the pips the hands hold now) predicted each seat's round points worse than
    predicting none, and `pimc` with rollouts cut by it lost to full rollouts at every
    depth tried (bench/strength.py)."""
    tiles_w, pips_w, fit_w, order_w, points_w, points_base = ROUND_ODDS[state.game]
    hands = state.hands
    n = len(hands)
    fitting_tiles = _SHOWING_ANY[state.open_mask]
    to_move = state.seat
    pips = [sum(PIPS[t] for t in hand) for hand in hands]
    all_pips = sum(pips)
    logits = []
    for seat, hand in enumerate(hands):
        bits = 0
        for tile in hand:
            bits |= _TILE_BIT[tile]
        logits.append(tiles_w * len(hand) + pips_w * pips[seat] + fit_w * (bits & fitting_tiles).bit_count()
                      + order_w * ((seat - to_move) % n))
    top = max(logits)
    weights = [math.exp(logit - top) for logit in logits]
    norm = sum(weights)
    expected = [total + weight / norm * max(points_w * (all_pips - 2 * own) + points_base, 0.0)
                for total, weight, own in zip(state.totals, weights, pips, strict=True)]
    return _compare(expected)


def evaluate(state: StarState) -> list[float]:
    """Each seat's expected reward between rounds: the mean, over the other seats,
    of its chance of finishing ahead of that seat, which grows with the difference
    of totals (and is 1/2 for equal totals)."""
    return _compare(state.totals)


def _compare(totals) -> list[float]:
    """`evaluate`'s rewards for these (expected) totals."""
    n = len(totals)
    out = []
    for mine in totals:
        ahead = 0.0
        for theirs in totals:
            ahead += 0.5 + 0.5 * math.tanh((mine - theirs) / SCORE_SCALE)
        out.append((ahead - 0.5) / (n - 1))  # less the seat's own 1/2
    return out



# -- the stronger policy (``pimc:policy=strong``) ---------------------------------------

STRONG_WEIGHTS = {"pips": 0.4, "double": 10.0, "follow": 3.0, "block": 1.0, "flex": 2.0}
"""`strong_choose`'s weights, tuned by self-play against greedy (bench/star_policy.py,
one seat against three greedy ones, Cyprus and Sebastopol together): greedy's three
terms reweighted (fewer points for pips, more for doubles and for following), and
``flex``, worth each open number the rest of the hand could follow on. On fresh
deals its mean rank against three greedy seats is 2.35 ± 0.04 in Cyprus and 2.44 ±
0.04 in Sebastopol (500 deals each, every seat; 2.5 is level); 3.35 ± 0.09 at 6
Cyprus players (level 3.5), 5.34 ± 0.08 at 10 (level 5.5)."""


GREEDY_WEIGHTS: Final = {"pips": 1.0, "double": DOUBLE_BONUS, "follow": FOLLOW_WEIGHT, "block": BLOCK_WEIGHT,
                         "flex": 0.0}
"""`choose`'s weights in `strong_choose`'s terms: greedy has no ``flex`` term."""


def _hand_numbers(hand: list[int]) -> tuple[int, int, int]:
    """The hand as tile bits, the numbers it shows and those only one of its tiles shows."""
    bits = shown = single = 0
    for tile in hand:
        bits |= _TILE_BIT[tile]
        numbers = NUMBERS_MASK[tile]
        single = (single & ~numbers) | (numbers & ~shown)
        shown |= numbers
    return bits, shown, single


def strong_choose(state: StarState, legal: list[Action], rng: random.Random | None = None,
                  weights: dict | None = None) -> Action:
    """The stronger one-ply play: greedy's terms with `STRONG_WEIGHTS` (or `weights`;
    `choose` passes `GREEDY_WEIGHTS`), plus ``flex``: how many of the open numbers
    the rest of the hand could follow on. Ties go to the first legal action; `rng`
    is not used."""
    if len(legal) == 1:
        return legal[0]
    w = STRONG_WEIGHTS if weights is None else weights
    w_pips, w_double, w_follow, w_block, w_flex = w["pips"], w["double"], w["follow"], w["block"], w["flex"]
    preset = state.preset
    # Tiles as bit sets: the hand, and those this player has not seen (not in hand,
    # not on the table, not the spinner once set).
    hand_bits, shown, single = _hand_numbers(state.hands[state.seat])
    unseen = (1 << len(preset.tiles)) - 1 & ~(state.on_table | hand_bits)
    ends = state.ends
    star_complete = len(ends) == preset.slots
    if star_complete:
        base_open = state.open_mask
        arms_at = state.arms_at
    else:
        # In the star phase judge the ends the arms will have once it is complete.
        base_open = 0
        for end in ends:
            base_open |= 1 << end
        suit = preset.suit
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
                exposed -= (_SHOWING[old] & unseen).bit_count()
        else:
            new = PIPS[tile] - suit
        if not open_mask >> new & 1:
            open_mask |= 1 << new
            exposed += (_SHOWING[new] & unseen).bit_count()
        # The tiles left in hand that the open numbers accept, and the open numbers
        # the rest of the hand could follow on.
        follow = (hand_bits & ~_TILE_BIT[tile] & _SHOWING_ANY[open_mask]).bit_count()
        flex = (open_mask & shown & ~(single & NUMBERS_MASK[tile])).bit_count()
        value = w_pips * PIPS[tile] + w_follow * follow - w_block * exposed + w_flex * flex
        if IS_DOUBLE[tile]:
            value += w_double
        if value > best_value:
            best, best_value = action, value
    return best


def strong_rollout_action(state: StarState, rng: random.Random | None = None) -> Action:
    """What ``strong_choose(state, state.legal_actions(), rng)`` returns, without the
    list in the arm phase, as `rollout_action` is to `choose` (the same grouping of
    arms by the number they end in, the same order and arithmetic). Kept apart from
    `rollout_action`, unlike `choose` and `strong_choose`: greedy's twin is ISMCTS's
    rollout hot path, which the ``flex`` term's extra work would slow."""
    preset = state.preset
    ends = state.ends
    if state.phase != TURN or len(ends) != preset.slots:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else strong_choose(state, legal, rng)
    hand = state.hands[state.seat]
    hand_bits, shown, single = _hand_numbers(hand)
    arms_at, base_open, play = state.arms_at, state.open_mask, preset.play
    fitting = hand_bits & _SHOWING_ANY[base_open]
    if not fitting:
        return state.legal_actions()[0]
    if not fitting & (fitting - 1):
        tile = fitting.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        arms = arms_at[low] if high == low or not arms_at[high] else arms_at[high] if not arms_at[low] else 0
        if arms:
            return play[tile][(arms & -arms).bit_length() - 1]
    w = STRONG_WEIGHTS
    w_pips, w_double, w_follow, w_block, w_flex = w["pips"], w["double"], w["follow"], w["block"], w["flex"]
    unseen = (1 << len(preset.tiles)) - 1 & ~(state.on_table | hand_bits)
    best, best_value = None, -1e9
    for tile in hand:
        if not fitting & _TILE_BIT[tile]:
            continue
        low, high = LOW[tile], HIGH[tile]
        low_arms, high_arms = arms_at[low], arms_at[high] if high != low else 0
        if low_arms and (not high_arms or low_arms & -low_arms < high_arms & -high_arms):
            covers = ((low, low_arms), (high, high_arms)) if high_arms else ((low, low_arms),)
        else:
            covers = ((high, high_arms), (low, low_arms)) if low_arms else ((high, high_arms),)
        pips, rest = PIPS[tile], hand_bits & ~_TILE_BIT[tile]
        rest_shown = shown & ~(single & NUMBERS_MASK[tile])
        for old, arms in covers:
            open_mask, exposed = base_open, 0
            new = pips - old
            if arms & (arms - 1) == 0:
                open_mask ^= 1 << old
                exposed -= (_SHOWING[old] & unseen).bit_count()
            if not open_mask >> new & 1:
                open_mask |= 1 << new
                exposed += (_SHOWING[new] & unseen).bit_count()
            follow = (rest & _SHOWING_ANY[open_mask]).bit_count()
            flex = (open_mask & rest_shown).bit_count()
            value = w_pips * pips + w_follow * follow - w_block * exposed + w_flex * flex
            if IS_DOUBLE[tile]:
                value += w_double
            if value > best_value:
                best, best_value = play[tile][(arms & -arms).bit_length() - 1], value
    assert best is not None  # some tile fits, and every fitting tile covers an arm
    return best


def distinct(state: StarState, legal: list[Action]) -> list[Action]:
    """`legal` less the plays that repeat an earlier one: a tile on any arm ending in
    the same number leaves the same position up to the arms' names (the rules treat
    every arm alike once the star is complete), so a search need try only the first."""
    ends = state.ends
    if len(ends) != state.preset.slots or len(legal) == 1:
        return legal
    seen = set()
    out = []
    for action in legal:
        if action.kind == "play":
            key = (action.tile, ends[action.arg])
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out
