"""`auto`: for each game, the search that played strongest at the same time per
decision, thinking for a time budget (what config.toml's ``hard`` and ``expert``
mean).

Measured with bench/strength.py on duplicate deals (README, "Strength"): in
Necropolis `ismcts` (with rollouts cut after 6 decisions) wins most of its decided
games against `pimc` at equal time; in Build Up, Cyprus and Sebastopol the flat
`pimc` is the stronger at equal time (its paired rollouts compare moves on the same
deals, where the tree search's samples of each move differ), so this bot plays
`pimc` there; in Cyprus with ``distinct``, which spends no rollouts on plays that
repeat another, so the same time samples more deals. A game missing from `SEARCH`
(a new engine game) gets `ismcts`.
"""

from __future__ import annotations

from ..engine import Action, State
from .base import Bot, Param
from .ismcts import IsmctsBot
from .pimc import PimcBot

SEARCH: dict[str, tuple[type[Bot], dict[str, int]]] = {
    # Rollouts cut after 6 decisions rather than the game's 12 (a fifth more
    # iterations): 70% of decided games against pimc at 40 ms where 12 won 57%.
    "necropolis": (IsmctsBot, {"depth": 6}),
    "buildup": (PimcBot, {}),
    # One rollout per distinct position: plays onto arms ending in the same number
    # repeat each other, and a third of Cyprus's legal plays are such copies (a
    # fifth of the time per world saved; level with pimc at 150 ms, 64 deals:
    # -0.08 +- 0.20 in mean rank). Sebastopol has fewer copies and measured level
    # with it too (+0.18 +- 0.23, 67 deals), so it keeps pimc as it was.
    # Rollouts cut after a few decisions and scored by the fitted mid-game estimate
    # (pimc:depth) buy worlds (2.7x at depth 4 in Cyprus) but lost at 150 ms in
    # Cyprus (+0.14 +- 0.12 in mean rank against pimc, 167 deals; level at 40 ms);
    # in Sebastopol every depth was level or worse at 40 ms, where even three times
    # the time (and worlds) gained nothing (+0.09 +- 0.20, 50 deals). Neither game
    # takes a cut. Reading the others' plays (pimc:infer, Sebastopol: +0.03 +- 0.22,
    # 50 deals) and playing its own rollout moves by lookahead (pimc:own=lookahead:
    # +0.05 +- 0.18 in Sebastopol, 80 deals; +0.24 +- 0.29 in Cyprus, 40) measured level
    # at the table with pimc at 150 ms, so neither is taken either.
    "cyprus": (PimcBot, {"distinct": True}),
    "sebastopol": (PimcBot, {}),
}
"""The search each game plays and its parameters besides the time (bench/strength.py's
numbers, README "Strength")."""


class AutoBot(Bot):
    """The game's strongest search (`SEARCH`) with a time budget.

    Args: the `Bot` constructor's (game, seat, options, seed) and ``time_ms``
    (``auto:time_ms=600``).
    Returns from `choose`: the inner search's decision; `last_search` is its
    statistics, and `search` names it.
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
        return self.inner.choose(view, legal)
