"""The command line: simulate, replay --check, rules, config check; exit codes and
one-line errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.engine import GAMES, game_options

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def every_variant_value():
    """(game, KEY=VALUE) for every choice and boolean, and the ends of every range."""
    for game in GAMES:
        for key, option in game_options(game).items():
            if option.choices:
                values = option.choices
            elif option.kind is bool:
                values = (True, False)
            else:
                values = (option.minimum, option.maximum)
            for value in values:
                text = json.dumps(value) if not isinstance(value, bool) else str(value).lower()
                yield game, f"{key}={text}"


@pytest.mark.parametrize("game,option", list(every_variant_value()))
def test_simulate_then_replay_check_for_every_variant_value(tmp_path, game, option):
    out = tmp_path / "games.jsonl"
    result = invoke("simulate", game, "--games", 2, "--seed", 11, "--option", option, "--out", out)
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 2
    record = json.loads(lines[0])
    key, _, text = option.partition("=")
    assert record["options"][key] == json.loads(text)
    assert set(record) >= {"game", "options", "seats", "seed", "steps", "scores", "error"}
    assert record["seats"] == ["random"] * record["options"]["players"]
    checked = invoke("replay", out, "--check")
    assert checked.exit_code == 0, checked.output
    assert checked.output.strip().endswith("2 records checked: 2 good, 0 bad")


def test_simulate_is_reproducible(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    invoke("simulate", "necropolis", "--games", 3, "--seed", 5, "--out", a)
    invoke("simulate", "necropolis", "--games", 3, "--seed", 5, "--out", b)
    assert a.read_text() == b.read_text()


def test_replay_check_reports_each_bad_record(tmp_path):
    good = tmp_path / "good.jsonl"
    invoke("simulate", "necropolis", "--games", 1, "--seed", 1, "--out", good)
    record = json.loads(good.read_text())
    record["steps"][1] = "0 draw" if record["steps"][1] != "0 draw" else "1 draw"
    path = tmp_path / "mixed.jsonl"
    path.write_text(good.read_text() + json.dumps(record) + "\n" + "{oops\n")
    result = invoke("replay", path, "--check")
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines[0].startswith('record 2: step 2 "') and "wrong actor" in lines[0]
    assert lines[1].startswith("record 3: not a record")
    assert lines[-1] == "3 records checked: 1 good, 2 bad"


def test_replay_check_unreadable_file_exits_2(tmp_path):
    result = invoke("replay", tmp_path / "missing.jsonl", "--check")
    assert result.exit_code == 2 and "missing.jsonl: no such file" in result.output


def test_bad_option_exits_3_naming_the_key(tmp_path):
    result = invoke("simulate", "necropolis", "--option", "site_penalty=99", "--out", tmp_path / "x.jsonl")
    assert result.exit_code == 3
    assert "necropolis.site_penalty = 99 is not allowed" in result.output
    result = invoke("simulate", "necropolis", "--option", "nonsense", "--out", tmp_path / "x.jsonl")
    assert result.exit_code == 2


def test_config_check_exit_codes(tmp_path):
    good = tmp_path / "good.toml"
    good.write_text("[necropolis]\nsite_penalty = 2\n")
    assert invoke("config", "check", good).exit_code == 0
    bad = tmp_path / "bad.toml"
    bad.write_text("[necropolis]\nmax_turns = 5\n")
    result = invoke("config", "check", bad)
    assert result.exit_code == 3
    assert f"{bad}: necropolis.max_turns = 5 is not allowed: use an integer from 50 to 10000" in result.output


def test_commands_that_read_a_bad_config_exit_3(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[display]\nfullscreen = \"yes\"\n")
    result = invoke("simulate", "necropolis", "--config", bad, "--out", tmp_path / "x.jsonl")
    assert result.exit_code == 3 and "display.fullscreen" in result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_prints_each_game(game):
    result = invoke("rules", game)
    assert result.exit_code == 0
    assert result.output.startswith("# ") and "Variant options" in result.output


@pytest.mark.parametrize("players", [4, 7, 10])
def test_simulate_players_sets_the_table_size(tmp_path, players):
    if "cyprus" not in GAMES:
        pytest.skip("cyprus is not in the engine")
    out = tmp_path / "c.jsonl"
    result = invoke("simulate", "cyprus", "--players", players, "--games", 1, "--out", out)
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text())
    assert record["options"]["players"] == players and len(record["seats"]) == players


def test_simulate_rejects_a_player_count_the_game_does_not_allow(tmp_path):
    result = invoke("simulate", "necropolis", "--players", 3, "--out", tmp_path / "x.jsonl")
    assert result.exit_code == 2 and "necropolis is played by 2 players, not 3" in result.output
