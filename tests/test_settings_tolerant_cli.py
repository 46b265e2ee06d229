"""The player's own config.user.toml, broken, is forgiven by every command, not
only by `play`: the defaults for the broken keys and a notice on stderr naming
the file and the key, and the command does its work (a `--config` file stays
strict: tests/test_settings_tolerant.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app

BROKEN = '[display]\nfps = 5\n[bots]\nhard = "nosuchbot"\n[tournament]\ndeals = 0\n'


@pytest.fixture
def broken_user_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    user = tmp_path / "config" / "dominoes-arcade" / "config.user.toml"
    user.parent.mkdir(parents=True)
    user.write_text(BROKEN, encoding="utf-8")
    return user


def notices(result, user: Path) -> list[str]:
    lines = [line for line in result.stderr.splitlines() if line.startswith("notice: ")]
    assert all(line.startswith(f"notice: {user}: ") for line in lines), result.stderr
    return lines


@pytest.mark.parametrize("args", [
    ["simulate", "necropolis", "--out", "{d}/games.jsonl"],
    ["bots"],
    ["tournament", "run", "--game", "necropolis", "--bots", "random,greedy", "--deals", "1", "--workers", "1",
     "--out", "{d}/t.results.toml"],
])
def test_every_command_forgives_the_user_file(tmp_path, broken_user_file, args):
    result = CliRunner().invoke(app, [a.replace("{d}", str(tmp_path)) for a in args])
    assert result.exit_code == 0, result.output
    lines = notices(result, broken_user_file)
    assert len(lines) == 3, result.stderr
    for key in ("display.fps = 5", 'bots.hard = "nosuchbot"', "tournament.deals = 0"):
        assert any(key in line and line.endswith("(using the default instead)") for line in lines), key
    if args[0] == "bots":
        assert "    hard = auto:time_ms=150" in result.stdout  # the default, not the broken value


def test_the_tournament_uses_the_default_for_a_broken_key(tmp_path, broken_user_file):
    result = CliRunner().invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", "random,greedy",
                                      "--workers", "1", "--seed", "1", "--out", str(tmp_path / "t.results.toml")])
    assert result.exit_code == 0, result.output
    assert "complete: 100 of 100 games" in result.stdout  # deals = 50, the default, not the broken 0
