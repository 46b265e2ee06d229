"""`dominoes-arcade tournament compare A.journal.jsonl B.journal.jsonl`: two runs of one
tournament schedule (the same game, options, deal count, seed and shape of line-up),
compared game by game on the same deals and seats.

Run A seats bot X where run B seats bot Y (the same place in the bot list, so the
same seats of the same tables, against the bots at the other places), and every game
of A is paired with the game of B with the same ``game_id``: the same deal, table and
seat rotation. The two games are identical until X and Y first choose differently,
so the paired difference is far less noisy than X and Y meeting at one table; but it
measures X and Y each against the other bots, not X against Y.

**Figures**, each with A's game minus B's, oriented so that positive favours A's bot,
averaged per deal (the games of one deal share its luck) with a normal 95% interval
over deals (`standings.mean_interval`):

- *place*: the bot's finishing place (1 = best, ties sharing; a bot in two seats of
  one table counts with the mean of its seats), B's place minus A's;
- *points*: in two-player games the bot's score minus its opponent's, as the
  standings' head-to-head ``mean_diff`` (per duplicate deal, positive when the bot
  did better: in Necropolis, when it scored fewer); at tables the bot's own score
  (its seats' mean), oriented the same way.

**Forfeits** are data, with the standings' rule (`standings`): the offender takes
the last place and a loss, so a forfeit counts in the place figures and the
outcomes. A forfeited game never reached its end, so its scores count in no points
figure: a pair in which either game was forfeited is left out of the points (and
counted: ``points_games`` against ``games``).

The journals are read with the bounded line reader (`files.read_lines`) and never
written to: a line that is not a tournament record (damaged, cut short by a kill,
too long, of another tournament) is reported and left out, never fatal. Whatever
makes the two runs incomparable raises `CompareError` with one line.
"""

from __future__ import annotations

import os
import platform
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .. import files
from ..engine import new_game
from ..engine.json_lines import parse_line
from ..engine.records import shorten
from .results import FORFEIT_RULE, package_version
from .schedule import distinct_rotations, make_tables
from .standings import GameResult, mean_interval, rank_game, summarize

SCHEMA = 1
KIND = "dominoes-arcade-comparison"
PLACE_RULE = "the bot's place (1 = best, ties sharing), B's minus A's: positive when A's bot placed better"
POINTS_TWO = ("the bot's score minus its opponent's (the head-to-head mean_diff), A's minus B's, per duplicate "
              "deal: positive when A's bot did better")
POINTS_TABLE = "the bot's own final score, A's minus B's: positive when A's bot did better"


class CompareError(ValueError):
    """Two journals that cannot be compared, or a journal that is no run: one line."""


@dataclass
class Run:
    """A tournament run as its journal tells it."""

    path: Path
    game: str
    options: dict[str, Any]
    players: int
    bots: tuple[str, ...]
    """In the order of the spec, recovered from where the schedule seats them."""
    deals: int
    """Deals begun: the highest deal in the journal, plus one."""
    seeds: dict[int, int]
    """Each deal's seed."""
    games: dict[int, GameResult]
    """By ``game_id``."""
    damaged: list[tuple[int, str]] = field(default_factory=list)
    """(line, problem) for every line left out."""


RECORD_KEYS = {"game": str, "options": dict, "seed": int, "rotation": int, "tournament_key": str, "seats": list,
               "game_id": int, "deal": int, "table": int}
"""What a journal line must hold to be paired, and of which type."""
OPTIONAL_LISTS = ("scores", "winners", "decision_seconds", "decisions")
TYPE_WORDS = {str: "a string", dict: "a table (a JSON object)", int: "a whole number", list: "a list"}


def _record_fields(record: Any) -> tuple[GameResult, str, dict[str, Any], int, int, str]:
    """What a journal line must hold. :raises ValueError: saying in words what is
    missing or wrong (never a Python exception's name)."""
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    for key, kind in RECORD_KEYS.items():
        if key not in record:
            raise ValueError(f"the record has no {key!r}")
        value = record[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"its {key!r} is not {TYPE_WORDS[kind]}")
    for key in OPTIONAL_LISTS:
        if record.get(key) is not None and not isinstance(record[key], list):
            raise ValueError(f"its {key!r} is not a list")
    seats = record["seats"]
    if not seats or not all(isinstance(s, str) for s in seats):
        raise ValueError("its 'seats' are not a list of bot names")
    scores = record.get("scores") or []
    if scores and (len(scores) != len(seats) or not all(
            isinstance(x, int | float) and not isinstance(x, bool) for x in scores)):
        raise ValueError(f"its 'scores' are not {len(seats)} numbers, one a seat")
    forfeit = record.get("forfeit")
    if forfeit is not None and not (isinstance(forfeit, dict) and isinstance(forfeit.get("seat"), int)
                                    and not isinstance(forfeit.get("seat"), bool)
                                    and 0 <= forfeit["seat"] < len(seats)
                                    and "kind" in forfeit and "message" in forfeit):
        raise ValueError("its 'forfeit' is not a table with a seat of the game, a kind and a message")
    try:
        result = summarize(record)
    except (ValueError, TypeError, KeyError, IndexError):  # the optional figures: decisions, seconds
        raise ValueError("its timings (decisions, decision_seconds, seconds) are not numbers") from None
    if result.game_id < 0 or result.deal < 0 or result.table < 0:
        raise ValueError("a negative game_id, deal or table")
    return result, record["game"], record["options"], record["seed"], record["rotation"], record["tournament_key"]


def journal_path(path: Path) -> Path:
    """`path`, or when it is a results file (``X.results.toml``) the journal it names."""
    if path.suffix != ".toml":
        return path
    tournament = files.read_toml(path).get("tournament")
    name = tournament.get("journal") if isinstance(tournament, dict) else None
    if not isinstance(name, str) or not name:
        raise CompareError(f"{path}: not a tournament results file (it names no journal): give a journal")
    return path.parent / name


def read_run(path: Path | str) -> Run:
    """The run of the journal at `path` (or of the journal a results file names).

    :raises files.FileError: an unreadable file (exit 2).
    :raises CompareError: no tournament record in it, or records that follow no
        round-robin schedule (seats, deals and seeds that disagree)."""
    path = journal_path(Path(path))
    damaged: list[tuple[int, str]] = []
    parsed = []
    for number, text, problem, _start, complete in files.read_lines(path):
        if text is not None and not text.strip():
            continue
        try:
            if text is None:
                raise ValueError(problem)
            parsed.append((number, *_record_fields(parse_line(text))))
        except ValueError as error:
            cut = "" if complete else " (cut short: the run was killed while writing it)"
            damaged.append((number, f"not a tournament record{cut}: {shorten(str(error))}"))
    if not parsed:
        raise CompareError(f"{path}: holds no tournament record: give the journal of a run (X.journal.jsonl)")
    # The tournament is the one most lines belong to (a journal holds one; a line
    # of another is a stray).
    key = Counter(entry[-1] for entry in parsed).most_common(1)[0][0]
    games: dict[int, GameResult] = {}
    rotations: dict[int, int] = {}
    seeds: dict[int, int] = {}
    game, options = "", {}
    for number, result, game_name, game_options, seed, rotation, record_key in parsed:
        if record_key != key:
            damaged.append((number, "a record of another tournament (game, bots, seed or options differ)"))
            continue
        if result.game_id in games:
            damaged.append((number, f"game {result.game_id} again (the first record of it is kept)"))
            continue
        if seeds.setdefault(result.deal, seed) != seed:
            raise CompareError(f"{path}: line {number}: deal {result.deal} has two seeds: not one tournament's journal")
        game, options = game_name, game_options
        games[result.game_id] = result
        rotations[result.game_id] = rotation
    damaged.sort()
    players = len(next(iter(games.values())).seats)
    bots = _line_up(path, games, rotations, players)
    return Run(path, game, options, players, bots, max(seeds) + 1, seeds, games, damaged)


def _line_up(path: Path, games: dict[int, GameResult], rotations: dict[int, int], players: int) -> tuple[str, ...]:
    """The bots in spec order: the round-robin schedule of as many bots as the journal
    names seats each bot by its place in the list (`schedule.make_schedule`), so
    every record says which place each seated bot holds; they must all agree."""
    names = {name for result in games.values() for name in result.seats}
    tables = make_tables(len(names), players)
    seatings = [distinct_rotations(table) for table in tables]
    offsets = [sum(len(s) for s in seatings[:t]) for t in range(len(seatings))]
    per_deal = sum(len(s) for s in seatings)
    bots: dict[int, str] = {}
    for game_id, result in sorted(games.items()):
        rotation = rotations[game_id]
        if (len(result.seats) != players or not 0 <= result.table < len(seatings)
                or not 0 <= rotation < len(seatings[result.table])
                or game_id != result.deal * per_deal + offsets[result.table] + rotation):
            raise CompareError(f"{path}: game {game_id} is not where a round robin of {len(names)} bots at "
                               f"{players} seats puts it: not a tournament journal")
        for seat, index in enumerate(seatings[result.table][rotation]):
            if bots.setdefault(index, result.seats[seat]) != result.seats[seat]:
                raise CompareError(f"{path}: game {game_id} seats {result.seats[seat]!r} where the other games "
                                   f"seat {bots[index]!r}: not a tournament journal")
    if len(bots) != len(names):
        raise CompareError(f"{path}: the seats follow no round robin of {len(names)} bots: not a tournament journal")
    return tuple(bots[index] for index in range(len(names)))


# -- comparing -------------------------------------------------------------------------
def check_two_runs(a: Run, b: Run) -> None:
    """Refuse a journal compared with itself (the same path twice, a results file
    and its own journal, a link to it): every difference would be 0 by
    construction. :raises CompareError:"""
    if _same_file(a.path, b.path):
        raise CompareError(f"A and B are the same journal ({a.path}): a run compared with itself differs in "
                           "nothing; give the journals of two runs")


def check_comparable(a: Run, b: Run) -> None:
    """Refuse two runs whose games are not the same deals at the same seats.
    :raises CompareError:"""
    if a.game != b.game:
        raise CompareError(f"the runs are of different games: {a.game} in A, {b.game} in B")
    for key in sorted(set(a.options) | set(b.options)):
        if a.options.get(key) != b.options.get(key):
            raise CompareError(f"the runs' options differ: {key} = {a.options.get(key)!r} in A, "
                               f"{b.options.get(key)!r} in B")
    if (len(a.bots), a.players) != (len(b.bots), b.players):
        raise CompareError(f"the line-ups differ in shape: A has {len(a.bots)} bots at {a.players} seats, "
                           f"B {len(b.bots)} at {b.players}: each game of one must have a twin in the other")
    if a.deals != b.deals:
        raise CompareError(f"the runs have different deal counts: {a.deals} in A, {b.deals} in B (run both with "
                           "the same --deals; --resume finishes a run cut short)")
    for deal in sorted(set(a.seeds) & set(b.seeds)):
        if a.seeds[deal] != b.seeds[deal]:
            raise CompareError(f"the runs were dealt from different seeds (deal {deal} differs): "
                               "run both with the same --seed or --deals-file")


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return first.resolve() == second.resolve()


def same_line_up_notice(a: Run, b: Run, position: int) -> str | None:
    """Words for two runs whose compared bots are one spec: the same bots on the
    same deals with the same seeds play the same games (only a time budget can make
    them differ), so every difference is 0 and says nothing of a bot; None otherwise."""
    if a.bots[position] != b.bots[position]:
        return None
    same = "seat the same bots" if a.bots == b.bots else f"both seat {a.bots[position]!r} at place {position + 1}"
    return (f"A and B {same}: on the same deals and seeds they play the same games, so the paired "
            "differences measure nothing; compare a changed bot, or salt one run's copy (docs/sprt.md)")


def choose_bots(a: Run, b: Run, bot: str | None, against: str | None) -> int:
    """The place in the bot lists of the two bots compared: `bot` (A's) and
    `against` (B's) when given (each alone names its place), else the first place
    where the line-ups differ, else the first. :raises CompareError:"""
    def place(run: Run, name: str, flag: str, which: str) -> int:
        if name not in run.bots:
            raise CompareError(f"{flag} {name!r} is not a bot of run {which} (its bots: {', '.join(run.bots)})")
        return run.bots.index(name)

    if bot is not None and against is not None:
        mine, theirs = place(a, bot, "--bot", "A"), place(b, against, "--against", "B")
        if mine != theirs:
            raise CompareError(f"{bot!r} is bot {mine + 1} of A but {against!r} is bot {theirs + 1} of B: they do "
                               "not sit in the same seats, so their games cannot be paired")
        return mine
    if bot is not None:
        return place(a, bot, "--bot", "A")
    if against is not None:
        return place(b, against, "--against", "B")
    return next((i for i, (x, y) in enumerate(zip(a.bots, b.bots, strict=True)) if x != y), 0)


def paired_games(a: Run, b: Run, position: int) -> tuple[list[tuple[GameResult, GameResult]], int, int]:
    """Each game of A that seats its bot at `position` in the bot list, with B's game
    of the same ``game_id`` (the same deal, table and rotation: B's bot at that
    place in the same seats), in schedule order; and how many such games of A, and
    of B, have no twin in the other journal (a run cut short, a damaged line)."""
    seated_a = {g for g, result in a.games.items() if a.bots[position] in result.seats}
    seated_b = {g for g, result in b.games.items() if b.bots[position] in result.seats}
    pairs = [(a.games[g], b.games[g]) for g in sorted(seated_a & seated_b)]
    return pairs, len(seated_a - seated_b), len(seated_b - seated_a)


def _seats_mean(seats: Sequence[str], bot: str, values: Sequence[float]) -> float:
    mine = [values[seat] for seat, name in enumerate(seats) if name == bot]
    return sum(mine) / len(mine)


@dataclass
class _Side:
    """One run's bot over the paired games."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    """Games the bot forfeited."""
    forfeited_games: int = 0
    """Games forfeited by anyone."""
    place_sum: float = 0.0
    points: list[float] = field(default_factory=list)

    def add(self, result: GameResult, bot: str, higher_score_wins: bool) -> tuple[float, float | None]:
        """Count one game; the bot's place and its points (None for a forfeited game)."""
        places, verdicts = rank_game(result, higher_score_wins)
        for seat, name in enumerate(result.seats):
            if name == bot:  # per seat, as the standings count
                self.wins += verdicts[seat] == "win"
                self.draws += verdicts[seat] == "draw"
                self.losses += verdicts[seat] == "loss"
        place = _seats_mean(result.seats, bot, places)
        self.place_sum += place
        if result.forfeit is not None:
            self.forfeited_games += 1
            self.forfeits += result.seats[result.forfeit.seat] == bot
            return place, None
        sign = 1 if higher_score_wins else -1
        own = _seats_mean(result.seats, bot, result.scores)
        if len(result.seats) == 2:
            other = next(score for name, score in zip(result.seats, result.scores, strict=True) if name != bot)
            return place, sign * (own - other)
        return place, sign * own


def _interval(prefix: str, by_deal: dict[int, list[float]]) -> dict[str, Any]:
    summary = mean_interval([sum(values) / len(values) for values in by_deal.values()])
    if summary is None:
        return {}
    return {f"{prefix}_diff": round(summary[0], 4), f"{prefix}_ci95_low": round(summary[1], 4),
            f"{prefix}_ci95_high": round(summary[2], 4), f"{prefix}_deals": len(by_deal)}


def compare_runs(a: Run, b: Run, *, bot: str | None = None, against: str | None = None,
                 command: str = "") -> dict[str, Any]:
    """The comparison document (what ``--out`` writes as TOML, and what
    `compare_show` prints). :raises CompareError:"""
    check_comparable(a, b)
    position = choose_bots(a, b, bot, against)
    x, y = a.bots[position], b.bots[position]
    try:
        higher = bool(type(new_game(a.game, options=a.options)).higher_score_wins)
    except (KeyError, ValueError) as error:  # OptionError included
        raise CompareError(f"{a.path}: {a.game!r} with its options is no game this version plays: {error}") from None
    sides = (_Side(), _Side())
    places: dict[int, list[float]] = {}
    points: dict[int, list[float]] = {}
    counts = {"games": 0, "outcome_differs": 0, "a_ahead": 0, "b_ahead": 0, "both_forfeited": 0, "one_forfeited": 0}
    pairs, unpaired_a, unpaired_b = paired_games(a, b, position)
    for game_a, game_b in pairs:
        place_a, points_a = sides[0].add(game_a, x, higher)
        place_b, points_b = sides[1].add(game_b, y, higher)
        counts["games"] += 1
        counts["outcome_differs"] += place_a != place_b
        counts["a_ahead"] += place_a < place_b
        counts["b_ahead"] += place_b < place_a
        forfeited = (game_a.forfeit is not None) + (game_b.forfeit is not None)
        counts["both_forfeited"] += forfeited == 2
        counts["one_forfeited"] += forfeited == 1
        places.setdefault(game_a.deal, []).append(place_b - place_a)
        if points_a is not None and points_b is not None:
            points.setdefault(game_a.deal, []).append(points_a - points_b)
            sides[0].points.append(points_a)
            sides[1].points.append(points_b)
    games = counts["games"]
    paired: dict[str, Any] = {**counts, "deals": len(places), "unpaired_a": unpaired_a, "unpaired_b": unpaired_b}
    paired["same_place"] = games - counts["a_ahead"] - counts["b_ahead"]
    for name, side in zip("ab", sides, strict=True):
        paired.update({f"{name}_wins": side.wins, f"{name}_draws": side.draws, f"{name}_losses": side.losses,
                       f"{name}_forfeits": side.forfeits, f"{name}_forfeited_games": side.forfeited_games})
        if games:
            paired[f"mean_place_{name}"] = round(side.place_sum / games, 4)
        if side.points:
            paired[f"mean_points_{name}"] = round(sum(side.points) / len(side.points), 4)
    paired.update(_interval("place", places))
    paired["points_games"] = len(sides[0].points)
    paired.update(_interval("points", points))

    def others(run: Run) -> list[str]:
        return [name for i, name in enumerate(run.bots) if i != position]

    comparison = {
        "game": a.game, "players": a.players, "deals": a.deals, "higher_score_wins": higher,
        "position": position + 1, "bot_a": x, "bot_b": y, "others_a": others(a), "others_b": others(b),
        "same_others": others(a) == others(b),
        "place": PLACE_RULE, "points": POINTS_TWO if a.players == 2 else POINTS_TABLE,
        "interval": "normal 95% over deals, each deal the mean of its paired games",
        "forfeit_rule": f"{FORFEIT_RULE}; a pair with a forfeited game counts in the places, not the points",
        "options": dict(a.options),
        "a": _run_table(a), "b": _run_table(b),
    }
    return {"schema": SCHEMA, "kind": KIND,
            "tool": {"name": "dominoes-arcade", "version": package_version(), "python": platform.python_version(),
                     "command": command},
            "comparison": comparison, "paired": paired,
            "damaged": [{"run": name, "line": line, "problem": problem}
                        for name, run in (("a", a), ("b", b)) for line, problem in run.damaged]}


def _run_table(run: Run) -> dict[str, Any]:
    return {"journal": os.fspath(run.path), "bots": list(run.bots), "games": len(run.games),
            "damaged_lines": len(run.damaged)}


def write_comparison(path: Path | str, document: dict[str, Any]) -> None:
    """`document` as TOML at `path`, atomically. :raises files.FileError: (exit 1)"""
    files.write_atomic(path, tomli_w.dumps(document).encode("utf-8"))
