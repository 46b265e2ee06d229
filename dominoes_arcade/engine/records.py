"""Game records (docs/architecture.md, "Game records"): write, read and replay them (`match`
plays a game into one).

A record is one JSON object; its ``steps`` are ``"ACTOR MOVE"`` strings in the
record notation (docs/architecture.md), with every chance outcome written out, so a record
replays exactly with no RNG. The record module imports the engine, never the
reverse.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import new_game
from .core import CHANCE, Action, IllegalAction, InvalidNotation, State

RECORD_KEYS = ("game", "options", "seats", "seed", "steps", "scores", "error")
MAX_RECORD_CHARS = 4_000_000
"""A line longer than this is not a record (the longest games write a few hundred
thousand characters)."""
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
    """A record whose steps the engine does not accept: `step` (1-based, or 0 for
    the record as a whole) and its text, and the reason."""

    def __init__(self, step: int, text: str, reason: str):
        self.step = step
        self.text = text
        self.reason = reason
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
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError(f"too long for a record: {len(text)} characters (at most {MAX_RECORD_CHARS})")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error}") from None
        except RecursionError:
            raise RecordError("not JSON: nested too deeply") from None
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


def replay(record: Record, *, check_end: bool = True) -> State:
    """Play `record`'s steps through the engine and return the final state.

    With `check_end`, a record without an ``error`` must reach the end of the game
    and its ``scores`` must match the engine's.

    :raises ReplayError: naming the first bad step and why.
    """
    try:
        state = new_game(record.game, options=record.options)
    except ValueError as error:
        raise ReplayError(0, "", f"cannot set up the game: {error}") from None
    for number, text in enumerate(record.steps, 1):
        try:
            state.apply(parse_step(state, text))
        except (InvalidNotation, IllegalAction) as error:
            reason = error.reason if isinstance(error, IllegalAction) else str(error)
            if isinstance(error, IllegalAction) and error.seat == CHANCE:
                reason = f"impossible chance outcome: {reason}"
            elif isinstance(error, IllegalAction):
                reason = f"illegal decision: {reason}"
            raise ReplayError(number, text, reason) from None
    if check_end and record.error is None:
        last = len(record.steps)
        last_text = record.steps[-1] if record.steps else ""
        if not state.is_terminal:
            raise ReplayError(last, last_text, "the game does not reach its end")
        if record.scores is not None and list(record.scores) != state.scores():
            raise ReplayError(last, last_text,
                              f"scores differ: the record says {record.scores}, the rules give {state.scores()}")
    return state


def parse_record_line(line: str) -> Record | RecordError:
    """One line of a JSON Lines file as a `Record`, or the `RecordError` saying why
    it is not one (returned, not raised, so a file reports every line)."""
    try:
        return Record.from_json(line)
    except RecordError as error:
        return error
