"""`pimc` that reads the opponent's placements in Build Up: worlds in which the
opponent's hand would not have led to the placements it made this hand are sampled
less often.

The model of the opponent is the game's `strong_choose` (which makes the search's own
choice in about two decisions of three, bench/buildup_policy.py): a world is kept
with chance ``1 / odds`` for each of this hand's opponent placements that the policy,
holding that world's hand, would not have made (rejection sampling of the worlds
under that model). Within a hand nobody draws, so the opponent's hand at each of its
placements is the world's hand plus the tiles it placed since.
"""

from __future__ import annotations

import random

from ..engine import State
from ..engine.buildup_matrix import ROW
from .base import Param
from .pimc import PimcBot

MAX_TRIES = 50
"""Worlds sampled for one kept world at most (then the last is kept)."""


class ReadingPimcBot(PimcBot):
    """`PimcBot` whose worlds follow the opponent's placements (Build Up only).

    Args: `PimcBot`'s, and ``odds``: how many times likelier the opponent's policy
    is to make the placement it predicts than any given other.
    """

    name = "pimc_reads"
    games = ("buildup",)
    params = {**PimcBot.params,
              "odds": Param(4.0, "how much likelier a world is kept when the opponent played as the "
                                 "policy predicts", minimum=1.0, maximum=1e6)}

    odds: float

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._last: State | None = None
        self._placements: list[tuple[State, int, int]] = []
        """This hand's opponent placements: (the view before it, tile, stack)."""
        self._hand = -1

    def observe(self, view: State) -> None:
        last, self._last = self._last, view
        if view.hand_index != self._hand:
            self._hand, self._placements = view.hand_index, []
            return
        if last is None or last.current_player != 1 - self.seat:
            return
        for stack, entries in enumerate(view.stacks):
            if len(entries) == len(last.stacks[stack]) + 1:
                self._placements.append((last, entries[-1][0], stack))
                return

    def sample_world(self, view: State, rng: random.Random) -> State:
        placements = [p for p in self._placements if p[0].hand_index == view.hand_index]
        world = view.determinize(rng)
        if not placements:
            return world
        policy = self.heuristic.strong_rollout_action  # the module's, whatever the rollout policy
        opponent = 1 - self.seat
        for _ in range(MAX_TRIES):
            hand = list(world.hands[opponent])
            keep = 1.0
            for before, tile, stack in reversed(placements):  # the latest first: add back what it placed
                hand.append(tile)
                state = before.clone()
                state.viewer = -1
                state.hands[opponent] = sorted(hand)
                state.hand_rows[opponent] = sum(ROW[t] for t in hand)
                choice = policy(state)
                if choice.tile != tile or choice.arg != stack:
                    keep /= self.odds
            if keep >= 1.0 or rng.random() < keep:
                return world
            world = view.determinize(rng)
        return world
