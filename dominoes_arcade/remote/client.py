"""A headless client of the room server (no pygame): it joins a room, keeps what
its seat has been told (the lobby, its view, the steps, the record at the end),
acts for its seat, and reconnects by itself with its token when the connection
drops, asking for what it missed by sequence number.

    client = OnlineClient("ws://127.0.0.1:8765")
    await client.create()                       # or join(code), spectate(code)
    await client.setup(game="cyprus", seats=["player", "easy", "player", "medium"])
    ...                                         # the others join with the code
    await client.start()
    record = await client.follow(bot_decider("greedy"))

The pygame client's online tables are views over this class.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..bots import make_bot
from ..engine import parse_action
from ..engine.view_json import view_from_json
from ..online_protocol import seat_from_json

Decide = Callable[[dict[str, Any]], str]
"""Chooses an action (its notation) from a ``view`` message whose ``legal`` is not empty."""


class ServerError(RuntimeError):
    """The server answered a request with an ``error``."""


class OnlineClient:
    """One seat's (or a spectator's) connection to a room server.

    :param url: the server's address, ``ws://HOST:PORT``. A connection for a room
        already made (a join, a watch, a reconnect) goes to ``ws://HOST:PORT/CODE``,
        the room's code as the URL's path, which a proxy in front of several `serve`
        processes routes by (docs/online.md, "Several processes behind a proxy"); one
        to create a room, to the address as given. An address with a path of its own
        (``ws://HOST:PORT/B``: the process whose rooms begin with B) is used as it is.
    :param timeout: seconds any one wait for the server may last.
    """

    def __init__(self, url: str, *, timeout: float = 10.0):
        self.url, self.timeout = url, timeout
        self.socket: ClientConnection | None = None
        self.room: str | None = None
        self.token: str | None = None
        self.seat: int | None = None
        self.seq = 0
        """The sequence number of the last numbered message taken."""
        self.steps = 0
        """How many steps of the game it has been told (a ``step`` message each)."""
        self.lobby: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.record: dict[str, Any] | None = None
        self.received: list[dict[str, Any]] = []
        """Every message the server sent, as it came (duplicates included)."""
        self.notices: list[str] = []
        self.presence: dict[int, str] = {}
        self._ids = itertools.count(1)
        self._errors: dict[int, str] = {}

    # -- the connection ----------------------------------------------------------------------
    def address(self, code: str | None) -> str:
        """Where to connect for room `code` (None: a room still to create): `url`, its
        path the code when it has none."""
        parts = urlsplit(self.url)
        if code is None or parts.path not in ("", "/"):
            return self.url
        return urlunsplit(parts._replace(path="/" + quote(str(code).strip().upper(), safe="")))

    async def connect(self, code: str | None = None) -> None:
        """Connect for room `code` (by default the room this client is in, if any: `address`)."""
        target = self.address(code if code is not None else self.room)
        self.socket = await asyncio.wait_for(connect(target, open_timeout=self.timeout), self.timeout)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
            self.socket = None

    async def send(self, message: dict[str, Any]) -> int:
        """Send `message` with a fresh ``id`` (an error about it quotes that id)."""
        if self.socket is None:
            await self.connect()
        assert self.socket is not None
        ident = next(self._ids)
        await self.socket.send(json.dumps({**message, "id": ident}))
        return ident

    async def receive(self) -> dict[str, Any]:
        """The next message (taken: see `take`). :raises TimeoutError, ConnectionClosed:"""
        assert self.socket is not None
        message = json.loads(await asyncio.wait_for(self.socket.recv(), self.timeout))
        self.take(message)
        return message

    def take(self, message: dict[str, Any]) -> bool:
        """Keep what `message` says; False for a numbered message already taken."""
        self.received.append(message)
        seq = message.get("seq")
        if isinstance(seq, int):
            if seq <= self.seq:
                return False
            self.seq = seq
        kind = message.get("type")
        if kind == "welcome":
            self.room, self.token = message["room"], message["token"]
            self.seat = seat_from_json(message["seat"])  # a spectator's: the engine's SPECTATOR
            if not message.get("resent", True):
                self.seq = 0  # the server lost what it sent before a restart: everything afresh
        elif kind == "room":
            self.lobby = message
        elif kind == "view":
            self.view = message
        elif kind == "step":
            self.steps = max(self.steps, message["step"] + 1)
        elif kind == "game_over":
            self.record = message["record"]
        elif kind == "notice":
            self.notices.append(message["text"])
        elif kind == "presence":
            self.presence[message["seat"]] = message["status"]
        elif kind == "error" and isinstance(message.get("ref"), int):
            self._errors[message["ref"]] = message["message"]
        return True

    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send `message` and wait for the server's answer to it (``welcome`` or
        ``ok``: the message whose ``ref`` is its ``id``), taking what comes meanwhile.

        :raises ServerError: when the server answers with an error instead.
        """
        ident = await self.send(message)
        while True:
            answer = await self.receive()
            if answer.get("ref") == ident:
                if answer.get("type") == "error":
                    raise ServerError(answer["message"])
                return answer

    # -- rooms -----------------------------------------------------------------------------
    async def create(self) -> str:
        """A new room, this client its host in seat 0; returns the room's code."""
        await self.request({"type": "create"})
        assert self.room is not None
        return self.room

    async def join(self, code: str) -> int:
        """Take the next free player seat of room `code`; returns the seat."""
        if self.socket is None:
            await self.connect(code)
        await self.request({"type": "join", "room": code})
        assert self.seat is not None
        return self.seat

    async def spectate(self, code: str) -> None:
        """Watch room `code` (`seat` becomes `SPECTATOR`): every step so far is sent,
        each with the spectator's view after it."""
        if self.socket is None:
            await self.connect(code)
        await self.request({"type": "spectate", "room": code})

    async def resume(self) -> None:
        """Back in the room with this client's token: what it missed is sent again."""
        await self.request({"type": "resume", "room": self.room, "token": self.token, "since": self.seq,
                            "steps": self.steps})

    async def reconnect(self, attempts: int = 100, delay: float = 0.1) -> None:
        """Connect again and `resume`, trying `attempts` times `delay` seconds apart
        (a server restarting takes a moment)."""
        self.socket = None
        for attempt in range(attempts):
            try:
                await self.connect()
                await self.resume()
                return
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
                self.socket = None
                if attempt == attempts - 1:
                    raise
                await asyncio.sleep(delay)

    async def setup(self, **fields: Any) -> None:
        """The host's setup (``game``, ``options``, ``seats``, ``turn_timer``, ``grace``, ``bot``)."""
        await self.request({"type": "setup", **fields})

    async def start(self) -> None:
        await self.request({"type": "start"})

    async def act(self, action: str) -> int:
        """Play `action` for this seat, on the latest view (its ``step``)."""
        assert self.view is not None
        return await self.send({"type": "act", "action": action, "step": self.view["step"]})

    # -- a whole game ---------------------------------------------------------------------------
    async def follow(self, decide: Decide | None, *, limit: float = 120.0, max_messages: int = 200_000,
                     on_message: Callable[[OnlineClient, dict[str, Any]], Any] | None = None) -> dict[str, Any]:
        """Take the game's messages until it is over and return its record; when
        this seat is to move, `decide` chooses (None: a spectator). A dropped
        connection is taken up again (`reconnect`). `on_message` sees each
        message first (a test may drop the connection there).

        :raises TimeoutError: past `limit` seconds or `max_messages` messages.
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        acted_at = -1
        for _ in range(max_messages):
            if self.record is not None:
                return self.record
            if loop.time() > end:
                break
            view = self.view
            if decide is not None and view is not None and view["legal"] and view["step"] != acted_at:
                acted_at = view["step"]
                try:
                    await self.act(decide(view))
                except ConnectionClosed:
                    await self.reconnect()
                    acted_at = -1  # it may not have arrived: the view sent again is decided again
                continue
            try:
                message = await self.receive()
            except ConnectionClosed:
                await self.reconnect()
                acted_at = -1
                continue
            if on_message is not None:
                await on_message(self, message)
        raise TimeoutError(f"the game did not end within {limit} seconds and {max_messages} messages")


def bot_decider(spec: str, seed: int = 0) -> Decide:
    """A `Decide` that plays like the bot `spec`, from the seat's view alone, driven
    as every bot is (`bots.driver.BotDriver`: its time limit, its legality check) and
    seeded as every seat's bot is (`seeds.bot_seed` of `seed` and the seat). A
    decision asked again at the same step (after a reconnect) is the same one.
    :raises Forfeit: from `decide` when the bot faults (the client stops playing)."""
    from ..bots.driver import DECISION_TIME_LIMIT, BotDriver
    from ..bots.seeds import bot_seed

    bots: dict[int, BotDriver] = {}
    decided: dict[tuple[int, int], str] = {}

    def decide(message: dict[str, Any]) -> str:
        view = view_from_json(message["view"])
        seat = view.viewer
        if (seat, message["step"]) not in decided:
            if seat not in bots:
                bot = make_bot(spec, view.game, seat, view.options_dict(), bot_seed(seed, seat))
                bots[seat] = BotDriver(bot, DECISION_TIME_LIMIT, seat=seat)
            legal = [parse_action(view, text) for text in message["legal"]]
            decided[seat, message["step"]] = str(bots[seat].decide(view, legal)[0])
        return decided[seat, message["step"]]

    return decide
