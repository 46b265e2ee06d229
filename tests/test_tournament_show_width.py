"""`tournament show` fits the width it is given (COLUMNS, even through a pipe):
every line of an 80-column rendering fits, and no figure is cut to "…"."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app

RESULTS = sorted((Path(__file__).parent.parent / "tournaments").glob("**/*.results.toml"))


@pytest.mark.parametrize("results", RESULTS, ids=[p.name for p in RESULTS])
@pytest.mark.parametrize("columns", [80, 200])
def test_show_fits_the_columns_it_is_given(results, columns):
    result = CliRunner().invoke(app, ["tournament", "show", str(results)], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert "…" not in result.output
    wide = columns >= 120
    assert ("rating (mu ± σ)" in result.output) == wide  # the compact form drops the intervals
    assert "forfeits" in result.output
