"""Checking a game record against the rules, for ``dominoes-arcade replay --check``:
the header (game, every variant option, seats, seed, scores, error) and then every
step, which must be written exactly as the notation writes it (no padding, one
space, seats as plain decimal numbers).

Pure: it takes a parsed `Record` (see `records.Record.from_json`), opens no file
and raises `RecordError` or `ReplayError`, whose messages quote at most a couple of
hundred characters of the record.
"""

from __future__ import annotations

import json

from . import GAMES, game_options, new_game
from .core import State
from .match import Match
from .records import Record, RecordError, check_finished, shorten


def check_header(record: Record) -> State:
    """The game `record` sets up, after checking its header against the rules.

    :raises RecordError: naming the first key that is wrong."""
    if record.game not in GAMES:
        raise RecordError(f"game {shorten(json.dumps(record.game))} is not a game: use one of {', '.join(GAMES)}")
    table = game_options(record.game)
    missing = [key for key in table if key not in record.options]
    if missing:
        raise RecordError(f"options lacks {', '.join(missing)}: a record lists every variant option")
    players = record.options.get("players")
    if "players" not in table and "players" in record.options and (type(players) is not int):
        raise RecordError(f"options: players = {shorten(json.dumps(players))} is not a number of seats")
    try:
        state = new_game(record.game, options=record.options)
    except ValueError as error:  # OptionError included
        raise RecordError(f"options: {shorten(str(error))}") from None
    if len(record.seats) != state.num_players:
        raise RecordError(f"seats names {len(record.seats)} seats; {record.game} here has {state.num_players}")
    if record.scores is not None and len(record.scores) != state.num_players:
        raise RecordError(f"scores has {len(record.scores)} entries; {record.game} here has {state.num_players}")
    return state


def check_record(record: Record) -> State:
    """Check `record` against the rules: its header, every step (legal, and written
    exactly as the notation writes it) and, for a finished game (no ``error``),
    that it reaches the end and its ``scores`` are the rules' scores.

    :raises RecordError: for a bad header. :raises ReplayError: for a bad step or end.
    """
    check_header(record)
    match = Match.from_record(record)
    match.follow(record.steps, exact=True)
    check_finished(record, match.state, scores_required=True)
    return match.state
