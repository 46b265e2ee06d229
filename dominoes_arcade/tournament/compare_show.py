"""A comparison of two runs (`compare.compare_runs`) as rich tables, in the manner of
`tournament show`. Bot specs and paths are the user's: printed as `Text`, never as
markup (``cmd:./bot [/x]`` would be read as a closing tag), and made printable
first (`printable.cleaned`: escape sequences shown, names cut)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import printable
from ..engine.core import toml_repr
from .show import WIDE, _style


def _number(value: Any, digits: int = 2, sign: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"


def _difference(paired: dict[str, Any], prefix: str, wide: bool) -> str:
    if f"{prefix}_diff" not in paired:
        return "-"
    text = _number(paired[f"{prefix}_diff"], sign=True)
    if wide:
        text += f" [{paired[f'{prefix}_ci95_low']:+.2f}, {paired[f'{prefix}_ci95_high']:+.2f}]"
    return text


def _run_line(name: str, run: dict[str, Any]) -> Text:
    damaged = run.get("damaged_lines", 0)
    note = f", {damaged} damaged line{'s' * (damaged != 1)} left out" if damaged else ""
    return Text(f"{name}: {run.get('journal', '?')} ({run.get('games', 0)} games{note}); bots: "
                f"{', '.join(run.get('bots', []))}")


def print_comparison(document: dict[str, Any], console: Console) -> None:
    """Print what `document` says: the two runs, then the paired figures."""
    document = printable.cleaned(document)
    comparison, paired = document["comparison"], document["paired"]
    x, y = comparison["bot_a"], comparison["bot_b"]
    better = "higher" if comparison["higher_score_wins"] else "lower"
    console.print(Text.assemble((comparison["game"], "bold"), " compared: ", (x, "bold"), " in run A against ",
                                (y, "bold"), f" in run B (bot {comparison['position']} of each), "
                                f"{comparison['players']} seats, {comparison['deals']} deals, the same seeds; "
                                f"{better} scores are better"))
    console.print(_run_line("A", comparison["a"]))
    console.print(_run_line("B", comparison["b"]))
    others = ", ".join(comparison["others_a"]) or "none"
    if comparison["same_others"]:
        console.print(Text(f"the other seats, the same in both runs: {others}"))
    else:
        console.print(Text(f"note: the other bots differ ({others} in A; {', '.join(comparison['others_b'])} in B): "
                           "the difference is not the candidates' alone"))
    options = comparison.get("options", {})
    if options:
        console.print(Text("options: " + ", ".join(f"{k} = {toml_repr(v)}" for k, v in options.items())))
    wide = console.width >= WIDE
    console.print(paired_table(comparison, paired, wide))
    points = "points: " + ("the bot's score minus its opponent's" if comparison["players"] == 2
                           else "the bot's own score")
    console.print(Text(f"differences are A's minus B's, positive when A's bot did better; place: B's minus A's "
                       f"(1 = best); {points}, over the {paired['points_games']} pairs without a forfeit; "
                       "a forfeit is a loss in the last place"))


def paired_table(comparison: dict[str, Any], paired: dict[str, Any], wide: bool = True) -> Table:
    games, deals = paired["games"], paired["deals"]
    unpaired = ""
    if paired["unpaired_a"] or paired["unpaired_b"]:
        unpaired = f"; unpaired: {paired['unpaired_a']} of A, {paired['unpaired_b']} of B"
    table = Table(title=Text(f"Paired games: {games} over {deals} deals{unpaired}", style="table.title"),
                  title_justify="left", **_style(wide))
    table.add_column("")
    table.add_column(Text(f"A: {comparison['bot_a']}"), justify="right", overflow="fold")
    table.add_column(Text(f"B: {comparison['bot_b']}"), justify="right", overflow="fold")
    table.add_column("A - B (95%)" if wide else "A - B", justify="right", no_wrap=True)
    table.add_row("W-D-L", *(f"{paired[f'{s}_wins']}-{paired[f'{s}_draws']}-{paired[f'{s}_losses']}" for s in "ab"),
                  f"{paired['outcome_differs']} differ")
    table.add_row("mean place", _number(paired.get("mean_place_a")), _number(paired.get("mean_place_b")),
                  _difference(paired, "place", wide))
    table.add_row("mean points" if comparison["players"] != 2 else "mean margin",
                  _number(paired.get("mean_points_a")), _number(paired.get("mean_points_b")),
                  _difference(paired, "points", wide))
    table.add_row("placed better", str(paired["a_ahead"]), str(paired["b_ahead"]), f"{paired['same_place']} level")
    table.add_row("forfeits (bot/any)", *(f"{paired[f'{s}_forfeits']}/{paired[f'{s}_forfeited_games']}" for s in "ab"),
                  f"{paired['both_forfeited']} both, {paired['one_forfeited']} one")
    return table
