"""Build Up properties (hypothesis): the legal moves are exactly what the covering
rule of dominoes_arcade/rules/buildup.md allows; tiles are conserved colour by colour; the chance
steps come in the canonical order of docs/architecture.md. (What every game must do, views and
records included, is in test_engine_contract.)"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.engine.records import parse_step, replay, step_text
from dominoes_arcade.engine.tiles import BY_NAME, DOUBLE_SIX, IS_DOUBLE, NAME, PIPS
from dominoes_arcade.files import read_records

options_strategy = st.fixed_dictionaries({
    "nondouble_on_double": st.sampled_from(["greater", "greater_or_equal"]),
    "later_hands_first": st.sampled_from(["same", "alternate", "trailing"]),
    "unplayed_penalty": st.booleans(),
    "scoring": st.sampled_from(["top_of_stacks", "played_this_hand"]),
})
MOST_STEPS = 12 + 44 + 2 * 44
"""Line tiles, draws, and at most one pass before each of the 44 placements."""
SIX_SIX = BY_NAME["6-6"]
EXAMPLES = Path(__file__).parent / "data" / "examples" / "buildup.jsonl"


def rule_allows(tile: int, top: int, variant: str) -> bool:
    """The covering rule, read straight from dominoes_arcade/rules/buildup.md."""
    if IS_DOUBLE[top]:
        if variant == "greater_or_equal" and not IS_DOUBLE[tile]:
            return PIPS[tile] >= PIPS[top]
        return PIPS[tile] > PIPS[top]
    if IS_DOUBLE[tile]:
        return True
    return PIPS[tile] >= PIPS[top]


def placements(state, seat: int, variant: str) -> set[str]:
    tops = [entries[-1][0] for entries in state.stacks]
    return {f"{NAME[t]} s{s}" for t in state.hands[seat] for s, top in enumerate(tops)
            if rule_allows(t, top, variant)}


def colour_zones(state, seat: int) -> list[int]:
    """Every tile of `seat`'s colour that a full state holds, zone by zone."""
    on_table = [t for entries in state.stacks for t, owner in entries if owner == seat]
    return state.boneyards[seat] + state.hands[seat] + on_table + list(state.set_aside[seat])


def random_states(seed: int, options: dict):
    """(state, steps so far, events of the last step) for every state of one random game."""
    rng = random.Random(seed)
    state = new_game("buildup", options=options)
    steps: list[str] = []
    events: list = []
    while True:
        yield state, steps, events
        if state.is_terminal:
            return
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        steps.append(step_text(state, action))
        events = state.apply(action)
        assert len(steps) <= MOST_STEPS


def first_player_draws(steps: list[str]) -> tuple[list[int], list[int], int]:
    """From a record's steps (perhaps unfinished): each seat's first-player draws,
    and who moves first (-1 while undecided)."""
    drawn: list[list[int]] = [[], []]
    index = 12
    while index < len(steps) and steps[index].startswith("* hand 0"):
        a = BY_NAME[steps[index].split()[-1]]
        drawn[0].append(a)
        if index + 1 == len(steps):
            break
        assert steps[index + 1].startswith("* hand 1")
        b = BY_NAME[steps[index + 1].split()[-1]]
        drawn[1].append(b)
        index += 2
        if PIPS[a] != PIPS[b]:
            return drawn[0], drawn[1], 0 if PIPS[a] > PIPS[b] else 1
        if len(drawn[0]) == 6:
            return drawn[0], drawn[1], 0
    return drawn[0], drawn[1], -1


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), options=options_strategy)
def test_random_play_follows_the_covering_rule_and_conserves_tiles(seed, options):
    variant = options["nondouble_on_double"]
    for state, _, events in random_states(seed, options):
        for seat in (0, 1):
            assert sorted(colour_zones(state, seat)) == list(DOUBLE_SIX), "every tile is in one zone"
        for entries in state.stacks:
            for (under, _), (over, _) in pairwise(entries):
                assert rule_allows(over, under, variant)
            assert all(t != SIX_SIX for t, _ in entries[:-1]), "6-6 is never covered"
        if state.current_player >= 0:
            seat = state.current_player
            mine, theirs = placements(state, seat, variant), placements(state, 1 - seat, variant)
            assert theirs or mine, "play goes on only while someone can place"
            assert {str(a) for a in state.legal_actions()} == (mine or {"pass"})
            assert len(state.boneyards[seat]) == (16, 10, 4, 0)[state.hand_index]
        if any(e.kind == "hand_scored" for e in events):
            aside = [e.tile for e in events if e.kind == "set_aside"]
            tops = [entries[-1][0] for entries in state.stacks]
            assert not any(rule_allows(t, top, variant) for t in aside for top in tops), \
                "a hand ends only when no tile left can be placed"
    assert state.is_terminal and [len(b) for b in state.boneyards] == [0, 0]
    outcome = state.outcome()
    totals = [sum(hand[seat] for hand in state.hand_scores) for seat in (0, 1)]
    assert len(state.hand_scores) == 4 and list(outcome.scores) == totals == state.scores()
    assert outcome.winners == (() if totals[0] == totals[1] else (0,) if totals[0] > totals[1] else (1,))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), options=options_strategy)
def test_steps_come_in_the_canonical_order_and_turns_alternate(seed, options):
    record = random_game("buildup", seed, options=options)
    steps = record.steps
    assert [s.rsplit(" ", 1)[0] for s in steps[:12]] == ["* line 0"] * 6 + ["* line 1"] * 6
    shown0, _, first = first_player_draws(steps)
    assert first in (0, 1)
    hand_scores = replay(record).hand_scores
    # Split the steps into hands: each starts at a run of chance steps.
    hands: list[list[str]] = []
    for text in steps[12:]:
        if text.startswith("*") and (not hands or not hands[-1][-1].startswith("*")):
            hands.append([])
        hands[-1].append(text)
    assert len(hands) == 4
    totals = [0, 0]
    for number, (hand, size) in enumerate(zip(hands, (6, 6, 6, 4), strict=True)):
        draws = [s for s in hand if s.startswith("*")]
        decisions = [s for s in hand if not s.startswith("*")]
        if number == 0:
            pairs = len(shown0)
            draws = draws[2 * pairs:]
            seat_0_first = sorted(draws, key=lambda s: not s.startswith("* hand 0"))
            assert draws == seat_0_first
            assert len(draws) == 2 * (size - pairs)
        else:
            assert [s.rsplit(" ", 1)[0] for s in draws] == ["* hand 0"] * size + ["* hand 1"] * size
        actors = [int(s.split()[0]) for s in decisions]
        assert all(a != b for a, b in pairwise(actors)), "within a hand, turns alternate"
        rule = options["later_hands_first"]
        if number == 0 or rule == "same" or (rule == "trailing" and totals[0] == totals[1]):
            starter = first
        elif rule == "alternate":
            starter = first if number % 2 == 0 else 1 - first
        else:
            starter = 0 if totals[0] < totals[1] else 1
        if actors:
            assert actors[0] == starter
        totals = [totals[0] + hand_scores[number][0], totals[1] + hand_scores[number][1]]


def test_the_example_records_replay_and_agree_with_the_covering_rule():
    """The records written by an independent implementation (copied from the shared
    examples): every decision is one the rule oracle allows, and the engine offers
    exactly the oracle's moves."""
    records = read_records(EXAMPLES)
    assert len(records) == 14
    for _, record in records:
        variant = record.options["nondouble_on_double"]
        state = new_game("buildup", options=record.options)
        for text in record.steps:
            if state.current_player >= 0:
                mine = placements(state, state.current_player, variant)
                assert {str(a) for a in state.legal_actions()} == (mine or {"pass"})
            state.apply(parse_step(state, text))
            for seat in (0, 1):
                assert sorted(colour_zones(state, seat)) == list(DOUBLE_SIX)
        assert state.is_terminal and state.scores() == record.scores
