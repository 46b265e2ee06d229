"""Plug-in bots (``file.py:Class``) that cannot be used: whatever their module does
at import (raise, exit, end the process, raise KeyboardInterrupt), and specs that
name no bot, the command stops with exit 3 and one line naming the spec (docs/tournaments.md,
"Tournaments": "A plug-in that exits or fails at import stops the run before it
starts, exit 3, naming the spec")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.bots import BotError, parse_spec
from dominoes_arcade.cli import app

PLUGINS = Path(__file__).parent / "data" / "plugins"


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    # A subprocess: a plug-in that ends its process must not end the test run.
    return subprocess.run([sys.executable, "-m", "dominoes_arcade", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


@pytest.mark.parametrize("module", ["kills_at_import.py", "interrupts_at_import.py", "exits_at_import.py"])
def test_a_plugin_that_ends_its_import_stops_the_tournament_with_exit_3(tmp_path, module):
    spec = f"{PLUGINS / module}:Bot"
    result = run_cli("tournament", "run", "--game", "necropolis", "--bots", f"random,{spec}",
                     "--out", str(tmp_path / "t.results.toml"), cwd=tmp_path)
    assert result.returncode == 3, result.stderr
    assert result.stderr.splitlines() == [result.stderr.strip()], result.stderr  # one line
    assert result.stderr.startswith(f"error: flags: bots: bot spec {spec!r}: "), result.stderr
    assert "failed to load" in result.stderr
    assert not (tmp_path / "t.results.toml").exists()


def test_bot_serve_of_a_plugin_that_ends_its_process_is_exit_3(tmp_path):
    spec = f"{PLUGINS / 'kills_at_import.py'}:Bot"
    result = run_cli("bot", "serve", spec, cwd=tmp_path)
    assert result.returncode == 3, result.stderr
    assert result.stderr.startswith(f"bad bot spec: bot spec {spec!r}: "), result.stderr
    assert "ended its process (exit code 9)" in result.stderr


def test_a_plugin_interrupted_at_import_is_a_bad_spec_in_process_too():
    with pytest.raises(BotError, match="KeyboardInterrupt"):
        parse_spec(f"{PLUGINS / 'interrupts_at_import.py'}:Bot")


def test_the_base_class_is_not_a_bot():
    spec = f"{PLUGINS / 'only_the_base.py'}:Bot"
    with pytest.raises(BotError, match="the base class"):
        parse_spec(spec)
    with pytest.raises(BotError, match="the base class"):
        parse_spec("dominoes_arcade.bots:Bot")


@pytest.mark.parametrize("bots", ["random,,greedy", "random, ,greedy", ",random,greedy", "random,greedy,"])
def test_an_empty_bot_spec_in_bots_is_refused(tmp_path, bots):
    result = CliRunner().invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", bots,
                                      "--out", str(tmp_path / "t.results.toml")])
    assert result.exit_code == 3, result.output
    assert result.output.splitlines() == ["error: flags: bots: an empty bot spec (two commas in a row, "
                                          "or one at an end): remove the extra comma"], result.output
    assert not (tmp_path / "t.results.toml").exists()


def test_an_empty_bot_spec_in_a_spec_file_is_refused(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "", "greedy"]\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["tournament", "run", str(spec)])
    assert result.exit_code == 3, result.output
    assert result.output.startswith(f"error: {spec}: bots: an empty bot spec"), result.output


def test_a_plugin_built_in_a_child_that_refuses_the_game_still_stops_the_tournament_with_exit_3(tmp_path):
    spec = f"{PLUGINS / 'refuses_the_game.py'}:Bot"
    result = run_cli("tournament", "run", "--game", "necropolis", "--bots", f"random,{spec}",
                     "--out", str(tmp_path / "t.results.toml"), cwd=tmp_path)
    assert result.returncode == 3, result.stderr
    assert result.stderr.strip() == "error: flags: bots: this bot does not play necropolis", result.stderr
    assert not (tmp_path / "t.results.toml").exists()
