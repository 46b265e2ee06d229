"""The client's side of one registry and one driver (issue 11): `play --seed S`
deals the same tiles as `simulate --seed S` (game 0) and the tournament's driver
(tests/test_game_registry.py checks those two against each other); and a game
added with one engine module and one registry entry (tests/toy_game.py) plays a
headless demo on the generic table, its bots in the worker process included."""

from __future__ import annotations

import pytest
import toy_game
from client_drive import check_faces
from test_client_support import run
from test_game_registry import opening

from dominoes_arcade.client import games
from dominoes_arcade.client.tables import table_class
from dominoes_arcade.client.tables.generic import GenericTable
from dominoes_arcade.engine import GAMES
from dominoes_arcade.engine.match import random_game


def client_steps(app, count: int) -> list[str]:
    """The first `count` steps the client's table (bots in every seat) plays."""
    table = app.scenes.top
    assert table.name == "table"
    for _ in range(5000):
        if len(table.steps) >= count or table.ended:
            break
        run(app)
    return table.steps[:count]


@pytest.mark.parametrize("game", list(GAMES))
def test_play_with_a_seed_deals_as_simulate_does(app_with, game):
    low, _high = GAMES[game].players
    simulated = random_game(game, 21, players=low)  # simulate --seed 21, game 0
    dealt = opening(simulated)
    assert any(step.startswith("*") for step in dealt)
    app = app_with(None, game=game, seats=["easy"] * low, seed=21)  # play GAME --seats ... --seed 21
    assert app.scenes.top.match.options() == simulated.options
    assert client_steps(app, len(dealt)) == dealt
    other = app_with(None, "other.toml", game=game, seats=["easy"] * low, seed=22)
    assert client_steps(other, len(dealt)) != dealt, "another seed deals other tiles"


def test_a_registered_toy_game_plays_a_headless_demo_on_the_generic_table(app_with):
    with toy_game.registered() as entry:
        assert entry.name in games.games() and table_class(entry.name) is GenericTable
        app = app_with(None, game=entry.name, demo=True, seed=3)
        table = app.scenes.top
        assert isinstance(table, GenericTable)
        for _ in range(30000):
            if table.ended:
                break
            run(app)
            check_faces(app, table)
        assert table.session.state.is_terminal
        assert not [text for text, _ in app.toasts if "failed" in text], "every bot played its own moves"
