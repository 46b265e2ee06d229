"""A room's lobby without a network (dominoes_arcade/server/room.py): only the host
sets up and starts, a setup the rules or the room cannot take is refused with the
reason and changes nothing, seats fill in order and a full room says so."""

from __future__ import annotations

import pytest

from dominoes_arcade.server.room import Room, RoomError


def room_with_host() -> tuple[Room, str]:
    room = Room("ABCDE", 1)
    return room, room.join().token


@pytest.mark.parametrize("setup, reason", [
    ({"game": "chess"}, "that game cannot be set up"),
    ({"game": "cyprus", "seats": ["player", "easy"]}, "that game cannot be set up: cyprus.players = 2"),
    ({"game": "necropolis", "seats": ["player", "easy", "easy"]}, "necropolis is played by 2, not 3"),
    ({"seats": ["player", "grandmaster"]}, "a seat is 'player' or a bot"),
    ({"seats": []}, "options is an object and seats a list"),
    ({"options": {"site_penalty": 99}}, "that game cannot be set up: necropolis.site_penalty"),
    ({"turn_timer": 0.5}, "the turn timer is off (null) or 1 to 3600 seconds"),
    ({"turn_timer": True}, "the turn timer is off (null) or 1 to 3600 seconds"),
    ({"grace": -1}, "the grace period is 0 to 3600 seconds"),
    ({"grace": False}, "the grace period is 0 to 3600 seconds"),
    ({"bot": "cmd:rm -rf /"}, "the stand-in bot is one of easy, medium, hard, expert"),
])
def test_a_setup_refused_says_why_and_changes_nothing(setup, reason):
    room, host = room_with_host()
    before = room.lobby()
    with pytest.raises(RoomError) as refused:
        room.setup(host, setup)
    assert str(refused.value).startswith(reason)
    assert room.lobby() == before


def test_only_the_host_sets_up_and_starts_and_a_full_room_says_so():
    room, host = room_with_host()
    guest = room.join()
    assert guest.seat == 1
    with pytest.raises(RoomError, match="every seat is taken"):
        room.join()
    with pytest.raises(RoomError, match="only the host can do that"):
        room.setup(guest.token, {"seats": ["player", "easy"]})
    with pytest.raises(RoomError, match="2 players have joined: keep at least 2 player seats"):
        room.setup(host, {"seats": ["player", "easy"]})
    with pytest.raises(RoomError, match="only the host can do that"):
        room.start(guest.token)
    room.start(host)
    assert room.started
    with pytest.raises(RoomError, match="you can watch it instead"):
        room.join()


def test_the_game_waits_for_every_player_seat():
    room, host = room_with_host()
    room.setup(host, {"game": "cyprus", "seats": ["player", "easy", "player", "player"]})
    room.join()
    with pytest.raises(RoomError, match="waiting for players: Seat 4 still empty"):
        room.start(host)
