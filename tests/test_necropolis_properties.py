"""Necropolis properties (hypothesis): random legal play under every variant never
raises and ends; tiles are conserved; views hide what they must; determinize agrees
with the view; records round-trip."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.engine.records import Record, replay
from dominoes_arcade.engine.tiles import DOUBLE_SIX

options_strategy = st.fixed_dictionaries({
    "first_player": st.sampled_from(["random", 0, 1]),
    "site_penalty": st.integers(0, 10),
    "allow_exchange": st.booleans(),
    "after_empty": st.sampled_from(["end", "mastaba_phase"]),
    "tie_break": st.sampled_from(["draw", "fewer_sites"]),
    "max_turns": st.sampled_from([50, 60, 400]),
})


def zones(state):
    """Every tile a full state holds, zone by zone."""
    site_tiles = [t for sites in state.sites for site in sites for t, _ in site]
    held = [t for t in (state.held, state.returning) if t >= 0]
    return state.pile + state.mastabas[0] + state.mastabas[1] + site_tiles + held


def visible_tiles(state, seat):
    """The tiles `seat` may know the place of."""
    seen = set(state.mastabas[seat])
    seen.update(t for sites in state.sites for site in sites for t, _ in site)
    if state.seat == seat:
        seen.update(t for t in (state.held, state.returning) if t >= 0)
    return seen


def random_states(seed, options):
    """Every state of one random game."""
    rng = random.Random(seed)
    state = new_game("necropolis", options=options)
    while True:
        yield state
        if state.is_terminal:
            return
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state.apply(action)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), options=options_strategy)
def test_random_play_ends_and_conserves_tiles(seed, options):
    for state in random_states(seed, options):
        held = zones(state)
        assert sorted(held) == list(DOUBLE_SIX), "every tile is in exactly one zone"
        assert state.turns <= options["max_turns"]
    assert state.is_terminal and state.outcome() is not None
    assert len(state.outcome().scores) == 2


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), options=options_strategy)
def test_views_hide_and_determinize_agrees(seed, options):
    rng = random.Random(seed)
    for state in random_states(seed, options):
        for seat in (0, 1):
            view = state.view(seat)
            shown = [t for t in zones(view) if t >= 0]
            assert set(shown) <= visible_tiles(state, seat), "a view shows a hidden tile"
            assert len(view.pile) == len(state.pile)
            assert len(view.mastabas[1 - seat]) == len(state.mastabas[1 - seat])
            full = view.determinize(rng)
            assert sorted(zones(full)) == list(DOUBLE_SIX)
            assert full.mastabas[seat] == state.mastabas[seat] and full.sites == state.sites
            assert len(full.pile) == len(state.pile)
            assert full.legal_actions() == state.legal_actions() or state.current_player != seat


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**40), options=options_strategy)
def test_record_replay_record_is_identical(seed, options):
    record = random_game("necropolis", seed, options=options)
    text = record.to_json()
    again = Record.from_json(text)
    state = replay(again)
    rebuilt = Record("necropolis", state.options_dict(), again.seats, again.seed, again.steps, state.scores())
    assert rebuilt.to_json() == text


def test_same_seed_same_game():
    assert random_game("necropolis", 99).steps == random_game("necropolis", 99).steps
    assert random_game("necropolis", 99).steps != random_game("necropolis", 100).steps
