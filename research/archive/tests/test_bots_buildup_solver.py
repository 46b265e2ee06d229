"""The exact search of a Build Up hand's end (bots/heuristics/buildup_solver.py) and
`pimc`'s ``solve`` option that uses it: the search's values are the engine's own
minimax values, in every scoring variant, and the bot stays legal and repeatable."""

from __future__ import annotations

import random
import time

import pytest

from dominoes_arcade.bots import BotError, make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.heuristics import buildup
from dominoes_arcade.bots.heuristics.buildup_solver import hand_values
from dominoes_arcade.engine.buildup import BuildUpState

VARIANTS = [{}, {"nondouble_on_double": "greater_or_equal"}, {"unplayed_penalty": True},
            {"scoring": "played_this_hand"}, {"later_hands_first": "alternate"}]


def played_to(seed: int, options: dict, hand: int, tiles_left: int) -> BuildUpState | None:
    """A full state in play in `hand` (0..3) with at most `tiles_left` tiles in the
    two hands, reached by greedy play with some random moves; None if that hand
    never gets there."""
    rng = random.Random(seed)
    state = BuildUpState(2, options)
    while state.termination is None:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        if state.hand_index == hand and len(state.hands[0]) + len(state.hands[1]) <= tiles_left:
            return state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))] if rng.random() < 0.3 else buildup.choose(state, legal))
    return None


def engine_minimax(state: BuildUpState, seat: int, hand: int) -> int:
    """`seat`'s score minus the opponent's in `hand`, both playing the rest of it
    perfectly, by trying every legal action of the engine itself."""
    if state.termination is not None or state.hand_index != hand:
        scores = state.hand_scores[hand]
        return scores[seat] - scores[1 - seat]
    values = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values.append(engine_minimax(after, seat, hand))
    return max(values) if state.seat == seat else min(values)


@pytest.mark.parametrize("options", VARIANTS)
def test_the_search_finds_the_engines_minimax_value_of_every_move(options):
    checked = 0
    for seed in range(40):
        hand = seed % 4
        state = played_to(seed, options, hand, 3 + seed % 3)
        if state is None:
            continue
        legal = state.legal_actions()
        expected = []
        for action in legal:
            after = state.clone()
            after.apply(action)
            expected.append(engine_minimax(after, state.seat, hand))
        assert hand_values(state, legal) == expected, (seed, [a.notation for a in legal])
        checked += 1
    assert checked >= 30


def test_a_passed_deadline_stops_the_search():
    state = next(s for s in (played_to(seed, {}, 3, 8) for seed in range(20)) if s is not None)
    legal = state.legal_actions()
    assert hand_values(state, legal, deadline=time.perf_counter() - 1.0) is None
    assert len(hand_values(state, legal, deadline=None)) == len(legal)


def test_the_last_hand_is_solved_once_and_earlier_hands_per_world():
    last = next(s for s in (played_to(seed, {}, 3, 8) for seed in range(20)) if s is not None)
    assert buildup.solve_plan(last.view(last.seat), 4) == 1
    early = next(s for s in (played_to(seed, {}, 0, 12) for seed in range(20)) if s is not None)
    assert buildup.solve_plan(early.view(early.seat), 6) == 0
    late = next(s for s in (played_to(seed, {}, 1, 5) for seed in range(40))
                if s is not None and s.hands[1 - s.seat])
    assert buildup.solve_plan(late.view(late.seat), 6) == 2


def test_pimc_plays_the_last_hand_as_the_search_values_it():
    for seed in range(10):
        state = played_to(seed, {}, 3, 6)
        if state is None or len(state.legal_actions()) < 2:
            continue
        legal = state.legal_actions()
        values = hand_values(state, legal)
        bot = make_bot("pimc:worlds=5,solve=4", "buildup", state.seat, state.options_dict(), seed)
        action = bot.choose(state.view(state.seat), list(legal))
        assert bot.last_search["worlds"] == 1  # nothing hidden: one world is every world
        assert values[legal.index(action)] == max(values)


def test_pimc_with_solve_is_legal_and_repeatable():
    specs = ["pimc:worlds=3,solve=6", "greedy"]
    first = play_specs("buildup", specs, seed=5, options={}, bot_seeds=[1, 2])
    again = play_specs("buildup", specs, seed=5, options={}, bot_seeds=[1, 2])
    assert first.error is None and "winners" in first.extra
    assert first.steps == again.steps


def test_solve_is_refused_in_a_game_without_the_search():
    with pytest.raises(BotError, match="no exact hand search"):
        make_bot("pimc:solve=4", "necropolis", 0, {}, 1)
