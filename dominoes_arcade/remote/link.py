"""The bridge between a frame loop (the pygame client's) and the room server: a
daemon thread runs an asyncio loop that owns an `OnlineClient`, keeps receiving
in the background, and reconnects by itself with its token when the connection
drops. Nothing here imports pygame.

    link = OnlineLink("ws://127.0.0.1:8765", timeout=10.0)
    code = link.create()                  # or: seat = link.join(code), or link.spectate(code)
    link.setup(game="necropolis", seats=["player", "player"])
    link.start()
    ...
    for message in link.poll():           # once a frame: never blocks
        ...                               # the server's messages as they came
    link.act("draw", step=12)             # never blocks: a refusal comes as an ``error``
    link.close()                          # bounded in time

The API:

- `create() -> code`, `join(code) -> seat`, `spectate(code)`, `setup(**fields)`, `start()` block
  until the server answers, at most `timeout` seconds; they raise `ServerError`
  when the server refuses (its words), `ConnectionError` when the server cannot be
  reached (its address in words), `TimeoutError` when it does not answer in time.
- `act(action, step)` sends and returns at once: the server's ``error`` about it
  arrives through `poll` like every other message.
- `poll() -> list[dict]`: every message received since the last poll (numbered
  messages once each, even across reconnections), plus the link's own
  ``{"type": "link", "status": ...}``: ``"reconnecting"`` when the connection
  dropped, ``"connected"`` once it is back (the missed messages follow),
  ``"lost"`` when it could not be brought back (`RECONNECT_SECONDS`; for a room
  on the host's own server, its grace period, and ``"reason": "host_left"``).
- `told(since) -> list[dict]`: the same messages kept from the start, from index
  `since` on (a game's table reads the whole game with it, whatever the lobby
  screen polled before).
- `lobby`, `seat`, `room`, `token`, `view`, `record`: what the client keeps
  (docs/online.md), readable from the frame loop's thread.
- `close()`: leaves the server and ends the thread, within `timeout` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from collections.abc import Coroutine
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..online_protocol import HOST_LEFT
from .client import OnlineClient, ServerError

__all__ = ["OnlineLink", "ServerError", "RECONNECT_SECONDS", "HOST_LEFT"]

RECONNECT_SECONDS = 60.0
"""How long the link keeps trying to reconnect before it reports the connection lost."""
RETRY_DELAY = 0.25
"""Seconds between two attempts to reconnect."""
GOING_AWAY = 1001
"""The close code of a server shutting down (RFC 6455)."""


def close_code(error: BaseException) -> int | None:
    """The close code the server sent before the connection closed, or None (no
    close frame: the connection was cut)."""
    received = getattr(error, "rcvd", None)
    return getattr(received, "code", None)


class _Client(OnlineClient):
    """An `OnlineClient` that hands every message it takes for the first time to `forward`."""

    def __init__(self, url: str, timeout: float, forward):
        super().__init__(url, timeout=timeout)
        self.forward = forward

    def take(self, message: dict[str, Any]) -> bool:
        fresh = super().take(message)
        if fresh:
            self.forward(message)
        return fresh

    def fresh_id(self) -> int:
        """An id for a request whose answer is waited for before it is sent."""
        return next(self._ids)

    async def send_as(self, ident: int, message: dict[str, Any]) -> None:
        assert self.socket is not None
        await self.socket.send(json.dumps({**message, "id": ident}))


class OnlineLink:
    """One seat's connection to a room server, usable from a thread with no event loop.

    :param url: the server's address, ``ws://HOST:PORT``: a join or a watch
        connects to ``ws://HOST:PORT/CODE``, and so does every reconnection once in a
        room (`OnlineClient.address`: a proxy routes by the code).
    :param timeout: seconds any blocking call (and `close`) may last.
    """

    def __init__(self, url: str, *, timeout: float = 10.0):
        self.url, self.timeout = url, timeout
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._told: list[dict[str, Any]] = []
        """Every message `poll` hands out, kept (appended on the link's thread only)."""
        self._asked: dict[int, asyncio.Future[dict[str, Any]]] = {}
        """The blocking requests in flight by id: their answers are not polled."""
        self._client = _Client(url, timeout, self._arrived)
        self._loop = asyncio.new_event_loop()
        self._receiver: asyncio.Task | None = None
        self._closing = False
        self._reconnecting = False
        self._room_told = asyncio.Event()
        """Set when a ``room`` message (the lobby) arrives: entering a room waits for it."""
        self._thread = threading.Thread(target=self._loop.run_forever, name="online-link", daemon=True)
        self._thread.start()

    # -- what the client keeps ------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self._client.seat

    @property
    def room(self) -> str | None:
        return self._client.room

    @property
    def token(self) -> str | None:
        return self._client.token

    @property
    def lobby(self) -> dict[str, Any] | None:
        return self._client.lobby

    @property
    def view(self) -> dict[str, Any] | None:
        return self._client.view

    @property
    def record(self) -> dict[str, Any] | None:
        return self._client.record

    # -- the frame loop's calls -----------------------------------------------------------------
    def create(self) -> str:
        """A new room, this link its host in seat 0; its code."""
        self._call(self._enter({"type": "create"}))
        assert self.room is not None
        return self.room

    def join(self, code: str) -> int:
        """The next free player seat of room `code`."""
        self._call(self._enter({"type": "join", "room": code}))
        assert self.seat is not None
        return self.seat

    def spectate(self, code: str) -> None:
        """Watch room `code` (`seat` is then the engine's `SPECTATOR`)."""
        self._call(self._enter({"type": "spectate", "room": code}))

    def setup(self, **fields: Any) -> None:
        """The host's setup (``game``, ``options``, ``seats``, ``turn_timer``, ``grace``, ``bot``)."""
        self._call(self._request({"type": "setup", **fields}))

    def start(self) -> None:
        self._call(self._request({"type": "start"}))

    def act(self, action: str, step: int) -> None:
        """Play `action` (record notation without the seat), decided on the view of `step`."""
        if not self._closing:
            asyncio.run_coroutine_threadsafe(self._send({"type": "act", "action": action, "step": step}), self._loop)

    def told(self, since: int = 0) -> list[dict[str, Any]]:
        """Every message polled or to be polled, from the `since`-th on."""
        return self._told[since:]

    def poll(self) -> list[dict[str, Any]]:
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                return messages

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        with contextlib.suppress(Exception):
            self._call(self._shut())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(self.timeout)

    # -- on the link's own thread -------------------------------------------------------------
    def _call(self, work: Coroutine[Any, Any, Any]) -> Any:
        future = asyncio.run_coroutine_threadsafe(work, self._loop)
        try:
            return future.result(self.timeout + 1.0)
        except TimeoutError:
            future.cancel()
            raise TimeoutError(f"the server at {self.url} did not answer within {self.timeout:g} seconds") from None

    def _arrived(self, message: dict[str, Any]) -> None:
        ref = message.get("ref")
        if message.get("type") in ("welcome", "ok", "error") and ref in self._asked:
            if not self._asked[ref].done():
                self._asked[ref].set_result(message)
            return
        self._tell(message)

    async def _enter(self, message: dict[str, Any]) -> dict[str, Any]:
        """Enter a room (create, join or spectate), and come back once the room is
        told too (`lobby`): the server sends it right after its welcome, and whoever
        entered reads it next (the seats, the game), so it must not race the welcome."""
        self._room_told.clear()
        answer = await self._request(message)
        try:
            await asyncio.wait_for(self._room_told.wait(), self.timeout)
        except TimeoutError:
            raise TimeoutError(f"the server at {self.url} did not say who is in the room within "
                               f"{self.timeout:g} seconds") from None
        return answer

    def _tell(self, message: dict[str, Any]) -> None:
        if message.get("type") == "room":
            self._room_told.set()
        self._told.append(message)
        self._inbox.put(message)

    async def _connected(self, code: str | None) -> None:
        """Connect (the first time: for room `code`, None to create one), and start the
        one task that reads the socket."""
        if self._client.socket is None:
            try:
                await self._client.connect(code)
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
                raise ConnectionError(f"could not reach the server at {self.url}: {error or 'no answer'}") from None
        if self._receiver is None:
            self._receiver = asyncio.create_task(self._receive())

    async def _request(self, message: dict[str, Any]) -> dict[str, Any]:
        await self._connected(message.get("room"))  # a join or a watch: at the room's path
        ident = self._client.fresh_id()
        self._asked[ident] = answered = asyncio.get_running_loop().create_future()
        try:
            await self._client.send_as(ident, message)
            answer = await asyncio.wait_for(answered, self.timeout)
        except TimeoutError:
            raise TimeoutError(f"the server at {self.url} did not answer within {self.timeout:g} seconds") from None
        except ConnectionClosed:
            raise ConnectionError(f"the connection to the server at {self.url} dropped") from None
        finally:
            del self._asked[ident]
        if answer["type"] == "error":
            raise ServerError(answer["message"])
        return answer

    async def _send(self, message: dict[str, Any]) -> None:
        """Send an act on the connection as it is: while it is being brought back
        the act is dropped (the view sent again once ``connected`` is decided again),
        never sent on a connection of its own that holds no seat."""
        if self._client.socket is None or self._reconnecting:
            return
        try:
            await self._client.send(message)
        except (ConnectionClosed, OSError):
            pass  # the receiver reconnects

    async def _receive(self) -> None:
        """Take every message as it comes; when the connection drops, bring it back.
        While the link closes, read on until the connection is closed (`_shut`)."""
        while not (self._closing and self._client.socket is None):
            try:
                await self._client.receive()
            except TimeoutError:
                continue  # a quiet room: nothing to take
            except (ConnectionClosed, OSError) as error:
                if self._closing or not await self._reconnect(error):
                    return

    async def _reconnect(self, dropped: BaseException) -> bool:
        """Bring the connection back, or say it is lost. A room on a player's own
        server (``hosted``) lives as long as the host's client: a server going away
        (close code 1001) means the host left, and a connection gone without a word
        (the host's client ended) is waited for the room's grace period only."""
        lobby = self._client.lobby or {}
        hosted = bool(lobby.get("hosted"))
        lost = {"type": "link", "status": "lost", **({"reason": HOST_LEFT} if hosted else {})}
        if hosted and close_code(dropped) == GOING_AWAY:
            self._tell(lost)
            return False
        self._reconnecting = True
        self._tell({"type": "link", "status": "reconnecting"})
        seconds = float(lobby.get("grace") or RECONNECT_SECONDS) if hosted else RECONNECT_SECONDS
        attempts = max(1, int(seconds / RETRY_DELAY))
        try:
            await self._client.reconnect(attempts=attempts, delay=RETRY_DELAY)
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, ServerError):
            self._tell(lost)
            return False
        finally:
            self._reconnecting = False
        self._tell({"type": "link", "status": "connected"})
        return True

    async def _shut(self) -> None:
        # Close while the receiver still reads: websockets stops reading a connection
        # whose unread messages fill its queue, and the server's answer to the close,
        # behind a burst of messages nobody took, would wait for the close timeout
        # (10 s, seen at a hosted game's end with bots playing on).
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._client.close(), self.timeout)
        if self._receiver is not None:
            self._receiver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._receiver
