"""Hosting an online game from the client (issue 32): a player with the
keyboard alone, the mouse alone or a controller alone opens Play online on the
title, hosts a game (a server inside the client, on 127.0.0.1 here), sees the
room's code, and a headless player joins with that code; the seat fills on the
screen, the host sets the game up and starts it: the table opens. The host's
server stops when the host leaves (the lobby, the table or the app). Every wait
is bounded."""

from __future__ import annotations

import socket

import pygame
import pytest
from client_online_drive import ONLINE_CONFIG, frames_until, online_app
from test_client_support import (
    click_widget,
    focus_label,
    pad_added,
    press_keys,
    press_pad,
    run,
    scene_names,
    steer,
    widget,
)

from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.scenes.online import OnlineWiring
from dominoes_arcade.engine import GAMES
from dominoes_arcade.remote.link import OnlineLink
from dominoes_arcade.session.bot_worker import shared_worker


def confirm(app, device: str) -> None:
    if device == "controller":
        press_pad(app, pygame.CONTROLLER_BUTTON_A)
    else:
        press_keys(app, pygame.K_RETURN)


def choose(app, label: str, device: str) -> None:
    """Press the widget labelled `label` as a person with `device` would."""
    if device == "mouse":
        click_widget(app, label)
    else:
        steer(app, label, device)
        confirm(app, device)


def host_from_the_title(app, device: str):
    if device == "controller":
        run(app, [pad_added()])
    choose(app, "Play online", device)
    assert scene_names(app)[-1] == "online"
    choose(app, "Host a game", device)
    lobby = app.scenes.top
    assert lobby.name == "lobby", f"no lobby: {scene_names(app)}"
    return lobby


def shown_code(lobby) -> str:
    """The code as the screen shows it (its heading: "Room QTEMG"), once the room
    has the host's own variants (a player looks at a screen that has settled)."""
    frames_until(lobby.app, lambda: bool(lobby.room) and not lobby.wanted
                 and lobby.room["options"] == lobby.game_options(lobby.room["game"], len(lobby.room["seats"])))
    return lobby.room["room"]


@pytest.mark.parametrize("device", ["keyboard", "mouse", "controller"])
def test_a_player_hosts_from_the_title_a_guest_joins_with_the_code_shown_and_the_host_starts(app_with, device):
    app = online_app(app_with)
    lobby = host_from_the_title(app, device)
    code = shown_code(lobby)
    assert lobby.hosted.is_running and lobby.addresses == [f"127.0.0.1:{lobby.hosted.port}"]
    assert widget(app, "Seat 2").text == "Open for a player"  # the host may still give it to a bot
    assert not widget(app, "Start game").enabled  # seat 2 is still empty
    guest = OnlineLink(f"ws://127.0.0.1:{lobby.hosted.port}", timeout=10.0)
    try:
        assert guest.join(code) == 1
        frames_until(app, lambda: getattr(widget(app, "Seat 2"), "value", "") == "Player joined")
        assert widget(app, "Start game").enabled
        choose(app, "Start game", device)
        frames_until(app, lambda: app.scenes.top.name == "table")
        table = app.scenes.top
        assert table.setup.online is lobby.link and table.setup.seats == ["human", "online"]
        frames_until(app, lambda: guest.lobby is not None and guest.lobby["started"])
        app.to_title()  # what the pause screen's Leave does
        assert not lobby.hosted.is_running
    finally:
        guest.close()


def test_the_host_sets_up_cyprus_with_bots_and_the_guest_sees_it_read_only(app_with):
    app = online_app(app_with)
    lobby = host_from_the_title(app, "controller")
    code = shown_code(lobby)
    steer(app, "Game", "controller")
    while widget(app, "Game").value != "cyprus":
        press_pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    frames_until(app, lambda: lobby.room["game"] == "cyprus" and len(lobby.room["seats"]) == 4)
    for seat in (3, 4):
        steer(app, f"Seat {seat}", "controller")
        press_pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # the medium bot
    steer(app, "Turn timer", "controller")
    press_pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # 60 s
    frames_until(app, lambda: [s["kind"] for s in lobby.room["seats"]] == ["player", "player", "medium", "medium"]
                 and lobby.room["turn_timer"] == 60)
    guest = OnlineLink(f"ws://127.0.0.1:{lobby.hosted.port}", timeout=10.0)
    try:
        assert guest.join(code) == 1
        frames_until(app, lambda: widget(app, "Start game").enabled)
        guest_view = app.screens["lobby"](app, guest, is_host=False)
        labels = {w.label: w.value for w in guest_view.focus.widgets if not w.can_focus}
        assert labels["Game"] == "Cyprus" and labels["Turn timer"] == "60 s" and labels["Seat 3"] == "Medium bot"
        assert labels["Seat 2 (you)"] == "Player joined" and labels["Seat 1"] == "Host"
        assert [w.label for w in guest_view.focus.widgets if w.can_focus] == ["Leave"]
        choose(app, "Start game", "controller")
        frames_until(app, lambda: app.scenes.top.name == "table")
        assert app.scenes.top.setup.seats == ["human", "online", "medium", "medium"]
    finally:
        guest.close()


def test_the_hosts_server_stops_when_the_host_leaves_the_lobby(app_with):
    app = online_app(app_with)
    lobby = host_from_the_title(app, "keyboard")
    port = lobby.hosted.port
    press_keys(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "dialog" and focus_label(app) == "Stay"  # never closed by one stray press
    press_keys(app, pygame.K_LEFT, pygame.K_RETURN)
    assert scene_names(app) == ["title", "online"]
    assert not lobby.hosted.is_running
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass


def test_the_hosts_server_stops_when_the_app_closes(app_with):
    app = online_app(app_with)
    lobby = host_from_the_title(app, "mouse")
    app.close()
    assert not lobby.hosted.is_running


@pytest.mark.parametrize("game,players", [("necropolis", 2), ("cyprus", 10)])
def test_the_lobby_passes_the_layout_check_for_the_host_and_a_guest(app_with, game, players):
    app = online_app(app_with)
    lobby = host_from_the_title(app, "keyboard")
    code = shown_code(lobby)
    lobby.set_game(game)
    lobby.set_players(players)
    frames_until(app, lambda: len(lobby.room["seats"]) == players)
    guest = OnlineLink(f"ws://127.0.0.1:{lobby.hosted.port}", timeout=10.0)
    try:
        guest.join(code)
        frames_until(app, lambda: getattr(widget(app, "Seat 2"), "value", "") == "Player joined")
        app.check_layout = True
        for scene in (lobby, app.screens["lobby"](app, guest, is_host=False)):
            if scene is not lobby:
                app.scenes.push(scene)
            run(app)
            found = problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))
            assert not found, "\n".join(found)
    finally:
        guest.close()


def test_a_port_taken_falls_back_to_a_free_one_which_the_lobby_shows(app_with):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        app = app_with(ONLINE_CONFIG.replace("port = 0", f"port = {port}"), "taken.toml")
        app.online_wiring = OnlineWiring(server_options={"worker": shared_worker("thread")})
        lobby = host_from_the_title(app, "mouse")
        assert lobby.hosted.port != port and lobby.addresses == [f"127.0.0.1:{lobby.hosted.port}"]
        assert any(f"Port {port} was taken" in text for text, _left in app.toasts)
    finally:
        taken.close()


def test_an_address_the_host_cannot_listen_on_is_said_on_the_menu(app_with):
    app = app_with(ONLINE_CONFIG.replace('host = "127.0.0.1"', 'host = "192.0.2.1"'), "unusable.toml")
    app.online_wiring = OnlineWiring(server_options={"worker": shared_worker("thread")})
    click_widget(app, "Play online")
    click_widget(app, "Host a game")
    menu = app.scenes.top
    assert menu.name == "online" and menu.message.startswith("Could not open a game on 192.0.2.1: ")


def test_a_guest_who_drops_shows_as_reconnecting_in_the_hosts_lobby(app_with):
    app = online_app(app_with)
    lobby = host_from_the_title(app, "keyboard")
    guest = OnlineLink(f"ws://127.0.0.1:{lobby.hosted.port}", timeout=10.0)
    guest.join(shown_code(lobby))
    frames_until(app, lambda: getattr(widget(app, "Seat 2"), "value", "") == "Player joined")
    guest.close()
    frames_until(app, lambda: getattr(widget(app, "Seat 2"), "value", "") == "Reconnecting\u2026")


def test_the_host_cannot_move_a_player_who_joined(app_with):
    """The server seats the players again, in the order they came, after every
    change of the seats: the seats up to the last one taken stay as they are."""
    app = online_app(app_with)
    lobby = host_from_the_title(app, "keyboard")
    code = shown_code(lobby)
    lobby.set_game("cyprus")
    lobby.set_players(5)
    lobby._seat_setter(1)("easy")
    frames_until(app, lambda: [s["kind"] for s in lobby.room["seats"]] == ["player", "easy"] + ["player"] * 3)
    guest = OnlineLink(f"ws://127.0.0.1:{lobby.hosted.port}", timeout=10.0)
    try:
        assert guest.join(code) == 2
        frames_until(app, lambda: getattr(widget(app, "Seat 3"), "value", "") == "Player joined")
        assert not widget(app, "Seat 2").can_focus and widget(app, "Seat 2").value == "Easy bot"
        assert [value for value, _ in widget(app, "Players").choices] == list(range(4, 11))
        assert widget(app, "Seat 4").can_focus  # after the last player, the host still decides
        names = [value for value, _ in widget(app, "Game").choices]
        assert "cyprus" in names and "necropolis" not in names  # two seats would move the player in seat 3
    finally:
        guest.close()


def test_a_data_folder_that_cannot_be_made_is_said_on_the_menu(app_with, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    app = online_app(app_with)
    click_widget(app, "Play online")
    click_widget(app, "Host a game")
    menu = app.scenes.top
    assert menu.name == "online" and menu.message.startswith("Could not keep the game's rooms in ")


def test_the_hosts_own_variants_from_the_settings_go_to_the_room(app_with):
    app = app_with(ONLINE_CONFIG + "[necropolis]\nsite_penalty = 3\n", "variants.toml")
    app.online_wiring = OnlineWiring(server_options={"worker": shared_worker("thread")})
    lobby = host_from_the_title(app, "keyboard")
    frames_until(app, lambda: lobby.room.get("options", {}).get("site_penalty") == 3)
    assert widget(app, "Site penalty").value == 3


def test_the_lobby_proposes_cyprus_targets_by_seats_as_the_setup_screen_does_until_the_host_chooses(app_with):
    app = online_app(app_with)
    lobby = host_from_the_title(app, "keyboard")
    shown_code(lobby)
    steer(app, "Game", "keyboard")
    while widget(app, "Game").value != "cyprus":
        press_keys(app, pygame.K_RIGHT)
    frames_until(app, lambda: lobby.room["game"] == "cyprus" and not lobby.wanted)
    assert lobby.room["options"]["target_score"] == GAMES["cyprus"].proposed_targets[4] == 100
    steer(app, "Players", "keyboard")
    press_keys(app, *[pygame.K_RIGHT] * 4)  # 8 seats
    frames_until(app, lambda: len(lobby.room["seats"]) == 8 and not lobby.wanted)
    assert lobby.room["options"]["target_score"] == GAMES["cyprus"].proposed_targets[8] == 150
    assert "Proposed for 8 players" in widget(app, "Target score").help
    steer(app, "Target score", "keyboard")
    press_keys(app, pygame.K_RIGHT)  # the host's own target, kept whatever the seats
    chosen = widget(app, "Target score").value
    assert chosen != 150
    steer(app, "Players", "keyboard")
    press_keys(app, pygame.K_LEFT)
    frames_until(app, lambda: len(lobby.room["seats"]) == 7 and not lobby.wanted)
    assert lobby.room["options"]["target_score"] == chosen
