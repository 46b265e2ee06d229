"""`auto`: for each game, the search that played strongest at the same time per
decision, thinking for a time budget (what config.toml's ``hard`` and ``expert``
mean). Under a time control it spends its clock (`clock.think_ms`): never more
than its time budget, less when the clock cannot afford it.

Each game's registry entry names its search (`GameEntry.auto`, with why each game's
was chosen: docs/strength.md, "auto"): in Necropolis `ismcts` with rollouts cut after
6 decisions, in Build Up, Cyprus and Sebastopol the flat `pimc` (in Cyprus with
``distinct``). A game whose entry names none gets `ismcts`.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, State, entry
from .base import Bot, BotError, Param
from .clock import think_ms
from .ismcts import IsmctsBot
from .pimc import PimcBot

SEARCHES: dict[str, type[Bot]] = {cls.name: cls for cls in (IsmctsBot, PimcBot)}
"""The searches an entry's ``auto`` may name."""


def search_for(game: str) -> tuple[type[Bot], dict[str, Any]]:
    """The search `game`'s entry names for `auto` and its parameters besides the time,
    converted to their types (``"pimc:distinct=true"``: `PimcBot`, ``{"distinct": True}``).

    :raises BotError: for a spec naming another bot or a parameter it does not take.
    """
    spec = entry(game).auto
    head, _, rest = spec.partition(":")
    cls = SEARCHES.get(head)
    if cls is None:
        raise BotError(f"{game}'s auto search {spec!r}: use one of {', '.join(SEARCHES)}")
    params = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, _, value = item.partition("=")
        if key not in cls.params:
            raise BotError(f"{game}'s auto search {spec!r}: {head} has no parameter {key!r}")
        params[key] = cls.params[key].convert(head, key, value)
    return cls, params


class AutoBot(Bot):
    """The game's strongest search (`search_for`) with a time budget.

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
        cls, params = search_for(self.game)
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
