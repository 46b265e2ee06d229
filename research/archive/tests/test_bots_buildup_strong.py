"""Build Up's stronger one-ply policy and hand-end forecast (`strong_choose`,
`strong_evaluate`), and `pimc`'s ``policy=strong`` that rolls out with them (what
`auto` plays in Build Up): legal, repeatable, fair about what the mover may see."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from steps import run
from test_bots_heuristics import LIGHT, dealt_buildup
from test_bots_legal import random_position

from dominoes_arcade.bots import BotError, make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.heuristics import buildup
from dominoes_arcade.engine import CHANCE, new_game
from dominoes_arcade.engine.buildup import may_cover
from dominoes_arcade.engine.tiles import IS_DOUBLE, PIPS

VARIANTS = [{}, {"nondouble_on_double": "greater_or_equal", "later_hands_first": "trailing"},
            {"scoring": "played_this_hand", "unplayed_penalty": True}]


@settings(max_examples=80, deadline=None)
@given(options=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32))
def test_strong_choose_is_legal_and_reads_only_the_movers_view(options, seed):
    state = random_position("buildup", None, options, seed)
    if state is None:
        return
    legal = state.legal_actions()
    action = buildup.strong_choose(state, legal)
    assert any(action is a for a in legal)
    # The full state and the mover's view lead to the same placement: the policy
    # sees only its own hand, the table and the opponent's tiles not yet in sight.
    seat = state.current_player
    assert buildup.strong_choose(state.view(seat), legal) is action
    assert buildup.strong_choose(state, legal) is action  # deterministic


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_strong_choose_takes_the_first_placement_of_the_highest_value(seed):
    """The value as STRONG_WEIGHTS's docstring states it, recomputed placement by
    placement from the legal list (the policy itself walks the cover matrix)."""
    state = random_position("buildup", None, {}, seed)
    if state is None:
        return
    legal = state.legal_actions()
    pips_weight, early, take, own, risk, double = buildup.STRONG_WEIGHTS
    seat = state.current_player
    mine = len(state.hands[seat])
    pool = buildup.opponent_pool(state, seat)
    unseen = [t for t in range(28) if pool >> t & 1]
    held = len(state.hands[1 - seat])
    singles = any(not IS_DOUBLE[a.tile] for a in legal)

    def value(action):
        tile, stack = action.tile, action.arg
        top, owner = state.stacks[stack][-1]
        coverers = [t for t in unseen if may_cover(t, tile)]
        # The chance that `held` tiles drawn from the unseen ones miss every coverer.
        missed = math.comb(len(unseen) - len(coverers), held) / math.comb(len(unseen), held)
        placed = pips_weight - early * (mine - 1) / 5
        worth = PIPS[tile] * (placed - risk * (1 - missed))
        worth -= double if singles and IS_DOUBLE[tile] else 0
        return worth + (take * PIPS[top] if owner != seat else -own * PIPS[top])

    values = [value(a) for a in legal]
    best = max(values)
    first = next(a for a, v in zip(legal, values, strict=True) if v > best - 1e-9)
    assert buildup.strong_choose(state, legal) is first
    assert buildup.strong_rollout_action(state) is first


def test_the_strong_rollouts_play_the_last_two_hands_to_the_end():
    state = play_to_hand_end(0)
    assert buildup.strong_stage(state) == 1
    rng = random.Random(1)
    while state.hand_index < 3:  # the end of hand 3 does not count: hand 4 is dealt already
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(buildup.strong_rollout_action(state))
        assert buildup.strong_stage(state) == min(state.hand_index, 2)
    assert [len(b) for b in state.boneyards] == [4, 4] and buildup.strong_stage(state) == 2
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(buildup.strong_rollout_action(state))
    assert buildup.strong_stage(state) == 4


def test_the_risk_of_a_placement_comes_from_the_tiles_the_opponent_may_still_hold():
    state = dealt_buildup(LIGHT, LIGHT, "6-6", "0-4", ["0-0", "1-1", "0-5", "1-4", "0-6"],
                          ["1-1", "1-5", "2-4", "2-2", "3-3"])
    seat = state.current_player
    pool = buildup.opponent_pool(state, seat)
    opponent = 1 - seat
    # Seat 1's hand and boneyard: its whole set but its line on the stacks.
    expected = sum(1 << t for t in state.hands[opponent] + state.boneyards[opponent])
    assert pool == expected and pool.bit_count() == 28 - 6
    assert buildup.opponent_pool(state.view(seat), seat) == pool


def play_to_hand_end(seed: int):
    """A game of `strong_choose` against itself from `seed`, stopped at its first hand end."""
    rng = random.Random(seed)
    state = new_game("buildup")
    while state.hand_index == 0:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(buildup.strong_choose(state, state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(5))
def test_the_hand_end_forecast_counts_what_is_on_the_table_and_left_to_draw(seed):
    state = play_to_hand_end(seed)
    totals, tops, safe, boneyards = buildup.hand_end_features(state)
    assert totals == state.totals[0] - state.totals[1] == tops  # after hand 1 the totals are the tops
    assert abs(safe) <= sum(PIPS[entries[-1][0]] for entries in state.stacks)
    assert boneyards == sum(PIPS[t] for t in state.boneyards[0]) - sum(PIPS[t] for t in state.boneyards[1])
    first, second = buildup.strong_evaluate(state)
    assert 0 < first < 1 and first + second == pytest.approx(1)


def test_the_strong_forecast_favours_the_leader_and_is_fair_when_level():
    state = dealt_buildup(LIGHT, LIGHT, "6-6", "0-4", ["0-0", "1-1", "0-5", "1-4", "0-6"],
                          ["1-1", "1-5", "2-4", "2-2", "3-3"])
    state.hand_index = 1  # as in test_bots_heuristics: these tops at a hand end
    state.boneyards = [state.boneyards[0][:], state.boneyards[0][:]]  # the same tiles to come
    assert buildup.strong_evaluate(state) == [0.5, 0.5]
    run(state, "0 6-6 s7")
    first, _ = buildup.strong_evaluate(state)
    assert first > 0.5


@settings(max_examples=30, deadline=None)
@given(options=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32), worlds=st.integers(1, 3))
def test_pimc_with_the_strong_policy_is_legal_and_repeatable(options, seed, worlds):
    state = random_position("buildup", None, options, seed)
    if state is None:
        return
    seat = state.current_player
    legal = state.legal_actions()
    choices = []
    for _ in range(2):
        bot = make_bot(f"pimc:worlds={worlds},policy=strong", "buildup", seat, state.options_dict(), seed)
        choices.append(bot.choose(state.view(seat), list(legal)))
    assert any(choices[0] is a for a in legal) and choices[0] is choices[1]


def test_a_whole_game_with_the_strong_policy_repeats_from_its_seeds():
    specs = ["pimc:worlds=2,policy=strong", "greedy"]
    first = play_specs("buildup", specs, seed=5, bot_seeds=[0, 1])
    again = play_specs("buildup", specs, seed=5, bot_seeds=[0, 1])
    assert first.error is None and first.steps == again.steps


def test_a_game_without_a_strong_policy_says_so():
    with pytest.raises(BotError, match="no strong rollout policy"):
        make_bot("pimc:policy=strong", "necropolis", 0)
