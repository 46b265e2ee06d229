"""Build Up: 2 players, two double-six sets of different colours, highest score wins
(dominoes_arcade/rules/buildup.md).

Zones: each player's **boneyard** (their own colour, face down; its order is hidden
from everyone, so a draw is a uniform chance outcome over its tiles), each player's
**hand**, the **12 stacks** (public, every tile under the top included) and the tiles
**set aside** at the end of a hand. Tile ids are 0..27 in both colours; a stack entry
is a ``(tile, owner)`` pair, and the owner is the colour.

Phases, in the order play meets them: the line is dealt (``* line P a-b``, seat 0's six
stacks then seat 1's), the first-player draws (``* hand P a-b`` in pairs, seat 0 then
seat 1, until a pair differs in pips), the fills (seat 0's ``* hand`` steps up to the
hand size, then seat 1's), then play (``P a-b s7`` or ``P pass``) until neither player
can place, the hand is scored, and the next hand's fills begin.

Events: ``line`` (boneyard -> stack, face up; value = the stack), ``draw`` (boneyard
-> hand; face up only for the first-player draws, otherwise seen by the drawer only),
``first`` (seat = who moves first in this hand; value = the hand, 1..4), ``cover``
(hand -> stack; value = the stack), ``pass``, ``set_aside`` (hand -> set aside, face
up), ``hand_scored`` (value = a `HandScore`) and ``game_over`` (value = the final
totals).

Where the traditional rules are silent (see dominoes_arcade/rules/buildup.md): after six tied pairs
of first-player draws both hands are full, so the drawing stops and seat 0 moves
first; tiles set aside are shown to both players.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import Final, NamedTuple

from .buildup_matrix import (
    COVER_EVENTS,
    DEAL_LINE,
    FILL,
    FILL_EVENTS,
    FIRST_DRAW,
    FIRST_EVENTS,
    GAME,
    HALF,
    HALF_BITS,
    LINE_EVENTS,
    OVER,
    PASS,
    PASS_EVENTS,
    PLACE_BIT,
    PLACE_BY_ROW,
    PLAY,
    ROW,
    ROW_BITS,
    ROW_SHIFT,
    SET_ASIDE_EVENTS,
    SHOWN_DRAW_EVENTS,
    STACK_CLEAR,
    STACK_COUNT,
    cover_columns,
)
from .buildup_matrix import PLACE as PLACE  # re-exported: the client's engine.buildup.PLACE
from .chance import shuffle
from .core import CHANCE, TERMINAL, Action, Event, Option, Outcome, State, Termination, mypyc_attr
from .tiles import DOUBLE_SIX, IS_DOUBLE, NAME, PIPS, piece

LINE_LENGTH: Final = 6
"""Stacks ``0..5`` are seat 0's line, ``6..11`` seat 1's."""
HAND_SIZES: Final = (6, 6, 6, 4)
"""Tiles drawn for each of the four hands: 6 in the line + 22 = 28 per set."""
SET_SIZE: Final = len(DOUBLE_SIX)

OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option("nondouble_on_double", "greater",
               'a non-double on a double needs more pips ("greater") or at least as many ("greater_or_equal")',
               choices=("greater", "greater_or_equal")),
        Option("later_hands_first", "same",
               'who starts hands 2-4: hand 1\'s first player ("same"), "alternate", or "trailing" (lower total)',
               choices=("same", "alternate", "trailing")),
        Option("unplayed_penalty", False, "subtract the pips of tiles set aside from that hand's score", kind=bool),
        Option("scoring", "top_of_stacks",
               'a hand scores your colour on top of the stacks ("top_of_stacks") or the pips you placed '
               '("played_this_hand")',
               choices=("top_of_stacks", "played_this_hand")),
    )
}


# -- the covering rule -------------------------------------------------------------
def may_cover(tile: int, top: int, nondouble_on_double: str = "greater") -> bool:
    """Whether `tile` may be placed on a stack whose top is `top` (dominoes_arcade/rules/buildup.md,
    "Covering rule"). The colours do not matter.

    >>> from dominoes_arcade.engine.tiles import BY_NAME
    >>> may_cover(BY_NAME["4-5"], BY_NAME["3-6"]), may_cover(BY_NAME["4-5"], BY_NAME["4-6"])
    (True, False)
    """
    if IS_DOUBLE[top]:
        if PIPS[tile] > PIPS[top]:
            return True
        # The variant relaxes only a non-double on a double; double on double stays strict.
        return nondouble_on_double == "greater_or_equal" and not IS_DOUBLE[tile] and PIPS[tile] == PIPS[top]
    return IS_DOUBLE[tile] or PIPS[tile] >= PIPS[top]


COVERERS: dict[str, tuple[int, ...]] = {
    variant: tuple(sum(1 << c for c in DOUBLE_SIX if may_cover(c, top, variant)) for top in DOUBLE_SIX)
    for variant in OPTIONS["nondouble_on_double"].choices
}
"""For each variant and top tile: the bitmask of the tiles that may cover it."""


# -- chance outcomes (interned; the decisions are in `buildup_matrix`) -------------
LINE: Final = [[Action(GAME, "line", f"line {p} {NAME[t]}", seat=p, tile=t) for t in DOUBLE_SIX] for p in (0, 1)]
"""``LINE[seat][tile]``: chance lays `tile` as that seat's next line stack."""
DRAW: Final = [[Action(GAME, "draw", f"hand {p} {NAME[t]}", seat=p, tile=t) for t in DOUBLE_SIX] for p in (0, 1)]
"""``DRAW[seat][tile]``: chance draws `tile` into that seat's hand."""
COLUMNS: Final = {variant: cover_columns(coverers) for variant, coverers in COVERERS.items()}
"""The cover matrix's columns (see `buildup_matrix`) for each variant."""


class HandScore(NamedTuple):
    """The value of a ``hand_scored`` event."""

    hand: int
    """Which hand, 1..4."""
    scores: tuple[int, int]
    """What each seat scored in this hand (after any `unplayed_penalty`)."""
    totals: tuple[int, int]
    """Each seat's running total, this hand included."""


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved variant table, shared by every clone of a game."""

    columns: tuple[tuple[int, ...], ...]
    later_hands_first: str
    unplayed_penalty: bool
    played_this_hand: bool

    @classmethod
    def from_options(cls, options: dict) -> Rules:
        return cls(COLUMNS[options["nondouble_on_double"]], options["later_hands_first"],
                   options["unplayed_penalty"], options["scoring"] == "played_this_hand")


class BuildUpState(State):
    __slots__ = ("rules", "phase", "seat", "boneyards", "hands", "hand_rows", "shown", "stacks",
                 "tops", "cover_matrix", "pending_first", "first_seat", "hand_index", "played_pips",
                 "set_aside", "totals", "hand_scores", "termination", "_unknown")

    game = GAME
    OPTIONS = OPTIONS
    higher_score_wins = True

    def __init__(self, players: int | None = None, options: dict | None = None, blank: bool = False):
        if blank:  # for `clone`, which sets every field itself
            return
        self._setup(players, options)
        self.rules = Rules.from_options(self.options)
        self.phase, self.seat, self.current_player = DEAL_LINE, 0, CHANCE
        self.boneyards: list[list[int]] = [list(DOUBLE_SIX), list(DOUBLE_SIX)]
        """Each seat's boneyard: a set, kept ascending (-1 for a tile the viewer cannot see)."""
        self.hands: list[list[int]] = [[], []]
        """Each seat's hand, ascending; in a view, -1 (first) for each hidden tile."""
        self.hand_rows: list[int] = [0, 0]
        """The cover-matrix rows of each seat's known hand tiles."""
        self.shown: tuple[int, int] = (0, 0)
        """Each seat's first-player draws as a bitmask of tiles: shown to both players."""
        self.stacks: list[tuple[tuple[int, int], ...]] = [() for _ in range(STACK_COUNT)]
        """Each stack's ``(tile, owner)`` entries, bottom first: all public."""
        self.tops: list[int] = [-1] * STACK_COUNT
        """Each stack's top tile (-1 before the line is dealt)."""
        self.cover_matrix = 0
        """Bit ``12 * tile + stack`` is set when `tile` may cover that stack's top."""
        self.pending_first = -1
        """Seat 0's first-player draw of the pair in progress."""
        self.first_seat = -1
        """Who moved first in hand 1, once the first-player draws are over."""
        self.hand_index = 0
        """The hand in progress, 0..3 (stays 3 once the game is over)."""
        self.played_pips: list[int] = [0, 0]
        """Pips each seat has placed in the hand in progress."""
        self.set_aside: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        """Each seat's tiles set aside at hand ends, out of the game and public."""
        self.totals: tuple[int, int] = (0, 0)
        self.hand_scores: tuple[tuple[int, int], ...] = ()
        """What each seat scored in each finished hand."""
        self.termination: Termination | None = None
        self._unknown: list[int] | None = None  # a view's `unknown_tiles`, once a search asks

    @property
    def num_players(self) -> int:
        return 2

    def top(self, stack: int) -> tuple[int, int] | None:
        """The ``(tile, owner)`` on top of `stack`, or None before the deal."""
        entries = self.stacks[stack]
        return entries[-1] if entries else None

    # -- what may happen -----------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase not in (DEAL_LINE, FIRST_DRAW, FILL):
            return []
        boneyard = self.boneyards[self.seat]
        table = LINE[self.seat] if self.phase == DEAL_LINE else DRAW[self.seat]
        p = 1.0 / len(boneyard)
        return [(table[t], p) for t in boneyard]

    def sample_chance(self, rng: random.Random) -> Action:
        boneyard = self.boneyards[self.seat]
        table = LINE[self.seat] if self.phase == DEAL_LINE else DRAW[self.seat]
        # random() scaled is uniform to 2**-53 and three times as fast as randrange.
        return table[boneyard[int(rng.random() * len(boneyard))]]

    def is_legal(self, action: Action) -> bool:
        """`State.is_legal` as a look-up: a placement's bit in the cover matrix; a tile
        in the seat's boneyard (a binary search: it is kept ascending)."""
        if self.viewer != -1:
            return False
        phase, t = self.phase, action.tile
        if phase == PLAY:
            bit = PLACE_BIT.get(action, -1)
            if bit >= 0:
                return self.cover_matrix >> bit & 1 == 1 and t in self.hands[self.seat]
            return action is PASS and not self.cover_matrix & self.hand_rows[self.seat]
        if phase == OVER or not 0 <= t < SET_SIZE or (LINE if phase == DEAL_LINE else DRAW)[self.seat][t] is not action:
            return False
        boneyard = self.boneyards[self.seat]
        i = bisect.bisect_left(boneyard, t)
        return i < len(boneyard) and boneyard[i] == t

    def chance_key(self, action: Action) -> int:
        """Two sets of the same tiles: the deck keys an outcome by its `piece`."""
        return self.piece(action)

    def piece(self, action: Action) -> int:
        """A tile in its owner's colour: a chance outcome names the seat whose set it
        comes from, and a seat places only tiles of its own colour."""
        if action.tile < 0:
            return -1
        return piece(action.tile, action.seat if action.seat >= 0 else self.seat)

    def legal_actions(self) -> list[Action]:
        """Every placement, tile by tile ascending, stack by stack; ``[PASS]`` when there is
        none (play reaches a seat that cannot place only while the opponent can)."""
        if self.phase != PLAY:
            return []
        seat = self.seat
        fits = self.cover_matrix & self.hand_rows[seat]
        if not fits:
            return [PASS]
        actions: list[Action] = []
        for tile in self.hands[seat]:
            row = fits >> ROW_SHIFT[tile] & ROW_BITS
            if row:
                low, high = PLACE_BY_ROW[tile]
                actions += low[row & HALF_BITS]
                actions += high[row >> HALF]
        return actions

    def why_illegal(self, action: Action) -> str:
        """Why `action` is not legal here: a short reason (asked only once `is_legal`
        has refused it)."""
        if action.game != GAME:
            return f"{action} is a {action.game} move"
        kind = action.kind
        if self.phase == OVER:
            return "the game is over"
        if self.current_player == CHANCE:
            if kind not in ("line", "draw"):
                return "a tile must be drawn first"
            due = "line" if self.phase == DEAL_LINE else "draw"
            if kind != due:
                return "a line tile is due, not a hand draw" if due == "line" else "a hand draw is due, not a line tile"
            if action.seat != self.seat:
                return f"seat {self.seat} draws now, not seat {action.seat}"
            return f"{NAME[action.tile]} is not in seat {self.seat}'s boneyard"
        if kind in ("line", "draw"):
            return "that is a chance outcome, not a decision"
        if kind == "pass":
            return "you can place a tile, so you may not pass"
        tile, stack = action.tile, action.arg
        if tile not in self.hands[self.seat]:
            return f"{NAME[tile]} is not in your hand"
        top = self.tops[stack]
        if not IS_DOUBLE[top]:
            return f"{NAME[tile]} may not cover {NAME[top]} on s{stack}: a non-double needs at least as many pips"
        need = "at least as many" if self.options["nondouble_on_double"] == "greater_or_equal" and \
            not IS_DOUBLE[tile] else "more"
        return f"{NAME[tile]} may not cover the double {NAME[top]} on s{stack}: it needs {need} pips"

    # -- what happens --------------------------------------------------------------
    def _apply(self, action: Action, events: list[Event] | None = None) -> None:
        kind, seat = action.kind, self.seat
        if kind == "place":
            self._cover(seat, action.tile, action.arg, events)
            self._turn_to(1 - seat, events)
        elif kind == "draw":
            self._draw(seat, action.tile, events)
        elif kind == "pass":
            if events is not None:
                events.append(PASS_EVENTS[seat])
            self._turn_to(1 - seat, events)
        else:
            self._deal_line(seat, action.tile, events)

    def _set_top(self, stack: int, tile: int) -> None:
        self.tops[stack] = tile
        self.cover_matrix = self.cover_matrix & STACK_CLEAR[stack] | self.rules.columns[tile][stack]

    def _deal_line(self, seat: int, tile: int, events: list[Event] | None) -> None:
        boneyard = self.boneyards[seat]
        # A line is the first six tiles out of its owner's boneyard.
        stack = seat * LINE_LENGTH + SET_SIZE - len(boneyard)
        boneyard.remove(tile)
        self.stacks[stack] = ((tile, seat),)
        self._set_top(stack, tile)
        if events is not None:
            events.append(LINE_EVENTS[stack][tile])
        if stack + 1 == STACK_COUNT:
            self.phase, self.seat = FIRST_DRAW, 0
        else:
            self.seat = (stack + 1) // LINE_LENGTH

    def _draw(self, seat: int, tile: int, events: list[Event] | None) -> None:
        self.boneyards[seat].remove(tile)
        hand = self.hands[seat]
        bisect.insort(hand, tile)
        self.hand_rows[seat] |= ROW[tile]
        if self.phase == FILL:
            if events is not None:
                events.append(FILL_EVENTS[seat][tile])
            if len(hand) == HAND_SIZES[self.hand_index]:
                self._fill_or_play(events)
            return
        # A first-player draw, shown to both players.
        shown = list(self.shown)
        shown[seat] |= 1 << tile
        self.shown = (shown[0], shown[1])
        if events is not None:
            events.append(SHOWN_DRAW_EVENTS[seat][tile])
        self._first_draw(seat, tile, events)

    def _first_draw(self, seat: int, tile: int, events: list[Event] | None) -> None:
        """The first-player draws: the higher pips of a pair moves first; a tie
        draws another pair (the tiles are kept); six ties fill both hands, and then
        seat 0 moves first."""
        if seat == 0:
            self.pending_first, self.seat = tile, 1
            return
        mine, theirs = PIPS[self.pending_first], PIPS[tile]
        self.pending_first = -1
        if mine != theirs:
            self.first_seat = 0 if mine > theirs else 1
        elif len(self.hands[1]) == HAND_SIZES[0]:
            self.first_seat = 0
        else:
            self.seat = 0
            return
        self.phase = FILL
        self._fill_or_play(events)

    def _fill_or_play(self, events: list[Event] | None) -> None:
        """Seat 0 fills their hand, then seat 1; then the hand's play begins."""
        size = HAND_SIZES[self.hand_index]
        for seat in (0, 1):
            if len(self.hands[seat]) < size:
                self.phase, self.seat, self.current_player = FILL, seat, CHANCE
                return
        self.phase = PLAY
        starter = self._hand_starter()
        if events is not None:
            events.append(FIRST_EVENTS[starter][self.hand_index])
        self._turn_to(starter, events)

    def _hand_starter(self) -> int:
        """Who moves first in the hand in progress (variant `later_hands_first`)."""
        first, rule = self.first_seat, self.rules.later_hands_first
        if self.hand_index == 0 or rule == "same":
            return first
        if rule == "alternate":
            return first ^ (self.hand_index & 1)
        mine, theirs = self.totals
        if mine == theirs:
            return first
        return 0 if mine < theirs else 1

    def _cover(self, seat: int, tile: int, stack: int, events: list[Event] | None) -> None:
        self.hands[seat].remove(tile)
        self.hand_rows[seat] ^= ROW[tile]
        self.stacks[stack] = self.stacks[stack] + ((tile, seat),)
        self._set_top(stack, tile)
        self.played_pips[seat] += PIPS[tile]
        if events is not None:
            events.append(COVER_EVENTS[seat][tile][stack])

    def _turn_to(self, seat: int, events: list[Event] | None) -> None:
        """`seat` moves next (placing, or passing if only the opponent can place);
        when neither can place, the hand ends at once, with no pass recorded."""
        matrix, rows = self.cover_matrix, self.hand_rows
        if matrix & (rows[0] | rows[1]):
            self.seat = self.current_player = seat
        else:
            self._end_hand(events)

    # -- the end of a hand, and of the game ------------------------------------------
    def _end_hand(self, events: list[Event] | None) -> None:
        """Set aside the tiles left in the hands, score the hand (dominoes_arcade/rules/buildup.md,
        "Scoring"), then deal the next hand or end the game."""
        aside_pips = [sum(PIPS[t] for t in hand) for hand in self.hands]
        if events is not None:
            events += [SET_ASIDE_EVENTS[p][t] for p in (0, 1) for t in self.hands[p]]
        self.set_aside = (self.set_aside[0] + tuple(self.hands[0]), self.set_aside[1] + tuple(self.hands[1]))
        self.hands, self.hand_rows = [[], []], [0, 0]
        if self.rules.played_this_hand:
            scores = list(self.played_pips)
        else:
            scores = [0, 0]
            for entries in self.stacks:
                tile, owner = entries[-1]
                scores[owner] += PIPS[tile]
        if self.rules.unplayed_penalty:
            scores = [scores[0] - aside_pips[0], scores[1] - aside_pips[1]]
        self.totals = (self.totals[0] + scores[0], self.totals[1] + scores[1])
        self.hand_scores += ((scores[0], scores[1]),)
        self.played_pips = [0, 0]
        if events is not None:
            events.append(Event("hand_scored", value=HandScore(self.hand_index + 1, (scores[0], scores[1]),
                                                               self.totals)))
        if self.hand_index + 1 == len(HAND_SIZES):
            self.phase, self.current_player, self.termination = OVER, TERMINAL, Termination.HANDS_PLAYED
            if events is not None:
                events.append(Event("game_over", value=self.totals))
            return
        self.hand_index += 1
        self._fill_or_play(events)

    def scores(self) -> list[int]:
        """Each seat's running total of hand scores (final once terminal)."""
        return list(self.totals)

    def outcome(self) -> Outcome | None:
        if self.termination is None:
            return None
        mine, theirs = self.totals
        winners = () if mine == theirs else (0,) if mine > theirs else (1,)
        return Outcome(self.termination, self.totals, winners)

    # -- copies, views, determinization ----------------------------------------------
    def clone(self) -> BuildUpState:
        c = BuildUpState(None, None, True)
        c.options, c.rules, c.viewer = self.options, self.rules, self.viewer
        c.phase, c.seat, c.current_player = self.phase, self.seat, self.current_player
        b, h = self.boneyards, self.hands
        c.boneyards = [b[0][:], b[1][:]]
        c.hands = [h[0][:], h[1][:]]
        c.hand_rows = self.hand_rows[:]
        c.shown, c.stacks, c.tops = self.shown, self.stacks[:], self.tops[:]
        c.cover_matrix, c.pending_first = self.cover_matrix, self.pending_first
        c.first_seat, c.hand_index = self.first_seat, self.hand_index
        c.played_pips = self.played_pips[:]
        c.set_aside, c.totals, c.hand_scores = self.set_aside, self.totals, self.hand_scores
        c.termination, c._unknown = self.termination, None
        return c

    def _hide(self, seat: int) -> None:
        """What `seat` sees: the whole table, its own hand and boneyard (as a set),
        everything set aside, the opponent's shown first-player draws still in hand,
        and only the sizes of the opponent's hand and boneyard (a spectator: of both
        seats')."""
        for other in (0, 1):
            if other == seat:
                continue
            self.boneyards[other] = [-1] * len(self.boneyards[other])
            shown = self.shown[other]
            known = [t for t in self.hands[other] if shown >> t & 1]
            self.hands[other] = [-1] * (len(self.hands[other]) - len(known)) + known
            self.hand_rows[other] = sum(ROW[t] for t in known)

    def zones(self) -> dict[str, list[int]]:
        found = {"stacks": [t for entries in self.stacks for t, _ in entries]}
        for seat in (0, 1):
            found[f"boneyard {seat}"] = self.boneyards[seat]
            found[f"hand {seat}"] = self.hands[seat]
            found[f"set aside by {seat}"] = list(self.set_aside[seat])
        return found

    def seen_pieces(self) -> dict[int, str]:
        """Each tile in its owner's colour (`piece`): the stacks (each entry knows its
        colour), the hands as the view shows them, the tiles set aside. Not the
        seat's own boneyard: the view lists its tiles, but face down, in no order."""
        seen = {piece(t, owner): "stacks" for entries in self.stacks for t, owner in entries}
        for seat in (0, 1):
            seen.update((piece(t, seat), f"hand {seat}") for t in self.hands[seat] if t >= 0)
            seen.update((piece(t, seat), f"set aside by {seat}") for t in self.set_aside[seat])
        return seen

    def unknown_tiles(self) -> list[int]:
        """On a view: the opponent's tiles whose place (hand or boneyard) the viewer
        does not know."""
        opponent = 1 - self.viewer
        seen = set(self.hands[opponent])
        seen.update(self.set_aside[opponent])
        for entries in self.stacks:
            seen.update(tile for tile, owner in entries if owner == opponent)
        return [t for t in DOUBLE_SIX if t not in seen]

    def _fill_hidden(self, s: BuildUpState, rng: random.Random) -> None:
        opponent = 1 - self.viewer
        self._unknown = self._unknown or self.unknown_tiles()  # the same for every determinization
        unknown = self._unknown[:]
        shuffle(unknown, rng)
        hand = self.hands[opponent]
        hidden = hand.count(-1)
        s.hands[opponent] = sorted(hand[hidden:] + unknown[:hidden])
        s.hand_rows[opponent] = sum(ROW[t] for t in s.hands[opponent])
        s.boneyards[opponent] = sorted(unknown[hidden:])
