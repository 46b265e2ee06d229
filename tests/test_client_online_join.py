"""Joining an online game from the client (issue 32): the Join screen typed on
with the keyboard alone, the mouse alone (the key grid) or a controller alone
(the grid under the d-pad), against a server started by the test; a wrong
address or a wrong code is said on the screen and what was typed stays;
``play --join ADDRESS/CODE`` goes straight to the lobby, and a malformed one
exits 2. Watch (and ``play --join ... --spectate``) goes to the lobby as a
spectator. Every wait is bounded."""

from __future__ import annotations

import socket
import time

import pygame
import pytest
from client_online_drive import (
    frames_until,
    online_app,
    type_on_keyboard,
    type_with_controller,
    type_with_mouse,
)
from server_drive import serving
from test_client_support import (
    click,
    click_widget,
    focus_label,
    pad_added,
    press_keys,
    press_pad,
    run,
    scene_names,
    steer,
)
from typer.testing import CliRunner

from dominoes_arcade.cli import app as cli
from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.main import LaunchOptions, build_app
from dominoes_arcade.client.scenes.online import OnlineWiring
from dominoes_arcade.engine import SPECTATOR
from dominoes_arcade.remote.link import OnlineLink


@pytest.fixture
def room():
    """A server in a thread of the test and a room its host (a link) opened:
    (the server's "127.0.0.1:PORT", the room's code)."""
    with serving(seed=5) as served:
        host = OnlineLink(served.url, timeout=10.0)
        try:
            code = host.create()
            yield served.url.removeprefix("ws://"), code, host
        finally:
            host.close()


def open_join_screen(app, device: str) -> None:
    if device == "mouse":
        click_widget(app, "Play online")
        click_widget(app, "Join a game")
        return
    if device == "controller":
        run(app, [pad_added()])
    steer(app, "Play online", device)
    confirm = (lambda: press_pad(app, pygame.CONTROLLER_BUTTON_A)) if device == "controller" else \
        (lambda: press_keys(app, pygame.K_RETURN))
    confirm()
    steer(app, "Join a game", device)
    confirm()
    assert app.scenes.top.name == "join"


def type_address_and_code(app, address: str, code: str) -> None:
    """Type both fields on the keyboard, Enter after each (the second joins)."""
    type_on_keyboard(app, address)
    press_keys(app, pygame.K_RETURN)
    type_on_keyboard(app, code)
    press_keys(app, pygame.K_RETURN)


def answered(app):
    """The top scene once the server answered the Join (the lobby, or the Join
    screen saying what went wrong), the frames running meanwhile."""
    frames_until(app, lambda: getattr(app.scenes.top, "joining", None) is None)
    return app.scenes.top


def fields(app) -> tuple[str, str]:
    join = app.scenes.top
    return join.address.value, join.code.value


def test_a_keyboard_player_types_the_address_and_code_and_lands_in_the_lobby(app_with, room):
    address, code, host = room
    app = online_app(app_with)
    open_join_screen(app, "keyboard")
    assert focus_label(app) == "Address"
    type_on_keyboard(app, address)
    press_keys(app, pygame.K_RETURN)  # on to the code
    assert focus_label(app) == "Room code"
    type_on_keyboard(app, code.lower())  # typed in small letters: a code is in capitals
    assert fields(app) == (address, code)
    press_keys(app, pygame.K_RETURN)
    lobby = answered(app)
    assert lobby.name == "lobby" and lobby.link.seat == 1 and not lobby.is_host
    frames_until(app, lambda: bool(lobby.room))
    frames_until(app, lambda: host.lobby is not None and host.lobby["seats"][1]["taken"])


def test_watch_goes_to_the_lobby_as_a_spectator_and_takes_no_seat(app_with, room):
    address, code, host = room
    app = online_app(app_with)
    open_join_screen(app, "mouse")
    type_on_keyboard(app, address)
    press_keys(app, pygame.K_RETURN)
    type_on_keyboard(app, code)
    click_widget(app, "Watch")
    lobby = answered(app)
    assert lobby.name == "lobby" and lobby.link.seat == SPECTATOR and not lobby.is_host
    frames_until(app, lambda: bool(lobby.room))
    assert not any(seat["taken"] for seat in lobby.room["seats"][1:]), "a spectator holds no seat"


def test_letters_typed_in_a_field_never_move_the_focus_or_leave_and_backspace_deletes(app_with):
    app = online_app(app_with)
    open_join_screen(app, "keyboard")
    type_on_keyboard(app, "wasd.host")  # W, A, S, D move and H hints elsewhere
    assert fields(app)[0] == "wasd.host" and focus_label(app) == "Address"
    press_keys(app, pygame.K_BACKSPACE, pygame.K_BACKSPACE)  # Backspace goes back elsewhere
    assert fields(app)[0] == "wasd.ho" and app.scenes.top.name == "join"
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0)], frames=2)
    assert fields(app)[0] == "wasd.hox", "a key with no TEXTINPUT after it (some platforms) types by its unicode"


def test_a_mouse_player_types_on_the_key_grid(app_with, room):
    address, code, _host = room
    app = online_app(app_with)
    open_join_screen(app, "mouse")
    click_widget(app, "Address")
    type_with_mouse(app, address + "x")
    grid = app.scenes.top.grid
    click(app, grid.key_rect(grid.keys.index("Delete")).center)
    click_widget(app, "Room code")
    type_with_mouse(app, code)
    assert fields(app) == (address, code)
    click_widget(app, "Join")
    assert answered(app).name == "lobby" and app.scenes.top.link.seat == 1


def test_a_controller_player_types_on_the_key_grid_and_start_joins(app_with, room):
    address, code, _host = room
    app = online_app(app_with)
    open_join_screen(app, "controller")
    press_pad(app, pygame.CONTROLLER_BUTTON_A)  # A on the address: type it on the grid
    type_with_controller(app, address + "Q")
    press_pad(app, pygame.CONTROLLER_BUTTON_B)  # B deletes the Q
    for _ in range(6):  # up the grid's rows, then off its top: the code's field
        if focus_label(app) == "Room code":
            break
        press_pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert focus_label(app) == "Room code"
    press_pad(app, pygame.CONTROLLER_BUTTON_A)
    type_with_controller(app, code)
    assert fields(app) == (address, code)
    press_pad(app, pygame.CONTROLLER_BUTTON_START)
    assert answered(app).name == "lobby" and app.scenes.top.link.seat == 1


def test_a_wrong_code_says_so_and_keeps_what_was_typed(app_with, room):
    address, code, _host = room
    app = online_app(app_with)
    open_join_screen(app, "keyboard")
    wrong = "ZZZZ2" if code != "ZZZZ2" else "ZZZZ3"
    type_address_and_code(app, address, wrong)
    assert answered(app).name == "join" and app.scenes.top.message == f"No room {wrong} on that server"
    assert fields(app) == (address, wrong)


def test_no_server_at_the_address_says_so_and_keeps_what_was_typed(app_with):
    with serving() as served:
        address = served.url.removeprefix("ws://")  # a port free once this server is gone
    app = online_app(app_with)
    open_join_screen(app, "keyboard")
    type_address_and_code(app, address, "QTEMG")
    assert answered(app).message == f"No server answered at {address}"
    assert fields(app) == (address, "QTEMG") and scene_names(app) == ["title", "online", "join"]


def test_a_malformed_address_or_code_is_explained_before_any_connection(app_with):
    app = online_app(app_with)
    open_join_screen(app, "keyboard")
    type_address_and_code(app, "192.168.1.20:99999", "QTEMG")
    assert app.scenes.top.message == "99999 after ':' is not a port: a number from 1 to 65535"


def test_the_join_screen_passes_the_layout_check_with_a_message(app_with):
    app = online_app(app_with)
    open_join_screen(app, "keyboard")
    type_address_and_code(app, "192.168.100.200:8765", "ABC")
    assert app.scenes.top.message
    app.check_layout = True
    for _ in range(2):
        run(app)
        found = problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))
        assert not found, "\n".join(found)
        press_keys(app, pygame.K_ESCAPE)  # then the Play online menu


def test_play_join_goes_straight_to_the_lobby(tmp_path, room):
    address, code, _host = room
    from test_client_support import make_app  # noqa: F401  (dummy SDL drivers)

    from dominoes_arcade.client import prefs

    user = tmp_path / "user.toml"
    app = build_app(LaunchOptions(headless=True, user_config=user, join=f"{address}/{code.lower()}"),
                    prefs.load(None, user))
    try:
        answered(app)
        assert scene_names(app) == ["title", "online", "lobby"] and app.scenes.top.link.seat == 1
    finally:
        app.close()


def test_play_join_spectate_goes_to_the_lobby_watching(tmp_path, room):
    address, code, _host = room
    from dominoes_arcade.client import prefs

    user = tmp_path / "user.toml"
    app = build_app(LaunchOptions(headless=True, user_config=user, join=f"{address}/{code}", spectate=True),
                    prefs.load(None, user))
    try:
        answered(app)
        assert scene_names(app) == ["title", "online", "lobby"] and app.scenes.top.link.seat == SPECTATOR
    finally:
        app.close()


def test_play_spectate_without_join_exits_2(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    result = CliRunner().invoke(cli, ["play", "--headless", "--spectate"])
    assert result.exit_code == 2 and "--spectate watches the online game --join names" in result.output, \
        result.output


def test_play_join_with_a_wrong_code_opens_the_join_screen_saying_so(tmp_path, room):
    address, _code, _host = room
    from dominoes_arcade.client import prefs

    user = tmp_path / "user.toml"
    app = build_app(LaunchOptions(headless=True, user_config=user, join=f"{address}/ZZZZ9"), prefs.load(None, user))
    try:
        answered(app)
        assert scene_names(app) == ["title", "online", "join"]
        assert app.scenes.top.message == "No room ZZZZ9 on that server" and fields(app) == (address, "ZZZZ9")
    finally:
        app.close()


@pytest.mark.parametrize("value,words", [
    ("192.168.1.20", "give ADDRESS/CODE"),
    ("192.168.1.20:8765/QT", "A room code is 5 letters and digits"),
    ("192.168.1.20:http/QTEMG", "http after ':' is not a port"),
    ("bad host!/QTEMG", "is not an address"),
])
def test_play_join_malformed_exits_2_naming_what_is_wrong(value, words, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    result = CliRunner().invoke(cli, ["play", "--headless", "--join", value])
    assert result.exit_code == 2 and words in result.output, result.output


def test_play_join_refuses_a_game_beside_it(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    result = CliRunner().invoke(cli, ["play", "cyprus", "--headless", "--join", "127.0.0.1/QTEMG"])
    assert result.exit_code == 2 and "--join goes to an online game's lobby" in result.output, result.output



def test_a_server_that_never_answers_does_not_freeze_the_screen(app_with):
    """A socket that takes connections and never says a word: the frames go on
    while the Join screen waits, then it says no server answered."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    address = f"127.0.0.1:{silent.getsockname()[1]}"
    try:
        app = online_app(app_with)
        app.online_wiring = OnlineWiring(link=lambda where: OnlineLink(where, timeout=1.0))
        open_join_screen(app, "keyboard")
        type_on_keyboard(app, address)
        press_keys(app, pygame.K_RETURN)
        type_on_keyboard(app, "QTEMG")
        started = time.monotonic()
        press_keys(app, pygame.K_RETURN)
        assert time.monotonic() - started < 0.5 and app.scenes.top.joining is not None
        assert answered(app).message == f"No server answered at {address}"
    finally:
        silent.close()
