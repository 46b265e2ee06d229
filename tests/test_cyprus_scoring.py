"""Cyprus round ends and scoring, written from dominoes_arcade/rules/cyprus.md ("End of a round", "End of
the game", `block_tie`, `boneyard_reserve`), plus a domino from the independent example
records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from steps import legal, run
from test_cyprus import deal, fill, hand_names, pips

from dominoes_arcade.engine import Termination, new_game
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import DOUBLE_NINE, NAME

EXAMPLES = Path(__file__).parent / "data" / "examples"

# 9 players, 6 tiles each, one tile (8-8) left in the boneyard. Seat s plays the s-th
# nine into the star, then the zeros turn every arm to 0, 0-0 goes inline and 0-9
# closes arm 0 with a 9. Every tile showing 0 or 9 is then on the table.
BLOCK_SCRIPTED = ["9-9 0-1 0-9", "1-9 0-2", "2-9 0-3", "3-9 0-4", "4-9 0-5", "5-9 0-6", "6-9 0-7", "7-9 0-8",
                  "8-9 0-0"]
BLOCK_SCRIPT = (["0 9-9"] + [f"{s} {s}-9 @{s - 1}" for s in range(1, 9)]
                + [f"{s} 0-{s + 1} @{s}" for s in range(8)] + ["8 0-0 @0", "0 0-9 @0"])


def blocked_game(spare: dict[int, str], **options):
    """The 9-player block line, with seat s also holding ``spare[s]`` (the rest of
    every hand is filled heaviest first, so the lightest leftovers go to seat 8)."""
    hands = [f"{tiles} {spare.get(s, '')}" for s, tiles in enumerate(BLOCK_SCRIPTED)]
    hands = fill(hands, [6] * 9, DOUBLE_NINE, keep_out="8-8")
    state = deal(new_game("cyprus", 9, {"boneyard_reserve": 1, **options}), hands)
    return state, hands


def play_script(state):
    events = []
    for step in BLOCK_SCRIPT:
        events += state.apply(parse_step(state, step))
    return events


def left_in_hand(hands: list[str]) -> list[list[str]]:
    played = {step.split()[1] for step in BLOCK_SCRIPT}
    return [[t for t in hand.split() if t not in played] for hand in hands]


def test_block_with_a_tile_left_under_boneyard_reserve_1():
    state, hands = blocked_game({1: "1-1 1-2 1-3 2-2"})
    events = play_script(state)
    rest = left_in_hand(hands)
    totals = [pips(hand) for hand in rest]
    assert totals[1] == 13 and all(total > 13 for s, total in enumerate(totals) if s != 1)
    (result,) = [e.value for e in events if e.kind == "round_over"]
    assert result.termination == Termination.BLOCKED
    assert result.winner == 1
    assert result.points == sum(totals) - 2 * 13  # the others' pips minus their own
    assert [sorted(NAME[t] for t in hand) for hand in result.hands] == [sorted(hand) for hand in rest]
    assert state.scores()[1] == result.points and sum(state.scores()) == result.points


def test_the_same_position_is_not_blocked_when_the_last_tile_may_be_drawn():
    state, _ = blocked_game({1: "1-1 1-2 1-3 2-2"}, boneyard_reserve=0)
    events = play_script(state)
    assert not any(e.kind == "round_over" for e in events)
    assert state.ends == [9, 0, 0, 0, 0, 0, 0, 0]
    assert state.dead_arms() == list(range(8)), "every tile showing 0 or 9 is on the table"
    assert state.current_player == 1 and legal(state) == ["draw"]
    hands = [hand_names(state, s) for s in range(9)]
    run(state, "1 draw", "* draw 1 8-8", "1 pass")
    # Now nobody can play and the boneyard is empty: blocked at once, on the pass.
    assert state.last_round.termination == Termination.BLOCKED and state.boneyard == []
    hands[1].append("8-8")
    totals = [pips(hand) for hand in hands]
    assert state.last_round.winner == totals.index(min(totals)) and totals.count(min(totals)) == 1


TIE = {1: "1-1 1-2 1-5 1-6", 2: "1-3 2-2 2-3 1-4"}
"""Seats 1 and 2 both keep 18 pips; seat 1's lightest tile is 1-1 (2), seat 2's 1-3 or 2-2 (4)."""


@pytest.mark.parametrize("block_tie, winner", [("no_score", -1), ("lightest_tile", 1)])
def test_a_block_tie_under_both_values(block_tie, winner):
    state, hands = blocked_game(TIE, block_tie=block_tie)
    events = play_script(state)
    totals = [pips(hand) for hand in left_in_hand(hands)]
    assert totals[1] == totals[2] == 18 and min(totals) == 18
    (result,) = [e.value for e in events if e.kind == "round_over"]
    assert result.winner == winner
    expected = sum(totals) - 2 * 18 if winner >= 0 else 0
    assert result.points == expected and sum(state.scores()) == expected


def test_a_game_reaching_the_target_ends_with_the_round_winner():
    state, _ = blocked_game({1: "1-1 1-2 1-3 2-2"}, target_score=20)
    events = play_script(state)
    assert [e.kind for e in events[-2:]] == ["round_over", "game_over"]
    assert state.is_terminal and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.termination == Termination.TARGET_REACHED
    assert outcome.winners == (1,) and outcome.scores == tuple(state.scores())
    assert state.scores()[1] >= 20


def test_below_the_target_a_new_round_is_dealt_by_the_next_seat():
    state, _ = blocked_game({1: "1-1 1-2 1-3 2-2"}, target_score=1000)
    assert state.dealer == 8
    events = play_script(state)
    assert events[-1].kind == "round_over"
    scores = state.scores()
    assert state.round_number == 2 and state.dealer == 0 and not state.is_terminal
    assert state.layout == [] and len(state.boneyard) == 55 and state.hand_sizes() == [0] * 9
    assert {a.seat for a, _ in state.chance_outcomes()} == {1}, "the deal starts after the new dealer"
    first = state.apply(state.chance_outcomes()[0][0])
    assert [e.kind for e in first] == ["new_round", "deal"] and first[0].seat == 0
    assert state.scores() == scores, "totals run across rounds"


def test_a_domino_from_the_independent_examples():
    """The first example record ends round 1 (and the game, target 30) when seat 2
    plays its last tile; the record says seat 2 scores 95."""
    record = json.loads((EXAMPLES / "cyprus.jsonl").read_text().splitlines()[0])
    state = new_game("cyprus", options=record["options"])
    run(state, *record["steps"][:-1])
    last = record["steps"][-1]
    assert last.startswith("2 ") and len(state.hands[2]) == 1
    others = [pips(hand_names(state, s)) for s in (0, 1, 3)]
    events = state.apply(parse_step(state, last))
    (result,) = [e.value for e in events if e.kind == "round_over"]
    assert result.termination == Termination.DOMINO and result.winner == 2
    assert result.points == sum(others) == 95 == record["scores"][2]
    assert state.is_terminal and state.scores() == record["scores"]


def test_events_of_a_round():
    state, _ = blocked_game({1: "1-1 1-2 1-3 2-2"}, target_score=1000)
    events = play_script(state)
    spinner, star, arm = events[0], events[1], events[9]
    assert (spinner.kind, spinner.seat, spinner.src, spinner.dst, spinner.face_up) == ("spinner", 0, "hand",
                                                                                     "table", True)
    assert (star.kind, star.dst, star.value) == ("play", "star", 0)
    assert (arm.kind, arm.dst, arm.value, arm.seat) == ("play", "arm", 0, 0)
    result = events[-1].value
    assert events[-1].kind == "round_over" and len(result.hands) == 9 and result.number == 1
