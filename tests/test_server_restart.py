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
from dominoes_arcade.server.client import OnlineClient, bot_decider

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

    try:
        clients = asyncio.run(play())
    finally:
        for process in processes:
            process.kill()
            process.wait(10)
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
