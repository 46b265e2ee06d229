"""Fixed deal sets (``--deals-file``, a spec's ``deals_file``): a file naming the
deals to play, in order, as an opening book does in fastchess or cutechess
(docs/deal-sets.md).

- **Lines.** One deal a line: a deal seed (a whole number from 0 to 2**63 - 1, as
  the schedule derives them), or a game record (docs/architecture.md, "Game
  records"; a tournament journal is a file of them) of the tournament's game,
  which names its deal by its ``seed``. Blank lines and ``#`` comments are left
  out. A record without a seed is refused: its chance steps fix only the tiles
  that one game dealt, in the order its decisions drew them, not the shuffled deck
  (`engine.chance.Deck`) every other seating deals from, so the deal cannot be
  played again from it.
- **Repeats.** A seed line that repeats a deal already named is refused (a slip);
  a record of a deal already named adds nothing (a journal holds each deal once
  per game), so a journal plays its deals once each, in the order they first come.
- **Which set.** A deal set is known by the sha256 of its seeds, one decimal
  number a line (`digest`): comments, blank lines and the form of a line (seed or
  record) do not change it, any deal added, removed or moved does. It is in the
  tournament's fingerprint (`journal.tournament_key`) and in the results, so a
  resume on a file that changed is refused.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .. import files
from ..engine.json_lines import BadLine, parse_line
from ..engine.records import Record, RecordError, shorten

MAX_SEED = 2**63 - 1
"""The largest deal seed (a 63-bit seed, as the schedule's; TOML and JSON readers
all hold it)."""


class DealSetError(ValueError):
    """A deals file that cannot be played: names the file, the line and why."""


@dataclass(frozen=True)
class DealSet:
    """The deals of a deals file, in order."""

    path: Path
    seeds: tuple[int, ...]
    """Each deal's seed (the game's chance: `engine.chance.Deck`)."""

    @property
    def digest(self) -> str:
        return digest(self.seeds)


def digest(seeds: tuple[int, ...]) -> str:
    """The sha256 (hex) of `seeds`, one decimal number a line.

    >>> digest((1, 2)) == hashlib.sha256(b"1\\n2\\n").hexdigest()
    True
    """
    return hashlib.sha256("".join(f"{seed}\n" for seed in seeds).encode("ascii")).hexdigest()


def read_deal_set(path: Path, game: str) -> DealSet:
    """The deals of the file at `path` for a tournament of `game`.

    :raises files.FileError: a file that cannot be read (exit 3, as a spec).
    :raises DealSetError: a bad line (the first), or a file with no deal.
    """
    seeds: list[int] = []
    first_line: dict[int, int] = {}
    for number, text, problem, _start, _complete in files.read_lines(path, files.SETTINGS):
        if text is None:
            raise DealSetError(f"{path}: line {number}: {problem}")
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        seed, from_record = line_seed(text, game)
        if isinstance(seed, str):
            raise DealSetError(f"{path}: line {number}: {seed}")
        if seed in first_line:
            if from_record:
                continue
            raise DealSetError(f"{path}: line {number}: deal {seed} is already on line {first_line[seed]}: "
                               "a deal set plays each deal once")
        first_line[seed] = number
        seeds.append(seed)
    if not seeds:
        raise DealSetError(f"{path}: no deals in it: write one deal seed (or game record) a line")
    return DealSet(path, tuple(seeds))


def line_seed(text: str, game: str) -> tuple[int | str, bool]:
    """The deal seed a line names, or why it names none; and whether it is a record."""
    if text.startswith("{"):
        try:
            record = Record.from_dict(parse_line(text))
        except (BadLine, RecordError) as error:
            return f"not a game record: {shorten(str(error), 100)}", True
        if record.game != game:
            return f"a record of {shorten(record.game, 40)!r}, not of {game!r}", True
        if record.seed is None:
            return ("a record without a seed: its chance steps fix only the tiles that one game dealt, not the "
                    "shuffled deck other seatings deal from, so its deal cannot be played again (records from "
                    "`tournament run`, `simulate` and the client carry their seed)"), True
        return checked_seed(record.seed, "its seed"), True
    if text.isascii() and text.isdigit():
        return checked_seed(int(text), "seed"), False
    return (f"{shorten(text, 40)!r} is neither a deal seed (a whole number from 0 to {MAX_SEED}) "
            "nor a game record (a JSON object)"), False


def checked_seed(seed: int, what: str) -> int | str:
    if not 0 <= seed <= MAX_SEED:
        return f"{what} {seed} is out of range: a deal seed is a whole number from 0 to {MAX_SEED}"
    return seed
