"""A change of a room that cannot be put on disk (a disk full, an I/O error) never
stalls the room in silence (issue 41): its members are told in an ``error``, the
server says so on its log, the room closes, and no step of that change reaches
anyone (a restart would not know it); the other rooms play on."""

from __future__ import annotations

import asyncio
import errno
import os

from server_drive import open_room, play_out, running

from dominoes_arcade.server.writer import Writer

TOLD = "the server cannot keep this room's game on disk (no space left on device): the room is closed"


class FullDisk(Writer):
    """The store's writer on a disk that is full: every line appended to a log fails."""

    def append(self, path, data):
        def full() -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.run(full)


async def until_error(client) -> dict:
    while (message := await client.receive())["type"] != "error":
        pass
    return message


def test_a_room_whose_change_cannot_be_kept_tells_its_members_and_closes():
    lines: list[str] = []

    async def scenario():
        async with running(None, seed=5, log=lines.append) as server:
            players, _ = await open_room(server, "necropolis", ["player", "player"])
            code = players[0].room
            for client in players:  # told the game's first (chance) step, and the view after it
                while client.view is None or client.view["step"] < 1:
                    await client.receive()
            told_before = [client.steps for client in players]
            server.store.writer.close()  # the game so far on disk; every step after fails
            server.store.writer = server.store.journal.writer = FullDisk()
            mover = next(client for client in players if client.view and client.view["legal"])
            await mover.send({"type": "act", "action": mover.view["legal"][0], "step": mover.view["step"]})
            errors = await asyncio.wait_for(asyncio.gather(*(until_error(client) for client in players)), 10)
            steps_told = [client.steps - before for client, before in zip(players, told_before, strict=True)]
            for client in players:
                await client.close()
            server.store.writer.close()
            server.store.writer = server.store.journal.writer = Writer()
            others, _ = await open_room(server, "necropolis", ["player", "player"])
            records = await play_out(others)
            return code, errors, steps_told, code in server.rooms, records

    code, errors, steps_told, still_open, records = asyncio.run(scenario())
    assert [error["message"] for error in errors] == [TOLD, TOLD]
    assert steps_told == [0, 0], "nobody is told a step that is not on disk"
    assert not still_open
    assert lines == [f"room {code}: cannot keep its game on disk (no space left on device); the room is closed, "
                     f"its files left as they were after its last change on disk"]
    assert all(record["steps"] for record in records), "another room plays on"
