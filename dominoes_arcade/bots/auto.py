"""`auto`: for each game, the search that played strongest at the same time per
decision, thinking for a time budget (what config.toml's ``hard`` and ``expert``
mean). Under a time control it spends its clock (`clock.think_ms`): never more
than its time budget, less when the clock cannot afford it.

Chosen on duplicate deals at equal time (docs/strength.md, "auto"): in Necropolis
`ismcts`, with rollouts cut after 6 decisions; in Build Up, Cyprus and Sebastopol the
flat `pimc`, whose paired rollouts compare moves on the same deals where the tree
search's samples of each move differ; in Cyprus with ``distinct``, which spends no
rollouts on plays that repeat another, so the same time samples more deals. A game
missing from `SEARCH` (a new engine game) gets `ismcts`.
"""

from __future__ import annotations

from ..engine import Action, State
from .base import Bot, Param
from .clock import think_ms
from .ismcts import IsmctsBot
from .pimc import PimcBot

SEARCH: dict[str, tuple[type[Bot], dict[str, int]]] = {
    # Rollouts cut after 6 decisions rather than the game's 12: a fifth more
    # iterations, and more games won against pimc at equal time.
    "necropolis": (IsmctsBot, {"depth": 6}),
    "buildup": (PimcBot, {}),
    # One rollout per distinct position: a third of Cyprus's legal plays repeat
    # another (plays onto arms ending in the same number). It measured level with
    # plain pimc in both games; Sebastopol, with fewer copies, keeps pimc as it was.
    # Nothing else tried on pimc (stronger rollout policies, cut rollouts, reading
    # the others' plays) beat it at equal time, so none is taken.
    "cyprus": (PimcBot, {"distinct": True}),
    "sebastopol": (PimcBot, {}),
}
"""The search each game plays and its parameters besides the time (the measurements
behind each choice: docs/strength.md)."""


class AutoBot(Bot):
    """The game's strongest search (`SEARCH`) with a time budget.

    Args: the `Bot` constructor's (game, seat, options, seed) and ``time_ms``
    (``auto:time_ms=600``).
    Returns from `choose`: the inner search's decision; `last_search` and
    `decision_figures` are its statistics, and `search` names it.
    """

    name = "auto"
    description = "the search measured strongest in each game (ismcts or pimc), for a time budget"
    params = {
        "time_ms": Param(150, "milliseconds per decision", minimum=1, maximum=3_600_000),
    }

    time_ms: int

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cls, params = SEARCH.get(self.game, (IsmctsBot, {}))
        self.search = cls.name
        self.inner = cls(self.game, self.seat, self.options, self.seed, time_ms=self.time_ms, **params)

    @property
    def last_search(self) -> dict:
        return self.inner.last_search

    def choose(self, view: State, legal: list[Action]) -> Action:
        # Under a clock it thinks `time_ms` still, or less when the clock cannot afford it.
        self.inner.time_ms = max(int(think_ms(self.clock, self.time_ms)), 1)
        return self.inner.choose(view, legal)

    def decision_figures(self) -> dict[str, int | float] | None:
        """The inner search's figures (`IsmctsBot.decision_figures`, `PimcBot.decision_figures`)."""
        return self.inner.decision_figures()
