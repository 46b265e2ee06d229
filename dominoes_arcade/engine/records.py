"""Game records (DESIGN.md, "Game records"): write, read and replay them (`match`
plays a game into one).

A record is one JSON object; its ``steps`` are ``"ACTOR MOVE"`` strings in the
notation of RULES.md section 4, with every chance outcome written out, so a record
replays exactly with no RNG. The record module imports the engine, never the
reverse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import new_game
from .core import CHANCE, Action, IllegalAction, InvalidNotation, State

RECORD_KEYS = ("game", "options", "seats", "seed", "steps", "scores", "error")


class RecordError(ValueError):
    """A record that is not well formed (a missing key, a wrong type)."""


class ReplayError(ValueError):
    """A record whose steps the engine does not accept: `step` (1-based, or 0 for
    the record as a whole) and its text, and the reason."""

    def __init__(self, step: int, text: str, reason: str):
        self.step = step
        self.text = text
        self.reason = reason
        super().__init__(f'step {step} "{text}": {reason}' if step else reason)


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
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        missing = [k for k in ("game", "options", "steps") if k not in data]
        if missing:
            raise RecordError("missing key " + ", ".join(missing))
        if not isinstance(data["steps"], list) or not all(isinstance(s, str) for s in data["steps"]):
            raise RecordError("steps must be a list of strings")
        if not isinstance(data["options"], dict):
            raise RecordError("options must be a table")
        extra = {k: v for k, v in data.items() if k not in RECORD_KEYS}
        return cls(data["game"], data["options"], list(data.get("seats") or []), data.get("seed"),
                   data["steps"], data.get("scores"), data.get("error"), extra)

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error}") from None
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
    elif not actor.isdigit():
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


def read_records(path) -> list[tuple[int, Record | RecordError]]:
    """Each non-blank line of a JSON Lines file, numbered from 1, as a `Record` or
    the `RecordError` that line raised. :raises OSError: unreadable file."""
    out: list[tuple[int, Record | RecordError]] = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                out.append((number, Record.from_json(line)))
            except RecordError as error:
                out.append((number, error))
    return out
