"""The client's side of one registry and one driver (issue 11): `play --seed S`
deals the same tiles as `simulate --seed S` (game 0) and the tournament's driver
(tests/test_game_registry.py checks those two against each other); and a game
added with one engine module and one registry entry (tests/toy_game.py) plays a
headless demo on the generic table, its bots in the worker process included, its
moves in the log's generic words and its options in its entry's words."""

from __future__ import annotations

import random
import re

import pytest
import toy_game
from client_drive import check_faces
from test_client_support import run
from test_game_registry import opening

from dominoes_arcade.client import games
from dominoes_arcade.client.lessons import games_with_lessons, lesson_for
from dominoes_arcade.client.option_rows import TargetProposal
from dominoes_arcade.client.tables import table_class
from dominoes_arcade.client.tables.generic import GenericTable
from dominoes_arcade.client.tables.move_log import MoveLog
from dominoes_arcade.engine import CHANCE, GAMES
from dominoes_arcade.engine.match import Match, random_game


def client_steps(app, count: int) -> list[str]:
    """The first `count` steps the client's table (bots in every seat) plays."""
    table = app.scenes.top
    assert table.name == "table"
    for _ in range(5000):
        if len(table.session.steps) >= count or table.session.ended:
            break
        run(app)
    return table.session.steps[:count]


@pytest.mark.parametrize("game", list(GAMES))
def test_play_with_a_seed_deals_as_simulate_does(app_with, game):
    low, _high = GAMES[game].players
    simulated = random_game(game, 21, players=low)  # simulate --seed 21, game 0
    dealt = opening(simulated)
    assert any(step.startswith("*") for step in dealt)
    app = app_with(None, game=game, seats=["easy"] * low, seed=21)  # play GAME --seats ... --seed 21
    assert app.scenes.top.session.match.options() == simulated.options
    assert client_steps(app, len(dealt)) == dealt
    other = app_with(None, "other.toml", game=game, seats=["easy"] * low, seed=22)
    assert client_steps(other, len(dealt)) != dealt, "another seed deals other tiles"


def test_a_registered_toy_game_plays_a_headless_demo_on_the_generic_table(app_with):
    with toy_game.registered() as entry:
        assert entry.name in games.games() and table_class(entry.name) is GenericTable
        app = app_with(None, game=entry.name, demo=True, seed=3)
        table = app.scenes.top
        assert isinstance(table, GenericTable)
        for _ in range(30000):
            if table.session.ended:
                break
            run(app)
            check_faces(app, table)
        assert table.session.state.is_terminal
        assert not [text for text, _ in app.toasts if "failed" in text], "every bot played its own moves"


def test_the_toy_game_moves_are_logged_in_generic_words_naming_no_hidden_tile():
    with toy_game.registered() as entry:
        match, rng = Match(entry.name, options={"players": 3}, seed=5), random.Random(5)
        log = MoveLog(match)
        while not match.is_over:
            step = len(match.steps)
            if match.is_chance:
                _action, events = match.resolve_chance()
                log.add(step, CHANCE, events)
            else:
                seat = match.current_player
                log.add(step, seat, match.apply(rng.choice(match.state.legal_actions())))
        name = {0: "You", 1: "Seat 2", 2: "Seat 3"}.get
        lines = [line for _, line in log.lines(0, name)]
    assert lines and all(re.fullmatch(r"(You|Seat \d): (deal|draw|play) (\d-\d|a tile)", line) for line in lines)
    played = {line.split()[-1] for line in lines if ": play " in line}
    assert len(played) == len(match.state.ladder), "every play names its tile, which everyone saw"
    assert all(line.endswith("a tile") for line in lines if line.startswith("Seat") and ": play " not in line), \
        "another seat's deal or draw names no tile"
    assert any(re.fullmatch(r"You: (deal|draw) \d-\d", line) for line in lines), "the viewer's own tiles are named"


def test_the_toy_game_options_read_in_its_entry_words_and_it_has_no_lesson_nor_proposed_target():
    with toy_game.registered() as entry:
        option = games.variant_options(entry.name)["hand_size"]
        assert games.option_label(entry.name, "hand_size") == "Tiles dealt"
        assert games.option_help(entry.name, "hand_size", option) == "Tiles dealt to each seat."
        assert entry.name not in games_with_lessons()
        with pytest.raises(KeyError):
            lesson_for(entry.name)
        assert TargetProposal(entry.name, {}).apply(entry.name, 4, {"hand_size": 3}) == {"hand_size": 3}
    assert games.option_label("buildup", "nondouble_on_double") == "Non-double on a double"
    assert games.value_text("necropolis", "after_empty", "end") == "Game ends"
    assert TargetProposal("cyprus", {}).apply("cyprus", 8, {})["target_score"] == 150
