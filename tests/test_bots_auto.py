"""`auto` (config.toml's hard and expert): the search its registry entry names for each game,
with the time budget it was given, legal everywhere."""

from __future__ import annotations

import pytest
import toy_game
from test_bots_legal import random_position

from dominoes_arcade.bots import make_bot
from dominoes_arcade.bots.auto import search_for
from dominoes_arcade.bots.base import BotError
from dominoes_arcade.bots.ismcts import IsmctsBot
from dominoes_arcade.bots.pimc import PimcBot
from dominoes_arcade.engine import GAMES

MEASURED = {"necropolis": (IsmctsBot, {"depth": 6}), "buildup": (PimcBot, {}),
            "cyprus": (PimcBot, {"distinct": True}), "sebastopol": (PimcBot, {}),
            "draw": (PimcBot, {}), "block": (PimcBot, {})}
"""The search each game's entry names (docs/strength.md, "auto")."""


def test_every_game_plays_the_search_its_entry_names_and_a_new_game_gets_ismcts():
    assert set(MEASURED) == set(GAMES)
    for game, (cls, params) in MEASURED.items():
        assert search_for(game) == (cls, params)
        bot = make_bot("auto:time_ms=20", game, 0)
        assert isinstance(bot.inner, cls) and bot.search == cls.name
        assert bot.inner.time_ms == 20
        assert all(getattr(bot.inner, key) == value for key, value in params.items())
    with toy_game.registered() as entry:
        assert isinstance(make_bot("auto", entry.name, 0).inner, IsmctsBot)


def test_an_entry_naming_no_search_or_an_unknown_parameter_is_refused():
    for spec in ("greedy", "pimc:depth=3"):
        with toy_game.registered(auto=spec) as entry, pytest.raises(BotError, match=entry.name):
            search_for(entry.name)


def test_auto_decides_legally_within_its_budget():
    for game, players in (("necropolis", None), ("buildup", None), ("cyprus", 4), ("sebastopol", None)):
        state = next(filter(None, (random_position(game, players, {}, seed) for seed in range(50))))
        seat = state.current_player
        bot = make_bot("auto:time_ms=15", game, seat, state.options_dict(), 3)
        legal = state.legal_actions()
        action = bot.choose(state.view(seat), list(legal))
        assert any(action is a for a in legal)
        assert 0.015 <= bot.last_search["seconds"] < 2.0
