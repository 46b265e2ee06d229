"""The turn timer and the disconnect grace period (issue 32): when a player's turn
timer runs out, or their player stays away past the grace period, a bot of the
host's chosen difficulty plays that turn and the table is told; with the timer off
(the default) a player may take their time."""

from __future__ import annotations

import asyncio
import time

from server_drive import running, url

from dominoes_arcade.remote.client import OnlineClient

WAIT = 10.0
"""Seconds any of these tests waits at most for what it expects."""


async def host_alone(server, **setup) -> OnlineClient:
    """A started room: the host in seat 0 (who will not move), an easy bot in seat 1."""
    host = OnlineClient(url(server))
    await host.create()
    await host.setup(game="necropolis", options={"first_player": 0}, seats=["player", "easy"], **setup)
    await host.start()
    return host


async def until(client: OnlineClient, wanted, limit: float = WAIT) -> dict | None:
    """The first message `wanted` accepts within `limit` seconds, or None."""
    end = time.monotonic() + limit
    while (left := end - time.monotonic()) > 0:
        try:
            message = await asyncio.wait_for(client.receive(), left)
        except TimeoutError:
            return None
        if wanted(message):
            return message
    return None


def host_turn(message: dict) -> bool:
    return message.get("type") == "view" and bool(message["legal"])


async def turn_of(client: OnlineClient) -> dict | None:
    """The view that gives `client` the move: taken already (it may come with the
    answer to ``start``), or the next one within `WAIT`."""
    if client.view is not None and client.view["legal"]:
        return client.view
    return await until(client, host_turn)


def host_step(message: dict) -> bool:
    return message.get("type") == "step" and message["actor"] == 0


def test_a_turn_timer_running_out_has_a_bot_play_the_turn():
    async def scenario():
        async with running(None, seed=3) as server:
            host = await host_alone(server, turn_timer=1, bot="easy")
            assert await turn_of(host) is not None
            began = time.monotonic()
            step = await until(host, host_step)
            waited = time.monotonic() - began
            await host.close()
            return step, waited, host.notices

    step, waited, notices = asyncio.run(scenario())
    assert step is not None, "a bot played the host's turn"
    assert 0.5 <= waited < WAIT, "the bot waited for the timer (1 s, less the view's way to the client)"
    assert "Seat 1 ran out of time: a bot played their turn." in notices


def test_a_player_away_past_the_grace_period_has_a_bot_play_their_turn():
    async def scenario():
        async with running(None, seed=3) as server:
            host = OnlineClient(url(server))
            code = await host.create()
            await host.setup(game="necropolis", options={"first_player": 0}, seats=["player", "player"],
                             grace=0.5, bot="medium")
            guest = OnlineClient(url(server))
            await guest.join(code)
            await host.start()
            assert await turn_of(host) is not None
            await host.close()  # gone on its turn
            reconnecting = await until(guest, lambda m: m.get("type") == "presence")
            step = await until(guest, host_step)
            await until(guest, lambda m: m.get("type") == "notice", 1.0)
            await guest.close()
            return reconnecting, step, guest.notices

    reconnecting, step, notices = asyncio.run(scenario())
    assert reconnecting == {**reconnecting, "seat": 0, "status": "reconnecting"}
    assert step is not None, "a bot played the absent host's turn"
    assert "Seat 1 is away: a bot played their turn." in notices


def test_with_the_timer_off_a_player_takes_their_time():
    async def scenario():
        async with running(None, seed=3) as server:
            host = await host_alone(server)
            assert await turn_of(host) is not None
            step = await until(host, host_step, 2.0)
            await host.close()
            return step

    assert asyncio.run(scenario()) is None
