"""Where the server keeps its rooms: one JSON file a room (``rooms/CODE.json``),
written atomically after every change, so a server killed at any moment (kill -9
included) finds each room as it was after its last whole step; and each finished
game's record (``records/CODE.json``), its seed revealed.

A room's file holds its tokens: the data folder is the server's own. Still, what
is read back is checked as anything a client sends is (`load`): a damaged file of
any kind is set aside with the reason, never run, and the server starts without it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from .. import files, history, printable
from ..engine import SPECTATOR
from ..engine.json_lines import BadLine, parse_line
from ..engine.record_format import shorten
from ..online_protocol import MAX_DEPTH, seat_from_json, seat_json
from .members import Member, is_code, is_token
from .room import PLAYER, Room, RoomError, checked_setup, shown

FORMAT = 1
MAX_ROOM_BYTES = 4_000_000
"""The largest room file read: the longest game's room (Cyprus at 10 seats, every
seat watched) is a few tens of kilobytes; a bigger file is set aside unread."""
MAX_SEED = 1 << 63
"""Seeds are below this (the server draws 63 random bits)."""


class SetAside(NamedTuple):
    """A room file that could not be loaded, moved out of the way (never deleted)."""

    path: Path
    moved_to: Path | None
    """Where it is now (None: it could not be moved, and stays where it was)."""
    reason: str
    """What is wrong with it, in one line."""

    def __str__(self) -> str:
        where = f"set aside as {self.moved_to.name}" if self.moved_to is not None else "left where it is"
        return printable.visible(f"{self.path}: {where}: {self.reason}")


class DamagedRoom(ValueError):
    """A room file whose content cannot be a room the server kept (says why)."""


class Store:
    def __init__(self, folder: Path):
        self.folder = folder
        self.rooms = folder / "rooms"
        self.records = folder / "records"
        self.history = folder / "history"
        for path in (self.rooms, self.records, self.history):
            path.mkdir(parents=True, exist_ok=True)
        self.set_aside: list[SetAside] = []
        """The room files the last `load` set aside, each with why."""

    def _room_path(self, code: str) -> Path:
        """Room `code`'s file: never outside `rooms`, whatever a code holds."""
        if not is_code(code):
            raise ValueError(f"not a room code: {code!r}")
        return self.rooms / f"{code}.json"

    def save(self, room: Room) -> None:
        """Keep `room` as it is now; a finished game's record is kept instead."""
        path = self._room_path(room.code)
        session = room.session
        if session is not None and session.ended:
            record = json.dumps(room.record(), separators=(",", ":")) + "\n"
            files.write_atomic(self.records / path.name, record.encode())
            path.unlink(missing_ok=True)
            room.numbers_kept()  # the room is over: it is never resumed, its numbers never reused
            return
        data = {"format": FORMAT, "code": room.code, "seed": room.seed, "game": room.game, "options": room.options,
                "kinds": room.kinds, "turn_timer": room.turn_timer, "grace": room.grace, "bot": room.bot,
                "host": room.host, "started": room.started, "steps": list(session.steps) if session else [],
                "members": [{"token": m.token, "seat": seat_json(m.seat), "sent": m.sent}
                            for m in room.members.values()]}
        files.write_atomic(path, (json.dumps(data, separators=(",", ":"), allow_nan=False) + "\n").encode())
        room.numbers_kept()

    def forget(self, room: Room) -> None:
        """A room closed before its game ended: its file goes."""
        self._room_path(room.code).unlink(missing_ok=True)

    def load(self, **room_args: Any) -> list[Room]:
        """Every room kept and not finished, as it was. A file that is not a room
        the server could have kept (unreadable, not a regular file, too big, not
        JSON, a value the lobby would refuse, steps the rules refuse) is set aside
        (``NAME.damaged-N``, never deleted) and listed in `set_aside` with why."""
        self.set_aside = []
        rooms = []
        for path in sorted(self.rooms.glob("*.json")):
            try:
                rooms.append(self._room(path, room_args))
            except Exception as error:  # noqa: BLE001 - whatever a damaged file holds, the server starts
                self.set_aside.append(self._put_aside(path, _reason(error)))
        return rooms

    @staticmethod
    def _put_aside(path: Path, reason: str) -> SetAside:
        try:
            return SetAside(path, history.set_aside(path), reason)
        except OSError as error:
            return SetAside(path, None, f"{reason} (and it cannot be moved: {files.os_problem(error)})")

    @staticmethod
    def _room(path: Path, room_args: dict[str, Any]) -> Room:
        """The room kept in `path`, every value checked before it is used.
        :raises files.FileError, BadLine, DamagedRoom, RoomError: or whatever laying
            its steps again raises."""
        text = files.decode(files.read_bytes(path, files.INPUT, MAX_ROOM_BYTES), path)
        data = parse_line(text, MAX_ROOM_BYTES, MAX_DEPTH)
        _check(isinstance(data, dict), "not a JSON object")
        _check(data.get("format") == FORMAT, f"format {shown(data.get('format'))}, not {FORMAT}")
        code = data.get("code")
        _check(is_code(code), f"code {shown(code)} is not a room code")
        _check(code == path.stem, f"code {code} is not the file's name")
        seed = data.get("seed")
        _check(_is_count(seed) and seed < MAX_SEED, f"seed {shown(seed)} is not a whole number from 0 to 2^63")
        setup = checked_setup(data.get("game"), data.get("options"), data.get("kinds"), data.get("turn_timer"),
                              data.get("grace"), data.get("bot"))
        members = data.get("members")
        _check(isinstance(members, list), "members is not a list")
        room = Room(code, seed, **room_args)
        room.set_up(setup)
        for number, kept in enumerate(members, 1):
            room.members.update([_member(number, kept, room)])
        host = data.get("host")
        _check(isinstance(host, str) and host in room.members and room.members[host].seat != SPECTATOR,
               f"host {shown(host)} is not the token of a player in the room")
        room.host = host
        started, steps = data.get("started"), data.get("steps")
        _check(isinstance(started, bool), f"started {shown(started)} is not true or false")
        _check(isinstance(steps, list) and all(isinstance(step, str) for step in steps),
               "steps is not a list of steps")
        _check(started or not steps, "steps of a game not started")
        if started:
            try:
                room.start(None, steps=steps)
            except ValueError as error:  # ReplayError: a step that does not parse or the rules refuse
                raise DamagedRoom(f"its steps do not replay: {shorten(str(error), 160)}") from None
        return room


def _member(number: int, kept: Any, room: Room) -> tuple[str, Member]:
    """Member `number` (from 1) of a room file, checked against the room's seats."""
    _check(isinstance(kept, dict), f"member {number} is not an object")
    token, seat, sent = kept.get("token"), kept.get("seat"), kept.get("sent")
    _check(is_token(token), f"member {number}'s token is not a token")
    _check(token not in room.members, f"member {number}'s token is another member's")
    seats = len(room.kinds)
    _check(isinstance(seat, int) and not isinstance(seat, bool), f"member {number}'s seat {shown(seat)} is no number")
    seat = seat_from_json(seat)  # a spectator is written as in the messages (-1)
    _check(seat == SPECTATOR or 0 <= seat < seats,
           f"member {number}'s seat {shown(seat)} is out of range (the room has {seats} seats)")
    _check(seat == SPECTATOR or room.kinds[seat] == PLAYER, f"member {number}'s seat {seat} is a bot's")
    _check(seat == SPECTATOR or all(other.seat != seat for other in room.members.values()),
           f"member {number}'s seat {seat} is another member's")
    _check(_is_count(sent), f"member {number}'s sent {shown(sent)} is not a count")
    return token, Member(token, seat, sent=sent)


def _check(condition: bool, reason: str) -> None:
    if not condition:
        raise DamagedRoom(reason)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _reason(error: Exception) -> str:
    """Why a room file was set aside, in one line: the checks' own words, or the
    kind of error laying the game's steps again raised and its words."""
    if isinstance(error, files.FileError):
        return error.problem
    if isinstance(error, BadLine | DamagedRoom | RoomError):
        return str(error)
    return shorten(f"{type(error).__name__}: {error}", 200)
