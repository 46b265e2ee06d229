"""Build Up's stronger one-ply policy and hand-end forecast (`strong_choose`,
`strong_evaluate`), and `pimc`'s ``policy=strong`` that rolls out with them (what
`auto` plays in Build Up): legal, repeatable, fair about what the mover may see."""

from __future__ import annotations

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
from dominoes_arcade.engine.tiles import PIPS

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
    import random
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
