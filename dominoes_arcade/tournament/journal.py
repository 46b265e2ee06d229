"""The journal: every finished game, appended at once as its record (docs/architecture.md
"Game records"), one JSON object a line, beside the results file.

It is what `--resume` reads: the games already in it are not played again. Each
line is written with a single write and flushed, so a run killed at any moment
(even ``kill -9``) leaves at worst one incomplete last line, which resuming cuts
off. Every record carries the tournament's fingerprint (`tournament_key`), so a
journal is never resumed into a different tournament; the number of deals is left
out of it, so a finished tournament can be extended with more deals.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import files
from ..engine.json_lines import parse_line
from ..engine.records import shorten
from .schedule import SEED_DERIVATION, GameJob
from .standings import GameResult, summarize


class JournalError(ValueError):
    """A journal that cannot be resumed: names the file, the line and why."""


def tournament_key(game: str, options: dict[str, Any], bots: Sequence[str], seed: int,
                   move_time_limit_ms: int, gauntlet: int = 0, *, clock: tuple[str, int] | None = None,
                   deal_set: str | None = None) -> str:
    """A fingerprint of everything that decides what a scheduled game is, the way
    seeds are derived included (a journal from a version that seeded bots otherwise
    is another tournament). A gauntlet (another schedule), a time control (`clock`:
    its text and the margin in ms) and a deal set (its `deal_sets.digest`) are in it;
    a round robin's key without any of them is the one it always was. An SPRT is not:
    it decides where a run stops, not what a game is."""
    settings = {"game": game, "options": options, "bots": list(bots), "seed": seed,
                "move_time_limit_ms": move_time_limit_ms, "seeds": SEED_DERIVATION}
    if gauntlet:
        settings["gauntlet"] = gauntlet
    if clock is not None:
        settings["time_control"], settings["time_margin_ms"] = clock
    if deal_set is not None:
        settings["deal_set"] = deal_set
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]


class Journal:
    """An open journal, appended to game by game."""

    def __init__(self, path: Path, *, fresh: bool):
        self.path = path
        self._handle = files.open_output(path, append=not fresh)  # closed by close(); :raises FileError:
        self.failed = False

    def _error(self, error: OSError) -> files.FileError:
        self.failed = True
        return files.FileError(self.path, f"cannot write: {files.os_problem(error)}", files.OUTPUT)

    def append(self, line: str) -> None:
        """Write one record line and hand it to the operating system, which keeps it
        even if this process is killed the next instant.

        :raises files.FileError: the disk is full, or the file went away. What
            reached the file stays; a line cut short is dropped by the resume."""
        try:
            self._handle.write(line + "\n")
            self._handle.flush()
        except OSError as error:
            raise self._error(error) from None

    def close(self) -> None:
        """Flush, and fsync, so the journal survives a power cut as well.
        :raises files.FileError: unless an `append` already reported the failure."""
        if self._handle.closed:
            return
        reported, failure = self.failed, None
        try:
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as error:
            failure = self._error(error)
        finally:
            # After a failed write the buffer still holds the line, and closing would
            # try (and fail) to write it again: the line is lost either way.
            try:
                self._handle.close()
            except OSError:
                pass
        if failure is not None and not reported:
            raise failure

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def load_journal(path: Path, key: str, schedule: Sequence[GameJob]) -> dict[int, GameResult]:
    """The games of `schedule` already in the journal at `path`, by `game_id`
    (nothing when there is no journal).

    An incomplete last line (a run killed mid-write) is cut off the file. Records of
    games beyond the schedule (a run with more deals) are kept in the file but not
    returned.

    :raises files.FileError: an unreadable journal.
    :raises JournalError: for a record of another tournament, or one that disagrees
        with the schedule (other bots or seed at that place), or a bad line before
        the last.
    """
    done: dict[int, GameResult] = {}
    if not path.exists():
        return done
    lines = list(files.read_lines(path))  # each line bounded (json_lines.MAX_LINE_BYTES)
    # Every record is written with its newline in one write, so text after the
    # last newline is a write cut short by a kill: drop it.
    if lines and not lines[-1].complete:
        try:
            with open(path, "r+b") as handle:
                handle.truncate(lines.pop().start)
        except OSError as error:
            raise files.FileError(path, f"cannot cut off its incomplete last line: {files.os_problem(error)}",
                                  files.OUTPUT) from None
    for number, text, problem, _start, _complete in lines:
        if text is not None and not text.strip():
            continue
        try:
            if text is None:
                raise ValueError(problem)
            record = parse_line(text)
            result = summarize(record)
        except (ValueError, KeyError, TypeError, AttributeError) as error:  # json_lines.BadLine included
            raise JournalError(f"{path}: line {number} is not a tournament record: "
                               f"{shorten(f'{type(error).__name__}: {error}')}") from None
        if record.get("tournament_key") != key:
            raise JournalError(f"{path}: line {number} belongs to another tournament (game, bots, seed, options, "
                               "deals file or move time limit differ, or an older version wrote it); "
                               "run without --resume to start over")
        if result.game_id >= len(schedule):
            continue
        job = schedule[result.game_id]
        if (result.seats != job.seats or record.get("seed") != job.seed
                or record.get("bot_seeds", list(job.bot_seeds)) != list(job.bot_seeds)):
            raise JournalError(f"{path}: line {number} (game {result.game_id}) does not match the schedule")
        done.setdefault(result.game_id, result)
    return done
