"""Per-move telemetry, read back from journal records: each decision's time and the
bot's own figures, gathered per bot (what the report's time-use section shows).

The journal keeps them per game (`bots.driver.play_bots`): ``decision_ms``, per
seat, each decision's milliseconds in order (the one a seat forfeited on included),
and ``decision_figures``, per seat, name -> one value per decision (null where the
bot reported none). Journals written before telemetry have neither key: their games
count as untimed, and nothing here fails on them, nor on a damaged value (a record
whose telemetry is not of the shape above is untimed too).

A move over the limit is a decision that took longer than the run's move time limit
(it forfeited the game: a timeout). A timeout forfeit with no such decision recorded
(its process was killed from outside, `tournament.isolation`, or the journal is
older than telemetry) counts as one too, its time unknown.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class OverLimit:
    """One move over the time limit."""

    bot: str
    line: int
    """The game's journal line (1-based, as `dominoes-arcade replay --index` counts)."""
    decision: int | None
    """The bot's n-th decision of that game (1 first); None when not recorded."""
    ms: float | None
    """How long it took; None when not known (the bot's process was killed)."""


@dataclass
class TimeUse:
    """Every bot's time use over the games read."""

    limit_ms: float | None
    """The run's move time limit; None when the results do not say."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Each bot's milliseconds of every decision, game after game."""
    by_move: dict[str, list[list[float]]] = field(default_factory=dict)
    """Each bot's milliseconds by its decision number in a game: [n - 1] holds its
    n-th decisions."""
    games: dict[str, int] = field(default_factory=dict)
    """Each bot's timed games (a bot in two seats of a game counts it twice)."""
    figures: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    """Each bot's own figures: name -> every value it reported."""
    over: list[OverLimit] = field(default_factory=list)
    timed_games: int = 0
    untimed_games: int = 0
    """Games without usable telemetry (an older journal, a damaged line)."""

    def over_count(self, bot: str) -> int:
        return sum(move.bot == bot for move in self.over)


LONGEST_MS = 1e12
"""The longest decision time taken as such (thirty years); a larger one is damage."""


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _times(seat: Any) -> bool:
    """Whether `seat` is a list of decision times. Checked by its least and greatest
    value, at C speed: a value that is no number cannot be compared with the others
    (a string, a list, null), and a parsed line holds no NaN nor infinity."""
    if not isinstance(seat, list):
        return False
    try:
        return not seat or (min(seat) >= 0 and max(seat) <= LONGEST_MS)
    except TypeError:
        return False


def decision_millis(record: dict[str, Any]) -> list[list[float]] | None:
    """The record's ``decision_ms``, one list per seat; None when it has none or it
    is damaged."""
    millis, seats = record.get("decision_ms"), record.get("seats")
    if not (isinstance(millis, list) and isinstance(seats, list) and len(millis) == len(seats)):
        return None
    return millis if all(_times(seat) for seat in millis) else None


def decision_figures(record: dict[str, Any]) -> list[dict[str, list[float]]]:
    """The record's ``decision_figures``, per seat, name -> the numbers reported
    (nulls and anything damaged left out); empty tables when it has none."""
    seats = record.get("seats") or []
    columns = record.get("decision_figures")
    out: list[dict[str, list[float]]] = [{} for _ in seats]
    if not (isinstance(columns, list) and len(columns) == len(seats)):
        return out
    for seat, table in enumerate(columns):
        if isinstance(table, dict):
            for name, values in table.items():
                if isinstance(name, str) and isinstance(values, list):
                    out[seat][name] = [value for value in values if _is_number(value)]
    return out


def gather(games: Iterable[tuple[int, dict[str, Any]]], limit_ms: float | None) -> TimeUse:
    """The time use of `games`, each (its journal line, its record)."""
    use = TimeUse(limit_ms)
    times: dict[str, list[float]] = defaultdict(list)
    by_move: dict[str, list[list[float]]] = defaultdict(list)
    figures: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    counted: dict[str, int] = defaultdict(int)
    for line, record in games:
        seats = [str(bot) for bot in record.get("seats") or []]
        millis = decision_millis(record)
        over_seats: set[int] = set()
        if millis is None:
            use.untimed_games += 1
        else:
            use.timed_games += 1
            for seat, bot in enumerate(seats):
                decided = millis[seat]
                counted[bot] += 1
                times[bot].extend(decided)
                moves = by_move[bot]
                moves.extend([] for _ in range(len(decided) - len(moves)))
                for number, ms in enumerate(decided):
                    moves[number].append(ms)
                if limit_ms is not None and decided and max(decided) > limit_ms:
                    over_seats.add(seat)
                    use.over += [OverLimit(bot, line, number, ms) for number, ms in enumerate(decided, 1)
                                 if ms > limit_ms]
            for seat, table in enumerate(decision_figures(record)):
                for name, values in table.items():
                    figures[seats[seat]][name].extend(values)
        forfeit = record.get("forfeit")
        if isinstance(forfeit, dict) and forfeit.get("kind") == "timeout":
            seat = forfeit.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(seats) and seat not in over_seats:
                use.over.append(OverLimit(seats[seat], line, None, None))
    use.times, use.by_move, use.games = dict(times), dict(by_move), dict(counted)
    use.figures = {bot: dict(table) for bot, table in figures.items()}
    return use


def quantiles(values: list[float], *shares: float) -> list[float]:
    """The nearest-rank quantiles of `values` (not empty): for each share, the
    smallest value with at least that share of them at or below it, so always a time
    some decision really took. ``quantiles(v, 0.5, 0.9, 1.0)``: median, p90, max."""
    ordered = sorted(values)
    return [ordered[max(math.ceil(share * len(ordered)) - 1, 0)] for share in shares]
