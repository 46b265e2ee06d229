"""`engine.observe`: for random legal play of every registered game (and the tests'
toy game, one module and its registry entry), an observation shows its seat nothing that
seat's view hides, a spectator's shows no tile some seat cannot see, and the
legal actions are the seat's own on its turn only."""

from __future__ import annotations

import random
from collections import Counter

import pytest
import toy_game
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine import CHANCE, EVERY_SEAT, GAMES, SPECTATOR, new_game, observe
from dominoes_arcade.engine.core import State

MOST_STEPS = 400


def seen(state: State) -> dict[str, Counter]:
    """Each zone's tiles that show (not -1), as a multiset: a hand's order may differ
    between views (the tiles one seat knows of another's are listed last)."""
    return {zone: Counter(tile for tile in tiles if tile >= 0) for zone, tiles in state.zones().items()}


def check(state: State) -> None:
    players = state.num_players
    views = [state.view(seat) for seat in range(players)]
    spectator = observe(state, SPECTATOR)
    assert spectator.seat == SPECTATOR and spectator.legal == ()
    assert spectator.current_player == state.current_player
    every_seat = [seen(view) for view in views]
    for zone, tiles in seen(spectator.view).items():
        for seat in range(players):  # what a spectator sees, every seat sees
            assert not tiles - every_seat[seat][zone], (zone, seat)
    assert spectator.scores == tuple(spectator.view.scores())
    for seat in range(players):
        observation = observe(state, seat)
        assert observation.view.zones() == views[seat].zones()
        assert observation.view.viewer == seat
        for zone, tiles in seen(observation.view).items():
            owner = zone.rsplit(" ", 1)[-1]
            if owner.isdigit() and int(owner) != seat:  # another's hand: only what everyone sees of it
                assert not tiles - seen(spectator.view)[zone], (zone, seat)
        if state.current_player == seat:
            assert observation.legal == tuple(state.legal_actions()) and observation.my_turn
        else:
            assert observation.legal == () and not observation.my_turn
        assert observation.outcome == state.outcome()
    public = observe(state, EVERY_SEAT)
    assert public.view.zones() == state.zones() and public.view.viewer == -1
    assert public.legal == (tuple(state.legal_actions()) if state.current_player >= 0 else ())


def play_checking(game: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(game, players)
    for _ in range(MOST_STEPS):
        check(state)
        if state.is_terminal:
            return
        action = state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_actions())
        state.apply(action)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), extra=st.integers(0, 6))
def test_an_observation_shows_only_what_its_seat_may_see(game, seed, extra):
    low, high = GAMES[game].players
    play_checking(game, min(high, low + extra), seed)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_toy_game_is_observed_through_its_entry_alone(seed):
    with toy_game.registered() as entry:
        play_checking(entry.name, entry.players[1], seed)


def test_observe_refuses_a_view_and_a_seat_the_game_does_not_have():
    state = new_game("necropolis")
    with pytest.raises(ValueError, match="full state"):
        observe(state.view(0), 0)
    with pytest.raises(ValueError, match="seat 2"):
        observe(state, 2)


def test_a_spectators_necropolis_hides_both_mastabas_and_build_up_both_boneyards():
    rng = random.Random(3)
    for game in ("necropolis", "buildup"):
        state = new_game(game)
        while not state.is_terminal:
            state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
            zones = state.zones()
            private = [z for z in zones if z.startswith(("mastabas", "boneyard")) and zones[z]]
            if len(private) == 2:
                break
        hidden = observe(state, SPECTATOR).view.zones()
        assert private and all(set(hidden[zone]) == {-1} for zone in private)
