"""The Necropolis table's bookkeeping of its tiles (client/tables/necropolis_pieces.py): a
tile is known by its place, its number only where the observer saw it, from each
step's events as that observer saw them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.client.tables.necropolis_layout import lay_out
from dominoes_arcade.client.tables.necropolis_pieces import HELD, PILE, SeenTiles, mastaba_key, site_key
from dominoes_arcade.engine import EVERY_SEAT, SPECTATOR, new_game
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import BY_NAME
from dominoes_arcade.session.events import seen_events

OPENED = ("0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new")
"""Seat 0's site is 3-4, seat 1's is 0-1; seat 0 to move."""


def played(*steps: str, **options):
    """The state after `steps` and each step's events (as the full state knows them)."""
    state = new_game("necropolis", options={"first_player": 0, **options})
    events = []
    for text in steps:
        events.append(state.apply(parse_step(state, text)))
    return state, events


def told(events, viewer) -> SeenTiles:
    return SeenTiles.from_steps((seen_events(step, viewer) for step in events), viewer)


def test_mastabas_keep_their_order_of_arrival_and_only_their_owner_reads_them():
    """A face-down tile's place must not tell the opponent which tile it is."""
    _state, events = played(*OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", "0 draw", "* 0-0",
                            "0 hide")
    assert told(events, 0).mastabas == [[BY_NAME["5-6"], BY_NAME["0-0"]], [-1]], "by arrival, not by value"
    assert told(events, 1).mastabas == [[-1, -1], [BY_NAME["2-2"]]]
    assert told(events, SPECTATOR).mastabas == [[-1, -1], [-1]]
    assert told(events, EVERY_SEAT).mastabas == [[BY_NAME["5-6"], BY_NAME["0-0"]], [BY_NAME["2-2"]]]


def test_a_step_moves_the_tile_at_one_place_to_another():
    _state, events = played(*OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", "0 draw", "* 0-0",
                            "0 hide", "1 draw", "* 1-1", "1 hide")
    tiles = told(events, 1)
    # Seat 0 plays 5-6 (the first of its mastabas) as a new site: seat 1 sees which
    # tile, not which of the two face-down places it left, and guesses the rightmost.
    state, more = played(*OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", "0 draw", "* 0-0",
                         "0 hide", "1 draw", "* 1-1", "1 hide", "0 new 5-6")
    hops = tiles.follow(seen_events(more[-1], 1))
    assert hops[0] == [(mastaba_key(0, 1), site_key(BY_NAME["5-6"]))]
    assert tiles.mastabas == [[-1], [BY_NAME["2-2"], BY_NAME["1-1"]]] and tiles.marked == site_key(BY_NAME["5-6"])
    # Seat 0 itself knows it was the first: the one after it closes up.
    own = told(more[:-1], 0)
    assert own.follow(more[-1])[0] == [(mastaba_key(0, 0), site_key(BY_NAME["5-6"])),
                                       (mastaba_key(0, 1), mastaba_key(0, 0))]
    assert own.mastabas[0] == [BY_NAME["0-0"]] == state.mastabas[0]


def test_a_draw_comes_out_of_the_necropolis_and_a_drawn_tile_is_named_when_laid():
    _state, events = played(*OPENED, "0 draw", "* 4-6")
    tiles = told(events[:-1], 1)
    assert tiles.follow(seen_events(events[-1], 1)) == [[(PILE, HELD)]]
    assert tiles.marked == HELD and tiles.number_at(HELD, -1) == -1, "seat 1 does not see seat 0's draw"
    _state, laid = played(*OPENED, "0 draw", "* 4-6", "0 right")
    assert tiles.follow(seen_events(laid[-1], 1))[0] == [(HELD, site_key(BY_NAME["4-6"]))]
    assert tiles.number_at(site_key(BY_NAME["4-6"]), -1) == BY_NAME["4-6"]


def test_an_exchange_sends_a_mastaba_tile_back_and_brings_one_in():
    _state, events = played(*OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", "0 exchange 5-6",
                            "* 0-0")
    tiles = told(events[:-2], 0)
    assert tiles.follow(events[-2]) == [[(mastaba_key(0, 0), PILE)]] and tiles.marked is None
    assert tiles.follow(events[-1]) == [[(PILE, mastaba_key(0, 0))]]
    assert tiles.mastabas[0] == [BY_NAME["0-0"]] and tiles.marked == mastaba_key(0, 0)


def test_matching_the_view_fills_what_the_steps_missed():
    """An online game joined late: the view's counts and the numbers it shows win."""
    tiles = SeenTiles(0)
    tiles.mastabas = [[BY_NAME["5-6"], BY_NAME["1-1"]], [-1, -1, -1]]
    tiles.match([[BY_NAME["0-0"], BY_NAME["5-6"], BY_NAME["6-6"]], [-1]])
    assert tiles.mastabas == [[BY_NAME["5-6"], BY_NAME["0-0"], BY_NAME["6-6"]], [-1]]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(6, 300), viewer=st.sampled_from([0, 1, SPECTATOR, EVERY_SEAT]))
def test_every_observer_knows_exactly_what_its_view_shows_at_the_layouts_places(seed, stop, viewer):
    """Whatever the game: the mastabas told from the seen events hold as many tiles
    as the view, the very numbers it shows and no other; every tile has a place in
    the layout, and the last move's place is one of them."""
    rng = random.Random(seed)
    state = new_game("necropolis")
    tiles = SeenTiles(viewer)
    for _ in range(stop):
        if state.is_terminal:
            break
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        tiles.follow(seen_events(state.apply(action), viewer))
    view = state.clone() if viewer is EVERY_SEAT else state.view(viewer)
    for seat in (0, 1):
        assert sorted(tiles.mastabas[seat]) == sorted(view.mastabas[seat])
    if viewer is EVERY_SEAT:
        assert -1 not in tiles.mastabas[0] + tiles.mastabas[1]
    places = lay_out(view, 0).places
    assert all(mastaba_key(seat, index) in places for seat in (0, 1) for index in range(len(tiles.mastabas[seat])))
    assert tiles.marked is None or tiles.marked in places


@pytest.mark.parametrize("viewer", [0, 1])
def test_an_opponent_never_gets_a_hidden_number(viewer):
    _state, events = played(*OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide")
    tiles = told(events, viewer)
    other = 1 - viewer
    assert tiles.mastabas[other] == [-1] and tiles.number_at(mastaba_key(other, 0), -1) == -1
