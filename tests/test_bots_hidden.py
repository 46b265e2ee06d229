"""A bot decides from what its seat may see (issue 5): it is given a view whose
hidden tiles are -1, its decision is the same for every full state behind that view,
and deciding leaves the view as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bots_legal import random_position

from dominoes_arcade.bots import Bot, make_bot
from dominoes_arcade.bots.driver import play_bots
from dominoes_arcade.engine import State, new_game

GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 5, {"target_score": 30}),
         ("sebastopol", None, {"target_score": 20})]
SPECS = ["random", "greedy", "ismcts:iterations=25", "pimc:worlds=3"]


def hidden_zones(state: State, seat: int) -> list[list[int]]:
    """The zones of `state` that `seat` may not read (the rules: the necropolis, the
    other mastabas and the tile the other player is holding; the other boneyard and
    the unshown part of the other hand; the other hands, the boneyard and the tile
    another player just drew)."""
    if state.game == "necropolis":
        held = [state.held, state.returning] if state.seat != seat else []
        return [state.pile, state.mastabas[1 - seat], held]
    if state.game == "buildup":
        shown = state.shown[1 - seat]
        return [state.boneyards[1 - seat], [t for t in state.hands[1 - seat] if t < 0 or not shown >> t & 1]]
    others = [hand for p, hand in enumerate(state.hands) if p != seat]
    return others + [state.boneyard, [state.drawn] if state.seat != seat else []]


def hidden_tiles(view: State) -> list[int]:
    return [t for zone in hidden_zones(view, view.viewer) for t in zone]


class Inspector(Bot):
    """Wraps a bot and checks every view it is given before passing it on."""

    def __init__(self, inner: Bot):
        super().__init__(inner.game, inner.seat, inner.options, inner.seed)
        self.inner = inner
        self.views = 0

    def choose(self, view, legal):
        assert view.viewer == self.seat, "the driver must hand over the seat's view, not the full state"
        assert all(t == -1 for t in hidden_tiles(view)), "a hidden tile is readable in the view"
        self.views += 1
        return self.inner.choose(view, legal)


@pytest.mark.parametrize("game, players, options", GAMES)
def test_the_driver_hands_each_bot_only_its_masked_view(game, players, options):
    n = new_game(game, players, options).num_players
    inspectors = [Inspector(make_bot(SPECS[seat % len(SPECS)], game, seat, options, seed=seat)) for seat in range(n)]
    record = play_bots(game, inspectors, seed=5, options={**options, "players": n})
    assert record.error is None
    assert all(inspector.views > 0 for inspector in inspectors)


def position_and_twin(game, players, options, seed):
    """A decision point of a random game (drawn uniformly among those with a choice),
    and a different full state with the same view for its seat (the hidden tiles
    dealt again), or None."""
    chosen = random_position(game, players, options, seed)
    if chosen is None:
        return None
    rng = random.Random(seed + 1)
    seat = chosen.current_player
    view = chosen.view(seat)
    hidden = [sorted(zone) for zone in hidden_zones(chosen, seat)]
    for _ in range(20):
        twin = view.determinize(rng)
        if [sorted(zone) for zone in hidden_zones(twin, seat)] != hidden:
            return chosen, twin
    return None


def snapshot(state: State) -> tuple:
    """Every slot of a state, for comparing two states or one state over time; a
    slot named with a leading underscore is a cache derived from the others (a
    view's deal plan), left out."""
    names = [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())
             if not name.startswith("_")]
    return tuple(repr(getattr(state, name, None)) for name in names)


@settings(max_examples=100, deadline=None)
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**32), spec=st.sampled_from(SPECS))
def test_a_decision_depends_on_the_view_alone(case, seed, spec):
    found = position_and_twin(*case, seed)
    if found is None:
        return
    state, twin = found
    seat = state.current_player
    view, twin_view = state.view(seat), twin.view(seat)
    assert snapshot(view) == snapshot(twin_view), "two states the seat cannot tell apart"
    before = snapshot(view)
    first = make_bot(spec, state.game, seat, state.options_dict(), seed).choose(view, state.legal_actions())
    second = make_bot(spec, state.game, seat, state.options_dict(), seed).choose(twin_view,
                                                                                 twin.legal_actions())
    assert first is second
    assert snapshot(view) == before, "choose must not change the view it is given"


def test_a_view_shares_no_hidden_zone_with_the_full_state():
    """The view is a copy: nothing a bot does to it reaches the full state."""
    for game, players, options in GAMES:
        found = next(filter(None, (position_and_twin(game, players, options, seed) for seed in range(50))))
        state = found[0]
        before = snapshot(state)
        view = state.view(state.current_player)
        for name in [n for cls in type(view).__mro__ for n in getattr(cls, "__slots__", ())]:
            value = getattr(view, name, None)
            if isinstance(value, list):
                value.clear()
        assert snapshot(state) == before
