"""`dominoes-arcade tournament show`: a results file as readable tables
(standings, head to head, seats, errors) with rich."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from ..engine.core import toml_repr

ERRORS_LISTED = 10
"""How many forfeits are quoted in full; the rest are only counted."""


def _number(value: Any, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _interval(row: dict[str, Any], low: str, high: str, digits: int = 2) -> str:
    if low not in row:
        return ""
    return f"[{row[low]:.{digits}f}, {row[high]:.{digits}f}]"


def results_console() -> Console:
    """A console on stdout, at least 160 columns wide when it is not a terminal
    (a file or a pipe has room for the whole table)."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 160))
    return console


def print_results(document: dict[str, Any], console: Console) -> None:
    """Print every table of a results `document` (as read by `results.read_results`)."""
    tournament = document.get("tournament", {})
    run = document.get("run", {})
    timing = tournament.get("timing", {})
    game = tournament.get("game", "?")
    better = "higher" if tournament.get("higher_score_wins", True) else "lower"
    console.print(f"[bold]{game}[/bold] tournament: {len(tournament.get('bots', []))} bots, "
                  f"{tournament.get('players', '?')} seats, {tournament.get('deals', '?')} deals, "
                  f"seed {tournament.get('seed', '?')}; {tournament.get('format', '')}")
    console.print(f"status {run.get('status', '?')}: {tournament.get('games_played', 0)} of "
                  f"{tournament.get('games_planned', 0)} games, {tournament.get('games_forfeited', 0)} forfeited; "
                  f"{better} scores are better")
    options = tournament.get("options", {})
    if options:
        console.print("options: " + ", ".join(f"{k} = {toml_repr(v)}" for k, v in options.items()))
    console.print(standings_table(document.get("standings", [])))
    if document.get("pairs"):
        console.print(pairs_table(document["pairs"], better))
    if document.get("seats"):
        console.print(seats_table(document["seats"]))
    errors = document.get("errors", [])
    if errors:
        console.print(errors_table(errors))
    if "games_per_second" in timing:
        console.print(f"this run: {timing['wall_seconds']:.1f} s, {timing['games_per_second']:.1f} games/s, "
                      f"{timing['mean_game_ms']:.1f} ms a game, workers busy {100 * timing['busy_share']:.0f}%")


def standings_table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title="Standings (best first)", title_justify="left")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", no_wrap=True)
    for name in ("games", "W-D-L", "win rate (95%)", "mean score", "mean rank", "rating (mu ± σ)", "forfeits",
                 "ms/move"):
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        win_rate = f"{row['win_rate']:.3f} {_interval(row, 'win_rate_ci95_low', 'win_rate_ci95_high', 2)}"
        rating = f"{row['rating']:.1f} ({row['rating_mu']:.1f} ± {row['rating_sigma']:.1f})"
        table.add_row(str(row["rank"]), row["bot"], str(row["games"]), f"{row['wins']}-{row['draws']}-{row['losses']}",
                      win_rate, _number(row.get("mean_score")), _number(row.get("mean_rank")), rating,
                      str(row.get("forfeits", 0)), _number(row.get("mean_decision_ms"), 3))
    return table


def pairs_table(rows: list[dict[str, Any]], better: str) -> Table:
    table = Table(title=f"Head to head (mean diff: a's points minus b's per duplicate deal, positive when a did "
                  f"better; {better} scores are better)", title_justify="left")
    for name in ("a", "b"):
        table.add_column(name, no_wrap=True)
    for name in ("games", "a ahead", "b ahead", "tied", "deals", "mean diff (95%)"):
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(row["a"], row["b"], str(row["games"]), str(row["a_ahead"]), str(row["b_ahead"]),
                      str(row["tied"]), str(row.get("deals", "")),
                      f"{_number(row.get('mean_diff'))} {_interval(row, 'ci95_low', 'ci95_high')}")
    return table


def seats_table(seats: dict[str, list[Any]]) -> Table:
    table = Table(title="Seats", title_justify="left")
    for name in ("seat", "games", "mean score", "win rate", "mean rank"):
        table.add_column(name, justify="right", no_wrap=True)
    for seat, games in enumerate(seats.get("games", [])):
        table.add_row(str(seat), str(games), _number(seats["mean_score"][seat]), _number(seats["win_rate"][seat], 3),
                      _number(seats["mean_rank"][seat]))
    return table


def errors_table(errors: list[dict[str, Any]]) -> Table:
    counts = Counter((e["bot"], e["kind"]) for e in errors)
    summary = "; ".join(f"{bot} {kind} x{n}" for (bot, kind), n in counts.items())
    shown = errors[:ERRORS_LISTED]
    more = f" (first {len(shown)} listed)" if len(errors) > len(shown) else ""
    table = Table(title=f"Forfeits: {len(errors)}: {summary}{more}", title_justify="left")
    for name in ("game", "seat"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("bot", no_wrap=True)
    table.add_column("kind")
    table.add_column("message")
    for error in shown:
        table.add_row(str(error["game_id"]), str(error["seat"]), error["bot"], error["kind"], error["message"])
    return table
