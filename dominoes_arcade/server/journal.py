"""The rooms' shared log (``rooms/rooms.log``): one line for each change of a game
under way, whichever room's, appended by the store's writer (`writer.Writer`). A
batch of changes is then one write and one sync however many rooms they are of (a
log a room cost a sync a room a batch: docs/online.md, "Where the time went at
1,000 rooms").

A line goes on from one snapshot of its room (`store`), named by its number::

    {"room":"QTEMG","snapshot":12,"from":40,"steps":["1 4-6 @7"],"sent":[212,209,57]}

the steps from step 40 on and each member's last message number (in the snapshot's
order of members); the first line after a snapshot of a room's lobby says
``"started":true`` when its game started (a start is a line, not a snapshot).

Snapshot numbers are never used twice in a data folder, so a line counts exactly
while its room's snapshot on disk has its number: a line of an older snapshot, of a
room since finished or closed, or of an earlier room with the same code, counts for
nothing.

The log would grow for ever: once enough was appended (`Journal.due`), it is
written anew with only the lines that still count (`Journal.compact`, on the
writer's thread after every job handed before it): the new file synced, then
renamed over the old, so a kill at any moment finds one or the other whole.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import files
from ..engine.json_lines import BadLine, parse_line
from ..engine.record_format import shorten
from ..online_protocol import MAX_DEPTH
from .members import is_code
from .writer import Writer

NAME = "rooms.log"
COMPACT_BYTES = 8 << 20
"""Bytes appended since the log was last written anew past which it is written anew
again (when they are also more than twice what still counts: `Journal.due`). A line is
about 100-200 bytes: at 300 actions a second, every few minutes; the rewrite reads
and writes that much on the writer's thread, tens of milliseconds."""
MAX_LOG_BYTES = 1 << 30
"""The largest log read back (it is written anew past `COMPACT_BYTES`: a bigger one
is not the server's)."""
MAX_LINE_BYTES = 4_000_000
"""The longest line read (a room's longest game, all its steps in one line, is a few
tens of kilobytes)."""
_HEAD = re.compile(rb'\{"room":"([A-Z0-9]{5})","snapshot":(\d{1,18}),')
"""The start of every line `Journal.line` writes: which room and snapshot, read without
parsing the rest (`Journal.compact` reads every line)."""


@dataclass
class Read:
    """What `Journal.read` found."""

    lines: dict[str, list[tuple[int, dict[str, Any], bytes]]] = field(default_factory=dict)
    """Each room's lines in order: the line's number in the file (from 1), its value, its text."""
    damaged: list[str] = field(default_factory=list)
    """Each line that names no room, why (it is left in the file, counted for nobody)."""
    highest: int = 0
    """The highest snapshot number the lines name."""


class Journal:
    """The shared log at `path`, appended to through `writer`."""

    def __init__(self, path: Path, writer: Writer, compact_bytes: int = COMPACT_BYTES):
        self.path, self.writer, self.compact_bytes = path, writer, compact_bytes
        self.appended = 0
        """Bytes handed since the log was last written anew (a restart counts the file's size)."""
        self.compactions = 0

    @staticmethod
    def line(code: str, snapshot: int, first: int, steps: list[str], sent: list[int], *,
             started: bool = False) -> bytes:
        """The line of room `code`'s change; `started`: its game started (its snapshot is of its lobby)."""
        # Written by hand in this order: `_HEAD` reads the room and the snapshot back unparsed.
        rest = json.dumps({"from": first, "steps": steps, "sent": sent, **({"started": True} if started else {})},
                          separators=(",", ":"), allow_nan=False)
        return f'{{"room":"{code}","snapshot":{snapshot},{rest[1:]}\n'.encode()

    def append(self, line: bytes) -> Future:
        """Append `line`; the future completes once it is on disk."""
        self.appended += len(line)
        return self.writer.append(self.path, line)

    def due(self, counting: int) -> bool:
        """Whether the log is to be written anew, `counting` bytes of it still counting."""
        return self.appended >= self.compact_bytes and self.appended >= 2 * counting

    def compact(self, snapshots: Mapping[str, int]) -> Future:
        """The log written anew with the lines that still count: those of a room whose
        snapshot on disk has their number (`snapshots`, read on the writer's thread when
        the job runs: the store keeps it there, in the order of its jobs), and every line
        whose room cannot be read (never thrown away)."""
        self.appended = 0
        self.compactions += 1
        return self.writer.run(lambda: self._rewrite(snapshots), closes=self.path)

    def _rewrite(self, snapshots: Mapping[str, int]) -> None:
        if not self.path.exists():
            return
        text = files.read_bytes(self.path, files.INPUT, MAX_LOG_BYTES)
        kept = []
        for line in text.splitlines(keepends=True):
            if not line.endswith(b"\n"):
                continue  # cut short by a failed write: never on disk whole, nobody was told of it
            head = _HEAD.match(line)
            if head is None or snapshots.get(head[1].decode()) == int(head[2]):
                kept.append(line)
        files.write_atomic(self.path, b"".join(kept))

    def read(self) -> Read:
        """Every line, by room. A last line cut short by a kill (its write never
        synced, so nobody was told of it) is cut off the file, so that the lines
        appended next do not follow half a line.
        :raises files.FileError: when the log cannot be read."""
        found = Read()
        for left in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # a rewrite cut by a kill: the log is whole
            left.unlink(missing_ok=True)
        if not self.path.exists():
            return found
        text = files.read_bytes(self.path, files.INPUT, MAX_LOG_BYTES)
        self.appended = len(text)
        whole = text.rfind(b"\n") + 1
        if whole < len(text):
            _cut(self.path, whole)
        for number, line in enumerate(text[:whole].splitlines(keepends=True), 1):
            try:
                data = parse_line(line.decode("utf-8"), MAX_LINE_BYTES, MAX_DEPTH)
            except (BadLine, UnicodeDecodeError) as error:
                found.damaged.append(f"line {number}: {shorten(str(error), 160)}")
                continue
            code = data.get("room") if isinstance(data, dict) else None
            snapshot = data.get("snapshot") if isinstance(data, dict) else None
            if not is_code(code) or not _is_number(snapshot):
                found.damaged.append(f"line {number} names no room and snapshot")
                continue
            found.lines.setdefault(code, []).append((number, data, line))
            found.highest = max(found.highest, snapshot)
        return found

    def highest(self) -> int:
        """The highest snapshot number a line names (0: none), read quickly."""
        if not self.path.exists():
            return 0
        text = files.read_bytes(self.path, files.INPUT, MAX_LOG_BYTES)
        return max((int(head[2]) for head in _HEAD.finditer(text)), default=0)


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 62


def _cut(path: Path, size: int) -> None:
    descriptor = os.open(path, os.O_WRONLY)
    try:
        os.ftruncate(descriptor, size)
        os.fsync(descriptor)
    finally:
        os.close(descriptor)

