"""`random`: uniform over the legal decisions, from the bot's own seeded RNG."""

from __future__ import annotations

from ..engine import Action, State
from .base import Bot


class RandomBot(Bot):
    """Chooses uniformly among the legal decisions.

    Args: the `Bot` constructor's (game, seat, options, seed); no parameters.
    Returns from `choose`: one of `legal`, drawn from `self.rng`.
    """

    name = "random"
    description = "uniform over the legal decisions (seeded)"

    def choose(self, view: State, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
