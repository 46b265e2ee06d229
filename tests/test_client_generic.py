"""The generic table (`client.tables.generic`): a registered game with no table of
its own plays there with each device alone, every frame drawing no tile face up
that the screen may not show (the render log against each seat's view), and bots
play it to the end."""

from __future__ import annotations

import pytest
from client_drive import play_with_controller, play_with_keyboard, play_with_mouse
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


def may_show(table: GenericTable) -> set[int]:
    """The tiles the screen may show face up now: those face up to everyone (in
    any seat's view, zones private to nobody), and the private zones of the seats
    the kit lets the screen show (from that seat's own view)."""
    state = table.state
    allowed = set()
    for seat in range(state.num_players):
        for name, tiles in state.view(seat).zones().items():
            owner = name.rpartition(" ")[2]
            if not owner.isdigit() or (int(owner) == seat and table.shows_hidden(seat)):
                allowed.update(tile for tile in tiles if tile >= 0)
    return allowed


def check_frame(app, table) -> None:
    if app.scenes.top is not table:
        return
    faces = {tile for tile, face_up, _seat in table.render_log if face_up}
    assert faces <= may_show(table), f"hidden tiles drawn face up: {sorted(faces - may_show(table))}"
    assert all(table.shows_hidden(seat) for _t, face_up, seat in table.render_log if face_up and seat >= 0)


@pytest.mark.parametrize(("game", "device"), [("necropolis", "mouse"), ("buildup", "keyboard"),
                                              ("sebastopol", "controller"), ("cyprus", "mouse")])
def test_a_human_plays_a_whole_game_on_the_generic_table_with_one_device(app, game, device):
    options = {"target_score": 60} if game == "cyprus" else {}
    table = open_generic(app, game, PLAYERS[game], **options)
    DEVICES[device](app, table, on_frame=check_frame)
    assert table.state.is_terminal and table.human_steps


def test_hot_seat_on_the_generic_table_shows_each_human_only_their_own_tiles(app):
    table = open_generic(app, "necropolis", ["human", "human"])
    play_with_keyboard(app, table, on_frame=check_frame)
    deciders = {int(table.steps[index].split()[0]) for index in table.human_steps}
    assert deciders == {0, 1}


def test_bots_play_the_generic_table_to_the_game_over_screen(app):
    table = open_generic(app, "buildup", ["easy", "easy"])
    for _ in range(20000):
        if app.scenes.top is not table:
            break
        run(app)
        check_frame(app, table)
    assert table.state.is_terminal and app.scenes.top.name == "game over"
