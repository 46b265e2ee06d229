"""Build Up worked examples, written from dominoes_arcade/rules/buildup.md (and the notation
and canonical order of chance steps in docs/architecture.md)."""

from __future__ import annotations

import pytest
from steps import legal, run

from dominoes_arcade.engine import IllegalAction, Termination, new_game
from dominoes_arcade.engine.buildup import HandScore, may_cover
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import BY_NAME, DOUBLE_SIX, NAME, PIPS


def pips(name: str) -> int:
    return PIPS[BY_NAME[name]]


def deal(line0: str, line1: str, hand0: str, hand1: str, **options):
    """A game dealt through chance steps in the canonical order: seat 0's line
    (s0..s5), seat 1's (s6..s11), the first-player draws in pairs (the first tiles
    of each hand, pair by pair until a pair differs in pips or six pairs tie), then
    seat 0's fill, then seat 1's."""
    hand0, hand1 = hand0.split(), hand1.split()
    steps = [f"* line 0 {t}" for t in line0.split()] + [f"* line 1 {t}" for t in line1.split()]
    pairs = 0
    while True:
        steps += [f"* hand 0 {hand0[pairs]}", f"* hand 1 {hand1[pairs]}"]
        pairs += 1
        if pips(hand0[pairs - 1]) != pips(hand1[pairs - 1]) or pairs == 6:
            break
    steps += [f"* hand 0 {t}" for t in hand0[pairs:]] + [f"* hand 1 {t}" for t in hand1[pairs:]]
    return run(new_game("buildup", options=options), *steps)


def step(state, text: str):
    """Apply one step through the checked path and return its events."""
    return state.apply(parse_step(state, text))


def stacks_for(state, tile: str) -> list[int]:
    """The stacks the player to move may place `tile` on."""
    return [a.arg for a in state.legal_actions() if a.kind == "place" and NAME[a.tile] == tile]


def hand_names(state, seat: int) -> list[str]:
    return sorted(NAME[t] for t in state.hands[seat])


# High tops everywhere: non-doubles of 8 pips or more, doubles of 8 or more.
HIGH_LINE_0 = "6-6 5-6 4-6 5-5 3-6 4-5"
HIGH_LINE_1 = "4-4 3-5 2-6 6-6 5-6 4-6"
LOW_TILES = "0-1 0-2 1-2 0-3 1-3 0-4"


# -- the covering rule -------------------------------------------------------------
SEED_LINE_0 = "1-2 2-5 3-6 4-6 0-0 0-1"  # s0..s5
SEED_LINE_1 = "0-6 5-6 3-4 3-3 6-6 2-2"  # s6..s11


def test_the_seeds_covering_examples():
    # Seat 0's first draw 4-5 (9 pips) beats seat 1's 1-1 (2): seat 0 moves first.
    state = deal(SEED_LINE_0, SEED_LINE_1, "4-5 2-2 0-3 1-3 0-4 1-4", "1-1 0-2 0-3 0-4 0-5 1-2")
    assert state.current_player == 0
    # 4-5 covers 1-2 (s0), 2-5 (s1), 3-6 (s2) but not 4-6 (s3); the doubles 0-0, 3-3
    # and 2-2 have fewer pips; 0-1, 0-6 and 3-4 fewer or equal; 5-6 and 6-6 more.
    assert stacks_for(state, "4-5") == [0, 1, 2, 4, 5, 6, 8, 9, 11]
    # 2-2 covers every non-double (0-6 on s6, 5-6 on s7, 3-4 on s8 included) and the
    # lighter double 0-0, but not 3-3 (s9), 6-6 (s10) or the other colour's 2-2 (s11).
    assert stacks_for(state, "2-2") == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    with pytest.raises(IllegalAction, match="may not cover 4-6 on s3"):
        run(state, "0 4-5 s3")
    with pytest.raises(IllegalAction, match="may not cover the double 3-3 on s9"):
        run(state, "0 2-2 s9")


@pytest.mark.parametrize("variant,allowed", [("greater", False), ("greater_or_equal", True)])
def test_a_non_double_on_a_double_of_equal_pips(variant, allowed):
    # 2-4 and 1-5 (6 pips) against seat 1's 3-3 (6 pips) on s9.
    state = deal(SEED_LINE_0, SEED_LINE_1, "4-5 2-4 1-5 3-3 0-4 1-4", "1-1 0-2 0-3 0-4 0-5 1-2",
                 nondouble_on_double=variant)
    assert (9 in stacks_for(state, "2-4")) is allowed
    assert (9 in stacks_for(state, "1-5")) is allowed
    # A double on a double of equal pips stays illegal under both values.
    assert 9 not in stacks_for(state, "3-3")


@pytest.mark.parametrize("variant", ["greater", "greater_or_equal"])
def test_nothing_covers_6_6_and_the_2_2s_never_cover_each_other(variant):
    six_six, two_two = BY_NAME["6-6"], BY_NAME["2-2"]
    assert not any(may_cover(t, six_six, variant) for t in DOUBLE_SIX)
    assert not may_cover(two_two, two_two, variant)
    state = deal(SEED_LINE_0, SEED_LINE_1, "4-5 2-2 5-5 5-6 0-4 1-4", "1-1 0-2 0-3 0-4 0-5 1-2",
                 nondouble_on_double=variant)
    assert all(a.arg != 10 for a in state.legal_actions()), "6-6 is on s10"
    assert 11 not in stacks_for(state, "2-2"), "the other colour's 2-2 is on s11"
    # 5-5 (10 pips) and 5-6 (11) do cover that 2-2.
    assert 11 in stacks_for(state, "5-5") and 11 in stacks_for(state, "5-6")


# -- setup -------------------------------------------------------------------------
def test_the_line_is_dealt_seat_0_first_one_stack_each():
    state = new_game("buildup")
    assert state.is_chance
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 28 and {str(a) for a, _ in outcomes} == {f"line 0 {n}" for n in NAME[:28]}
    assert all(p == pytest.approx(1 / 28) for _, p in outcomes)
    events = step(state, "* line 0 3-4")
    assert [(e.kind, e.seat, NAME[e.tile], e.value, e.face_up) for e in events] == [("line", 0, "3-4", 0, True)]
    run(state, *[f"* line 0 {t}" for t in "0-0 0-1 1-1 0-2 1-2".split()])
    # Seat 1's line comes next and draws from seat 1's own set: 3-4 again is fine.
    with pytest.raises(IllegalAction, match="seat 1 draws now"):
        run(state, "* line 0 2-2")
    events = step(state, "* line 1 3-4")
    assert events[0].value == 6 and state.top(6) == (BY_NAME["3-4"], 1)
    assert len(state.boneyards[0]) == 22 and len(state.boneyards[1]) == 27


def test_a_tied_first_draw_draws_again_and_keeps_the_tiles():
    state = new_game("buildup")
    run(state, *[f"* line 0 {t}" for t in HIGH_LINE_0.split()], *[f"* line 1 {t}" for t in HIGH_LINE_1.split()])
    with pytest.raises(IllegalAction, match="a hand draw is due"):
        run(state, "* line 0 0-0")
    events = step(state, "* hand 0 0-5")
    assert events[0].kind == "draw" and events[0].face_up, "the first-player draw is shown"
    run(state, "* hand 1 1-4")  # 5 pips each: a tie
    assert state.is_chance and all(a.seat == 0 for a, _ in state.chance_outcomes())
    run(state, "* hand 0 0-1", "* hand 1 2-2")  # 1 against 4: seat 1 moves first
    assert hand_names(state, 0) == ["0-1", "0-5"] and hand_names(state, 1) == ["1-4", "2-2"]
    # The fills: four more each, seat 0 first, face down.
    events = step(state, "* hand 0 0-2")
    assert not events[0].face_up
    run(state, "* hand 0 1-2", "* hand 0 0-3", "* hand 0 1-3")
    with pytest.raises(IllegalAction, match="seat 1 draws now"):
        run(state, "* hand 0 0-4")
    run(state, "* hand 1 0-1", "* hand 1 0-2", "* hand 1 1-2")
    events = step(state, "* hand 1 0-3")
    assert ("first", 1, 1) in [(e.kind, e.seat, e.value) for e in events]
    assert state.current_player == 1 and state.first_seat == 1
    assert [len(h) for h in state.hands] == [6, 6] and [len(b) for b in state.boneyards] == [16, 16]


def test_six_tied_pairs_fill_the_hands_and_seat_0_moves_first():
    # Each seat draws the same six tiles of its own colour: every pair ties.
    same = "0-0 0-1 1-1 0-2 1-2 2-2"
    state = deal(HIGH_LINE_0, HIGH_LINE_0, same, same)
    assert state.current_player == 0 and state.first_seat == 0
    assert [len(h) for h in state.hands] == [6, 6] and [len(b) for b in state.boneyards] == [16, 16]


# -- play: compulsory moves, passes, the end of a hand ------------------------------
def test_a_pass_is_not_permanent():
    # Seat 1's 0-1 beats seat 0's 0-0 for the first move, but every top is too heavy
    # for seat 1's low non-doubles: seat 1 must pass.
    state = deal(HIGH_LINE_0, HIGH_LINE_1, "0-0 0-1 1-1 0-2 1-2 0-3", LOW_TILES)
    assert state.current_player == 1 and legal(state) == ["pass"]
    events = step(state, "1 pass")
    assert [(e.kind, e.seat) for e in events] == [("pass", 1)]
    with pytest.raises(IllegalAction, match="may not pass"):
        run(state, "0 pass")
    # Seat 0's 0-0 covers the 5-6 on s1 (a double covers any non-double)...
    run(state, "0 0-0 s1")
    # ...and any tile with a pip covers 0-0: seat 1 plays again, only there.
    assert sorted(legal(state)) == sorted(f"{t} s1" for t in LOW_TILES.split())


def test_a_blocked_hand_sets_the_unplayable_tiles_aside():
    # Only seat 0's 3-5 fits anywhere (on 3-5 at s7 or 2-6 at s8, 8 pips each).
    state = deal(HIGH_LINE_0, HIGH_LINE_1, "3-5 0-1 0-2 1-2 0-3 1-3", LOW_TILES)
    assert sorted(legal(state)) == ["3-5 s7", "3-5 s8"]
    events = step(state, "0 3-5 s7")
    # Nobody can place now: the hand ends at once, with no pass.
    kinds = [e.kind for e in events]
    assert kinds == ["cover"] + ["set_aside"] * 11 + ["hand_scored"]
    aside = [(e.seat, NAME[e.tile]) for e in events if e.kind == "set_aside"]
    assert aside == [(0, t) for t in "0-1 0-2 1-2 0-3 1-3".split()] + [(1, t) for t in LOW_TILES.split()]
    # Seat 0's colour on top: 6-6 5-6 4-6 5-5 3-6 4-5 on s0..s5 and the new 3-5 on s7.
    # Seat 1's: 4-4, 2-6, 6-6, 5-6, 4-6 on s6 and s8..s11.
    assert events[-1].value == HandScore(1, (12 + 11 + 10 + 10 + 9 + 9 + 8, 8 + 8 + 12 + 11 + 10), (69, 49))
    assert state.set_aside == (tuple(BY_NAME[t] for t in "0-1 0-2 1-2 0-3 1-3".split()),
                               tuple(BY_NAME[t] for t in LOW_TILES.split()))
    assert state.hands == [[], []] and state.is_chance, "hand 2's fills come next"
    assert [a.seat for a, _ in state.chance_outcomes()] == [0] * 16


@pytest.mark.parametrize("scoring,expected", [
    ("top_of_stacks", (69 - 13, 49 - 17)),
    ("played_this_hand", (8 - 13, 0 - 17)),
])
def test_unplayed_penalty_subtracts_the_tiles_set_aside(scoring, expected):
    # Set aside: seat 0's 0-1 0-2 1-2 0-3 1-3 (13 pips), seat 1's six (17 pips).
    state = deal(HIGH_LINE_0, HIGH_LINE_1, "3-5 0-1 0-2 1-2 0-3 1-3", LOW_TILES,
                 unplayed_penalty=True, scoring=scoring)
    events = step(state, "0 3-5 s7")
    assert events[-1].value.scores == expected and state.scores() == list(expected)


def test_nobody_can_place_at_the_start_ends_the_hand_at_once():
    state = deal(HIGH_LINE_0, HIGH_LINE_1, "0-3 0-1 0-2 1-2 1-3 0-4", LOW_TILES, scoring="played_this_hand")
    assert state.is_chance and state.hand_index == 1
    assert state.hand_scores == ((0, 0),) and len(state.set_aside[0]) == 6


# A full hand: every tile of both hands is placed. Seat 0's 5-6 (11) beats 4-4 (8).
FULL_LINE_0 = "0-1 0-2 0-3 0-4 0-5 0-6"
FULL_LINE_1 = "1-2 1-3 1-4 1-5 1-6 2-3"
FULL_HAND_0 = "5-6 4-6 3-6 2-6 4-5 3-5"
FULL_HAND_1 = "4-4 3-4 2-5 2-4 1-1 0-0"
FULL_PLAY = ["0 5-6 s6", "1 4-4 s0", "0 4-6 s7", "1 3-4 s1", "0 3-6 s8", "1 2-5 s2",
             "0 2-6 s9", "1 2-4 s3", "0 4-5 s10", "1 1-1 s4", "0 3-5 s11", "1 0-0 s6"]


@pytest.mark.parametrize("scoring,expected", [
    # Tops: seat 0's 0-6 (s5), 4-6, 3-6, 2-6, 4-5, 3-5 (s7..s11); its 5-6 on s6 was
    # covered by seat 1's 0-0. Seat 1's 4-4, 3-4, 2-5, 2-4, 1-1 (s0..s4) and 0-0 (s6).
    ("top_of_stacks", (6 + 10 + 9 + 8 + 9 + 8, 8 + 7 + 7 + 6 + 2 + 0)),
    # Pips placed: all six tiles of each hand.
    ("played_this_hand", (11 + 10 + 9 + 8 + 9 + 8, 8 + 7 + 7 + 6 + 2 + 0)),
])
def test_a_full_hand_scored_by_hand(scoring, expected):
    state = deal(FULL_LINE_0, FULL_LINE_1, FULL_HAND_0, FULL_HAND_1, scoring=scoring)
    run(state, *FULL_PLAY[:-1])
    events = step(state, FULL_PLAY[-1])
    assert [e.kind for e in events] == ["cover", "hand_scored"], "both hands empty: the hand ends"
    assert events[-1].value == HandScore(1, expected, expected)
    assert state.stacks[6] == ((BY_NAME["1-2"], 1), (BY_NAME["5-6"], 0), (BY_NAME["0-0"], 1))


@pytest.mark.parametrize("rule,starter", [("same", 0), ("alternate", 1), ("trailing", 1)])
def test_hand_2_starter_when_the_first_player_leads(rule, starter):
    # Seat 0 moved first in hand 1 and leads 50 to 30.
    state = deal(FULL_LINE_0, FULL_LINE_1, FULL_HAND_0, FULL_HAND_1, later_hands_first=rule)
    run(state, *FULL_PLAY)
    assert state.scores() == [50, 30]
    run(state, *[f"* hand 0 {t}" for t in "1-1 2-2 3-3 4-4 5-5 6-6".split()],
        *[f"* hand 1 {t}" for t in "3-3 5-5 6-6 0-5 3-6 4-6".split()])
    assert state.current_player == starter and state.hand_index == 1
    assert [len(b) for b in state.boneyards] == [10, 10]


@pytest.mark.parametrize("rule,starter", [("same", 0), ("alternate", 1), ("trailing", 0)])
def test_hand_2_starter_when_the_first_player_trails(rule, starter):
    # Seat 0 (1-3, 4 pips, against 0-1) moves first but must pass; seat 1's 4-5
    # covers seat 0's 4-5 on s5, and nobody can place after that.
    state = deal(HIGH_LINE_0, HIGH_LINE_1, "1-3 0-1 0-2 1-2 0-3 0-4", "0-1 4-5 0-2 1-2 0-3 1-3",
                 later_hands_first=rule)
    run(state, "0 pass", "1 4-5 s5")
    assert state.scores() == [12 + 11 + 10 + 10 + 9, 9 + 8 + 8 + 8 + 12 + 11 + 10]
    run(state, *[f"* hand 0 {t}" for t in "1-1 2-2 3-3 4-4 0-5 1-4".split()],
        *[f"* hand 1 {t}" for t in "3-3 5-5 1-1 0-5 3-6 1-4".split()])
    assert state.current_player == starter


@pytest.mark.parametrize("first", [0, 1])
def test_trailing_on_equal_totals_keeps_the_first_player(first):
    # Nobody can place in hand 1, so both score 0 under played_this_hand.
    hands = ["0-3 0-1 0-2 1-2 1-3 0-4", "1-3 0-1 0-2 1-2 0-3 0-4"]
    state = deal(HIGH_LINE_0, HIGH_LINE_1, hands[first], hands[1 - first], later_hands_first="trailing",
                 scoring="played_this_hand")
    assert state.first_seat == 1 - first  # 3 pips (0-3) against 4 (1-3)
    run(state, *[f"* hand 0 {t}" for t in "1-1 2-2 3-3 4-4 0-5 1-4".split()],
        *[f"* hand 1 {t}" for t in "3-3 5-5 1-1 0-5 3-6 1-4".split()])
    assert state.scores() == [0, 0] and state.current_player == 1 - first


# -- views -------------------------------------------------------------------------
def test_a_view_shows_the_first_draw_but_not_the_rest_of_the_hand():
    state = deal(FULL_LINE_0, FULL_LINE_1, FULL_HAND_0, FULL_HAND_1)
    view = state.view(1)
    assert view.hands[1] == state.hands[1] and view.boneyards[1] == state.boneyards[1]
    assert view.hands[0] == [-1] * 5 + [BY_NAME["5-6"]], "5-6 was shown for the first move"
    assert view.boneyards[0] == [-1] * 16
    assert view.stacks == state.stacks
    with pytest.raises(IllegalAction, match="view"):
        view.apply(state.legal_actions()[0])


def test_place_notation_accepts_either_order_of_numbers():
    state = deal(FULL_LINE_0, FULL_LINE_1, FULL_HAND_0, FULL_HAND_1)
    assert state.parse_action("6-5 s6") is state.parse_action("5-6 s6")
    run(state, "0 6-5 s6")
    assert state.top(6) == (BY_NAME["5-6"], 0)


def test_the_game_ends_after_four_hands_with_the_higher_total():
    state = deal(FULL_LINE_0, FULL_LINE_1, FULL_HAND_0, FULL_HAND_1)
    assert state.outcome() is None
    run(state, *FULL_PLAY)
    for hand_size in (6, 6, 4):
        # Seat 0 draws its heaviest tiles left, seat 1 its lightest; then both play
        # the first legal action, to the end of the game.
        heavy = sorted(state.boneyards[0], key=lambda t: -PIPS[t])[:hand_size]
        light = sorted(state.boneyards[1], key=lambda t: PIPS[t])[:hand_size]
        run(state, *[f"* hand 0 {NAME[t]}" for t in heavy], *[f"* hand 1 {NAME[t]}" for t in light])
        while state.current_player >= 0:
            events = state.apply(state.legal_actions()[0])
    assert state.is_terminal and [len(b) for b in state.boneyards] == [0, 0]
    assert [e.kind for e in events[-2:]] == ["hand_scored", "game_over"]
    assert events[-2].value.hand == 4 and events[-1].value == events[-2].value.totals == tuple(state.scores())
    outcome = state.outcome()
    assert outcome.termination is Termination.HANDS_PLAYED
    assert list(outcome.scores) == [sum(s[0] for s in state.hand_scores), sum(s[1] for s in state.hand_scores)]
    mine, theirs = outcome.scores
    assert outcome.winners == (() if mine == theirs else (0,) if mine > theirs else (1,))
