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
from collections.abc import Container
from typing import Final

from ...engine import Action
from ...engine.cyprus import StarState
from ...engine.star_tables import DRAWN, TURN, Preset
from ...engine.tiles import HIGH, IS_DOUBLE, LOW, NUMBERS_MASK, PIPS
from . import Knowledge

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


def decide(state: StarState, tried: Container[Action] | None = None) -> Action:
    """The greedy play for the player to move, of the legal plays not in `tried`:
    each scored by its pips, a double's bonus, the tiles left in hand the open
    numbers would accept, less the unseen tiles they would accept. Ties go to the
    first in the legal order, so the choice is deterministic.

    It finds the plays itself rather than reading a legal list (the rollouts call it
    at every decision of a round but its lead). A tile played onto an arm ending in
    `old` scores the same on every arm ending there (the new end, the numbers left
    open and the tiles they accept are the same), so each tile is judged once per
    number it can cover, at the first such arm not in `tried`, in the legal order
    (hand order, which is tile order, then arms ascending). Before the star is
    complete every play goes into the next slot."""
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
        return _star_play(state, preset, slot, hand_bits, fitting, tried)
    arms_at, play = state.arms_at, preset.play
    if not fitting & (fitting - 1):  # one tile: with one number to cover, every play scores alike
        tile = fitting.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        arms = arms_at[low] if high == low or not arms_at[high] else arms_at[high] if not arms_at[low] else 0
        if arms and tried is not None:
            arms = _untried(play[tile], arms, tried)
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
        all_low = arms_at[low]
        all_high = arms_at[high] if high != low else 0
        low_arms, high_arms = all_low, all_high  # the arms it may still be tried on
        if tried is not None:
            low_arms, high_arms = _untried(play[tile], low_arms, tried), _untried(play[tile], high_arms, tried)
        pips, rest = PIPS[tile], hand_bits ^ bit
        # The numbers it can cover, the one with the lower first arm first.
        if low_arms and (not high_arms or low_arms & -low_arms < high_arms & -high_arms):
            old, arms, every, other, other_arms, other_every = low, low_arms, all_low, high, high_arms, all_high
        elif high_arms:
            old, arms, every, other, other_arms, other_every = high, high_arms, all_high, low, low_arms, all_low
        else:
            continue  # tried on every arm
        while True:
            open_mask, exposed = base_open, 0
            new = pips - old
            if not every & (every - 1):  # the only arm ending in `old`
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
            old, arms, every, other_arms = other, other_arms, other_every, 0
    assert best is not None  # some tile fits, and every fitting tile covers an arm
    return best


def _untried(row: tuple[Action, ...], arms: int, tried: Container[Action]) -> int:
    """`arms` (a bit set) less those whose play in `row` (a tile's plays by arm) is in `tried`."""
    left = arms
    while arms:
        arm = arms & -arms
        arms ^= arm
        if row[arm.bit_length() - 1] in tried:
            left ^= arm
    return left


def _star_play(state: StarState, preset: Preset, slot: int, hand_bits: int, fitting: int,
               tried: Container[Action] | None) -> Action:
    """`decide` while the star fills: the fitting tiles (those showing the spinner's
    number) into `slot`, less those in `tried`, judged on the ends the arms will have."""
    play = preset.play
    if tried is not None:
        candidates = fitting
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            if play[bit.bit_length() - 1][slot] in tried:
                fitting ^= bit
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
round out. Cut rollouts buy iterations (or pimc worlds) but played no better at the
same time per decision, with the hand-written estimate and with the fitted one alike
(docs/strength.md, "Cutting rollouts short"); so `estimate` is used only when asked
for (``ismcts:depth=6``)."""
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
    predicting none (docs/strength.md, "Cutting rollouts short")."""
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


class CyprusKnowledge:
    """Cyprus's and Sebastopol's `Knowledge`: the module's functions."""

    score_scale = SCORE_SCALE
    list_free = True
    has_stages = True
    has_estimate = True
    rollout_depth = ROLLOUT_DEPTH

    def choose(self, state: StarState, rng: random.Random, legal: list[Action] | None = None,
               tried: Container[Action] | None = None) -> Action:
        return decide(state, tried)

    def observed_by(self, state: StarState, action: Action, seat: int) -> bool:
        return observed_by(state, action, seat)

    def stage(self, state: StarState) -> int:
        return stage(state)

    def evaluate(self, state: StarState) -> list[float]:
        return evaluate(state)

    def estimate(self, state: StarState) -> list[float]:
        return estimate(state)

    def distinct(self, state: StarState, legal: list[Action]) -> list[Action]:
        return distinct(state, legal)


KNOWLEDGE: Knowledge[StarState] = CyprusKnowledge()
