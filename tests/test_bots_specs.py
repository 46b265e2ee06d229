"""Bot specs, plug-ins, difficulties and the `bots` command (issue 5: "one small bot
interface"; docs/bots.md, "Writing a bot")."""

from __future__ import annotations

import textwrap

import pytest
from typer.testing import CliRunner

from dominoes_arcade.bots import REGISTRY, Bot, BotError, difficulty_spec, make_bot, parse_spec
from dominoes_arcade.bots.auto import AutoBot
from dominoes_arcade.bots.greedy import GreedyBot
from dominoes_arcade.bots.ismcts import IsmctsBot
from dominoes_arcade.bots.random_bot import RandomBot
from dominoes_arcade.cli import app
from dominoes_arcade.config import defaults
from dominoes_arcade.engine import new_game

PLUGIN = textwrap.dedent('''
    from dominoes_arcade.bots import Bot, Param

    class Lowest(Bot):
        """Plays the last legal decision, or the first with first=true."""
        name = "lowest"
        description = "test plug-in"
        params = {"first": Param(False, "take the first legal decision instead")}

        def choose(self, view, legal):
            return legal[0] if self.first else legal[-1]

    class NotABot:
        pass
''')


def test_registered_names_give_their_classes():
    assert {"random", "greedy", "ismcts"} <= set(REGISTRY)
    assert parse_spec("random").cls is RandomBot
    assert parse_spec("greedy").cls is GreedyBot
    assert parse_spec(" ismcts ").cls is IsmctsBot


def test_parameters_are_converted_to_the_default_type():
    bot = make_bot("ismcts:iterations=2000,c=0.5,time_ms=30", "necropolis", 1, None, seed=3)
    assert (bot.iterations, bot.c, bot.time_ms) == (2000, 0.5, 30)
    assert isinstance(bot.c, float) and isinstance(bot.iterations, int)
    assert (bot.game, bot.seat, bot.seed) == ("necropolis", 1, 3)
    # Parameters left out keep their defaults.
    assert bot.epsilon == IsmctsBot.params["epsilon"].default


@pytest.mark.parametrize("spec, words", [
    ("", ["empty bot spec"]),
    ("alphazero", ["unknown bot 'alphazero'", "random", "greedy", "ismcts"]),
    ("ismcts:iterations", ["bad parameter 'iterations'", "key=value"]),
    ("ismcts:rollouts=3", ["ismcts", "unknown parameter 'rollouts'", "iterations"]),
    ("ismcts:iterations=lots", ["ismcts", "iterations must be int", "'lots'"]),
    ("ismcts:iterations=0.5", ["iterations must be int"]),
    ("ismcts:iterations=0", ["iterations must be at least 1"]),
    ("ismcts:c=11", ["c must be at most 10"]),
    ("random:seed=3", ["random", "unknown parameter 'seed'", "none"]),
])
def test_bad_specs_name_what_is_wrong(spec, words):
    with pytest.raises(BotError) as caught:
        parse_spec(spec)
    for word in words:
        assert word in str(caught.value)


def test_a_parameter_with_choices_rejects_others():
    from dominoes_arcade.bots.base import Param

    param = Param("visits", "final choice", choices=("visits", "value"))
    assert param.convert("x", "final", "value") == "value"
    with pytest.raises(BotError, match="final must be one of visits, value, not 'mean'"):
        param.convert("x", "final", "mean")


def test_bool_parameters_read_words():
    from dominoes_arcade.bots.base import Param

    param = Param(False, "a switch")
    assert param.convert("x", "on", "yes") is True and param.convert("x", "on", "0") is False
    with pytest.raises(BotError, match="on must be bool"):
        param.convert("x", "on", "maybe")


def test_plugin_loads_from_a_file_path_with_parameters(tmp_path):
    path = tmp_path / "mybots.py"
    path.write_text(PLUGIN)
    state = new_game("necropolis", options={"first_player": 0})
    bot = make_bot(f"{path}:Lowest", "necropolis", 0)
    assert bot.name == "lowest" and not bot.first
    assert make_bot(f"{path}:Lowest:first=true", "necropolis", 0).first
    legal = state.legal_actions()
    assert bot.choose(state.view(0), legal) is legal[-1]


def test_plugin_loads_from_a_module(tmp_path, monkeypatch):
    package = tmp_path / "myplugins"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cautious.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = parse_spec("myplugins.cautious:Lowest:first=1")
    assert spec.cls.__name__ == "Lowest" and issubclass(spec.cls, Bot)
    assert spec.make("buildup", 1, seed=5).first is True


@pytest.mark.parametrize("target, words", [
    ("{dir}/nothere.py:Lowest", ["no file", "nothere.py"]),
    ("{dir}/mybots.py", ["names no class", "mybots.py:ClassName"]),
    ("{dir}/mybots.py:Missing", ["has no Bot subclass Missing"]),
    ("{dir}/mybots.py:NotABot", ["has no Bot subclass NotABot"]),
    ("{dir}/broken.py:Lowest", ["failed to load", "division by zero"]),
    ("no_such_package_xyz.bots:Lowest", ["cannot import no_such_package_xyz.bots"]),
    ("{dir}/mybots.py:Lowest:fast=1", ["lowest", "unknown parameter 'fast'", "first"]),
])
def test_bad_plugin_specs_name_the_problem(tmp_path, target, words):
    (tmp_path / "mybots.py").write_text(PLUGIN)
    (tmp_path / "broken.py").write_text("1 / 0\n")
    with pytest.raises(BotError) as caught:
        parse_spec(target.format(dir=tmp_path))
    for word in words:
        assert word in str(caught.value)


def test_a_bot_for_other_games_refuses_the_wrong_game(tmp_path):
    path = tmp_path / "only.py"
    path.write_text(PLUGIN + "\nclass OnlyBuildUp(Lowest):\n    games = ('buildup',)\n")
    make_bot(f"{path}:OnlyBuildUp", "buildup", 0)
    with pytest.raises(BotError, match="does not play necropolis"):
        make_bot(f"{path}:OnlyBuildUp", "necropolis", 0)


def test_difficulties_map_to_checked_specs():
    table = defaults()["bots"]
    for level in ("easy", "medium", "hard", "expert"):
        assert parse_spec(difficulty_spec(table, level)).text == table[level]
    assert difficulty_spec({**table, "hard": "ismcts:iterations=50"}, "hard") == "ismcts:iterations=50"
    with pytest.raises(BotError, match="unknown difficulty 'insane'"):
        difficulty_spec(table, "insane")
    with pytest.raises(BotError, match=r"bots.medium = 'ismcts:itertions=5': ismcts: unknown parameter"):
        difficulty_spec({**table, "medium": "ismcts:itertions=5"}, "medium")


def test_difficulties_get_stronger():
    table = defaults()["bots"]
    assert parse_spec(table["easy"]).cls is RandomBot
    assert parse_spec(table["medium"]).cls is GreedyBot
    hard, expert = parse_spec(table["hard"]), parse_spec(table["expert"])
    assert hard.cls is AutoBot and expert.cls is AutoBot
    # Both think for a time budget, so a faster engine makes them stronger; expert longer.
    assert int(dict(expert.params)["time_ms"]) > int(dict(hard.params)["time_ms"]) > 0


def test_bots_command_lists_every_bot_its_parameters_and_the_difficulties():
    result = CliRunner().invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for name, cls in REGISTRY.items():
        assert f"{name}: {cls.description}" in lines
    for key, param in IsmctsBot.params.items():
        assert any(line.strip().startswith(f"{key}={param.default}  {param.doc}") for line in lines)
    assert "    hard = " + defaults()["bots"]["hard"] in lines


def test_bots_command_reports_a_bad_difficulty_spec(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[bots]\nhard = "ismcts:iterations=none"\n')
    result = CliRunner().invoke(app, ["bots", "--config", str(bad)])
    assert result.exit_code == 3
    assert "bots.hard" in result.output and "iterations must be int" in result.output
