"""Standings, head to head, seats and ratings from finished games, checked
against worked examples (the forfeit rule and the figures are explained in
dominoes_arcade/tournament/standings.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from dominoes_arcade.tournament import standings as figures
from dominoes_arcade.tournament.standings import Forfeit, GameResult


def game(game_id, seats, scores, winners=(), forfeit=None, deal=0, table=0):
    n = len(seats)
    return GameResult(game_id, deal, table, tuple(seats), tuple(scores), tuple(winners), forfeit,
                      (0.01,) * n, (5,) * n, 0.1)


# -- one game ------------------------------------------------------------------------
def test_necropolis_lowest_score_wins():
    places, verdicts = figures.rank_game(game(0, "ab", (5, 9), winners=(0,)), higher_score_wins=False)
    assert places == [1.0, 2.0] and verdicts == ["win", "loss"]


def test_a_draw_shares_the_first_two_places():
    places, verdicts = figures.rank_game(game(0, "ab", (7, 7)), higher_score_wins=False)
    assert places == [1.5, 1.5] and verdicts == ["draw", "draw"]


def test_the_engines_tie_break_decides_equal_scores():
    # Necropolis tie_break = "fewer_sites": equal scores, seat 1 started fewer sites.
    places, verdicts = figures.rank_game(game(0, "ab", (7, 7), winners=(1,)), higher_score_wins=False)
    assert places == [2.0, 1.0] and verdicts == ["loss", "win"]


def test_multiplayer_places_follow_the_winner_then_the_scores():
    # Cyprus: seat 2 reached the target; the others in order of their totals.
    places, verdicts = figures.rank_game(game(0, "abcd", (40, 12, 101, 40), winners=(2,)), True)
    assert places == [2.5, 4.0, 1.0, 2.5]
    assert verdicts == ["loss", "loss", "win", "loss"]


def test_a_forfeit_is_last_and_the_others_are_placed_by_the_scores_when_it_stopped():
    # Seat 2 led on points but raised: it is last; seat 0 (10) is first.
    fault = Forfeit(2, "exception", "RuntimeError: boom")
    places, verdicts = figures.rank_game(game(0, "abcd", (10, 0, 30, 0), forfeit=fault), True)
    assert places == [1.0, 2.5, 4.0, 2.5]
    assert verdicts == ["win", "loss", "loss", "loss"]


def test_a_forfeit_in_round_one_leaves_the_others_drawn():
    fault = Forfeit(0, "timeout", "no decision within 100 ms")
    places, verdicts = figures.rank_game(game(0, "abcd", (0, 0, 0, 0), forfeit=fault), True)
    assert places == [4.0, 2.0, 2.0, 2.0]
    assert verdicts == ["loss", "draw", "draw", "draw"]


def test_two_player_forfeit_is_a_win_for_the_opponent_whatever_the_scores():
    fault = Forfeit(1, "illegal_action", "<necropolis pass> is not legal")
    _, verdicts = figures.rank_game(game(0, "ab", (20, 3), forfeit=fault), higher_score_wins=False)
    assert verdicts == ["win", "loss"]


# -- statistics -----------------------------------------------------------------------
def test_wilson_interval_matches_the_textbook_value():
    # 8 successes in 10 trials: the Wilson 95% interval is (0.490, 0.943).
    low, high = figures.wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert figures.wilson_interval(0, 0) == (0.0, 1.0)


def test_pairs_average_each_duplicate_deal_before_the_interval():
    results = [
        # deal 0: a scores 5 against 9, then 8 against 6 (lower is better)
        game(0, "ab", (5, 9), winners=(0,), deal=0), game(1, "ba", (6, 8), winners=(0,), deal=0),
        # deal 1: a scores 1 against 5, then 2 against 4
        game(2, "ab", (1, 5), winners=(0,), deal=1), game(3, "ba", (4, 2), winners=(1,), deal=1),
    ]
    ranked = figures.rank_all(results, higher_score_wins=False)
    (row,) = figures.pairs(ranked, ["a", "b"], higher_score_wins=False)
    # In a's favour: deal 0 (+4, -2) -> 1; deal 1 (+4, +2) -> 3. Mean 2, sd sqrt(2),
    # half-width 1.96 * sqrt(2) / sqrt(2).
    assert (row["games"], row["a_ahead"], row["b_ahead"], row["tied"], row["deals"]) == (4, 3, 1, 0, 2)
    assert row["mean_diff"] == 2.0
    assert row["ci95_low"] == pytest.approx(2 - 1.96, abs=1e-3)
    assert row["ci95_high"] == pytest.approx(2 + 1.96, abs=1e-3)


def test_forfeited_games_count_in_places_but_not_in_scores():
    fault = Forfeit(0, "exception", "boom")
    results = [game(0, "ab", (100, 3), forfeit=fault), game(1, "ba", (4, 6), winners=(0,))]
    ranked = figures.rank_all(results, higher_score_wins=False)
    rows = {row["bot"]: row for row in figures.standings(ranked, ["a", "b"])}
    assert rows["a"]["forfeits"] == 1 and rows["a"]["losses"] == 2
    assert rows["a"]["mean_score"] == 6.0 and rows["b"]["mean_score"] == 4.0
    assert rows["b"]["wins"] == 2 and rows["b"]["rank"] == 1
    (pair,) = figures.pairs(ranked, ["a", "b"], higher_score_wins=False)
    assert pair["deals"] == 1 and pair["mean_diff"] == -2.0
    assert figures.errors(ranked) == [{"game_id": 0, "deal": 0, "seat": 0, "bot": "a", "kind": "exception",
                                       "message": "boom"}]


def test_ratings_follow_openskill_plackett_luce_game_by_game():
    results = [game(0, "ab", (3, 8), winners=(0,)), game(1, "ba", (2, 9), winners=(0,))]
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 2])
    got = figures.ratings(figures.rank_all(results, False), ["a", "b"])
    assert got["a"] == pytest.approx((a.mu, a.sigma)) and got["b"] == pytest.approx((b.mu, b.sigma))


def test_seat_figures():
    results = [game(0, "ab", (5, 9), winners=(0,)), game(1, "ba", (7, 7))]
    seats = figures.seat_figures(figures.rank_all(results, False), 2)
    assert seats == {"games": [2, 2], "mean_score": [6.0, 8.0], "win_rate": [0.5, 0.0], "mean_rank": [1.25, 1.75]}


# -- properties -------------------------------------------------------------------------
results_strategy = st.lists(
    st.tuples(st.lists(st.integers(0, 50), min_size=2, max_size=5), st.integers(-1, 4), st.booleans()),
    min_size=1, max_size=25)


def build(raw, bots):
    out = []
    for game_id, (scores, fault_seat, higher) in enumerate(raw):
        n = len(scores)
        rng = random.Random(game_id)
        seats = [rng.choice(bots) for _ in range(n)]
        best = max(scores) if higher else min(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        winners = winners if len(winners) == 1 else ()
        fault = Forfeit(fault_seat, "exception", "x") if 0 <= fault_seat < n else None
        out.append(game(game_id, seats, scores, winners, fault, deal=game_id // 2))
    return out


@settings(max_examples=60, deadline=None)
@given(raw=results_strategy, higher=st.booleans(), shuffle_seed=st.integers(0, 1000))
def test_figures_do_not_depend_on_the_order_games_arrive(raw, higher, shuffle_seed):
    bots = ["x", "y", "z"]
    results = build(raw, bots)
    shuffled = list(results)
    random.Random(shuffle_seed).shuffle(shuffled)
    one = figures.rank_all(results, higher)
    two = figures.rank_all(shuffled, higher)
    assert figures.standings(one, bots) == figures.standings(two, bots)
    assert figures.pairs(one, bots, higher) == figures.pairs(two, bots, higher)


@settings(max_examples=60, deadline=None)
@given(raw=results_strategy, higher=st.booleans())
def test_places_and_verdicts_are_consistent(raw, higher):
    bots = ["x", "y", "z"]
    results = build(raw, bots)
    for result in results:
        places, verdicts = figures.rank_game(result, higher)
        n = len(places)
        assert sum(places) == pytest.approx(n * (n + 1) / 2)
        assert verdicts.count("win") <= 1
        assert (verdicts.count("win") == 1) != (verdicts.count("draw") >= 2)
        if result.forfeit is not None:
            assert places[result.forfeit.seat] == n and verdicts[result.forfeit.seat] == "loss"
    rows = figures.standings(figures.rank_all(results, higher), bots)
    for row in rows:
        assert row["wins"] + row["draws"] + row["losses"] == row["games"]
        assert row["win_rate_ci95_low"] <= row["win_rate"] <= row["win_rate_ci95_high"]
    ranks = [row.get("mean_rank", 99) for row in rows]
    assert ranks == sorted(ranks)
