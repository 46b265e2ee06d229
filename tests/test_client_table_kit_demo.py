"""`--demo`: all-bot games of every game on their own tables (Cyprus with 4 and
with 10 players) reach the game-over screen without error, and a finished demo
goes on with the next game."""

from __future__ import annotations

import pytest
from test_client_support import run

from dominoes_arcade.client import games

DEMO_CONFIG = ('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\nmedium = "greedy"\n'
               "[cyprus]\ntarget_score = 40\n")
"""Cyprus to 40, not 100: the rounds are the same, there are just fewer of them."""


@pytest.mark.parametrize(("game", "players"), [("necropolis", None), ("buildup", None), ("sebastopol", None),
                                               ("cyprus", 4), ("cyprus", 10)])
def test_a_demo_game_reaches_the_game_over_screen(app_with, game, players):
    app = app_with(DEMO_CONFIG, game=game, players=players, demo=True, seed=3)
    try:
        table = app.scenes.top
        assert table.setup.demo and set(table.setup.seats) == {"medium"}
        assert table.setup.players == (players or games.player_range(game)[0])
        for _ in range(30000):
            if app.scenes.top.name == "game over":
                break
            run(app)
        assert app.scenes.top.name == "game over", f"{game}: the demo did not finish"
        assert table.session.state.is_terminal and table.session.error is None
        over, outcome = app.scenes.top, table.session.state.outcome()
        assert over.breakdown.totals == list(outcome.scores) and not over.humans, "a demo: nobody's own game"
        assert over.verdict.headline.endswith("won") or over.verdict.headline.startswith("A draw")
    finally:
        app.close()


@pytest.mark.slow
def test_demo_without_a_game_starts_with_the_first_and_cycles(app_with):
    app = app_with(DEMO_CONFIG, demo=True, seed=4)
    try:
        order = [app.scenes.top.setup.game]
        for _ in range(60000):
            top = app.scenes.top
            if top.name == "table" and top.setup.game != order[-1]:
                order.append(top.setup.game)
                if len(order) == 3:
                    break
            run(app)
        assert order == games.games()[:3]
    finally:
        app.close()
