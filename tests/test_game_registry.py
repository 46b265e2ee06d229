"""One game registry, one driver: a toy game added with one module and one registry
entry (tests/toy_game.py, a game that shares no code with the shipped ones, and
that no file of the package names) plays through `simulate`, `replay --check`, a
tournament, its view's JSON both ways and `bot check`'s positions; no file of the
package but their own modules and entries names Draw and Block; and one seed
deals the same tiles in `simulate`, the bots' driver (so the tournament) and a
`Match`. (The client's side of both is in the client tests.)"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import toy_game
from typer.testing import CliRunner

import dominoes_arcade
from dominoes_arcade.bots.analysis import hard_rollouts
from dominoes_arcade.bots.check_positions import Position, random_games, scripted
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.cli import app
from dominoes_arcade.engine import GAMES, State
from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.engine.records import Record, replay
from dominoes_arcade.engine.view_json import ViewError, view_from_json, view_to_json
from dominoes_arcade.files import read_records
from dominoes_arcade.rules import rules_text
from dominoes_arcade.tournament import resolve_plan, run_tournament

runner = CliRunner()


def opening(record: Record) -> list[str]:
    """The steps of `record` up to its first free decision (one with a choice): what
    the deal gave, whatever the seats decide later."""
    match = Match.from_record(record)
    while not match.is_over and (match.is_chance or len(match.state.legal_actions()) == 1):
        action = match.scripted()
        if action is None:
            break
        match.apply(action)
    return match.steps


@pytest.fixture
def toy():
    with toy_game.registered() as entry:
        yield entry


def test_the_toy_game_plays_through_simulate_and_replay_check(toy, tmp_path):
    out = tmp_path / "toy.jsonl"
    result = runner.invoke(app, ["simulate", toy.name, "--games", "3", "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = [record for _, record in read_records(out)]
    assert [r.game for r in records] == [toy.name] * 3 and all(r.scores for r in records)
    assert records[0].to_json() == random_game(toy.name, 4, options=records[0].options).to_json()
    checked = runner.invoke(app, ["replay", "--check", str(out)])
    assert checked.exit_code == 0 and "3 good, 0 bad" in checked.output


@pytest.mark.slow
def test_the_toy_game_plays_a_tournament(toy, tmp_path):
    plan = resolve_plan(None, {"game": toy.name, "bots": ["random", "greedy", "ismcts:iterations=20"], "deals": 2,
                               "seed": 3, "workers": 1, "out": str(tmp_path / "toy.results.toml")})
    report = run_tournament(plan, progress=False)
    assert report.status == "complete", report.message
    lines = Path(plan.journal_path).read_text().splitlines()
    assert len(lines) == report.games_played > 0
    for line in lines:
        record = Record.from_dict(json.loads(line))
        assert record.game == toy.name and record.error is None
        assert replay(record).scores() == record.scores


def test_no_file_of_the_package_names_the_toy_game_nor_does_it_build_on_a_shipped_game():
    package = Path(dominoes_arcade.__file__).parent
    naming = [path for path in package.rglob("*") if path.is_file() and path.suffix in (".py", ".md", ".toml", ".json")
              and toy_game.NAME in path.read_text(encoding="utf-8").lower()]
    assert not naming, "a game is one module plus its entry: nothing else may name it"
    assert toy_game.PipLadderState.__mro__[1:] == State.__mro__, "not built on another game's state"


def test_draw_and_block_are_named_by_their_own_modules_and_entries_only():
    """Issue 43: a shipped game is its engine module, its bots' knowledge, its table,
    its lesson and its registry entries (beside its rules documents); the screenshot
    tour takes the docs' picture of it by name (docs/architecture.md, "Adding a game")."""
    package = Path(dominoes_arcade.__file__).parent
    names = re.compile(r"draw_block|Draw and Block|Draw's and Block's|Draw Dominoes|Block Dominoes|DrawBlock"
                       r"|DrawState|BlockState|draw-midgame")
    naming = sorted(path.relative_to(package).as_posix() for path in package.rglob("*.py")
                    if "draw_block" in path.name or names.search(path.read_text(encoding="utf-8")))
    assert naming == ["bots/heuristics/draw_block.py", "client/lessons/draw_block.py", "client/screenshots.py",
                      "client/tables/draw_block.py", "engine/draw_block.py", "engine/registry.py"]


def test_the_toy_game_view_goes_to_json_and_back_by_the_functions_its_entry_names(toy):
    match, rng = Match(toy.name, options={"players": 3}, seed=3), random.Random(3)
    checked = 0
    while not match.is_over:
        for seat in range(match.num_players):
            view = match.view(seat)
            data = view_to_json(view)
            assert {"hands", "ladder", "stock", "phase"} <= set(data), "the toy's own keys, by its codec"
            back = view_from_json(json.loads(json.dumps(data)))
            assert type(back) is toy_game.PipLadderState and view_to_json(back) == data
            assert back.zones() == view.zones() and back.legal_actions() == view.legal_actions()
            assert back.determinize(rng).view(seat).zones() == view.zones()
            checked += 1
        if match.is_chance:
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    assert checked > 20


def test_a_game_whose_entry_names_no_codec_gives_the_shared_keys_only(toy):
    with toy_game.registered(view_to_json=None, view_from_json=None) as bare:
        data = view_to_json(Match(bare.name, seed=1).view(0))
        assert set(data) == {"game", "options", "seat", "players", "scores", "current_player", "zones"}
        with pytest.raises(ViewError, match="cannot be built"):
            view_from_json(data)


def test_bot_check_finds_the_positions_the_toy_game_entry_names(toy):
    found = list(scripted(toy.name))
    assert [position.label for position in found] == [f"scripted: {s.label}" for s in toy_game.CHECK_POSITIONS]
    assert all(isinstance(position, Position) and position.match.game == toy.name for position in found)
    assert found[1].match.num_players == 4 and found[1].match.state.stock == []
    assert len(list(random_games(toy.name, 3, seed=1))) == 3


def test_the_toy_game_takes_the_fallbacks_of_what_its_entry_does_not_name(toy):
    from dominoes_arcade.bots import heuristics

    assert toy.heuristics is None and heuristics.for_game(toy.name) is heuristics.Fallback
    assert hard_rollouts(toy.name) == 1000


def test_a_game_without_a_rules_document_says_so(toy):
    with pytest.raises(FileNotFoundError, match="no rules document"):
        rules_text(toy.name)
    result = runner.invoke(app, ["rules", toy.name])
    assert result.exit_code == 1 and "no rules document" in result.output


def test_an_unregistered_game_is_bad_usage():
    result = runner.invoke(app, ["simulate", toy_game.NAME, "--out", "unused.jsonl"])
    assert result.exit_code == 2 and "not a game" in result.output


@pytest.mark.parametrize("game", list(GAMES))
def test_one_seed_deals_the_same_tiles_in_simulate_the_driver_and_a_match(game, tmp_path):
    low, _high = GAMES[game].players
    out = tmp_path / "sim.jsonl"
    result = runner.invoke(app, ["simulate", game, "--seed", "21", "--players", str(low), "--out", str(out)])
    assert result.exit_code == 0, result.output
    (_, simulated), = read_records(out)
    driven = play_specs(game, ["greedy"] * low, seed=21, options=simulated.options)
    dealt = opening(simulated)
    assert any(step.startswith("*") for step in dealt)
    assert opening(driven) == dealt
    match = Match(game, options=simulated.options, seed=21)
    while len(match.steps) < len(dealt):
        if match.is_chance:
            match.resolve_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    assert match.steps == dealt
    other = play_specs(game, ["greedy"] * low, seed=22, options=simulated.options)
    assert opening(other) != dealt, "another seed deals other tiles"
