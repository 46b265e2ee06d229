"""Necropolis: 2 players, one double-six set, lowest score wins (dominoes_arcade/rules/necropolis.md).

Zones: the necropolis (a face-down pile whose order nobody knows, so a draw is a
uniform chance outcome over its tiles), each player's grave sites (the newest one
active) and mastabas (face-down tiles only their owner can read).

Events: ``first`` (value = the first seat), ``draw`` (pile -> held, seen by the
drawer only), ``place`` (held or mastabas -> site; value = "left", "right" or "new"),
``hide`` (held -> mastabas), ``exchange`` (mastabas -> necropolis, then the draw
into the mastabas comes as ``draw`` with dst "mastabas"), ``pass`` and
``game_over`` (value = the final scores).
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import Final

from .chance import shuffle
from .core import CHANCE, TERMINAL, Action, Event, Option, Outcome, State, Termination, mypyc_attr
from .tiles import DOUBLE_SIX, LOW, NAME, NUMBERS_MASK, PIPS, other_number

GAME = "necropolis"

OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option("first_player", "random", "who opens: a chance step, or seat 0 or 1", choices=("random", 0, 1)),
        Option("site_penalty", 1, "points per grave site started", minimum=0, maximum=10, kind=int),
        Option("allow_exchange", True, "allow exchanging a mastaba tile with the necropolis", kind=bool),
        Option("after_empty", "end", 'when the necropolis is empty: "end", or "mastaba_phase" (attach or pass)',
               choices=("end", "mastaba_phase")),
        Option("tie_break", "draw", 'equal scores: "draw", or "fewer_sites" (then draw)',
               choices=("draw", "fewer_sites")),
        Option("max_turns", 400, "turns (both players', from the opening) after which the game ends",
               minimum=50, maximum=10000, kind=int),
    )
}

# -- actions (interned) ------------------------------------------------------------
# (Final, here and below: the compiled build (setup.py) reads them as C statics, not by name.)
LEFT: Final = 0
RIGHT: Final = 1
SIDES: Final = ("left", "right")

DRAW: Final = Action(GAME, "draw", "draw")
ATTACH: Final = (Action(GAME, "attach", "left", arg=LEFT), Action(GAME, "attach", "right", arg=RIGHT))
HIDE: Final = Action(GAME, "hide", "hide")
NEW: Final = Action(GAME, "new", "new")
PASS: Final = Action(GAME, "pass", "pass")
PLAY: Final = [tuple(Action(GAME, "play", f"play {NAME[t]} {SIDES[s]}", tile=t, arg=s) for s in (LEFT, RIGHT))
        for t in DOUBLE_SIX]
NEW_FROM: Final = [Action(GAME, "new_from", f"new {NAME[t]}", tile=t) for t in DOUBLE_SIX]
EXCHANGE: Final = [Action(GAME, "exchange", f"exchange {NAME[t]}", tile=t) for t in DOUBLE_SIX]
REVEAL: Final = [Action(GAME, "reveal", NAME[t], tile=t) for t in DOUBLE_SIX]
FIRST: Final = [Action(GAME, "first", f"first {p}", seat=p) for p in (0, 1)]
DRAW_EVENTS: Final = [[Event("draw", p, t, "necropolis", "held", face_up=False) for t in DOUBLE_SIX] for p in (0, 1)]
"""``[seat][tile]``: the event of a draw, built once (events are immutable)."""
HIDE_EVENTS: Final = [[Event("hide", p, t, "held", "mastabas", face_up=False) for t in DOUBLE_SIX] for p in (0, 1)]
EXCHANGE_EVENTS: Final = [[Event("exchange", p, t, "mastabas", "necropolis", face_up=False) for t in DOUBLE_SIX]
                   for p in (0, 1)]
"""``[seat][tile]``: a mastaba tile going back; `EXCHANGED_EVENTS` the tile that replaces it."""
EXCHANGED_EVENTS: Final = [[Event("draw", p, t, "necropolis", "mastabas", face_up=False) for t in DOUBLE_SIX]
                           for p in (0, 1)]
PASS_EVENTS: Final = (Event("pass", 0), Event("pass", 1))
FIRST_EVENTS: Final = (Event("first", 0, value=0), Event("first", 1, value=1))
NEW_SITE: Final = 2
PLACE_EVENTS: Final = {src: [[tuple(Event("place", p, t, src, "site", value=where) for where in (*SIDES, "new"))
                       for t in DOUBLE_SIX] for p in (0, 1)] for src in ("held", "mastabas")}
"""``[src][seat][tile][side]``, side `LEFT`, `RIGHT` or `NEW_SITE`: the events of
placing a tile, built once as well."""

# -- phases ------------------------------------------------------------------------
CHOOSE_FIRST: Final = 0   # chance: who opens
TURN: Final = 1           # the turn player chooses a turn
REVEAL_DRAW: Final = 2    # chance: the tile a draw reveals
DRAWN: Final = 3          # the turn player decides what to do with the drawn tile
REVEAL_EXCHANGE: Final = 4  # chance: the tile an exchange draws into the mastabas
OVER: Final = 5


_CHUNK = 7
_CHUNK_BITS = (1 << _CHUNK) - 1
_UNSET: list[list[tuple[int, ...]]] = [
    [tuple(t for t in range(k * _CHUNK, (k + 1) * _CHUNK) if t < len(DOUBLE_SIX) and not bits >> t - k * _CHUNK & 1)
     for bits in range(1 << _CHUNK)]
    for k in range((len(DOUBLE_SIX) + _CHUNK - 1) // _CHUNK)]
"""``_UNSET[k][bits]``: the tiles of chunk k (tiles 7k to 7k + 6) whose bit is clear in `bits`."""

@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved variant table, shared by every clone of a game."""

    first_player: str | int
    site_penalty: int
    allow_exchange: bool
    mastaba_phase: bool
    fewer_sites_breaks_ties: bool
    max_turns: int

    @classmethod
    def from_options(cls, options: dict) -> Rules:
        return cls(options["first_player"], options["site_penalty"], options["allow_exchange"],
                   options["after_empty"] == "mastaba_phase", options["tie_break"] == "fewer_sites",
                   options["max_turns"])


class NecropolisState(State):
    __slots__ = ("rules", "phase", "seat", "pile", "mastabas", "sites", "held",
                 "returning", "turns", "passes_in_row", "termination")

    game = GAME
    OPTIONS = OPTIONS
    higher_score_wins = False

    def __init__(self, players: int | None = None, options: dict | None = None, blank: bool = False):
        if blank:  # for `clone`, which sets every field itself
            return
        self._setup(players, options)
        self.rules = Rules.from_options(self.options)
        self.pile: list[int] = list(DOUBLE_SIX)
        """The necropolis: a set, kept as a list in a deterministic order."""
        self.mastabas: list[list[int]] = [[], []]
        """Each player's face-down tiles, kept sorted."""
        self.sites: list[tuple] = [(), ()]
        """Each player's grave sites, oldest first: tuples of ``(tile, top number)``
        left to right. The last one is active; its count is ``sites_started``."""
        self.held = -1
        """The tile just drawn, awaiting left/right/hide/new."""
        self.returning = -1
        """The mastaba tile an exchange returns, once the draw is resolved."""
        self.turns = 0
        self.passes_in_row = 0
        self.termination: Termination | None = None
        first = self.rules.first_player
        if isinstance(first, int):
            self.phase, self.seat = TURN, first
            self.current_player = self.seat
        else:  # "random"
            self.phase, self.seat, self.current_player = CHOOSE_FIRST, 0, CHANCE

    @property
    def num_players(self) -> int:
        return 2

    def sites_started(self, seat: int) -> int:
        return len(self.sites[seat])

    def active_site(self, seat: int) -> tuple:
        sites = self.sites[seat]
        return sites[-1] if sites else ()

    # -- what may happen -----------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == CHOOSE_FIRST:
            return [(FIRST[0], 0.5), (FIRST[1], 0.5)]
        if self.phase in (REVEAL_DRAW, REVEAL_EXCHANGE):
            p = 1.0 / len(self.pile)
            return [(REVEAL[t], p) for t in self.pile]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase == CHOOSE_FIRST:
            return FIRST[rng.randrange(2)]
        return REVEAL[self.pile[int(rng.random() * len(self.pile))]]  # as fast as `chance.shuffle`

    def is_legal(self, action: Action) -> bool:
        """`State.is_legal` as a look-up, kind by kind, with `legal_actions`'s rules:
        a revealed tile is one still in the necropolis; a mastaba move names a tile
        in the mastabas; a tile goes on an end it shares a number with."""
        if self.viewer != -1:
            return False
        phase, t = self.phase, action.tile
        if phase == REVEAL_DRAW or phase == REVEAL_EXCHANGE:
            return 0 <= t < len(REVEAL) and REVEAL[t] is action and t in self.pile
        if phase == CHOOSE_FIRST:
            return action is FIRST[0] or action is FIRST[1]
        sites = self.sites[self.seat]
        if phase == DRAWN:
            if action is NEW or sites and action is HIDE:
                return True
            if not sites or action is not ATTACH[LEFT] and action is not ATTACH[RIGHT]:
                return False
            t, side = self.held, action.arg
        elif phase != TURN:
            return False
        elif not sites or action is DRAW:  # the opening is forced; later a draw needs a tile to draw
            return action is DRAW and (not sites or len(self.pile) > 0)
        else:
            kind = action.kind
            if kind == "play":
                side = action.arg
                if not (0 <= t < len(PLAY) and 0 <= side <= RIGHT and PLAY[t][side] is action
                        and t in self.mastabas[self.seat]):
                    return False
            elif not self.pile:  # the mastaba phase: pass only when nothing fits
                return action is PASS and action in self.legal_actions()
            elif kind == "new_from":
                return NEW_FROM[t] is action and t in self.mastabas[self.seat]
            else:
                return (kind == "exchange" and self.rules.allow_exchange and EXCHANGE[t] is action
                        and t in self.mastabas[self.seat])
        # A tile onto an end of the active site: it must share a number with that end's tile.
        end = sites[-1][0] if side == LEFT else sites[-1][-1]
        return NUMBERS_MASK[t] & NUMBERS_MASK[end[0]] != 0

    def _fits(self, seat: int, tile: int) -> tuple[bool, bool]:
        """Whether `tile` shares a number with the left and right end tiles of the
        active site."""
        site = self.sites[seat][-1]
        mask = NUMBERS_MASK[tile]
        return bool(mask & NUMBERS_MASK[site[0][0]]), bool(mask & NUMBERS_MASK[site[-1][0]])

    def legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.seat
        if phase == DRAWN:
            if not self.sites[seat]:
                return [NEW]  # the opening: the first drawn tile founds site #1
            left, right = self._fits(seat, self.held)
            actions = [ATTACH[LEFT]] if left else []
            if right:
                actions.append(ATTACH[RIGHT])
            actions.append(HIDE)
            actions.append(NEW)
            return actions
        if phase != TURN:
            return []
        if not self.sites[seat]:
            return [DRAW]  # the opening is forced
        mastabas = self.mastabas[seat]
        plays = []
        for tile in mastabas:
            left, right = self._fits(seat, tile)
            if left:
                plays.append(PLAY[tile][LEFT])
            if right:
                plays.append(PLAY[tile][RIGHT])
        if not self.pile:  # the mastaba phase
            return plays or [PASS]
        actions = [DRAW]
        actions += plays
        actions += [NEW_FROM[t] for t in mastabas]
        if self.rules.allow_exchange:
            actions += [EXCHANGE[t] for t in mastabas]
        return actions

    def why_illegal(self, action: Action) -> str:
        if action.game != GAME:
            return f"{action} is a {action.game} move"
        if self.phase == CHOOSE_FIRST:
            return "the first player must be chosen first"
        if self.phase in (REVEAL_DRAW, REVEAL_EXCHANGE):
            if action.kind == "reveal":
                return f"{NAME[action.tile]} is not in the necropolis"
            return "a drawn tile must be revealed first"
        if self.current_player == CHANCE:
            return "that is not a chance outcome here"
        seat, kind = self.seat, action.kind
        if self.phase == DRAWN:
            if kind not in ("attach", "hide", "new"):
                return f"decide what to do with the drawn tile {NAME[self.held]} first (left, right, hide or new)"
            if not self.sites[seat]:
                return "the opening tile must found grave site #1 (new)"
            return f"{NAME[self.held]} does not match the {SIDES[action.arg]} end of the active site"
        if kind in ("attach", "hide", "new"):
            return "there is no drawn tile; draw first"
        if not self.sites[seat]:
            return "the opening is forced: draw"
        if kind == "reveal" or kind == "first":
            return "that is a chance outcome, not a decision"
        if kind in ("play", "new_from", "exchange") and action.tile not in self.mastabas[seat]:
            return f"{NAME[action.tile]} is not in your mastabas"
        if not self.pile:
            if kind == "pass":
                return "you can attach a mastaba tile, so you may not pass"
            return "the necropolis is empty: attach a mastaba tile or pass"
        if kind == "exchange":
            return "exchanges are off (allow_exchange = false)"
        if kind == "play":
            return f"{NAME[action.tile]} does not match the {SIDES[action.arg]} end of the active site"
        if kind == "pass":
            return "pass is only for the mastaba phase, when you cannot attach"
        return "not a legal move now"

    # -- what happens ----------------------------------------------------------------
    def _apply(self, action: Action, events: list[Event] | None = None) -> None:
        kind, seat = action.kind, self.seat
        if kind == "reveal":
            tile = action.tile
            self.pile.remove(tile)
            if self.phase == REVEAL_DRAW:
                self.held = tile
                self.phase, self.current_player = DRAWN, seat
                if events is not None:
                    events.append(DRAW_EVENTS[seat][tile])
                return
            bisect.insort(self.mastabas[seat], tile)
            self.pile.append(self.returning)
            if events is not None:
                events.append(EXCHANGED_EVENTS[seat][tile])
            self.returning = -1
            self._end_turn(events)
        elif kind == "draw":
            self.phase, self.current_player = REVEAL_DRAW, CHANCE
        elif kind == "attach":
            self._attach(seat, self.held, action.arg, "held", events)
            self.held = -1
            self._end_turn(events)
        elif kind == "hide":
            bisect.insort(self.mastabas[seat], self.held)
            if events is not None:
                events.append(HIDE_EVENTS[seat][self.held])
            self.held = -1
            self._end_turn(events)
        elif kind == "new":
            self._found_site(seat, self.held, "held", events)
            self.held = -1
            self._end_turn(events)
        elif kind == "play":
            self.mastabas[seat].remove(action.tile)
            self._attach(seat, action.tile, action.arg, "mastabas", events)
            self._end_turn(events)
        elif kind == "new_from":
            self.mastabas[seat].remove(action.tile)
            self._found_site(seat, action.tile, "mastabas", events)
            self._end_turn(events)
        elif kind == "exchange":
            self.mastabas[seat].remove(action.tile)
            self.returning = action.tile
            self.phase, self.current_player = REVEAL_EXCHANGE, CHANCE
            if events is not None:
                events.append(EXCHANGE_EVENTS[seat][action.tile])
        elif kind == "pass":
            if events is not None:
                events.append(PASS_EVENTS[seat])
            self.passes_in_row += 1
            self._end_turn(events, passed=True)
        elif kind == "first":
            self.seat = self.current_player = action.seat
            self.phase = TURN
            if events is not None:
                events.append(FIRST_EVENTS[action.seat])

    def _attach(self, seat: int, tile: int, side: int, src: str, events: list[Event] | None) -> None:
        site = self.sites[seat][-1]
        neighbour, top = site[0] if side == LEFT else site[-1]
        # Line the shared number up with the neighbour's: rank to rank, else suit to suit.
        bottom = other_number(neighbour, top)
        if NUMBERS_MASK[tile] & (1 << top):
            new_top = top
        else:
            new_top = other_number(tile, bottom)
        placed = (tile, new_top)
        site = (placed,) + site if side == LEFT else site + (placed,)
        self.sites[seat] = self.sites[seat][:-1] + (site,)
        if events is not None:
            events.append(PLACE_EVENTS[src][seat][tile][side])

    def _found_site(self, seat: int, tile: int, src: str, events: list[Event] | None) -> None:
        self.sites[seat] = self.sites[seat] + (((tile, LOW[tile]),),)
        if events is not None:
            events.append(PLACE_EVENTS[src][seat][tile][NEW_SITE])

    def _end_turn(self, events: list[Event] | None, passed: bool = False) -> None:
        if not passed:
            self.passes_in_row = 0
        self.turns += 1
        if not self.pile and not self.rules.mastaba_phase:
            self._finish(Termination.NECROPOLIS_EMPTY, events)
        elif self.passes_in_row >= 2:
            self._finish(Termination.BOTH_PASSED, events)
        elif self.turns >= self.rules.max_turns:
            self._finish(Termination.MAX_TURNS, events)
        else:
            self.seat ^= 1
            self.phase, self.current_player = TURN, self.seat

    def _finish(self, why: Termination, events: list[Event] | None) -> None:
        self.phase, self.current_player, self.termination = OVER, TERMINAL, why
        if events is not None:
            events.append(Event("game_over", value=tuple(self.scores())))

    # -- the end ---------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Pips in the mastabas plus `site_penalty` per site started (hidden tiles of
        a view count as 0)."""
        penalty = self.rules.site_penalty
        return [sum(PIPS[t] for t in self.mastabas[p] if t >= 0) + penalty * len(self.sites[p])
                for p in (0, 1)]

    def outcome(self) -> Outcome | None:
        if self.termination is None:
            return None
        scores = self.scores()
        winners: tuple[int, ...]
        if scores[0] != scores[1]:
            winners = (0,) if scores[0] < scores[1] else (1,)
        elif self.rules.fewer_sites_breaks_ties and len(self.sites[0]) != len(self.sites[1]):
            winners = (0,) if len(self.sites[0]) < len(self.sites[1]) else (1,)
        else:
            winners = ()
        return Outcome(self.termination, tuple(scores), winners)

    # -- copies, views, determinization ------------------------------------------------
    def clone(self) -> NecropolisState:
        c = NecropolisState(None, None, True)
        c.options, c.rules, c.viewer = self.options, self.rules, self.viewer
        c.phase, c.seat, c.current_player = self.phase, self.seat, self.current_player
        c.pile = self.pile[:]
        m = self.mastabas
        c.mastabas = [m[0][:], m[1][:]]
        c.sites = self.sites[:]
        c.held, c.returning, c.turns = self.held, self.returning, self.turns
        c.passes_in_row, c.termination = self.passes_in_row, self.termination
        return c

    def _hide(self, seat: int) -> None:
        """What `seat` sees: the sites, its own mastabas, and only the size of the
        necropolis and of the opponent's mastabas (a spectator: of both seats' mastabas)."""
        self.pile = [-1] * len(self.pile)
        for other in (0, 1):
            if other != seat:
                self.mastabas[other] = [-1] * len(self.mastabas[other])
        if self.seat != seat:
            self.held = self.returning = -1

    def zones(self) -> dict[str, list[int]]:
        found = {"necropolis": self.pile, "sites": [t for sites in self.sites for site in sites for t, _ in site]}
        for seat in (0, 1):
            found[f"mastabas {seat}"] = self.mastabas[seat]
        if self.phase in (DRAWN, REVEAL_EXCHANGE):
            found[f"held {self.seat}"] = [self.held if self.phase == DRAWN else self.returning]
        return found

    def unknown_tiles(self) -> list[int]:
        """On a view: the tiles whose place the viewer does not know, ascending (a
        search asks once per determinization: the seen tiles as bits, the rest read
        off `_UNSET` a chunk at a time)."""
        seen = 0
        for t in self.mastabas[self.viewer]:
            seen |= 1 << t
        for sites in self.sites:
            for site in sites:
                for t, _ in site:
                    seen |= 1 << t
        if self.seat == self.viewer:
            for t in (self.held, self.returning):
                if t >= 0:
                    seen |= 1 << t
        unknown: list[int] = []
        for chunk, unset in enumerate(_UNSET):
            unknown += unset[seen >> _CHUNK * chunk & _CHUNK_BITS]
        return unknown

    def _fill_hidden(self, s: NecropolisState, rng: random.Random) -> None:
        unknown = self.unknown_tiles()
        shuffle(unknown, rng)
        opponent = 1 - self.viewer
        if s.seat == opponent and s.phase == DRAWN:
            s.held = unknown.pop()
        if s.seat == opponent and s.phase == REVEAL_EXCHANGE:
            s.returning = unknown.pop()
        n = len(s.mastabas[opponent])
        s.mastabas[opponent] = sorted(unknown[:n])
        s.pile = sorted(unknown[n:])
