"""`tournament show` fits the width it is given (COLUMNS, even through a pipe): at
every width, every table is shown whole (a boxed table's every line closes with its
right border: rich crops a table too wide for the console at the right edge, with
no "…"), every line fits, and no figure is cut to "…". Checked on the shipped
example results and on fresh runs with an SPRT, fitted ratings and the likelihood of
superiority (the widest tables)."""

from __future__ import annotations

from pathlib import Path

import pytest
from side_by_side import once_per_run
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.results import read_results

EXAMPLES = sorted((Path(__file__).parent.parent / "tournaments").glob("**/*.results.toml"))
FRESH = {
    "sprt": {"game": "necropolis", "bots": ["ismcts:iterations=20", "random"], "deals": 100, "seed": 5,
             "sprt": "elo0=0,elo1=100"},
    "gauntlet": {"game": "cyprus", "players": 4, "bots": ["random", "greedy", "ismcts:iterations=3,c=0.7"],
                 "gauntlet": ["ismcts:iterations=4"], "deals": 2, "seed": 3},
}
WIDTHS = [80, 100, 120, 125, 128, 135, 200]
OPENS, CLOSES = "┏┃┡│└", "┓┃┩│┘"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict[str, Path]:
    """Each of `FRESH` run once for the whole run (the tests only read the results)."""
    return once_per_run(tmp_path_factory, "show-width", run_fresh)


def run_fresh(folder: Path) -> dict[str, Path]:
    paths = {}
    for name, spec in FRESH.items():
        (folder / name).mkdir()
        plan = resolve_plan(None, {**spec, "workers": 1, "out": str(folder / name / "r.results.toml")})
        assert run_tournament(plan, progress=False).status == "complete"
        paths[name] = plan.results_path
    return paths


def show(results: Path, columns: int) -> str:
    result = CliRunner().invoke(app, ["tournament", "show", str(results)], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def assert_whole(output: str, columns: int) -> None:
    lines = output.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert "…" not in output
    cropped = [line for line in lines if line[:1] in OPENS and line.rstrip()[-1:] not in CLOSES]
    assert not cropped, "a table is cut at the right edge:\n" + "\n".join(cropped)


@pytest.mark.parametrize("results", EXAMPLES, ids=[p.name for p in EXAMPLES])
@pytest.mark.parametrize("columns", WIDTHS)
def test_show_fits_the_columns_it_is_given(results, columns):
    output = show(results, columns)
    assert_whole(output, columns)
    if columns >= 135:  # room for the whole standings
        assert "rating (mu ± σ)" in output
    if columns == 80:
        assert "rating (mu ± σ)" not in output  # the compact form drops the intervals
    assert "forfeits" in output


@pytest.mark.parametrize("name", list(FRESH))
@pytest.mark.parametrize("columns", WIDTHS)
def test_show_of_an_sprt_and_fitted_ratings_fits_the_columns_it_is_given(fresh, name, columns):
    output = show(fresh[name], columns)
    assert_whole(output, columns)
    document = read_results(fresh[name])
    for row in document["standings"]:  # the elo column, and the last one whichever form
        assert f"{row['elo']:+.0f}" in output
        assert f"{row['wins']}-{row['draws']}-{row['losses']}" in output
        if "ms/move" in output:
            assert f"{row['mean_decision_ms']:.3f}" in output
    for row in document["superiority"]:
        assert f"{row['los']:.3f}" in output
    if name == "sprt":
        assert "LLR " in output and "accepted" in output
