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

Last, the positions `bot check` asks a program about in each game (the registry
entries name `CYPRUS_CHECK_POSITIONS` and `SEBASTOPOL_CHECK_POSITIONS`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Container
from typing import TYPE_CHECKING, Final

from ...engine import Action
from ...engine.cyprus import StarState
from ...engine.star_tables import DRAW, DRAWN, TURN, Preset
from ...engine.tiles import HIGH, IS_DOUBLE, LOW, NUMBERS_MASK, PIPS
from ..check_positions import Scenario, later, one_legal, passes
from . import Knowledge

if TYPE_CHECKING:  # named in annotations only, strings at run time: the pure build does without it
    from mypy_extensions import i64

SCORE_SCALE: Final = 40.0
"""A typical round's points: the spread of totals that `evaluate` treats as decisive."""

DOUBLE_BONUS: Final = 4.0
"""Pips a double is worth getting rid of, beyond its own."""
FOLLOW_WEIGHT: Final = 2.0
"""Worth of each tile left in hand that the open ends would accept."""
BLOCK_WEIGHT: Final = 1.0
"""Cost of each unseen tile (per number) that the open ends would accept."""


# The rollouts' bit sets (hands, tiles on the table and unseen, open numbers; 55 bits
# at most) and the numbers that index the tables are annotated `i64`: the compiled
# build (setup.py) keeps them as native 64-bit ints, and counts bits in native code
# (`_bit_count`) rather than boxing a set to call `int.bit_count`, for which mypyc has
# no primitive (docs/speed.md, "The third pass: native ints in the compiled build").
# In pure Python they are ints and the bytecode is unchanged. (No `else: i64 = int`
# above: mypyc compiles that branch, which would run, to an error.)


def _bit_count(bits: i64) -> int:
    """``bits.bit_count()`` for 0 <= bits < 2**62, in native code when compiled. The
    pure build calls the built-in method instead, bound to the name below: mypyc calls
    this function directly, whatever the name is bound to later."""
    bits -= bits >> 1 & 0x1555555555555555
    bits = (bits & 0x3333333333333333) + (bits >> 2 & 0x3333333333333333)
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F
    bits += bits >> 8
    bits += bits >> 16
    bits += bits >> 32
    return bits & 0x7F


_native_bit_count = _bit_count
"""The count above, under a name nothing rebinds: the tests check it (in the
compiled build, the native code its rollouts run)."""
globals()["_bit_count"] = int.bit_count  # in pure Python, one C call beats the dozen operations above
_TILE_BIT: Final = [1 << t for t in range(len(PIPS))]
_SHOWING: Final = [sum(1 << t for t in range(len(PIPS)) if NUMBERS_MASK[t] >> n & 1) for n in range(10)]
"""``_SHOWING[n]``: the tiles (as bits) that show number n."""
_BASE_VALUE: Final = [PIPS[t] + (DOUBLE_BONUS if IS_DOUBLE[t] else 0.0) for t in range(len(PIPS))]
"""A play's worth before the open ends are weighed: its pips, and a double's bonus."""
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
    hand_bits: i64
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
    slot = len(state.ends)
    if slot < preset.slots:
        return _star_play(preset, slot, state.ends, state.on_table, hand_bits, fitting, tried)
    return _arm_play(preset, state.arms_at, state.open_mask, state.on_table, hand_bits, fitting, tried)


def _arm_play(preset: Preset, arms_at: list[int], base_open: i64, on_table: i64, hand_bits: i64, fitting: int,
              tried: Container[Action] | None) -> Action:
    """`decide` once the star is complete: the best play of the `fitting` tiles of
    `hand_bits` (bit sets) onto the arms (`arms_at`, open numbers `base_open`), less
    those in `tried`."""
    play = preset.play
    tile: i64
    low: i64
    high: i64
    if not fitting & (fitting - 1):  # one tile: with one number to cover, every play scores alike
        tile = fitting.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        arms = arms_at[low] if high == low or not arms_at[high] else arms_at[high] if not arms_at[low] else 0
        if arms and tried is not None:
            arms = _untried(play[tile], arms, tried)
        if arms:
            return play[tile][(arms & -arms).bit_length() - 1]
    unseen: i64 = preset.all_tiles & ~(on_table | hand_bits)
    # Each tile is scored on each number it can cover (`low` or `high`, the arms
    # `every` ending there): its base value, plus BLOCK_WEIGHT for each unseen tile
    # the covered number no longer shows to the others (when the only arm ending
    # there moves on), less as much for each one the new end newly shows, plus
    # FOLLOW_WEIGHT for each tile in hand the open numbers then accept. That count is
    # over the whole hand, the played tile included: it shows the new end, so every
    # play gets the same FOLLOW_WEIGHT more than `decide` says, and the plays keep
    # their order (exactly, while the weights are whole numbers). Written out twice
    # (low, high) rather than looped: this is the rollouts' inner loop.
    best_value, best_tile, best_arms = -1e9, -1, 0
    open_mask: i64
    while fitting:
        bit = fitting & -fitting
        fitting ^= bit
        tile = bit.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        every = arms_at[low]
        arms = every if tried is None else _untried(play[tile], every, tried)  # the arms it may still be tried on
        if arms:
            open_mask, value = base_open, _BASE_VALUE[tile]
            if not every & (every - 1):  # the only arm ending in `low`
                open_mask ^= 1 << low
                value += BLOCK_WEIGHT * _bit_count(_SHOWING[low] & unseen)
            if not open_mask >> high & 1:
                open_mask |= 1 << high
                value -= BLOCK_WEIGHT * _bit_count(_SHOWING[high] & unseen)
            value += FOLLOW_WEIGHT * _bit_count(hand_bits & _SHOWING_ANY[open_mask])
            if value > best_value:
                best_value, best_tile, best_arms = value, tile, arms
        if high == low:
            continue
        every = arms_at[high]
        arms = every if tried is None else _untried(play[tile], every, tried)
        if arms:
            open_mask, value = base_open, _BASE_VALUE[tile]
            if not every & (every - 1):
                open_mask ^= 1 << high
                value += BLOCK_WEIGHT * _bit_count(_SHOWING[high] & unseen)
            if not open_mask >> low & 1:
                open_mask |= 1 << low
                value -= BLOCK_WEIGHT * _bit_count(_SHOWING[low] & unseen)
            value += FOLLOW_WEIGHT * _bit_count(hand_bits & _SHOWING_ANY[open_mask])
            # In the legal order, a tie keeps the earlier play: an earlier tile's, or
            # this tile's on `low` when its first arm comes first.
            if value > best_value or (value == best_value and best_tile == tile
                                      and arms & -arms < best_arms & -best_arms):
                best_value, best_tile, best_arms = value, tile, arms
    assert best_tile >= 0  # some tile fits, and every fitting tile covers an arm
    return play[best_tile][(best_arms & -best_arms).bit_length() - 1]


def _untried(row: tuple[Action, ...], arms: int, tried: Container[Action]) -> int:
    """`arms` (a bit set) less those whose play in `row` (a tile's plays by arm) is in `tried`."""
    left = arms
    while arms:
        arm = arms & -arms
        arms ^= arm
        if row[arm.bit_length() - 1] in tried:
            left ^= arm
    return left


def _star_play(preset: Preset, slot: int, ends: list[int], on_table: i64, hand_bits: i64, fitting: int,
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
    base_open: i64 = 0
    for end in ends:
        base_open |= 1 << end
    suit: i64 = preset.suit
    unseen: i64 = (1 << len(preset.tiles)) - 1 & ~(on_table | hand_bits)
    tile: i64
    new: i64
    open_mask: i64
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
            exposed += _bit_count(_SHOWING[new] & unseen)
        follow = _bit_count((hand_bits ^ bit) & _SHOWING_ANY[open_mask])
        value = pips + FOLLOW_WEIGHT * follow - BLOCK_WEIGHT * exposed
        if IS_DOUBLE[tile]:
            value += DOUBLE_BONUS
        if value > best_value:
            best, best_value = play[tile][slot], value
    assert best is not None
    return best


def play_round(state: StarState, rng: random.Random) -> bool:
    """Every seat plays `decide` to the end of the round in play, in one go: what
    `ismcts.play_out` does decision by decision (the same decisions, the same draws
    from `rng`), without an engine step per decision. Rollouts spend most of their
    time here, so the hands are bit sets, the open numbers and arms are kept as
    `StarState._play` keeps them, and nothing is allocated per move; at the round's
    end the state takes the hands and scores the round (`StarState.finish_round`).

    Returns False, the state untouched, unless a seat is to play or draw (the round's
    deal and lead go step by step)."""
    phase = state.phase
    if phase != TURN and phase != DRAW and phase != DRAWN:
        return False
    preset, rules = state.preset, state.rules
    players: i64
    reserve: i64
    suit: i64
    slots: i64
    players, reserve, suit, slots = rules.players, rules.boneyard_reserve, preset.suit, preset.slots
    hands: list[int] = []
    held: i64 = 0  # every hand's tiles: a round is blocked when none shows an open number
    bits: i64
    for tiles in state.hands:
        bits = 0
        for tile in tiles:
            bits |= _TILE_BIT[tile]
        hands.append(bits)
        held |= bits
    boneyard, ends, arms_at = state.boneyard[:], state.ends[:], state.arms_at[:]
    open_mask: i64
    on_table: i64
    seat: i64
    open_mask, on_table, seat = state.open_mask, state.on_table, state.seat
    drawn: i64 = state.drawn if phase == DRAWN else -1
    hand: i64
    fitting: i64
    bit: i64
    old: i64
    new: i64
    if phase == DRAW:  # the seat's draw is the chance step to come (`StarState.sample_chance`)
        drawn = boneyard.pop(int(rng.random() * len(boneyard)))
        hands[seat] |= _TILE_BIT[drawn]
        held |= _TILE_BIT[drawn]
    while True:
        hand = hands[seat]
        if drawn >= 0:  # the tile just drawn is the only one that may be played
            fitting = _TILE_BIT[drawn] & _SHOWING_ANY[open_mask]
            drawn = -1
        else:
            fitting = hand & _SHOWING_ANY[open_mask]
            if not fitting and len(boneyard) > reserve:  # stuck: draw, and play the tile if it fits
                drawn = boneyard.pop(int(rng.random() * len(boneyard)))
                hand |= _TILE_BIT[drawn]
                hands[seat] = hand
                held |= _TILE_BIT[drawn]
                continue
        if fitting:
            slot = len(ends)
            if slot < slots:
                action = _star_play(preset, slot, ends, on_table, hand, fitting, None)
            else:
                action = _arm_play(preset, arms_at, open_mask, on_table, hand, fitting, None)
            tile, arm = action.tile, action.arg
            bit = _TILE_BIT[tile]
            hand ^= bit
            hands[seat] = hand
            held ^= bit
            on_table |= bit
            if arm == slot:  # fills the next star slot
                ends.append(PIPS[tile] - suit)
                if len(ends) == slots:  # the star is complete: the arms open
                    open_mask = 0
                    for k, end in enumerate(ends):
                        arms_at[end] |= 1 << k
                        open_mask |= 1 << end
            else:
                old = ends[arm]
                new = ends[arm] = PIPS[tile] - old  # a double leaves the end unchanged
                # Not `^=` and `|=`: mypyc compiles an augmented assignment to a list
                # item as a generic in-place operation on boxed ints.
                arms_at[old] = arms_at[old] ^ 1 << arm
                arms_at[new] = arms_at[new] | 1 << arm
                if not arms_at[old]:
                    open_mask &= ~(1 << old)
                open_mask |= 1 << new
            if not hand:  # a domino
                final_hands, pips = _tile_lists(hands)
                state.finish_round(final_hands, seat, pips)
                return True
        if len(boneyard) <= reserve and not held & _SHOWING_ANY[open_mask]:  # nobody may draw, nobody can play
            final_hands, pips = _tile_lists(hands)
            state.finish_round(final_hands, -1, pips)
            return True
        seat += 1
        if seat == players:
            seat = 0


def _tile_lists(hands: list[int]) -> tuple[list[list[int]], tuple[int, ...]]:
    """Each hand (a bit set) as its sorted list of tiles, and each hand's pips."""
    lists, pips = [], []
    for bits in hands:
        tiles, total = [], 0
        while bits:
            bit = bits & -bits
            bits ^= bit
            tile = bit.bit_length() - 1
            tiles.append(tile)
            total += PIPS[tile]
        lists.append(tiles)
        pips.append(total)
    return lists, tuple(pips)


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
        logits.append(tiles_w * len(hand) + pips_w * pips[seat] + fit_w * _bit_count(bits & fitting_tiles)
                      + order_w * ((seat - to_move) % n))
    top = max(logits)
    weights = [math.exp(logit - top) for logit in logits]
    norm = sum(weights)
    expected = [total + weight / norm * max(points_w * (all_pips - 2 * own) + points_base, 0.0)
                for total, weight, own in zip(state.totals, weights, pips, strict=True)]
    return _compare(expected)


_LEAD_TERMS: Final[dict[int, float]] = {}
"""`evaluate`'s term for each lead in whole points met so far: every rollout ends
there, comparing each pair of seats (a hundred pairs at 10 players), and a look-up
costs less than the tanh it keeps. The leads seen are few (the totals' spread)."""


def evaluate(state: StarState) -> list[float]:
    """Each seat's expected reward between rounds: the mean, over the other seats,
    of its chance of finishing ahead of that seat, which grows with the difference
    of totals (and is 1/2 for equal totals): `_compare`'s, with each whole-point lead's
    term looked up (`_LEAD_TERMS`) rather than worked out again."""
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


def _compare(totals) -> list[float]:
    """`evaluate`'s rewards for totals that need not be whole (`estimate`'s expected ones)."""
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

    def play_round(self, state: StarState, rng: random.Random) -> bool:
        return play_round(state, rng)


KNOWLEDGE: Knowledge[StarState] = CyprusKnowledge()


# -- `bot check`'s scripted positions (bots/check_positions.py) ------------------------------
def _draws(view, legal, before) -> bool:
    return "draw" in legal and len(legal) == 1 and view.get("phase") != "deal"


CYPRUS_CHECK_POSITIONS = [
    Scenario("cyprus", "a table of ten, only one legal decision", one_legal, {"players": 10}),
    Scenario("cyprus", "a draw, the only decision", _draws),
    Scenario("cyprus", "a pass", passes, {"players": 6}),
    Scenario("cyprus", "the first decision of a later round", later("rounds"), {"players": 4}),
]
SEBASTOPOL_CHECK_POSITIONS = [
    Scenario("sebastopol", "only one legal decision", one_legal),
    Scenario("sebastopol", "a draw or a pass", lambda view, legal, before: "draw" in legal or "pass" in legal),
    Scenario("sebastopol", "the first decision of a later round", later("rounds")),
]
