"""Where the server keeps its rooms: one JSON file a room (``rooms/CODE.json``),
written atomically after every change, so a server killed at any moment (kill -9
included) finds each room as it was after its last whole step; and each finished
game's record (``records/CODE.json``), its seed revealed.

A room's file holds its tokens: the data folder is the server's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import files
from .members import Member
from .protocol import SPECTATOR
from .room import Room

FORMAT = 1


class Store:
    def __init__(self, folder: Path):
        self.folder = folder
        self.rooms = folder / "rooms"
        self.records = folder / "records"
        self.history = folder / "history"
        for path in (self.rooms, self.records, self.history):
            path.mkdir(parents=True, exist_ok=True)

    def save(self, room: Room) -> None:
        """Keep `room` as it is now; a finished game's record is kept instead."""
        path = self.rooms / f"{room.code}.json"
        session = room.session
        if session is not None and session.ended:
            record = json.dumps(room.record(), separators=(",", ":")) + "\n"
            files.write_atomic(self.records / f"{room.code}.json", record.encode())
            path.unlink(missing_ok=True)
            return
        data = {"format": FORMAT, "code": room.code, "seed": room.seed, "game": room.game, "options": room.options,
                "kinds": room.kinds, "turn_timer": room.turn_timer, "grace": room.grace, "bot": room.bot,
                "host": room.host, "started": room.started, "steps": list(session.steps) if session else [],
                "members": [{"token": m.token, "seat": m.seat, "sent": m.sent} for m in room.members.values()]}
        files.write_atomic(path, (json.dumps(data, separators=(",", ":")) + "\n").encode())

    def forget(self, room: Room) -> None:
        """A room closed before its game ended: its file goes."""
        (self.rooms / f"{room.code}.json").unlink(missing_ok=True)

    def load(self, **room_args: Any) -> list[Room]:
        """Every room kept and not finished, as it was (a file that cannot be read
        is set aside, never deleted)."""
        rooms = []
        for path in sorted(self.rooms.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                rooms.append(self._room(data, **room_args))
            except (OSError, ValueError, KeyError, TypeError):
                path.replace(path.with_name(path.name + ".damaged"))
        return rooms

    @staticmethod
    def _room(data: dict[str, Any], **room_args: Any) -> Room:
        room = Room(str(data["code"]), int(data["seed"]), **room_args)
        room.game, room.options, room.kinds = data["game"], dict(data["options"]), list(data["kinds"])
        room.turn_timer, room.grace, room.bot = data["turn_timer"], float(data["grace"]), data["bot"]
        room.host = data["host"]
        for kept in data["members"]:
            member = Member(kept["token"], int(kept["seat"]), sent=int(kept["sent"]))
            room.members[member.token] = member
        if data["started"]:
            room.start(None, steps=list(data["steps"]))
        assert all(m.seat == SPECTATOR or 0 <= m.seat < len(room.kinds) for m in room.members.values())
        return room
