"""Cyprus worked examples, written from dominoes_arcade/rules/cyprus.md: the deal, the lead, the
star, the arms, drawing and passing. Scoring is in test_cyprus_scoring.py, Sebastopol
in test_sebastopol.py, properties in test_cyprus_properties.py.

The helpers here deal chosen hands through the chance steps, in the canonical order
of the record notation (docs/architecture.md) (one tile at a time, from the seat after the dealer).
"""

from __future__ import annotations

import pytest
from steps import legal, run

from dominoes_arcade.engine import IllegalAction, OptionError, new_game
from dominoes_arcade.engine.tiles import DOUBLE_NINE, NAME


def pips(names) -> int:
    """Pips of tiles written ``a-b``, counted from the names."""
    return sum(int(a) + int(b) for a, b in (name.split("-") for name in names))


def deal_steps(hands: list[list[str]], dealer: int) -> list[str]:
    """The ``* deal`` steps that give seat p exactly ``hands[p]``."""
    n = len(hands)
    queues = [list(hand) for hand in hands]
    steps = []
    for i in range(sum(len(hand) for hand in hands)):
        seat = (dealer + 1 + i) % n
        steps.append(f"* deal {seat} {queues[seat].pop(0)}")
    return steps


def deal(state, hands: list[str]):
    """Deal `hands` (one string of tile names a seat) to a fresh round of `state`."""
    tiles = [hand.split() for hand in hands]
    dealt = [t for hand in tiles for t in hand]
    assert len(set(dealt)) == len(dealt), "a tile dealt twice"
    return run(state, *deal_steps(tiles, state.dealer))


def fill(hands: list[str], sizes: list[int], tile_set, keep_out: str = "") -> list[str]:
    """Complete each hand to its size with the unused tiles, heaviest first, leaving
    the tiles in `keep_out` in the boneyard."""
    used = set(" ".join(hands).split()) | set(keep_out.split())
    spare = sorted((NAME[t] for t in tile_set if NAME[t] not in used), key=lambda n: -pips([n]))
    full = []
    for hand, size in zip(hands, sizes, strict=True):
        names = hand.split()
        while len(names) < size:
            names.append(spare.pop(0))
        full.append(" ".join(names))
    return full


def hand_names(state, seat) -> list[str]:
    return [NAME[t] for t in state.hands[seat]]


# -- The deal ------------------------------------------------------------------------
SEED = {4: 9, 5: 8, 6: 7, 7: 7, 8: 6, 9: 6, 10: 5}
BELL = {4: 13, 5: 11, 6: 9, 7: 7, 8: 6, 9: 6, 10: 5}


@pytest.mark.parametrize("hand_sizes, table", [("seed", SEED), ("bell", BELL)])
@pytest.mark.parametrize("players", range(4, 11))
def test_hand_and_boneyard_sizes(players, hand_sizes, table):
    state = new_game("cyprus", players, {"hand_sizes": hand_sizes})
    assert state.num_players == players and state.is_chance
    steps = 0
    while state.is_chance and state.chance_outcomes()[0][0].kind == "deal":
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply(outcomes[steps % len(outcomes)][0])
        steps += 1
    assert steps == players * table[players]
    assert state.hand_sizes() == [table[players]] * players
    assert len(state.boneyard) == 55 - players * table[players]


@pytest.mark.parametrize("players", [0, 3, 11])
def test_player_count_out_of_range_is_rejected_naming_the_key(players):
    with pytest.raises(OptionError, match=r"cyprus\.players = .* an integer from 4 to 10"):
        new_game("cyprus", players)
    with pytest.raises(OptionError, match=r"cyprus\.players"):
        new_game("cyprus", options={"players": players})


def test_players_in_options_as_records_carry_them():
    assert new_game("cyprus", options={"players": 7}).num_players == 7
    assert new_game("cyprus").num_players == 4
    assert new_game("cyprus").options_dict() == {"players": 4, "target_score": 100, "boneyard_reserve": 0,
                                                 "block_tie": "no_score", "hand_sizes": "seed"}


def test_the_deal_goes_one_tile_at_a_time_from_the_seat_after_the_dealer():
    state = new_game("cyprus", 5)
    assert state.dealer == 4  # round 1: seat n-1 deals
    seats = []
    for _ in range(10):
        action = state.chance_outcomes()[0][0]
        seats.append(action.seat)
        state.apply(action)
    assert seats == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    with pytest.raises(IllegalAction, match="the next tile goes to seat 0"):
        run(state, f"* deal 1 {NAME[state.boneyard[0]]}")


# -- A scripted round: 4 players, nobody stuck for long ---------------------------------
STAR_HANDS = [
    "9-9 0-9 4-9 0-0 1-1 2-2 3-3 4-4 5-5",
    "1-9 5-9 0-1 0-2 0-3 0-4 0-5 0-6 0-7",
    "0-8 1-2 1-3 1-4 1-5 1-6 1-7 1-8 2-3",  # no nine: stuck during the star
    "2-9 3-9 6-9 7-9 8-9 2-4 2-5 2-6 2-7",
]
"""The boneyard keeps 2-8 3-4 .. 8-8: no nine in it."""

STAR_SCRIPT = [
    "0 9-9", "1 1-9 @0", "2 draw", "* draw 2 3-4", "2 pass",
    "3 2-9 @1", "0 0-9 @2", "1 5-9 @3", "2 draw", "* draw 2 3-5", "2 pass",
    "3 3-9 @4", "0 4-9 @5", "1 draw", "* draw 1 3-6", "1 pass", "2 draw", "* draw 2 3-7", "2 pass",
    "3 6-9 @6", "0 draw", "* draw 0 3-8", "0 pass", "1 draw", "* draw 1 4-5", "1 pass",
    "2 draw", "* draw 2 4-6", "2 pass", "3 7-9 @7",
]


def star_game(steps: int | None = None, **options):
    state = deal(new_game("cyprus", 4, options), STAR_HANDS)
    return run(state, *STAR_SCRIPT[:steps])


def test_holder_of_the_spinner_leads():
    state = star_game(0)
    assert state.current_player == 0 and legal(state) == ["9-9"]
    assert len(state.boneyard) == 19


def test_only_nines_in_the_star_phase():
    state = star_game(1)  # 9-9 is set; seat 1 holds 1-9 and 5-9
    assert legal(state) == ["1-9 @0", "5-9 @0"]
    run(state, "1 1-9 @0")
    # Seat 2 holds 1-2, which would match arm 0's open 1, but the star is not complete.
    assert state.ends == [1]
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalAction, match="star is not complete"):
        run(state, "2 1-2 @0")


def test_star_slots_fill_in_the_fixed_order():
    state = star_game(5)  # seat 3 to play, slot @1 is next
    assert legal(state) == ["2-9 @1", "3-9 @1", "6-9 @1", "7-9 @1", "8-9 @1"]
    with pytest.raises(IllegalAction, match="next empty star slot, @1"):
        run(state, "3 2-9 @2")


def test_a_forced_draw_in_the_star_phase_then_a_failed_draw_is_followed_by_a_pass():
    state = star_game(2)
    run(state, "2 draw")
    assert state.is_chance
    assert all(a.kind == "drawn" and a.seat == 2 for a, _ in state.chance_outcomes())
    run(state, "* draw 2 3-4")
    assert legal(state) == ["pass"], "3-4 is no nine: it cannot be played, and there is only one draw"
    with pytest.raises(IllegalAction, match="only one draw a turn"):
        run(state, "2 draw")
    run(state, "2 pass")
    assert "3-4" in hand_names(state, 2) and state.current_player == 3


def test_the_star_invariant_once_complete():
    state = star_game()
    assert state.is_star_complete
    assert state.ends == [1, 2, 0, 5, 3, 4, 6, 7]
    assert sorted(state.ends) == sorted(set(state.ends)) and set(state.ends) <= set(range(9))
    on_table = {t for line in state.layout for t in line}
    nines_off_table = [NAME[t] for t in DOUBLE_NINE if "9" in NAME[t] and NAME[t] != "9-9" and t not in on_table]
    assert nines_off_table == ["8-9"]


def test_legal_moves_once_the_star_is_complete():
    state = star_game()
    assert state.current_player == 0
    assert sorted(hand_names(state, 0)) == sorted("0-0 1-1 2-2 3-3 4-4 5-5 3-8".split())
    # Open ends by arm: 1 2 0 5 3 4 6 7. Each double fits the arm ending in its number;
    # 3-8 fits arm 4 (open 3) only, since no arm ends in 8.
    expected = {"0-0 @2", "1-1 @0", "2-2 @1", "3-3 @4", "4-4 @5", "5-5 @3", "3-8 @4"}
    assert set(legal(state)) == expected and len(legal(state)) == len(expected)
    assert legal(state) == legal(state.clone()), "a stable order"


def test_doubles_are_inline_and_the_last_nine_kills_its_arm():
    state = star_game()
    run(state, "0 3-3 @4")
    assert state.ends[4] == 3, "a double leaves the open end unchanged"
    assert [NAME[t] for t in state.layout[4]] == ["3-9", "3-3"]
    run(state, "1 0-7 @7", "2 0-8 @2")
    assert state.ends[2] == 8 and state.dead_arms() == []
    run(state, "3 8-9 @2")
    assert state.ends[2] == 9 and state.dead_arms() == [2]
    # Every tile showing 9 is on the table, so nothing can ever go on arm 2.
    on_table = [NAME[t] for line in state.layout for t in line] + ["9-9"]
    assert sum("9" in name for name in on_table) == 10


def test_playing_is_compulsory():
    state = star_game()
    with pytest.raises(IllegalAction, match="playing is compulsory"):
        run(state, "0 draw")
    with pytest.raises(IllegalAction, match="playing is compulsory"):
        run(state, "0 pass")
    with pytest.raises(IllegalAction, match="not in your hand"):
        run(state, "0 0-1 @2")
    with pytest.raises(IllegalAction, match="does not match arm 0's open end 1"):
        run(state, "0 0-0 @0")


# -- The search for a missing 9-9, and a drawn tile that fits ---------------------------
SEARCH_HANDS = [
    "0-0 1-1 2-2 3-3 4-4 5-5 6-6 7-7 8-8",
    "0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 1-2",
    "1-3 1-4 1-5 1-6 1-7 1-8 2-3 2-4 0-9",
    "2-5 2-6 2-7 2-8 3-4 3-5 3-6 3-7 3-8",
]
"""Nobody holds 9-9; the boneyard holds it and the other nines but 0-9."""


def test_missing_spinner_is_searched_for_from_the_seat_after_the_dealer():
    state = deal(new_game("cyprus", 4), SEARCH_HANDS)
    assert state.is_chance
    outcomes = state.chance_outcomes()
    assert {a.text.rsplit(" ", 1)[0] for a, _ in outcomes} == {"draw 0"}
    assert len(outcomes) == 19 and all(p == pytest.approx(1 / 19) for _, p in outcomes)
    run(state, "* draw 0 4-5", "* draw 1 4-6", "* draw 2 9-9")
    assert state.current_player == 2 and legal(state) == ["9-9"]
    assert state.hand_sizes() == [10, 10, 10, 9], "search draws stay in hand"
    run(state, "2 9-9")
    assert state.current_player == 3 and legal(state) == ["draw"]
    # Seat 3 draws 5-9: it fits the star, so seat 3 must play it at once.
    run(state, "3 draw", "* draw 3 5-9")
    assert legal(state) == ["5-9 @0"]
    with pytest.raises(IllegalAction, match="must be played"):
        run(state, "3 pass")
    run(state, "3 5-9 @0")
    assert state.ends == [5] and state.current_player == 0


def test_search_ignores_the_reserve():
    # 9 players, 6 tiles each: one tile is left, and it is 9-9.
    hands = fill([""] * 9, [6] * 9, DOUBLE_NINE, keep_out="9-9")
    state = deal(new_game("cyprus", 9, {"boneyard_reserve": 1}), hands)
    assert [NAME[t] for t in state.boneyard] == ["9-9"]
    run(state, "* draw 0 9-9", "0 9-9")
    assert state.boneyard == [] and state.current_player == 1


# After STAR_SCRIPT the arms end 1 2 0 5 3 4 6 7. These plays leave arms 1 and 5
# ending in 4 and the others in 0, 1 and 9 (dead), while seat 3 keeps 2-5 2-6 2-7.
STUCK_SCRIPT = [
    "0 3-8 @4", "1 0-7 @7", "2 1-8 @0", "3 2-4 @1",   # ends 8 4 0 5 8 4 6 0
    "0 0-0 @2", "1 0-5 @3", "2 0-8 @0", "3 8-9 @4",   # ends 0 4 0 0 9 4 6 0
    "0 4-4 @1", "1 3-6 @6", "2 1-3 @6",               # ends 0 4 0 0 9 4 1 0
]


def test_drawn_tile_that_fits_two_arms_lets_the_drawer_choose():
    state = run(star_game(), *STUCK_SCRIPT)
    assert state.ends == [0, 4, 0, 0, 9, 4, 1, 0]
    assert state.current_player == 3 and sorted(hand_names(state, 3)) == ["2-5", "2-6", "2-7"]
    assert legal(state) == ["draw"]
    run(state, "3 draw", "* draw 3 4-7")
    assert legal(state) == ["4-7 @1", "4-7 @5"]
    run(state, "3 4-7 @5")
    assert state.ends[5] == 7 and state.current_player == 0


def test_no_pass_while_a_draw_is_possible():
    state = star_game(2)
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalAction, match="you cannot play, so draw"):
        run(state, "2 pass")
