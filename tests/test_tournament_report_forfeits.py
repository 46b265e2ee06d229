"""`tournament report` of a tournament in which every game was forfeited: a page
that says no game was decided, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament

pytest.importorskip("matplotlib", reason="the report extra is not installed")

PLUGINS = Path(__file__).parent / "tournament_bots.py"


@pytest.mark.parametrize("game,players", [("necropolis", None), ("cyprus", 4)])
def test_a_report_when_every_game_was_forfeited(tmp_path, game, players):
    bots = [f"{PLUGINS}:Raiser", f"{PLUGINS}:Cheater"]  # one raises, one plays an illegal move
    plan = resolve_plan(None, {"game": game, "bots": bots, "players": players, "deals": 1, "seed": 3, "workers": 1,
                               "out": str(tmp_path / "f.results.toml")})
    done = run_tournament(plan, progress=False)
    assert done.status == "complete" and done.games_played > 0
    outcome = CliRunner().invoke(app, ["tournament", "report", str(plan.results_path), "--out",
                                       str(tmp_path / "f.html")])
    assert outcome.exit_code == 0, outcome.output
    page = (tmp_path / "f.html").read_text(encoding="utf-8")
    assert "No game was decided: every game was forfeited" in page
