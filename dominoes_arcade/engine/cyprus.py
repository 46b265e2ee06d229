"""Cyprus (dominoes_arcade/rules/cyprus.md) and Sebastopol
(dominoes_arcade/rules/sebastopol.md): one star-and-arms engine.

Both games are the same block game around a spinner: a `StarState` subclass each,
naming its `Preset` (set, spinner, star slots, deal: see `star_tables`) and variants.

Zones: each hand (private, kept sorted), the boneyard (face down, order unknown, so
every deal and draw is a uniform chance outcome over its tiles) and the table: the
spinner and one arm per filled star slot, each a line of tiles with one open end.

Phases, in the order a round meets them: `DEAL` (chance: one tile at a time, from the
seat after the dealer), `SEARCH` (chance: nobody was dealt the spinner, so the seats
draw in turn until it comes), `LEAD` (its holder sets it), `TURN` (star phase until
every slot is filled, then arms), `DRAW` (chance: the tile a stuck player draws),
`DRAWN` (the drawer plays it or passes), and `OVER` once a round winner reaches
`target_score`.

Events: ``new_round`` (seat = dealer, value = round number; before the round's first
deal), ``deal`` and ``draw`` (boneyard -> hand, face down: only the receiver sees the
tile; a draw's value is ``"search"`` or ``"turn"``), ``spinner`` (hand -> table),
``play`` (hand -> ``star`` while it fills a slot, else ``arm``; value = the arm),
``pass``, ``round_over`` (seat = winner or -1; value = a `RoundResult` showing every
hand) and ``game_over`` (seat = winner; value = the final totals).

What each draw and pass reveals, and dealing the unseen tiles to fit it, is in
`cyprus_knowledge`.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from .core import CHANCE, TERMINAL, Action, Event, Option, Outcome, State, Termination, mypyc_attr
from .cyprus_knowledge import GAIN, GONE, VOID, DealPlan, Layers, hand_layers
from .star_tables import (
    DEAL,
    DEAL_EVENTS,
    DRAW,
    DRAW_EVENTS,
    DRAWN,
    LEAD,
    OVER,
    PASS_EVENTS,
    PLAY_EVENTS,
    SEARCH,
    TURN,
    Preset,
    Rules,
)
from .tiles import DOUBLE_NINE, DOUBLE_SIX, HIGH, LOW, NAME, NUMBERS_MASK, PIPS

# -- the two rule tables (the hand sizes are in `star_tables`) ------------------
TARGET: dict[str, Any] = dict(minimum=20, maximum=1000, kind=int)
BLOCK_TIE: dict[str, Any] = dict(choices=("no_score", "lightest_tile"))
BLOCK_TIE_DOC = "a blocked round whose lowest hands tie: nobody scores, or the single lightest tile wins"

CYPRUS_OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("players", 4, "seats at the table", minimum=4, maximum=10, kind=int),
    Option("target_score", 100, "the game ends when a player's total reaches this", **TARGET),
    Option("boneyard_reserve", 0, "boneyard tiles nobody may draw (1: the last tile is never drawn)", choices=(0, 1)),
    Option("block_tie", "no_score", BLOCK_TIE_DOC, **BLOCK_TIE),
    Option("hand_sizes", "seed", "tiles per hand for 4..10 players: seed 9,8,7,7,6,6,5; bell 13,11,9 then as seed",
           choices=("seed", "bell")),
)}
SEBASTOPOL_OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("target_score", 60, "the game ends when a player's total reaches this", **TARGET),
    Option("block_tie", "no_score", BLOCK_TIE_DOC, **BLOCK_TIE),
)}

CYPRUS = Preset("cyprus", DOUBLE_NINE, suit=9, slots=8, max_players=10, deals_everything=False)
SEBASTOPOL = Preset("sebastopol", DOUBLE_SIX, suit=6, slots=4, max_players=4, deals_everything=True)


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
@dataclass(frozen=True)
class RoundResult:
    """A finished round, every hand shown (dominoes_arcade/rules/cyprus.md, "End of a round")."""

    number: int
    """Rounds count from 1."""
    termination: Termination
    """`Termination.DOMINO` or `Termination.BLOCKED`."""
    winner: int
    """-1 when a blocked round's lowest hands tie and nobody scores."""
    points: int
    hands: tuple[tuple[int, ...], ...]
    pips: tuple[int, ...]

    def __init__(self, number: int, termination: Termination, winner: int, points: int,
                 hands: tuple[tuple[int, ...], ...], pips: tuple[int, ...]) -> None:
        # The dataclass's own frozen __init__, in one step: it would set each field
        # through object.__setattr__, a Python call each, some 3% of a compiled Cyprus
        # rollout (every rollout ends a round; docs/speed.md, "The fourth pass: native
        # ints beyond the policy").
        self.__dict__.update(number=number, termination=termination, winner=winner, points=points, hands=hands,
                             pips=pips)


@mypyc_attr(allow_interpreted_subclasses=True)  # a new star game subclasses it
class StarState(State):
    """The state of a Cyprus or Sebastopol game; `preset` says which."""

    __slots__ = ("rules", "phase", "seat", "dealer", "round_number", "to_deal", "hands", "boneyard", "in_boneyard",
                 "layout", "ends", "arms_at", "open_mask", "on_table", "drawn", "totals", "history", "rounds",
                 "hidden", "_deal_plan")

    preset: ClassVar[Preset]

    def __init__(self, players: int | None = None, options: dict | None = None, blank: bool = False):
        if blank:  # for `clone`, which sets every field itself
            return
        self.rules = Rules.resolve(self.preset, self._setup(players, options), self.options)
        self.totals: tuple[int, ...] = (0,) * self.rules.players
        """Each seat's running game total."""
        self.round_number = 0
        self.rounds: tuple[RoundResult, ...] = ()
        """Every finished round, oldest first (public: every view keeps them)."""
        self.hidden: tuple | None = None
        """On a view: each seat's hidden-hand layers (see `layers`); None otherwise."""
        self._deal_plan: DealPlan | None = None
        """On a view, once determinized: what its determinizations share."""
        self._start_round(self.rules.players - 1)

    def _start_round(self, dealer: int) -> None:
        """A fresh shuffle: the round's first chance step deals to the seat after `dealer`."""
        n = self.rules.players
        self.round_number += 1
        self.dealer = dealer
        self.phase, self.current_player, self.seat = DEAL, CHANCE, (dealer + 1) % n
        self.to_deal = n * self.rules.hand_size
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.boneyard: list[int] = list(self.preset.tiles)
        self.in_boneyard = self.preset.all_tiles
        """Bit t set when tile t is in `boneyard` (0 on a view): its mirror, for `is_legal`'s look-up."""
        self.layout: list[tuple[int, ...]] = []
        """One line of tiles per filled star slot, from the spinner outwards."""
        self.ends: list[int] = []
        """Each arm's open end."""
        self.arms_at = [0] * (self.preset.suit + 1)
        """Once the star is complete, bit k of ``arms_at[n]`` is set when arm k ends in n."""
        self.open_mask = 0
        """Bit n set when a tile showing n may be played now (the spinner's number in the
        star phase, else the arms' open ends)."""
        self.on_table = 0
        """Bit t set when tile t is on the table (the spinner included), for the bots'
        quick look-ups."""
        self.drawn = -1
        """The tile just drawn by a stuck player, until they play it or pass."""
        self.history: tuple | None = None
        """This round's public facts, newest first, as a linked list of
        ``(kind, seat, value, older)``: VOID (the numbers a draw or pass showed the seat
        lacks), GAIN (a draw it kept hidden) and GONE (a tile it put on the table)."""

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def last_round(self) -> RoundResult | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def is_spinner_set(self) -> bool:
        """Whether this round's spinner is on the table."""
        return self.phase >= TURN

    @property
    def is_star_complete(self) -> bool:
        return len(self.ends) == self.preset.slots

    def hand_sizes(self) -> list[int]:
        return [len(hand) for hand in self.hands]

    def dead_arms(self) -> list[int]:
        """Arms no tile can extend again this round: every tile showing their open end
        is on the table (dominoes_arcade/rules/cyprus.md: the arm ending in the spinner's number)."""
        per_number = self.preset.suit + 1  # number n shows on n-0 .. n-suit
        on_table = [0] * per_number
        on_table[self.preset.suit] += self.is_spinner_set
        for line in self.layout:
            for t in line:
                on_table[LOW[t]] += 1
                on_table[HIGH[t]] += LOW[t] != HIGH[t]
        return [k for k, end in enumerate(self.ends) if on_table[end] == per_number]

    # -- what may happen -------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player != CHANCE:
            return []
        row = (self.preset.deal if self.phase == DEAL else self.preset.drawn)[self.seat]
        p = 1.0 / len(self.boneyard)
        return [(row[t], p) for t in self.boneyard]

    def sample_chance(self, rng: random.Random) -> Action:
        row = (self.preset.deal if self.phase == DEAL else self.preset.drawn)[self.seat]
        boneyard = self.boneyard
        return row[boneyard[int(rng.random() * len(boneyard))]]  # uniform to 2**-53, 3x randrange's speed

    def is_legal(self, action: Action) -> bool:
        """`State.is_legal`, as look-ups that build no list: a deal or draw is its seat's
        outcome of a tile in the boneyard (`in_boneyard`, 0 on a view); a play is among its
        tile's plays; a draw or pass needs a hand (or drawn tile) missing the open numbers."""
        t, player = action.tile, self.current_player
        if player == CHANCE:
            if t < 0 or not self.in_boneyard >> t & 1:
                return False
            preset = self.preset
            return (preset.deal if self.phase == DEAL else preset.drawn)[self.seat][t] is action
        if self.viewer != -1 or player == TERMINAL:
            return False
        phase, preset = self.phase, self.preset
        if action.kind == "play":
            if not (phase == TURN and t in self.hands[player] or phase == DRAWN and t == self.drawn):
                return False
            arm, slot = action.arg, len(self.ends)
            if not 0 <= arm < preset.slots or preset.play[t][arm] is not action:
                return False
            if slot < preset.slots:  # the star phase: the next slot, with a tile showing the spinner's number
                return arm == slot and NUMBERS_MASK[t] & self.open_mask != 0
            arms_at = self.arms_at
            return (arms_at[LOW[t]] | arms_at[HIGH[t]]) >> arm & 1 == 1
        if phase == LEAD:
            return action is preset.set_spinner
        if action is not preset.draw and action is not preset.pass_:
            return False
        open_mask = self.open_mask
        if phase == DRAWN:
            return action is preset.pass_ and not NUMBERS_MASK[self.drawn] & open_mask
        for tile in self.hands[player]:
            if NUMBERS_MASK[tile] & open_mask:
                return False  # playing is compulsory
        return (len(self.boneyard) > self.rules.boneyard_reserve) is (action is preset.draw)

    def _plays(self, tiles: list[int]) -> list[Action]:
        """Every legal play of `tiles`: into the next star slot while the star is
        incomplete, else onto each arm whose open end the tile shows."""
        slot = len(self.ends)
        if slot < self.preset.slots:
            suit_bit, play = self.open_mask, self.preset.play
            return [play[t][slot] for t in tiles if NUMBERS_MASK[t] & suit_bit]
        arms_at, plays_onto, low, high = self.arms_at, self.preset.plays_onto, LOW, HIGH
        plays: list[Action] = []
        for t in tiles:
            arms = arms_at[low[t]] | arms_at[high[t]]
            if arms:
                plays += plays_onto[t][arms]
        return plays

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            plays = self._plays(self.hands[self.seat])
            if plays:
                return plays  # playing is compulsory
            return [self.preset.draw if len(self.boneyard) > self.rules.boneyard_reserve else self.preset.pass_]
        if phase == DRAWN:
            return self._plays([self.drawn]) or [self.preset.pass_]
        if phase == LEAD:
            return [self.preset.set_spinner]
        return []

    def why_illegal(self, action: Action) -> str:
        """Why `action` is not legal here: a short reason (asked only once `is_legal`
        has refused it)."""
        preset = self.preset
        if action.game != preset.game:
            return f"{action} is a {action.game} move"
        if self.current_player == TERMINAL:
            return "the game is over"
        chance_step = action.kind in ("deal", "drawn")
        if self.current_player == CHANCE:
            due = "deal" if self.phase == DEAL else "drawn"
            if action.kind != due:
                return f"the next step is chance: {'a deal' if due == 'deal' else 'a draw'} to seat {self.seat}"
            if action.seat != self.seat:
                return f"the next tile goes to seat {self.seat}"
            return f"{NAME[action.tile]} is not in the boneyard"
        if chance_step:
            return "that is a chance outcome, not a decision"
        seat, kind, spinner = self.seat, action.kind, NAME[preset.spinner]
        if self.phase == LEAD:
            return f"seat {seat} holds {spinner} and must set it first"
        if kind == "spinner":
            return f"{spinner} is already set"
        if self.phase == DRAWN:
            drawn = NAME[self.drawn]
            if kind == "draw":
                return f"only one draw a turn: play {drawn} if it fits, else pass"
            if kind == "pass":
                return f"the drawn tile {drawn} fits, so it must be played"
            if action.tile != self.drawn:
                return f"after drawing, only the drawn tile {drawn} may be played"
        if kind == "play":
            return self._why_not_play(action.tile, action.arg)
        if self._plays(self.hands[seat]):
            return "you can play, and playing is compulsory"
        boneyard, reserve = len(self.boneyard), self.rules.boneyard_reserve
        if kind == "draw":
            if preset.deals_everything:
                return f"{preset.game} has no boneyard: pass"
            return f"the boneyard has {boneyard} tiles and {reserve} may not be drawn (boneyard_reserve): pass"
        return f"you cannot play, so draw: the boneyard has {boneyard} tiles"

    def _why_not_play(self, t: int, arm: int) -> str:
        if t not in self.hands[self.seat]:
            return f"{NAME[t]} is not in your hand"
        suit, slot = self.preset.suit, len(self.ends)
        if slot < self.preset.slots:
            if not NUMBERS_MASK[t] >> suit & 1:
                return (f"the star is not complete: only a {suit}-x tile may be played until all "
                        f"{self.preset.slots} slots are filled")
            return f"a {suit}-x tile fills the next empty star slot, @{slot}"
        return f"{NAME[t]} does not match arm {arm}'s open end {self.ends[arm]}"

    # -- what happens ------------------------------------------------------------------
    def _apply(self, action: Action, events: list[Event] | None = None) -> None:
        kind, seat = action.kind, self.seat
        if kind == "play":
            self._play(seat, action.tile, action.arg, events)
        elif kind == "draw":
            self.history = (VOID, seat, self.open_mask, self.history)
            self.phase, self.current_player = DRAW, CHANCE
        elif kind == "drawn":
            self._receive(seat, action.tile, events)
        elif kind == "pass":
            self.history = (VOID, seat, self.open_mask, self.history)
            self.drawn = -1
            if events is not None:
                events.append(PASS_EVENTS[seat])
            self._after_decision(seat, events)
        elif kind == "deal":
            self._deal(seat, action.tile, events)
        elif kind == "spinner":
            spinner = self.preset.spinner
            self.hands[seat].remove(spinner)
            self.history = (GONE, seat, spinner, self.history)
            self.open_mask = 1 << self.preset.suit
            self.on_table |= 1 << spinner
            if events is not None:
                events.append(Event("spinner", seat, spinner, "hand", "table"))
            self._after_decision(seat, events)

    def _deal(self, seat: int, t: int, events: list[Event] | None) -> None:
        if events is not None:
            if self.to_deal == self.rules.players * self.rules.hand_size:
                events.append(Event("new_round", self.dealer, value=self.round_number))
            events.append(DEAL_EVENTS[seat][t])
        self.boneyard.remove(t)
        self.in_boneyard ^= 1 << t
        bisect.insort(self.hands[seat], t)
        self.to_deal -= 1
        if self.to_deal:
            self.seat = (seat + 1) % self.rules.players
            return
        spinner = self.preset.spinner
        holders = [p for p, hand in enumerate(self.hands) if spinner in hand]
        if holders:
            self.phase, self.seat, self.current_player = LEAD, holders[0], holders[0]
        else:  # the search: one draw at a time from the seat after the dealer
            self.phase, self.seat = SEARCH, (self.dealer + 1) % self.rules.players

    def _receive(self, seat: int, t: int, events: list[Event] | None) -> None:
        """A drawn tile: during the search for the spinner, or after ``P draw``."""
        self.boneyard.remove(t)
        self.in_boneyard ^= 1 << t
        bisect.insort(self.hands[seat], t)
        if events is not None:
            events.append(DRAW_EVENTS[self.phase][seat][t])
        if self.phase == SEARCH:
            if t == self.preset.spinner:
                self.phase, self.current_player = LEAD, seat
            else:
                self.seat = (seat + 1) % self.rules.players
            return
        self.history = (GAIN, seat, -1, self.history)
        self.drawn = t
        self.phase, self.current_player = DRAWN, seat

    def _play(self, seat: int, t: int, arm: int, events: list[Event] | None) -> None:
        self.hands[seat].remove(t)
        self.history = (GONE, seat, t, self.history)
        self.on_table |= 1 << t
        ends = self.ends
        if arm == len(ends):  # fills star slot `arm`
            self.layout.append((t,))
            ends.append(PIPS[t] - self.preset.suit)
            where = "star"
            if len(ends) == self.preset.slots:  # the star is complete: the arms open
                open_mask = 0
                for k, end in enumerate(ends):
                    self.arms_at[end] |= 1 << k
                    open_mask |= 1 << end
                self.open_mask = open_mask
        else:
            self.layout[arm] += (t,)
            old = ends[arm]
            new = ends[arm] = PIPS[t] - old  # a double leaves the end unchanged
            arms_at = self.arms_at
            arms_at[old] ^= 1 << arm
            arms_at[new] |= 1 << arm
            if not arms_at[old]:
                self.open_mask &= ~(1 << old)
            self.open_mask |= 1 << new
            where = "arm"
        self.drawn = -1
        if events is not None:
            events.append(PLAY_EVENTS[where][seat][t][arm])
        self._after_decision(seat, events)

    def _after_decision(self, seat: int, events: list[Event] | None) -> None:
        """The round ends at once on a domino or a block (dominoes_arcade/rules/cyprus.md,
        "End of a round"); otherwise the next seat clockwise plays."""
        if not self.hands[seat]:
            self._end_round(Termination.DOMINO, seat, events)
        elif len(self.boneyard) <= self.rules.boneyard_reserve and self._is_blocked():
            self._end_round(Termination.BLOCKED, -1, events)
        else:
            seat += 1
            if seat == self.rules.players:
                seat = 0
            self.seat = self.current_player = seat
            self.phase = TURN

    def _is_blocked(self) -> bool:
        """No hand holds a tile showing an open number (asked once nobody may draw)."""
        open_mask = self.open_mask
        for hand in self.hands:
            for t in hand:
                if NUMBERS_MASK[t] & open_mask:
                    return False
        return True

    # -- the end -----------------------------------------------------------------------
    def _end_round(self, why: Termination, winner: int, events: list[Event] | None,
                   pips: tuple[int, ...] | None = None) -> None:
        """Score the round (`pips`: each hand's, when the caller has counted them) and
        start the next, or end the game."""
        if pips is None:
            counted = []
            for hand in self.hands:  # loops, not sums of generators: every rollout ends here
                total = 0
                for t in hand:
                    total += PIPS[t]
                counted.append(total)
            pips = tuple(counted)
        if why == Termination.BLOCKED:
            winner = self._block_winner(pips)
        points = sum(pips) - 2 * pips[winner] if winner >= 0 else 0  # the others' pips minus their own
        if points:
            totals = list(self.totals)
            totals[winner] += points
            self.totals = tuple(totals)
        result = RoundResult(self.round_number, why, winner, points, tuple(map(tuple, self.hands)), pips)
        self.rounds += (result,)
        if events is not None:
            events.append(Event("round_over", winner, value=result))
        if winner >= 0 and self.totals[winner] >= self.rules.target_score:
            self.phase, self.current_player = OVER, TERMINAL
            if events is not None:
                events.append(Event("game_over", winner, value=self.totals))
        else:
            self._start_round((self.dealer + 1) % self.rules.players)

    def finish_round(self, hands: list[list[int]], dominoed: int, pips: tuple[int, ...]) -> None:
        """The trusting path for a rollout that played the rest of the round on copies
        of the hands (bots/heuristics/cyprus.py, `play_round`): the round ends with
        `hands` (each sorted; `pips`, each one's pips), won by `dominoed`, who went
        out, or blocked (-1), and is scored as play would have scored it. The table and the boneyard are left as
        they stood: a new round clears them, and a finished game is only read for its
        scores."""
        self.hands = hands
        self._end_round(Termination.DOMINO if dominoed >= 0 else Termination.BLOCKED, dominoed, None, pips)

    def _block_winner(self, pips: tuple[int, ...]) -> int:
        """The lowest hand; a tie scores nobody, unless `block_tie = "lightest_tile"` and
        exactly one tied seat holds the lightest tile among the tied hands."""
        lowest = min(pips)
        tied = [p for p, total in enumerate(pips) if total == lowest]
        if len(tied) == 1:
            return tied[0]
        if self.rules.lightest_tile_breaks_ties:
            lightest = {p: min(PIPS[t] for t in self.hands[p]) for p in tied}
            least = min(lightest.values())
            holders = [p for p in tied if lightest[p] == least]
            if len(holders) == 1:
                return holders[0]
        return -1

    def scores(self) -> list[int]:
        """The running game totals."""
        return list(self.totals)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(Termination.TARGET_REACHED, self.totals, (self.rounds[-1].winner,))  # it ends with a round

    # -- copies, views, determinization ------------------------------------------------
    def clone(self) -> StarState:
        c = self.__class__(None, None, True)
        c.rules, c.options, c.viewer = self.rules, self.options, self.viewer
        c.current_player, c.phase = self.current_player, self.phase
        c.seat, c.dealer, c.round_number, c.to_deal = self.seat, self.dealer, self.round_number, self.to_deal
        c.hands = [hand[:] for hand in self.hands]
        c.boneyard, c.in_boneyard = self.boneyard[:], self.in_boneyard
        c.layout = self.layout[:]
        c.ends = self.ends[:]
        c.arms_at = self.arms_at[:]
        c.open_mask, c.on_table, c.drawn = self.open_mask, self.on_table, self.drawn
        c.totals, c.history = self.totals, self.history
        c.rounds, c.hidden = self.rounds, self.hidden
        c._deal_plan = None
        return c

    def _hide(self, seat: int) -> None:
        """What `seat` sees: its own hand, the table, every hand's size, the boneyard's
        size, and what the draws and passes revealed (`hidden`). A spectator's
        (`SPECTATOR`, no seat's) keeps no hand."""
        self.hidden = self.layers()
        hands = self.hands
        for p, hand in enumerate(hands):
            if p != seat:
                hands[p] = [-1] * len(hand)
        self.boneyard, self.in_boneyard = [-1] * len(self.boneyard), 0
        if self.seat != seat:
            self.drawn = -1

    def zones(self) -> dict[str, list[int]]:
        found = {"boneyard": self.boneyard, "table": [t for line in self.layout for t in line]}
        if self.is_spinner_set:
            found["table"].append(self.preset.spinner)
        for seat, hand in enumerate(self.hands):
            found[f"hand {seat}"] = hand
        return found

    def layers(self) -> Layers:
        """Each seat's hand as layers ``(mask, count)`` (see `cyprus_knowledge`): the
        tiles that came in together and the numbers none of them shows."""
        return hand_layers(self.history, [len(hand) for hand in self.hands])

    def _fill_hidden(self, full: StarState, rng: random.Random) -> None:
        """Deal the unseen tiles to the other hands and the boneyard, every hidden
        layer keeping the voids its seat revealed."""
        plan = self._deal_plan
        if plan is None:  # a search determinizes one view thousands of times
            others_turn = self.seat != self.viewer
            spinner_place = -1 if self.phase == SEARCH else self.seat if self.phase == LEAD and others_turn else None
            drawer = self.seat if self.phase == DRAWN and others_turn else -1
            plan = self._deal_plan = DealPlan(self, self.phase >= TURN, spinner_place, drawer)
        plan.deal(full, rng)


class CyprusState(StarState):
    __slots__ = ()
    game = "cyprus"
    preset = CYPRUS
    OPTIONS = CYPRUS_OPTIONS


class SebastopolState(StarState):
    __slots__ = ()
    game = "sebastopol"
    preset = SEBASTOPOL
    OPTIONS = SEBASTOPOL_OPTIONS
    PLAYERS = 4
