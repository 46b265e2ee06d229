"""The generic table (`client.tables.generic`): a registered game with no table of
its own plays there with each device alone, every frame drawing no tile face up
that the screen may not show (the render log against each seat's view), and bots
play it to the end."""

from __future__ import annotations

import pytest
from client_drive import check_faces, play_with_controller, play_with_keyboard, play_with_mouse
from test_client_support import run

from dominoes_arcade.client.tables import TableSetup
from dominoes_arcade.client.tables.generic import GenericTable

PLAYERS = {"necropolis": ["human", "easy"], "buildup": ["human", "easy"], "cyprus": ["human", "easy", "easy", "easy"],
           "sebastopol": ["human", "easy", "easy", "easy"]}
DEVICES = {"mouse": play_with_mouse, "keyboard": play_with_keyboard, "controller": play_with_controller}


def open_generic(app, game: str, seats: list[str], seed: int = 2, **options) -> GenericTable:
    table = GenericTable(app, TableSetup(game, seats, {**app.settings.game(game), **options}, seed))
    app.scenes.push(table)
    return table


@pytest.mark.parametrize(("game", "device"), [("necropolis", "mouse"), ("buildup", "keyboard"),
                                              ("sebastopol", "controller"), ("cyprus", "mouse")])
def test_a_human_plays_a_whole_game_on_the_generic_table_with_one_device(app, game, device):
    options = {"target_score": 60} if game == "cyprus" else {}
    table = open_generic(app, game, PLAYERS[game], **options)
    DEVICES[device](app, table, on_frame=check_faces)
    assert table.session.state.is_terminal and table.session.human_steps


def test_hot_seat_on_the_generic_table_shows_each_human_only_their_own_tiles(app):
    table = open_generic(app, "necropolis", ["human", "human"])
    play_with_keyboard(app, table, on_frame=check_faces)
    deciders = {int(table.session.steps[index].split()[0]) for index in table.session.human_steps}
    assert deciders == {0, 1}


def test_bots_play_the_generic_table_to_the_game_over_screen(app):
    table = open_generic(app, "buildup", ["easy", "easy"])
    for _ in range(20000):
        if app.scenes.top is not table:
            break
        run(app)
        check_faces(app, table)
    assert table.session.state.is_terminal and app.scenes.top.name == "game over"


def test_a_paused_replay_on_the_generic_table_says_who_is_to_move_not_who_thinks(app):
    """Nobody thinks about a record's move (a leftover of issue 42: a paused
    review's status line said "... is thinking...")."""
    from dominoes_arcade.engine.match import random_game

    record = random_game("necropolis", 2)
    table = GenericTable(app, TableSetup("necropolis", list(record.seats), dict(record.options), 2, record=record))
    app.scenes.push(table)
    table.replay.playing = False
    step = len(record.steps) // 2
    while record.steps[step].startswith("*"):  # a seat's move next, not chance's
        step += 1
    table.rebuild(step)
    run(app)
    assert table.status_text() == f"{table.seat_name(table.seen.current_player)} to move"
