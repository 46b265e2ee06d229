"""Cyprus and Sebastopol's strong policy (bots/heuristics/cyprus.py, ``pimc:policy=strong``):
legal and repeatable, its list-free twin deciding exactly as it does, and the plays
it lets a search skip truly repeating another. Strength is measured in bench/, not here."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bots_heuristics import twins_agree
from test_bots_legal import random_position

from dominoes_arcade.bots import BotError, make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.heuristics import cyprus
from dominoes_arcade.bots.pimc import strong_heuristic
from dominoes_arcade.engine import CHANCE, new_game

STAR_CASES = [
    ("cyprus", 4, {}), ("cyprus", 10, {}), ("cyprus", 5, {"boneyard_reserve": 1, "hand_sizes": "bell"}),
    ("cyprus", 6, {"block_tie": "lightest_tile"}), ("sebastopol", None, {}),
]


@settings(max_examples=80, deadline=None)
@given(case=st.sampled_from(STAR_CASES), seed=st.integers(0, 2**32))
def test_strong_choose_picks_a_legal_decision_and_the_same_one_again(case, seed):
    state = random_position(*case, seed)
    if state is None:
        return
    view = state.view(state.current_player)
    legal = state.legal_actions()
    action = cyprus.strong_choose(view, list(legal))
    assert any(action is a for a in legal)
    assert cyprus.strong_choose(view, list(legal), random.Random(seed + 1)) is action


@pytest.mark.parametrize("game, players, options", STAR_CASES)
def test_strong_rollout_action_decides_as_strong_choose_does_over_the_legal_list(game, players, options):
    """Every decision of seeded games (the strong policy with a fifth of random
    moves, so that odd positions come up too)."""
    assert twins_agree(game, players, options, cyprus.strong_choose, cyprus.strong_rollout_action,
                       seed=5, games=8) > 200


def test_the_strong_weights_change_decisions():
    """The strong policy and greedy share their scoring (`choose` is `strong_choose`
    with greedy's weights, and tests/test_bots_heuristics.py checks greedy against its
    separate list-free twin); with its own weights it plays differently somewhere in
    a few games."""
    rng = random.Random(2)
    differ = 0
    for _ in range(6):
        state = new_game("cyprus", 4)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_actions()
            action = cyprus.choose(state, moves)
            differ += cyprus.strong_choose(state, moves) is not action
            state.apply(action)
    assert differ > 0


def test_distinct_keeps_a_play_of_each_position_up_to_the_arms_names():
    """Every legal decision leads to the position of a kept decision, where positions
    are compared with the arms unnamed (their open ends as a multiset)."""
    rng = random.Random(9)
    dropped = 0
    for game, players in (("cyprus", 4), ("sebastopol", None)):
        for _ in range(6):
            state = new_game(game, players)
            while not state.is_terminal:
                if state.current_player == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                moves = state.legal_actions()
                kept = cyprus.distinct(state, moves)
                assert kept == [a for a in moves if any(a is k for k in kept)]  # a sub-list, in order
                positions = [_unnamed(state, k) for k in kept]
                for action in moves:
                    assert _unnamed(state, action) in positions, str(action)
                dropped += len(moves) - len(kept)
                state.apply(moves[rng.randrange(len(moves))])
    assert dropped > 50


def _unnamed(state, action) -> tuple:
    """The position after `action`, with the arms unnamed."""
    after = state.clone()
    after.apply(action)
    return (after.phase, after.current_player, after.totals, after.last_round, sorted(after.ends), after.on_table,
            [tuple(hand) for hand in after.hands], len(after.dead_arms()))


def test_pimc_with_the_strong_policy_is_legal_and_repeatable():
    heuristic = strong_heuristic(cyprus)
    assert heuristic.choose is cyprus.strong_choose and heuristic.rollout_action is cyprus.strong_rollout_action
    assert make_bot("pimc:worlds=2", "cyprus", 0, {}, 1).heuristic is cyprus
    for game, players, options in (("cyprus", 4, {"target_score": 20}), ("sebastopol", None, {"target_score": 20})):
        n = new_game(game, players, options).num_players
        specs = ["pimc:worlds=3,policy=strong"] + ["greedy"] * (n - 1)
        first = play_specs(game, specs, seed=4, options=options, bot_seeds=list(range(n)))
        again = play_specs(game, specs, seed=4, options=options, bot_seeds=list(range(n)))
        assert first.error is None and first.steps == again.steps
    state = next(filter(None, (random_position("cyprus", 4, {}, seed) for seed in range(50))))
    bot = make_bot("pimc:worlds=2,policy=strong", "cyprus", state.current_player, state.options_dict(), 1)
    assert any(bot.choose(state.view(state.current_player), state.legal_actions()) is a
               for a in state.legal_actions())


def test_pimc_distinct_tries_fewer_plays_and_decides_legally():
    """With ``distinct`` the same worlds cost fewer rollouts where arms share an
    end; the decision is still one of the legal ones, repeatable from the seed."""
    for game, players in (("cyprus", 4), ("sebastopol", None)):
        positions = [p for p in (random_position(game, players, {}, seed) for seed in range(60)) if p is not None]
        repeated = [p for p in positions if len(cyprus.distinct(p, p.legal_actions())) < len(p.legal_actions())]
        assert repeated
        for state in repeated[:4]:
            seat, legal = state.current_player, state.legal_actions()
            decisions = [make_bot("pimc:worlds=3,distinct=true", game, seat, state.options_dict(), 7)
                         .choose(state.view(seat), list(legal)) for _ in range(2)]
            assert decisions[0] is decisions[1] and any(decisions[0] is a for a in legal)


def test_pimc_strong_policy_in_a_game_without_one_is_a_clear_error():
    with pytest.raises(BotError, match="necropolis has no strong rollout policy; use policy=greedy"):
        make_bot("pimc:policy=strong", "necropolis", 0, {}, 1)
