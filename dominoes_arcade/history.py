"""The player's files in the user data directory: the saved games in progress (one
per game) and the history of finished games. No pygame: the client writes them, and
`dominoes-arcade stats` and `play --continue` read them.

- ``history.jsonl``: one finished game a line, as a game record (the tournament
  journal's format, so `dominoes-arcade replay` reads it) with a few keys more:
  ``kinds`` (each seat's ``human`` or difficulty), ``winners``, ``demo`` (bots in
  every seat), ``finished_by_bot`` (the human seats a bot finished: "Let the bot
  finish"; a line written before it existed reads as none), ``assisted`` (the
  analysis view was on at a decision of the player's; an older line reads as
  not), ``bots_took_over_at`` (the steps played when a bot first took a human
  seat over, so a review stops there; null when none did, and an older line
  reads as null), ``finished_at`` and
  ``history_version``. Lines are appended with one write each and flushed, as
  the journal is: a crash can at worst cut the last line short, and reading
  drops such a line. A line is always appended on a line of its own (after a
  newline when the file lacks its last one), so a torn line never swallows the
  next game.
- ``saved-game-GAME.json`` (one per game: ``saved-game-buildup.json``...): that
  game left in progress: its record so far plus what the client needs to seat
  everybody again (``kinds``, the viewer). Written atomically (a temporary file,
  then a rename), so a crash mid-write keeps the previous save. The single
  ``saved-game.json`` of earlier versions is moved to its game's file when found.

A file that cannot be used (not UTF-8, not JSON, from another version, a record
the rules refuse, a seat that would run a program) is never fatal: it is moved
aside as ``NAME.damaged-N`` and the caller gets a one-line notice to show. In the
history only the bad lines are left out (the whole file is kept aside first).
Every line is parsed by `engine.json_lines.parse_line`, which turns whatever a
damaged line holds (deep nesting, huge numbers, lone surrogates, any length)
into one `ValueError`.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import files
from .config import SEAT_KINDS, user_data_dir
from .engine import GAMES
from .engine.json_lines import parse_line
from .engine.records import Record, replay, shorten

HISTORY_FILE = "history.jsonl"
SAVE_PREFIX = "saved-game-"
"""Each game's save is ``saved-game-GAME.json`` (``saved-game-buildup.json``)."""
SAVE_FILE = "saved-game.json"
"""The one save of the versions before one save per game: moved to its game's file
when found (`migrate_single_save`)."""
VERSION = 1
"""Written into every history line and save; another value is another version's file."""


def data_dir() -> Path:
    return user_data_dir()


def set_aside(path: Path, why: str = "damaged") -> Path:
    """Move a file out of the way (never delete it): ``NAME.damaged-N`` (or another `why`)."""
    number = 1
    while (aside := path.with_name(f"{path.name}.{why}-{number}")).exists():
        number += 1
    os.replace(path, aside)
    return aside


def write_atomically(path: Path, text: str) -> None:
    """:raises files.FileError: (an OSError) naming the file and the problem."""
    files.write_atomic(path, text.encode("utf-8"))


# -- history -----------------------------------------------------------------------------
@dataclass
class HistoryEntry:
    record: Record
    kinds: list[str]
    """Each seat's ``human`` or bot difficulty (``easy``, ``medium``, ``hard``) or spec."""
    winners: list[int]
    demo: bool
    finished_at: float
    line: int
    """1-based, as `dominoes-arcade replay history.jsonl --index N` counts."""
    finished_by_bot: list[int] = field(default_factory=list)
    """The human seats a bot played to the end ("Let the bot finish")."""
    assisted: bool = False
    """The analysis view showed the move values at a decision of the player's."""
    bots_took_over_at: int | None = None
    """The steps played when a bot first took a human seat over (the decisions
    from there on were the bot's: a review stops there); None when no bot did, or
    for a line written before it was kept (a game the bot finished is then
    reviewed whole)."""

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == "human"]


def history_line(record: Record, kinds: list[str], winners: list[int], *, demo: bool,
                 finished_at: float | None = None, finished_by_bot: Sequence[int] = (),
                 assisted: bool = False, bots_took_over_at: int | None = None) -> str:
    """One history line for a finished game."""
    extra = {"kinds": list(kinds), "winners": list(winners), "demo": bool(demo),
             "finished_by_bot": list(finished_by_bot), "assisted": bool(assisted),
             "bots_took_over_at": bots_took_over_at,
             "finished_at": round(finished_at if finished_at is not None else time.time(), 3),
             "history_version": VERSION}
    return json.dumps({**record.to_dict(), **extra})


def append_history(line: str, folder: Path | None = None) -> Path:
    """Append one finished game to the history and hand it to the operating system."""
    path = (folder or data_dir()) / HISTORY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as out:
        # A file not ending in a newline ends in a torn line (a crash mid-write) or
        # one written by hand: start a line of our own rather than join it.
        size = out.seek(0, os.SEEK_END)
        lead = b""
        if size:
            out.seek(size - 1)
            lead = b"" if out.read(1) == b"\n" else b"\n"
        out.write(lead + line.encode("utf-8") + b"\n")  # one write: appended whole or torn, never mixed
        out.flush()
        os.fsync(out.fileno())
    return path


def entry_from_json(text: str, line: int) -> HistoryEntry:
    """:raises ValueError: for a line that is not a history entry of this version."""
    data = parse_line(text)
    if not isinstance(data, dict) or data.get("history_version") != VERSION:
        raise ValueError("not a history entry of this version")
    record = Record.from_dict(data)
    if record.game not in GAMES:  # the statistics look each game's rules up
        raise ValueError(f"game {shorten(json.dumps(record.game), 40)} is not a game this version plays")
    kinds, winners = data.get("kinds"), data.get("winners")
    if not isinstance(kinds, list) or len(kinds) != len(record.seats) or not all(isinstance(k, str) for k in kinds):
        raise ValueError("kinds do not match the seats")
    if not isinstance(winners, list) or not all(isinstance(w, int) and 0 <= w < len(kinds) for w in winners):
        raise ValueError("bad winners")
    if not isinstance(record.scores, list) or len(record.scores) != len(kinds):
        raise ValueError("no final scores")
    by_bot = data.get("finished_by_bot", [])  # absent from lines written before it existed
    if not isinstance(by_bot, list) or not all(isinstance(s, int) and kinds[s:s + 1] == ["human"] for s in by_bot):
        raise ValueError("bad finished_by_bot: not human seats")
    assisted = data.get("assisted", False)  # absent from lines written before it existed
    if not isinstance(assisted, bool):
        raise ValueError("bad assisted: not true or false")
    took_over = data.get("bots_took_over_at")  # absent from lines written before it existed
    if took_over is not None and (not isinstance(took_over, int) or isinstance(took_over, bool)
                                  or not 0 <= took_over <= len(record.steps)):
        raise ValueError("bad bots_took_over_at: not a step of the game")
    return HistoryEntry(record, kinds, winners, bool(data.get("demo")), float(data.get("finished_at", 0)), line,
                        by_bot, assisted, took_over)


def read_history(folder: Path | None = None) -> tuple[list[HistoryEntry], str | None]:
    """Every usable game of the history, oldest first, and a notice when some of the
    file could not be used. Only the bad lines are left out: the file is set aside
    whole and rewritten with the good lines, so nothing is lost and the notice
    shows once. A torn last line (a write cut short) is dropped quietly."""
    path = (folder or data_dir()) / HISTORY_FILE
    if not path.exists():
        return [], None
    entries: list[HistoryEntry] = []
    good: list[str] = []
    bad: list[files.Line] = []
    last: files.Line | None = None
    unreadable = None
    try:
        for line in files.read_lines(path):
            if line.text is not None and not line.text.strip():
                continue
            last = line
            try:
                if line.text is None:
                    raise ValueError(line.problem)
                entries.append(entry_from_json(line.text, len(good) + 1))
                good.append(line.text)
            except (ValueError, TypeError):  # RecordError and json_lines.BadLine included
                bad.append(line)
    except files.FileError as error:  # the good lines read so far are kept
        unreadable = error.problem
    # Every line is written (as UTF-8) with its newline in one write, so a bad last
    # line of text without one was cut short by a crash: it never held a game.
    torn = bool(bad) and bad[-1] is last and last.text is not None and not last.complete and unreadable is None
    damaged = len(bad) - torn
    if not (damaged or torn or unreadable):
        return entries, None
    try:
        aside = set_aside(path) if damaged or unreadable else None
        write_atomically(path, "".join(line + "\n" for line in good))
    except OSError as error:
        return entries, f"the game history is damaged and could not be repaired: {error}"
    if aside is None:
        return entries, None
    what = (f"{damaged} damaged line{'s were' if damaged != 1 else ' was'} left out of the game history" if damaged else
            f"the game history could not be read to its end ({unreadable})")
    return entries, f"{what}; the whole file was kept as {aside.name}"


# -- the saved game --------------------------------------------------------------------
@dataclass
class SavedGame:
    record: Record
    """The game so far (no scores yet)."""
    kinds: list[str]
    viewer: int = 0
    """The seat whose hand the table showed."""
    saved_at: float = field(default_factory=time.time)
    assisted: bool = False
    """The move values were shown at a decision of the player's (the game stays
    assisted when continued); a save written before it existed reads as not."""

    def to_json(self) -> str:
        return json.dumps({"save_version": VERSION, "record": self.record.to_dict(), "kinds": self.kinds,
                           "viewer": self.viewer, "saved_at": round(self.saved_at, 3), "assisted": self.assisted})


def save_path(game: str, folder: Path | None = None) -> Path:
    """Where the saved game of `game` is kept (one save per game)."""
    return (folder or data_dir()) / f"{SAVE_PREFIX}{game}.json"


def save_game(saved: SavedGame, folder: Path | None = None) -> Path:
    """Keep `saved` as its game's save (replacing that game's earlier save, if any)."""
    path = save_path(saved.record.game, folder)
    write_atomically(path, saved.to_json() + "\n")
    return path


def discard_save(game: str, folder: Path | None = None) -> None:
    save_path(game, folder).unlink(missing_ok=True)


def has_save(folder: Path | None = None, game: str | None = None) -> bool:
    """Whether `game` (by default: any game) has a saved game, an old single save included."""
    if game is not None:
        return save_path(game, folder).exists()
    where = folder or data_dir()
    return (where / SAVE_FILE).exists() or any(where.glob(f"{SAVE_PREFIX}*.json"))


def check_kinds(kinds: Any, seats: int, programs: Sequence[str] = ()) -> list[str]:
    """The seat kinds of a save, each one the client offers: ``human``, a difficulty,
    or ``cmd:COMMAND`` for a program of `programs` (the settings' ``[bots] programs``).
    A save is only data: it must never make the client start a program of its own.

    :raises ValueError: naming the first seat that is not one of them."""
    if not isinstance(kinds, list) or len(kinds) != seats or not all(isinstance(k, str) for k in kinds):
        raise ValueError("its seats do not match its record")
    allowed = set(SEAT_KINDS) | {f"cmd:{command}" for command in programs}
    for seat, kind in enumerate(kinds):
        if kind in allowed:
            continue
        if kind.startswith("cmd:"):
            raise ValueError(f"seat {seat + 1} would run the program {shorten(kind[4:], 60)!r}, which your "
                             "settings' [bots] programs do not name; a saved game never starts a program")
        raise ValueError(f"seat {seat + 1} is {shorten(kind, 60)!r}, not one of {', '.join(SEAT_KINDS)}")
    return kinds


def read_save(path: Path, programs: Sequence[str] = ()) -> tuple[SavedGame | None, str | None]:
    """The saved game in `path`, or None; and a notice when the file was damaged or
    names a seat the client does not offer (see `check_kinds`): it is then set
    aside, so the notice shows once."""
    if not path.exists():
        return None, None
    try:
        data: Any = parse_line(files.decode(files.read_bytes(path, limit=files.MAX_LINE_BYTES), path))
        if not isinstance(data, dict) or data.get("save_version") != VERSION:
            raise ValueError("not a saved game of this version")
        record = Record.from_dict(data["record"])
        if path.name.startswith(SAVE_PREFIX) and path.name != f"{SAVE_PREFIX}{record.game}.json":
            raise ValueError(f"it holds a game of {shorten(str(record.game), 30)}, not the one its name says")
        kinds = check_kinds(data["kinds"], len(record.seats), programs)
        viewer = data.get("viewer", 0)
        if not isinstance(viewer, int) or not 0 <= viewer < len(kinds):
            raise ValueError("bad viewer seat")
        state = replay(record, check_end=False)
        if state.is_terminal:
            raise ValueError("the game in it is already over")
        assisted = data.get("assisted", False)
        if not isinstance(assisted, bool):
            raise ValueError("bad assisted: not true or false")
        return SavedGame(record, kinds, viewer, float(data.get("saved_at", 0)), assisted), None
    except (OSError, ValueError, KeyError, TypeError) as error:  # FileError, RecordError, ReplayError included
        try:
            aside = set_aside(path)
        except OSError as move_error:
            return None, f"the saved game could not be used ({error}) nor set aside ({move_error})"
        return None, f"the saved game could not be used ({error}); it was kept as {aside.name}"


def migrate_single_save(folder: Path | None = None, programs: Sequence[str] = ()) -> str | None:
    """Move the one save of the versions before one save per game (``SAVE_FILE``)
    to its game's file; a notice when it could not be used (set aside, as any
    damaged save), or when its game has a save already (then the old file is kept
    aside as ``NAME.older-N``: it is never deleted)."""
    old = (folder or data_dir()) / SAVE_FILE
    saved, notice = read_save(old, programs)
    if saved is None:
        return notice
    target = save_path(saved.record.game, folder)
    try:
        if target.exists():
            aside = set_aside(old, "older")
            return f"an older saved game of {saved.record.game} was kept as {aside.name}"
        os.replace(old, target)
    except OSError as error:
        return f"the saved game could not be moved to {target.name}: {error}"
    return None


def load_saves(folder: Path | None = None, programs: Sequence[str] = ()) -> tuple[list[SavedGame], str | None]:
    """Every game's save, the latest saved first, and a notice (or None) for what
    could not be used (`read_save`). An old single save is moved to its game's
    file first (`migrate_single_save`)."""
    notices = [migrate_single_save(folder, programs)]
    saves: list[SavedGame] = []
    for path in sorted((folder or data_dir()).glob(f"{SAVE_PREFIX}*.json")):
        saved, notice = read_save(path, programs)
        notices.append(notice)
        if saved is not None:
            saves.append(saved)
    saves.sort(key=lambda saved: saved.saved_at, reverse=True)
    return saves, "; ".join(notice for notice in notices if notice) or None


def load_save(folder: Path | None = None, programs: Sequence[str] = (),
              game: str | None = None) -> tuple[SavedGame | None, str | None]:
    """The saved game of `game` (by default the latest saved of any game), or None,
    and a notice when a save could not be used (see `load_saves`)."""
    if game is None:
        saves, notice = load_saves(folder, programs)
        return (saves[0] if saves else None), notice
    moved = migrate_single_save(folder, programs)
    saved, notice = read_save(save_path(game, folder), programs)
    return saved, "; ".join(n for n in (moved, notice) if n) or None
