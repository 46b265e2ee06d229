"""A toy game for the tests, Pip Ladder, to show that adding a game takes one engine
module (this one) and one registry entry (`ENTRY`), nothing else: it shares no code
with the shipped games (it is not a star game, nor any other), and no file of the
package names it. Its entry names no heuristics, table, rules document, move words
or lesson, so the bots, the client and the CLI use their fallbacks; it does name the
optional parts a game may bring in its own module (here, beside the rules): its
view's JSON (`view_to_json`, `view_from_json`), `bot check`'s positions
(`CHECK_POSITIONS`) and an option's words.

The rules: a double-six set; each seat is dealt `hand_size` tiles face down (seat 0
first, round the table), the rest is the stock. On a turn a seat plays a tile of
its hand face up at the end of the ladder, scoring its pips when it has more than
the ladder's top tile (else nothing), or draws a tile from the stock while there is
one. The game ends as soon as a seat plays its last tile; the most points win.

Use it inside ``with registered():`` (the registry is global: the toy must not leak
into other tests' lists of games).
"""

from __future__ import annotations

import bisect
import dataclasses
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from dominoes_arcade.bots.check_positions import Scenario
from dominoes_arcade.engine import GameEntry, register, unregister
from dominoes_arcade.engine.chance import shuffle
from dominoes_arcade.engine.core import CHANCE, TERMINAL, Action, Event, Option, Outcome, State, Termination
from dominoes_arcade.engine.tiles import DOUBLE_SIX, PIPS
from dominoes_arcade.engine.view_codec import names, read_termination, termination, tiles

NAME = "pipladder"

OPTIONS = {o.name: o for o in (
    Option("players", 2, "the number of seats", minimum=2, maximum=4, kind=int),
    Option("hand_size", 4, "tiles dealt to each seat", minimum=2, maximum=6, kind=int),
)}

DEAL, TURN, DRAW, OVER = 0, 1, 2, 3
PHASES = ("deal", "turn", "draw", "over")
"""The phases by number, as the JSON names them."""

DRAW_ACTION = Action(NAME, "draw", "draw")
PLAY = [Action(NAME, "play", f"play {n}", tile=t) for t, n in zip(DOUBLE_SIX, names(DOUBLE_SIX), strict=True)]
REVEAL = [Action(NAME, "reveal", n, tile=t) for t, n in zip(DOUBLE_SIX, names(DOUBLE_SIX), strict=True)]
"""The chance outcomes: the tile a deal or a draw takes from the stock."""


class PipLadderState(State):
    __slots__ = ("phase", "seat", "hands", "stock", "ladder", "points", "dealt", "termination")

    game = NAME
    OPTIONS = OPTIONS

    def __init__(self, players: int | None = None, options: dict | None = None, blank: bool = False):
        if blank:  # for `clone`, which sets every field itself
            return
        players = self._setup(players, options)
        self.phase, self.seat, self.current_player = DEAL, 0, CHANCE
        self.hands: list[list[int]] = [[] for _ in range(players)]
        """Each seat's tiles, kept sorted."""
        self.stock: list[int] = list(DOUBLE_SIX)
        self.ladder: list[int] = []
        """The tiles played, oldest first."""
        self.points = [0] * players
        self.dealt = 0
        self.termination: Termination | None = None

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player != CHANCE:
            return []
        p = 1.0 / len(self.stock)
        return [(REVEAL[t], p) for t in self.stock]

    def legal_actions(self) -> list[Action]:
        if self.phase != TURN:
            return []
        plays = [PLAY[t] for t in self.hands[self.seat]]
        return plays + [DRAW_ACTION] if self.stock else plays

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        seat = self.seat
        if action.kind == "reveal":
            self.stock.remove(action.tile)
            receiver = self.dealt % self.num_players if self.phase == DEAL else seat
            bisect.insort(self.hands[receiver], action.tile)
            if events is not None:
                kind = "deal" if self.phase == DEAL else "draw"
                events.append(Event(kind, receiver, action.tile, "stock", "hand", face_up=False))
            if self.phase == DEAL:
                self.dealt += 1
                if self.dealt == self.num_players * self.options["hand_size"]:
                    self.phase, self.current_player = TURN, 0
            else:
                self._next_turn()
        elif action.kind == "draw":
            self.phase, self.current_player = DRAW, CHANCE
        else:  # play
            tile = action.tile
            scored = PIPS[tile] if not self.ladder or PIPS[tile] > PIPS[self.ladder[-1]] else 0
            self.hands[seat].remove(tile)
            self.ladder.append(tile)
            self.points[seat] += scored
            if events is not None:
                events.append(Event("play", seat, tile, "hand", "ladder", value=scored))
            if self.hands[seat]:
                self._next_turn()
            else:
                self.phase, self.current_player, self.termination = OVER, TERMINAL, Termination.DOMINO
                if events is not None:
                    events.append(Event("game_over", value=tuple(self.points)))

    def _next_turn(self) -> None:
        self.seat = (self.seat + 1) % self.num_players
        self.phase, self.current_player = TURN, self.seat

    def clone(self) -> PipLadderState:
        c = PipLadderState(None, None, True)
        c.options, c.viewer, c.current_player = self.options, self.viewer, self.current_player
        c.phase, c.seat, c.dealt, c.termination = self.phase, self.seat, self.dealt, self.termination
        c.hands = [hand[:] for hand in self.hands]
        c.stock, c.ladder, c.points = self.stock[:], self.ladder[:], self.points[:]
        return c

    def zones(self) -> dict[str, list[int]]:
        found = {"stock": self.stock, "ladder": self.ladder}
        for seat, hand in enumerate(self.hands):
            found[f"hand {seat}"] = hand
        return found

    def _hide(self, seat: int) -> None:
        self.stock = [-1] * len(self.stock)
        self.hands = [hand if owner == seat else [-1] * len(hand) for owner, hand in enumerate(self.hands)]

    def _fill_hidden(self, full: PipLadderState, rng: random.Random) -> None:
        known = set(self.hands[self.viewer]) | set(self.ladder)
        unknown = [t for t in DOUBLE_SIX if t not in known]
        shuffle(unknown, rng)
        for seat, hand in enumerate(self.hands):
            if seat != self.viewer:
                full.hands[seat] = sorted(unknown[:len(hand)])
                del unknown[:len(hand)]
        full.stock = sorted(unknown)

    def scores(self) -> list[int]:
        return list(self.points)

    def outcome(self) -> Outcome | None:
        if self.termination is None:
            return None
        best = max(self.points)
        winners = tuple(seat for seat, points in enumerate(self.points) if points == best)
        return Outcome(self.termination, tuple(self.points), () if len(winners) == len(self.points) else winners)


# -- the optional parts its entry names ------------------------------------------------------
def view_to_json(v: PipLadderState) -> dict[str, Any]:
    return {"phase": PHASES[v.phase], "turn": v.seat, "hands": [names(hand) for hand in v.hands],
            "stock": len(v.stock), "ladder": names(v.ladder), "dealt": v.dealt,
            "termination": termination(v.termination)}


def view_from_json(s: PipLadderState, d: dict[str, Any]) -> None:
    s.phase, s.seat, s.dealt = PHASES.index(d["phase"]), int(d["turn"]), int(d["dealt"])
    s.hands = [tiles(hand) for hand in d["hands"]]
    s.stock, s.ladder = [-1] * int(d["stock"]), tiles(d["ladder"])
    s.points = [int(points) for points in d["scores"]]
    s.termination = read_termination(d["termination"])


CHECK_POSITIONS = [
    Scenario(NAME, "a draw among the decisions", lambda view, legal, before: "draw" in legal and len(legal) > 2),
    Scenario(NAME, "the stock empty", lambda view, legal, before: view.get("stock") == 0, {"players": 4}),
]
"""`bot check`'s scripted positions of the toy game."""


ENTRY = GameEntry(NAME, "toy_game:PipLadderState", "Pip Ladder", (2, 4), "double-six",
                  "Climb the ladder: a tile scores when it tops the last one.",
                  view_to_json="toy_game:view_to_json", view_from_json="toy_game:view_from_json",
                  check_positions="toy_game:CHECK_POSITIONS", option_labels={"hand_size": "Tiles dealt"})


@contextmanager
def registered(**changes: Any) -> Iterator[GameEntry]:
    """The toy game registered for the duration of the block (with `changes` to its
    entry's fields, if any)."""
    entry = register(dataclasses.replace(ENTRY, **changes))
    try:
        yield entry
    finally:
        unregister(NAME)
