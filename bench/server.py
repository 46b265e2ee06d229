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
the memory is also sampled as the games go (its most).

Run with `python bench/server.py [--rooms 100] [--seats 4] [--game cyprus] [--processes 2]
[--relay] [--pace SECONDS] [--idle SECONDS] [--bots N] [--count-syncs] [--profile [--spectators N]]`.
Never part of the tests: timings depend on the machine and its load (`os.getloadavg` is printed with them).
The clients share the machine with the server, so the latency includes their own
time to read and decide.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
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


def start_server(data: Path, rooms: int) -> tuple[subprocess.Popen, int]:
    """A server taking `rooms` rooms, all from this one address (the benchmark's clients all share it)."""
    most = str(max(rooms, 1))
    process = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "serve", "--port", "0", "--data",
                                str(data), "--rooms-per-address", most, "--max-rooms", most],
                               stderr=subprocess.PIPE, text=True)
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

    def latencies(self, seats: int) -> list[float]:
        return [max(self.told[key]) - at for key, at in self.sent.items() if len(self.told.get(key, ())) == seats]

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


async def paced(client: OnlineClient, decide, pace: float, rng, note) -> dict:
    """`client.follow` at a human's pace: each decision sent `pace` seconds on average
    (0.5 to 1.5 times, at random, so the rooms do not move in step) after its view."""
    acted_at = -1
    for _ in range(200_000):
        if client.record is not None:
            return client.record
        view = client.view
        if view is not None and view["legal"] and view["step"] != acted_at:
            acted_at = view["step"]
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            await client.act(decide(view))
            continue
        await note(client, await client.receive())
    raise TimeoutError("the game did not end")


async def run(url: str, rooms: int, seats: int, game: str, options: dict,
              opened: Callable[[], Awaitable[None]], pace: float = 0.0, bots: int = 0, bot: str = BOT) -> dict:
    """Open `rooms` rooms on the server at `url` (`bots` of each room's seats a bot's),
    await `opened`, then play their games (each seat deciding at once, or after `pace`
    seconds on average): each action's latency, each bot step's, the actions, the
    steps and the wall time."""
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
    if pace:
        # Each room's clients read from its start on: 1,000 rooms take a while to start,
        # and a client that reads nothing meanwhile stops answering the server's pings.
        rng = random.Random(os.getpid())
        follows = []
        for clients in tables:
            await clients[0].start()
            follows += [asyncio.ensure_future(paced(client, timed(client, bot_decider("random", seed=client.seat or 0)),
                                                    pace, rng, note)) for client in clients]
    else:
        for clients in tables:
            await clients[0].start()
        follows = [client.follow(timed(client, bot_decider("random", seed=client.seat or 0)), limit=3600,
                                 on_message=note) for clients in tables for client in clients]
    records = await asyncio.gather(*follows)
    wall = time.perf_counter() - began
    for clients in tables:
        for client in clients:
            await client.close()
    steps = sum(len(record["steps"]) for record in records[::players])
    return {"latencies": timing.latencies(players), "bot_latencies": timing.bot_latencies(players),
            "actions": len(timing.sent), "steps": steps, "wall": wall}


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


def start_relay() -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([sys.executable, __file__, "--serve-relay"], stderr=subprocess.PIPE, text=True)
    return process, listening_port(process, RELAYING, "the relay")


def client_process(play, url: str, rooms: int, seats: int, game: str, options: dict, barrier, results) -> None:
    """One process of clients (`run` or `relay_rooms` for its share of the rooms)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]  # a socket a client: 1,000 rooms of 4 are 4,000
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    async def opened() -> None:
        await asyncio.to_thread(barrier.wait, BARRIER_SECONDS)  # every process's rooms open
        await asyncio.to_thread(barrier.wait, BARRIER_SECONDS)  # the server measured: play

    results.put(asyncio.run(play(url, rooms, seats, game, options, opened)))


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
        while len(found) < len(children) and time.perf_counter() - began < 3600:
            rss_peak = max(rss_peak, rss_bytes(pid))  # sampled every half second while the games go on
            with contextlib.suppress(queue.Empty):
                found.append(results.get(timeout=0.5))
                continue
            if any(child.exitcode not in (None, 0) for child in children):
                raise SystemExit("a client process failed (its error is above)")
        wall = time.perf_counter() - began
        cpu, rss_after = cpu_seconds(pid) - cpu_before, rss_bytes(pid)
    finally:
        for child in children:
            child.join(30)
            if child.is_alive():
                child.kill()
    return {"latencies": [at for part in found for at in part["latencies"]],
            "bot_latencies": [at for part in found for at in part.get("bot_latencies", ())],
            "actions": sum(part["actions"] for part in found), "steps": sum(part["steps"] for part in found),
            "wall": wall, "cpu": cpu, "rss_playing": rss_playing, "rss_after": rss_after, "rss_peak": rss_peak,
            "idle_cpu": idle_cpu}


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
    parser.add_argument("--idle", type=float, default=0.0,
                        help="Seconds the rooms are held open, nobody moving, before the games: the server's CPU "
                             "share then.")
    parser.add_argument("--bots", type=int, default=0,
                        help=f"Seats of each room that are the server's bots ({BOT}), the last ones: how soon "
                             f"the server tells a bot's move.")
    parser.add_argument("--bot", default=BOT, choices=("easy", "medium", "hard", "expert"),
                        help="The difficulty of the bot seats (--bots).")
    parser.add_argument("--serve-relay", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_relay:
        asyncio.run(serve_relay())
        return
    options = {"target_score": args.target} if args.game in ("cyprus", "sebastopol") else {}
    if args.profile:
        with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
            profile_rooms(args.rooms, args.seats, args.game, options, Path(folder), args.spectators)
        return
    with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
        process, port = start_server(Path(folder), args.rooms)
        try:
            rss_empty = rss_bytes(process.pid)
            tracer = trace_syncs(process.pid, Path(folder) / "syncs.txt") if args.count_syncs else None
            found = measure(functools.partial(run, pace=args.pace, bots=args.bots, bot=args.bot), f"ws://127.0.0.1:{port}",
                            process.pid, args.rooms, args.seats, args.game, options, args.processes, args.idle)
            if tracer is not None:
                print(f"server syncs per action: {syncs_counted(tracer, Path(folder) / 'syncs.txt', found['actions'])}")
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
