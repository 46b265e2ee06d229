"""A server killed with SIGKILL mid-game and started again (issue 32): its rooms
resume where they were, from the room files it keeps as it goes, the clients
reconnect by themselves, and the game finishes: nothing lost, nothing played
twice. The server is a real `dominoes-arcade serve` process on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from server_drive import LIMIT
from typer.testing import CliRunner

from dominoes_arcade.bots.protocol import masked
from dominoes_arcade.cli import app
from dominoes_arcade.remote.client import OnlineClient, bot_decider

STARTED = re.compile(r"serving on ws://127\.0\.0\.1:(\d+)")


def serve(data: Path, port: int = 0) -> tuple[subprocess.Popen, int]:
    """A server process on 127.0.0.1 (`port` 0: any free port) and its port."""
    process = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "serve", "--port", str(port),
                                "--data", str(data)], stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    for _ in range(20):  # its first lines: warnings, at most, then this one
        line = process.stderr.readline()
        if found := STARTED.search(line):
            return process, int(found[1])
    process.kill()
    raise AssertionError("the server did not start")


def run_killing_servers(play, processes: list[subprocess.Popen]):
    """`asyncio.run(play())`, then every server process it started killed, whatever happened."""
    try:
        return asyncio.run(play())
    finally:
        for process in processes:
            process.kill()
            process.wait(10)


def test_a_room_survives_kill_9_and_its_game_finishes(tmp_path):
    data = tmp_path / "online"
    first, port = serve(data)
    processes = [first]
    paused: list[int] = []

    class Pause(Exception):
        """The guest stops reading (as a client whose computer froze)."""

    async def play() -> list[OnlineClient]:
        url = f"ws://127.0.0.1:{port}"
        host, guest = OnlineClient(url), OnlineClient(url)
        code = await host.create()
        await host.setup(game="cyprus", options={"target_score": 30}, seats=["player", "easy", "player", "medium"])
        await guest.join(code)
        await host.start()
        decide = {client.seat: bot_decider("greedy", seed=client.seat) for client in (host, guest)}

        async def pause_after_a_move(client: OnlineClient, message: dict) -> None:
            if not paused and message.get("type") == "view" and message["legal"] and message["step"] >= 40:
                await client.act(decide[client.seat](message))
                paused.append(client.steps)
                raise Pause

        hosting = asyncio.create_task(host.follow(decide[host.seat], limit=LIMIT))
        try:
            await guest.follow(decide[guest.seat], limit=LIMIT, on_message=pause_after_a_move)
        except Pause:
            pass
        await asyncio.sleep(0.5)  # the game goes on to the guest's next turn, unread by it
        processes[-1].send_signal(signal.SIGKILL)
        processes[-1].wait(10)
        processes.append((await asyncio.to_thread(serve, data, port))[0])
        guest.socket = None  # what it had not read is lost with the old connection
        await guest.reconnect()
        await asyncio.wait_for(asyncio.gather(hosting, guest.follow(decide[guest.seat], limit=LIMIT)), LIMIT + 5)
        for client in (host, guest):
            await client.close()
        return [host, guest]

    clients = run_killing_servers(play, processes)
    assert paused and len(processes) == 2, "the server was killed mid-game"
    record = clients[0].record
    assert record is not None and clients[1].record == record
    assert record["error"] is None and len(record["steps"]) > paused[0]
    guest = clients[1]
    rejoined = max(at for at, m in enumerate(guest.received) if m.get("type") == "welcome")
    assert guest.received[rejoined]["resent"] is False, "what was sent before the restart is gone"
    resent = [m["step"] for m in guest.received[rejoined:] if m.get("type") == "step"]
    assert resent[0] == paused[0], "the steps it missed are sent from the first it was not told"
    for client in clients:
        told: dict[int, str] = {}
        for message in client.received:
            if message.get("type") == "step":
                step, action = message["step"], message["action"]
                assert told.setdefault(step, action) == action, "a step told twice must be the same step"
                assert action in (record["steps"][step], masked(record["steps"][step])), "a step played twice"
        assert sorted(told) == list(range(len(record["steps"]))), "every step told once the game is over"
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(record) + "\n")
    assert CliRunner().invoke(app, ["replay", str(path), "--check"]).exit_code == 0
    assert not list((data / "rooms").glob("*.json")), "a finished room is kept as its record only"
    assert json.loads(next((data / "records").glob("*.json")).read_text()) == record
    assert os.path.isdir(data / "history")


async def drain(client: OnlineClient, quiet: float = 0.2) -> None:
    """Take what the server sent `client` until nothing more comes for `quiet` seconds."""
    timeout, client.timeout = client.timeout, quiet
    try:
        for _ in range(10_000):
            await client.receive()
    except TimeoutError:
        pass
    finally:
        client.timeout = timeout


async def until(client: OnlineClient, wanted: dict) -> None:
    """Take messages until one holds every field of `wanted` (within the client's timeout each)."""
    for _ in range(1000):
        message = await client.receive()
        if all(message.get(key) == value for key, value in wanted.items()):
            return
    raise AssertionError(f"no message like {wanted}")


def test_after_kill_9_no_message_number_is_used_twice_and_no_step_is_missed(tmp_path):
    """Issue 40: a seat drops and comes back (the others are sent ``presence``,
    numbered), the server is killed before any move, started again, the seat plays
    its turn, and only then do the others resume with the last number they took:
    each is sent every step, and no number names two messages."""
    data = tmp_path / "online"
    first, port = serve(data)
    processes = [first]

    async def play() -> tuple[OnlineClient, ...]:
        url = f"ws://127.0.0.1:{port}"
        host, guest, watcher = OnlineClient(url), OnlineClient(url), OnlineClient(url)
        code = await host.create()
        await guest.join(code)
        await watcher.spectate(code)
        await host.start()
        await asyncio.gather(*(drain(client) for client in (host, guest, watcher)))
        mover = next(client for client in (host, guest) if client.view and client.view["legal"])
        other = guest if mover is host else host
        assert mover.socket is not None
        mover.socket.transport.abort()  # no closing handshake: as a cable pulled out
        await until(other, {"type": "presence", "status": "reconnecting"})
        await mover.reconnect()
        await asyncio.gather(*(drain(client) for client in (host, guest, watcher)))
        assert other.presence[mover.seat] == "back" and watcher.presence[mover.seat] == "back"
        processes[-1].send_signal(signal.SIGKILL)
        processes[-1].wait(10)
        processes.append((await asyncio.to_thread(serve, data, port))[0])
        for client in (host, guest, watcher):
            client.socket = None  # what it had not read is lost with the old connection
        await mover.reconnect()
        await drain(mover)
        assert mover.view is not None and mover.view["legal"], "still the mover's turn"
        step = mover.view["step"]
        decide = {client.seat: bot_decider("greedy", seed=client.seat) for client in (host, guest)}
        await mover.act(decide[mover.seat](mover.view))
        await until(mover, {"type": "step", "step": step})
        await other.reconnect()
        await watcher.reconnect()
        await asyncio.wait_for(asyncio.gather(host.follow(decide[host.seat], limit=LIMIT),
                                              guest.follow(decide[guest.seat], limit=LIMIT),
                                              watcher.follow(None, limit=LIMIT)), LIMIT + 5)
        for client in (host, guest, watcher):
            await client.close()
        return host, guest, watcher

    clients = run_killing_servers(play, processes)
    record = clients[0].record
    assert record is not None and all(client.record == record for client in clients)
    missed = {client.seat: set(range(len(record["steps"])))
              - {message["step"] for message in client.received if message.get("type") == "step"}
              for client in clients}
    assert missed == {client.seat: set() for client in clients}, "steps never told (seat -1: the spectator)"
    for client in clients:
        numbered: dict[int, dict] = {}
        for message in client.received:
            if isinstance(message.get("seq"), int):
                assert numbered.setdefault(message["seq"], message) == message, \
                    f"seat {client.seat}: number {message['seq']} names two messages"
