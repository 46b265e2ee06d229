"""The tournament's processes: a bot raising any BaseException forfeits."""

from __future__ import annotations

from pathlib import Path

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.results import read_results

TESTS = Path(__file__).parent
PLUGINS = TESTS / "tournament_bots.py"


def plan_for(tmp_path: Path, bots: list[str], **flags):
    return resolve_plan(None, {"game": "necropolis", "bots": bots, "deals": 1, "workers": 2,
                               "out": str(tmp_path / "p.results.toml"), **flags})


def test_a_bot_raising_any_base_exception_forfeits(tmp_path):
    closer, exotic = f"{PLUGINS}:Closer", f"{PLUGINS}:Exotic"
    plan = plan_for(tmp_path, ["random", closer, exotic])
    report = run_tournament(plan, progress=False)
    assert report.status == "complete" and report.games_played == 6
    errors = read_results(plan.results_path)["errors"]
    assert {e["bot"] for e in errors} == {closer, exotic} and len(errors) == 6
    assert all(e["kind"] == "exception" for e in errors)
    assert any("GeneratorExit: closed" in e["message"] for e in errors)
    assert any("Strange: from elsewhere" in e["message"] for e in errors)
