"""``dominoes-arcade stats``: the player's results in the client, from the game
history (`history.read_history`, `stats.statistics`)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from . import history
from . import stats as stats_module


def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the rows as JSON instead of a table.")] = False,
) -> None:
    """Your results in the client, from the game history: per game and opponent
    difficulty, games, wins, draws, losses, win rate, best and average score and
    streaks. Demos and hot-seat games are not counted.
    """
    entries, notice = history.read_history()
    if notice:
        typer.echo(f"notice: {notice}", err=True)
    rows = stats_module.statistics(entries)
    if as_json:
        typer.echo(json.dumps([row.to_dict() for row in rows], indent=2))
        return
    if not rows:
        typer.echo(f"no games counted yet (history: {history.data_dir() / history.HISTORY_FILE})")
        return
    table = Table(title="Your games (demos and hot-seat games not counted)")
    for heading in ("game", "against", "games", "W-D-L", "win %", "best", "avg", "streak", "longest"):
        table.add_column(heading, justify="left" if heading in ("game", "against") else "right", no_wrap=True)
    for row in rows:
        data = row.to_dict()
        average = "" if data["average_score"] is None else f"{data['average_score']:.1f}"
        table.add_row(row.game, row.opponents, str(row.games), f"{data['wins']}-{data['draws']}-{data['losses']}",
                      f"{row.win_rate:.0%}", str(data["best_score"]), average, str(row.current_streak),
                      str(row.longest_streak))
    Console(markup=False).print(table)  # a kind in the history is text, not markup
