"""The room server under load (issues 32 and 41): one `dominoes-arcade serve` process on
127.0.0.1 holding ROOMS rooms of SEATS player seats each, every seat a headless
client (dominoes_arcade/remote/client.py) deciding as a bot from its view, the
clients in PROCESSES processes of their own (as real players are), the rooms shared
among them.

Measured:

- **latency**: from a client's action sent to the moment every seat of its room
  has received that step (median and p99 over all the actions), and actions/s;
- **memory per room**: the server process's resident memory with every room open
  (before the games start) and at the end of the games, less before the first room,
  divided by the rooms (from /proc);
- **CPU per action**: the server process's CPU time (user + system, /proc) over the
  games, divided by the actions the clients sent; and per step (chance included);
- `--relay`: the same clients, on the same pattern (each room's seats in turn send an
  action as soon as they are told the one before, every seat told each one), against a
  trivial websockets relay: the floor, side by side with the server in one run;
- `--count-syncs`: the server's fsync and fdatasync calls per action (strace attached);
- `--bots N`: the last N seats of each room are the server's bots (`--bot`: medium): how
  long from a client's action sent to every seat told the bot's move right after it.

`--profile` instead plays the rooms' games through `Room` alone (no network, no
clients, random decisions), under cProfile, prints where the server's time goes,
then plays them again for the CPU time per action without the profiler.

`--pace 2` has each player think 2 s a move on average (0.5 to 1.5 times that, at
random), as people do: a room moves about every 2 s, and the latency is what each
action waits with the server holding many rooms open rather than playing flat out;
the memory is also sampled as the games go (its most). Every room is started at
once, and the latency of the actions sent once all have started (a seat of each
offered a move: its deal told) is printed too (the rooms held open); `--seconds 60`
stops sending actions after 60 s (the games left unfinished), so that 1,000 rooms
take a few minutes, not seven.

`--trace` runs the same server traced (`serve_traced`: the server's own code, a few
of its functions wrapped to note the time) and prints where each action's time went,
on the same clock as the clients': the client deciding, the server reading the action,
the room's task playing it, its log line on disk (the writer's thread), its messages
written to the sockets, every seat reading them; beside them the server's own latency
(received -> written), both processes' loop lag, the writer's batches, the garbage
collections of the server and of the clients, and the CPU of the server and of the
clients over the games.

The client processes run with their garbage collector off once their rooms are open
(they stand for players on other machines; with it on, its collections stopped a
client process's loop up to 0.9 s at a time with 2,000 connections each).

Run with `python bench/server.py [--rooms 100] [--seats 4] [--game cyprus] [--processes 2]
[--relay] [--pace SECONDS [--seconds SECONDS]] [--idle SECONDS] [--bots N] [--count-syncs] [--trace]
[--profile [--spectators N]]`.
Never part of the tests: timings depend on the machine and its load (`os.getloadavg` is printed with them).
The clients share the machine with the server, so the latency includes their own
time to read and decide.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import multiprocessing
import os
import queue
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from dominoes_arcade.remote.client import OnlineClient, bot_decider

STARTED = re.compile(r"serving on ws://127\.0\.0\.1:(\d+)")
RELAYING = re.compile(r"relaying on ws://127\.0\.0\.1:(\d+)")
BARRIER_SECONDS = 300
"""The most a client process waits for the others (each opening its rooms)."""
BOT = "medium"
"""The difficulty of a bot seat (`--bots`) unless `--bot` says: the greedy bot, a few ms a move."""
TICKS = os.sysconf("SC_CLK_TCK")


def start_server(data: Path, rooms: int, trace: Path | None = None,
                 profile_start: Path | None = None) -> tuple[subprocess.Popen, int]:
    """A server taking `rooms` rooms, all from this one address (the benchmark's clients all share it);
    with `trace`, the same server traced (`serve_traced`), its trace written there (and the rooms'
    start profiled into `profile_start`)."""
    most = str(max(rooms, 1))
    command = [sys.executable, "-m", "dominoes_arcade", "serve", "--port", "0", "--data", str(data),
               "--rooms-per-address", most, "--max-rooms", most] if trace is None else \
        [sys.executable, __file__, "--serve-traced", str(trace), "--data", str(data), "--rooms", most,
         *(["--profile-start", str(profile_start)] if profile_start is not None else [])]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    return process, listening_port(process, STARTED, "the server")


def listening_port(process: subprocess.Popen, started: re.Pattern[str], what: str) -> int:
    """The port `process` says on its first lines of standard error that it listens on."""
    assert process.stderr is not None
    for _ in range(20):
        if found := started.search(process.stderr.readline()):
            return int(found[1])
    process.kill()
    raise SystemExit(f"{what} did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def trace_syncs(pid: int, out: Path) -> subprocess.Popen:
    """strace attached to the server process (every thread), counting its syncs into `out`."""
    tracer = subprocess.Popen(["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", "-o", str(out), "-p", str(pid)],
                              stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # attached before the first room
    return tracer


def syncs_counted(tracer: subprocess.Popen, out: Path, actions: int) -> str:
    """Stop `tracer` (SIGINT: it detaches and writes its table) and read its counts."""
    tracer.send_signal(signal.SIGINT)
    tracer.wait(30)
    calls = {name: 0 for name in ("fsync", "fdatasync")}
    for line in out.read_text().splitlines():
        fields = line.split()
        if fields and fields[-1] in calls:
            calls[fields[-1]] = int(fields[3])
    return ", ".join(f"{count / max(actions, 1):.2f} {name}" for name, count in calls.items())


class Timing:
    """When each action was sent, and when each seat was told of its step."""

    def __init__(self):
        self.sent: dict[tuple[str, int], float] = {}
        self.told: dict[tuple[str, int], list[float]] = {}
        self.by_bot: set[tuple[str, int]] = set()
        """The steps a bot seat played (`--bots`)."""
        self.acted: dict[tuple[str, int], float] = {}
        """When each action's message was written to the client's socket (its decision made)."""
        self.playing: set[str] = set()
        """The rooms started: a seat told a view in which it may act (`paced`), its opening (a deal) told."""
        self.starting = 0.0
        """Seconds the rooms took to start (`--pace`: each room's clients follow from its start on)."""
        self.lags: list[float] = []
        """How late the client process's loop woke a task (`watch_lag`)."""

    def latencies(self, seats: int, since: float = 0.0) -> list[float]:
        """Each action's (sent at `since` or later, `time.perf_counter`), every seat told."""
        return [max(self.told[key]) - at for key, at in self.sent.items()
                if at >= since and len(self.told.get(key, ())) == seats]

    def bot_latencies(self, seats: int) -> list[float]:
        """For each step a bot seat played right after a client's action: from that action
        sent to every seat told the bot's step (the server playing the action, asking its
        bot, the bot thinking, the server seeing the answer and telling it)."""
        return [max(self.told[room, step]) - self.sent[room, step - 1] for room, step in self.by_bot
                if (room, step - 1) in self.sent and len(self.told.get((room, step), ())) == seats]


async def open_room(url: str, game: str, seats: int, options: dict, bots: int = 0, bot: str = BOT
                    ) -> list[OnlineClient]:
    """A room of `seats` seats, its last `bots` the bot `bot`'s (a difficulty), a client in each other."""
    host = OnlineClient(url, timeout=60)
    code = await host.create()
    await host.setup(game=game, options=options, seats=["player"] * (seats - bots) + [bot] * bots)
    clients = [host]
    for _ in range(seats - bots - 1):
        client = OnlineClient(url, timeout=60)
        await client.join(code)
        clients.append(client)
    return clients


async def paced(client: OnlineClient, decide, pace: float, rng, note, acted: dict, until: float,
                playing: set) -> dict | None:
    """`client.follow` at a human's pace: each decision sent `pace` seconds on average
    (0.5 to 1.5 times, at random, so the rooms do not move in step) after its view;
    none past `until` (`time.perf_counter`): then None, the game left unfinished. Only the
    messages it needs are decoded: of a ``step`` its number and actor, no view it does
    not act on (`playing`: the rooms a seat of which was offered a move, their deal told)."""
    acted_at = -1
    for _ in range(200_000):
        if client.record is not None:
            return client.record
        view = client.view
        if view is not None and view["legal"] and view["step"] != acted_at:
            acted_at = view["step"]
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            if time.perf_counter() > until:
                return None
            await client.act(decide(view))
            acted[client.room, acted_at] = time.perf_counter()
            continue
        text = await asyncio.wait_for(client.socket.recv(), client.timeout)
        if text.startswith(STEP):  # its number and actor read, the rest not decoded
            step, actor = text[len(STEP):].split(',"action":', 1)[0].split(',"actor":')
            await note(client, {"type": "step", "step": int(step), "actor": int(actor)})
        elif not (text.startswith('{"type":"view"') and '"legal":[]' in text):  # not a view it acts on
            message = json.loads(text)
            if message["type"] == "view" and message["legal"]:
                playing.add(client.room)
            client.take(message)
            await note(client, message)
    raise TimeoutError("the game did not end")


STEP = '{"type":"step","step":'
"""How a ``step`` message begins (`paced` reads its number and actor only)."""


async def run(url: str, rooms: int, seats: int, game: str, options: dict,
              opened: Callable[[], Awaitable[None]], pace: float = 0.0, bots: int = 0, bot: str = BOT,
              seconds: float | None = None) -> dict:
    """Open `rooms` rooms on the server at `url` (`bots` of each room's seats a bot's),
    await `opened`, then play their games (each seat deciding at once, or after `pace`
    seconds on average; with a pace, no action sent past `seconds`, the games left
    unfinished): each action's latency, each bot step's, the actions, the steps and
    the wall time."""
    import random

    timing = Timing()
    tables = [await open_room(url, game, seats, options, bots, bot) for _ in range(rooms)]
    players = seats - bots

    def timed(client: OnlineClient, decide):
        def choose(view: dict) -> str:
            timing.sent[client.room, view["step"]] = time.perf_counter()
            return decide(view)
        return choose

    async def note(client: OnlineClient, message: dict) -> None:
        client.received.clear()  # kept by the client for tests: 4,000 clients' would be gigabytes
        if message.get("type") == "step":
            timing.told.setdefault((client.room, message["step"]), []).append(time.perf_counter())
            if message["actor"] >= players:
                timing.by_bot.add((client.room, message["step"]))

    await opened()
    began = time.perf_counter()
    playing = asyncio.get_running_loop().create_future()
    collections = watch_collections()
    watcher = asyncio.ensure_future(watch_lag(timing.lags, playing))
    if pace:
        # Each room's clients read from its start on: 1,000 rooms take a while to start,
        # and a client that reads nothing meanwhile stops answering the server's pings.
        rng = random.Random(os.getpid())
        until = began + seconds if seconds else float("inf")
        follows = [asyncio.ensure_future(paced(client, timed(client, bot_decider("random", seed=client.seat or 0)),
                                               pace, rng, note, timing.acted, until, timing.playing))
                   for clients in tables for client in clients]
        # Every room started at once (one after the other, each waiting for its ``ok``, 1,000
        # rooms took a minute): their hosts' ``start`` sent, the ``ok`` read by `paced`.
        for clients in tables:
            await clients[0].send({"type": "start"})
        await asyncio.sleep(0)
        for _ in range(100_000):
            if len(timing.playing) == len(tables) \
                    or time.perf_counter() - began > 120:
                break
            await asyncio.sleep(0.1)
        timing.starting = time.perf_counter() - began
    else:
        for clients in tables:
            await clients[0].start()
        follows = [client.follow(timed(client, bot_decider("random", seed=client.seat or 0)), limit=3600,
                                 on_message=note) for clients in tables for client in clients]
    if pace and seconds:
        # The actions sent before `until` told (or DRAIN_SECONDS past it); the rest of the games dropped.
        _, late = await asyncio.wait(follows, timeout=seconds + DRAIN_SECONDS)
        for follow in late:
            follow.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        records = []
        wall = seconds
    else:
        records = await asyncio.gather(*follows)
        wall = time.perf_counter() - began
    playing.set_result(None)
    await watcher
    for clients in tables:
        for client in clients:
            await client.close()
    steps = sum(len(record["steps"]) for record in records[::players]) if not (pace and seconds) else \
        sum(len(told) == players for told in timing.told.values())  # the steps every seat was told
    return {"latencies": timing.latencies(players), "bot_latencies": timing.bot_latencies(players),
            "held": timing.latencies(players, began + timing.starting) if pace else [],
            "actions": len(timing.sent), "steps": steps, "wall": wall,
            "marks": {"sent": {f"{room} {step}": at for (room, step), at in timing.sent.items()},
                      "acted": {f"{room} {step}": at for (room, step), at in timing.acted.items()},
                      "told": {f"{room} {step}": max(at) for (room, step), at in timing.told.items()
                               if len(at) == players}},
            "lags": timing.lags, "collections": collections, "starting": timing.starting,
            "held_since": began + timing.starting if pace else 0.0}


DRAIN_SECONDS = 15.0
"""How long past `--seconds` the actions sent before it have to be told."""
RELAY_ACTIONS = 60
"""Actions a relay room plays (about a game of Cyprus to 30 at 4 seats: 59 on average)."""


async def relay_rooms(url: str, rooms: int, seats: int, game: str, options: dict,
                      opened: Callable[[], Awaitable[None]]) -> dict:
    """The same pattern against the trivial relay (`serve_relay`): each room's seats in
    turn send an action as soon as they are told the one before, and every seat is
    told each one; the floor any server on this machine, with these clients, stands on."""
    from websockets.asyncio.client import connect

    timing = Timing()
    tables = []
    for number in range(rooms):
        code = f"{os.getpid()}-{number}"
        sockets = [await connect(url, compression=None) for _ in range(seats)]
        for socket in sockets:
            await socket.send(json.dumps({"room": code}))
        tables.append((code, sockets))

    async def seat(code: str, number: int, socket) -> None:
        for _ in range(RELAY_ACTIONS):
            step = json.loads(await asyncio.wait_for(socket.recv(), 60))["step"]
            timing.told.setdefault((code, step), []).append(time.perf_counter())
            if step + 1 == RELAY_ACTIONS:
                return
            if (step + 1) % seats == number:
                timing.sent[code, step + 1] = time.perf_counter()
                await socket.send(json.dumps({"step": step + 1, "action": "4-6 @7"}))

    await opened()
    began = time.perf_counter()
    for code, sockets in tables:
        timing.sent[code, 0] = time.perf_counter()
        await sockets[0].send(json.dumps({"step": 0, "action": "4-6 @7"}))
    await asyncio.gather(*(seat(code, number, socket) for code, sockets in tables
                           for number, socket in enumerate(sockets)))
    wall = time.perf_counter() - began
    for _, sockets in tables:
        for socket in sockets:
            await socket.close()
    return {"latencies": timing.latencies(seats), "actions": len(timing.sent), "steps": len(timing.sent),
            "wall": wall}


async def serve_relay() -> None:
    """A trivial WebSocket relay on 127.0.0.1: a client names its room first, then
    everything it sends is sent to every client of the room (itself too)."""
    from websockets.asyncio.server import serve
    from websockets.exceptions import ConnectionClosed

    rooms: dict[str, list] = {}

    async def handle(socket) -> None:
        members = rooms.setdefault(json.loads(await socket.recv())["room"], [])
        members.append(socket)
        try:
            async for text in socket:
                for member in list(members):
                    with contextlib.suppress(ConnectionClosed):
                        await member.send(text)
        finally:
            members.remove(socket)

    async with serve(handle, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"relaying on ws://127.0.0.1:{port}", file=sys.stderr, flush=True)
        await asyncio.Future()


LAG_EVERY = 0.05
"""How often a traced process's loop asks to be woken (`--trace`): how late it is woken is its lag."""


async def watch_lag(lags: list[float], until: asyncio.Future) -> None:
    """Note how late this loop wakes a task that asked to sleep `LAG_EVERY` s, until `until` is done."""
    loop = asyncio.get_running_loop()
    while not until.done() and len(lags) < 1_000_000:
        asked = loop.time() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        lags.append(loop.time() - asked)


def watch_collections() -> list[tuple[int, float, float]]:
    """Each of this process's garbage collections from now on: its generation, how long it
    took and when it began (`time.perf_counter`)."""
    import gc

    collections: list[tuple[int, float, float]] = []
    began = [0.0]

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif len(collections) < 1_000_000:
            collections.append((info["generation"], time.perf_counter() - began[0], began[0]))
    gc.callbacks.append(note)
    return collections


async def serve_traced(data: Path, rooms: int, trace: Path, profile_start: Path | None = None) -> None:
    """The server as `serve` runs it, traced (`--trace`): for each action, when it was
    received, when its step was published, when the room's log line holding it was on
    disk and when the last of its messages was handed to a connection's socket
    (``time.perf_counter``: the same clock as the clients'), and the loop's lag. Written
    to `trace` (JSON) when the process is told to stop (SIGTERM). With `profile_start`,
    the rooms' start under cProfile (from the first ``start`` read to the first ``act``),
    its statistics written there (`pstats`)."""
    import cProfile
    from concurrent.futures import Future

    from websockets.asyncio.server import ServerConnection

    from dominoes_arcade.server import app
    from dominoes_arcade.server.room import Room
    from dominoes_arcade.server.store import Store
    from dominoes_arcade.server.writer import Writer

    clock = time.perf_counter
    marks: dict[str, dict[str, float]] = {"received": {}, "published": {}, "synced": {}, "written": {}}
    received, published, synced, written = (marks[name] for name in ("received", "published", "synced", "written"))
    sockets: dict[ServerConnection, app.Connection] = {}

    dispatch = app.Server._dispatch
    profiler = cProfile.Profile() if profile_start is not None else None
    profiling: list[str] = []
    """"on" once the first ``start`` was read, "done" once the first ``act`` was."""

    def traced_dispatch(self, connection, message):
        kind = message.get("type")
        if profiler is not None and kind == "start" and not profiling:
            profiling.append("on")
            profiler.enable()
        elif profiler is not None and kind == "act" and profiling == ["on"]:
            profiler.disable()
            profiling.append("done")
            profiler.dump_stats(profile_start)
        if kind == "act" and connection.room is not None:
            received[f"{connection.room.code} {message.get('step')}"] = clock()
        return dispatch(self, connection, message)

    publish = Room._publish

    def traced_publish(self, events):
        publish(self, events)
        now = clock()
        for event in events:
            step = getattr(event, "step", None)
            if isinstance(step, int):
                published.setdefault(f"{self.code} {step}", now)

    save = Store.save

    def traced_save(self, room, **kwargs):
        logged = self._logged.get(room.code)
        first = logged.steps if logged is not None else 0
        future = save(self, room, **kwargs)
        last = len(room.session.steps) if room.session is not None else 0
        keys = [f"{room.code} {step}" for step in range(first, last)]
        def done(_: Future) -> None:
            now = clock()
            for key in keys:
                synced.setdefault(key, now)  # the first change holding the step on disk
        future.add_done_callback(done)
        return future

    batches: list[tuple[float, float, int, int]] = []
    """Each batch of the writer's thread: when it began and ended, its jobs, the logs it synced."""
    do = Writer._do

    def traced_do(self, batch):
        began = clock()
        do(self, batch)
        batches.append((began, clock(), len(batch), len({job[1] for job in batch if job[1] is not None})))

    connection_init = app.Connection.__init__

    def traced_init(self, socket, *args):
        connection_init(self, socket, *args)
        sockets[socket] = self

    send = ServerConnection.send

    async def traced_send(self, message, *args, **kwargs):
        await send(self, message, *args, **kwargs)
        if isinstance(message, str) and message.startswith('{"type":"step","step":'):
            connection = sockets.get(self)
            if connection is not None and connection.room is not None:
                step = message[len('{"type":"step","step":'):].split(",", 1)[0]
                written[f"{connection.room.code} {step}"] = clock()
        elif isinstance(message, str) and message.startswith('{"type":"view","step":'):
            connection = sockets.get(self)
            if connection is not None and connection.room is not None:
                step = int(message[len('{"type":"view","step":'):].split(",", 1)[0]) - 1
                written[f"{connection.room.code} {step}"] = clock()

    syncs: list[tuple[str, float]] = []
    """Each fsync and fdatasync of the server (any thread): which, and when (counted without strace,
    whose stops at every system call slow the server down many times over)."""
    def counting(name: str):
        sync = getattr(os, name)

        def counted(descriptor) -> None:
            sync(descriptor)
            syncs.append((name, clock()))
        return counted
    os.fsync, os.fdatasync = counting("fsync"), counting("fdatasync")
    app.Server._dispatch, Room._publish, Store.save = traced_dispatch, traced_publish, traced_save
    app.Connection.__init__, ServerConnection.send, Writer._do = traced_init, traced_send, traced_do
    server = app.Server(data, rooms_per_address=rooms, max_rooms=rooms)
    await server.start("127.0.0.1", 0)
    print(f"serving on ws://127.0.0.1:{server.port}", file=sys.stderr, flush=True)
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set_result, None)
    lags: list[float] = []
    collections = watch_collections()
    watcher = asyncio.create_task(watch_lag(lags, stop))
    await stop
    watcher.cancel()
    trace.write_text(json.dumps({**marks, "lags": lags, "batches": batches, "collections": collections,
                                 "syncs": syncs}))
    os._exit(0)  # the rooms' files are the run's own, thrown away


def start_relay() -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([sys.executable, __file__, "--serve-relay"], stderr=subprocess.PIPE, text=True)
    return process, listening_port(process, RELAYING, "the relay")


def client_process(play, url: str, rooms: int, seats: int, game: str, options: dict, barrier, results) -> None:
    """One process of clients (`run` or `relay_rooms` for its share of the rooms)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]  # a socket a client: 1,000 rooms of 4 are 4,000
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    async def opened() -> None:
        # The clients' garbage collector out of the way (the players are on other machines): with
        # 2,000 connections a process, its collections stopped the clients' loop up to 0.9 s at a time
        # (a run's garbage is a few tens of MiB: the clients end at about 170 MiB each, 1,000 rooms).
        gc.collect()
        gc.freeze()
        gc.disable()
        await asyncio.to_thread(barrier.wait, BARRIER_SECONDS)  # every process's rooms open
        await asyncio.to_thread(barrier.wait, BARRIER_SECONDS)  # the server measured: play

    found = asyncio.run(play(url, rooms, seats, game, options, opened))
    found["rss"] = rss_bytes(os.getpid())
    results.put(found)


def measure(play, url: str, pid: int, rooms: int, seats: int, game: str, options: dict, processes: int,
            idle: float = 0.0) -> dict:
    """`play` (`run` or `relay_rooms`) in `processes` client processes sharing the
    rooms, the server (`pid`) measured around the games, and for `idle` seconds before
    them with every room open and nobody moving (its CPU share then)."""
    context = multiprocessing.get_context("fork")
    count = max(1, min(processes, rooms))
    barrier, results = context.Barrier(count + 1), context.Queue()
    children = [context.Process(target=client_process, daemon=True,
                                args=(play, url, rooms // count + (number < rooms % count), seats, game, options,
                                      barrier, results)) for number in range(count)]
    for child in children:
        child.start()
    try:
        barrier.wait(BARRIER_SECONDS)
        idle_cpu = cpu_seconds(pid)
        time.sleep(idle)
        idle_cpu = (cpu_seconds(pid) - idle_cpu) / idle if idle else None
        rss_playing, cpu_before = rss_bytes(pid), cpu_seconds(pid)
        began = time.perf_counter()
        barrier.wait(BARRIER_SECONDS)
        found, rss_peak = [], rss_playing
        clients_before = sum(cpu_seconds(child.pid) for child in children)
        shares: list[tuple[float, float]] = []
        """The server's and the clients' CPU (cores) over each half second of the games."""
        last = (time.perf_counter(), cpu_before, clients_before)
        while len(found) < len(children) and time.perf_counter() - began < 3600:
            rss_peak = max(rss_peak, rss_bytes(pid))  # sampled every half second while the games go on
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):
                now = (time.perf_counter(), cpu_seconds(pid), sum(cpu_seconds(child.pid) for child in children))
                shares.append(((now[1] - last[1]) / (now[0] - last[0]), (now[2] - last[2]) / (now[0] - last[0])))
                last = now
            with contextlib.suppress(queue.Empty):
                found.append(results.get(timeout=0.5))
                continue
            if any(child.exitcode not in (None, 0) for child in children):
                raise SystemExit("a client process failed (its error is above)")
        wall = time.perf_counter() - began
        cpu, rss_after = cpu_seconds(pid) - cpu_before, rss_bytes(pid)
        clients_cpu = last[2] - clients_before
    finally:
        for child in children:
            child.join(30)
            if child.is_alive():
                child.kill()
    return {"latencies": [at for part in found for at in part["latencies"]],
            "held": [at for part in found for at in part.get("held", ())],
            "bot_latencies": [at for part in found for at in part.get("bot_latencies", ())],
            "actions": sum(part["actions"] for part in found), "steps": sum(part["steps"] for part in found),
            "wall": wall, "cpu": cpu, "rss_playing": rss_playing, "rss_after": rss_after, "rss_peak": rss_peak,
            "idle_cpu": idle_cpu, "clients_cpu": clients_cpu, "shares": shares,
            "marks": {name: {key: at for part in found for key, at in part.get("marks", {}).get(name, {}).items()}
                      for name in ("sent", "acted", "told")},
            "starting": max(part.get("starting", 0.0) for part in found),
            "held_since": max(part.get("held_since", 0.0) for part in found),
            "clients_rss": [part.get("rss", 0) for part in found],
            "client_lags": [lag for part in found for lag in part.get("lags", ())],
            "client_collections": [each for part in found for each in part.get("collections", ())]}


def spread(latencies: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile, in ms."""
    ordered = sorted(latencies)
    return statistics.median(ordered) * 1e3, ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e3


class Discard:
    """A member's connection that sends nowhere (`--profile`)."""

    def put(self, message) -> None:
        pass


def profile_rooms(rooms: int, seats: int, game: str, options: dict, folder: Path, spectators: int = 0) -> None:
    """Play `rooms` games through the rooms' own code under cProfile: the shares of
    keeping the room files, the views and the messages' JSON in the server's time;
    then the same games again without the profiler, for the CPU time per action
    (the writer's thread included)."""
    import cProfile
    import pstats
    import random

    from dominoes_arcade.server.members import new_code
    from dominoes_arcade.server.room import Room
    from dominoes_arcade.server.store import Store
    from dominoes_arcade.session.bot_worker import shared_worker

    store = Store(folder)
    codes: set[str] = set()
    actions = 0
    syncs = {"fsync": 0, "fdatasync": 0}

    def counted(name: str):
        real = getattr(os, name)

        def call(descriptor: int) -> None:
            syncs[name] += 1
            real(descriptor)
        return call

    os.fsync, os.fdatasync = counted("fsync"), counted("fdatasync")  # every thread's, the store's writer too

    def play(number: int) -> None:
        nonlocal actions
        code = new_code(codes)  # the store keeps only a code the server could have made
        codes.add(code)
        room = Room(code, number, worker=shared_worker("thread"), history=store.history, changed=store.save)
        host = room.join()
        room.setup(host.token, {"game": game, "options": options, "seats": ["player"] * seats})
        members = [host] + [room.join() for _ in range(seats - 1)] + [room.watch() for _ in range(spectators)]
        for member in members:
            member.attach(Discard())
        room.start(host.token)
        rng = random.Random(number)
        while True:
            room.advance()
            session = room.session
            if session.ended:
                break
            mover = next(m for m in members if m.seat == session.current_player)
            action = rng.choice(session.state.legal_actions())
            room.act(mover.token, {"action": str(action), "step": len(session.steps)})
            actions += 1

    profiler = cProfile.Profile()
    profiler.enable()
    for number in range(rooms):
        play(number)
    profiler.disable()
    began = time.perf_counter()
    store.close()  # what the writer's thread still had to put on disk (cProfile sees only this thread)
    print(f"the writer's thread finished {time.perf_counter() - began:.3f} s after the last move, "
          f"{store.writer.batches} batches synced")
    stats = pstats.Stats(profiler)
    total = max(stats.total_tt, 1e-9)
    print(f"{rooms} games of {game}, {total:.2f} s in all; cumulative share of:")
    # Store.save (the room files), the views, the step messages, the JSON text, the session's moves.
    for name in ("save", "view_message", "step_message", "dump", "tick"):
        found = [(key, row) for key, row in stats.stats.items() if key[2] == name]
        cumulative = sum(row[3] for _, row in found)
        print(f"  {name:<14} {cumulative / total:6.1%}")
    print(f"{actions} actions; per action {syncs['fsync'] / actions:.2f} fsync, "
          f"{syncs['fdatasync'] / actions:.2f} fdatasync")
    actions, cpu = 0, time.process_time()
    for number in range(rooms):
        play(number)
    store.close()
    print(f"without the profiler: {(time.process_time() - cpu) / actions * 1e3:.3f} ms of CPU per action "
          f"({spectators} spectators a room)")


def print_trace(found: dict, traced: dict) -> None:
    """Where each action's time went (`--trace`), over the actions every mark was found for."""
    marks = {**found["marks"], **{name: traced[name] for name in ("received", "published", "synced", "written")}}
    order = ("sent", "acted", "received", "published", "synced", "written", "told")
    keys = [key for key, at in marks["sent"].items()
            if at >= found["held_since"] and all(key in marks[name] for name in order)]
    names = {("sent", "acted"): "client decides, writes the action", ("acted", "received"): "-> server reads it",
             ("received", "published"): "room's task plays it", ("published", "synced"): "its log line on disk",
             ("synced", "written"): "-> its messages written", ("written", "told"): "-> every seat has read them",
             ("received", "written"): "server: received -> written", ("sent", "told"): "end to end"}
    print(f"the rooms took {found['starting']:.1f} s to start; where the time goes, over the {len(keys)} actions "
          f"sent since (median / p99 / max, ms):")
    for (first, then), name in names.items():
        gaps = [marks[then][key] - marks[first][key] for key in keys]
        if gaps:
            median, p99 = spread(gaps)
            print(f"  {name:<36} {median:9.2f} {p99:9.2f} {max(gaps) * 1e3:9.1f}")
    for name, lags in (("server", traced["lags"]), ("clients", found["client_lags"])):
        if lags:
            median, p99 = spread(lags)
            print(f"  {name}' loop lag (a {LAG_EVERY * 1e3:.0f} ms sleep woken late): median {median:.2f}, "
                  f"p99 {p99:.2f}, max {max(lags) * 1e3:.1f} ms")
    batches = traced["batches"]
    if batches:
        took = sorted(ended - began for began, ended, _, _ in batches)
        jobs = sorted(batch[2] for batch in batches)
        logs = sorted(batch[3] for batch in batches)
        busy = sum(took) / max(batches[-1][1] - batches[0][0], 1e-9)
        print(f"  the writer's {len(batches)} batches: median {took[len(took) // 2] * 1e3:.2f} ms, p99 "
              f"{took[int(len(took) * 0.99)] * 1e3:.2f} ms, max {took[-1] * 1e3:.1f} ms; jobs a batch median "
              f"{jobs[len(jobs) // 2]}, p99 {jobs[int(len(jobs) * 0.99)]}, logs synced a batch median "
              f"{logs[len(logs) // 2]}, max {logs[-1]}; the thread busy {busy:.0%} of the time")
    held = [key for key, at in marks["sent"].items() if at >= found["held_since"]]
    if held:
        counts = {name: sum(kind == name and at >= found["held_since"] for kind, at in traced["syncs"])
                  for name in ("fsync", "fdatasync")}
        print(f"  the server's syncs per action sent since: {counts['fsync'] / len(held):.3f} fsync, "
              f"{counts['fdatasync'] / len(held):.3f} fdatasync")
    for name, collections in (("server", traced["collections"]), ("clients", found["client_collections"])):
        for generation in (0, 1, 2):
            took = sorted(at for number, at, *when in collections
                          if number == generation and (when or [1e12])[0] >= found["held_since"])
            if took:
                print(f"  {name}' garbage collections of generation {generation} since: {len(took)}, median "
                      f"{took[len(took) // 2] * 1e3:.2f} ms, max {took[-1] * 1e3:.1f} ms, {sum(took):.2f} s in all")
    memory = ", ".join(f"{rss / 2**20:.0f} MiB" for rss in found["clients_rss"])
    print(f"  the client processes' memory at the end: {memory}")
    shares = found["shares"]
    if shares:
        server = sorted(share[0] for share in shares)
        clients = sorted(share[1] for share in shares)
        print(f"  CPU over the games (cores): server {found['cpu'] / found['wall']:.2f} on average, "
              f"{server[len(server) // 2]:.2f} median half-second, {server[int(len(server) * 0.9)]:.2f} p90; "
              f"clients {found['clients_cpu'] / found['wall']:.2f} on average, {clients[len(clients) // 2]:.2f} "
              f"median, {clients[int(len(clients) * 0.9)]:.2f} p90; load average {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="cyprus")
    parser.add_argument("--target", type=int, default=30, help="The star games' target score (a shorter game).")
    parser.add_argument("--profile", action="store_true", help="Where the rooms' time goes (no network).")
    parser.add_argument("--spectators", type=int, default=0, help="Spectators in each room (--profile).")
    parser.add_argument("--count-syncs", action="store_true",
                        help="Count the server's fsync and fdatasync calls (strace attached: slower, timings off).")
    parser.add_argument("--processes", type=int, default=2, help="Client processes sharing the rooms.")
    parser.add_argument("--relay", action="store_true",
                        help="Also run the same clients against a trivial relay: the floor.")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="Seconds a player thinks before each action, on average (0: none; 2: one action a "
                             "room every 2 s or so, a human's pace).")
    parser.add_argument("--seconds", type=float, default=None,
                        help="With --pace: play for this long only (no action sent past it), the games left "
                             "unfinished.")
    parser.add_argument("--idle", type=float, default=0.0,
                        help="Seconds the rooms are held open, nobody moving, before the games: the server's CPU "
                             "share then.")
    parser.add_argument("--bots", type=int, default=0,
                        help=f"Seats of each room that are the server's bots ({BOT}), the last ones: how soon "
                             f"the server tells a bot's move.")
    parser.add_argument("--bot", default=BOT, choices=("easy", "medium", "hard", "expert"),
                        help="The difficulty of the bot seats (--bots).")
    parser.add_argument("--trace", action="store_true",
                        help="Trace the server: where each action's time goes, received -> published -> on disk "
                             "-> written, beside the clients' side; the loops' lag; the processes' CPU.")
    parser.add_argument("--profile-start", type=Path, default=None,
                        help="With --trace: the rooms' start (from the first start read to the first action) "
                             "under cProfile in the server, its statistics written to this file "
                             "(python -m pstats FILE).")
    parser.add_argument("--serve-relay", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve-traced", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_relay:
        asyncio.run(serve_relay())
        return
    if args.serve_traced is not None:
        asyncio.run(serve_traced(args.data, args.rooms, args.serve_traced, args.profile_start))
        return
    options = {"target_score": args.target} if args.game in ("cyprus", "sebastopol") else {}
    if args.profile:
        with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
            profile_rooms(args.rooms, args.seats, args.game, options, Path(folder), args.spectators)
        return
    with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
        trace = Path(folder) / "trace.json" if args.trace else None
        process, port = start_server(Path(folder) / "data", args.rooms, trace,
                                     args.profile_start.resolve() if args.profile_start else None)
        try:
            rss_empty = rss_bytes(process.pid)
            tracer = trace_syncs(process.pid, Path(folder) / "syncs.txt") if args.count_syncs else None
            found = measure(functools.partial(run, pace=args.pace, bots=args.bots, bot=args.bot, seconds=args.seconds),
                            f"ws://127.0.0.1:{port}",
                            process.pid, args.rooms, args.seats, args.game, options, args.processes, args.idle)
            if tracer is not None:
                print(f"server syncs per action: {syncs_counted(tracer, Path(folder) / 'syncs.txt', found['actions'])}")
            if trace is not None:
                process.terminate()
                process.wait(60)
                traced = json.loads(trace.read_text())
        finally:
            process.kill()
            process.wait()
    median, p99 = spread(found["latencies"])
    print(f"load average {os.getloadavg()[0]:.2f}; {args.rooms} rooms of {args.seats} seats ({args.game}"
          + (f", {args.bots} of them {args.bot} bots" if args.bots else "") + "), "
          f"{found['actions']} actions, {found['steps']} steps in {found['wall']:.1f} s "
          f"({found['actions'] / found['wall']:.0f} actions/s), clients in {args.processes} processes"
          + (f", thinking {args.pace:g} s a move" if args.pace else ""))
    print(f"action sent -> every seat told: median {median:.2f} ms, p99 {p99:.2f} ms "
          f"(over {len(found['latencies'])} actions)")
    if found["held"]:
        held_median, held_p99 = spread(found["held"])
        print(f"  the actions sent once every room had started ({found['starting']:.1f} s in): median "
              f"{held_median:.2f} ms, p99 {held_p99:.2f} ms (over {len(found['held'])} actions)")
    if found["bot_latencies"]:
        bot_median, bot_p99 = spread(found["bot_latencies"])
        print(f"action sent -> every seat told the bot's step after it: median {bot_median:.2f} ms, "
              f"p99 {bot_p99:.2f} ms (over {len(found['bot_latencies'])} bot steps)")
    print(f"memory per room: {(found['rss_playing'] - rss_empty) / args.rooms / 1024:.0f} KiB with the rooms open, "
          f"{(found['rss_peak'] - rss_empty) / args.rooms / 1024:.0f} KiB at the most, "
          f"{(found['rss_after'] - rss_empty) / args.rooms / 1024:.0f} KiB at the end of the games "
          f"(server {rss_empty / 2**20:.1f} MiB with no room)")
    if found["idle_cpu"] is not None:
        print(f"server CPU with the {args.rooms} rooms open and nobody moving: {found['idle_cpu']:.1%} of a core")
    print(f"server CPU: {found['cpu'] / found['actions'] * 1e3:.3f} ms per action, "
          f"{found['cpu'] / found['steps'] * 1e3:.3f} ms per step")
    if args.trace:
        print_trace(found, traced)
    if args.relay:
        relay, port = start_relay()
        try:
            floor = measure(relay_rooms, f"ws://127.0.0.1:{port}", relay.pid, args.rooms, args.seats, args.game,
                            options, args.processes)
        finally:
            relay.kill()
            relay.wait()
        relay_median, relay_p99 = spread(floor["latencies"])
        print(f"relay floor (same clients, {RELAY_ACTIONS} actions a room): median {relay_median:.2f} ms, "
              f"p99 {relay_p99:.2f} ms, {floor['actions'] / floor['wall']:.0f} actions/s; the server is "
              f"{median / relay_median:.0f}x the floor at the median, {p99 / relay_p99:.0f}x at p99")


if __name__ == "__main__":
    main()
