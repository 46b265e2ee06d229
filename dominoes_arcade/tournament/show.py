"""`dominoes-arcade tournament show`: a results file as readable tables
(standings, head to head, seats, errors) with rich.

Everything a results file says is printed as `Text`, never as a markup string: bot
specs are the user's (``cmd:./bot [/x]``), and rich would read ``[/x]`` as a
closing tag and fail, or ``[bold]`` as a style. And every string of it is first
made printable (`printable.cleaned`): a name's escape sequences shown, not sent to
the terminal, and names cut to a sane length."""

from __future__ import annotations

import math
import os
from collections import Counter
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import printable
from ..engine.core import toml_repr
from .ratings import OPEN_BOUND
from .sprt import sprt_status

ERRORS_LISTED = 10
"""How many forfeits are quoted in full; the rest are only counted."""


def _number(value: Any, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _interval(row: dict[str, Any], low: str, high: str, digits: int = 2) -> str:
    if low not in row:
        return ""
    return f"[{row[low]:.{digits}f}, {row[high]:.{digits}f}]"


NUMBER = (int, float)
ROW_KEYS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "standings": {"rank": int, "bot": str, "games": int, "wins": int, "draws": int, "losses": int,
                  "win_rate": NUMBER, "rating": NUMBER, "rating_mu": NUMBER, "rating_sigma": NUMBER},
    "pairs": {"a": str, "b": str, "games": int, "a_ahead": int, "b_ahead": int, "tied": int},
    "errors": {"game_id": int, "seat": int, "bot": str, "kind": str, "message": str},
    "superiority": {"a": str, "b": str, "los": NUMBER},
}
"""The keys each row of a results table must hold to be shown, and their types."""
OPTIONAL_NUMBERS = ("mean_score", "mean_rank", "mean_decision_ms", "win_rate_ci95_low", "win_rate_ci95_high",
                    "mean_diff", "ci95_low", "ci95_high", "elo", "elo_low", "elo_high", "mean_clock_left_ms",
                    "min_clock_left_ms", "clock_overruns", "time_losses")
SEAT_FIGURES = ("games", "mean_score", "win_rate", "mean_rank")
SPRT_NUMBERS = ("elo0", "elo1", "alpha", "beta", "lower", "upper", "llr", "deals", "elo", "elo_low", "elo_high",
                "nelo", "nelo_low", "nelo_high", "draw_ratio")
"""The numbers of ``[sprt]`` (each one optional: older files lack the estimates)."""
TIMING = ("wall_seconds", "games_per_second", "mean_game_ms", "busy_share")
WIDE = 120
"""From this many columns on, the tables show every figure if they fit (`fitting`);
below, a compact form that fits 80 columns."""
FULL = 160
"""Below this many columns, standings with fitted ratings leave out openskill's
mu ± sigma (the fitted interval says more), to make room for the elo interval."""


class ResultsShapeError(ValueError):
    """A TOML file that is not a results file `print_results` can show: names the key."""


def check_shape(document: dict[str, Any]) -> None:
    """Check that `document` has the shape of a results file, so that showing it
    cannot fail half-way. :raises ResultsShapeError: naming the first bad key."""
    if "standings" not in document:
        raise ResultsShapeError("no standings")
    for name in ("tournament", "run", "seats", "ratings"):
        if not isinstance(document.get(name, {}), dict):
            raise ResultsShapeError(f"{name} must be a table")
    tournament = document.get("tournament", {})
    if not isinstance(tournament.get("bots", []), list) or not isinstance(tournament.get("options", {}), dict):
        raise ResultsShapeError("tournament.bots must be a list and tournament.options a table")
    timing = tournament.get("timing", {})
    if not isinstance(timing, dict) or not all(isinstance(timing.get(k, 0), NUMBER) for k in TIMING):
        raise ResultsShapeError("tournament.timing must be a table of numbers")
    for table, keys in ROW_KEYS.items():
        rows = document.get(table, [])
        if not isinstance(rows, list):
            raise ResultsShapeError(f"{table} must be a list of tables ([[{table}]])")
        for number, row in enumerate(rows, 1):
            if not isinstance(row, dict):
                raise ResultsShapeError(f"{table} row {number} is not a table")
            for key, kind in keys.items():
                if key not in row:
                    raise ResultsShapeError(f"{table} row {number} lacks {key}")
                if not isinstance(row[key], kind) or isinstance(row[key], bool):
                    raise ResultsShapeError(f"{table} row {number}: {key} = {toml_repr(row[key])} has the wrong type")
            for key in OPTIONAL_NUMBERS:
                if key in row and not isinstance(row[key], NUMBER):
                    raise ResultsShapeError(f"{table} row {number}: {key} must be a number")
    sprt = document.get("sprt", {})
    if not isinstance(sprt, dict) or not all(isinstance(sprt.get(k, 0), NUMBER) for k in SPRT_NUMBERS) \
            or not isinstance(sprt.get("verdict", ""), str):
        raise ResultsShapeError(f"sprt must be a table with the numbers {', '.join(SPRT_NUMBERS)} and a verdict")
    seats = document.get("seats", {})
    if seats:
        lists = [seats.get(key) for key in SEAT_FIGURES]
        if not all(isinstance(v, list) and all(isinstance(x, NUMBER) or x is None for x in v) for v in lists) \
                or len({len(v) for v in lists}) != 1:
            raise ResultsShapeError(f"seats must hold {', '.join(SEAT_FIGURES)}: lists of numbers of one length")


def results_console() -> Console:
    """A console on stdout as wide as ``COLUMNS`` says when it is set, else as the
    terminal; 160 columns when it is not a terminal (a file or a pipe has room for
    the whole table)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdecimal():  # not isdigit(): "²" is a digit, but no number for int()
        return Console(width=max(40, int(columns)))
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 160))
    return console


def dealt_from(tournament: dict[str, Any]) -> str:
    """Where the deals come from: the master seed, or a deals file (its name, how
    many deals it holds and the start of its sha256)."""
    if "deals_file" not in tournament:
        return f"seed {tournament.get('seed', '?')}"
    return (f"from {tournament['deals_file']} ({tournament.get('deals_in_file', '?')} in the file, "
            f"sha256 {str(tournament.get('deals_sha256', '?'))[:12]}…)")


def print_results(document: dict[str, Any], console: Console) -> None:
    """Print every table of a results `document` (as read by `results.read_results`
    and checked by `check_shape`)."""
    document = printable.cleaned(document)
    tournament = document.get("tournament", {})
    run = document.get("run", {})
    timing = tournament.get("timing", {})
    game = tournament.get("game", "?")
    better = "higher" if tournament.get("higher_score_wins", True) else "lower"
    console.print(Text.assemble((str(game), "bold"), f" tournament: {len(tournament.get('bots', []))} bots, "
                                f"{tournament.get('players', '?')} seats, {tournament.get('deals', '?')} deals, "
                                f"{dealt_from(tournament)}; {tournament.get('format', '')}"))
    past = run.get("games_past_stop", 0)
    past_text = f", {past} more played after the test's decision (in the journal, not counted)" \
        if isinstance(past, int) and past > 0 else ""
    console.print(Text(f"status {run.get('status', '?')}: {tournament.get('games_played', 0)} of "
                       f"{tournament.get('games_planned', 0)} games{past_text}, "
                       f"{tournament.get('games_forfeited', 0)} forfeited; {better} scores are better"))
    options = tournament.get("options", {})
    if options:
        console.print(Text("options: " + ", ".join(f"{k} = {toml_repr(v)}" for k, v in options.items())))
    if document.get("sprt"):
        console.print(sprt_line(document["sprt"]))
    wide = console.width >= WIDE
    rows = document.get("standings", [])
    console.print(fitting(console.width, [standings_table(rows, wide, full=console.width >= FULL),
                                          standings_table(rows, wide, full=False), standings_table(rows, False)]))
    if has_open_bound(rows):
        console.print(Text(f"elo: {OPEN_BOUND}"))
    if document.get("pairs"):
        console.print(fitting(console.width, [pairs_table(document["pairs"], better, w) for w in (wide, False)]))
    if document.get("superiority"):
        console.print(fitting(console.width, [superiority_table(document["superiority"], document.get("ratings", {}), w)
                                              for w in (wide, False)]))
    if document.get("seats"):
        console.print(fitting(console.width, [seats_table(document["seats"], w) for w in (wide, False)]))
    if any("mean_clock_left_ms" in row for row in rows):
        console.print(clock_table(rows, str(tournament.get("time_control", "?")), tournament.get("time_margin_ms")))
    errors = document.get("errors", [])
    if errors:
        console.print(fitting(console.width, [errors_table(errors, w) for w in (wide, False)]))
    if "games_per_second" in timing:
        console.print(f"this run: {timing['wall_seconds']:.1f} s, {timing['games_per_second']:.1f} games/s, "
                      f"{timing['mean_game_ms']:.1f} ms a game, workers busy {100 * timing['busy_share']:.0f}%")


def needed_width(table: Table) -> int:
    """The fewest columns `table` can be shown in whole: its natural width, less what
    its folding columns (bot names) can give up down to their minimum width. Rich
    crops a table that needs more at the right edge, and its own measure of the
    minimum does not count the cells that may not wrap."""
    natural = Console(width=10_000).measure(table).maximum
    spare = 0
    for column in table.columns:
        if column.overflow == "fold":
            longest = max(Text(str(cell)).cell_len for cell in (column.header, *column.cells))
            spare += max(0, longest - (column.min_width or 0))
    return natural - spare


def fitting(width: int, tables: list[Table]) -> Table:
    """The first of `tables` (the fullest first) that fits in `width` columns, else the last."""
    return next((table for table in tables if needed_width(table) <= width), tables[-1])


VERDICTS = {"H1": "H1 accepted: {candidate} is stronger by elo1 rather than elo0",
            "H0": "H0 accepted: {candidate} is not stronger by elo1 (elo0 is the likelier)"}


def sprt_line(sprt: dict[str, Any]) -> Text:
    """The sequential test in three lines: its settings, the LLR, its bounds and the
    verdict, then the SPRT line as fastchess prints it (`sprt.sprt_status`)."""
    candidate = str(sprt.get("candidate", "?"))
    verdict = sprt.get("verdict", "")
    said = VERDICTS[verdict].format(candidate=candidate) if verdict in VERDICTS else f"no verdict ({verdict})"
    penta = sprt.get("pentanomial")
    counts = f"; deal pairs scoring 0, 1/2, 1, 3/2, 2: {penta}" if isinstance(penta, list) else ""
    unit = "normalized Elo, nElo" if sprt.get("elo_model") == "normalized" else "logistic Elo"
    return Text.assemble(("SPRT", "bold"), f" of {candidate} against {', '.join(map(str, sprt.get('field', [])))}: "
                         f"elo0 {sprt.get('elo0', 0):g}, elo1 {sprt.get('elo1', 0):g}, alpha {sprt.get('alpha', 0):g}, "
                         f"beta {sprt.get('beta', 0):g} ({unit})\n",
                         f"LLR {sprt.get('llr', 0):.3f} in bounds [{sprt.get('lower', 0):.3f}, "
                         f"{sprt.get('upper', 0):.3f}] after {sprt.get('deals', 0)} deals{counts}: ", (said, "bold"),
                         f"\n{sprt_status(sprt)}")


def _style(wide: bool) -> dict[str, Any]:
    """Narrow tables drop the outer and inner rules, which cost three columns each."""
    return {} if wide else {"box": box.SIMPLE_HEAD, "show_edge": False, "pad_edge": False}


def has_open_bound(rows: list[dict[str, Any]]) -> bool:
    """Whether a fitted rating's interval runs to infinity (`ratings.open_sides`)."""
    return any(isinstance(row.get(key), float) and math.isinf(row[key])
               for row in rows for key in ("elo_low", "elo_high"))


def standings_table(rows: list[dict[str, Any]], wide: bool = True, full: bool = True) -> Table:
    """The standings; narrow (`wide` False): no intervals, no sigma, no timing; not
    `full` with fitted ratings: no mu ± sigma."""
    games, draws = sum(row["games"] for row in rows), sum(row["draws"] for row in rows)
    # The draw ratio in the title, where it costs no width: a seat's draws are in W-D-L.
    ratio = f"; {100 * draws / games:.1f}% of games drawn" if games else ""
    table = Table(title=f"Standings (best first{ratio})", title_justify="left", **_style(wide))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", overflow="fold", min_width=12)
    fitted = any("elo" in row for row in rows)
    names = ("games", "W-D-L", "win rate (95%)", "mean score", "mean rank", "rating (mu ± σ)", "forfeits",
             "ms/move")
    if not wide:
        names = ("games", "W-D-L", "win", "score", "rank", "rating", "forfeits")
    sigma = wide and (full or not fitted)
    if fitted:
        at = names.index("rating (mu ± σ)" if wide else "rating")
        names = names[:at] + ("elo (95%)" if wide else "elo",) + names[at:]
    if wide and not sigma:
        names = tuple("rating" if name == "rating (mu ± σ)" else name for name in names)
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        win_rate = f"{row['win_rate']:.3f}"
        rating = f"{row['rating']:.1f}"
        cells = [str(row["rank"]), Text(row["bot"]), str(row["games"]), f"{row['wins']}-{row['draws']}-{row['losses']}"]
        if wide:
            win_rate += f" {_interval(row, 'win_rate_ci95_low', 'win_rate_ci95_high', 2)}"
        if sigma:
            rating += f" ({row['rating_mu']:.1f} ± {row['rating_sigma']:.1f})"
        cells += [win_rate, _number(row.get("mean_score")), _number(row.get("mean_rank"))]
        if fitted:
            elo = f"{row['elo']:+.0f}" if "elo" in row else "-"
            if wide and "elo_low" in row and "elo_high" in row:
                elo += f" [{row['elo_low']:+.0f}, {row['elo_high']:+.0f}]"
            cells.append(elo)
        cells += [rating, str(row.get("forfeits", 0))]
        if wide:
            cells.append(_number(row.get("mean_decision_ms"), 3))
        table.add_row(*cells)
    return table


def pairs_table(rows: list[dict[str, Any]], better: str, wide: bool = True) -> Table:
    """Head to head; narrow (`wide` False): ahead-behind-tied in one column, no interval."""
    title = "Head to head (mean diff: a's points minus b's per duplicate deal, positive when a did better"
    table = Table(title=f"{title}; {better} scores are better)", title_justify="left", **_style(wide))
    for name in ("a", "b"):
        table.add_column(name, overflow="fold", min_width=12)
    names = ("games", "a ahead", "b ahead", "tied", "deals", "mean diff (95%)") if wide else (
        "games", "a-b-tied", "mean diff")
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        if wide:
            table.add_row(Text(row["a"]), Text(row["b"]), str(row["games"]), str(row["a_ahead"]), str(row["b_ahead"]),
                          str(row["tied"]), str(row.get("deals", "")),
                          f"{_number(row.get('mean_diff'))} {_interval(row, 'ci95_low', 'ci95_high')}")
        else:
            table.add_row(Text(row["a"]), Text(row["b"]), str(row["games"]),
                          f"{row['a_ahead']}-{row['b_ahead']}-{row['tied']}", _number(row.get("mean_diff")))
    return table


def superiority_table(rows: list[dict[str, Any]], how: dict[str, Any], wide: bool = True) -> Table:
    """The likelihood of superiority of every pair: how sure the batch fit is that a
    is stronger than b (its bootstrap share)."""
    samples = how.get("bootstrap")
    over = f" over {samples} bootstrap samples" if isinstance(samples, int) else ""
    title = f"Likelihood of superiority (share of samples{over} where a's elo > b's)"
    table = Table(title=title, title_justify="left", **_style(wide))
    for name in ("a", "b"):
        table.add_column(name, overflow="fold", min_width=12)
    table.add_column("LOS", justify="right", no_wrap=True)
    for row in rows:
        table.add_row(Text(row["a"]), Text(row["b"]), f"{row['los']:.3f}")
    return table


def clock_table(rows: list[dict[str, Any]], control: str, margin: Any) -> Table:
    """Each bot's clock use under the time control: what its clock held at the end of
    its games (a loss on time counts as 0), overruns the margin forgave, losses on time."""
    margin_text = f", margin {margin} ms" if isinstance(margin, int) and margin else ""
    table = Table(title=f"Clocks ({control}: seconds a game + seconds a move{margin_text})", title_justify="left",
                  **_style(False))
    table.add_column("bot", overflow="fold", min_width=12)
    for name in ("mean left, s", "least left, s", "overruns forgiven", "lost on time"):
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        if "mean_clock_left_ms" in row:
            table.add_row(Text(row["bot"]), _seconds(row.get("mean_clock_left_ms")),
                          _seconds(row.get("min_clock_left_ms")), _number(row.get("clock_overruns"), 0),
                          _number(row.get("time_losses"), 0))
    return table


def _seconds(millis: Any) -> str:
    return f"{millis / 1000:.2f}" if isinstance(millis, NUMBER) and math.isfinite(millis) else "-"


def seats_table(seats: dict[str, list[Any]], wide: bool = True) -> Table:
    table = Table(title="Seats", title_justify="left", **_style(wide))
    for name in ("seat", "games", "mean score", "win rate", "mean rank"):
        table.add_column(name, justify="right", no_wrap=True)
    for seat, games in enumerate(seats.get("games", [])):
        table.add_row(str(seat), str(games), _number(seats["mean_score"][seat]), _number(seats["win_rate"][seat], 3),
                      _number(seats["mean_rank"][seat]))
    return table


def errors_table(errors: list[dict[str, Any]], wide: bool = True) -> Table:
    counts = Counter((e["bot"], e["kind"]) for e in errors)
    summary = "; ".join(f"{bot} {kind} x{n}" for (bot, kind), n in counts.items())
    shown = errors[:ERRORS_LISTED]
    more = f" (first {len(shown)} listed)" if len(errors) > len(shown) else ""
    table = Table(title=Text(f"Forfeits: {len(errors)}: {summary}{more}", style="table.title"), title_justify="left",
                  **_style(wide))
    for name in ("game", "seat"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("bot", overflow="fold")
    table.add_column("kind")
    table.add_column("message", overflow="fold")
    for error in shown:
        table.add_row(str(error["game_id"]), str(error["seat"]), Text(error["bot"]), Text(error["kind"]),
                      Text(error["message"]))
    return table
