"""``dominoes-arcade tournament compare``: two runs of one schedule, paired game by game
(`tournament.compare`). Registered on the tournament app by cli.py."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from . import files, printable
from .cli_usage import fail


def tournament_compare(
    first: Annotated[Path, typer.Argument(metavar="A.journal.jsonl",
                                          help="The journal of run A (or its results file, X.results.toml).")],
    second: Annotated[Path, typer.Argument(metavar="B.journal.jsonl", help="The journal of run B (or its results).")],
    bot: Annotated[str | None, typer.Option(
        "--bot", metavar="SPEC", help="A's bot to compare (default: the first that differs from B's line-up).")] = None,
    against: Annotated[str | None, typer.Option(
        "--against", metavar="SPEC", help="B's bot to compare it with (default: the one in the same seats).")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Also write the comparison here (TOML).")] = None,
) -> None:
    """Compare two runs with the same game, options, deals and seed, game by game: A's
    bot against B's bot in the same seats on the same deals (the mean paired
    difference in place and points with a 95% interval over deals).

    Exit codes: 0 done, 1 the --out file cannot be written, 2 bad usage, an unreadable
    journal or two runs that cannot be paired.

    Example: dominoes-arcade tournament compare a.journal.jsonl b.journal.jsonl --out ab.toml
    """
    from .tournament import compare as comparing
    from .tournament.compare import CompareError, compare_runs, read_run, write_comparison
    from .tournament.compare_show import print_comparison
    from .tournament.show import results_console

    try:
        if out is not None:
            files.prepare_output(out)
        runs = [read_run(first), read_run(second)]
        comparing.check_two_runs(*runs)
    except files.FileError as error:
        raise fail(f"error: {error}", error.code) from None
    except CompareError as error:
        raise fail(f"error: {error}", files.INPUT) from None
    if out is not None and any(out.resolve() == path.resolve() for path in (first, second, *(r.path for r in runs))):
        raise fail(f"error: {out}: is one of the runs compared: refusing to write over it", files.INPUT)
    for run in runs:
        for line, problem in run.damaged:
            typer.echo(printable.visible(f"notice: {run.path}: line {line} left out: {problem}"), err=True)
    try:
        document = compare_runs(*runs, bot=bot, against=against,
                                command=shlex.join(["dominoes-arcade", *sys.argv[1:]]))
    except CompareError as error:
        raise fail(f"error: cannot pair {first} with {second}: {error}", files.INPUT) from None
    notice = comparing.same_line_up_notice(*runs, document["comparison"]["position"] - 1)
    if notice:
        typer.echo(f"notice: {notice}", err=True)
    print_comparison(document, results_console())
    if out is not None:
        try:
            write_comparison(out, document)
        except files.FileError as error:
            raise fail(f"error: {error}", error.code) from None
        typer.echo(f"wrote {out}")
