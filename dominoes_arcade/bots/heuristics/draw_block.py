"""Draw and Block knowledge for the bots (dominoes_arcade/rules/draw.md and block.md: the
round's winner scores the pips left in the other hands).

Playing is compulsory, so the choice is which tile goes on which end (and, leading a
later round, which tile opens). Each play is judged as in Cyprus (heuristics/cyprus.py),
by what a careful player weighs:

- **shed heavy tiles**: its pips, which would count for the others if one of them went
  out; doubles get a bonus, since they fit only an end showing their number;
- **keep suits varied**: how many of the tiles left in your hand the two new ends
  would accept, so that you can follow next turn instead of drawing or passing;
- **block the others**: how many of the tiles you have not seen the new ends would
  accept: fewer means the others are more likely to draw or pass.

Between rounds, `evaluate` turns the running totals into each seat's expected reward:
its chance of beating each other seat, from the difference of totals.

Last, the positions `bot check` asks a program about in each game (the registry
entries name `DRAW_CHECK_POSITIONS` and `BLOCK_CHECK_POSITIONS`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Container
from typing import Final

from ...engine import Action
from ...engine.draw_block import DRAW, LEAD, NUMBERS, TURN, DrawBlockState
from ...engine.tiles import DOUBLE_SIX, HIGH, IS_DOUBLE, LOW, NUMBERS_MASK, PIPS
from ..check_positions import Scenario, later, one_legal, passes
from . import Knowledge

SCORE_SCALE: Final = 30.0
"""A typical round's points: the spread of totals that `evaluate` treats as decisive."""
DOUBLE_BONUS: Final = 4.0
"""Pips a double is worth getting rid of, beyond its own."""
FOLLOW_WEIGHT: Final = 2.0
"""Worth of each tile left in hand that the open ends would accept."""
BLOCK_WEIGHT: Final = 1.0
"""Cost of each unseen tile that the open ends would accept."""

_bit_count: Final = int.bit_count
"""``x.bit_count()`` as a function (the compiled build calls it directly)."""
_TILE_BIT: Final = [1 << t for t in DOUBLE_SIX]
ALL_TILES: Final = (1 << len(DOUBLE_SIX)) - 1
_SHOWING: Final = [sum(1 << t for t in DOUBLE_SIX if NUMBERS_MASK[t] >> n & 1) for n in range(NUMBERS)]
"""``_SHOWING[n]``: the tiles (as bits) that show number n."""
_BASE_VALUE: Final = [PIPS[t] + (DOUBLE_BONUS if IS_DOUBLE[t] else 0.0) for t in DOUBLE_SIX]
"""A play's worth before the ends are weighed: its pips, and a double's bonus."""


def _hand_bits(tiles: list[int]) -> int:
    bits = 0
    for t in tiles:
        bits |= _TILE_BIT[t]
    return bits


def _ends_value(hand_bits: int, unseen: int, left: int, right: int) -> float:
    """What ends `left` and `right` are worth to the player who leaves them: the tiles of
    their hand they accept, less the unseen tiles they accept."""
    accepted = _SHOWING[left] | _SHOWING[right]
    return FOLLOW_WEIGHT * _bit_count(hand_bits & accepted) - BLOCK_WEIGHT * _bit_count(unseen & accepted)


def decide(state: DrawBlockState, tried: Container[Action] | None = None) -> Action:
    """The greedy decision for the player to move, of the legal ones not in `tried`: each
    play scored by its pips, a double's bonus, and the ends it leaves (`_ends_value`,
    the played tile out of the hand). Ties go to the first in the legal order (hand
    order, left before right), so the choice is deterministic. It finds the plays itself
    rather than reading a legal list (the rollouts call it at every decision)."""
    moves = state.moves
    hand = state.hands[state.seat]
    hand_bits = _hand_bits(hand)
    unseen = ALL_TILES & ~(state.on_line | hand_bits)
    if state.phase == LEAD:
        if state.forced_lead >= 0:
            return moves.lead[state.forced_lead]
        best, best_value = None, -1e9
        for t in hand:
            action = moves.lead[t]
            if tried is not None and action in tried:
                continue
            value = _BASE_VALUE[t] + _ends_value(hand_bits ^ _TILE_BIT[t], unseen, LOW[t], HIGH[t])
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best
    return _best_play(moves.play, hand_bits, unseen, state.left, state.right, tried) or moves.pass_


def _best_play(play: list[tuple[Action, ...]], hand_bits: int, unseen: int, left: int, right: int,
               tried: Container[Action] | None) -> Action | None:
    """`decide` on a line with ends `left` and `right`: the best play of the tiles of
    `hand_bits` (ascending), not in `tried`; None when no tile fits."""
    fitting = hand_bits & (_SHOWING[left] | _SHOWING[right])
    best, best_value = None, -1e9
    while fitting:
        bit = fitting & -fitting
        fitting ^= bit
        t = bit.bit_length() - 1
        rest = hand_bits ^ bit
        pips = PIPS[t]
        shows = NUMBERS_MASK[t]
        if shows >> left & 1:
            action = play[t][0]
            if tried is None or action not in tried:
                value = _BASE_VALUE[t] + _ends_value(rest, unseen, pips - left, right)
                if value > best_value:
                    best, best_value = action, value
        if shows >> right & 1 and (right != left or tried is not None):
            # with equal ends the right play is the left one mirrored: worth the same
            action = play[t][1]
            if tried is None or action not in tried:
                value = _BASE_VALUE[t] + _ends_value(rest, unseen, left, pips - right)
                if value > best_value:
                    best, best_value = action, value
    return best


def play_round(state: DrawBlockState, rng: random.Random) -> bool:
    """Every seat plays `decide` to the end of the round in play, in one go: what
    `ismcts.play_out` does decision by decision (the same decisions, the same draws from
    `rng`), without an engine step per decision. The hands are bit sets and nothing is
    allocated per move; at the round's end the state takes the hands and scores the
    round (`DrawBlockState.finish_round`).

    Returns False, the state untouched, unless a seat is to play or draw (the round's
    deal and lead go step by step)."""
    phase = state.phase
    if phase != TURN and phase != DRAW:
        return False
    play, draws, players = state.moves.play, state.draws, state.players
    hands: list[int] = []
    held = 0  # every hand's tiles: a round is blocked when none shows an open end
    for tiles in state.hands:
        bits = _hand_bits(tiles)
        hands.append(bits)
        held |= bits
    boneyard = state.boneyard[:]
    on_line, left, right, seat = state.on_line, state.left, state.right, state.seat
    while True:
        hand = hands[seat]
        accepted = _SHOWING[left] | _SHOWING[right]
        while draws and boneyard and not hand & accepted:  # stuck: draw until a tile fits
            drawn = _TILE_BIT[boneyard.pop(int(rng.random() * len(boneyard)))]  # as `sample_chance`
            hand |= drawn
            held |= drawn
        hands[seat] = hand
        action = _best_play(play, hand, ALL_TILES & ~(on_line | hand), left, right, None)
        if action is not None:  # else a pass
            t = action.tile
            bit = _TILE_BIT[t]
            hand ^= bit
            hands[seat] = hand
            held ^= bit
            on_line |= bit
            if action.arg == 0:
                left = PIPS[t] - left
            else:
                right = PIPS[t] - right
            if not hand:  # a domino
                state.finish_round(_tile_lists(hands), seat)
                return True
        if not (draws and boneyard) and not held & (_SHOWING[left] | _SHOWING[right]):  # blocked
            state.finish_round(_tile_lists(hands), -1)
            return True
        seat += 1
        if seat == players:
            seat = 0


def _tile_lists(hands: list[int]) -> list[list[int]]:
    """Each hand (a bit set) as its sorted list of tiles."""
    lists = []
    for bits in hands:
        tiles = []
        while bits:
            bit = bits & -bits
            bits ^= bit
            tiles.append(bit.bit_length() - 1)
        lists.append(tiles)
    return lists


def observed_by(state: DrawBlockState, action: Action, seat: int) -> bool:
    """A dealt or drawn tile is seen by its receiver alone; a random first leader by all."""
    return action.kind == "first" or action.seat == seat


def stage(state: DrawBlockState) -> int:
    """How many rounds have been started (a new one begins as the last ends)."""
    return state.round_number


_LEAD_TERMS: Final[dict[int, float]] = {}
"""`evaluate`'s term for each lead in whole points met so far (a look-up costs less
than the tanh it keeps; every rollout ends there)."""


def evaluate(state: DrawBlockState) -> list[float]:
    """Each seat's expected reward between rounds: the mean, over the other seats, of
    its chance of finishing ahead of that seat, growing with the difference of totals
    (1/2 for equal totals)."""
    totals = state.totals
    n = len(totals)
    out = []
    for mine in totals:
        ahead = 0.0
        for theirs in totals:
            lead = mine - theirs
            term = _LEAD_TERMS.get(lead)
            if term is None:
                term = _LEAD_TERMS[lead] = 0.5 + 0.5 * math.tanh(lead / SCORE_SCALE)
            ahead += term
        out.append((ahead - 0.5) / (n - 1))  # less the seat's own 1/2
    return out


ROUND_ODDS: Final = (-0.9, 0.35, -0.25)
"""`estimate`'s round model, written by hand (not fitted): a seat's log-odds of winning
the round per tile it holds, per tile it could play on the ends now, and per seat it
sits after the player to move."""


def estimate(state: DrawBlockState) -> list[float]:
    """Each seat's expected reward in the middle of a round: the totals plus each seat's
    chance of winning the round (`ROUND_ODDS`) times the pips the others hold now, then
    `evaluate`'s comparison."""
    tiles_w, fit_w, order_w = ROUND_ODDS
    hands = state.hands
    n = len(hands)
    accepted = (_SHOWING[state.left] | _SHOWING[state.right]) if state.line else ALL_TILES
    pips = [sum(PIPS[t] for t in hand) for hand in hands]
    all_pips = sum(pips)
    logits = [tiles_w * len(hand) + fit_w * _bit_count(_hand_bits(hand) & accepted)
              + order_w * ((seat - state.seat) % n) for seat, hand in enumerate(hands)]
    top = max(logits)
    weights = [math.exp(logit - top) for logit in logits]
    norm = sum(weights)
    expected = [total + weight / norm * (all_pips - own)
                for total, weight, own in zip(state.totals, weights, pips, strict=True)]
    out = []
    for mine in expected:
        ahead = 0.0
        for theirs in expected:
            ahead += 0.5 + 0.5 * math.tanh((mine - theirs) / SCORE_SCALE)
        out.append((ahead - 0.5) / (n - 1))
    return out


def distinct(state: DrawBlockState, legal: list[Action]) -> list[Action]:
    """`legal` less the plays that repeat an earlier one: with both ends showing the same
    number, a tile on the right is its play on the left mirrored. A right play goes only
    where its tile's left play is in `legal` too: the analysis asks of two moves at a
    time which one repeats the other (`bots.analysis`), and a play of one tile never
    repeats another tile's."""
    if state.left != state.right or not state.line or len(legal) == 1:
        return legal
    on_left = {action.tile for action in legal if action.kind == "play" and action.arg == 0}
    return [action for action in legal if action.kind != "play" or action.arg == 0 or action.tile not in on_left]


class DrawBlockKnowledge:
    """Draw's and Block's `Knowledge`: the module's functions."""

    score_scale = SCORE_SCALE
    list_free = True
    has_stages = True
    has_estimate = True
    rollout_depth = 0

    def choose(self, state: DrawBlockState, rng: random.Random, legal: list[Action] | None = None,
               tried: Container[Action] | None = None) -> Action:
        return decide(state, tried)

    def observed_by(self, state: DrawBlockState, action: Action, seat: int) -> bool:
        return observed_by(state, action, seat)

    def stage(self, state: DrawBlockState) -> int:
        return stage(state)

    def evaluate(self, state: DrawBlockState) -> list[float]:
        return evaluate(state)

    def estimate(self, state: DrawBlockState) -> list[float]:
        return estimate(state)

    def distinct(self, state: DrawBlockState, legal: list[Action]) -> list[Action]:
        return distinct(state, legal)

    def play_round(self, state: DrawBlockState, rng: random.Random) -> bool:
        return play_round(state, rng)


KNOWLEDGE: Knowledge[DrawBlockState] = DrawBlockKnowledge()


# -- `bot check`'s scripted positions (bots/check_positions.py) ------------------------------
def _drew_to_play(view, legal, before) -> bool:
    """Draw: the seat drew until a tile fit, and now plays it (its last public fact a draw)."""
    history = view.get("history") or [{}]
    return history[-1].get("kind") == "gain" and history[-1].get("seat") == view.get("seat")


def _either_end(view, legal, before) -> bool:
    """One tile playable on both ends, which show the same number."""
    return any(text.endswith(" left") and text[:-5] + " right" in legal for text in legal)


DRAW_CHECK_POSITIONS = [
    Scenario("draw", "a play right after drawing", _drew_to_play),
    Scenario("draw", "a pass, the boneyard empty", passes, {"players": 4}),
    Scenario("draw", "one tile on either end", _either_end, {"players": 3}),
    Scenario("draw", "the lead of a later round", later("rounds")),
]
BLOCK_CHECK_POSITIONS = [
    Scenario("block", "a pass", passes),
    Scenario("block", "four players, only one legal decision", one_legal, {"players": 4}),
    Scenario("block", "the lead of a later round", later("rounds"), {"first_lead": "random"}),
]
