"""Necropolis knowledge for the bots (dominoes_arcade/rules/necropolis.md; lower score wins).

The score is the pips left in your mastabas plus `site_penalty` per site started,
so every decision is judged by how much it lowers that total now, plus a small
bonus for keeping the active site's ends open to the tiles you hold:

- a drawn tile that fits is attached (it costs nothing), on the side that leaves
  the ends matching your mastabas best;
- a drawn tile that does not fit is hidden when it is light (pips up to the site
  penalty); a heavy one is hidden too while the necropolis holds enough tiles to
  start a site from the mastabas on a later turn (the same cost, and it may fit
  meanwhile), and starts a new site at once near the end;
- on a turn, a mastaba tile that fits is played (the heaviest first). Otherwise a
  heavy mastaba tile (2+ pips with the default penalty) is exchanged while the
  necropolis is full enough: fishing for a tile that fits, which is then played
  for free, while the opponent's draws empty the necropolis; near the end it
  starts a new site instead. With nothing worth moving, draw.

Last, the positions `bot check` asks a program about (`CHECK_POSITIONS`, named by the
registry entry).
"""

from __future__ import annotations

import math
import random
from collections.abc import Container
from typing import Final

from ...engine import Action
from ...engine.necropolis import (
    ATTACH,
    DRAW,
    DRAWN,
    EXCHANGE,
    HIDE,
    LEFT,
    NEW,
    NEW_FROM,
    PLAY,
    RIGHT,
    TURN,
    NecropolisState,
)
from ...engine.tiles import DOUBLE_SIX, NUMBERS_MASK, PIPS
from ..check_positions import Scenario, one_legal, passes
from . import Knowledge

SCORE_SCALE = 8.0

FIT_WEIGHT = 0.1
"""Worth of one pip of mastaba tiles that the active site's ends would accept."""
OPEN_WEIGHT = 0.02
"""Worth of one unseen tile the ends would accept (a future draw that fits)."""
DRAW_MARGIN = 0.5
"""How much better than drawing a mastaba move must look to be preferred."""
UNLOAD_MARGIN = 2
"""Tiles the necropolis must keep, beyond one per heavy mastaba tile, for a heavy
drawn tile to be hidden and unloaded later rather than start a site now."""
EXCHANGE_RISK = 1.0
"""Extra expected cost of an exchange: the tile it brings may never leave."""

_SET_PIPS: Final = sum(PIPS[t] for t in DOUBLE_SIX)
# Tiles of the double-six set showing at least one of k given numbers: all but
# those whose both numbers lie among the other 7 - k.
_TILES_MATCHING: Final = [28 - (7 - k) * (8 - k) // 2 for k in range(8)]
_POPCOUNT: Final = [bin(mask).count("1") for mask in range(128)]


def _ends_value(mask: int, mastabas: list[int], skip: int, penalty: int) -> float:
    """How good ends accepting the numbers in `mask` are for these mastabas: a
    mastaba tile they accept can leave for free instead of costing its pips or a
    new site, whichever is less."""
    saved = 0
    for tile in mastabas:
        if tile != skip and NUMBERS_MASK[tile] & mask:
            pips = PIPS[tile]
            saved += pips if pips < penalty else penalty
    return FIT_WEIGHT * saved + OPEN_WEIGHT * _TILES_MATCHING[_POPCOUNT[mask]]


def _exchange_cost(state: NecropolisState, seat: int, ends_mask: int, penalty: int) -> float:
    """What the tile an exchange brings is expected to cost in the end.

    While the necropolis holds enough tiles, a brought tile that does not fit can be
    exchanged again or start a site later, so it costs at most the penalty, and only
    if it does not fit the active site: exchanging is fishing for a tile that fits
    (the share that fits is taken over the whole set, which is cheap and close
    enough while most tiles are unseen). Near the end the tile is likely to stay,
    at its pips."""
    heavy = 0
    for tile in state.mastabas[seat]:
        if PIPS[tile] > penalty:
            heavy += 1
    if len(state.pile) > heavy + UNLOAD_MARGIN:
        fitting_share = _TILES_MATCHING[_POPCOUNT[ends_mask]] / 28
        return (1.0 - fitting_share) * min(_SET_PIPS / 28, penalty)
    return _mean_unseen_pips(state, seat) + EXCHANGE_RISK


def _mean_unseen_pips(state: NecropolisState, seat: int) -> float:
    """The mean pips of the tiles `seat` has not seen."""
    seen_pips = seen = 0
    for tile in state.mastabas[seat]:
        seen_pips += PIPS[tile]
        seen += 1
    for sites in state.sites:
        for site in sites:
            for tile, _ in site:
                seen_pips += PIPS[tile]
                seen += 1
    unseen = 28 - seen
    return (_SET_PIPS - seen_pips) / unseen if unseen else 0.0


def decide(state: NecropolisState, legal: list[Action] | None = None,
           tried: Container[Action] | None = None) -> Action:
    """The greedy decision for the player to move, of the legal ones not in `tried`
    (`legal`: the state's legal list, if the caller has it; it is built only where
    it is needed). Ties go to the first in the legal order, so the choice is
    deterministic.

    On a turn it judges the moves in the legal list's order (draw, plays, new sites,
    exchanges) without building the list: the rollouts call it at every decision,
    and a turn's list is the longest. With a drawn tile, the moves it has are one of
    four fixed lists (the ends it fits, then hide and new)."""
    seat = state.seat
    phase = state.phase
    sites = state.sites[seat]
    if phase == DRAWN and sites:
        held, mastabas = state.held, state.mastabas[seat]
        site = sites[-1]
        left_mask, right_mask = NUMBERS_MASK[site[0][0]], NUMBERS_MASK[site[-1][0]]
        shown = NUMBERS_MASK[held]
        moves = _DRAWN_MOVES[bool(shown & left_mask)][bool(shown & right_mask)]
        if tried is not None:
            moves = tuple(move for move in moves if move not in tried)
        return _place_drawn(moves, held, mastabas, left_mask, right_mask, state.rules.site_penalty, len(state.pile))
    if phase != TURN or not sites:  # the opening's forced moves
        return _first_untried(state, legal, tried)
    # A turn: draw (while the necropolis lasts), or improve the mastabas (play, new
    # site, exchange).
    mastabas = state.mastabas[seat]
    site = sites[-1]
    left_mask, right_mask = NUMBERS_MASK[site[0][0]], NUMBERS_MASK[site[-1][0]]
    penalty = state.rules.site_penalty
    pile = state.pile
    stay = _ends_value(left_mask | right_mask, mastabas, -1, penalty)
    best: Action | None = DRAW if pile and (tried is None or DRAW not in tried) else None
    best_value = stay + DRAW_MARGIN
    for tile in mastabas:
        shown = NUMBERS_MASK[tile]
        if shown & left_mask:
            action = PLAY[tile][LEFT]
            if tried is None or action not in tried:
                value = PIPS[tile] + _ends_value(shown | right_mask, mastabas, tile, penalty)
                if value > best_value:
                    best, best_value = action, value
        if shown & right_mask:
            action = PLAY[tile][RIGHT]
            if tried is None or action not in tried:
                value = PIPS[tile] + _ends_value(left_mask | shown, mastabas, tile, penalty)
                if value > best_value:
                    best, best_value = action, value
    if pile:
        for tile in mastabas:
            action = NEW_FROM[tile]
            if tried is None or action not in tried:
                value = PIPS[tile] - penalty + _ends_value(NUMBERS_MASK[tile], mastabas, tile, penalty)
                if value > best_value:
                    best, best_value = action, value
        if state.rules.allow_exchange:
            exchange_cost = None
            for tile in mastabas:
                if PIPS[tile] + stay <= best_value:
                    continue  # even a free exchange would not beat the best so far
                action = EXCHANGE[tile]
                if tried is not None and action in tried:
                    continue
                if exchange_cost is None:
                    exchange_cost = _exchange_cost(state, seat, left_mask | right_mask, penalty)
                value = PIPS[tile] + stay - exchange_cost
                if value > best_value:
                    best, best_value = action, value
    if best is None:  # nothing beats staying, and drawing is not among the moves left
        return _first_untried(state, legal, tried, ("draw", "pass"))
    return best


def _first_untried(state: NecropolisState, legal: list[Action] | None, tried: Container[Action] | None,
                   kinds: tuple[str, ...] = ()) -> Action:
    """The first legal action not in `tried`, preferring one of `kinds`."""
    if legal is None:
        legal = state.legal_actions()
    if tried is not None:
        legal = [action for action in legal if action not in tried]
    for action in legal:
        if action.kind in kinds:
            return action
    return legal[0]


_DRAWN_MOVES: Final = [[(*((ATTACH[LEFT],) if left else ()), *((ATTACH[RIGHT],) if right else ()), HIDE, NEW)
                        for right in (False, True)] for left in (False, True)]
"""``[fits left][fits right]``: the moves with a drawn tile, in the legal list's order."""


def _place_drawn(legal: list[Action] | tuple[Action, ...], held: int, mastabas: list[int], left_mask: int,
                 right_mask: int, penalty: int, pile: int) -> Action:
    """What to do with the tile just drawn: attach, hide or start a new site."""
    held_mask = NUMBERS_MASK[held]
    best, best_value = None, -1.0
    for action in legal:
        if action.kind == "attach":
            ends = (held_mask | right_mask) if action.arg == 0 else (left_mask | held_mask)
            value = _ends_value(ends, mastabas, -1, penalty)
            if value > best_value:
                best, best_value = action, value
    if best is not None:
        return best
    # Hiding costs the tile's pips if it stays, but while the necropolis lasts it can
    # still start a site on a later turn (the same cost as `new` now), or fit.
    heavy = sum(1 for tile in mastabas if PIPS[tile] > penalty)
    pips = PIPS[held]
    if pips > penalty and pile > heavy + UNLOAD_MARGIN:
        pips = penalty
    hide_cost = pips - _ends_value(left_mask | right_mask, mastabas, -1, penalty)
    new_cost = penalty - _ends_value(held_mask, mastabas, -1, penalty)
    kind = "hide" if hide_cost <= new_cost else "new"
    for action in legal:
        if action.kind == kind:
            return action
    return legal[0]


ROLLOUT_DEPTH = 12
"""ISMCTS rollout decisions before `estimate` scores the game: about six turns each.
A game runs about 90 decisions, and a rollout's cost is nearly all heuristic
decisions, so a short one buys several times the iterations."""
PILE_SPREAD = 0.25
"""Points of uncertainty in the final margin per tile left in the necropolis."""


def estimate(state: NecropolisState) -> list[float]:
    """Each seat's chance of winning before the end, from the margin of the scores
    each seat is heading for: a mastaba tile costs its pips only once the necropolis
    runs low; before that it can still start a site, so it costs at most the site
    penalty (as `decide` reckons). The margin is less decisive the more tiles the
    necropolis still holds."""
    penalty = state.rules.site_penalty
    pile = len(state.pile)
    heading = []
    for seat in (0, 1):
        mastabas = state.mastabas[seat]
        heavy = 0
        for tile in mastabas:
            if PIPS[tile] > penalty:
                heavy += 1
        unload = pile > heavy + UNLOAD_MARGIN
        cost = penalty * len(state.sites[seat])
        for tile in mastabas:
            pips = PIPS[tile]
            cost += penalty if unload and pips > penalty else pips
        heading.append(cost)
    spread = SCORE_SCALE / 2 + PILE_SPREAD * pile
    first = 0.5 + 0.5 * math.tanh((heading[1] - heading[0]) / spread)
    return [first, 1.0 - first]


def observed_by(state: NecropolisState, action: Action, seat: int) -> bool:
    """Who chooses first is public; a drawn tile is seen by the drawer alone."""
    return action.kind == "first" or state.seat == seat


class NecropolisKnowledge:
    """Necropolis's `Knowledge`: the module's functions. One game, no hands or rounds."""

    score_scale = SCORE_SCALE
    list_free = True
    has_stages = False
    has_estimate = True
    rollout_depth = ROLLOUT_DEPTH

    def choose(self, state: NecropolisState, rng: random.Random, legal: list[Action] | None = None,
               tried: Container[Action] | None = None) -> Action:
        return decide(state, legal, tried)

    def observed_by(self, state: NecropolisState, action: Action, seat: int) -> bool:
        return observed_by(state, action, seat)

    def stage(self, state: NecropolisState) -> int:
        return 0

    def evaluate(self, state: NecropolisState) -> list[float]:
        raise NotImplementedError("necropolis is one game, with no hands or rounds")

    def estimate(self, state: NecropolisState) -> list[float]:
        return estimate(state)

    def distinct(self, state: NecropolisState, legal: list[Action]) -> list[Action]:
        return legal

    def play_round(self, state: NecropolisState, rng: random.Random) -> bool:
        return False


KNOWLEDGE: Knowledge[NecropolisState] = NecropolisKnowledge()


# -- `bot check`'s scripted positions (bots/check_positions.py) ------------------------------
def _exchange(view, legal, before) -> bool:
    return any(text.startswith("exchange") for text in legal) and len(legal) > 3


def _pile_empty(view, legal, before) -> bool:
    return view.get("necropolis") == 0


CHECK_POSITIONS = [
    Scenario("necropolis", "only one legal decision", one_legal),
    Scenario("necropolis", "an exchange among the decisions", _exchange),
    Scenario("necropolis", "the mastaba phase: the pile empty", _pile_empty, {"after_empty": "mastaba_phase"}),
    Scenario("necropolis", "the mastaba phase: a pass", passes, {"after_empty": "mastaba_phase"}),
]
