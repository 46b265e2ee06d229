"""Which lessons the player has finished, and which games' setup screens have
offered theirs: ``lessons.json`` in the user data directory, beside the saved games
and the history (`dominoes_arcade.history`), written atomically the same way.

    {"lessons_version": 1, "finished": ["necropolis"], "offered": ["buildup"]}

A file that cannot be read or is not this shape counts as no lesson finished (the
next write replaces it): forgetting a tick costs a player far less than a refused
title screen. It is read as every file is (`files.read_bytes`): a FIFO or a device
in its place is refused at once rather than read for ever.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ... import files, history
from ...engine.json_lines import parse_line

FILE = "lessons.json"
VERSION = 1


@dataclass
class Progress:
    finished: set[str] = field(default_factory=set)
    """The games whose lesson was played to its end."""
    offered: set[str] = field(default_factory=set)
    """The games whose setup screen has offered the lesson (it offers it once)."""

    def to_json(self) -> str:
        return json.dumps({"lessons_version": VERSION, "finished": sorted(self.finished),
                           "offered": sorted(self.offered)})


def path(folder: Path | None = None) -> Path:
    return (folder or history.data_dir()) / FILE


def load(folder: Path | None = None) -> Progress:
    try:
        where = path(folder)
        data = parse_line(files.decode(files.read_bytes(where, limit=files.MAX_LINE_BYTES), where))
    except (OSError, ValueError):  # FileError and json_lines.BadLine included
        return Progress()
    if not isinstance(data, dict) or data.get("lessons_version") != VERSION:
        return Progress()
    return Progress(*({name for name in data.get(key, []) if isinstance(name, str)} for key in ("finished", "offered")))


def _change(folder: Path | None, key: str, game: str) -> str | None:
    progress = load(folder)
    getattr(progress, key).add(game)
    try:
        history.write_atomically(path(folder), progress.to_json() + "\n")
    except OSError as error:
        return f"Your lessons could not be remembered: {error.strerror or error}"
    return None


def finish(game: str, folder: Path | None = None) -> str | None:
    """Remember that the lesson of `game` was finished; a notice when the disk refuses."""
    return _change(folder, "finished", game)


def mark_offered(game: str, folder: Path | None = None) -> str | None:
    """Remember that the setup screen of `game` offered its lesson; a notice when the
    disk refuses."""
    return _change(folder, "offered", game)


def should_offer(game: str, folder: Path | None = None) -> bool:
    """Whether the setup screen of `game` offers its lesson: never finished, never offered."""
    progress = load(folder)
    return game not in progress.finished and game not in progress.offered
