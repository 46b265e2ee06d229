"""Whole games on the kit's plain test table (`KitTable`), each with one device
alone: the mouse (clicks and drags), the controller, the keyboard. The drivers
(tests/client_drive.py) read the decision from the table and check that each
decision sent is the one played."""

from __future__ import annotations

import pytest
from client_drive import KitTable, play
from test_client_support import KIT_CONFIG

from dominoes_arcade.client.tables import TableSetup

APP_CONFIG = KIT_CONFIG


# -- whole games, one device each --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("device", ["mouse", "controller", "keyboard"])
@pytest.mark.parametrize(("game", "seats"), [("buildup", ["human", "easy"]), ("necropolis", ["easy", "human"]),
                                             ("sebastopol", ["easy", "human", "easy", "easy"])])
def test_a_human_plays_a_whole_game_with_one_device(app, device, game, seats):
    table = KitTable(app, TableSetup(game, seats, app.settings.game(game), 3))
    app.scenes.push(table)
    play(app, table, device)  # every decision checked: the one sent is the one played
    assert table.session.state.is_terminal and table.session.human_steps
    assert app.scenes.top.name == "game over"


