"""Host a game from the client: the room server (`server.app.Server`) in a
thread of its own with its own asyncio loop, so the players on a LAN need no
separate ``dominoes-arcade serve``. No pygame here.

This is the client's side's one import of the server (`server.app`, imported when
a game is hosted): here, not in the client, so that the client never imports the
server, and `remote` imports it in this one module only (the import contract in
pyproject.toml allows this one import and no other).

    hosted = HostedServer(data, "0.0.0.0", 8765)
    hosted.start()              # raises HostError with the reason in a player's words
    hosted.port                 # where it listens (another one when 8765 was taken)
    hosted.close()              # bounded: never holds the client up longer than `CLOSE_SECONDS`
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import threading
from pathlib import Path
from typing import Any

START_SECONDS = 10.0
"""The longest the client waits for its server to listen."""
CLOSE_SECONDS = 3.0
"""The longest the client waits for its server to stop."""


class HostError(RuntimeError):
    """The server could not be started: the message says why, for the player."""


class HostedServer:
    """A room server running in a background thread.

    :param data: where its rooms are kept (an ``online`` folder of the user data dir).
    :param host: the address it listens on (``[online] host``).
    :param port: the port (``[online] port``); when it is taken, any free port is
        used instead and `fell_back` says so.
    :param server_options: passed on to `Server` (tests give a thread worker).
    """

    def __init__(self, data: Path, host: str, port: int, **server_options: Any):
        self.data, self.host, self.wanted_port = data, host, port
        self.server_options = server_options
        self.port = 0
        self.fell_back = False
        """The port asked for was taken: it listens on another (`port`)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: Any = None

    def start(self) -> None:
        """Listen, or raise `HostError` saying why not."""
        ready = threading.Event()
        failure: list[BaseException] = []
        self._loop = asyncio.new_event_loop()

        def run() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            try:
                self._loop.run_until_complete(self._listen())
            except BaseException as error:  # handed to the caller's thread below
                failure.append(error)
                self._loop.run_until_complete(self._shut())
                ready.set()
                self._loop.close()
                return
            ready.set()
            self._loop.run_forever()
            self._loop.close()

        self._thread = threading.Thread(target=run, name="hosted-server", daemon=True)
        self._thread.start()
        if not ready.wait(START_SECONDS):
            raise HostError("The game server did not start in time.")
        if failure:
            self._thread.join(CLOSE_SECONDS)
            error = failure[0]
            if isinstance(error, HostError):
                raise error
            if isinstance(error, OSError):
                raise HostError(f"Could not open a game on {self.host}: {error.strerror or error}") from None
            raise HostError(f"Could not open a game: {error}") from None

    async def _listen(self) -> None:
        from ..server.app import Server  # the network library only when a game is hosted

        for port in (self.wanted_port, 0):  # the port asked for; when it is taken, any free one
            try:
                self._server = Server(self.data, hosted=True, **self.server_options)
            except OSError as error:
                raise HostError(f"Could not keep the game's rooms in {self.data}: {error.strerror or error}") from None
            try:
                await self._server.start(self.host, port)
            except OSError as error:
                await self._server.close()  # it had opened the rooms kept from before: a new one tries again
                if error.errno != errno.EADDRINUSE or port == 0:
                    raise
                continue
            self.fell_back = port != self.wanted_port
            self.port = self._server.port
            return

    async def _shut(self) -> None:
        """Close the server, then end what its rooms and connections left running.
        The close is bounded (a guest slow to answer the closing handshake is cut
        off), so that every task has ended before `close` stops the loop: a task
        left pending there is destroyed with a traceback on the player's terminal."""
        if self._server is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.close(), CLOSE_SECONDS / 2)
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.wait_for(asyncio.gather(*others, return_exceptions=True), CLOSE_SECONDS / 3)

    @property
    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def close(self) -> None:
        """Stop the server and its thread, waiting at most about `CLOSE_SECONDS`."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        stopping = asyncio.run_coroutine_threadsafe(self._shut(), loop)
        try:
            stopping.result(CLOSE_SECONDS)
        except Exception:  # noqa: BLE001 - a server that will not close is left to the daemon thread
            pass
        loop.call_soon_threadsafe(loop.stop)
        thread.join(CLOSE_SECONDS)

    def local_url(self) -> str:
        """Where this computer reaches the server."""
        return f"ws://127.0.0.1:{self.port}"


def link_failures() -> tuple[type[BaseException], ...]:
    """What a link to a server (`remote.link.OnlineLink`) raises: the server's
    refusal (`ServerError`, in its words), no server reached, no answer in time."""
    from websockets.exceptions import WebSocketException

    from .client import ServerError

    return ServerError, OSError, TimeoutError, WebSocketException
