"""The ``salt`` every bot spec takes (dominoes_arcade/bots/registry.py): a bot's seed
depends on its seat only, so two copies of one algorithm play mirror games on a
duplicate deal (the same moves whoever sits where) and an A/A test tells nothing;
``random:salt=1`` is the same bot on another seed stream (docs/sprt.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.bots import BotError, parse_spec
from dominoes_arcade.bots.program import seat_label, split_salt
from dominoes_arcade.bots.registry import salted_seed
from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament, split_bot_list


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


PROGRAM = f"cmd:{sys.executable} {Path(__file__).parent / 'protocol_bot.py'}"
"""A bot program that seeds its random choices from its ``start`` message's seed."""


def test_two_copies_of_one_program_play_mirror_games_unless_one_is_salted(tmp_path):
    mirror = deal_pairs(tmp_path / "mirror", [PROGRAM, f"{PROGRAM},salt=0"])
    assert all(first == second for first, second in mirror)
    salted = deal_pairs(tmp_path / "salted", [PROGRAM, f"{PROGRAM},salt=1"])
    assert all(first != second for first, second in salted)


def test_a_programs_salt_is_the_end_of_its_spec_and_changes_the_seed_it_is_sent():
    spec = parse_spec(f"{PROGRAM},salt=2")
    assert spec.salt == 2
    assert spec.params == (("command", (sys.executable, str(Path(__file__).parent / "protocol_bot.py"))),)
    assert spec.make("necropolis", 0, None, 7).seed == salted_seed(7, 2)
    assert parse_spec(PROGRAM).salt == 0 and parse_spec(PROGRAM).make("necropolis", 0, None, 7).seed == 7
    assert split_salt("./bot --name x,salt=1 --fast") == ("./bot --name x,salt=1 --fast", None)  # not its end
    assert seat_label(f"{PROGRAM},salt=2") == seat_label(PROGRAM) == "Program protocol_bot.py"
    with pytest.raises(BotError, match="salt must be a whole number"):
        parse_spec(f"{PROGRAM},salt=one")


def test_a_program_listed_twice_is_refused_with_the_salted_spec_to_write():
    result = CliRunner().invoke(app, ["tournament", "run", "--game", "necropolis", "--bots", f"{PROGRAM},{PROGRAM}"])
    assert result.exit_code == 2
    assert f"(for two copies of one bot, salt one: {PROGRAM},salt=1)" in result.output
    # As --bots splits it: the salt stays with its program.
    assert split_bot_list([f"{PROGRAM},{PROGRAM},salt=1,greedy"]) == [PROGRAM, f"{PROGRAM},salt=1", "greedy"]
