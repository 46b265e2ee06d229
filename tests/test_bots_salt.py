"""The ``salt`` every bot spec takes (dominoes_arcade/bots/registry.py): a bot's seed
depends on its seat only, so two copies of one algorithm play mirror games on a
duplicate deal (the same moves whoever sits where) and an A/A test tells nothing;
``random:salt=1`` is the same bot on another seed stream (docs/sprt.md)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade.bots import BotError, parse_spec
from dominoes_arcade.bots.registry import salted_seed
from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament


def deal_pairs(tmp_path, bots: list[str]) -> list[tuple[list[str], list[str]]]:
    """Each deal's two games (seats swapped) of a two-deal Necropolis run, as steps."""
    plan = resolve_plan(None, {"game": "necropolis", "bots": bots, "deals": 2, "seed": 3, "workers": 1,
                               "out": str(tmp_path / "aa.results.toml")})
    run_tournament(plan, progress=False)
    games: dict[int, list[list[str]]] = {}
    for line in plan.journal_path.read_text().splitlines():
        record = json.loads(line)
        games.setdefault(record["deal"], []).append(record["steps"])
    return [(first, second) for first, second in games.values()]


def test_two_copies_of_one_bot_play_mirror_games_unless_one_is_salted(tmp_path):
    mirror = deal_pairs(tmp_path / "mirror", ["random", "random:salt=0"])  # salt 0: the seed as it is
    assert all(first == second for first, second in mirror)  # the A/A test's problem: nothing to observe
    salted = deal_pairs(tmp_path / "salted", ["random", "random:salt=1"])
    assert all(first != second for first, second in salted)
    # The unsalted copy is the same bot as ever: salt changes only the salted seat's seed.
    assert salted_seed(12345, 0) == 12345 and salted_seed(12345, 1) != 12345


def test_a_salt_changes_the_seed_and_nothing_else():
    spec = parse_spec("ismcts:iterations=5,salt=2")
    assert spec.salt == 2 and spec.params == (("iterations", "5"),)
    bot = spec.make("necropolis", 0, None, 7)
    assert bot.seed == salted_seed(7, 2) != 7 and bot.iterations == 5
    assert parse_spec("random").make("necropolis", 1, None, 7).seed == 7


@pytest.mark.parametrize("spec", ["random:salt=x", "random:salt=-1", "random:salt=1,salt=2", "random:salt=1.5"])
def test_a_bad_salt_is_refused(spec):
    with pytest.raises(BotError, match="salt"):
        parse_spec(spec)


def test_the_bots_command_names_the_salt():
    result = CliRunner().invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    assert any(line.strip().startswith("salt=0  another seed for the same bot") for line in result.output.splitlines())
