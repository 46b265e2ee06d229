"""``dominoes-arcade stats``: the player's results in the client, from the game
history (`history.read_history`, `stats.statistics`).

The table takes the terminal's width (``COLUMNS`` when set): ruled with full
headings when it fits, else without rules and with short headings, else (a narrow
terminal, or a long bot name) one short paragraph a row, so no heading or figure is
ever cut short. A row's games counted apart (finished by the bot, played with the
move values shown: `stats.Row.apart_words`) are said in a line under the table, so
that a row of only such games does not read as nothing played; its figures then
show "-".
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from . import history, printable
from . import stats as stats_module

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

# rich is imported where a table is drawn, not at start-up: every command (and the
# hundreds of processes the tests start) would pay for its import otherwise.

TITLE = "Your games (demos and hot-seat games not counted)"
HEADINGS = ("game", "against", "games", "W-D-L", "win %", "best", "average", "win streak", "longest streak")
SHORT_HEADINGS = ("game", "against", "games", "W-D-L", "win %", "best", "avg", "streak", "longest")
"""The same columns in fewer letters, for a terminal of 80 columns."""


def cells(row: stats_module.Row) -> list[str]:
    """A row's figures as the table shows them, in the order of `HEADINGS`; the
    game and the opponents' kinds come from the history file, so they are shown
    as `printable.name` writes them."""
    data = row.to_dict()
    average = "-" if data["average_score"] is None else f"{data['average_score']:.1f}"
    best = "-" if data["best_score"] is None else str(data["best_score"])
    if not row.games:  # no result yet (only games counted apart): no rate or streak of nothing
        return [printable.name(row.game), printable.name(row.opponents), "0", "-", "-", "-", "-", "-", "-"]
    return [printable.name(row.game), printable.name(row.opponents), str(row.games),
            f"{data['wins']}-{data['draws']}-{data['losses']}",
            f"{row.win_rate:.0%}", best, average, str(row.current_streak), str(row.longest_streak)]


def apart_lines(rows: list[stats_module.Row]) -> list[str]:
    """A line for each row with games counted apart: whose, and how many."""
    return [f"{printable.name(row.game)} against {printable.name(row.opponents)}: {row.apart_words()} "
            "(not counted above)" for row in rows if row.apart_words()]


def table(rows: list[stats_module.Row], compact: bool) -> Table:
    """The rows as a table: ruled with `HEADINGS`, or (`compact`) unruled with `SHORT_HEADINGS`."""
    from rich import box
    from rich.table import Table

    style = {"box": box.SIMPLE_HEAD, "show_edge": False, "pad_edge": False} if compact else {}
    shown = Table(title=TITLE, **style)
    for heading in SHORT_HEADINGS if compact else HEADINGS:
        shown.add_column(heading, justify="left" if heading in ("game", "against") else "right", no_wrap=True)
    for row in rows:
        shown.add_row(*cells(row))
    return shown


def paragraph(row: stats_module.Row) -> Text:
    """One row in words, for a terminal too narrow for the table."""
    from rich.text import Text

    game, against, games, _record, rate, best, average, streak, longest = cells(row)
    data = row.to_dict()
    if not row.games:
        return Text(f"{game} against {against}\n  not counted: {row.apart_words()}\n")
    return Text(f"{game} against {against}\n"
                f"  {games} games: {data['wins']} won, {data['draws']} drawn, {data['losses']} lost ({rate} won)\n"
                f"  best score {best}, average {average}\n"
                f"  win streak {streak}, longest {longest}\n")


def print_rows(rows: list[stats_module.Row], console: Console) -> None:
    """The rows in the first layout that fits `console`'s width whole."""
    from rich.measure import Measurement
    from rich.text import Text

    for compact in (False, True):
        shown = table(rows, compact)
        unbounded = console.options.update_width(1 << 16)  # the table's own width, not one clamped to the console's
        if Measurement.get(console, unbounded, shown).maximum <= console.width:
            console.print(shown)
            for line in apart_lines(rows):
                console.print(Text(line))  # wrapped at the console's width, never cut
            return
    console.print(Text(TITLE + "\n", style="italic"))
    for row in rows:
        console.print(paragraph(row))


def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the rows as JSON instead of a table.")] = False,
) -> None:
    """Your results in the client, from the game history: per game and opponent
    difficulty, games, wins, draws, losses, win rate, best and average score and
    streaks. Demos and hot-seat games are not counted.
    """
    entries, notice = history.read_history()
    if notice:
        typer.echo(printable.visible(f"notice: {notice}"), err=True)
    rows = stats_module.statistics(entries)
    if as_json:
        typer.echo(json.dumps([row.to_dict() for row in rows], indent=2))
        return
    if not rows:
        typer.echo(f"no games counted yet (history: {history.data_dir() / history.HISTORY_FILE})")
        return
    from rich.console import Console

    print_rows(rows, Console(markup=False))  # a kind in the history is text, not markup
