"""`--demo`: all-bot games of every game on their own tables (Cyprus with 4 and
with 10 players) reach the game-over screen without error, and a finished demo
goes on with the next game."""

from __future__ import annotations

import time

import pytest
from test_client_support import UNDRAWN_SECONDS, run, undrawn

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
    """Two whole demo games and the start of the third: what is looked at is which
    game each table is of, so of each screen the demo goes through (tables, game
    over) only the first frame is drawn; the frames after it move the games on
    undrawn (the test above draws every frame of each game's demo). Bounded in
    seconds: the bots answer in real time, and an undrawn frame is quick."""
    app = app_with(DEMO_CONFIG, demo=True, seed=4)
    try:
        order = [app.scenes.top.setup.game]
        deadline = time.monotonic() + UNDRAWN_SECONDS
        drawn = None
        while len(order) < 3:
            assert time.monotonic() < deadline, f"the demo did not go on to a third game: {order}"
            top = app.scenes.top
            if top.name == "table" and top.setup.game != order[-1]:
                order.append(top.setup.game)
            elif top is drawn:
                with undrawn(app):
                    run(app)
            else:
                drawn = top
                run(app)
        assert order == games.games()[:3]
    finally:
        app.close()
