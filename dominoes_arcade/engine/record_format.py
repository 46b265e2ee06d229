"""The game record format (docs/architecture.md, "Game records"): `Record`, its JSON,
the step notation (`step_text`, `parse_step`) and the errors a record raises.

A record is one JSON object; its ``steps`` are ``"ACTOR MOVE"`` strings in the
record notation (docs/architecture.md), with every chance outcome written out, so a record
replays exactly with no RNG. This module is below `match` (which plays a game into
a record and follows a record's steps) and `records` (which replays one through a
`Match` and re-exports these names).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .core import CHANCE, Action, InvalidNotation, State
from .json_lines import BadLine, parse_line

RECORD_KEYS = ("game", "options", "seats", "seed", "steps", "scores", "error")
QUOTE_LIMIT = 200
"""At most this many characters of a record are quoted in an error message."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


KEY_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "game": (lambda v: isinstance(v, str), "a game name (a string)"),
    "options": (lambda v: isinstance(v, dict), "a table"),
    "steps": (_strings, "a list of strings"),
    "seats": (lambda v: v is None or _strings(v), "a list of names (strings)"),
    "seed": (lambda v: v is None or _is_int(v), "an integer"),
    "scores": (lambda v: v is None or (isinstance(v, list) and all(_is_int(x) for x in v)), "a list of integers"),
    "error": (lambda v: v is None or isinstance(v, str), "null or a string"),
}
"""What each contract key holds (a missing key reads as null)."""


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` cut to about `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


class RecordError(ValueError):
    """A record that is not well formed (a missing key, a wrong type)."""


class ReplayError(ValueError):
    """A step the engine does not accept, or a record whose steps do not end as it
    says: `step` (1-based, or 0 for the record as a whole) and its text, the reason,
    and its `kind`, one of:

    - ``NOTATION``: not a step here (malformed, the wrong actor, a step after the end);
    - ``SPELLING``: a step, but not written as the notation writes it (exact checks);
    - ``ILLEGAL``: a decision the rules refuse; ``CHANCE``: an impossible chance outcome;
    - ``END``: a finished game's record that stops early or whose scores differ;
    - ``SETUP``: the game's header does not set up a game (step 0).
    """

    NOTATION = "notation"
    SPELLING = "spelling"
    ILLEGAL = "illegal"
    CHANCE = "chance"
    END = "end"
    SETUP = "setup"

    def __init__(self, step: int, text: str, reason: str, kind: str = NOTATION):
        self.step = step
        self.text = text
        self.reason = reason
        self.kind = kind
        move = text.partition(" ")[2]
        if len(move) > QUOTE_LIMIT // 4:  # the reason often quotes the move: once is enough
            reason = reason.replace(move, shorten(move, QUOTE_LIMIT // 10))
        reason = shorten(reason, QUOTE_LIMIT)
        super().__init__(f'step {step} "{shorten(text)}": {reason}' if step else reason)


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int | None
    steps: list[str] = field(default_factory=list)
    scores: list[int] | None = None
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """Bookkeeping keys beyond the contract (a tournament's schedule place...)."""

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.game, "options": self.options, "seats": self.seats, "seed": self.seed,
                "steps": self.steps, "scores": self.scores, "error": self.error}
        data.update(self.extra)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """The record of a parsed JSON object, every contract key of the right type
        (``seats``, ``seed``, ``scores`` and ``error`` may be missing or null).

        :raises RecordError: naming the first bad key."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        missing = [k for k in ("game", "options", "steps") if k not in data]
        if missing:
            raise RecordError("missing key " + ", ".join(missing))
        for key, (allowed, what) in KEY_TYPES.items():
            value = data.get(key)
            if not allowed(value):
                raise RecordError(f"{key} must be {what}, not {shorten(json.dumps(value))}")
        extra = {k: v for k, v in data.items() if k not in RECORD_KEYS}
        return cls(data["game"], data["options"], list(data.get("seats") or []), data.get("seed"),
                   data["steps"], data.get("scores"), data.get("error"), extra)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """:raises RecordError: for a line that is not JSON (see `json_lines.parse_line`)
        or not a record."""
        try:
            data = parse_line(text)
        except BadLine as error:
            raise RecordError(str(error)) from None
        return cls.from_dict(data)


def step_text(state: State, action: Action) -> str:
    """The step ``"ACTOR MOVE"`` for `action` taken in `state`."""
    actor = "*" if state.current_player == CHANCE else str(state.current_player)
    return f"{actor} {action.text}"


def parse_step(state: State, text: str) -> Action:
    """The action of step `text` in `state`, checked for the right actor (but not
    for legality: `apply` does that).

    :raises InvalidNotation: for a malformed step or the wrong actor.
    """
    actor, _, move = text.strip().partition(" ")
    if not move:
        raise InvalidNotation("a step is ACTOR MOVE, e.g. '0 draw' or '* 3-4'")
    player = state.current_player
    if state.is_terminal:
        raise InvalidNotation("the game is already over: steps after the end")
    if actor == "*":
        if player != CHANCE:
            raise InvalidNotation(f"wrong actor: seat {player} must decide, not chance")
    elif not (actor.isascii() and actor.isdigit()):
        raise InvalidNotation(f"actor {actor!r} is neither a seat number nor *")
    elif player == CHANCE:
        raise InvalidNotation(f"wrong actor: a chance outcome (*) is due, not seat {actor}")
    elif int(actor) != player:
        raise InvalidNotation(f"wrong actor: it is seat {player}'s turn, not seat {actor}'s")
    return state.parse_action(move)


def parse_record_line(line: str) -> Record | RecordError:
    """One line of a JSON Lines file as a `Record`, or the `RecordError` saying why
    it is not one (returned, not raised, so a file reports every line)."""
    try:
        return Record.from_json(line)
    except RecordError as error:
        return error
