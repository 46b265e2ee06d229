"""Sebastopol worked examples, written from dominoes_arcade/rules/sebastopol.md: the same machinery as
Cyprus with a double-six set, all 28 tiles dealt, no draws and a star of 4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from steps import legal, run
from test_cyprus import deal, hand_names, pips

from dominoes_arcade.engine import IllegalAction, Termination, new_game
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import NAME

EXAMPLES = Path(__file__).parent / "data" / "examples"


def test_four_players_only_with_or_without_players_in_the_options():
    assert new_game("sebastopol").num_players == 4
    assert new_game("sebastopol", 4).num_players == 4
    assert new_game("sebastopol", options={"players": 4, "target_score": 20}).options_dict() == {
        "target_score": 20, "block_tie": "no_score", "players": 4}
    for players in (3, 5, 10):
        with pytest.raises(ValueError, match="is for 4 players"):
            new_game("sebastopol", players)
        with pytest.raises(ValueError, match="is for 4 players"):
            new_game("sebastopol", options={"players": players})


def test_whole_set_is_dealt_seven_each():
    state = new_game("sebastopol")
    for _ in range(28):
        state.apply(state.chance_outcomes()[-1][0])
    assert state.hand_sizes() == [7, 7, 7, 7] and state.boneyard == []
    holder = next(s for s in range(4) if "6-6" in hand_names(state, s))
    assert state.current_player == holder and legal(state) == ["6-6"]


# Seat 0 sets 6-6; four sixes make the star (ends 0 1 2 3); 0-1, 0-2, 0-3 turn arms
# 1-3 to 0, 0-0 goes inline, then 0-4, 4-5, 5-0 take arm 0 round to 0 again. Every
# tile showing 0 is then on the table, and no arm ends in anything else: blocked.
SCRIPTED = ["6-6 3-6 0-0", "0-6 0-1 0-4", "1-6 0-2 4-5", "2-6 0-3 0-5"]
SCRIPT = ["0 6-6", "1 0-6 @0", "2 1-6 @1", "3 2-6 @2", "0 3-6 @3", "1 0-1 @1", "2 0-2 @2", "3 0-3 @3",
          "0 0-0 @0", "1 0-4 @0", "2 4-5 @0", "3 0-5 @0"]

TIED_LIGHTEST_DIFFERS = ["1-1 1-5 2-5 3-4", "4-6 5-6 1-3 2-2", "1-2 1-4 2-4 4-4", "2-3 3-3 3-5 5-5"]
TIED_LIGHTEST_TIED = ["1-3 2-4 1-5 3-5", "4-6 5-6 1-1 1-2", "2-2 1-4 2-5 4-4", "2-3 3-3 3-4 5-5"]
UNIQUE_LOWEST = ["1-1 1-2 1-3 2-2", "4-6 5-6 3-3 2-5", "1-4 2-3 1-5 2-4", "3-4 3-5 4-4 5-5"]


def blocked(rest: list[str], **options):
    hands = [f"{scripted} {more}" for scripted, more in zip(SCRIPTED, rest, strict=True)]
    state = deal(new_game("sebastopol", options={"target_score": 1000, **options}), hands)
    events = []
    for step in SCRIPT:
        events += state.apply(parse_step(state, step))
    (result,) = [e.value for e in events if e.kind == "round_over"]
    return state, result, [pips(hand.split()) for hand in rest]


def test_star_of_four_sixes_then_arms():
    hands = [f"{scripted} {more}" for scripted, more in zip(SCRIPTED, UNIQUE_LOWEST, strict=True)]
    state = deal(new_game("sebastopol"), hands)
    run(state, "0 6-6")
    assert legal(state) == ["0-6 @0", "4-6 @0", "5-6 @0"], "only sixes, into slot @0"
    with pytest.raises(IllegalAction, match="only a 6-x tile"):
        run(state, "1 0-1 @0")
    run(state, *SCRIPT[1:5])
    assert state.is_star_complete and state.ends == [0, 1, 2, 3]
    assert len(state.layout) == 4
    # Seat 1 holds 0-1 0-4 4-6 5-6 3-3 2-5: 0-1 fits arms 0 and 1, 0-4 arm 0, 3-3 arm 3,
    # 2-5 arm 2. Plays come in the set's order (by high number, then low), then by arm.
    assert legal(state) == ["0-1 @0", "0-1 @1", "3-3 @3", "0-4 @0", "2-5 @2"]


def test_a_stuck_player_passes_there_is_no_draw():
    hands = [f"{scripted} {more}" for scripted, more in zip(SCRIPTED, UNIQUE_LOWEST, strict=True)]
    state = run(deal(new_game("sebastopol"), hands), *SCRIPT[:9])
    assert state.ends == [0, 0, 0, 0] and state.current_player == 1
    run(state, "1 0-4 @0", "2 1-4 @0")  # ends 1 0 0 0
    # Seat 3 holds 0-5 3-4 3-5 4-4 5-5: only 0-5 fits, on any arm ending 0.
    assert legal(state) == ["0-5 @1", "0-5 @2", "0-5 @3"]
    run(state, "3 0-5 @1")  # ends 1 5 0 0; seat 0 holds 1-1 1-2 1-3 2-2
    assert legal(state) == ["1-1 @0", "1-2 @0", "1-3 @0"]
    run(state, "0 1-3 @0")  # ends 3 5 0 0; seat 1 holds 4-6 5-6 3-3 2-5
    assert legal(state) == ["3-3 @0", "2-5 @1", "5-6 @1"]
    run(state, "1 2-5 @1", "2 2-4 @1", "3 3-5 @0")  # ends 5 4 0 0
    # Seat 0 holds 1-1 1-2 2-2: nothing shows 5, 4 or 0, and there is no boneyard.
    assert state.ends == [5, 4, 0, 0] and legal(state) == ["pass"]
    with pytest.raises(IllegalAction, match="no boneyard"):
        run(state, "0 draw")
    run(state, "0 pass")
    assert state.current_player == 1 and state.round_number == 1, "seat 1 can still play: no block"


def test_block_scores_the_unique_lowest_hand():
    state, result, totals = blocked(UNIQUE_LOWEST)
    assert totals == [13, 34, 22, 33]
    assert result.termination == Termination.BLOCKED and result.winner == 0
    assert result.points == 34 + 22 + 33 - 13
    assert state.scores() == [result.points, 0, 0, 0]


@pytest.mark.parametrize("rest, block_tie, winner", [
    (TIED_LIGHTEST_DIFFERS, "no_score", -1),
    (TIED_LIGHTEST_DIFFERS, "lightest_tile", 0),  # seat 0's 1-1 (2 pips) beats seat 2's 1-2 (3)
    (TIED_LIGHTEST_TIED, "lightest_tile", -1),    # 1-3 and 2-2: 4 pips each
])
def test_block_ties(rest, block_tie, winner):
    state, result, totals = blocked(rest, block_tie=block_tie)
    tied = [s for s, total in enumerate(totals) if total == min(totals)]
    assert tied == [0, 2]
    assert result.winner == winner
    points = sum(totals) - 2 * min(totals) if winner >= 0 else 0
    assert result.points == points and sum(state.scores()) == points
    assert state.round_number == 2 and state.dealer == 0, "a scoreless round still moves the deal"


def test_a_block_from_the_independent_examples():
    """Example 3's second round ends blocked; the record gives seat 2 a total of 42,
    16 from round 1 and so 26 from this one."""
    record = json.loads((EXAMPLES / "sebastopol.jsonl").read_text().splitlines()[2])
    state = new_game("sebastopol", options=record["options"])
    run(state, *record["steps"])
    assert state.is_terminal and state.scores() == record["scores"] == [0, 0, 42, 0]
    result = state.last_round
    hands = [[NAME[t] for t in hand] for hand in result.hands]
    assert all(hands), "nobody went out"
    open_numbers = {str(end) for end in state.ends}
    assert not any(set(name.split("-")) & open_numbers for hand in hands for name in hand), "nobody can play"
    totals = [pips(hand) for hand in hands]
    assert result.termination == Termination.BLOCKED and result.winner == totals.index(min(totals)) == 2
    assert result.points == sum(totals) - 2 * totals[2] == 26
