"""Faults: a bot that raises, one that never returns, one that answers with an
illegal move, one that cannot be built, one that exits and one whose `observe`
fails each forfeit their games, and the tournament goes on (forfeit rule:
dominoes_arcade/tournament/standings.py)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.results import read_results

PLUGINS = Path(__file__).parent / "tournament_bots.py"
RAISER, SLEEPER, CHEATER, UNBUILDABLE, QUITTER, BAD_OBSERVER = (
    f"{PLUGINS}:{name}" for name in ("Raiser", "Sleeper", "Cheater", "Unbuildable", "Quitter", "BadObserver"))
KIND = {RAISER: "exception", SLEEPER: "timeout", CHEATER: "illegal_action", UNBUILDABLE: "exception",
        QUITTER: "exception", BAD_OBSERVER: "exception"}


@pytest.mark.slow
def test_faulty_bots_forfeit_and_the_tournament_goes_on(tmp_path):
    bots = ["random", RAISER, SLEEPER, CHEATER, UNBUILDABLE, QUITTER, BAD_OBSERVER]
    plan = resolve_plan(None, {"game": "necropolis", "bots": bots, "deals": 1, "workers": 2,
                               "move_time_limit_ms": 250, "out": str(tmp_path / "faults.results.toml")})
    report = run_tournament(plan, progress=False)
    games = 21 * 2  # 21 pairs, both seatings
    assert report.status == "complete" and report.games_played == games

    document = read_results(plan.results_path)
    rows = {row["bot"]: row for row in document["standings"]}
    # Every game has a faulty bot in it, and exactly one seat forfeits it.
    assert len(document["errors"]) == games == document["tournament"]["games_forfeited"]
    assert rows["random"]["wins"] == rows["random"]["games"] == 12
    assert rows["random"]["rank"] == 1 and rows["random"]["forfeits"] == 0
    for bot in bots[1:]:
        row = rows[bot]
        assert row["losses"] == row["forfeits"], bot  # a forfeit is a loss, and only forfeits lose here
        assert row["wins"] + row["losses"] == row["games"] == 12, bot
    # The bot that cannot be built fails every game and is still in the standings.
    assert rows[UNBUILDABLE]["forfeits"] == 12 and rows[UNBUILDABLE]["rank"] == 7
    expected = {RAISER: "RuntimeError: the third decision is too hard",
                SLEEPER: "no decision within 250 ms (stopped after",
                CHEATER: "<necropolis pass> is not legal",
                UNBUILDABLE: "cannot build the bot: OSError: no such model file",
                QUITTER: "SystemExit: 3",
                BAD_OBSERVER: "ValueError in observe: cannot read the table"}
    for error in document["errors"]:
        assert error["kind"] == KIND[error["bot"]], error
        assert expected[error["bot"]] in error["message"], error
    forfeits = Counter(error["bot"] for error in document["errors"])
    assert all(forfeits[bot] >= 2 for bot in bots[1:])  # each lost both seatings against random

    # The journal holds the errors too, and replays: forfeited games stop early.
    checked = CliRunner().invoke(app, ["replay", str(plan.journal_path), "--check"])
    assert checked.exit_code == 0, checked.output
    journal_errors = [line for line in plan.journal_path.read_text().splitlines() if '"forfeit"' in line]
    assert len(journal_errors) == games


def test_a_plugin_that_ends_its_process_in_its_constructor_forfeits_and_the_run_goes_on(tmp_path):
    # Through the command line, in a process of its own: the command builds each bot
    # once before the run, and used to do it in its own process, which the bot ended.
    ends = f"{PLUGINS}:EndsWhenBuilt"
    out = tmp_path / "t.results.toml"
    result = subprocess.run([sys.executable, "-m", "dominoes_arcade", "tournament", "run", "--game", "necropolis",
                             "--bots", f"random,{ends}", "--deals", "1", "--workers", "1", "--out", str(out)],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    document = read_results(out)
    assert document["run"]["status"] == "complete" and document["tournament"]["games_played"] == 2
    assert [(error["bot"], error["kind"]) for error in document["errors"]] == [(ends, "crash")] * 2
    assert all("exit code 5" in error["message"] for error in document["errors"]), document["errors"]
    rows = {row["bot"]: row for row in document["standings"]}
    assert rows["random"]["wins"] == 2 and rows[ends]["forfeits"] == 2
