"""Whole games through the room server (issue 32): a server started in the test on
127.0.0.1, headless clients in the player seats deciding as bots from their views,
bot seats of the room mixed in; every client is sent the same record at the end,
its seed the room's, and the record replays through `dominoes-arcade replay --check`."""

from __future__ import annotations

import asyncio
import json

import pytest
from server_drive import open_room, play_out, running
from typer.testing import CliRunner

from dominoes_arcade.cli import app

TABLES = [
    ("necropolis", ["player", "medium"], {}),
    ("necropolis", ["player", "player"], {}),
    ("buildup", ["easy", "player"], {}),
    ("sebastopol", ["easy", "player", "player", "medium"], {"target_score": 20}),
    ("cyprus", ["player", "medium", "player", "easy"], {"target_score": 30}),
    ("cyprus", ["player", "easy", "player", "player", "medium", "player", "easy", "player", "player", "easy"],
     {"target_score": 30}),
]


@pytest.mark.parametrize("game, seats, options", TABLES,
                         ids=[f"{game}-{len(seats)}-{seats.count('player')}p" for game, seats, _ in TABLES])
def test_a_whole_game_plays_through_the_server_and_replays(tmp_path, game, seats, options):
    async def scenario():
        async with running(tmp_path / "server", seed=41) as server:
            players, watchers = await open_room(server, game, seats, options, spectators=1)
            return await play_out(players, watchers)

    records = asyncio.run(scenario())
    record = records[0]
    assert all(other == record for other in records), "every seat and the spectator get the same record"
    assert record["game"] == game and record["seed"] == 41 and record["error"] is None
    assert record["seats"] == ["remote" if kind == "player" else kind for kind in seats]
    assert len(record["scores"]) == len(seats)
    kept = json.loads(next((tmp_path / "server" / "records").glob("*.json")).read_text())
    assert kept == record
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record) + "\n")
    checked = CliRunner().invoke(app, ["replay", str(path), "--check"])
    assert checked.exit_code == 0, checked.output
