"""The served bot's game: one seat's game rebuilt from the steps it was sent, kept
from one ``decide`` to the next (`bot serve`, docs/bot-protocol.md).

A bot of ours decides from an engine view, which the protocol does not send. The
`Shadow` replays the seat's steps in a full game of its own, putting a tile the
seat cannot see at each step written ``?``. Every tile the seat may see is named
in the steps, so the shadow's view of the seat is the real one: the same zones,
the same legal decisions (tests/test_bot_protocol.py checks this at every decision
of random games of every game and seat).

Which tiles go where is found by `shadow_star` in Cyprus and Sebastopol (the
current round, exactly) and by `shadow_search` in the other games. Between
decisions the shadow keeps its game and plays only the new steps; it rebuilds
when a step refuses its stand-ins (a hidden tile it placed is now named
elsewhere, or a pass says a seat cannot hold one), and at a new round.
"""

from __future__ import annotations

import math

from ..engine import Action, IllegalAction, InvalidNotation, State, new_game
from ..engine.cyprus import StarState
from ..engine.records import parse_step
from ..engine.tiles import NAME
from .protocol import HIDDEN, masked, tile_of
from .shadow_search import ShadowError, search
from .shadow_star import clear_void, current_round, rebuild_round, round_state, starts_round, swap_named

__all__ = ["Shadow", "ShadowError"]


class Shadow:
    """One seat's game rebuilt from its steps (see the module docstring)."""

    def __init__(self, game: str, options: dict, seat: int):
        self.start = new_game(game, options=options)
        self.seat = seat
        self.by_round = isinstance(self.start, StarState)
        """Rebuilt round by round (`shadow_star`)."""
        self.state: State | None = None
        """The full game after `applied`."""
        self.applied: list[str] = []
        """The steps played into `state`, each hidden tile named as the shadow put it."""
        self.guessed: dict[int, str] = {}
        """The steps still written ``?`` where the shadow put a tile, as they were sent."""
        self.facts: dict[int, tuple[int, int]] = {}
        """Cyprus and Sebastopol: by the index of each draw and pass of the round, its
        seat and the numbers open then."""
        self.round = 0
        """Cyprus and Sebastopol: the round `state` is in."""
        self.rebuilds = 0
        """How many times the steps were replayed from the start (of the round)."""

    def update(self, steps: list[str], face_up: set[str], scores: list[int] | None = None,
               deadline: float = math.inf) -> State:
        """The full shadow game after `steps` (the seat's steps so far; `face_up`, the
        tiles its view shows; `scores`, the view's scores, which Cyprus and
        Sebastopol need after their first round).

        :raises ShadowError: when no tiles fit the steps, or at `deadline` (a
            `time.perf_counter` time).
        """
        if self.start.SETS > 1:
            # A name face up may be of either set: it does not rule out a hidden tile
            # of that name (every tile the seat sees of the other set is named in the
            # steps, and the replay keeps to those).
            face_up = set()
        if not self._extend(steps, face_up):
            self._rebuild(steps, face_up, scores, deadline)
        return self.state

    def _extend(self, steps: list[str], face_up: set[str]) -> bool:
        """Play the steps after `applied` into `state`; False when a rebuild is due
        (`state` may then be half played: the rebuild replaces it)."""
        applied, state = self.applied, self.state
        if state is None or len(steps) < len(applied):
            return False
        for index, sent in list(self.guessed.items()):
            if steps[index] == sent:
                continue
            if steps[index] != applied[index] and not (  # now named, and another tile
                    self.by_round and swap_named(state, steps, applied, self.guessed, self.facts, index)):
                return False
            del self.guessed[index]
        for index in range(len(applied), len(steps)):
            step = steps[index]
            if self.by_round and starts_round(steps, index):
                return False  # the round before ended with scores the steps do not say
            try:
                if tile_of(step) == HIDDEN:
                    action = self._stand_in(state, step, face_up)
                    if action is None:
                        return False
                    self.guessed[index] = step
                    step = step.replace(HIDDEN, NAME[action.tile], 1)
                else:
                    action = parse_step(state, step)
                    if self.by_round and action.kind in ("draw", "pass"):
                        self.facts[index] = (state.current_player, state.open_mask)
                        if not state.is_legal(action) and not clear_void(state, steps, applied, self.guessed,
                                                                         self.facts, state.current_player):
                            return False
                state.apply(action)
            except (IllegalAction, InvalidNotation):
                return False
            applied.append(step)
        # a round that ended in the shadow but not in the steps ended blocked: its stand-ins left no tile to play
        if self.by_round and (state.round_number != self.round or state.is_terminal):
            return False
        # the steps end at the seat's decision: stand-ins that ended play sooner (a
        # Build Up hand none of whose tiles fits ends the hand) are wrong
        return state.current_player == self.seat

    @staticmethod
    def _stand_in(state: State, step: str, face_up: set[str]) -> Action | None:
        """The first action that hidden step `step` may be: its tile not face up to
        the seat (the next steps may refuse it: then the shadow rebuilds)."""
        prefix = "* " if state.is_chance else f"{state.current_player} "
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance else state.legal_actions()
        for action in actions:
            if action.tile >= 0 and NAME[action.tile] not in face_up and masked(prefix + action.text) == step:
                return action
        return None

    def _rebuild(self, steps: list[str], face_up: set[str], scores: list[int] | None, deadline: float) -> None:
        self.rebuilds += 1
        self.state, self.guessed = None, {}
        if self.by_round:
            begin, number = current_round(steps)
            base = round_state(self.start, steps, begin, number, scores)
            self.facts, self.round = {}, number
            state, tiles = rebuild_round(base, steps, begin, self.seat, self.facts, deadline)
            chosen = {index: NAME[tile] for index, tile in tiles.items()}
        else:
            state, chosen = search(self.start, self.seat, steps, face_up, deadline)
        self.applied = [step if index not in chosen else step.replace(HIDDEN, chosen[index], 1)
                        for index, step in enumerate(steps)]
        self.guessed = {index: steps[index] for index in chosen}
        self.state = state
