"""The link between a frame loop and the room server (issue 32): blocking calls
bounded in time, acts that never block, every message polled once, errors in
words, a dropped connection taken up again by itself. Against a server on
127.0.0.1 in a thread of the test."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time

import pytest
from server_drive import play_to_the_end, serving

from dominoes_arcade.remote.client import OnlineClient, bot_decider
from dominoes_arcade.remote.link import OnlineLink, ServerError

WAIT = 30.0
"""Seconds a test waits for the messages it expects."""


def poll_until(link: OnlineLink, done, limit: float = WAIT) -> list[dict]:
    """Poll `link` as a frame loop would until `done(messages so far)`; every message polled."""
    messages: list[dict] = []
    end = time.monotonic() + limit
    while not done(messages):
        assert time.monotonic() < end, f"still waiting after {limit} s; polled {messages[-5:]}"
        messages += link.poll()
        time.sleep(0.01)
    return messages


def test_a_host_plays_a_whole_game_against_a_bot_seat_through_the_link():
    with serving(seed=3) as served:
        link = OnlineLink(served.url, timeout=5.0)
        try:
            code = link.create()
            assert link.room == code and link.seat == 0 and link.token
            link.setup(game="necropolis", seats=["player", "medium"])
            link.start()
            messages = play_to_the_end(link, bot_decider("greedy"))
        finally:
            link.close()
        assert not link._thread.is_alive(), "close ends the link's thread"
    seqs = [m["seq"] for m in messages if "seq" in m]
    assert seqs == list(range(seqs[0], seqs[-1] + 1)), "each numbered message polled once, in order"
    assert not [m for m in messages if m["type"] in ("welcome", "ok")], "the blocking calls' answers are theirs"
    steps = [m["step"] for m in messages if m["type"] == "step"]
    assert steps == list(range(len(steps)))
    assert link.record is not None and link.record["steps"] and len(link.record["steps"]) == len(steps)


def test_a_refused_request_raises_the_servers_words_and_a_refused_act_is_polled():
    with serving() as served:
        link = OnlineLink(served.url, timeout=5.0)
        try:
            with pytest.raises(ServerError, match="no room has that code"):
                link.join("ZZZZZ")
            link.create()
            with pytest.raises(ServerError):
                link.start()  # the second seat is not taken
            link.setup(game="necropolis", seats=["player", "easy"])
            link.start()
            poll_until(link, lambda ms: any(m["type"] == "view" for m in ms))
            started = time.monotonic()
            link.act("not a move", 0)
            assert time.monotonic() - started < 0.1, "an act does not wait for the server"
            errors = poll_until(link, lambda ms: any(m["type"] == "error" for m in ms))
            assert any(m["type"] == "error" and m["message"] for m in errors)
        finally:
            link.close()


def test_an_unreachable_server_is_named_in_the_error():
    with serving() as served:
        port = served.server.port
    link = OnlineLink(f"ws://127.0.0.1:{port}", timeout=2.0)  # the server is gone
    try:
        with pytest.raises(ConnectionError, match=f"ws://127.0.0.1:{port}"):
            link.create()
    finally:
        link.close()


def test_a_dropped_connection_comes_back_by_itself_and_the_game_ends():
    with serving(seed=5) as served:
        link = OnlineLink(served.url, timeout=5.0)
        other = OnlineClient(served.url)
        try:
            code = link.create()
            link.setup(game="necropolis", seats=["player", "player"])
            served.run(other.join(code))
            link.start()
            follow = served.run(_following(other))  # the second player plays on the server's loop
            drops: list[int] = []

            def cut(fresh: list[dict]) -> None:
                if len(drops) < 3 and any(m["type"] == "step" for m in fresh):
                    drops.append(1)
                    link._loop.call_soon_threadsafe(link._client.socket.transport.abort)  # on the link's loop

            messages = play_to_the_end(link, bot_decider("greedy"), on_poll=cut)
            record = served.run(_finished(follow))
        finally:
            link.close()
            served.run(other.close())
    statuses = [m["status"] for m in messages if m["type"] == "link"]
    assert statuses.count("reconnecting") == len(drops) == 3
    assert statuses.count("connected") == 3 and "lost" not in statuses
    assert link.record == record, "the same game for both seats, the drops notwithstanding"
    steps = [m["step"] for m in messages if m["type"] == "step"]
    assert sorted(set(steps)) == list(range(len(record["steps"]))), "every step polled"


async def _following(client: OnlineClient) -> asyncio.Task:
    return asyncio.get_running_loop().create_task(client.follow(bot_decider("greedy", seed=1), limit=60.0))


async def _finished(task: asyncio.Task) -> dict:
    return await task


@contextlib.contextmanager
def fake_server(handler):
    """A websockets server on 127.0.0.1 in a thread of its own, answering with
    `handler(connection)`; its URL."""
    from websockets.asyncio.server import serve

    ready, where = threading.Event(), []
    stop: list[asyncio.Future] = []

    def run_server():
        async def main():
            stop.append(asyncio.get_running_loop().create_future())
            async with serve(handler, "127.0.0.1", 0) as server:
                where.append(server.sockets[0].getsockname()[1])
                ready.set()
                await stop[0]
        asyncio.run(main())

    thread = threading.Thread(target=run_server, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield f"ws://127.0.0.1:{where[0]}"
    finally:
        stop[0].get_loop().call_soon_threadsafe(stop[0].set_result, None)
        thread.join(10)


async def welcomed(connection, *, room_after: float = 0.0) -> None:
    """Answer the first request with a welcome to seat 1 of room ROOM, then tell the
    room (its lobby) `room_after` seconds later."""
    request = json.loads(await connection.recv())
    await connection.send(json.dumps({"type": "welcome", "ref": request["id"], "room": "ROOM",
                                      "token": "t", "seat": 1}))
    await asyncio.sleep(room_after)
    await connection.send(json.dumps({"type": "room", "seq": 1, "room": "ROOM", "seats": []}))


def test_joining_comes_back_once_the_room_is_told_not_with_the_welcome_alone():
    """Whoever joined reads the lobby next (the seats, the game): a room message that
    comes some moments after the welcome must not race it."""
    async def slow_lobby(connection):
        await welcomed(connection, room_after=0.3)
        await connection.wait_closed()

    with fake_server(slow_lobby) as url:
        link = OnlineLink(url, timeout=10.0)
        try:
            assert link.join("ROOM") == 1
            assert link.lobby is not None and link.lobby["room"] == "ROOM"
        finally:
            link.close()


def test_closing_while_the_server_is_still_sending_takes_no_longer_than_the_close_itself():
    """A burst the frame loop never polled must not hold up `close`: websockets stops
    reading a connection whose unread messages fill its queue, and the server's answer
    to the close would wait behind them for the close timeout (10 s, seen at the end
    of a hosted game with bots playing on)."""
    async def bursting(connection):
        await welcomed(connection)
        for number in range(2, 2002):
            await connection.send(json.dumps({"type": "chat", "seq": number, "text": "x" * 200}))
        await connection.wait_closed()

    with fake_server(bursting) as url:
        link = OnlineLink(url, timeout=10.0)
        try:
            assert link.join("ROOM") == 1
        finally:
            started = time.monotonic()
            link.close()
            took = time.monotonic() - started
    assert took < 3.0, f"close took {took:.1f} s"
