"""Game records (docs/architecture.md, "Game records"): write, read and replay them (`match`
plays a game into one).

The format itself (`Record`, its JSON, the step notation, the errors) is in
`record_format`, below `match`; this module replays a record through a `Match`
and gives the format's names too, so ``from .records import Record`` reads as
before. The record modules import the engine, never the reverse.
"""

from __future__ import annotations

from .core import State
from .match import Match
from .record_format import (
    KEY_TYPES,
    QUOTE_LIMIT,
    RECORD_KEYS,
    Record,
    RecordError,
    ReplayError,
    parse_record_line,
    parse_step,
    shorten,
    step_text,
)

__all__ = ["KEY_TYPES", "QUOTE_LIMIT", "RECORD_KEYS", "Record", "RecordError", "ReplayError", "check_finished",
           "parse_record_line", "parse_step", "replay", "shorten", "step_text"]


def check_finished(record: Record, state: State, *, scores_required: bool = False) -> None:
    """For a finished game's record (no ``error``): `state`, after its steps, is the
    end, and the record's ``scores`` (when given, or always with `scores_required`)
    are the rules' scores.

    :raises ReplayError: of kind ``END``, numbered as the record's last step."""
    if record.error is not None:
        return
    last = len(record.steps)
    last_text = record.steps[-1] if record.steps else ""
    if not state.is_terminal:
        raise ReplayError(last, last_text, "the game does not reach its end", ReplayError.END)
    if record.scores is None and scores_required:
        raise ReplayError(last, last_text, f"scores missing on a finished game: the rules give {state.scores()}",
                          ReplayError.END)
    if record.scores is not None and list(record.scores) != state.scores():
        raise ReplayError(last, last_text,
                          f"scores differ: the record says {record.scores}, the rules give {state.scores()}",
                          ReplayError.END)


def replay(record: Record, *, check_end: bool = True) -> State:
    """Play `record`'s steps through the engine and return the final state.

    With `check_end`, a record without an ``error`` must reach the end of the game
    and its ``scores`` must match the engine's.

    :raises ReplayError: naming the first bad step and why.
    """
    try:
        match = Match.from_record(record)
    except ValueError as error:  # UnknownGame, OptionError
        raise ReplayError(0, "", f"cannot set up the game: {error}", ReplayError.SETUP) from None
    match.advance_script()
    if check_end:
        check_finished(record, match.state)
    return match.state
