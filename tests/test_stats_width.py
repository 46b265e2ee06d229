"""`dominoes-arcade stats` fits the width it is given (COLUMNS): no line runs
past it and no heading or figure is cut to "…", at 120, 80 and 60 columns, with
the difficulties as opponents or a bot program's long name."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade import history
from dominoes_arcade.cli import app
from dominoes_arcade.engine.match import random_game

PROGRAM = "cmd:node examples/greedy_bot.js"
OPPONENTS = {"difficulties": ["hard", "medium", "easy"], "a bot program": [PROGRAM, "hard", "easy"]}
runner = CliRunner()


def write_history(opponents: list[str]) -> None:
    """Three games of each game against each of `opponents`, won and lost by turns."""
    seed = 0
    for opponent in opponents:
        for game, players in (("necropolis", 2), ("buildup", 2), ("cyprus", 4), ("sebastopol", 4)):
            for _ in range(3):
                seed += 1
                record = random_game(game, seed, players=players)
                kinds = ["human"] + [opponent] * (players - 1)
                history.append_history(history.history_line(record, kinds, [seed % players], demo=False))


def figures(row: dict) -> list[str]:
    """What a player must be able to read of a `stats --json` row."""
    average = f"{row['average_score']:.1f}"
    return [row["game"], row["opponents"], str(row["games"]), f"{row['win_rate']:.0%}", str(row["best_score"]),
            average, str(row["current_streak"]), str(row["longest_streak"])]


@pytest.mark.parametrize("opponents", OPPONENTS.values(), ids=OPPONENTS.keys())
@pytest.mark.parametrize("columns", [120, 80, 60])
def test_stats_fits_the_columns_it_is_given_and_cuts_nothing(opponents, columns):
    write_history(opponents)
    rows = json.loads(runner.invoke(app, ["stats", "--json"]).stdout)
    assert len(rows) == 4 * len(opponents)
    result = runner.invoke(app, ["stats"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert "…" not in result.output
    starts = {}
    for row in rows:
        found = [i for i, line in enumerate(lines) if f" {row['game']} " in f" {line} " and row["opponents"] in line]
        assert len(found) == 1, f"{row['game']} against {row['opponents']} not shown once"
        starts[found[0]] = row
    ends = sorted(starts)[1:] + [len(lines)]
    for start, end in zip(sorted(starts), ends, strict=True):
        # A row's figures on its own line (a table) or in its own paragraph (up to a blank line).
        block = lines[start:end]
        shown = " ".join(block[:block.index("")] if "" in block else block)
        row = starts[start]
        for figure in figures(row):
            assert figure in shown, f"{figure!r} of {row['game']} against {row['opponents']} not in {shown!r}"


def test_at_80_columns_the_difficulties_still_fit_in_a_table_with_every_heading_whole():
    write_history(OPPONENTS["difficulties"])
    result = runner.invoke(app, ["stats"], env={"COLUMNS": "80"})
    headings = next(line for line in result.output.splitlines() if "against" in line and "game" in line)
    assert headings.split() == ["game", "against", "games", "W-D-L", "win", "%", "best", "avg", "streak", "longest"]
