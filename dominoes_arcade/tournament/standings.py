"""From finished games to standings, head-to-head pairs, seat figures and ratings.

Everything here is a pure function of the games' results taken in schedule order
(`game_id`), so the figures never depend on which worker finished first.

**Places.** Each seat of a game gets a place, 1 = best, with tied seats sharing the
mean of the places they cover (fractional ranking: a two-player draw is 1.5 each).
A finished game orders the seats by its outcome: the engine's winners first, then the
rest by score (lowest first in Necropolis, highest first elsewhere).

**Forfeits** (a bot that raises, returns an illegal decision or overruns its time
limit): the offender takes the last place and a loss; the other seats are placed among
themselves by the scores at the moment the game stopped. In a two-player game the
opponent therefore wins. Scores of a forfeited game count in no mean score and no
score difference, since the game never reached its end.

**Win, draw, loss.** A seat wins when it alone has the best place, draws when it
shares the best place, and loses otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    seat: int
    kind: str
    """``exception``, ``timeout``, ``time`` (its clock ran out), ``illegal_action``, or a
    bot program's ``protocol`` or ``crash``."""
    message: str


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the standings need from one finished game (its journal record without
    the steps)."""

    game_id: int
    deal: int
    table: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    forfeit: Forfeit | None
    decision_seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    seconds: float
    """The game's wall time in its worker (timing only)."""
    clock_left_ms: tuple[float | None, ...] | None = None
    """Under a time control: each seat's clock at its last decision (None for a seat
    that made none); None without a time control (timing only)."""
    clock_overruns: tuple[int, ...] | None = None
    """Under a time control: each seat's overruns of its clock forgiven by the margin."""


def summarize(record: dict[str, Any]) -> GameResult:
    """The `GameResult` of a journal record (a dict as in docs/architecture.md, with the
    tournament's bookkeeping keys)."""
    seats = tuple(record["seats"])
    forfeit = record.get("forfeit")
    n = len(seats)
    clock_ms = record.get("clock_ms")
    overruns = record.get("clock_overruns")
    return GameResult(
        game_id=int(record["game_id"]),
        deal=int(record["deal"]),
        table=int(record["table"]),
        seats=seats,
        scores=tuple(record.get("scores") or (0,) * n),
        winners=tuple(record.get("winners") or ()),
        forfeit=Forfeit(forfeit["seat"], forfeit["kind"], forfeit["message"]) if forfeit else None,
        decision_seconds=tuple(record.get("decision_seconds") or (0.0,) * n),
        decisions=tuple(record.get("decisions") or (0,) * n),
        seconds=float(record.get("seconds", 0.0)),
        clock_left_ms=tuple(float(left[-1]) if left else None for left in clock_ms) if clock_ms else None,
        clock_overruns=tuple(int(n) for n in overruns) if overruns else None,
    )


# -- one game ----------------------------------------------------------------------
def fractional_places(keys: Sequence[Any]) -> list[float]:
    """Places from sort keys (smaller = better), ties sharing the mean place.

    >>> fractional_places([3, 1, 3, 0])
    [3.5, 2.0, 3.5, 1.0]
    """
    return [1 + sum(k < mine for k in keys) + (sum(k == mine for k in keys) - 1) / 2 for mine in keys]


def place_keys(result: GameResult, higher_score_wins: bool) -> list[tuple[int, int]]:
    """Each seat's sort key (smaller = better) under the rules in the module doc."""
    sign = -1 if higher_score_wins else 1
    if result.forfeit is not None:
        offender = result.forfeit.seat
        return [(int(seat == offender), sign * score) for seat, score in enumerate(result.scores)]
    return [(int(seat not in result.winners), sign * score) for seat, score in enumerate(result.scores)]


def rank_game(result: GameResult, higher_score_wins: bool) -> tuple[list[float], list[str]]:
    """Each seat's place and verdict (``win``, ``draw`` or ``loss``)."""
    keys = place_keys(result, higher_score_wins)
    best = min(keys)
    sharing = keys.count(best)
    verdicts = ["loss" if key != best else "win" if sharing == 1 else "draw" for key in keys]
    return fractional_places(keys), verdicts


def competition_ranks(places: Sequence[float]) -> list[int]:
    """1 + the number of seats strictly better (what openskill expects).

    >>> competition_ranks([1.5, 1.5, 3.0])
    [1, 1, 3]
    """
    return [1 + sum(p < mine for p in places) for mine in places]


# -- statistics ----------------------------------------------------------------------
def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (0..1 when there are no trials)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float] | None:
    """Mean and normal 95% interval (mean ± 1.96 s/√n); the interval is the mean
    itself for a single value; None for no values."""
    n = len(values)
    if n == 0:
        return None
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def _round(value: float) -> float:
    return round(value, 4)


# -- the whole tournament --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RankedGame:
    """A game with each seat's place and verdict."""

    result: GameResult
    places: tuple[float, ...]
    verdicts: tuple[str, ...]


def rank_all(results: Iterable[GameResult], higher_score_wins: bool) -> list[RankedGame]:
    """Every game ranked, in schedule order."""
    ranked = []
    for result in sorted(results, key=lambda r: r.game_id):
        places, verdicts = rank_game(result, higher_score_wins)
        ranked.append(RankedGame(result, tuple(places), tuple(verdicts)))
    return ranked


@dataclass
class _Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    place_sum: float = 0.0
    score_sum: float = 0.0
    scored_games: int = 0
    forfeits: int = 0
    decision_seconds: float = 0.0
    decisions: int = 0
    clock_left_ms: list[float] = field(default_factory=list)
    """Its clock at the end of each game it played under a time control."""
    clock_overruns: int = 0
    time_losses: int = 0


def standings(ranked: Sequence[RankedGame], bots: Sequence[str]) -> list[dict[str, Any]]:
    """One row per bot, best first: by mean place, then win rate, then rating.

    A bot that fills two seats of one table counts once per seat."""
    tallies = {bot: _Tally() for bot in bots}
    for game in ranked:
        result = game.result
        for seat, bot in enumerate(result.seats):
            tally = tallies[bot]
            tally.games += 1
            tally.place_sum += game.places[seat]
            verdict = game.verdicts[seat]
            tally.wins += verdict == "win"
            tally.draws += verdict == "draw"
            tally.losses += verdict == "loss"
            if result.forfeit is None:
                tally.score_sum += result.scores[seat]
                tally.scored_games += 1
            elif result.forfeit.seat == seat:
                tally.forfeits += 1
            tally.decision_seconds += result.decision_seconds[seat]
            tally.decisions += result.decisions[seat]
            if result.clock_left_ms is not None:
                left = result.clock_left_ms[seat]
                if left is not None:
                    tally.clock_left_ms.append(0.0 if _lost_on_time(result, seat) else left)
                tally.clock_overruns += result.clock_overruns[seat] if result.clock_overruns else 0
                tally.time_losses += _lost_on_time(result, seat)
    rating = ratings(ranked, bots)
    rows = []
    for bot in bots:
        tally = tallies[bot]
        low, high = wilson_interval(tally.wins, tally.games)
        row: dict[str, Any] = {
            "rank": 0,
            "bot": bot,
            "games": tally.games,
            "wins": tally.wins,
            "draws": tally.draws,
            "losses": tally.losses,
            "win_rate": _round(tally.wins / tally.games) if tally.games else 0.0,
            "win_rate_ci95_low": _round(low),
            "win_rate_ci95_high": _round(high),
        }
        if tally.scored_games:
            row["mean_score"] = _round(tally.score_sum / tally.scored_games)
        if tally.games:
            row["mean_rank"] = _round(tally.place_sum / tally.games)
        mu, sigma = rating[bot]
        row.update(rating=_round(mu - 3 * sigma), rating_mu=_round(mu), rating_sigma=_round(sigma),
                   forfeits=tally.forfeits)
        if tally.decisions:
            row["mean_decision_ms"] = _round(1000 * tally.decision_seconds / tally.decisions)
        if tally.clock_left_ms:
            row["mean_clock_left_ms"] = _round(sum(tally.clock_left_ms) / len(tally.clock_left_ms))
            row["min_clock_left_ms"] = _round(min(tally.clock_left_ms))
            row["clock_overruns"] = tally.clock_overruns
            row["time_losses"] = tally.time_losses
        rows.append(row)
    order = {bot: i for i, bot in enumerate(bots)}
    rows.sort(key=lambda r: (r.get("mean_rank", math.inf), -r["win_rate"], -r["rating"], order[r["bot"]]))
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return rows


def _lost_on_time(result: GameResult, seat: int) -> bool:
    return result.forfeit is not None and result.forfeit.seat == seat and result.forfeit.kind == "time"


def ratings(ranked: Iterable[RankedGame], bots: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Plackett-Luce ratings (openskill) as (mu, sigma), updated game by game in
    schedule order.

    Each seat is a team of one. A bot in several seats of one game (a table filled
    by repeating bots) gets the mean of its seats' updated ratings."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {bot: (model.mu, model.sigma) for bot in bots}
    for game in ranked:
        seats = game.result.seats
        teams = [[model.rating(mu=current[bot][0], sigma=current[bot][1])] for bot in seats]
        updated = model.rate(teams, ranks=competition_ranks(game.places))
        by_bot: dict[str, list[tuple[float, float]]] = {}
        for bot, (rating,) in zip(seats, updated, strict=True):
            by_bot.setdefault(bot, []).append((rating.mu, rating.sigma))
        for bot, values in by_bot.items():
            current[bot] = (sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values))
    return current


def _seat_mean(seats: Sequence[str], bot: str, values: Sequence[float]) -> float:
    """`bot`'s mean value over the seats it holds."""
    mine = [values[seat] for seat, name in enumerate(seats) if name == bot]
    return sum(mine) / len(mine)


def pairs(ranked: Sequence[RankedGame], bots: Sequence[str], higher_score_wins: bool) -> list[dict[str, Any]]:
    """Head to head for every two bots that met: who placed ahead, and the mean
    score difference a - b oriented so that positive favours a (in Necropolis, a
    scored fewer points), averaged per duplicate deal (all games of one deal at one
    table), with a 95% interval over those deals. A bot in two seats counts with
    the mean of its seats."""
    sign = 1 if higher_score_wins else -1
    order = {bot: i for i, bot in enumerate(bots)}
    ahead: dict[tuple[str, str], list[int]] = {}  # a ahead, b ahead, tied
    diffs: dict[tuple[str, str], dict[tuple[int, int], list[float]]] = {}
    for game in ranked:
        result = game.result
        present = sorted(set(result.seats), key=order.__getitem__)
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                place_a, place_b = _seat_mean(result.seats, a, game.places), _seat_mean(result.seats, b, game.places)
                counts = ahead.setdefault((a, b), [0, 0, 0])
                counts[0 if place_a < place_b else 1 if place_b < place_a else 2] += 1
                groups = diffs.setdefault((a, b), {})
                if result.forfeit is None:
                    score_a = _seat_mean(result.seats, a, result.scores)
                    score_b = _seat_mean(result.seats, b, result.scores)
                    groups.setdefault((result.deal, result.table), []).append(sign * (score_a - score_b))
    rows = []
    for (a, b), counts in sorted(ahead.items(), key=lambda item: (order[item[0][0]], order[item[0][1]])):
        groups = diffs[(a, b)]
        row: dict[str, Any] = {"a": a, "b": b, "games": sum(counts), "a_ahead": counts[0], "b_ahead": counts[1],
                               "tied": counts[2], "deals": len(groups)}
        summary = mean_interval([sum(g) / len(g) for g in groups.values()])
        if summary is not None:
            row.update(mean_diff=_round(summary[0]), ci95_low=_round(summary[1]), ci95_high=_round(summary[2]))
        rows.append(row)
    return rows


def seat_figures(ranked: Sequence[RankedGame], players: int) -> dict[str, list[Any]]:
    """Per seat: games, mean score (finished games), win rate and mean place."""
    games = [0] * players
    wins = [0] * players
    place_sum = [0.0] * players
    score_sum = [0.0] * players
    scored = [0] * players
    for game in ranked:
        result = game.result
        for seat in range(players):
            games[seat] += 1
            wins[seat] += game.verdicts[seat] == "win"
            place_sum[seat] += game.places[seat]
            if result.forfeit is None:
                score_sum[seat] += result.scores[seat]
                scored[seat] += 1
    return {
        "games": games,
        "mean_score": [_round(s / n) if n else 0.0 for s, n in zip(score_sum, scored, strict=True)],
        "win_rate": [_round(w / n) if n else 0.0 for w, n in zip(wins, games, strict=True)],
        "mean_rank": [_round(p / n) if n else 0.0 for p, n in zip(place_sum, games, strict=True)],
    }


def errors(ranked: Sequence[RankedGame]) -> list[dict[str, Any]]:
    """Every forfeit, in schedule order."""
    rows = []
    for game in ranked:
        result, fault = game.result, game.result.forfeit
        if fault is not None:
            rows.append({"game_id": result.game_id, "deal": result.deal, "seat": fault.seat,
                         "bot": result.seats[fault.seat], "kind": fault.kind, "message": fault.message})
    return rows
