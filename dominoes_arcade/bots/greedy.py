"""`greedy`: the one-ply policy of each game (bots/heuristics), as a bot: the same
policy the searches roll out with."""

from __future__ import annotations

from ..engine import Action, State
from . import heuristics
from .base import Bot


class GreedyBot(Bot):
    """Judges each legal decision by the game's heuristic and takes the best.

    Args: the `Bot` constructor's (game, seat, options, seed); no parameters.
    Returns from `choose`: one of `legal`. The heuristics are deterministic (ties go
    to the first legal action), so the seed matters only for a game without one,
    where the choice is uniformly random.
    """

    name = "greedy"
    description = "one-ply heuristic per game: fast, plays like a decent beginner"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.knowledge = heuristics.for_game(self.game)

    def choose(self, view: State, legal: list[Action]) -> Action:
        return self.knowledge.choose(view, self.rng, legal)
