"""Reading the other hands from their plays in Sebastopol (bots/heuristics/star_inference.py)
and `pimc`'s ``infer`` option that samples worlds by it."""

from __future__ import annotations

import random

import pytest

from dominoes_arcade.bots import BotError, make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.heuristics import cyprus
from dominoes_arcade.bots.heuristics.star_inference import MISS, likelihood, round_moves, round_start
from dominoes_arcade.engine import CHANCE, new_game


def greedy_round(game: str, seed: int, decisions: int):
    """A full state after `decisions` greedy decisions of a seeded game (None once the
    first round is over), with its current player's view."""
    rng = random.Random(seed)
    state = new_game(game, 4, {})
    done = 0
    while state.outcome() is None:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if done == decisions:
            return state, state.view(state.current_player)
        if state.round_number > 1:
            return None
        state.apply(cyprus.choose(state, state.legal_actions()))
        done += 1
    return None


def positions(count: int):
    found = (greedy_round("sebastopol", seed, 4 + seed % 16) for seed in range(count))
    return [p for p in found if p is not None]


def test_replaying_the_round_from_its_start_reaches_the_world():
    for state, view in positions(30):
        moves = round_moves(view)
        replay = round_start(state, moves)
        for _, tile, arm in moves:
            legal = replay.legal_actions()
            replay.apply([a for a in legal if tile < 0 or (a.tile == tile and (arm < 0 or a.arg == arm))][0])
        assert replay.hands == state.hands and replay.layout == state.layout and replay.ends == state.ends
        assert replay.current_player == state.current_player


def test_greedy_play_explains_the_true_deal_fully_and_sampled_deals_less():
    rng = random.Random(3)
    sampled = []
    for state, view in positions(30):
        moves = round_moves(view)
        me = state.current_player
        assert likelihood(state, moves, me, cyprus.choose) == 1.0  # every other seat played greedy
        for _ in range(10):
            weight = likelihood(view.determinize(rng), moves, me, cyprus.choose)
            assert weight == 0.0 or MISS ** 28 <= weight <= 1.0
            sampled.append(weight)
    assert sum(sampled) / len(sampled) < 0.8


def test_nothing_is_read_in_a_game_with_hidden_draws():
    state, view = greedy_round("cyprus", 1, 6)
    assert round_moves(view) is None
    bot = make_bot("pimc:worlds=2,infer=4", "cyprus", view.current_player, state.options_dict(), 1)
    legal = state.legal_actions()
    assert any(bot.choose(view, list(legal)) is a for a in legal)


def test_pimc_with_infer_is_legal_and_repeatable():
    specs = ["pimc:worlds=3,infer=4", "greedy", "greedy", "greedy"]
    first = play_specs("sebastopol", specs, seed=7, options={}, bot_seeds=[1, 2, 3, 4])
    again = play_specs("sebastopol", specs, seed=7, options={}, bot_seeds=[1, 2, 3, 4])
    assert first.error is None and "winners" in first.extra
    assert first.steps == again.steps


def test_infer_is_refused_in_a_game_without_the_reading():
    with pytest.raises(BotError, match="no reading of the others' plays"):
        make_bot("pimc:infer=4", "buildup", 0, {}, 1)
