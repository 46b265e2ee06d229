"""The server's bounds past the rooms per connection and address (issue 41): the
rooms open in all ("the server is full") and the spectators a room holds, each
refused in words, never a crash or a silent drop; a spectator away makes way for a
new one, and the room's files still list exactly its members."""

from __future__ import annotations

import asyncio

import pytest
from server_drive import running, url

from dominoes_arcade.remote.client import OnlineClient, ServerError
from dominoes_arcade.server.room import Room, RoomError
from dominoes_arcade.server.store import Store
from dominoes_arcade.session.bot_worker import shared_worker


class Discard:
    def put(self, message) -> None:
        pass


def test_a_create_past_the_servers_rooms_is_told_the_server_is_full():
    async def scenario():
        async with running(None, seed=3, max_rooms=2) as server:
            clients = [OnlineClient(url(server)) for _ in range(3)]
            codes = [await clients[0].create(), await clients[1].create()]
            with pytest.raises(ServerError) as refused:
                await clients[2].create()
            server.close_room(codes[0])
            freed = await clients[2].create()
            for client in clients:
                await client.close()
            return str(refused.value), freed, sorted(server.rooms)

    refused, freed, open_rooms = asyncio.run(scenario())
    assert refused.startswith("the server is full: it has 2 rooms open, the most it may have")
    assert freed in open_rooms and len(open_rooms) == 2


def test_a_room_holds_its_spectators_and_one_away_makes_way():
    room = Room("ABCDE", 1, spectators=2)
    room.join()
    first, second = room.watch(), room.watch()
    for member in (first, second):
        member.attach(Discard())
    with pytest.raises(RoomError, match="the room is full: 2 spectators are watching, the most a room may have"):
        room.watch()
    second.detach()
    third = room.watch()
    assert set(room.members) == {room.host, first.token, third.token}, "the one away forgotten, no one else"
    with pytest.raises(RoomError, match="that token holds no seat"):
        room.member(second.token)


def test_a_spectator_forgotten_and_another_come_are_kept_as_the_rooms_members(tmp_path):
    """A member forgotten and one come leave the count as it was: the room is written
    whole again, not as a log line whose numbers follow the old members' order."""
    store = Store(tmp_path)
    room = Room("LGVVD", 7, worker=shared_worker("thread"), history=store.history, changed=store.save,
                spectators=1)
    host, guest = room.join(), room.join()
    gone = room.watch()
    for member in room.members.values():
        member.attach(Discard())
    room.start(host.token)
    room.advance()
    gone.detach()
    come = room.watch()
    come.attach(Discard())
    room.tell_lobby()  # numbered for the new spectator: kept with the next change
    store.save(room)
    store.close()
    again = Store(tmp_path).load(worker=shared_worker("thread"), history=store.history)[0]
    assert {m.token: m.sent for m in again.members.values()} == \
        {host.token: host.sent, guest.token: guest.sent, come.token: come.sent}


def test_serve_offers_the_servers_own_bounds_by_default():
    """`serve`'s options default to the bounds the server's code names (one is not changed without the other)."""
    import inspect

    from dominoes_arcade.cli_serve import serve
    from dominoes_arcade.server.app import MAX_ROOMS, ROOMS_PER_ADDRESS
    from dominoes_arcade.server.room import SPECTATORS_PER_ROOM

    defaults = {name: parameter.default for name, parameter in inspect.signature(serve).parameters.items()}
    assert (defaults["max_rooms"], defaults["rooms_per_address"], defaults["spectators_per_room"]) == \
        (MAX_ROOMS, ROOMS_PER_ADDRESS, SPECTATORS_PER_ROOM)
