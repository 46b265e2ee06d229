"""kill -9 under load (issue 41): a real `serve` process on 127.0.0.1 playing
several rooms flat out is killed mid-games and started again on the same data
folder; every client reconnects by itself, every game ends, and no seat was told a
step that was lost or played twice, nor one number for two messages. Bounded: the
games by `LIMIT`, the kill by a count of steps told."""

from __future__ import annotations

import asyncio
import signal

from server_drive import LIMIT
from test_server_restart import run_killing_servers, serve

from dominoes_arcade.bots.protocol import masked
from dominoes_arcade.remote.client import OnlineClient, bot_decider

ROOMS = 6
KILL_AFTER = 15 * ROOMS
"""Steps told (all rooms together) before the kill: every room well into its game."""


def test_every_room_survives_kill_9_under_load(tmp_path):
    data = tmp_path / "online"
    first, port = serve(data)
    processes = [first]
    told = 0

    async def play() -> list[list[OnlineClient]]:
        url = f"ws://127.0.0.1:{port}"
        busy_now = asyncio.Event()
        rooms = []
        for _ in range(ROOMS):
            host, guest = OnlineClient(url), OnlineClient(url)
            await guest.join(await host.create())
            rooms.append([host, guest])
        for host, _ in rooms:
            await host.start()

        async def count(client: OnlineClient, message: dict) -> None:
            nonlocal told
            if message.get("type") == "step":
                told += 1
                if told >= KILL_AFTER:
                    busy_now.set()

        async def kill_and_restart() -> None:
            await busy_now.wait()
            processes[-1].send_signal(signal.SIGKILL)
            processes[-1].wait(10)
            processes.append((await asyncio.to_thread(serve, data, port))[0])

        killing = asyncio.create_task(kill_and_restart())
        games = [client.follow(bot_decider("greedy", seed=client.seat), limit=LIMIT, on_message=count)
                 for room in rooms for client in room]
        await asyncio.wait_for(asyncio.gather(*games), LIMIT + 5)
        await asyncio.wait_for(killing, 10)
        for room in rooms:
            for client in room:
                await client.close()
        return rooms

    rooms = run_killing_servers(play, processes)
    assert len(processes) == 2, "the server was killed"
    came_back = 0
    for host, guest in rooms:
        record = host.record
        assert record is not None and guest.record == record and record["error"] is None
        came_back += sum(m.get("type") == "welcome" for m in [*host.received, *guest.received]) == 4
        for client in (host, guest):
            steps: dict[int, str] = {}
            numbered: dict[int, dict] = {}
            for message in client.received:
                if message.get("type") == "step":
                    step, action = message["step"], message["action"]
                    assert steps.setdefault(step, action) == action, "a step told twice is the same step"
                    assert action in (record["steps"][step], masked(record["steps"][step])), "a step lost"
                if isinstance(message.get("seq"), int):
                    assert numbered.setdefault(message["seq"], message) == message, "a number for two messages"
            assert sorted(steps) == list(range(len(record["steps"]))), "every step told"
    assert came_back == ROOMS, "every seat was cut off mid-game and came back (a welcome each time)"
