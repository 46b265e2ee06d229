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

Last, the positions `bot check` asks a program about (`CHECK_POSITIONS`, named by the
registry entry).
"""

from __future__ import annotations

import math
import random
from collections.abc import Container

from ...engine import Action
from ...engine.buildup import COVERERS, FILL, SET_SIZE, BuildUpState
from ...engine.tiles import DOUBLE_SIX, IS_DOUBLE, PIPS
from ..check_positions import Scenario, later, passes
from . import Knowledge

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


class BuildUpKnowledge:
    """Build Up's `Knowledge`: the module's functions. Its policy reads the legal list."""

    score_scale = SCORE_SCALE
    list_free = False
    has_stages = True
    has_estimate = False
    rollout_depth = 0

    def choose(self, state: BuildUpState, rng: random.Random, legal: list[Action] | None = None,
               tried: Container[Action] | None = None) -> Action:
        if legal is None:
            legal = state.legal_actions()
        if tried is not None:
            legal = [action for action in legal if action not in tried]
        return choose(state, legal, rng)

    def observed_by(self, state: BuildUpState, action: Action, seat: int) -> bool:
        return observed_by(state, action, seat)

    def stage(self, state: BuildUpState) -> int:
        return stage(state)

    def evaluate(self, state: BuildUpState) -> list[float]:
        return evaluate(state)

    def estimate(self, state: BuildUpState) -> list[float]:
        raise NotImplementedError("build up has no mid-hand estimate")

    def distinct(self, state: BuildUpState, legal: list[Action]) -> list[Action]:
        return legal

    def play_round(self, state: BuildUpState, rng: random.Random) -> bool:
        return False


KNOWLEDGE: Knowledge[BuildUpState] = BuildUpKnowledge()


# -- `bot check`'s scripted positions (bots/check_positions.py) ------------------------------
def _both_colours(view, legal, before) -> bool:
    """A decision placing a tile whose name is on the stacks in the other colour too:
    the two sets' tiles of one name are different tiles."""
    seat = view.get("seat")
    other = {name for stack in view.get("stacks", []) for name, owner in stack if owner != seat}
    return any(text.split()[0] in other for text in legal if " s" in text)


CHECK_POSITIONS = [
    Scenario("buildup", "a pass, the only decision", passes),
    Scenario("buildup", "a tile of one name in both colours", _both_colours),
    Scenario("buildup", "the first decision of a later hand", later("hand_index")),
    Scenario("buildup", "the last hand", lambda view, legal, before: view.get("hand_index") == 3),
]
