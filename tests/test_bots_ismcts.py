"""ISMCTS: rewards, budgets, repeatability and a strength check (issue 5, `ismcts`)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pytest
from steps import run

from dominoes_arcade.bots import make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.ismcts import rewards
from dominoes_arcade.engine import Outcome, Termination, new_game


@dataclass
class Finished:
    """Just enough of a finished state for `rewards`."""

    scores: tuple
    winners: tuple
    higher_score_wins: bool = True

    def outcome(self) -> Outcome:
        return Outcome(Termination.TARGET_REACHED, self.scores, self.winners)


def test_two_player_rewards_are_one_half_and_zero_without_margin():
    assert rewards(Finished((30, 10), (0,)), 10.0, 0.0) == [1.0, 0.0]
    assert rewards(Finished((20, 20), ()), 10.0, 0.0) == [0.5, 0.5]
    # Lower wins (Necropolis): seat 1's 4 beats seat 0's 9.
    assert rewards(Finished((9, 4), (1,), higher_score_wins=False), 10.0, 0.0) == [0.0, 1.0]


def test_a_tie_broken_by_the_rules_still_counts_as_a_win():
    # Necropolis tie_break = "fewer_sites": equal scores, but seat 1 wins.
    assert rewards(Finished((7, 7), (1,), higher_score_wins=False), 10.0, 0.0) == [0.0, 1.0]


def test_the_margin_part_prefers_a_bigger_win_and_stays_in_range():
    narrow = rewards(Finished((11, 10), (0,)), 10.0, 0.2)
    wide = rewards(Finished((40, 10), (0,)), 10.0, 0.2)
    assert 0.8 < narrow[0] < wide[0] <= 1.0
    assert 0.0 <= wide[1] < narrow[1] < 0.2
    assert narrow[0] + narrow[1] == pytest.approx(1.0)


def test_four_player_rewards_follow_the_rank_and_ties_share():
    # The winner reached the target; then 40, then two seats tied on 10.
    values = rewards(Finished((10, 104, 40, 10), (1,)), 40.0, 0.0)
    assert values == [pytest.approx(1 / 6), 1.0, pytest.approx(2 / 3), pytest.approx(1 / 6)]


def test_a_forced_decision_is_returned_without_search():
    state = new_game("necropolis", options={"first_player": 0})
    bot = make_bot("ismcts:iterations=100000", "necropolis", 0)
    start = time.perf_counter()
    assert str(bot.choose(state.view(0), state.legal_actions())) == "draw"
    assert time.perf_counter() - start < 0.05
    assert bot.last_search["iterations"] == 0


def opened_with_choices():
    """Necropolis, seat 0 to decide what to do with a drawn 4-6 (attach, hide, new)."""
    state = new_game("necropolis", options={"first_player": 0})
    return run(state, "0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new", "0 draw", "* 4-6")


def test_an_iteration_budget_is_spent_exactly_on_the_root_decisions():
    state = opened_with_choices()
    bot = make_bot("ismcts:iterations=200", "necropolis", 0, seed=4)
    action = bot.choose(state.view(0), state.legal_actions())
    search = bot.last_search
    assert search["iterations"] == 200
    assert sum(search["visits"].values()) == 200
    assert set(search["visits"]) == {"left", "right", "hide", "new"}
    assert search["visits"][str(action)] == max(search["visits"].values())


def test_a_time_budget_stops_on_time():
    state = opened_with_choices()
    bot = make_bot("ismcts:time_ms=60", "necropolis", 0)
    start = time.perf_counter()
    bot.choose(state.view(0), state.legal_actions())
    elapsed = time.perf_counter() - start
    assert 0.06 <= elapsed < 0.5
    assert bot.last_search["iterations"] > 1


@pytest.mark.parametrize("game, players", [("necropolis", None), ("buildup", None), ("cyprus", 4),
                                           ("sebastopol", None)])
def test_the_same_seed_searches_the_same_way(game, players):
    state = new_game(game, players)
    rng = random.Random(1)
    while state.is_chance or len(state.legal_actions()) < 2:  # on to a decision with a choice
        state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    seat = state.current_player
    searches = []
    for _ in range(2):
        bot = make_bot("ismcts:iterations=150", game, seat, state.options_dict(), seed=21)
        bot.choose(state.view(seat), state.legal_actions())
        searches.append(bot.last_search["visits"])
    assert searches[0] == searches[1]


@pytest.mark.slow
def test_search_beats_the_greedy_heuristic_it_rolls_out_with():
    """Necropolis on duplicate deals: even a small search wins most games (60
    iterations won 82% of 220 decided games against greedy, deals 0-59 with both
    seatings). A reward with the wrong sign, or statistics credited to the wrong
    seat, would lose most of them instead. The bar is a majority over 20 games, so
    that luck (a change of the random stream) cannot fail a sound search."""
    wins = decided = 0
    for deal in range(10):
        for seats in (["ismcts:iterations=60", "greedy"], ["greedy", "ismcts:iterations=60"]):
            record = play_specs("necropolis", seats, seed=deal)
            winners = record.extra["winners"]
            decided += bool(winners)
            wins += bool(winners) and seats[winners[0]].startswith("ismcts")
    assert wins > 0.5 * decided and decided >= 16


@pytest.mark.parametrize("depth, cut", [(0, False), (2, True)])
def test_rollouts_stop_at_the_depth_and_take_the_games_estimate(depth, cut):
    estimated = []

    class CountingEstimates:
        """The game's knowledge, counting the estimates asked of it. Wrapped around the
        bot's own, not patched into the module: compiled, the module calls its own
        functions directly."""

        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def estimate(self, state):
            estimated.append(state)
            return self.inner.estimate(state)

    state = opened_with_choices()
    bot = make_bot(f"ismcts:iterations=50,depth={depth}", "necropolis", 0, seed=3)
    bot.knowledge = CountingEstimates(bot.knowledge)
    bot.choose(state.view(0), state.legal_actions())
    # Necropolis runs ~90 decisions: a depth of 2 cuts every rollout; no depth, none.
    assert (len(estimated) == 50) is cut and (not estimated) is not cut
