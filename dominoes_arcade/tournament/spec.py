"""Tournament specs: a TOML file in `tournaments/` and/or command-line flags,
resolved into a checked `Plan`.

A spec file holds the same settings as the flags of `dominoes-arcade tournament run`
(flags win)::

    game = "necropolis"
    bots = ["random", "greedy", "ismcts:iterations=200"]
    deals = 20                  # deals per table
    seed = 7                    # master seed
    # players, workers, move_time_limit_ms, out, executor, scheduler, config: optional
    # time_control = "10+0.1"   # a clock per seat: seconds a game, seconds added a move
    # gauntlet = ["new"]        # play only these against the field (bots)
    # deals_file = "deals/necropolis-200.txt"  # play these deals, in order (deal_sets)
    # sprt = "elo0=0,elo1=20"   # or a [sprt] table: a sequential test (docs/sprt.md)
    # rating_interval = 100     # standings on stderr every 100 games; 0 = never
    [options]                   # the game's variant options (dominoes_arcade/rules/); flags: --option
    site_penalty = 1

Defaults come from the ``[tournament]`` section of the settings (config.toml, or the
file named by ``config``), and the variant options from the game's section there.
Paths in a spec file (``out``, ``config``, ``deals_file``) are relative to the spec file. Every
problem raises `SpecError` naming the key.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .. import config as config_module
from .. import files
from ..bots import DIFFICULTIES, BotError, check_builds, difficulty_spec, parse_spec
from ..bots.clock import TimeControl
from ..engine import GAMES, OptionError, new_game
from .deal_sets import DealSet, DealSetError, read_deal_set
from .journal import tournament_key
from .progress import RATING_INTERVAL
from .schedule import GameJob, make_schedule
from .sprt import SprtSettings, parse_sprt

EXECUTORS = ("process", "dask")

SPEC_KEYS = {
    "game": "the game: " + ", ".join(GAMES),
    "bots": "bot specs, at least two (see `dominoes-arcade bots`)",
    "deals": "deals per table (with deals_file: the first N of the file; default all of them)",
    "deals_file": "a file of deals to play in order: one deal seed (or game record) a line",
    "players": "seats per table (Cyprus: 4 to 10)",
    "seed": "master seed",
    "workers": "worker processes; 0 = one per CPU",
    "move_time_limit_ms": "a bot slower than this per decision forfeits",
    "time_control": "a clock per seat, \"BASE+INC\": seconds per game, seconds added after each move",
    "time_margin_ms": "an overrun of the clock this short is forgiven (and counted)",
    "options": "the game's variant options (a table)",
    "config": "a settings file for the defaults",
    "out": "the results file",
    "executor": "process or dask",
    "scheduler": "a Dask scheduler address",
    "gauntlet": "bot specs played against the field (bots) only, instead of every table",
    "sprt": "a sequential test of the first bot (or the one gauntlet bot): "
            "\"elo0=0,elo1=20[,alpha=0.05,beta=0.05][,model=normalized]\"",
    "rating_interval": "print the standings (and the SPRT line) every this many games; 0 = never",
}
"""Every key a spec file may hold."""


FLAGS = "flags"
"""Where a value came from when the command line gave it (a spec file's is its path)."""


class SpecError(ValueError):
    """A spec (file or flags) that cannot be run: the message names the key."""

    def __init__(self, message: str, key: str, *, usage: bool = False):
        self.key = key
        self.usage = usage
        """A line-up the flags got wrong (a bot listed twice, the wrong number of
        bots for ``--sprt``): bad usage, exit 2, where the same in a spec file is a
        bad file, exit 3."""
        super().__init__(message)


@dataclass(frozen=True)
class Plan:
    """A checked tournament: everything needed to schedule and run it."""

    game: str
    bots: tuple[str, ...]
    players: int
    deals: int
    seed: int
    workers: int
    move_time_limit_ms: int
    options: dict[str, Any]
    """The resolved variant table, ``players`` included."""
    higher_score_wins: bool
    results_path: Path
    journal_path: Path
    executor: str = "process"
    scheduler: str | None = None
    source: str = "flags"
    """The spec file, or "flags"."""
    notices: tuple[str, ...] = ()
    """Broken keys of the user's settings file, left at their defaults (for the player)."""
    gauntlet: int = 0
    """How many of `bots`, at the front, play the rest (the field) as a gauntlet; 0: a round robin."""
    sprt: SprtSettings | None = None
    """The sequential test (of ``bots[0]``), which may stop the run before `deals`."""
    time_control: TimeControl | None = None
    """Each seat's clock (`bots.clock`); None: only the move time limit."""
    time_margin_ms: int = 0
    """An overrun of the clock this short is forgiven."""
    rating_interval: int = RATING_INTERVAL
    """Print the standings (and the SPRT line) every this many finished games; 0: never."""
    deal_set: DealSet | None = None
    """The deals file's deals (the first `deals` are played); None: deals from `seed`."""

    @cached_property
    def key(self) -> str:
        clock = (self.time_control.text(), self.time_margin_ms) if self.time_control is not None else None
        return tournament_key(self.game, self.options, self.bots, self.seed, self.move_time_limit_ms, self.gauntlet,
                              clock=clock, deal_set=self.deal_set.digest if self.deal_set else None)

    @cached_property
    def schedule(self) -> list[GameJob]:
        return make_schedule(self.bots, self.players, self.deals, self.seed, self.gauntlet,
                             self.deal_set.seeds if self.deal_set else None)


def split_bot_list(texts: Sequence[str]) -> list[str]:
    """``--bots`` values to bot specs. Specs are separated by commas, but a spec's
    own parameters are too (``ismcts:iterations=200,c=0.7``): a piece with ``=`` and
    no ``:`` continues the spec before it. An empty piece (``a,,b``) is kept, as an
    empty spec, for `resolve_plan` to refuse: a slip, not a shorter list.

    >>> split_bot_list(["random,ismcts:iterations=200,c=0.7,greedy"])
    ['random', 'ismcts:iterations=200,c=0.7', 'greedy']
    """
    specs: list[str] = []
    for text in texts:
        for piece in (p.strip() for p in text.split(",")):
            if piece and "=" in piece and ":" not in piece and specs and specs[-1]:
                specs[-1] += "," + piece
            else:
                specs.append(piece)
    return specs


def read_spec_file(path: Path) -> dict[str, Any]:
    """The spec file's table, with unknown keys refused. :raises SpecError:"""
    try:
        data = files.read_toml(path, files.SETTINGS)
    except files.FileError as error:
        raise SpecError(str(error), "spec") from None
    for key in data:
        if key not in SPEC_KEYS:
            raise SpecError(f"{path}: unknown key {key}: use one of {', '.join(SPEC_KEYS)}", key)
    return data


def resolve_plan(spec_path: Path | None, flags: dict[str, Any]) -> Plan:
    """The `Plan` from a spec file (optional) and flags (None = not given).

    `flags` may hold every key of `SPEC_KEYS`; ``options`` is a table merged over the
    file's. :raises SpecError: naming the key. :raises config.ConfigError: for a bad
    settings file.
    """
    spec = read_spec_file(spec_path) if spec_path is not None else {}
    where = str(spec_path) if spec_path is not None else "flags"
    base = spec_path.parent if spec_path is not None else Path.cwd()

    def given(key: str) -> Any:
        return flags[key] if flags.get(key) is not None else spec.get(key)

    def origin(key: str) -> str:
        """Where the value of `key` comes from: the flags win over the file."""
        return FLAGS if flags.get(key) is not None else where

    def path_of(key: str) -> Path | None:
        if flags.get(key) is not None:
            return Path(flags[key])
        if spec.get(key) is not None:
            if not isinstance(spec[key], str):
                raise SpecError(f"{where}: {key} must be a path (a string)", key)
            return base / spec[key]
        return None

    settings = config_module.load_settings(path_of("config"))
    defaults = settings.values["tournament"]
    checks = {o.name: o for o in config_module.APP_SECTIONS["tournament"][1]}

    game = given("game")
    if game is None:
        raise SpecError(f"{where}: game is missing: use one of {', '.join(GAMES)}", "game")
    if game not in GAMES:
        raise SpecError(f"{where}: game = {game!r} is not a game: use one of {', '.join(GAMES)}", "game")

    deal_set = resolve_deal_set(path_of("deals_file"), game)
    numbers = {}
    for key in ("deals", "seed", "workers", "move_time_limit_ms", "time_margin_ms"):
        value = given(key)
        if value is None:
            numbers[key] = len(deal_set.seeds) if key == "deals" and deal_set else defaults[key]
            continue
        try:
            numbers[key] = checks[key].check(value)
        except OptionError as error:
            raise SpecError(f"{where}: {key} = {value!r} is not allowed: use {error.allowed}", key) from None
    workers = numbers["workers"] or os.cpu_count() or 1
    if deal_set is not None and numbers["deals"] > len(deal_set.seeds):
        raise SpecError(f"{origin('deals')}: deals = {numbers['deals']} is more than the {len(deal_set.seeds)} deals "
                        f"in {deal_set.path}: ask for at most {len(deal_set.seeds)}, or leave deals out to play "
                        "them all", "deals", usage=origin("deals") == FLAGS)

    # Loading and building the bots runs plug-in code, whose prints are not the
    # command's output (in the games they go to the bot log).
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        gauntlet = (resolve_bots(difficulties(given("gauntlet"), settings.bots, origin("gauntlet")),
                                 origin("gauntlet"), "gauntlet", 1)
                    if given("gauntlet") is not None else [])
        bots = resolve_bots(difficulties(given("bots"), settings.bots, origin("bots")), origin("bots"), "bots",
                            1 if gauntlet else 2, taken=gauntlet)
        options, players, higher_score_wins = resolve_options(game, settings.game(game), spec.get("options"),
                                                              flags.get("options"), given("players"), where)
        check_bots_play(gauntlet + bots, game, options, where)
    if gauntlet and len(bots) < players - 1:
        raise SpecError(f"{where}: gauntlet: a table of {players} needs a field (bots) of at least {players - 1} "
                        f"bots, not {len(bots)}", "bots")
    sprt = resolve_sprt(given("sprt"), len(gauntlet), len(bots), origin("sprt"))
    time_control = resolve_time_control(given("time_control"), origin("time_control"))
    rating_interval = given("rating_interval")
    if rating_interval is None:
        rating_interval = RATING_INTERVAL
    elif isinstance(rating_interval, bool) or not isinstance(rating_interval, int) or rating_interval < 0:
        raise SpecError(f"{where}: rating_interval = {rating_interval!r} is not allowed: use a whole number, "
                        "0 or more (0 = never)", "rating_interval")

    executor = given("executor") or "process"
    if executor not in EXECUTORS:
        raise SpecError(f"{where}: executor = {executor!r} is not allowed: use one of {', '.join(EXECUTORS)}",
                        "executor")
    scheduler = given("scheduler") or None
    if scheduler is not None and not isinstance(scheduler, str):
        raise SpecError(f"{where}: scheduler must be an address such as tcp://host:8786", "scheduler")

    results_path = path_of("out") or default_results_path(spec_path, game)
    return Plan(game=game, bots=tuple(gauntlet + bots), players=players, deals=numbers["deals"], seed=numbers["seed"],
                workers=workers, move_time_limit_ms=numbers["move_time_limit_ms"], options=options,
                higher_score_wins=higher_score_wins, results_path=results_path,
                journal_path=journal_path_for(results_path), executor=executor, scheduler=scheduler, source=where,
                notices=tuple(settings.notices), gauntlet=len(gauntlet), sprt=sprt, time_control=time_control,
                time_margin_ms=numbers["time_margin_ms"], rating_interval=rating_interval, deal_set=deal_set)


def difficulties(value: Any, settings_bots: Any, where: str) -> Any:
    """Bot specs with each difficulty (``hard``) replaced by the spec it means in the
    settings' ``[bots]`` (``auto:time_ms=150``), so the journal names the bot that
    played, and a run resumed after ``[bots]`` changed is another tournament."""
    if isinstance(value, str):
        value = split_bot_list([value])
    if not isinstance(value, list):
        return value
    try:
        return [difficulty_spec(settings_bots, bot.strip()) if isinstance(bot, str) and bot.strip() in DIFFICULTIES
                else bot for bot in value]
    except BotError as error:
        raise SpecError(f"{where}: {error}", "bots") from None


def resolve_deal_set(path: Path | None, game: str) -> DealSet | None:
    """The deals of a deals file (None without one). A file that cannot be read, or
    a bad line in it, is a bad spec (exit 3), as a settings file given by a flag is."""
    if path is None:
        return None
    try:
        return read_deal_set(path, game)
    except (files.FileError, DealSetError) as error:
        raise SpecError(f"deals file {error}" if isinstance(error, files.FileError) else str(error),
                        "deals_file") from None


def resolve_bots(value: Any, where: str, key: str = "bots", minimum: int = 2, taken: Sequence[str] = ()) -> list[str]:
    """The bot specs of `key` (bots, or a gauntlet's), checked; `taken`: the
    gauntlet's, which come first in the plan's bots."""
    words = "two bot specs" if minimum == 2 else "one bot spec"
    if value is None:
        raise SpecError(f"{where}: {key} is missing: list at least {words}", key)
    if isinstance(value, str):
        value = split_bot_list([value])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SpecError(f"{where}: {key} must be a list of bot specs (strings)", key)
    bots = [v.strip() for v in value]
    if "" in bots:
        raise SpecError(f"{where}: {key}: an empty bot spec (two commas in a row, or one at an end): "
                        "remove the extra comma", key)
    if len(bots) < minimum:
        raise SpecError(f"{where}: {key} needs at least {words}, not {len(bots)}", key, usage=where == FLAGS)
    for bot in bots:
        if bots.count(bot) > 1:
            hint = f" (for two copies of one bot, salt one: {_salted(bot)})"
            raise SpecError(f"{where}: {key} lists {bot!r} twice{hint}", key, usage=where == FLAGS)
        if bot in taken:
            raise SpecError(f"{where}: {bot!r} is both in the gauntlet and in the field (bots)", key,
                            usage=where == FLAGS)
        try:
            parse_spec(bot)
        except BotError as error:
            raise SpecError(f"{where}: {key}: {error}", key) from None
    return bots


def _salted(spec: str) -> str:
    """`spec` with ``salt=1`` added (for the message that suggests it)."""
    head, colon, rest = spec.partition(":")
    if head == "cmd":
        return f"{spec},salt=1"
    if (colon and (head.endswith(".py") or "." in head or "/" in head) and ":" not in rest):
        return f"{spec}:salt=1"
    return f"{spec},salt=1" if rest else f"{spec}:salt=1"


def resolve_sprt(value: Any, gauntlet: int, field: int, where: str) -> SprtSettings | None:
    """The sequential test's settings: one candidate (the one gauntlet bot, or the
    first of two bots)."""
    if value is None:
        return None
    try:
        settings = parse_sprt(value)
    except ValueError as error:
        raise SpecError(f"{where}: sprt: {error}", "sprt") from None
    if (gauntlet and gauntlet != 1) or (not gauntlet and field != 2):
        raise SpecError(f"{where}: sprt tests one bot: give two bots, or one gauntlet bot and a field", "sprt",
                        usage=where == FLAGS)
    return settings


def resolve_time_control(value: Any, where: str) -> TimeControl | None:
    """The clock of each seat (``"10+0.1"``), checked; None when not given."""
    if value is None or isinstance(value, TimeControl):
        return value
    if not isinstance(value, str):
        raise SpecError(f"{where}: time_control must be a string such as \"10+0.1\"", "time_control")
    try:
        return TimeControl.parse(value)
    except ValueError as error:
        raise SpecError(f"{where}: time_control: {error}", "time_control") from None


def resolve_options(game: str, from_settings: dict[str, Any], from_spec: Any, from_flags: dict | None,
                    players: Any, where: str) -> tuple[dict[str, Any], int, bool]:
    """The resolved variant table (``players`` included), the table size and
    whether the higher score wins."""
    if from_spec is not None and not isinstance(from_spec, dict):
        raise SpecError(f"{where}: options must be a table ([options])", "options")
    options = {**from_settings, **(from_spec or {}), **(from_flags or {})}
    if players is not None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise SpecError(f"{where}: players must be an integer", "players")
        options.pop("players", None)
    try:
        state = new_game(game, players, options)
    except OptionError as error:
        raise SpecError(f"{where}: options: {error}", error.key) from None
    except ValueError as error:
        raise SpecError(f"{where}: players: {error}", "players") from None
    return state.options_dict(), state.num_players, type(state).higher_score_wins


def check_bots_play(bots: Sequence[str], game: str, options: dict[str, Any], where: str) -> None:
    """Build each bot once (`check_builds`), so a bot that does not play `game` (or a
    parameter it refuses) stops the tournament before it starts. Any other failure
    is left to the games, where it forfeits."""
    for bot in bots:
        try:
            check_builds(bot, game, options)
        except BotError as error:
            raise SpecError(f"{where}: bots: {error}", "bots") from None


def default_results_path(spec_path: Path | None, game: str) -> Path:
    """``tournaments/x.toml`` -> ``tournaments/x.results.toml``; without a spec file,
    ``GAME.results.toml`` in the working directory."""
    if spec_path is None:
        return Path(f"{game}.results.toml")
    return spec_path.with_name(spec_path.stem + ".results.toml")


def beside(path: Path, suffix: str, other: str) -> Path:
    """The file of a run beside `path`: its name with `suffix` (or, without it, its
    last extension) replaced by `other` (``x.results.toml`` -> ``x.journal.jsonl``)."""
    stem = path.name[: -len(suffix)] if path.name.endswith(suffix) else path.stem
    return path.with_name(stem + other)


def journal_path_for(results_path: Path) -> Path:
    """The journal beside the results: ``x.results.toml`` -> ``x.journal.jsonl``."""
    return beside(results_path, ".results.toml", ".journal.jsonl")
