"""The room server: WebSocket connections (the `websockets` library's asyncio
server), the rooms they join, one task a room driving its game and its clocks, and
the guards that keep a room alive whatever a client sends (docs/online.md).

    server = Server(data=Path("online"))
    await server.start("127.0.0.1", 0)    # port 0: any free port (server.port)
    ...
    await server.close()

Bad input never ends a room: a message that is not JSON, too long, of an unknown
type, for another seat, out of turn, stale or replayed is answered with an
``error`` and ignored; a client sending more than `RATE` messages a second (its
moves that were played not counted) is answered ``error`` for the excess and
dropped past `FLOOD`. A connection may have `ROOMS_PER_CONNECTION` rooms it created
open at once, an address `ROOMS_PER_ADDRESS`, the server `MAX_ROOMS` in all; a
``create`` past any of them is refused, as is a spectator past a room's
(`room.SPECTATORS_PER_ROOM`).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .. import config, files
from .. import online_protocol as protocol
from ..bots import BotError, difficulty_spec
from ..bots.driver import DECISION_TIME_LIMIT
from ..engine import SPECTATOR
from ..online_protocol import BadMessage, seat_json
from ..session.bot_worker import BotWorker, Decision, shared_worker
from . import collector
from .members import Member, new_code, process_letter
from .room import PLAYER, SPECTATORS_PER_ROOM, Room, RoomError, room_of_key
from .store import SetAside, Store
from .turns import Turns

RATE = 30
"""Messages a client may send in any one second; more are refused."""
FLOOD = 100
"""Messages in one second past which a client is dropped."""
IDLE_CLOSE = 300.0
"""Seconds a room with nobody connected is kept before it is closed."""
CLOCK = 0.5
"""The longest a room's task sleeps before it looks at its clocks again while one runs
(a turn timer, a player away on their turn)."""
IDLE_CLOCK = 10.0
"""The longest a room's task sleeps when no clock runs and no bot thinks: whatever
can move it on (a move, a start, a player leaving or coming back) wakes it, so this
is only a safety net (docs/online.md, "Speed and memory": what idle rooms cost)."""
BOT_CLOCK = CLOCK
"""The longest a room's task sleeps while one of its bots (a bot seat, a stand-in)
thinks: the bot's answer wakes it (`BotWorker.watch`: the loop watches the worker's
pipe; a worker that died is started again and asked again), so this is only a safety net."""
STEPS_A_TURN = 8
"""The most steps a room plays in its turn among the rooms' runs (`turns`): a deal of 40
steps in five turns. Each turn is one change handed to the writer and one wait for the
disk for every member's messages (a step a turn, those made 1,000 rooms' deals take
twice as long); the rooms in line behind wait for one turn each."""
DRAIN_SECONDS = 2.0
"""The most `close` waits for the messages already queued to reach their clients."""
STAND_IN_WAIT = 3 * DECISION_TIME_LIMIT
"""The most a room waits for its stand-in bot's answer before it plays a random move
for the seat: the bot's own time limit (`bots.driver.DECISION_TIME_LIMIT`, which the
worker enforces) and room for the worker to finish other rooms' bots first. Bounds a
bot the worker cannot stop (one thinking in a thread never returns)."""
STAND_IN_LOOKS = 10_000
"""The most times a room looks for its stand-in's answer (each time it is woken: the
answer, a member's message, `BOT_CLOCK`) before it gives up, besides `STAND_IN_WAIT`."""
ROOMS_PER_CONNECTION = 3
"""Rooms one connection may have created and still open: a player hosts one game
at a time (a few, to start again after leaving one)."""
ROOMS_PER_ADDRESS = 50
"""Rooms created from one network address that may be open at once (a school's
network behind one address hosts a few dozen games; `serve --rooms-per-address`
changes it, e.g. for a benchmark run from one machine)."""
MAX_ROOMS = 500
"""Rooms the server holds open at once (`serve --max-rooms`): a room holds about
0.1 MiB open and 0.7 MiB at its game's end (docs/online.md, "Speed and memory"), so
500 rooms stay under about 350 MiB besides the server's own 45 MiB, which a home
server has to spare. A ``create`` past it is told the server is full."""


class Connection:
    """One client's WebSocket: its messages go out in order through a queue (so
    the rooms send without waiting), and its member once it has joined.

    :param keep: hands a room's change to the store's writer; called before a
        message goes out when the room has numbered a message past what it handed
        (`Room.has_unkept_numbers`).
    :param on_disk: what to await before a room's message goes out (None: nothing):
        its last change handed to the writer, so no step or number reaches a client
        before it is on disk.
    :param unkept: called when a room's change could not be put on disk (the error
        `on_disk` raised): the room's messages are never sent then.
    """

    def __init__(self, socket: ServerConnection, keep: Callable[[Room], object],
                 on_disk: Callable[[Room], Awaitable[None] | None], unkept: Callable[[Room, Exception], None]):
        self.socket = socket
        self.keep, self.on_disk, self.unkept = keep, on_disk, unkept
        self.queue: asyncio.Queue[tuple[Room | None, dict[str, Any] | str] | None] = asyncio.Queue()
        self.member: Member | None = None
        self.room: Room | None = None
        self.rooms_created: list[str] = []
        """The codes of the rooms this connection created (`ROOMS_PER_CONNECTION`)."""
        self.recent: deque[float] = deque()

    @property
    def address(self) -> str:
        """The client's network address (its host, without the port)."""
        remote = self.socket.remote_address
        return str(remote[0]) if remote else ""

    def put(self, message: dict[str, Any] | str) -> None:
        """Send `message` (an object, or JSON text already written) after those before it."""
        self.queue.put_nowait((self.room, message))

    def put_unnumbered(self, message: dict[str, Any]) -> None:
        """Send `message` (an ``error``, no room's) after those before it, whatever room they are of."""
        self.queue.put_nowait((None, message))

    def close_queue(self) -> None:
        """The writer stops once what was queued before is sent."""
        self.queue.put_nowait(None)

    async def write(self) -> None:
        while (queued := await self.queue.get()) is not None:
            room, message = queued
            if room is not None:
                if room.unkept is not None:
                    continue  # its change is not on disk: nobody is told of it
                try:
                    if room.has_unkept_numbers:
                        # Written ahead: after a kill -9 the room resumes numbering past every
                        # number a client may hold, so a resume never skips a message.
                        self.keep(room)
                    pending = self.on_disk(room)
                    if pending is not None:
                        # Its batch on disk first (the writer's thread syncs it): kill -9 then
                        # loses nothing anyone was told. The loop serves the others meanwhile.
                        await pending
                except Exception as error:  # noqa: BLE001 - a disk full, an I/O error: the room closes, we go on
                    self.unkept(room, error)
                    continue
            try:
                await self.socket.send(message if isinstance(message, str) else protocol.dump(message))
            except ConnectionClosed:
                return

    def flooding(self, now: float) -> int:
        """How many messages this client sent in the last second, this one included."""
        self.recent.append(now)
        while self.recent and now - self.recent[0] > 1.0:
            self.recent.popleft()
        return len(self.recent)


class Server:
    """Rooms over WebSockets.

    :param data: the folder rooms, records and the server's history of finished
        games are kept in (`Store`).
    :param seeds: deals each new room (by default `secrets`: a seed nobody can guess).
    :param worker: where the bot seats think (by default the shared worker process).
    :param idle_close: seconds an empty room is kept.
    :param rooms_per_connection: rooms one connection may have created and still open.
    :param rooms_per_address: rooms created from one address that may be open at once.
    :param max_rooms: rooms open at once in all (rooms resumed from `data` count).
    :param spectators_per_room: spectators a room holds.
    :param hosted: the server runs inside a player's client (Play online, Host a
        game): its rooms say so (``hosted`` in the ``room`` message), so a guest
        whose connection drops knows the room went with the host.
    :param process: this server's number among several behind one proxy (0 to
        `members.PROCESSES` - 1; None: the only one): every room code it makes begins
        with that number's letter (`members.process_letter`), which the proxy routes by.
    :param log: where the server says what went wrong that no client caused (one
        line each; by default on standard error).
    """

    def __init__(self, data: Path, *, seeds: Callable[[], int] | None = None,
                 worker: BotWorker | None = None, idle_close: float = IDLE_CLOSE, bot_settings: Any = None,
                 rooms_per_connection: int = ROOMS_PER_CONNECTION, rooms_per_address: int = ROOMS_PER_ADDRESS,
                 max_rooms: int = MAX_ROOMS, spectators_per_room: int = SPECTATORS_PER_ROOM, hosted: bool = False,
                 process: int | None = None, log: Callable[[str], None] | None = None):
        self.code_letter = process_letter(process) if process is not None else ""
        """The letter every room code made here begins with ("": any)."""
        self.store = Store(data)
        self.log = log or (lambda line: print(line, file=sys.stderr, flush=True))
        self.hosted = hosted
        self.seeds = seeds or (lambda: secrets.randbits(63))
        self.worker = worker or shared_worker()
        self.idle_close = idle_close
        self.bot_settings = bot_settings if bot_settings is not None else config.defaults()["bots"]
        self.rooms: dict[str, Room] = {}
        self.rooms_per_connection, self.rooms_per_address = rooms_per_connection, rooms_per_address
        self.max_rooms, self.spectators_per_room = max_rooms, spectators_per_room
        self.creators: dict[str, str] = {}
        """The address each open room was created from (a room resumed from the data
        folder has none: it counts against nobody)."""
        self.tasks: dict[str, asyncio.Task] = {}
        self.wakes: dict[str, asyncio.Event] = {}
        self._server: Any = None
        self._reaper: asyncio.Task | None = None
        self._on_disk_waits: weakref.WeakKeyDictionary[Future, asyncio.Future] = weakref.WeakKeyDictionary()
        self.writers: dict[Connection, asyncio.Task] = {}
        """Each open connection's writer task (`close` lets them finish first)."""
        self.set_aside: list[SetAside] = []
        """The room files `start` found damaged and moved out of the way, each with why."""
        self.turns: Turns[Room] = Turns(self._step, self.wake)
        """Where a room's steps after the first of a run are played, in turn with the other rooms'."""
        self._collecting = False
        """Whether this server holds the garbage collector's freezing (`collector`: not when hosted, the
        player's app is the process's own)."""

    def _room_args(self) -> dict[str, Any]:
        return {"worker": self.worker, "history": self.store.history, "changed": self._keep, "hosted": self.hosted,
                "spectators": self.spectators_per_room}

    def _keep(self, room: Room) -> None:
        self.store.save(room)  # on disk later: each message waits for it (`Connection.write`)

    def _on_disk(self, room: Room) -> asyncio.Future | None:
        """What a message of `room` awaits: its last change on disk (None: it is). One
        loop future a change, shared by every message waiting on it, so the writer's
        thread wakes the loop once a room's batch, not once a message."""
        pending = self.store.written(room)
        if pending is None or pending.done():
            return None
        waiting = self._on_disk_waits.get(pending)
        if waiting is None:
            waiting = self._on_disk_waits[pending] = asyncio.wrap_future(pending)
        return waiting

    def _unkept(self, room: Room, error: Exception) -> None:
        """A change of `room` could not be put on disk (a disk full, an I/O error): its
        members are told and the room closes, so it never stalls in silence nor sends
        what a restart would not know. Its files stay as they were after its last change
        on disk (a restart resumes it there); the server says so on its log."""
        if room.unkept is not None:
            return
        reason = files.os_problem(error) if isinstance(error, OSError) else f"{type(error).__name__}: {error}"
        room.unkept = reason
        self.log(f"room {room.code}: cannot keep its game on disk ({reason}); the room is closed, its files left as "
                 f"they were after its last change on disk")
        told = protocol.error(f"the server cannot keep this room's game on disk ({reason}): the room is closed")
        for member in room.members.values():
            outlet = member.outlet
            if isinstance(outlet, Connection):
                outlet.put_unnumbered(told)
                if outlet.room is room:
                    outlet.room = outlet.member = None
        if self.rooms.get(room.code) is room:
            self.close_room(room.code, keep_files=True)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Resume the kept rooms (setting the damaged ones aside: `set_aside`), then
        listen on `host`:`port` (0: any free port)."""
        self.worker.watch(asyncio.get_running_loop(), self._bot_answered)
        for room in self.store.load(**self._room_args()):
            self._open(room)
        self.set_aside = self.store.set_aside
        self._server = await serve(self._handle, host, port, max_size=protocol.MAX_MESSAGE * 4, compression=None)
        if not self.hosted:
            collector.hold()
            self._collecting = True
        self._reaper = asyncio.create_task(self._reap())

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._reaper is not None:
            self._reaper.cancel()
        self.turns.cancel()
        for task in self.tasks.values():
            task.cancel()
        # What each client was sent goes out before the goodbye (a host who closes the
        # app at the game's end must not cut the others off before their game_over).
        for connection in self.writers:
            connection.close_queue()
        if self.writers:
            await asyncio.wait(list(self.writers.values()), timeout=DRAIN_SECONDS)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for room in self.rooms.values():
            if room.session is not None:
                room.session.bots.forget(hint=True)
        self.worker.unwatch(self._bot_answered)
        await asyncio.to_thread(self.store.close)  # what was handed to the writer, on disk
        if self._collecting:
            self._collecting = False
            collector.release()

    def _open(self, room: Room) -> None:
        self.rooms[room.code] = room
        self.wakes[room.code] = asyncio.Event()
        self.tasks[room.code] = asyncio.create_task(self._drive(room))

    def _step(self, room: Room) -> bool:
        """`room`'s turn among the runs (`turns`): up to `STEPS_A_TURN` steps, if it is still open; True
        when it moved."""
        return self.rooms.get(room.code) is room and room.advance(most=STEPS_A_TURN)

    def wake(self, room: Room) -> None:
        event = self.wakes.get(room.code)
        if event is not None:
            event.set()

    def _bot_answered(self, key: Any) -> None:
        """The bot worker has an answer for table `key` (on this loop: `BotWorker.watch`):
        the room whose bot it is, if it is one of this server's, looks at once."""
        code = room_of_key(key)
        room = self.rooms.get(code) if code is not None else None
        if room is not None:
            self.wake(room)

    # -- a connection ------------------------------------------------------------------------
    async def _handle(self, socket: ServerConnection) -> None:
        connection = Connection(socket, self._keep, self._on_disk, self._unkept)
        writer = asyncio.create_task(connection.write())
        self.writers[connection] = writer
        closing: asyncio.Task | None = None
        try:
            async for text in socket:
                if closing is not None:
                    continue  # read and dropped, so that its goodbye, queued behind, is heard
                count = connection.flooding(time.monotonic())
                if count > FLOOD:
                    connection.put(protocol.error("too many messages: disconnected"))
                    connection.close_queue()
                    closing = asyncio.create_task(self._drop(socket, writer))
                    continue
                if count > RATE:
                    connection.put(protocol.error("too many messages: slow down"))
                    continue
                message: dict[str, Any] | None = None
                try:
                    message = protocol.parse(text)
                    self._dispatch(connection, message)
                    if message["type"] == "act":
                        connection.recent.pop()  # a move played: a fast player is not a flood
                except (BadMessage, RoomError) as error:
                    connection.put(protocol.error(str(error), message.get("id") if message else None))
        except ConnectionClosed:
            pass
        finally:
            self.writers.pop(connection, None)
            self._left(connection)
            connection.close_queue()  # what was queued goes out first
            with contextlib.suppress(asyncio.CancelledError):
                await writer
                if closing is not None:
                    await closing

    @staticmethod
    async def _drop(socket: ServerConnection, writer: asyncio.Task) -> None:
        """Disconnect a flooding client, once what was queued for it is sent."""
        await writer
        await socket.close(1008, "too many messages")

    def _left(self, connection: Connection) -> None:
        member, room = connection.member, connection.room
        if member is None or room is None or member.outlet is not connection:
            return
        member.detach()
        if not (room.hosted and member.token == room.host):  # a hosted room's host is leaving: the server goes next
            room.presence(member, "reconnecting")
        if not room.started:
            room.tell_lobby()
        self.wake(room)

    def _dispatch(self, connection: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        ref = message.get("id")
        if kind == "ping":
            connection.put({"type": "pong", "ref": ref})
        elif kind == "create":
            self._may_create(connection)
            room = Room(new_code(self.rooms, self.code_letter), self.seeds(), **self._room_args())
            self._open(room)
            connection.rooms_created.append(room.code)
            self.creators[room.code] = connection.address
            self._enter(connection, room, room.join(), ref)
            self._keep(room)
        elif kind in ("join", "spectate", "resume"):
            room = self.rooms.get(str(message.get("room", "")).upper())
            if room is None:
                raise RoomError("no room has that code")
            if kind == "resume":
                self._resume(connection, room, room.member(message.get("token")), message.get("since", 0),
                             message.get("steps", 0), ref)
            else:
                self._enter(connection, room, room.join() if kind == "join" else room.watch(), ref)
                self._keep(room)
        else:
            room, member = connection.room, connection.member
            if room is None or member is None:
                raise RoomError("join a room first")
            if kind == "setup":
                room.setup(member.token, message)
                connection.put({"type": "ok", "ref": ref})
            elif kind == "start":
                room.start(member.token)
                connection.put({"type": "ok", "ref": ref})
                self.wake(room)
            elif kind == "act":
                room.act(member.token, message)
                self.wake(room)
            elif kind == "view":
                connection.put(room.view_for(member) if room.session is not None else room.lobby())

    def _may_create(self, connection: Connection) -> None:
        """:raises RoomError: when `connection`, or its address, or the server, has
        as many rooms open as it may (the rooms close once empty for `idle_close` seconds)."""
        if len(self.rooms) >= self.max_rooms:
            raise RoomError(f"the server is full: it has {len(self.rooms)} rooms open, the most it may have; "
                            f"try again later")
        mine = sum(code in self.rooms for code in connection.rooms_created)
        if mine >= self.rooms_per_connection:
            raise RoomError(f"too many rooms: this connection created {mine} rooms still open, the most it may "
                            f"have; a room closes once nobody has been in it for {self.idle_close:g} seconds")
        ours = sum(address == connection.address for address in self.creators.values())
        if ours >= self.rooms_per_address:
            raise RoomError(f"too many rooms: {ours} rooms created from your address are open, the most one "
                            f"address may have; a room closes once nobody has been in it for "
                            f"{self.idle_close:g} seconds")

    def _enter(self, connection: Connection, room: Room, member: Member, ref: Any) -> None:
        """`member` joined `room` on `connection`: its token, then what it may see."""
        self._bind(connection, room, member)
        connection.put({"type": "welcome", "ref": ref, "room": room.code, "seat": seat_json(member.seat),
                        "token": member.token, "host": member.token == room.host})
        room.tell_lobby()
        if member.seat == SPECTATOR and room.session is not None:  # a game under way: every step so far, each
            told = room.steps_since(0, SPECTATOR)                     # with the view after it
            for message in told or [room.view_for(member)]:
                member.send(message)
            if room.session.ended:
                member.send(room.game_over())
        room.presence(member, "joined")

    def _resume(self, connection: Connection, room: Room, member: Member, since: Any, message_steps: Any,
                ref: Any) -> None:
        """`member` back with its token: the messages it missed (from sequence number
        `since` on), or, when those are gone (a restart), the lobby, the steps from
        `message_steps` on (how many it was told) and its view afresh."""
        if member.outlet is not None and member.outlet is not connection:
            old = member.outlet
            assert isinstance(old, Connection)
            old.member = None  # the newer connection holds the seat from now on
        self._bind(connection, room, member)
        missed = member.missed(since) if isinstance(since, int) and not isinstance(since, bool) else None
        connection.put({"type": "welcome", "ref": ref, "room": room.code, "seat": seat_json(member.seat),
                        "token": member.token, "host": member.token == room.host, "resent": missed is not None})
        if missed is None:  # sent before a restart: the lobby, and the steps since the last it was told
            member.send(room.lobby())
            told = message_steps if isinstance(message_steps, int) and not isinstance(message_steps, bool) else 0
            for message in room.steps_since(told, member.seat):
                member.send(message)
        else:
            for message in missed:
                connection.put(message)
        if room.session is not None:
            member.send(room.view_for(member))
            if room.session.ended:
                member.send(room.game_over())
        room.presence(member, "back")
        self.wake(room)

    @staticmethod
    def _bind(connection: Connection, room: Room, member: Member) -> None:
        if connection.member is not None and connection.member is not member:
            connection.member.detach()
        connection.room, connection.member = room, member
        member.attach(connection)

    # -- the rooms' tasks -------------------------------------------------------------------
    async def _drive(self, room: Room) -> None:
        """Move the room's game on whenever it can, and play a turn for a player out
        of time or away (a bot of the host's chosen difficulty)."""
        wake = self.wakes[room.code]
        while True:
            if room.advance(most=1):
                # What follows at once (a deal: 40 steps, each told to every seat with its view) is
                # played a step at a time in turn with the other rooms' (`turns`), which wake us after.
                self.turns.add(room)
            session = room.session
            now = time.monotonic()
            overdue = room.overdue(now)
            if overdue is not None:
                await self._stand_in(room, *overdue)
                continue
            thinking = session is not None and not session.ended and session.current_player >= 0 \
                and room.kinds[session.current_player] != PLAYER
            deadline = room.next_deadline(now)
            timeout = min(CLOCK, deadline) if deadline is not None else BOT_CLOCK if thinking else IDLE_CLOCK
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout)

    async def _stand_in(self, room: Room, seat: int, reason: str) -> None:
        """Play `seat`'s turn with the host's chosen stand-in bot, driven by the bot
        worker like every bot (its time limit, its legality check), waiting without
        blocking the other rooms. Whatever the bot does, the turn is played
        (`Room.take_over`: a fault is a random move and a notice), so a failing
        stand-in never freezes the room."""
        session = room.session
        assert session is not None
        step = len(session.steps)
        try:
            spec = difficulty_spec(self.bot_settings, room.bot)
        except BotError as error:  # a bad [bots] setting: a fault like any other
            decision = Decision(None, 0.0, str(error))
        else:
            ticket = room.ask_stand_in(seat, spec)
            try:
                decision = await self._stand_in_answer(room, ticket)
            finally:  # a fresh bot next time; and a room closed meanwhile leaves no answer owed
                room.bot_worker.forget(room.stand_in_key)
        room.take_over(seat, step, decision, reason)
        room.turn_began = time.monotonic()

    async def _stand_in_answer(self, room: Room, ticket: int) -> Decision:
        """The worker's answer to `ticket`, asked for `room`'s stand-in, looked for each
        time the room is woken (its answer wakes it: `_bot_answered`), or a failed
        decision after `STAND_IN_WAIT`."""
        worker, wake = room.bot_worker, self.wakes[room.code]
        began = time.monotonic()
        for _ in range(STAND_IN_LOOKS):
            decision = worker.result(ticket)
            if decision is not None:
                return decision
            left = STAND_IN_WAIT - (time.monotonic() - began)
            if left <= 0:
                break
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), min(left, BOT_CLOCK))
        worker.cancel(ticket)
        return Decision(None, time.monotonic() - began, f"no answer within {STAND_IN_WAIT:g} s")

    async def _reap(self) -> None:
        """Close the rooms nobody has been connected to for `idle_close` seconds."""
        while True:
            await asyncio.sleep(min(1.0, self.idle_close / 4))
            now = time.monotonic()
            collector.look(now)
            for code, room in list(self.rooms.items()):
                if room.is_empty and now - room.away_since() >= self.idle_close:
                    self.close_room(code)

    def close_room(self, code: str, *, keep_files: bool = False) -> None:
        """Close room `code`: gone from the server and from its data folder (or, with
        `keep_files`, its files left as they are)."""
        room = self.rooms.pop(code)
        self.creators.pop(code, None)
        if keep_files:
            self.store.let_go(room)
        else:
            self.store.forget(room)
        self.tasks.pop(code).cancel()
        self.wakes.pop(code, None)
        if room.session is not None:
            room.session.bots.forget(hint=True)

