"""The `dominoes-arcade` command: a thin shell over the engine, bots, tournament
and client. Each command opens the library, calls it, and turns a domain error into
one line naming the thing. pygame is imported only inside the commands that open a
window, so headless commands never load it.

Exit codes: 0 done, 1 failed (bad records...), 2 bad usage, 3 bad config or spec,
130 interrupted.
"""

from __future__ import annotations

import shlex
import sys
import tomllib
from pathlib import Path
from typing import Annotated

import typer

from . import build_info, cli_analyse, cli_compare, cli_serve, cli_stats, cli_usage, files, printable
from . import config as config_module
from .cli_bot import bot_app
from .cli_usage import App, before_every_command, check_players, fail, missing_option, spec_game, tell_notices
from .engine import GAMES, OptionError, new_game
from .engine.match import random_game
from .engine.records import Record, RecordError, ReplayError
from .rules import rules_text

app = App(no_args_is_help=True, pretty_exceptions_enable=False)
config_app = App(help="Settings files: where they are, check them, print the defaults.",
                 no_args_is_help=True)
app.add_typer(config_app, name="config")
tournament_app = App(help="Bot tournaments (round robin, gauntlet, SPRT): run, show, report.", no_args_is_help=True)
app.add_typer(tournament_app, name="tournament")
app.add_typer(bot_app, name="bot")


def registered_game(name: str | None) -> str | None:
    """A game named on the command line, checked against the game registry when the
    command runs (so a game registered later is accepted too)."""
    if name is not None and name not in GAMES:
        raise typer.BadParameter(f"{name!r} is not a game: choose one of {', '.join(GAMES)}")
    return name


def game_names(incomplete: str = "") -> list[str]:
    return [name for name in GAMES if name.startswith(incomplete)]


GAME_ARGUMENT = dict(metavar="GAME", callback=registered_game, autocompletion=game_names)

ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="A settings file that overrides every other layer (see `config paths`)."),
]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE",
                 help="A variant option of the game (dominoes_arcade/rules/), e.g. -o site_penalty=2. Repeatable."),
]


def version() -> str:
    """The installed package's version."""
    import importlib.metadata  # here, not at start-up: only --version asks (30 ms of imports)

    try:
        return importlib.metadata.version("dominoes-arcade")
    except importlib.metadata.PackageNotFoundError:  # run from a checkout that is not installed
        return "unknown (not installed)"


def print_version(value: bool) -> None:
    if value:
        typer.echo(f"dominoes-arcade {version()}, {build_info.build_name()}")
        raise typer.Exit()


@app.callback(help=f"Dominoes Arcade: {', '.join(entry.title for entry in GAMES.values())}. Play them, "
              "simulate them, check game records and run bot tournaments.\n\n"
              "Settings are read in layers (`config paths` lists them). Without a display the "
              "client runs only as `play --headless`. Shell completion: --install-completion.")
def main_options(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=print_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Options for every command (the help text is built from the game registry)."""
    before_every_command()


def load_settings(path: Path | None) -> config_module.Settings:
    """The settings in effect (notices for the user file's broken keys), or exit 3."""
    try:
        return tell_notices(config_module.load_settings(path))
    except config_module.ConfigError as error:
        raise fail(f"error: {error}", 3) from None


def parse_option_values(pairs: list[str] | None) -> dict:
    """``KEY=VALUE`` strings to a table; VALUE is read as TOML when it can be
    (``2``, ``true``, ``"x"``), else taken as a bare string (``fewer_sites``)."""
    table = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="--option")
        try:
            value = tomllib.loads(f"v = {text}")["v"]
        except tomllib.TOMLDecodeError:
            value = text
        table[key.strip()] = value
    return table


def game_options(settings: config_module.Settings, game: str, pairs: list[str] | None,
                 players: int | None = None) -> dict:
    """The game's variant table: config.toml's, then the --option overrides, then
    --players, checked by the engine (exit 3 naming the key)."""
    check_players(game, players)
    options = settings.game(game)
    options.update(parse_option_values(pairs))
    if players is not None and "players" in options:
        options["players"] = players
    try:
        new_game(game, options=options)
    except OptionError as error:
        raise fail(f"error: {error}", 3) from None
    except ValueError as error:
        raise fail(f"error: {error}", 2) from None
    return options


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to play: " + ", ".join(GAMES) + ".", **GAME_ARGUMENT)],
    out: Annotated[Path, typer.Option("--out", help="Where to write the records (JSON Lines).")],
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 1,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Game i is played from seed + i.")] = 1,
    players: Annotated[int | None, typer.Option("--players", help="Seats, where the game allows a choice.")] = None,
    option: OptionsOption = None,
    config: ConfigOption = None,
) -> None:
    """Play games with random decisions and write one record a line.

    Example: dominoes-arcade simulate necropolis --games 100 --seed 7 --out games.jsonl
    """
    settings = load_settings(config)
    options = game_options(settings, game, option, players)
    try:
        with files.replacing(out) as handle:  # written aside: a failure leaves the old file whole
            for index in range(games):
                record = random_game(game, seed + index, options=options)
                handle.write(record.to_json() + "\n")
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    except OSError as error:  # the disk filled up, or the file went away, while writing
        raise fail(f"error: {out}: cannot write: {files.os_problem(error)}", files.OUTPUT) from None
    typer.echo(f"wrote {games} {game} game{'s' * (games != 1)} to {out}")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A JSON Lines file of records (or a tournament journal).")],
    check: Annotated[bool, typer.Option("--check", help="Check every record through the engine; no window.")] = False,
    index: Annotated[int, typer.Option("--index", min=1, help="Which record to watch (1 = the first).")] = 1,
    windowed: Annotated[bool, typer.Option("--windowed", help="Watch in a window, not full screen.")] = False,
    config: ConfigOption = None,
) -> None:
    """Check game records, or watch one as an animated game.

    With --check every record's header is checked against the rules and its steps
    replayed by the engine; each bad one is reported as `record N: step K "<step>":
    <reason>` or `record N: bad header: <reason>` (N is the line, K counts steps from
    1), and the check goes on. Exit 0 when all are good, 1 otherwise, 2 for an
    unreadable file.
    """
    cli_usage.refuse_config_with_check(check, config)
    try:
        records = files.read_records(file)
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    from .engine.record_check import check_record

    if not check:
        from .client.main import watch_replay  # pygame only here

        if not records:
            raise fail(f"error: {file} holds no records", 1)
        if 1 <= index <= len(records) and isinstance(records[index - 1][1], Record):
            line, record = records[index - 1]
            try:
                check_record(record)  # the table must not meet what the rules refuse
            except (RecordError, ReplayError) as error:
                raise fail(f"error: record {line}: {error}", 1) from None
        raise typer.Exit(watch_replay(records, index=index, windowed=windowed, config=config))
    bad = 0
    for number, record in records:
        problem = None
        if isinstance(record, RecordError):
            problem = f"not a record: {record}"
        else:
            try:
                check_record(record)
            except RecordError as error:
                problem = f"bad header: {error}"
            except ReplayError as error:
                problem = str(error)
        if problem:
            bad += 1
            typer.echo(printable.visible(f"record {number}: {problem}"))  # it quotes the record
    total = len(records)
    typer.echo(f"{total} record{'s' * (total != 1)} checked: {total - bad} good, {bad} bad")
    raise typer.Exit(1 if bad else 0)


@app.command()
def rules(game: Annotated[str, typer.Argument(help="The game whose rules to print.", **GAME_ARGUMENT)]) -> None:
    """Print the rules of a game, as this program plays them."""
    try:
        typer.echo(rules_text(game))
    except FileNotFoundError as error:
        raise fail(f"error: {error}", 1) from None


@app.command("bots")
def bots_command(config: ConfigOption = None) -> None:
    """List the registered bots, their parameters and what the difficulties mean.

    A bot is named by a spec: a name with optional parameters, package.module:Class,
    or path/to/file.py:Class (docs/bots.md, "Writing a bot").

    Example: dominoes-arcade tournament run --bots random,greedy,ismcts:iterations=2000,c=0.7
    """
    from .bots import DIFFICULTIES, REGISTRY, BotError, difficulty_spec

    settings = load_settings(config)  # a bad file is the only output, not a line after the list
    try:
        difficulties = {level: difficulty_spec(settings.bots, level) for level in DIFFICULTIES}
    except BotError as error:
        raise fail(f"error: {error}", 3) from None
    for name, cls in REGISTRY.items():
        typer.echo(f"{name}: {cls.description}")
        for key, param in cls.params.items():
            typer.echo(f"    {key}={param.default}  {param.doc} [{param.describe()}]")
    typer.echo("every bot (a program: cmd:COMMAND,salt=N)")
    typer.echo("    salt=0  another seed for the same bot, so two copies of it play different games "
               "(an A/A test: docs/sprt.md) [a whole number]")
    typer.echo("difficulties ([bots] in config.toml):")
    for level, spec in difficulties.items():
        typer.echo(f"    {level} = {spec}")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(**GAME_ARGUMENT,
        help="Open this game's setup screen (its table straight away with --seats or --demo).")] = None,
    players: Annotated[int | None, typer.Option("--players", min=2, help="Seats, where the game allows a choice.")
                       ] = None,
    seats: Annotated[str | None, typer.Option(
        "--seats", help="Who sits where, seat 0 first: human, easy, medium or hard, e.g. human,hard.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", min=0, help="Deal from this seed.")] = None,
    windowed: Annotated[bool, typer.Option("--windowed", help="A window, not full screen.")] = False,
    config: ConfigOption = None,
    headless: Annotated[bool, typer.Option("--headless", help="No window and no sound (SDL dummy drivers).")] = False,
    demo: Annotated[bool, typer.Option(
        "--demo", help="Bots in every seat; without GAME, bot games of every game in turn.")] = False,
    exit_when_over: Annotated[bool, typer.Option("--exit-when-over", help="Close when the game is over.")] = False,
    max_frames: Annotated[int | None, typer.Option(
        "--max-frames", min=1, help="Close after N loop iterations (a still screen is not redrawn).")] = None,
    frames_report: Annotated[Path | None, typer.Option(
        "--frames-report", help="Write frame-time statistics (TOML) here on closing.")] = None,
    screenshot_dir: Annotated[Path | None, typer.Option(
        "--screenshot-dir", file_okay=False, help="Save screenshots (PNG) into this folder.")] = None,
    screenshot_every: Annotated[int, typer.Option(
        "--screenshot-every", min=0, help="A screenshot every N frames (default 60 with --screenshot-dir).")] = 0,
    resume: Annotated[bool, typer.Option(
        "--continue", help="Straight back into the game you left (saved in the user data directory).")] = False,
    resolution: Annotated[str | None, typer.Option("--resolution", help="Window size, e.g. 1920x1080.")] = None,
    join: Annotated[str | None, typer.Option(
        "--join", help="Straight to an online game's lobby: ADDRESS/CODE, e.g. 192.168.1.20:8765/QTEMG.")] = None,
    script: Annotated[Path | None, typer.Option(
        "--script", dir_okay=False,
        help="Scripted input: keys, clicks on controls by name, waits, one a line (docs/scripts.md); "
             "exit 1 when a line waits in vain.")] = None,
) -> None:
    """Open the arcade client: full screen, mouse, keyboard or game controller.

    Example: dominoes-arcade play necropolis --seats human,hard --windowed
    """
    import time

    launched = time.perf_counter()
    if game is not None:
        check_players(game, players)
    from .client.main import LaunchError, LaunchOptions, NoDisplay, run  # pygame only here

    options = LaunchOptions(
        game=game, players=players, resolution=resolution,
        seats=[s.strip() for s in seats.split(",") if s.strip()] if seats else None, seed=seed, windowed=windowed,
        config=config, headless=headless, demo=demo, exit_when_over=exit_when_over, max_frames=max_frames,
        frames_report=frames_report, screenshot_dir=screenshot_dir, screenshot_every=screenshot_every, resume=resume,
        join=join, script=script)
    try:
        code = run(options, launched)
    except config_module.ConfigError as error:
        raise fail(f"error: {error}", 3) from None
    except NoDisplay as error:
        raise fail(f"error: {error}", 2) from None
    except LaunchError as error:
        raise typer.BadParameter(str(error)) from None
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    raise typer.Exit(code)


@config_app.command("check")
def config_check(
    path: Annotated[Path | None, typer.Argument(
        help="The file to check (default: every settings file in effect, see `config paths`).")] = None,
) -> None:
    """Check a settings file: exit 0 when valid, 3 with the bad key otherwise."""
    if path is not None:
        paths = [path]
    else:
        paths = [layer for _, layer in config_module.layer_paths() if layer is not None and layer.exists()]
    for each in paths:
        try:
            config_module.check_file(each)
        except config_module.ConfigError as error:
            raise fail(f"error: {error}", 3) from None
        typer.echo(f"{each}: ok")
    if not paths:
        typer.echo("no settings files in effect: the built-in defaults are used")


@config_app.command("paths")
def config_paths() -> None:
    """Where the settings layers are, in order (a later one wins), and where the
    client keeps saved games and history."""
    typer.echo("defaults: built in (`config defaults` prints them)")
    for name, layer in config_module.layer_paths():
        if name == "checkout":
            typer.echo(f"checkout: {layer}" if layer else "checkout: none (not running from a source checkout)")
        elif name == "user":
            typer.echo(f"user: {layer}{'' if layer.exists() else ' (not written yet)'}")
    typer.echo("--config: the file given with --config, if any")
    typer.echo(f"data: {config_module.user_data_dir()}")


@config_app.command("defaults")
def config_defaults() -> None:
    """Print the built-in defaults as a settings file: every key, its default and a comment."""
    typer.echo(config_module.render_default_config(), nl=False)


@tournament_app.command("run")
def tournament_run(
    spec: Annotated[Path | None, typer.Argument(help="A spec file (tournaments/*.toml); flags override it.")] = None,
    game: Annotated[str | None, typer.Option("--game", help="The game.", **GAME_ARGUMENT)] = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", metavar="SPEC,SPEC,...", help="Bot specs, comma-separated: random,ismcts:iterations=200.")] = None,
    deals: Annotated[int | None, typer.Option(
        "--deals", "--max-deals", min=1, help="Deals per table (with --sprt: at most).")] = None,
    players: Annotated[int | None, typer.Option("--players", min=2, help="Seats per table (Cyprus: 4 to 10).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", min=0, help="The master seed.")] = None,
    workers: Annotated[int | None, typer.Option("--workers", min=0, help="Worker processes; 0 = one per CPU.")] = None,
    option: OptionsOption = None,
    config: ConfigOption = None,
    move_time_limit: Annotated[int | None, typer.Option(
        "--move-time-limit", min=1, metavar="MS", help="A bot slower than this per decision forfeits.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="The results file (TOML).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Play only the games missing from the journal.")] = False,
    executor: cli_usage.ExecutorOption = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", help="A Dask scheduler (default: a local cluster).")] = None,
    gauntlet: cli_usage.GauntletOption = None,
    sprt: cli_usage.SprtOption = None,
    time_control: cli_usage.TimeControlOption = None,
    time_margin: cli_usage.TimeMarginOption = None,
    rating_interval: cli_usage.RatingIntervalOption = None,
    deals_file: cli_usage.DealsFileOption = None,
) -> None:
    """Run a round-robin tournament between bots and write its results (TOML) and
    its journal (one game record a line) side by side.

    Exit codes: 0 done, 1 failed, 2 bad usage, 3 bad spec or config, 130 interrupted
    (the results so far are written; --resume finishes the run).

    Example: dominoes-arcade tournament run tournaments/necropolis.toml --workers 2
    """
    from . import tournament

    if spec is None:
        for name, value in (("--game", game), ("--bots", bots)):
            if value is None:  # the same usage error as any other missing option
                raise missing_option(f"'{name}' (or a spec file)")
    if players is not None:
        check_players(game or spec_game(spec), players)
    flags = {
        "game": game, "bots": tournament.split_bot_list(bots) if bots else None,
        "deals": deals, "players": players, "seed": seed, "workers": workers,
        "options": parse_option_values(option) or None, "config": config, "move_time_limit_ms": move_time_limit,
        "out": out, "executor": executor.value if executor else None, "scheduler": scheduler, "sprt": sprt,
        "gauntlet": tournament.split_bot_list(gauntlet) if gauntlet else None,
        "time_control": time_control, "time_margin_ms": time_margin, "rating_interval": rating_interval,
        "deals_file": deals_file,
    }
    try:
        plan = tell_notices(tournament.resolve_plan(spec, cli_usage.check_tournament_flags(flags)))
        report = tournament.run_tournament(plan, resume=resume,
                                           command=shlex.join(["dominoes-arcade", *sys.argv[1:]]))
    except tournament.SpecError as error:  # a bad line-up on the command line is bad usage, like a bad flag
        raise fail(f"error: {error}", 2 if error.usage else 3) from None
    except (tournament.JournalError, config_module.ConfigError) as error:
        raise fail(f"error: {error}", 3) from None
    except tournament.ExecutorUnavailable as error:
        raise fail(f"error: {error}", 2) from None
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    except KeyboardInterrupt:
        raise fail("aborted", 130) from None
    typer.echo(f"{report.status}: {report.games_played} of {report.games_planned} games "
               f"({report.games_this_run} this run); results {plan.results_path}, journal {plan.journal_path}"
               + (f"; {report.verdict}" if report.verdict else ""))
    if report.status == "failed":
        raise fail(f"error: {report.message} (--resume continues from the journal)", 1)
    raise typer.Exit(130 if report.status == "interrupted" else 0)


@tournament_app.command("show")
def tournament_show(
    results: Annotated[Path, typer.Argument(help="A results file written by `tournament run`.")],
) -> None:
    """Print a tournament's standings, head-to-head pairs, seat figures and
    forfeits as tables."""
    from .tournament.results import read_results
    from .tournament.show import ResultsShapeError, check_shape, print_results, results_console

    try:
        document = read_results(results)
        check_shape(document)
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    except ResultsShapeError as error:
        raise fail(f"error: {results}: not a tournament results file: {error}", files.INPUT) from None
    print_results(document, results_console())


@tournament_app.command("report")
def tournament_report(
    results: Annotated[Path, typer.Argument(help="A results file written by `tournament run`.")],
    out: Annotated[Path | None, typer.Option(
        "--out", help="The page to write (default: X.report.html beside X.results.toml).")] = None,
) -> None:
    """Write a tournament's results and journal as one self-contained HTML page:
    ratings, head to head, score or place distributions, seat advantage and time a
    decision as pictures, beside the tables, and the journal lines worth replaying.
    Needs the optional extra `report` (matplotlib).

    Example: dominoes-arcade tournament report tournaments/examples/necropolis.results.toml --out n.html
    """
    from .tournament.report import ReportError, write_report
    from .tournament.report_plots import MissingPlotting

    try:
        page = write_report(results, out)
    except ReportError as error:
        raise fail(f"error: {error}", 2) from None
    except MissingPlotting as error:
        raise fail(f"error: {error}", 1) from None
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    typer.echo(f"wrote {page}")


tournament_app.command("compare")(cli_compare.tournament_compare)  # listed after run, show and report


app.command("stats")(cli_stats.stats)
app.command("serve")(cli_serve.serve)
app.command("analyse")(cli_analyse.analyse)


def main() -> None:
    app()
