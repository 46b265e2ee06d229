"""Exact play of what is left of a Build Up hand, every tile in sight
(dominoes_arcade/rules/buildup.md): a minimax search for `pimc`'s ``solve`` option.

Within a hand nothing is drawn, so once both hands are known the rest of the hand is
a finite two-player game of perfect information, and its end is what scores. The
last hand is such a game for real: every tile of both sets is then in a hand, on a
stack or set aside in sight. In the earlier hands `pimc` solves each of its sampled
worlds.

The search is small because the rules see less than the tiles: a tile matters only
by its pips and whether it is a double (its *class*), a stack only by its top's class
and colour. `1-4` and `2-3` are the same move; two stacks topped by `0-5` and `1-4` of
one colour are the same target. A position is therefore the multiset of the tops'
(class, colour) codes, each hand's multiset of classes and who is to move, which a
transposition table keys directly. Alpha-beta over it, trying the placements that
gain most at once first, solves a last hand of 4 tiles each in some ten thousand
positions.

The value is the hand's score for the player to move minus the opponent's, as the
variant scores it (the tops of each colour, or the pips each placed, less the tiles
left in hand with ``unplayed_penalty``). A game's result and `evaluate`'s forecast
both rise with it, so the move that maximises it is the move that maximises them.
"""

from __future__ import annotations

import time
from bisect import insort

from ...engine import Action
from ...engine.buildup import BuildUpState
from ...engine.buildup_matrix import PASS
from ...engine.tiles import IS_DOUBLE, PIPS

CLASSES = 26
"""A tile's class is ``2 * pips + double``: 0..25."""
CLASS_OF = [2 * PIPS[tile] + IS_DOUBLE[tile] for tile in range(len(PIPS))]
"""Each tile's class."""

_EXACT, _LOWER, _UPPER = 0, 1, 2  # what a transposition entry's value is
_CHECK_EVERY = 1024  # positions between looks at the clock


class OutOfTime(Exception):
    """The deadline passed before the search finished."""


def _cover_table(nondouble_on_double: str) -> tuple[tuple[bool, ...], ...]:
    """``[tile class][top class]``: the covering rule on classes (as `engine.buildup.may_cover`)."""
    table = []
    for tile in range(CLASSES):
        pips, double = divmod(tile, 2)
        row = []
        for top in range(CLASSES):
            top_pips, top_double = divmod(top, 2)
            if top_double:
                row.append(pips > top_pips or (nondouble_on_double == "greater_or_equal" and not double
                                               and pips == top_pips))
            else:
                row.append(bool(double) or pips >= top_pips)
        table.append(tuple(row))
    return tuple(table)


COVER = {variant: _cover_table(variant) for variant in ("greater", "greater_or_equal")}


class _Search:
    """One hand's search: the variant's rules, a transposition table and the clock."""

    def __init__(self, state: BuildUpState, deadline: float | None) -> None:
        self.cover = COVER[state.options["nondouble_on_double"]]
        self.tops_score = not state.rules.played_this_hand
        self.penalty = state.rules.unplayed_penalty
        self.table: dict[tuple, tuple[int, int, int]] = {}
        self.deadline = deadline
        self.countdown = _CHECK_EVERY
        self.positions = 0

    def moves(self, stacks: tuple[int, ...], hand: tuple[int, ...], side: int) -> list[int]:
        """Each distinct placement of `side`, the biggest immediate swing of the tops
        first, packed in an int: ``(swing + 64) << 8 | i << 4 | j`` for ``hand[i]`` on
        ``stacks[j]`` (a stack code is ``2 * class + colour``). The positions after
        them are built only for the moves searched, since most are cut off."""
        found = []
        cover = self.cover
        last_tile = -1
        for i, tile in enumerate(hand):
            if tile == last_tile:
                continue
            last_tile = tile
            row = cover[tile]
            pips = tile >> 1
            last_stack = -1
            for j, stack in enumerate(stacks):
                if stack != last_stack and row[stack >> 1]:
                    swing = pips + (stack >> 2) if stack & 1 != side else pips - (stack >> 2)
                    found.append((swing + 64) << 8 | i << 4 | j)
                last_stack = stack
        found.sort(reverse=True)
        return found

    def end_value(self, stacks: tuple[int, ...], mine: tuple[int, ...], theirs: tuple[int, ...], side: int) -> int:
        """The hand's score for `side` minus the opponent's, from what is left at its end
        (the placements' own pips, when they count, were added on the way)."""
        value = 0
        if self.tops_score:
            for stack in stacks:
                value += stack >> 2 if stack & 1 == side else -(stack >> 2)
        if self.penalty:
            value += sum(tile >> 1 for tile in theirs) - sum(tile >> 1 for tile in mine)
        return value

    def can_place(self, stacks: tuple[int, ...], hand: tuple[int, ...]) -> bool:
        """Whether some tile of `hand` may cover some stack."""
        cover = self.cover
        for tile in hand:
            row = cover[tile]
            for stack in stacks:
                if row[stack >> 1]:
                    return True
        return False

    def negamax(self, stacks: tuple[int, ...], mine: tuple[int, ...], theirs: tuple[int, ...], side: int,
                alpha: int, beta: int) -> int:
        """The value of the rest of the hand for `side`, to move with `mine` against
        `theirs`: exact inside (alpha, beta), a bound outside it."""
        self.positions += 1
        self.countdown -= 1
        if not self.countdown:
            self.countdown = _CHECK_EVERY
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise OutOfTime
        key = (stacks, mine, theirs, side)
        entry = self.table.get(key)
        first = 0
        if entry is not None:
            value, kind, first = entry
            if kind == _EXACT:
                return value
            if kind == _LOWER:
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            else:
                if value <= alpha:
                    return value
                beta = min(beta, value)
        start_alpha = alpha
        moves = self.moves(stacks, mine, side)
        best_index = 0
        if not moves:  # a pass while the opponent can place; otherwise the hand is over
            if self.can_place(stacks, theirs):
                best = -self.negamax(stacks, theirs, mine, 1 - side, -beta, -alpha)
            else:
                best = self.end_value(stacks, mine, theirs, side)
        else:
            if first:  # the move that was best last time this position was searched, first
                moves.insert(0, moves.pop(first))
            best = -1 << 30
            tops_score = self.tops_score
            for index, move in enumerate(moves):
                i, j = move >> 4 & 15, move & 15
                tile = mine[i]
                after = list(stacks)
                del after[j]
                insort(after, 2 * tile + side)
                gain = 0 if tops_score else tile >> 1
                value = gain - self.negamax(tuple(after), theirs, mine[:i] + mine[i + 1:], 1 - side,
                                            gain - beta, gain - alpha)
                if value > best:
                    best, best_index = value, index
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            if first and best_index:  # as an index into the list in generation order
                best_index = best_index if best_index > first else best_index - 1
            elif first:
                best_index = first
        kind = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = (best, kind, best_index)
        return best


def position(state: BuildUpState) -> tuple[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]]:
    """`state`'s stacks and hands as the search sees them (codes and classes, sorted)."""
    stacks = tuple(sorted(2 * CLASS_OF[tile] + owner for tile, owner in (entries[-1] for entries in state.stacks)))
    hands = (tuple(sorted(CLASS_OF[t] for t in state.hands[0])), tuple(sorted(CLASS_OF[t] for t in state.hands[1])))
    return stacks, hands


def hand_values(state: BuildUpState, actions: list[Action], deadline: float | None = None,
                best_only: bool = False) -> list[int] | None:
    """For each of `actions` (legal placements or the pass of the player to move in
    a full state, every tile known), the hand's score for that player minus the
    opponent's when both play the rest of the hand perfectly. None if `deadline`
    (a `time.perf_counter` time) passes first. Placements that differ only by tiles
    or stacks of one class are searched once. With `best_only` an action that
    cannot beat an earlier one is only proved so: its value is then a bound no
    higher than the best, which is found (the first of equal ones) for less."""
    search = _Search(state, deadline)
    stacks, hands = position(state)
    side = state.seat
    mine, theirs = hands[side], hands[1 - side]
    # With ``played_this_hand`` the pips already placed in this hand count too.
    placed = 0 if search.tops_score else state.played_pips[side] - state.played_pips[1 - side]
    cache: dict[tuple, int] = {}
    values = []
    best = -(1 << 30)
    try:
        for action in actions:
            if action is PASS:
                key: tuple = ("pass",)
            else:
                top, owner = state.stacks[action.arg][-1]
                key = (CLASS_OF[action.tile], 2 * CLASS_OF[top] + owner)
            value = cache.get(key)
            if value is None:
                ceiling = -best if best_only else 1 << 30  # the child's beta, before the move's gain
                if action is PASS:
                    value = -search.negamax(stacks, theirs, mine, 1 - side, -(1 << 30), ceiling)
                else:
                    tile_class, code = key
                    after = list(stacks)
                    after.remove(code)
                    insort(after, 2 * tile_class + side)
                    rest = list(mine)
                    rest.remove(tile_class)
                    gain = 0 if search.tops_score else tile_class >> 1
                    value = gain - search.negamax(tuple(after), theirs, tuple(rest), 1 - side,
                                                  -(1 << 30), gain + ceiling)
                cache[key] = value
                best = max(best, value)
            values.append(placed + value)
    except OutOfTime:
        return None
    return values
