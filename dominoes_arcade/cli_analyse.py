"""``dominoes-arcade analyse``: the review of one game (`bots.analysis.review`) on
the command line, for a file of records, a tournament journal or the client's
history (each a JSON Lines file of game records, read as `replay` reads them).

Exit codes as the other commands: 0 done, 1 a record that is not one or that the
rules refuse, 2 a file that cannot be read, an --index past its records or a --seat
the game does not have.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from . import files
from .cli_usage import fail
from .engine.record_check import check_record
from .engine.records import Record, RecordError, ReplayError

if TYPE_CHECKING:
    from .bots.analysis import ReviewedDecision

DEFAULT_MIN_LOSS = 0.05
"""Decisions that gave up less than this are left off the lines: 5 points of win
chance, or a twentieth of a place."""


def analyse(
    file: Annotated[Path, typer.Argument(
        help="A JSON Lines file of game records: from simulate, a tournament journal, or your game history.")],
    index: Annotated[int, typer.Option("--index", min=1, help="Which record of the file (1 = the first).")] = 1,
    seat: Annotated[int | None, typer.Option(
        "--seat", min=0, help="Whose decisions (0 = the first seat; default: the human seats, else every seat).")
    ] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print every decision with a choice, and every move's value, as JSON.")] = False,
    min_loss: Annotated[float, typer.Option(
        "--min-loss", min=0, help="List only decisions that gave up more than this: a share of win chance with "
                                  "2 players (0.05 = 5 points), places with more.")] = DEFAULT_MIN_LOSS,
    effort: Annotated[float, typer.Option(
        "--effort", min=0.001, max=100, help="How long to think about each decision, against the expert bot's "
                                             "time (0.25 = the hard bot's).")] = 1.0,
) -> None:
    """Review a game: each decision of a seat against the best move the expert bot
    finds, thinking from what that seat could see. One line per decision that gave
    up more than --min-loss, the biggest loss first. Values are win chances with 2
    players and expected places (1 = first) with more; forced moves are skipped.

    Exit codes: 0 done, 1 not a record or a record the rules refuse, 2 a file that
    cannot be read, a bad --index or --seat.

    Example: dominoes-arcade analyse games.jsonl --index 3 --seat 1
    """
    try:
        records = files.read_records(file)
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    if not 1 <= index <= len(records):
        raise fail(f"error: --index {index}: {file} holds {len(records)} record{'s' * (len(records) != 1)}", 2)
    line, record = records[index - 1]
    if not isinstance(record, Record):
        raise fail(f"error: record {line} is not a record: {record}", 1)
    try:
        check_record(record)  # a review must not meet a step the rules refuse
    except (RecordError, ReplayError) as error:
        raise fail(f"error: record {line}: {error}", 1) from None
    if seat is not None and seat >= len(record.seats):
        raise fail(f"error: --seat {seat}: record {line} has {len(record.seats)} seats (0 to {len(record.seats) - 1})",
                   2)
    # Imported here: every other command starts without the bots' search (a tenth of
    # the command's start-up).
    from .bots.analysis import expert_rollouts, review, review_seats

    seats = review_seats(record, seat)
    rollouts = max(1, round(expert_rollouts(record.game) * effort))
    decisions = review(record, seats, rollouts)
    if as_json:
        typer.echo(json.dumps(review_json(record, line, seats, rollouts, decisions), indent=2))
        return
    shown = [decision for decision in decisions if decision.loss > min_loss]
    whose = "seat " + ", ".join(map(str, seats)) if len(seats) < len(record.seats) else "every seat"
    typer.echo(f"record {line} ({record.game}, {whose}): {len(decisions)} decision{'s' * (len(decisions) != 1)} "
               f"with a choice, {len(shown)} gave up more than {amount(decisions, min_loss)}")
    for decision in shown:
        typer.echo(describe(decision))


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def amount(decisions: list[ReviewedDecision], loss: float) -> str:
    """A loss in the review's unit: points of win chance, or places."""
    two_players = not decisions or decisions[0].analysis.win_chance
    return f"{100 * loss:.0f} points of win chance" if two_players else f"{loss:.2f} of a place"


def describe(decision: ReviewedDecision) -> str:
    """One decision in a line: ``step 12, seat 0: played X (win chance 41%); best Y
    (55%): 14 points lost``."""
    played, best = decision.played, decision.best
    assert played.value is not None and best.value is not None  # a review values every move
    head = f"step {decision.step}, seat {decision.seat}: played {played.move}"
    if decision.analysis.win_chance:
        return (f"{head} (win chance {percent(played.value)}); best {best.move} ({percent(best.value)}): "
                f"{100 * decision.loss:.0f} points lost")
    return (f"{head} (expected place {played.value:.2f}); best {best.move} ({best.value:.2f}): "
            f"{decision.loss:.2f} of a place lost")


def review_json(record: Record, line: int, seats: list[int], rollouts: int,
                decisions: list[ReviewedDecision]) -> dict:
    """The review as JSON: every decision with a choice, the biggest loss first."""
    return {
        "game": record.game,
        "line": line,
        "seats": seats,
        "value": "win chance" if len(record.seats) == 2 else "expected place",
        "rollouts": rollouts,
        "decisions": [{
            "step": decision.step,
            "seat": decision.seat,
            "played": decision.played.move,
            "best": decision.best.move,
            "loss": decision.loss,
            "moves": [{"move": move.move, "value": move.value, "samples": move.samples}
                      for move in decision.analysis.moves],
        } for decision in decisions],
    }
