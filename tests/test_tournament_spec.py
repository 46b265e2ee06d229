"""Tournament specs: files and flags resolved into a plan; every bad setting exits
3 with a message naming the key (the tournament issue's exit codes)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, split_bot_list

runner = CliRunner()
GOOD = 'game = "necropolis"\nbots = ["random", "greedy"]\ndeals = 2\n'


def run_spec(tmp_path, text, *flags):
    spec = tmp_path / "t.toml"
    spec.write_text(text)
    return runner.invoke(app, ["tournament", "run", str(spec), *map(str, flags)])


@pytest.mark.parametrize("text,key", [
    (GOOD + "colour = 3\n", "colour"),
    (GOOD + "seed = -1\n", "seed"),
    (GOOD.replace("deals = 2", "deals = 0"), "deals"),
    (GOOD.replace("deals = 2", 'deals = "many"'), "deals"),
    (GOOD + "workers = 5000\n", "workers"),
    (GOOD + "move_time_limit_ms = 0\n", "move_time_limit_ms"),
    (GOOD.replace('"necropolis"', '"chess"'), "game"),
    ('bots = ["random", "greedy"]\n', "game"),
    ('game = "necropolis"\n', "bots"),
    (GOOD.replace('["random", "greedy"]', '["random"]'), "bots"),
    (GOOD.replace('["random", "greedy"]', '["random", "random"]'), "bots"),
    (GOOD.replace('"greedy"', '"grandmaster"'), "bots"),
    (GOOD.replace('"greedy"', '"ismcts:iterations=-5"'), "bots"),
    (GOOD + "players = 3\n", "players"),
    (GOOD + 'executor = "threads"\n', "executor"),
    (GOOD + "[options]\nsite_penalty = 99\n", "necropolis.site_penalty"),
    (GOOD + "[options]\nwild_tiles = true\n", "necropolis.wild_tiles"),
    ('game = "cyprus"\nbots = ["random", "greedy"]\nplayers = 11\n', "players"),
    ("game = ", "not valid TOML"),
])
def test_bad_spec_exits_3_naming_the_key(tmp_path, text, key):
    result = run_spec(tmp_path, text)
    assert result.exit_code == 3, result.output
    first_line = result.output.splitlines()[0]
    assert first_line.startswith(f"error: {tmp_path / 't.toml'}: ")
    assert key in first_line.replace(str(tmp_path), ""), result.output
    assert not (tmp_path / "t.results.toml").exists()


def test_bad_config_file_exits_3_naming_the_key(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text("[tournament]\ndeals = -4\n")
    result = run_spec(tmp_path, GOOD, "--config", config)
    assert result.exit_code == 3 and "tournament.deals" in result.output


def test_bad_flags_are_usage_errors(tmp_path):
    assert run_spec(tmp_path, GOOD, "--deals", 0).exit_code == 2
    assert run_spec(tmp_path, GOOD, "--executor", "threads").exit_code == 2
    assert run_spec(tmp_path, GOOD, "--option", "no_equals_sign").exit_code == 2
    missing = runner.invoke(app, ["tournament", "run", str(tmp_path / "absent.toml")])
    assert missing.exit_code == 3 and "no such file" in missing.output


@pytest.mark.parametrize(("flags", "line"), [
    (["--bots", "random,random"], "error: flags: bots lists 'random' twice (for two copies of one bot, salt one: "
                                  "random:salt=1)"),
    (["--bots", "random"], "error: flags: bots needs at least two bot specs, not 1"),
    (["--bots", "random,greedy,pimc", "--sprt", "elo0=0,elo1=10"],
     "error: flags: sprt tests one bot: give two bots, or one gauntlet bot and a field"),
])
def test_a_bad_line_up_in_the_flags_is_bad_usage_exit_2(tmp_path, flags, line):
    """docs/tournaments.md: bad flags exit 2, a bad spec file 3; one line, no traceback."""
    result = runner.invoke(app, ["tournament", "run", "--game", "necropolis", *flags,
                                 "--out", str(tmp_path / "x.results.toml")])
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [line]
    assert not (tmp_path / "x.results.toml").exists()


def test_a_flag_that_overrides_a_good_file_is_blamed_as_the_flag(tmp_path):
    result = run_spec(tmp_path, GOOD, "--bots", "greedy,greedy")
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == ["error: flags: bots lists 'greedy' twice (for two copies of one bot, salt "
                                          "one: greedy:salt=1)"]


def test_a_sprt_key_given_twice_is_refused(tmp_path):
    result = runner.invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", "greedy,random",
                                 "--sprt", "elo0=0,elo0=5,elo1=20", "--out", str(tmp_path / "x.results.toml")])
    assert result.exit_code == 2, result.output
    assert "elo0 is given twice" in result.output and "Traceback" not in result.output
    result = run_spec(tmp_path, GOOD + 'sprt = "elo0=0,elo1=20,elo1=30"\n')
    assert result.exit_code == 3, result.output
    assert result.output.splitlines() == [f"error: {tmp_path / 't.toml'}: sprt: elo1 is given twice: give each "
                                          "of elo0, elo1, alpha, beta, model once"]


def test_flags_override_the_file_and_paths_are_relative_to_it(tmp_path):
    spec = tmp_path / "specs" / "n.toml"
    spec.parent.mkdir()
    spec.write_text(GOOD + 'out = "out/n.results.toml"\nseed = 4\n[options]\nsite_penalty = 2\n')
    plan = resolve_plan(spec, {"seed": 9, "options": {"allow_exchange": False}})
    assert plan.seed == 9 and plan.deals == 2
    assert plan.options["site_penalty"] == 2 and plan.options["allow_exchange"] is False
    assert plan.options["players"] == 2 and plan.players == 2
    assert plan.results_path == tmp_path / "specs" / "out" / "n.results.toml"
    assert plan.journal_path == tmp_path / "specs" / "out" / "n.journal.jsonl"
    assert plan.higher_score_wins is False


def test_defaults_come_from_the_settings_and_the_spec_name(tmp_path):
    spec = tmp_path / "cyprus-5.toml"
    spec.write_text('game = "cyprus"\nbots = ["random", "greedy"]\nplayers = 5\n')
    config = tmp_path / "settings.toml"
    config.write_text("[tournament]\ndeals = 7\nworkers = 3\n[cyprus]\ntarget_score = 20\n")
    plan = resolve_plan(spec, {"config": str(config)})
    assert (plan.deals, plan.workers, plan.players) == (7, 3, 5)
    assert plan.options["target_score"] == 20 and plan.options["players"] == 5
    assert plan.results_path == tmp_path / "cyprus-5.results.toml"
    assert plan.higher_score_wins is True


def test_bot_lists_keep_each_bots_own_parameters_together():
    assert split_bot_list(["random,ismcts:iterations=200,c=0.7", "greedy"]) == [
        "random", "ismcts:iterations=200,c=0.7", "greedy"]
    assert split_bot_list(["a.py:Cls:margin=3,depth=2 , random"]) == ["a.py:Cls:margin=3,depth=2", "random"]


def test_a_journal_of_another_tournament_is_not_resumed(tmp_path):
    journal = tmp_path / "t.journal.jsonl"
    journal.write_text(json.dumps({"game": "necropolis", "options": {}, "seats": ["random", "greedy"], "seed": 1,
                                   "steps": [], "scores": [0, 0], "error": None, "tournament_key": "0000",
                                   "game_id": 0, "deal": 0, "table": 0}) + "\n")
    result = run_spec(tmp_path, GOOD, "--resume")
    assert result.exit_code == 3 and "another tournament" in result.output


def test_a_difficulty_names_the_bot_the_settings_give_it(tmp_path):
    plan = resolve_plan(None, {"game": "necropolis", "bots": ["greedy", "hard"], "out": str(tmp_path / "r.toml")})
    assert plan.bots == ("greedy", "auto:time_ms=150")
    config = tmp_path / "config.toml"
    config.write_text('[bots]\nhard = "ismcts:iterations=50"\n')
    plan = resolve_plan(None, {"game": "necropolis", "bots": ["greedy"], "gauntlet": ["hard"], "config": str(config),
                               "out": str(tmp_path / "r.toml")})
    assert plan.bots == ("ismcts:iterations=50", "greedy")
    # A difficulty and the spec it means are one bot listed twice.
    result = runner.invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", "hard,auto:time_ms=150"])
    assert result.exit_code == 2 and "twice" in result.output
