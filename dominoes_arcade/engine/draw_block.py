"""Draw and Block (dominoes_arcade/rules/draw.md, dominoes_arcade/rules/block.md): the
classic line game of the double-six set, one engine with two presets.

`DrawBlockState` holds the rules; `DrawState` (a player who cannot play draws from the
boneyard until a tile fits) and `BlockState` (a player who cannot play passes) name
their preset. Read top to bottom as the rules: setup (the deal), the lead, a turn, the
end of a round, the score.

Zones: each hand (private, kept sorted), the boneyard (face down, order unknown, so
every deal and draw is a uniform chance outcome over its tiles) and the line: the
tiles played, left to right. The line has two open ends, `left` and `right`; the
first tile's lower number is the left end, its higher the right (a double is laid
across and is no spinner).

Phases, in the order a round meets them: `DEAL` (chance: one tile at a time to seats
0, 1, ... until every hand is full), `FIRST` (chance, first round only with
``first_lead = "random"``: the seat that leads), `LEAD` (the leader sets the first
tile: in the first round the highest double, else the heaviest tile, unless the lead
is random; later rounds any tile), `TURN` (play on an end, or pass when nothing fits
and nothing may be drawn), `DRAW` (Draw only, chance: a tile drawn by the seat to play,
which cannot; repeated until one fits or the boneyard is empty) and `OVER`.

Events: ``new_round`` (value = round number; before the round's first deal),
``deal`` and ``draw`` (boneyard -> hand, face down: only the receiver sees the tile),
``first`` (seat = the leader drawn at random), ``play`` (hand -> line, value
``"lead"``, ``"left"`` or ``"right"``), ``pass``, ``round_over`` (seat = winner or -1;
value = a `RoundResult` showing every hand) and ``game_over`` (seat = winner or -1 for
a drawn game; value = the final totals).

What the draws and passes reveal is kept as in Cyprus (`cyprus_knowledge`'s public
facts: a seat that draws or passes lacks both open numbers), so a view deals the
unseen tiles consistently with it.

Last, a view as JSON and back (`to_json`, `from_json`: the registry entries name them
for `view_json`).
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from .chance import shuffle
from .core import CHANCE, TERMINAL, Action, Event, Option, OptionError, Outcome, State, Termination, mypyc_attr
from .cyprus_knowledge import GAIN, GONE, VOID, Layers, assign_tiles, hand_layers
from .tiles import DOUBLE_SIX, HIGH, IS_DOUBLE, LOW, NAME, NUMBERS_MASK, PIPS
from .view_codec import ViewError, facts_from_json, facts_to_json, names, termination
from .view_codec import tile as read_tile
from .view_codec import tiles as read_tiles

# -- the phases of a round (Final: the compiled build reads them as C statics) ----------
DEAL: Final = 0
FIRST: Final = 1
LEAD: Final = 2
TURN: Final = 3
DRAW: Final = 4
OVER: Final = 5
PHASES: Final = ("deal", "first", "lead", "turn", "draw", "over")
"""The phases by number, as the JSON view names them."""

LEFT: Final = 0
RIGHT: Final = 1
SIDES: Final = ("left", "right")
NUMBERS: Final = 7
"""The numbers 0..6 of the double-six set."""
MAX_SEATS: Final = 4
FIT_TRIES: Final = 200
"""Deals a determinization tries for a Draw hand known to hold a tile that fits."""

# -- the variant table (dominoes_arcade/rules/draw.md, "Variant options") --------------
STANDARD_HAND = "standard"
"""`hand_size`'s default: 7 tiles, or 5 in Draw with 3 or 4 players."""


def variant_table(standard_hand: str) -> dict[str, Option]:
    """One preset's variant options; `standard_hand` says what ``hand_size = "standard"`` deals."""
    return {o.name: o for o in (
        Option("players", 2, "seats at the table", minimum=2, maximum=MAX_SEATS, kind=int),
        Option("hand_size", STANDARD_HAND, f"tiles dealt to each player: standard is {standard_hand}",
               choices=(STANDARD_HAND, 3, 4, 5, 6, 7)),
        Option("target_score", 100, "the game ends when a player's total reaches this", minimum=1, maximum=1000,
               kind=int),
        Option("blocked_scoring", "difference",
               "a blocked round's winner scores the other hands' pips minus their own, or all of them",
               choices=("difference", "all")),
        Option("first_lead", "highest_double",
               "who leads the first round: the highest double (else the heaviest tile), or a random player",
               choices=("highest_double", "random")),
    )}


DRAW_OPTIONS = variant_table("7 with 2 players, 5 with 3 or 4")
BLOCK_OPTIONS = variant_table("7")


class Moves:
    """Every action and event of one preset, interned once at import (`Action` is per
    game name), with the look-up table its legal plays come from."""

    def __init__(self, game: str):
        self.game = game
        self.lead = [Action(game, "lead", NAME[t], tile=t) for t in DOUBLE_SIX]
        """``lead[tile]``: ``a-b``, the first tile of a round."""
        self.play = [tuple(Action(game, "play", f"{NAME[t]} {side}", tile=t, arg=s) for s, side in enumerate(SIDES))
                     for t in DOUBLE_SIX]
        """``play[tile][side]``: ``a-b left`` / ``a-b right``."""
        self.plays_onto = [[tuple(self.play[t][s] for s, end in enumerate((left, right))
                                  if NUMBERS_MASK[t] >> end & 1)
                            for left in range(NUMBERS) for right in range(NUMBERS)] for t in DOUBLE_SIX]
        """``plays_onto[tile][left * 7 + right]``: the plays of `tile` on a line with those ends."""
        seats = range(MAX_SEATS)
        self.deal = [[Action(game, "deal", f"deal {p} {NAME[t]}", seat=p, tile=t) for t in DOUBLE_SIX]
                     for p in seats]
        self.drawn = [[Action(game, "draw", f"draw {p} {NAME[t]}", seat=p, tile=t) for t in DOUBLE_SIX]
                      for p in seats]
        """``drawn[seat][tile]``: the chance outcome of a draw (there is no decision to draw)."""
        self.first = [Action(game, "first", f"first {p}", seat=p) for p in seats]
        self.pass_ = Action(game, "pass", "pass")


DEAL_EVENTS: Final = [[Event("deal", p, t, "boneyard", "hand", face_up=False) for t in DOUBLE_SIX]
                      for p in range(MAX_SEATS)]
DRAW_EVENTS: Final = [[Event("draw", p, t, "boneyard", "hand", face_up=False) for t in DOUBLE_SIX]
                      for p in range(MAX_SEATS)]
PLAY_EVENTS: Final = [[[Event("play", p, t, "hand", "line", value=where) for where in (*SIDES, "lead")]
                       for t in DOUBLE_SIX] for p in range(MAX_SEATS)]
"""``[seat][tile][side]``, side 2 for the lead. Events are immutable: built once."""
PASS_EVENTS: Final = [Event("pass", p) for p in range(MAX_SEATS)]
FIRST_EVENTS: Final = [Event("first", p) for p in range(MAX_SEATS)]


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
@dataclass(frozen=True)
class RoundResult:
    """A finished round, every hand shown (dominoes_arcade/rules/draw.md, "End of a round")."""

    number: int
    """Rounds count from 1."""
    termination: Termination
    """`Termination.DOMINO` or `Termination.BLOCKED`."""
    winner: int
    """-1 when a blocked round's fewest pips tie: nobody scores."""
    points: int
    hands: tuple[tuple[int, ...], ...]
    pips: tuple[int, ...]
    leader: int
    """Who led the round (the next round's leader when nobody won it)."""


def standard_hand_size(draws: bool, players: int) -> int:
    """RULES: 7 tiles, except Draw with 3 or 4 players: 5."""
    return 5 if draws and players >= 3 else 7


def heaviest(tiles: list[int]) -> int:
    """The heaviest tile: most pips, a tie by the higher end (the lead when nobody holds a double)."""
    return max(tiles, key=lambda t: (PIPS[t], HIGH[t]))


@mypyc_attr(allow_interpreted_subclasses=True)
class DrawBlockState(State):
    """The state of a Draw or Block game; `draws` says which."""

    __slots__ = ("players", "hand_size", "target_score", "all_blocked", "random_lead", "phase", "seat",
                 "round_number", "to_deal", "leader", "forced_lead", "hands", "boneyard", "in_boneyard", "line",
                 "left_count", "left", "right", "open_mask", "on_line", "totals", "history", "rounds", "hidden")

    moves: ClassVar[Moves]
    draws: ClassVar[bool]
    """True in Draw: a player who cannot play draws until a tile fits."""

    def __init__(self, players: int | None = None, options: dict | None = None, blank: bool = False):
        if blank:  # for `clone`, which sets every field itself
            return
        self.players = self._setup(players, options)
        hand_size = self.options["hand_size"]
        if hand_size == STANDARD_HAND:
            hand_size = standard_hand_size(self.draws, self.players)
        elif hand_size * self.players > len(DOUBLE_SIX):  # never with 2..4 seats of at most 7; kept for the rule
            raise OptionError(f"{self.game}.hand_size", hand_size,
                              f"at most {len(DOUBLE_SIX) // self.players} tiles each for {self.players} players")
        self.hand_size: int = hand_size
        self.target_score: int = self.options["target_score"]
        self.all_blocked = self.options["blocked_scoring"] == "all"
        self.random_lead = self.options["first_lead"] == "random"
        self.totals: tuple[int, ...] = (0,) * self.players
        """Each seat's running game total."""
        self.round_number = 0
        self.rounds: tuple[RoundResult, ...] = ()
        """Every finished round, oldest first (public: every view keeps them)."""
        self.leader = -1
        """Who leads (or led) this round; -1 until known."""
        self.hidden: Layers | None = None
        """On a view: each seat's hidden-hand layers (`cyprus_knowledge.hand_layers`); None otherwise."""
        self._start_round(-1)

    @property
    def num_players(self) -> int:
        return self.players

    # -- setup: a fresh shuffle, dealt one tile at a time from seat 0 ------------------
    def _start_round(self, leader: int) -> None:
        self.round_number += 1
        self.leader = leader
        self.phase, self.current_player, self.seat = DEAL, CHANCE, 0
        self.to_deal = self.players * self.hand_size
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.boneyard: list[int] = list(DOUBLE_SIX)
        self.in_boneyard = (1 << len(DOUBLE_SIX)) - 1
        """Bit t set when tile t is in `boneyard` (0 on a view): `is_legal`'s look-up."""
        self.line: list[int] = []
        """The tiles played this round, left to right."""
        self.left_count = 0
        """How many tiles lie left of the round's first tile (its index in `line`)."""
        self.left = self.right = -1
        """The open ends' numbers (-1 before the lead)."""
        self.open_mask = 0
        """Bit n set when n is an open end."""
        self.on_line = 0
        """Bit t set when tile t is on the line, for the bots' quick look-ups."""
        self.forced_lead = -1
        """The tile the leader must lead (the first round's highest double or heaviest
        tile: public, as the table asks who holds it), else -1."""
        self.history: tuple | None = None
        """This round's public facts, newest first (see `cyprus_knowledge`): VOID (a seat
        drew or passed lacking the open numbers), GAIN (a draw), GONE (a tile played)."""

    # -- what may happen -----------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player != CHANCE:
            return []
        if self.phase == FIRST:
            p = 1.0 / self.players
            return [(self.moves.first[seat], p) for seat in range(self.players)]
        row = (self.moves.deal if self.phase == DEAL else self.moves.drawn)[self.seat]
        p = 1.0 / len(self.boneyard)
        return [(row[t], p) for t in self.boneyard]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase == FIRST:
            return self.moves.first[int(rng.random() * self.players)]
        row = (self.moves.deal if self.phase == DEAL else self.moves.drawn)[self.seat]
        boneyard = self.boneyard
        return row[boneyard[int(rng.random() * len(boneyard))]]  # uniform to 2**-53, 3x randrange's speed

    def _plays(self, hand: list[int]) -> list[Action]:
        """Every play of `hand`'s tiles on the open ends, tile by tile, left before right."""
        ends = self.left * NUMBERS + self.right
        plays_onto = self.moves.plays_onto
        plays: list[Action] = []
        for t in hand:
            row = plays_onto[t][ends]
            if row:
                plays += row
        return plays

    def can_play(self, seat: int) -> bool:
        open_mask = self.open_mask
        for t in self.hands[seat]:
            if NUMBERS_MASK[t] & open_mask:
                return True
        return False

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self._plays(self.hands[self.seat]) or [self.moves.pass_]  # playing is compulsory
        if phase == LEAD:
            if self.forced_lead >= 0:
                return [self.moves.lead[self.forced_lead]]
            return [self.moves.lead[t] for t in self.hands[self.seat]]
        return []

    def is_legal(self, action: Action) -> bool:
        """`State.is_legal` as look-ups that build no list."""
        t, player = action.tile, self.current_player
        if action.game != self.game:
            return False
        if player == CHANCE:
            if self.phase == FIRST:
                return action.kind == "first" and action.seat < self.players
            if t < 0 or not self.in_boneyard >> t & 1 or action.seat != self.seat:
                return False
            return action.kind == ("deal" if self.phase == DEAL else "draw")
        if self.viewer != -1 or player == TERMINAL:
            return False
        kind = action.kind
        if self.phase == LEAD:
            return kind == "lead" and t in self.hands[player] and (self.forced_lead < 0 or t == self.forced_lead)
        if kind == "play":
            return t in self.hands[player] and (self.left, self.right)[action.arg] in (LOW[t], HIGH[t])
        return kind == "pass" and not self.can_play(player)

    def why_illegal(self, action: Action) -> str:
        """Why `action` is not legal here (asked only once `is_legal` has refused it)."""
        if action.game != self.game:
            return f"{action} is a {action.game} move"
        kind, player = action.kind, self.current_player
        if player == CHANCE:
            due = {DEAL: "a deal", FIRST: "the random first leader", DRAW: "a draw"}[self.phase]
            if kind not in ("deal", "draw", "first"):
                return f"the next step is chance: {due}" + ("" if self.phase == FIRST else f" to seat {self.seat}")
            if self.phase == FIRST or kind == "first":
                return f"the next step is {due}"
            if (kind == "deal") != (self.phase == DEAL) or action.seat != self.seat:
                return f"the next step is {due} to seat {self.seat}"
            return f"{NAME[action.tile]} is not in the boneyard"
        if kind in ("deal", "draw", "first"):
            return "that is a chance outcome, not a decision"
        hand = self.hands[player]
        if self.phase == LEAD:
            if kind != "lead":
                return "the round has no tile yet: lead one (write it alone, as a-b)"
            if action.tile not in hand:
                return f"{NAME[action.tile]} is not in your hand"
            return f"the first round opens with {NAME[self.forced_lead]}"
        if kind == "lead":
            return "the line is started: play on its left or right end"
        if kind == "play":
            if action.tile not in hand:
                return f"{NAME[action.tile]} is not in your hand"
            side = SIDES[action.arg]
            return f"{NAME[action.tile]} does not match the {side} end, {(self.left, self.right)[action.arg]}"
        return "you can play, and playing is compulsory"

    # -- what happens ------------------------------------------------------------------
    def _apply(self, action: Action, events: list[Event] | None) -> None:
        kind, seat = action.kind, self.seat
        if kind == "play":
            self._play(seat, action.tile, action.arg, events)
        elif kind == "draw":
            self._draw(seat, action.tile, events)
        elif kind == "pass":
            self.history = (VOID, seat, self.open_mask, self.history)
            if events is not None:
                events.append(PASS_EVENTS[seat])
            self._after_decision(seat, events)
        elif kind == "deal":
            self._deal(seat, action.tile, events)
        elif kind == "lead":
            self._lead(seat, action.tile, events)
        else:  # first
            if events is not None:
                events.append(FIRST_EVENTS[action.seat])
            self.leader = self.seat = self.current_player = action.seat
            self.phase = LEAD

    def _deal(self, seat: int, t: int, events: list[Event] | None) -> None:
        if events is not None:
            if self.to_deal == self.players * self.hand_size:
                events.append(Event("new_round", self.leader, value=self.round_number))
            events.append(DEAL_EVENTS[seat][t])
        self.boneyard.remove(t)
        self.in_boneyard ^= 1 << t
        bisect.insort(self.hands[seat], t)
        self.to_deal -= 1
        if self.to_deal:
            seat += 1
            self.seat = 0 if seat == self.players else seat
            return
        if self.leader >= 0:  # a later round: last round's winner (or leader) leads any tile
            self.phase, self.seat, self.current_player = LEAD, self.leader, self.leader
        elif self.random_lead:
            self.phase = FIRST
        else:
            self._choose_first_lead()

    def _choose_first_lead(self) -> None:
        """The first round's lead: the highest double dealt, else the heaviest tile."""
        dealt = [t for hand in self.hands for t in hand]
        doubles = [t for t in dealt if IS_DOUBLE[t]]
        t = max(doubles) if doubles else heaviest(dealt)  # a higher double has a higher index
        holder = next(p for p, hand in enumerate(self.hands) if t in hand)
        self.forced_lead = t
        self.phase, self.leader, self.seat, self.current_player = LEAD, holder, holder, holder

    def _lead(self, seat: int, t: int, events: list[Event] | None) -> None:
        self.hands[seat].remove(t)
        self.history = (GONE, seat, t, self.history)
        self.forced_lead = -1
        self.line.append(t)
        self.on_line |= 1 << t
        self.left, self.right = LOW[t], HIGH[t]
        self.open_mask = NUMBERS_MASK[t]
        if events is not None:
            events.append(PLAY_EVENTS[seat][t][2])
        self._after_decision(seat, events)

    def _play(self, seat: int, t: int, side: int, events: list[Event] | None) -> None:
        self.hands[seat].remove(t)
        self.history = (GONE, seat, t, self.history)
        self.on_line |= 1 << t
        if side == LEFT:
            self.line.insert(0, t)
            self.left_count += 1
            self.left = LOW[t] + HIGH[t] - self.left  # the tile's other number (a double's own)
        else:
            self.line.append(t)
            self.right = LOW[t] + HIGH[t] - self.right
        self.open_mask = (1 << self.left) | (1 << self.right)
        if events is not None:
            events.append(PLAY_EVENTS[seat][t][side])
        self._after_decision(seat, events)

    def _after_decision(self, seat: int, events: list[Event] | None) -> None:
        """The round ends at once on a domino or a block (rules, "End of a round"),
        decided from the state; otherwise the next seat clockwise plays, drawing first
        in Draw when nothing in its hand fits."""
        if not self.hands[seat]:
            self._end_round(Termination.DOMINO, seat, events)
            return
        if not (self.draws and self.boneyard) and self._is_blocked():
            self._end_round(Termination.BLOCKED, -1, events)
            return
        seat += 1
        if seat == self.players:
            seat = 0
        self.seat = seat
        if self.draws and self.boneyard and not self.can_play(seat):
            self.history = (VOID, seat, self.open_mask, self.history)
            self.phase, self.current_player = DRAW, CHANCE
        else:
            self.phase, self.current_player = TURN, seat

    def _draw(self, seat: int, t: int, events: list[Event] | None) -> None:
        """A draw of a seat that cannot play: it plays next if the tile fits, else draws
        again, or passes once the boneyard is empty."""
        self.boneyard.remove(t)
        self.in_boneyard ^= 1 << t
        bisect.insort(self.hands[seat], t)
        self.history = (GAIN, seat, -1, self.history)
        if events is not None:
            events.append(DRAW_EVENTS[seat][t])
        if NUMBERS_MASK[t] & self.open_mask:
            self.phase, self.current_player = TURN, seat
            return
        self.history = (VOID, seat, self.open_mask, self.history)  # the drawer shows it did not fit
        if not self.boneyard:
            self.phase, self.current_player = TURN, seat  # to pass

    def _is_blocked(self) -> bool:
        """No hand holds a tile showing an open end (asked once nobody may draw)."""
        open_mask = self.open_mask
        for hand in self.hands:
            for t in hand:
                if NUMBERS_MASK[t] & open_mask:
                    return False
        return True

    # -- the end of a round, the score ---------------------------------------------------
    def _end_round(self, why: Termination, winner: int, events: list[Event] | None) -> None:
        pips = []
        for hand in self.hands:  # loops, not sums of generators: every rollout ends here
            total = 0
            for t in hand:
                total += PIPS[t]
            pips.append(total)
        points = 0
        if why == Termination.BLOCKED:
            fewest = min(pips)
            tied = [p for p, total in enumerate(pips) if total == fewest]
            if len(tied) == 1:
                winner = tied[0]
                points = sum(pips) - fewest - (0 if self.all_blocked else fewest)
        else:
            points = sum(pips)  # the domino's own hand is empty
        if points:
            totals = list(self.totals)
            totals[winner] += points
            self.totals = tuple(totals)
        result = RoundResult(self.round_number, why, winner, points, tuple(map(tuple, self.hands)), tuple(pips),
                             self.leader)
        self.rounds += (result,)
        if events is not None:
            events.append(Event("round_over", winner, value=result))
        if max(self.totals) >= self.target_score:
            self.phase, self.current_player = OVER, TERMINAL
            if events is not None:
                winners = self.winners()
                events.append(Event("game_over", winners[0] if winners else -1, value=self.totals))
        else:
            self._start_round(winner if winner >= 0 else self.leader)

    def finish_round(self, hands: list[list[int]], dominoed: int) -> None:
        """The trusting path for a rollout that played the rest of the round on copies of
        the hands (bots/heuristics/draw_block.py, `play_round`): the round ends with
        `hands` (each sorted), won by `dominoed`, who went out, or blocked (-1), and is
        scored as play would have scored it. The line and the boneyard are left as they
        stood: a new round clears them, and a finished game is only read for its scores."""
        self.hands = hands
        self._end_round(Termination.DOMINO if dominoed >= 0 else Termination.BLOCKED, dominoed, None)

    def winners(self) -> tuple[int, ...]:
        """The highest total once the game is over; empty for a tie (a drawn game)."""
        best = max(self.totals)
        top = tuple(p for p, total in enumerate(self.totals) if total == best)
        return top if len(top) == 1 else ()

    def scores(self) -> list[int]:
        """The running game totals."""
        return list(self.totals)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(Termination.TARGET_REACHED, self.totals, self.winners())

    @property
    def last_round(self) -> RoundResult | None:
        return self.rounds[-1] if self.rounds else None

    def hand_sizes(self) -> list[int]:
        return [len(hand) for hand in self.hands]

    # -- copies, views, determinization ------------------------------------------------
    def clone(self) -> DrawBlockState:
        c = self.__class__(None, None, True)
        c.options, c.viewer, c.current_player = self.options, self.viewer, self.current_player
        c.players, c.hand_size, c.target_score = self.players, self.hand_size, self.target_score
        c.all_blocked, c.random_lead = self.all_blocked, self.random_lead
        c.phase, c.seat, c.round_number, c.to_deal = self.phase, self.seat, self.round_number, self.to_deal
        c.leader, c.forced_lead = self.leader, self.forced_lead
        c.hands = [hand[:] for hand in self.hands]
        c.boneyard, c.in_boneyard = self.boneyard[:], self.in_boneyard
        c.line, c.left_count = self.line[:], self.left_count
        c.left, c.right, c.open_mask, c.on_line = self.left, self.right, self.open_mask, self.on_line
        c.totals, c.history, c.rounds, c.hidden = self.totals, self.history, self.rounds, self.hidden
        return c

    def zones(self) -> dict[str, list[int]]:
        found = {"boneyard": self.boneyard, "line": self.line}
        for seat, hand in enumerate(self.hands):
            found[f"hand {seat}"] = hand
        return found

    def _hide(self, seat: int) -> None:
        """What `seat` sees: its own hand, the line, every hand's size, the boneyard's
        size and what the draws and passes revealed (`hidden`). A spectator's
        (`SPECTATOR`, no seat's) keeps no hand."""
        self.hidden = self.layers()
        hands = self.hands
        for p, hand in enumerate(hands):
            if p != seat:
                hands[p] = [-1] * len(hand)
        self.boneyard, self.in_boneyard = [-1] * len(self.boneyard), 0

    def layers(self) -> Layers:
        """Each seat's hand as layers ``(mask, count)`` (see `cyprus_knowledge`)."""
        return hand_layers(self.history, [len(hand) for hand in self.hands])

    def drew_to_play(self) -> bool:
        """Whether the seat to play has just drawn the one tile of its hand that fits
        (public: it drew, and plays rather than drawing again)."""
        history = self.history
        return (self.phase == TURN and history is not None and history[0] == GAIN and history[1] == self.seat)

    def _fill_hidden(self, full: DrawBlockState, rng: random.Random) -> None:
        """Deal the unseen tiles to the other hands and the boneyard, every hidden layer
        keeping the numbers its seat showed it lacks; a forced lead and a drawn tile
        that fits are placed first, in their holder's hand."""
        viewer = self.viewer
        seen = set(self.hands[viewer])
        seen.update(self.line)
        unseen = [t for t in DOUBLE_SIX if t not in seen]
        groups = [(mask, count, p) for p, seat_layers in enumerate(self.hidden or self.layers()) if p != viewer
                  for mask, count in seat_layers]
        groups.append((0, len(self.boneyard), -1))
        pinned, fits = -1, []
        """A tile the seat to play is known to hold: its forced lead, or the drawn tile that fits."""
        seat = self.seat
        if seat != viewer and self.phase == LEAD and self.forced_lead >= 0:
            pinned = self.forced_lead
            first = next(i for i, g in enumerate(groups) if g[2] == seat)
            groups[first] = (groups[first][0], groups[first][1] - 1, seat)
        elif seat != viewer and self.drew_to_play():
            last = max(i for i, g in enumerate(groups) if g[2] == seat)
            groups[last] = (groups[last][0], groups[last][1] - 1, seat)
            fits = [t for t in unseen if NUMBERS_MASK[t] & self.open_mask]
            shuffle(fits, rng)
            pinned = fits[0]
        if pinned >= 0:
            unseen.remove(pinned)
        sizes = [(mask, count) for mask, count, _ in groups]
        # In Draw a seat that plays with the boneyard not empty holds a tile that fits (else it
        # would be drawing): deals where it holds none are refused, which keeps the deal uniform
        # over the consistent ones.
        must_fit = (self.draws and self.phase == TURN and seat != viewer and pinned < 0 and len(self.boneyard) > 0)
        for _ in range(FIT_TRIES if must_fit else 1):
            try:
                dealt = assign_tiles(unseen, sizes, rng)
            except ValueError:  # rare: that drawn tile leaves the others no deal; the first that does
                pinned = next(t for t in fits if t != pinned and self._deals_with(seen, t, sizes, rng))
                unseen = [t for t in DOUBLE_SIX if t not in seen and t != pinned]
                dealt = assign_tiles(unseen, sizes, rng)
            if not must_fit or any(NUMBERS_MASK[t] & self.open_mask for g, tiles in enumerate(dealt)
                                   if groups[g][2] == seat for t in tiles):
                break
        hands = full.hands
        for p in range(self.players):
            if p != viewer:
                hands[p] = []
        boneyard: list[int] = []
        for (_, _, owner), tiles in zip(groups, dealt, strict=True):
            (boneyard if owner < 0 else hands[owner]).extend(tiles)
        if pinned >= 0:
            hands[seat].append(pinned)
        for p in range(self.players):
            hands[p].sort()
        boneyard.sort()
        in_boneyard = 0
        for t in boneyard:
            in_boneyard |= 1 << t
        full.boneyard, full.in_boneyard, full.hidden = boneyard, in_boneyard, None

    @staticmethod
    def _deals_with(seen: set[int], pinned: int, sizes: list[tuple[int, int]], rng: random.Random) -> bool:
        """Whether the unseen tiles but `pinned` can still be dealt to `sizes`."""
        try:
            assign_tiles([t for t in DOUBLE_SIX if t not in seen and t != pinned], sizes, rng)
        except ValueError:
            return False
        return True


class DrawState(DrawBlockState):
    __slots__ = ()
    game = "draw"
    moves = Moves("draw")
    draws = True
    OPTIONS = DRAW_OPTIONS


class BlockState(DrawBlockState):
    __slots__ = ()
    game = "block"
    moves = Moves("block")
    draws = False
    OPTIONS = BLOCK_OPTIONS


# -- a view as JSON and back (the bot protocol's version 2; engine/view_json.py) ----------
def to_json(v: DrawBlockState) -> dict[str, Any]:
    """The game's own keys of view `v`. What the draws and passes revealed (the layers)
    follows from the public facts and is not written."""
    return {"phase": PHASES[v.phase], "turn": v.seat, "round": v.round_number, "to_deal": v.to_deal,
            "leader": v.leader, "forced_lead": NAME[v.forced_lead] if v.forced_lead >= 0 else None,
            "hands": [names(h) for h in v.hands], "boneyard": len(v.boneyard),
            "line": names(v.line), "first_tile_at": v.left_count,
            "ends": [v.left, v.right] if v.line else [], "history": facts_to_json(v.history),
            "rounds": [{"number": done.number, "termination": termination(done.termination), "winner": done.winner,
                        "points": done.points, "hands": [names(h) for h in done.hands], "pips": list(done.pips),
                        "leader": done.leader}
                       for done in v.rounds]}


def from_json(s: DrawBlockState, d: dict[str, Any]) -> None:
    """Fill the fresh state `s` from the keys `to_json` wrote (the layers worked out again)."""
    s.phase, s.seat, s.round_number = PHASES.index(d["phase"]), int(d["turn"]), int(d["round"])
    s.to_deal, s.leader, s.forced_lead = int(d["to_deal"]), int(d["leader"]), read_tile(d["forced_lead"])
    s.hands = [read_tiles(h) for h in d["hands"]]
    s.boneyard, s.in_boneyard = [-1] * int(d["boneyard"]), 0
    s.line, s.left_count = read_tiles(d["line"]), int(d["first_tile_at"])
    s.on_line = sum(1 << t for t in s.line)
    ends = [int(end) for end in d["ends"]]
    s.left, s.right = ends if ends else (-1, -1)
    s.open_mask = (1 << s.left) | (1 << s.right) if ends else 0
    s.totals = tuple(int(x) for x in d["scores"])
    s.history = facts_from_json(d["history"])
    s.rounds = tuple(RoundResult(
        int(done["number"]), Termination[str(done["termination"]).upper()], int(done["winner"]), int(done["points"]),
        tuple(tuple(read_tiles(h)) for h in done["hands"]), tuple(int(p) for p in done["pips"]), int(done["leader"]))
        for done in d["rounds"])
    s.hidden = s.layers()
    if len(s.hands) != s.num_players or len(s.totals) != s.num_players:
        raise ViewError("a hand and a score for each seat")
    if len(s.line) > 1 and not 0 <= s.left_count < len(s.line):
        raise ViewError("first_tile_at must index the line")
