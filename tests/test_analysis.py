"""The analysis of a decision and the review of a game (issue 31): every legal move
valued and nothing else, repeatable from a seed and refinable in steps, computed
from the seat's view alone (tested as tests/test_bots_hidden.py tests the bots),
and a review that ranks a seat's decisions by the value they gave up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bots_hidden import position_and_twin, snapshot
from test_bots_legal import random_position

from dominoes_arcade.bots import heuristics
from dominoes_arcade.bots.analysis import DecisionAnalysis, analyse, review, review_seats
from dominoes_arcade.engine.match import random_game

GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 4, {"target_score": 30}),
         ("cyprus", 7, {"target_score": 20}), ("sebastopol", None, {"target_score": 20}),
         ("draw", 3, {"target_score": 30}), ("block", None, {"target_score": 30})]
IDS = ["necropolis", "buildup", "cyprus-4", "cyprus-7", "sebastopol", "draw-3", "block"]
ROLLOUTS = 120
"""Small, so the tests stay quick: the properties hold at any budget."""


def signature(analysis):
    """What an analysis says, for comparing two: every move, value and sample count,
    and the best move."""
    return [(move.move, move.value, move.samples) for move in analysis.moves], str(analysis.best)


@pytest.mark.parametrize("game, players, options", GAMES, ids=IDS)
def test_every_legal_move_gets_a_value_and_nothing_else(game, players, options):
    checked = 0
    for seed in range(6):
        state = random_position(game, players, options, seed)
        if state is None:
            continue
        seat = state.current_player
        analysis = analyse(state.view(seat), seed, ROLLOUTS)
        legal = state.legal_actions()
        assert [move.action for move in analysis.moves] == legal
        assert all(move.action is action for move, action in zip(analysis.moves, legal, strict=True))
        assert any(analysis.best is action for action in legal)
        n = state.num_players
        for move in analysis.moves:
            assert move.value is not None and move.samples > 0, move
            low, high = (0.0, 1.0) if n == 2 else (1.0, float(n))
            assert low <= move.value <= high, move
        assert analysis.win_chance == (n == 2)
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game, players, options", GAMES, ids=IDS)
def test_a_seed_repeats_an_analysis_and_steps_add_up(game, players, options):
    """The same seed and rollouts give the same values; refining in two steps gives
    what one step of the same rollouts gives (the client's view refines that way)."""
    state = next(filter(None, (random_position(game, players, options, seed) for seed in range(20))))
    view = state.view(state.current_player)
    one = DecisionAnalysis(view, 7)
    first = one.refine(ROLLOUTS)
    assert signature(analyse(view, 7, ROLLOUTS)) == signature(first)
    legal = state.legal_actions()
    # Whole deals in pimc, whether it tries every move or one of each set of copies;
    # in ismcts, past the point where every move has been tried once.
    step = len(legal) * len(heuristics.for_game(game).distinct(view, legal)) * 8
    two = DecisionAnalysis(view, 3)
    two.refine(step)
    in_steps = two.refine(step)
    at_once = DecisionAnalysis(view, 3).refine(2 * step)
    assert in_steps.rollouts == at_once.rollouts
    assert signature(in_steps) == signature(at_once)


def test_refining_adds_samples():
    state = random_position("necropolis", None, {}, 1)
    analysis = DecisionAnalysis(state.view(state.current_player), 1)
    before = analysis.refine(100)
    after = analysis.refine(100)
    assert after.rollouts == 200 > before.rollouts
    assert sum(move.samples for move in after.moves) > sum(move.samples for move in before.moves)


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_an_analysis_depends_on_the_view_alone(case, seed):
    """Two full states the seat cannot tell apart (its hidden tiles dealt again)
    give the same analysis from the same seed, and the view is left as it was."""
    found = position_and_twin(*case, seed)
    if found is None:
        return
    state, twin = found
    seat = state.current_player
    view, twin_view = state.view(seat), twin.view(seat)
    before = snapshot(view)
    assert signature(analyse(view, seed, ROLLOUTS)) == signature(analyse(twin_view, seed, ROLLOUTS))
    assert snapshot(view) == before


def test_a_full_state_is_refused():
    """The analysis is given what a seat sees, never the state with every tile."""
    state = random_position("buildup", None, {}, 2)
    with pytest.raises(ValueError, match="view"):
        DecisionAnalysis(state, 1)
    other = 1 - state.current_player
    with pytest.raises(ValueError, match="view"):
        DecisionAnalysis(state.view(other), 1)


def _end_covered(state, action) -> int:
    """The number showing at the end `action` plays onto: an arm's (Cyprus) or a side's (Draw)."""
    return state.ends[action.arg] if state.game == "cyprus" else (state.left, state.right)[action.arg]


@pytest.mark.parametrize("game, players, options", [("cyprus", 4, {"target_score": 30}), ("draw", 2, {})])
def test_plays_that_leave_the_same_position_share_a_value(game, players, options):
    """In Cyprus a play onto any arm ending in the same number, in Draw a play on
    either end when both show the same number, leaves the same position: the hard
    search tries one of each set; the analysis still values every play, each copy as
    its twin, the same tile onto an end showing the same number (found here without
    `distinct`, which the analysis asks two moves at a time)."""
    knowledge = heuristics.for_game(game)
    for seed in range(60):
        state = random_position(game, players, options, seed)
        legal = state.legal_actions()
        tried = knowledge.distinct(state, legal)
        if len(tried) < len(legal) and len({action.tile for action in tried if action.kind == "play"}) > 1:
            break
    else:
        pytest.fail(f"no {game} position with two tiles and plays that repeat another")
    analysis = analyse(state.view(state.current_player), seed, ROLLOUTS)
    copies = [move for move in analysis.moves if move.action not in tried]
    assert copies
    for copy in copies:
        (twin,) = [move for move in analysis.moves if move.action in tried and move.action.tile == copy.action.tile
                   and _end_covered(state, move.action) == _end_covered(state, copy.action)]
        assert (copy.value, copy.samples) == (twin.value, twin.samples)


@pytest.mark.parametrize("game, players", [("necropolis", None), ("cyprus", 4)])
def test_a_review_ranks_a_seats_decisions_by_value_lost(game, players):
    record = random_game(game, 5, players, {"target_score": 20} if game == "cyprus" else None)
    decisions = review(record, [1], rollouts=80)
    assert decisions
    assert all(decision.seat == 1 for decision in decisions)
    losses = [decision.loss for decision in decisions]
    assert losses == sorted(losses, reverse=True) and min(losses) >= 0
    for decision in decisions:
        step = record.steps[decision.step - 1]
        assert step.split(" ", 1) == ["1", decision.played.move]  # the move the record played
        assert decision.best.action is decision.analysis.best
        assert decision.loss == decision.analysis.loss(decision.played.action)
        assert len(decision.analysis.moves) > 1  # forced moves are not reviewed
    assert review(record, [1], rollouts=80) == decisions  # a review repeats


def test_a_review_looks_at_the_human_seats_when_the_record_names_them():
    record = random_game("necropolis", 1)
    assert review_seats(record) == [0, 1]
    record.seats = ["hard", "human"]
    assert review_seats(record) == [1]
    assert review_seats(record, 0) == [0]


def test_a_loss_is_never_negative_and_measures_places_at_more_players():
    state = random_position("cyprus", 5, {"target_score": 30}, 3)
    analysis = analyse(state.view(state.current_player), 3, ROLLOUTS)
    best = analysis.value_of(analysis.best).value
    for move in analysis.moves:
        assert analysis.loss(move.action) == pytest.approx(max(0.0, move.value - best))
