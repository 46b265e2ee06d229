"""What the server tests share: a server on the loopback address (port 0) and
headless clients that fill a room, start it and play it to its end with bots
deciding from each seat's view. Every wait is bounded (`LIMIT` seconds a game,
the client's own timeout a message)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from dominoes_arcade.remote.client import OnlineClient, bot_decider
from dominoes_arcade.remote.link import OnlineLink
from dominoes_arcade.server.app import Server
from dominoes_arcade.session.bot_worker import shared_worker

HOST = "127.0.0.1"
LIMIT = 120.0
"""Seconds a whole game may take in a test."""


@contextlib.asynccontextmanager
async def running(data: Path | None = None, seed: int = 1, **kwargs: Any) -> AsyncIterator[Server]:
    """A server on 127.0.0.1, any free port, dealing every room from `seed`, keeping
    its rooms in `data` (by default a folder of its own, removed after); its bot
    seats think in a thread of this process."""
    with tempfile.TemporaryDirectory(prefix="server-test-") as scratch:
        server = Server(data or Path(scratch), seeds=lambda: seed, worker=shared_worker("thread"), **kwargs)
        await server.start(HOST, 0)
        try:
            yield server
        finally:
            await server.close()


def url(server: Server) -> str:
    return f"ws://{HOST}:{server.port}"


async def open_room(server: Server, game: str, seats: list[str], options: dict | None = None, *,
                    spectators: int = 0, **setup: Any) -> tuple[list[OnlineClient], list[OnlineClient]]:
    """A room set up with `seats` (``"player"`` or a bot difficulty), every player
    seat taken by a headless client (the host in the first), and started; the
    players in seat order, and the spectators."""
    host = OnlineClient(url(server))
    code = await host.create()
    await host.setup(game=game, options=options or {}, seats=seats, **setup)
    players = [host]
    for _ in range(seats.count("player") - 1):
        client = OnlineClient(url(server))
        await client.join(code)
        players.append(client)
    watchers = []
    for _ in range(spectators):
        watcher = OnlineClient(url(server))
        await watcher.spectate(code)
        watchers.append(watcher)
    await host.start()
    return sorted(players, key=lambda client: client.seat), watchers


OnMessage = Callable[[OnlineClient, dict[str, Any]], Awaitable[Any]]


async def play_out(players: list[OnlineClient], watchers: list[OnlineClient] = (), spec: str = "greedy",
                   on_message: OnMessage | None = None) -> list[dict[str, Any]]:
    """Every client follows the game to its end (the players deciding as the bot
    `spec`); the record each was sent."""
    follows = [client.follow(bot_decider(spec, seed=client.seat or 0), limit=LIMIT, on_message=on_message)
               for client in players]
    follows += [watcher.follow(None, limit=LIMIT, on_message=on_message) for watcher in watchers]
    records = await asyncio.wait_for(asyncio.gather(*follows), LIMIT + 5)
    for client in [*players, *watchers]:
        await client.close()
    return records



@dataclasses.dataclass
class Served:
    """A server running on an event loop of its own, in a thread (see `serving`)."""

    server: Server
    loop: asyncio.AbstractEventLoop

    @property
    def url(self) -> str:
        return url(self.server)

    def run(self, work: Awaitable[Any]) -> Any:
        """Run `work` on the server's loop (e.g. headless clients of it) and wait for its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(LIMIT)


@contextlib.contextmanager
def serving(seed: int = 1, **kwargs: Any) -> Iterator[Served]:
    """`running`, on an event loop of its own in a thread: for the tests of code that
    blocks (the pygame client's link), which cannot share the server's loop."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="test-server", daemon=True)
    thread.start()
    context = running(None, seed=seed, **kwargs)
    try:
        served = Served(asyncio.run_coroutine_threadsafe(context.__aenter__(), loop).result(LIMIT), loop)
        try:
            yield served
        finally:
            served.run(context.__aexit__(None, None, None))
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(LIMIT)
        loop.close()


def open_linked_room(served: Served, game: str, seats: list[str], options: dict | None = None,
                     **setup: Any) -> tuple[OnlineLink, list[OnlineClient], list[asyncio.Task]]:
    """A room whose host (seat 0) is an `OnlineLink`, as the pygame client holds it;
    every other player seat a headless client on the server's loop, deciding as the
    greedy bot from its view. Started; the link, the other clients and their games
    (tasks ending with the record)."""
    link = OnlineLink(served.url, timeout=10.0)
    code = link.create()
    link.setup(game=game, options=options or {}, seats=seats, **setup)
    others = []
    for _ in range(seats.count("player") - 1):
        client = OnlineClient(served.url)
        served.run(client.join(code))
        others.append(client)
    link.start()

    async def follow(client: OnlineClient) -> asyncio.Task:
        return asyncio.get_running_loop().create_task(
            client.follow(bot_decider("greedy", seed=client.seat or 0), limit=LIMIT))

    return link, others, [served.run(follow(client)) for client in others]


def finish_others(served: Served, others: list[OnlineClient], games: list[asyncio.Task]) -> list[dict[str, Any]]:
    """Wait for the other clients' games to end (their records) and close them."""
    async def finish() -> list[dict[str, Any]]:
        records = await asyncio.wait_for(asyncio.gather(*games), LIMIT)
        for client in others:
            await client.close()
        return records

    return served.run(finish())


def play(link: OnlineLink, decide, messages: list[dict]) -> None:
    """Act as the pygame client's frame loop does: on each fresh view with legal actions."""
    for message in messages:
        if message["type"] == "view" and message["legal"]:
            link.act(decide(message), message["step"])


def play_to_the_end(link: OnlineLink, decide, limit: float = 60.0, on_poll=None) -> list[dict]:
    """Poll `link` and play its seat (`decide`) until the game is over, at most `limit`
    seconds; every message polled. `on_poll` sees each poll's messages."""
    messages: list[dict] = []
    end = time.monotonic() + limit
    while not any(m["type"] == "game_over" for m in messages):
        assert time.monotonic() < end, "the game did not end in time"
        fresh = link.poll()
        play(link, decide, fresh)
        messages += fresh
        if on_poll is not None:
            on_poll(fresh)
        time.sleep(0.005)
    return messages
