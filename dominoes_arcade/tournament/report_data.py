"""The figures a tournament report shows, from a results file and its journal.

Pure data, no plotting: `tournament/report_plots.py` draws these and
`tournament/report.py` lays them out as a page. The results file already holds the
standings, the head-to-head pairs of two-player games and the seat figures; what it
does not (each game's places, scores and decision times, and which journal line to
replay) is read here from the journal, with the standings' own ranking rules
(`standings.rank_all`), so the two never disagree.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import files, printable
from ..engine import GAMES
from ..engine.core import toml_repr
from ..engine.json_lines import parse_line
from .standings import RankedGame, competition_ranks, rank_all, summarize
from .telemetry import TimeUse, gather

MAX_BOTS = 200
"""The most bots a report is drawn for: its head-to-head picture has a cell for
every pair, so a results file listing 200,000 names would take gigabytes."""
MAX_SEATS = max(entry.players[1] for entry in GAMES.values())
"""The most seats at any game's table."""
NAME_LIMIT = 200
"""Bot names are cut to this many characters on the page (two specs may differ
only near their end, so more than a terminal's `printable.NAME_LIMIT`)."""
TEXT_LIMIT = 2000
"""Any other text of the results (a forfeit's message, the command) is cut to this."""


class ReportError(ValueError):
    """A results file or journal that cannot be reported on: names the file and why."""


def check_size(document: dict[str, Any]) -> None:
    """What `show.check_shape` leaves to the report, which builds figures per seat
    and per pair of bots: a number of seats a game can have, a bot list of strings
    of a size a page can show, a journal that is a file name. Checked before anything
    is built, so a small file cannot ask for gigabytes.
    :raises show.ResultsShapeError: naming the first bad key."""
    from .show import ResultsShapeError

    tournament = document.get("tournament", {})
    for where, table in (("tournament", tournament), ("tournament.options", tournament.get("options", {}))):
        players = table.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                    or not 1 <= players <= MAX_SEATS):
            raise ResultsShapeError(f"{where}.players = {printable.text(toml_repr(players), 40)} is not a number "
                                    f"of seats (1 to {MAX_SEATS})")
    bots = tournament.get("bots", [])
    if not all(isinstance(bot, str) for bot in bots):
        raise ResultsShapeError("tournament.bots must be a list of bot specs (strings)")
    for what, count in (("tournament.bots", len(bots)), ("standings", len(document.get("standings", [])))):
        if count > MAX_BOTS:
            raise ResultsShapeError(f"{what} lists {count:,} bots: a report is drawn for at most {MAX_BOTS} "
                                    "(`tournament show` lists any number)")
    seats = document.get("seats", {})
    if seats and len(seats.get("games", [])) > MAX_SEATS:
        raise ResultsShapeError(f"seats: figures for {len(seats['games']):,} seats: no game has more than {MAX_SEATS}")
    journal = tournament.get("journal")
    if journal is not None and not (isinstance(journal, str) and journal.strip()):
        raise ResultsShapeError(f"tournament.journal = {printable.text(toml_repr(journal), 40)} is not a file name")


@dataclass
class Notable:
    """A journal line worth replaying, and why."""

    line: int
    """1-based, as `dominoes-arcade replay JOURNAL --index N` counts."""
    why: str


@dataclass
class ReportData:
    document: dict[str, Any]
    """The results file, as read."""
    journal: Path | None
    bots: list[str]
    players: int
    higher_score_wins: bool
    games: int = 0
    scores: dict[str, list[int]] = field(default_factory=dict)
    """Each bot's final score in every game it finished (forfeits left out)."""
    ranks: dict[str, list[int]] = field(default_factory=dict)
    """Each bot's competition rank (1 = first) in every game, forfeits included."""
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    """Each bot's mean milliseconds a decision, one value per game."""
    above: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    """(row, column) -> (games where row placed above column, games they met)."""
    notable: dict[tuple[str, str], list[Notable]] = field(default_factory=dict)
    """Per pairing (two bots, in bot order): the lines to watch."""
    forfeit_lines: dict[int, int] = field(default_factory=dict)
    """game_id -> journal line of each forfeited game."""
    time_use: TimeUse | None = None
    """Each decision's time and the bots' own figures (`telemetry`); None without a journal."""

    @property
    def status(self) -> str:
        return str(self.document.get("run", {}).get("status", "unknown"))

    @property
    def planned(self) -> int:
        return int(self.document["tournament"].get("games_planned", self.games))


def read_report_data(results_path: Path) -> ReportData:
    """Everything the report shows. :raises ReportError: for an unreadable file."""
    from .results import read_results
    from .show import ResultsShapeError, check_shape

    try:
        document = read_results(results_path)
        check_shape(document)
        check_size(document)
    except files.FileError as error:
        raise ReportError(str(error)) from None
    except ResultsShapeError as error:
        raise ReportError(f"{results_path}: not a tournament results file: {error}") from None
    # Names and messages end up on the page and in the pictures' text: control
    # characters shown (matplotlib has no glyph for ESC), sizes cut. The journal's
    # seats are cut the same way (`journal_games`), so the two still match.
    document = printable.cleaned(document, TEXT_LIMIT, NAME_LIMIT)
    tournament = document.get("tournament")
    if not isinstance(tournament, dict):
        raise ReportError(f"{results_path}: not a tournament results file (no [tournament])")
    bots = [str(bot) for bot in tournament.get("bots", [])]
    players = int(tournament.get("players") or tournament.get("options", {}).get("players", 2))
    data = ReportData(document, None, bots, players, bool(tournament.get("higher_score_wins", True)))
    journal_name = tournament.get("journal")
    if journal_name:
        journal = (results_path.parent / journal_name).resolve()
        if journal.exists():
            data.journal = journal
            add_journal(data, journal)
    return data


def journal_games(path: Path) -> list[tuple[int, RankedGame, dict[str, Any]]]:
    """Each game of the journal with its 1-based record number (blank and torn lines
    skipped, as `replay` skips blank ones), ranked by the standings' rules."""
    numbered = []
    try:
        # Numbered as `replay` numbers records: every line but the blank ones,
        # including those that are not records (not UTF-8, too long).
        lines = [line for line in files.read_lines(path) if line.text is None or line.text.strip()]
    except files.FileError as error:
        raise ReportError(f"cannot read the journal: {error}") from None
    for index, line in enumerate(lines, 1):
        try:
            if line.text is None:
                continue
            record = parse_line(line.text)
            if isinstance(record, dict) and isinstance(record.get("seats"), list):
                record["seats"] = [printable.name(seat, NAME_LIMIT) if isinstance(seat, str) else seat
                                   for seat in record["seats"]]
            numbered.append((index, summarize(record), record))
        except (ValueError, KeyError, TypeError, AttributeError):  # json_lines.BadLine included
            continue  # a line cut short by a kill: the results never counted it either
    return numbered


def add_journal(data: ReportData, path: Path) -> None:
    games = journal_games(path)
    sprt = data.document.get("sprt") or {}
    if sprt.get("verdict") in ("H1", "H0") and isinstance(sprt.get("deals"), int):
        # Games past the deal where the test stopped count nowhere (tournament/sequential.py).
        games = [game for game in games if game[1].deal < sprt["deals"]]
    lines = {result.game_id: index for index, result, _ in games}
    limit = data.document["tournament"].get("move_time_limit_ms")
    data.time_use = gather(((index, record) for index, _, record in games),
                           float(limit) if isinstance(limit, int | float) and not isinstance(limit, bool) else None)
    ranked = rank_all([result for _, result, _ in games], data.higher_score_wins)
    data.games = len(ranked)
    scores, ranks, times = defaultdict(list), defaultdict(list), defaultdict(list)
    met: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    lopsided: dict[tuple[str, str], tuple[float, int]] = {}
    order = {bot: i for i, bot in enumerate(data.bots)}
    for game in ranked:
        result = game.result
        line = lines[result.game_id]
        game_ranks = competition_ranks(game.places)
        for seat, bot in enumerate(result.seats):
            ranks[bot].append(game_ranks[seat])
            if result.forfeit is None:
                scores[bot].append(result.scores[seat])
            if result.decisions and result.decisions[seat]:
                times[bot].append(1000 * result.decision_seconds[seat] / result.decisions[seat])
        if result.forfeit is not None:
            data.forfeit_lines[result.game_id] = line
            fault = result.forfeit
            for other in set(result.seats) - {result.seats[fault.seat]}:
                pair = tuple(sorted((result.seats[fault.seat], other), key=lambda b: order.get(b, 0)))
                data.notable.setdefault(pair, []).append(
                    Notable(line, f"{result.seats[fault.seat]} forfeits ({fault.kind})"))
        for a, bot_a in enumerate(result.seats):
            for b, bot_b in enumerate(result.seats):
                if bot_a == bot_b:
                    continue
                tally = met[(bot_a, bot_b)]
                tally[1] += 1
                tally[0] += game.places[a] < game.places[b]
                if order.get(bot_a, 0) < order.get(bot_b, 0) and result.forfeit is None:
                    margin = abs(result.scores[a] - result.scores[b])
                    if margin > lopsided.get((bot_a, bot_b), (-1, 0))[0]:
                        lopsided[(bot_a, bot_b)] = (margin, line)
    for pair, (margin, line) in lopsided.items():
        data.notable.setdefault(pair, []).insert(0, Notable(line, f"the most lopsided game ({margin:g} points apart)"))
    data.scores, data.ranks, data.decision_ms = dict(scores), dict(ranks), dict(times)
    data.above = {pair: (wins, total) for pair, (wins, total) in met.items()}


def replay_command(data: ReportData, line: int) -> str:
    """The command that replays journal line `line`."""
    journal = data.journal.name if data.journal else "JOURNAL"
    return f"dominoes-arcade replay {journal} --index {line}"


def head_to_head(data: ReportData) -> tuple[list[list[float | None]], list[list[str]], str]:
    """The heat map's values, cell labels and what a value means, rows and columns in
    bot order. Two-player games: the row bot's mean points ahead of the column bot
    per duplicate deal (the results' pairs, positive when the row did better); table
    games: the share of games where the row bot placed above the column bot."""
    bots = data.bots
    size = len(bots)
    values: list[list[float | None]] = [[None] * size for _ in range(size)]
    labels = [[""] * size for _ in range(size)]
    pairs = data.document.get("pairs") or []
    if data.players == 2 and pairs:
        index = {bot: i for i, bot in enumerate(bots)}
        for pair in pairs:
            if pair.get("a") not in index or pair.get("b") not in index or pair.get("mean_diff") is None:
                continue
            a, b = index[pair["a"]], index[pair["b"]]
            mean, low, high = float(pair["mean_diff"]), pair.get("ci95_low"), pair.get("ci95_high")
            values[a][b], values[b][a] = mean, -mean
            if low is not None and high is not None:
                labels[a][b] = f"{mean:+.2f}\n[{low:+.1f}, {high:+.1f}]"
                labels[b][a] = f"{-mean:+.2f}\n[{-high:+.1f}, {-low:+.1f}]"
            else:
                labels[a][b], labels[b][a] = f"{mean:+.2f}", f"{-mean:+.2f}"
        return values, labels, "row's mean points ahead of column per duplicate deal"
    for (row, column), (wins, total) in data.above.items():
        if row in bots and column in bots and total:
            r, c = bots.index(row), bots.index(column)
            values[r][c] = wins / total
            labels[r][c] = f"{wins / total:.0%}\n{wins}/{total}"
    return values, labels, "share of games the row bot placed above the column bot"
