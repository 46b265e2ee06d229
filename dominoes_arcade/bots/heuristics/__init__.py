"""What the bots know about each game beyond its rules: a fast one-ply policy, who
sees which chance outcome, and how a position is worth to each seat.

`Knowledge` is that interface, typed: everything `greedy`, `pimc` and `ismcts` ask a
game. Each game's entry in the game registry (`dominoes_arcade.engine.registry`)
names its module here (Sebastopol shares Cyprus's), and the module's ``KNOWLEDGE``
is its one implementation. A game whose entry names none (a new engine game) gets
`Fallback`: uniformly random choices, and every chance outcome treated as observed.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Container
from typing import Any, Protocol, TypeVar

from ...engine import GAMES, Action, State

S = TypeVar("S", contravariant=True)
"""The game's state class (each implementation reads its own game's fields)."""


class Knowledge(Protocol[S]):
    """A game's knowledge for the searches.

    The policy is written once (`choose`) and serves the `greedy` bot, the order in
    which `ismcts` widens its nodes, and every rollout. It reads only what the player
    to move may see (their own hidden tiles and the public table), so it decides the
    same on a view and on a full state; and it is cheap (table look-ups, no strings):
    the rollouts run it millions of times.
    """

    @property
    def score_scale(self) -> float:
        """A typical winning margin, which normalises margins in rewards (`ismcts.rewards`)."""
        ...

    @property
    def list_free(self) -> bool:
        """Whether `choose` finds the moves itself, so that a rollout need not build the
        legal list (`ismcts.play_out`); False: callers pass it."""
        ...

    @property
    def has_stages(self) -> bool:
        """Whether the game is played in hands or rounds (`stage`, `evaluate`)."""
        ...

    @property
    def has_estimate(self) -> bool:
        """Whether `estimate` scores a position in the middle of a hand or round."""
        ...

    @property
    def rollout_depth(self) -> int:
        """`ismcts`'s default rollout decisions before `estimate` scores the position;
        0: rollouts play on."""
        ...

    def choose(self, state: S, rng: random.Random, legal: list[Action] | None = None,
               tried: Container[Action] | None = None) -> Action:
        """The policy's decision for the player to move: the best of the legal
        actions that are not in `tried`, ties to the first in the legal order (so the
        decision is deterministic where the policy does not draw on `rng`).

        `legal` is ``state.legal_actions()`` when the caller has built it; a
        `list_free` policy does not need it. At least one legal action is not in
        `tried`."""
        ...

    def observed_by(self, state: S, action: Action, seat: int) -> bool:
        """Whether `seat` learns which chance outcome `action` happened at `state` (a
        draw into someone else's hand: no). `ismcts` branches its tree only on those."""
        ...

    def stage(self, state: S) -> int:
        """How many hands or rounds have ended (`has_stages`; 0 otherwise): rollouts stop
        at a hand or round end rather than play deals that have not happened yet."""
        ...

    def evaluate(self, state: S) -> list[float]:
        """Each seat's expected reward in [0, 1] at a hand or round end (`has_stages`)."""
        ...

    def estimate(self, state: S) -> list[float]:
        """Each seat's expected reward in [0, 1] at any point (`has_estimate`), for
        rollouts cut short."""
        ...

    def distinct(self, state: S, legal: list[Action]) -> list[Action]:
        """`legal` less the decisions that lead to the same position as an earlier one
        (``pimc:distinct=true`` tries only these); `legal` where the game has no such
        copies."""
        ...

    def play_round(self, state: S, rng: random.Random) -> bool:
        """Play the hand or round in progress to its end with the policy, in one go,
        exactly as `ismcts.play_out` would decision by decision (the same decisions,
        the same chance drawn from `rng`), leaving `state` at its end: the shortcut
        rollouts take when they stop there (`has_stages`, `list_free`). False, and
        `state` untouched, where the game has no such shortcut or not from `state`."""
        ...


class FallbackKnowledge:
    """The knowledge of a game nobody has written a heuristic for."""

    score_scale = 10.0
    list_free = False
    has_stages = False
    has_estimate = False
    rollout_depth = 0

    def choose(self, state: State, rng: random.Random, legal: list[Action] | None = None,
               tried: Container[Action] | None = None) -> Action:
        """A uniformly random legal action."""
        if legal is None:
            legal = state.legal_actions()
        if tried is not None:
            legal = [action for action in legal if action not in tried]
        return legal[rng.randrange(len(legal))]

    def observed_by(self, state: State, action: Action, seat: int) -> bool:
        return True

    def stage(self, state: State) -> int:
        return 0

    def evaluate(self, state: State) -> list[float]:
        raise NotImplementedError("a game without knowledge has no hands or rounds to evaluate")

    def estimate(self, state: State) -> list[float]:
        raise NotImplementedError("a game without knowledge has no mid-game estimate")

    def distinct(self, state: State, legal: list[Action]) -> list[Action]:
        return legal

    def play_round(self, state: State, rng: random.Random) -> bool:
        return False


Fallback: Knowledge[State] = FallbackKnowledge()


def for_game(game: str) -> Knowledge[Any]:
    """The knowledge of `game` (its heuristic module's ``KNOWLEDGE``), or `Fallback`
    when it has none (yet)."""
    known = GAMES.get(game)
    name = known.heuristics if known is not None else None
    if name is None:
        return Fallback
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        # Only a missing heuristic module falls back; a broken one must fail loudly.
        if error.name != name:
            raise
        return Fallback
    knowledge = getattr(module, "KNOWLEDGE", None)
    if knowledge is None:
        raise TypeError(f"{name} defines no KNOWLEDGE (see dominoes_arcade.bots.heuristics.Knowledge)")
    return knowledge
