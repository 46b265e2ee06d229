"""What the bots know about each game beyond its rules: a fast one-ply heuristic and
who sees which chance outcome.

Each game's entry in the game registry (`dominoes_arcade.engine.registry`) names
its module here (Sebastopol shares Cyprus's), which defines:

- ``choose(state, legal, rng) -> Action``: the greedy decision for the current
  player. It reads only what that player may see (their own hidden tiles and the
  public table), so it is the same on a view and on a full state; ISMCTS runs it on
  determinized states as its rollout policy, so it is cheap: table look-ups, no
  strings.
- optionally, ``rollout_action(state, rng) -> Action``: exactly what ``choose(state,
  state.legal_actions(), rng)`` returns, computed without the list; ISMCTS's
  rollouts use it when it exists (tests/test_bots_heuristics.py checks the two agree).
- optionally, ``strong_choose(state, legal, rng)`` and its list-free twin
  ``strong_rollout_action(state, rng)``: a tuned one-ply policy that ``pimc:policy=strong``
  rolls out with instead of ``choose``; with it, optionally ``strong_evaluate`` and
  ``strong_stage`` in place of ``evaluate`` and ``stage`` (Build Up).
- optionally, ``distinct(state, legal) -> list[Action]``: `legal` less the decisions
  that lead to the same position as an earlier one (``pimc:distinct=true`` tries only
  these).
- ``observed_by(state, action, seat) -> bool``: whether `seat` learns which chance
  outcome `action` happened at `state` (a draw into someone else's hand: no). ISMCTS
  branches its tree only on outcomes the searching seat observes.
- ``SCORE_SCALE``: a typical winning margin, which normalises margins in rewards.
- optionally, for games of several hands or rounds, ``stage(state) -> int`` (how
  many have ended) and ``evaluate(state) -> list[float]`` (each seat's expected
  reward in [0, 1] at a hand or round end): ISMCTS stops its rollouts there instead
  of playing out deals that have not happened yet.
- optionally, for long games, ``estimate(state) -> list[float]`` (each seat's
  expected reward in [0, 1] at any point) and ``ROLLOUT_DEPTH`` (decisions): ISMCTS
  cuts its rollouts after that many decisions and scores the position with it.

A game whose entry names none (a new engine game) falls back to `Fallback`:
uniformly random choices, and every chance outcome treated as observed.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from ...engine import GAMES, Action, State


class Fallback:
    """The knowledge of a game nobody has written a heuristic for."""

    SCORE_SCALE = 10.0

    @staticmethod
    def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    @staticmethod
    def observed_by(state: State, action: Action, seat: int) -> bool:
        return True


def for_game(game: str) -> ModuleType | type[Fallback]:
    """The heuristic module of `game`, or `Fallback` when it has none (yet)."""
    known = GAMES.get(game)
    name = known.heuristics if known is not None else None
    if name is None:
        return Fallback
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        # Only a missing heuristic module falls back; a broken one must fail loudly.
        if error.name != name:
            raise
        return Fallback
