"""Where the server keeps its rooms: for each room a snapshot (``rooms/CODE.json``,
written atomically, numbered), then one line in the rooms' shared log
(``rooms/rooms.log``, `journal`) for each change of its game under way (the steps
it played and every member's last message number); and each finished game's record
(``records/CODE.json``), its seed revealed. A server killed at any moment (kill -9
included) finds each room as it was after its last change on disk: its snapshot,
then the shared log's lines that go on from that snapshot.

The file work is done by a thread (`writer.Writer`), so the server's loop never
waits on the disk: `save` hands it and returns a future that completes once the
change is on disk, and the log's lines are synced in batches (group commit: one
write and one sync a batch, whatever rooms its lines are of). A room's snapshot is
written again when its members or its lobby change and every `SNAPSHOT_EVERY`
lines; its lines before it then count for nothing, and the shared log is written
anew without them from time to time (`journal.Journal.compact`).

A data folder of an earlier version (format 1) kept a log a room (``rooms/CODE.log``):
such a room is read with its own log, and its next snapshot removes that log.

A room's file holds its tokens: the data folder is the server's own. Still, what
is read back is checked as anything a client sends is (`load`): a damaged file of
any kind is set aside with the reason, never run, and the server starts without it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .. import files, history, printable
from ..engine import SPECTATOR
from ..engine.json_lines import BadLine, parse_line
from ..engine.record_format import shorten
from ..online_protocol import MAX_DEPTH, seat_from_json, seat_json
from .journal import NAME, Journal, Read
from .members import Member, is_code, is_token
from .room import PLAYER, Room, RoomError, checked_setup, shown
from .writer import Writer

FORMAT = 2
"""A room file's format: 2 since the rooms share one log (their snapshots numbered)."""
READ_FORMATS = (1, 2)
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


SNAPSHOT_EVERY = 64
"""Log lines after which a room's snapshot is written again (its lines before it then
count for nothing): a snapshot costs two fsyncs and the room's whole JSON, a line a
share of one sync."""


@dataclass
class _Logged:
    """What a room's snapshot and log hold together (for the next line)."""

    steps: int
    members: tuple[str, ...]
    """The tokens of the members the snapshot lists, in order (a member more or
    forgotten: a snapshot again, since a line's ``sent`` follows that order)."""
    started: bool
    """Whether the game's start is on disk (in the snapshot, or a line since: `Journal.line`'s ``started``)."""
    snapshot: int
    """The snapshot's number (its lines name it)."""
    lines: int = 0
    bytes: int = 0
    """The bytes of its lines since the snapshot (what still counts in the shared log)."""


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
        self.writer = Writer()
        self.journal = Journal(self.rooms / NAME, self.writer)
        self._logged: dict[str, _Logged] = {}
        self._written: dict[str, Future] = {}
        self._next_snapshot: int | None = None
        """The next snapshot's number (None: not known yet, `_snapshot_number`)."""
        self._counting = 0
        """The bytes of the shared log's lines that still count (every room's since its snapshot)."""
        self._on_disk: dict[str, int] = {}
        """Each room's snapshot on disk: its number. The writer's thread's own (its jobs change it once
        their files are on disk, and the log's compaction reads it), but for `load`, before any job of the
        room is handed."""

    def _room_path(self, code: str) -> Path:
        """Room `code`'s file: never outside `rooms`, whatever a code holds."""
        if not is_code(code):
            raise ValueError(f"not a room code: {code!r}")
        return self.rooms / f"{code}.json"

    def save(self, room: Room, *, whole: bool = False) -> Future:
        """Keep `room` as it is now (a finished game's record instead): a line in its
        log, or its snapshot when its members or lobby changed, `SNAPSHOT_EVERY`
        lines were written since the last, or `whole` says so. Returns the future
        that completes once it is on disk (`written`)."""
        path = self._room_path(room.code)
        session = room.session
        if session is not None and session.ended:
            record = (json.dumps(room.record(), separators=(",", ":")) + "\n").encode()
            self._drop(room.code)
            room.numbers_kept()  # the room is over: it is never resumed, its numbers never reused
            return self._hand(room.code, self.writer.run(lambda: self._finish(path, record)))
        steps = session.steps if session is not None else []
        logged = self._logged.get(room.code)
        # A game's start is a line, not a snapshot: a thousand rooms started at once are one batch of lines,
        # not a thousand snapshots of two fsyncs each (docs/online.md, "One log for all the rooms, and 1,000
        # rooms started at once").
        if whole or logged is None or not room.started \
                or logged.members != tuple(room.members) or logged.lines >= SNAPSHOT_EVERY or logged.steps > len(steps):
            number = self._snapshot_number()
            data = {"format": FORMAT, "code": room.code, "snapshot": number, "seed": room.seed, "game": room.game,
                    "options": room.options, "kinds": room.kinds, "turn_timer": room.turn_timer,
                    "grace": room.grace, "bot": room.bot, "host": room.host, "started": room.started,
                    "steps": list(steps), "members": [{"token": m.token, "seat": seat_json(m.seat), "sent": m.sent}
                                                      for m in room.members.values()]}
            text = (json.dumps(data, separators=(",", ":"), allow_nan=False) + "\n").encode()
            self._drop(room.code)
            self._logged[room.code] = _Logged(len(steps), tuple(room.members), room.started, number)
            room.numbers_kept()
            return self._hand(room.code, self.writer.run(lambda: self._snapshot(path, text, room.code, number)))
        text = self.journal.line(room.code, logged.snapshot, logged.steps, list(steps[logged.steps:]),
                                 [member.sent for member in room.members.values()], started=not logged.started)
        logged.started = True
        logged.steps, logged.lines, logged.bytes = len(steps), logged.lines + 1, logged.bytes + len(text)
        self._counting += len(text)
        room.numbers_kept()
        future = self._hand(room.code, self.journal.append(text))
        if self.journal.due(self._counting):
            self.journal.compact(self._on_disk)  # after this line: it counts, and is kept
        return future

    def _snapshot_number(self) -> int:
        """A number no snapshot of this data folder had, so that no line of the shared log
        counts for a snapshot it did not go on from."""
        if self._next_snapshot is None:  # `load` sets it; a store that loaded nothing reads the log
            self._next_snapshot = self.journal.highest() + 1
        number, self._next_snapshot = self._next_snapshot, self._next_snapshot + 1
        return number

    def _drop(self, code: str) -> None:
        """`code`'s lines in the shared log no longer count (a snapshot again, or the room gone)."""
        logged = self._logged.pop(code, None)
        if logged is not None:
            self._counting -= logged.bytes

    def _hand(self, code: str, future: Future) -> Future:
        self._written[code] = future
        return future

    def written(self, room: Room) -> Future | None:
        """The future of `room`'s last change handed to the writer (done once it is on disk)."""
        future = self._written.get(room.code)
        if future is not None and future.done():
            del self._written[room.code]
            future.result()  # a write that failed is raised here: what it numbered must not go out
        return future

    def _snapshot(self, path: Path, text: bytes, code: str, number: int) -> None:
        """The snapshot on disk (on the writer's thread): the room's lines before it count
        for nothing from now on, and a log of format 1 goes (the snapshot holds its lines)."""
        files.write_atomic(path, text)
        self._on_disk[code] = number
        path.with_suffix(".log").unlink(missing_ok=True)

    def _finish(self, path: Path, record: bytes) -> None:
        files.write_atomic(self.records / path.name, record)
        self._remove(path)

    def _remove(self, path: Path) -> None:
        path.unlink(missing_ok=True)
        self._on_disk.pop(path.stem, None)
        path.with_suffix(".log").unlink(missing_ok=True)

    def forget(self, room: Room) -> None:
        """A room closed before its game ended: its files go (its lines in the shared log count for nothing)."""
        path = self._room_path(room.code)
        self._drop(room.code)
        self._hand(room.code, self.writer.run(lambda: self._remove(path)))

    def let_go(self, room: Room) -> None:
        """Stop keeping `room` (its change could not be put on disk) and leave its
        files as they are: as it was after its last change on disk, which a restart
        resumes (its snapshot stays the one on disk, so its lines still count)."""
        self._drop(room.code)
        self._written.pop(room.code, None)

    def flush(self) -> None:
        """Wait until everything handed to the writer is on disk."""
        self.writer.flush()

    def close(self) -> None:
        """Finish what was handed to the writer, then stop its thread."""
        self.writer.close()

    def load(self, **room_args: Any) -> list[Room]:
        """Every room kept and not finished, as it was. A file that is not a room
        the server could have kept (unreadable, not a regular file, too big, not
        JSON, a value the lobby would refuse, steps the rules refuse, a line of the
        log that does not go on from the steps before it) is set aside
        (``NAME.damaged-N``, never deleted; its lines of the shared log beside it as
        ``CODE.log.damaged-N``) and listed in `set_aside` with why; so is a line of the
        shared log that names no room (left in the log, counted for nobody)."""
        self.set_aside = []
        try:
            found = self.journal.read()
        except files.FileError as error:  # the log itself unreadable: set aside whole, the snapshots still load
            self.set_aside.append(self._put_aside(self.journal.path, error.problem))
            found = Read()
        self.set_aside.extend(SetAside(self.journal.path, None, f"its {damage}; skipped, counted for no room")
                              for damage in found.damaged)
        self._next_snapshot = max(self._next_snapshot or 1, found.highest + 1)
        rooms = []
        for path in sorted(self.rooms.glob("*.json")):
            lines = found.lines.get(path.stem, [])
            try:
                rooms.append(self._room(path, lines, room_args))
            except Exception as error:  # noqa: BLE001 - whatever a damaged file holds, the server starts
                self._on_disk.pop(path.stem, None)
                self.set_aside.append(self._put_aside(path, _reason(error), lines))
        if found.lines:  # every room resumed was kept again (`Room.start` saves it): what it read counts no more
            self.journal.compact(self._on_disk)
        return rooms

    def _put_aside(self, path: Path, reason: str,
                   lines: list[tuple[int, dict[str, Any], bytes]] | None = None) -> SetAside:
        try:
            log = path.with_suffix(".log")
            if lines and not log.exists():  # its lines of the shared log, kept beside it (that log drops them)
                log.write_bytes(b"".join(text for _, _, text in lines))
            if log.exists() and log != path:
                history.set_aside(log)
            return SetAside(path, history.set_aside(path), reason)
        except OSError as error:
            return SetAside(path, None, f"{reason} (and it cannot be moved: {files.os_problem(error)})")

    def _room(self, path: Path, lines: list[tuple[int, dict[str, Any], bytes]], room_args: dict[str, Any]) -> Room:
        """The room kept in `path` (and its `lines` of the shared log), every value
        checked before it is used.
        :raises files.FileError, BadLine, DamagedRoom, RoomError: or whatever laying
            its steps again raises."""
        text = files.decode(files.read_bytes(path, files.INPUT, MAX_ROOM_BYTES), path)
        data = parse_line(text, MAX_ROOM_BYTES, MAX_DEPTH)
        _check(isinstance(data, dict), "not a JSON object")
        _check(data.get("format") in READ_FORMATS, f"format {shown(data.get('format'))}, not {FORMAT}")
        code = data.get("code")
        _check(is_code(code), f"code {shown(code)} is not a room code")
        _check(code == path.stem, f"code {code} is not the file's name")
        number = data.get("snapshot", None if data["format"] == 1 else "missing")
        _check(number is None or _is_count(number), f"snapshot {shown(number)} is not a count")
        seed = data.get("seed")
        _check(_is_count(seed) and seed < MAX_SEED, f"seed {shown(seed)} is not a whole number from 0 to 2^63")
        setup = checked_setup(data.get("game"), data.get("options"), data.get("kinds"), data.get("turn_timer"),
                              data.get("grace"), data.get("bot"))
        members = data.get("members")
        _check(isinstance(members, list), "members is not a list")
        room = Room(code, seed, **room_args)
        room.set_up(setup)
        for count, kept in enumerate(members, 1):
            room.members.update([_member(count, kept, room)])
        host = data.get("host")
        _check(isinstance(host, str) and host in room.members and room.members[host].seat != SPECTATOR,
               f"host {shown(host)} is not the token of a player in the room")
        room.host = host
        started, steps = data.get("started"), data.get("steps")
        _check(isinstance(started, bool), f"started {shown(started)} is not true or false")
        _check(isinstance(steps, list) and all(isinstance(step, str) for step in steps),
               "steps is not a list of steps")
        if number is None:  # format 1: the room's own log (its next save is a snapshot, which removes it)
            steps, _ = _with_lines(_legacy_lines(path.with_suffix(".log")), "its log's", steps,
                                   list(room.members.values()))
        else:
            counted = [(at, line) for at, line, _ in lines if line["snapshot"] == number]
            snapshot_started = started
            steps, started = _with_lines(counted, f"{NAME}'s", steps, list(room.members.values()), started)
            # Before `start` hands the room's first job: its next change is a line on from what was read.
            self._on_disk[code] = number
            self._logged[code] = _Logged(len(steps), tuple(room.members), started, number, len(counted),
                                         sum(len(text) for _, line, text in lines if line["snapshot"] == number))
            self._counting += self._logged[code].bytes
            _check(snapshot_started or not data["steps"], "steps of a game not started")
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


def _legacy_lines(log: Path) -> list[tuple[int, Any]]:
    """The lines of a room's own log (format 1), each with its number, or none when it
    has no log. The last line, when it does not end with a newline, was cut by a kill
    as it was written: never synced, so nobody was told of it, and skipped.
    :raises files.FileError, BadLine:"""
    if not log.exists():
        return []
    text = files.decode(files.read_bytes(log, files.INPUT, MAX_ROOM_BYTES), log)
    return [(number, parse_line(line, MAX_ROOM_BYTES, MAX_DEPTH))
            for number, line in enumerate(text.split("\n")[:-1], 1)]


def _with_lines(lines: Iterable[tuple[int, Any]], log: str, steps: list[str], members: list[Member],
                started: bool = True) -> tuple[list[str], bool]:
    """The snapshot's `steps` with the `lines` that go on from it after them (their
    steps appended, each member's ``sent`` raised to the line's), and whether the game
    started (`started`: the snapshot's, or a line's ``started``); `log`: whose lines
    they are, for the reason a damaged one gives.
    :raises DamagedRoom:"""
    steps = list(steps)
    for number, data in lines:
        _check(isinstance(data, dict), f"{log} line {number} is not a JSON object")
        _check(data.get("started", False) in (True, False), f"{log} line {number}: started is not true or false")
        started = started or data.get("started", False)
        first, more, sent = data.get("from"), data.get("steps"), data.get("sent")
        _check(_is_count(first) and first <= len(steps),
               f"{log} line {number} goes on from step {shown(first)}, not one of the {len(steps)} before it")
        _check(isinstance(more, list) and all(isinstance(step, str) for step in more),
               f"{log} line {number}: steps is not a list of steps")
        _check(isinstance(sent, list) and len(sent) == len(members) and all(_is_count(n) for n in sent),
               f"{log} line {number}: sent is not a count for each of the {len(members)} members")
        steps.extend(more[len(steps) - first:])  # a line the snapshot holds already adds nothing
        for member, count in zip(members, sent, strict=True):
            member.base = member.kept = max(member.sent, count)  # nothing kept to resend: numbered on from here
    return steps, started


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
