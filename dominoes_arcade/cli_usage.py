"""Rules every command of the CLI applies the same way: one wording and one exit
code for each check (a missing option, a player count the game does not allow),
and one way to fail with a one-line message."""

from __future__ import annotations

import enum
import os
import sys
import typing
from pathlib import Path
from typing import Annotated

import typer
import typer.models

from . import printable
from .engine import GAMES

T = typing.TypeVar("T")


def drop_unusable_terminal_size() -> None:
    """Forget a COLUMNS or LINES that rich would fail on. Rich takes a value whose
    characters are all digits (`str.isdigit`) and calls int() on it, which refuses
    ``"²"``: every console would raise, Typer's help and usage errors included.
    A value that is not a number at all (``"wide"``) rich already ignores; this
    one is ignored the same way."""
    for name in ("COLUMNS", "LINES"):
        value = os.environ.get(name, "")
        if value.isdigit() and not value.isdecimal():
            del os.environ[name]


drop_unusable_terminal_size()  # now: Typer may print before any command runs


class App(typer.Typer):
    """A Typer app whose commands read the files they are given themselves.

    Typer checks, before a command runs, that a file given as a `Path` argument is
    readable, and answers a refusal with its usage box and exit 2; our commands read
    every file through `files`, whose one line names the file with the exit code
    docs/cli.md documents (3 for a settings or spec file). So every command
    registered here has that check turned off."""

    def command(self, *args, **kwargs):
        register = super().command(*args, **kwargs)

        def decorator(function):
            # The annotations are strings (``from __future__ import annotations``),
            # evaluated afresh each time they are read: evaluate them once, turn the
            # check off, and keep the evaluated ones, which Typer then reads.
            hints = typing.get_type_hints(function, include_extras=True)
            for hint in hints.values():
                for info in getattr(hint, "__metadata__", ()):
                    if isinstance(info, typer.models.ParameterInfo):
                        info.readable = False  # only `Path` parameters look at it
            function.__annotations__ = hints
            return register(function)

        return decorator


def before_every_command() -> None:
    """What holds for every command, set up once its arguments are parsed."""
    from .bots import plugin_probe

    # A plug-in module that ends its process at import (os._exit) would end the
    # command with its exit code and no word: import each one in a child first.
    plugin_probe.enable()


def tell_notices(source: T) -> T:
    """Print the notices of `source` (settings, or a tournament plan: the broken
    keys of the user's settings file, left at their defaults) on stderr, one a
    line, as the client does; `source` back."""
    for notice in source.notices:
        typer.echo(printable.visible(f"notice: {notice}"), err=True)
    return source


def fail(message: str, code: int) -> typer.Exit:
    """Print `message` (one line) on stderr; the exit to raise with `code`. It may
    quote a file's name or contents: their control characters are shown, not sent
    to the terminal (`printable.visible`)."""
    typer.echo(printable.visible(message), err=True)
    return typer.Exit(code)


def missing_option(hint: str) -> Exception:
    """The usage error Typer gives for any missing option ("Missing option ..."),
    from the same exception module as `typer.BadParameter` (whichever click it uses)."""
    exceptions = sys.modules[typer.BadParameter.__module__]
    return exceptions.MissingParameter(param_type="option", param_hint=hint)


TOURNAMENT_FLAGS = {"deals": "--deals", "seed": "--seed", "workers": "--workers",
                    "move_time_limit_ms": "--move-time-limit", "time_margin_ms": "--time-margin"}
"""The numbers of `tournament run`, by their key in the settings' [tournament]."""


class ExecutorName(enum.StrEnum):
    process = "process"
    dask = "dask"


ExecutorOption = Annotated[ExecutorName | None, typer.Option("--executor", help="Where games run.")]
GauntletOption = Annotated[list[str] | None, typer.Option(
    "--gauntlet", metavar="SPEC,...", help="Bots that play only the field (--bots), not every table.")]
TimeControlOption = Annotated[str | None, typer.Option(
    "--time-control", metavar="BASE+INC",
    help="A clock per seat, as fastchess's tc=: seconds per game, plus seconds added after each of its moves "
         "(10+0.1). A bot whose clock runs out forfeits; the move time limit still caps each decision.")]
TimeMarginOption = Annotated[int | None, typer.Option(
    "--time-margin", metavar="MS",
    help="With --time-control: an overrun of the clock this short is forgiven, and counted (default 0).")]
DealsFileOption = Annotated[Path | None, typer.Option(
    "--deals-file", metavar="FILE",
    help="Play these deals in order: one deal seed (or game record) a line; --deals N plays the first N.")]
SprtOption = Annotated[str | None, typer.Option(
    "--sprt", metavar="elo0=E0,elo1=E1[,alpha=A,beta=B][,model=M]",
    help="A sequential test of the first bot (or the one --gauntlet bot): stop when H0 or H1 is accepted. "
         "model=logistic (the default: elo0 and elo1 in logistic Elo) or model=normalized (in nElo, "
         "fastchess's default); docs/sprt.md.")]
RatingIntervalOption = Annotated[int | None, typer.Option(
    "--rating-interval", min=0, metavar="GAMES",
    help="Print the standings so far (Elo and win rate with 95% intervals, draws) and the SPRT line on stderr "
         "every this many finished games; 0 = never. [default: 100]")]


def check_tournament_flags(flags: dict) -> dict:
    """`flags` (as `resolve_plan` takes them), their numbers checked against the
    ranges the settings allow. A number out of range on the command line is bad
    usage (exit 2) like ``--deals 0``, which Typer refuses, and worded the same; the
    same number in a spec or settings file is a bad file (exit 3). ``--sprt``'s
    text is read into its settings here, a bad one exit 2 as well."""
    from .bots.clock import TimeControl
    from .config import APP_SECTIONS
    from .engine import OptionError
    from .tournament.sprt import parse_sprt

    if isinstance(flags.get("sprt"), str):
        try:
            flags = {**flags, "sprt": parse_sprt(flags["sprt"])}
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="'--sprt'") from None
    if isinstance(flags.get("time_control"), str):
        try:
            flags = {**flags, "time_control": TimeControl.parse(flags["time_control"])}
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="'--time-control'") from None

    options = {option.name: option for option in APP_SECTIONS["tournament"][1]}
    for key, flag in TOURNAMENT_FLAGS.items():
        if flags.get(key) is not None:
            try:
                options[key].check(flags[key])
            except OptionError as error:
                raise typer.BadParameter(f"{flags[key]} is not allowed: use {error.allowed}",
                                         param_hint=f"'{flag}'") from None
    return flags


def refuse_config_with_check(check: bool, config: Path | None) -> None:
    """`replay --check` reads no settings: each record is checked against the
    options it holds (every key resolved, the record contract), and the display
    settings are for watching. A --config given there would be silently ignored,
    so it is refused (exit 2)."""
    if check and config is not None:
        raise typer.BadParameter("replay --check checks each record against its own options and reads no "
                                 "settings: leave out --config (it is for watching a replay)",
                                 param_hint="'--config'")


def check_players(game: str, players: int | None) -> None:
    """The one rule for ``--players`` in every command: a count the game does not
    allow is bad usage (exit 2), worded the same everywhere."""
    if players is None:
        return
    from .client.games import player_range, players_text  # engine facts only: no pygame

    low, high = player_range(game)
    if not low <= players <= high:
        raise typer.BadParameter(f"{game} is played by {players_text(game)}, not {players}",
                                 param_hint="'--players'")


def spec_game(spec: Path) -> str:
    """The game a spec file names (for checking --players against it); exit 3 for a
    spec that cannot be read or names no game."""
    from .tournament import SpecError, read_spec_file

    try:
        game = read_spec_file(spec).get("game")
    except SpecError as error:
        raise fail(f"error: {error}", 3) from None
    if game not in GAMES:
        raise fail(f"error: {spec}: game = {game!r} is not a game: use one of {', '.join(GAMES)}", 3)
    return game
