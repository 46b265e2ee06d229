"""Draw and Block (dominoes_arcade/rules/draw.md, block.md): the rules' cases by hand
(the lead, drawing until a tile fits, passing, domino, blocked rounds and their
scoring, ties, the game's end), options refused by name, random legal play checked
against an oracle written from the rules (legal moves, the line, tiles conserved,
views that hide what they must, determinizations that respect the draws and passes),
and the independent example records. (What every game must do is in
test_engine_contract.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine import CHANCE, TERMINAL, OptionError, Termination, new_game
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.record_check import check_record
from dominoes_arcade.engine.records import Record
from dominoes_arcade.engine.tiles import NAME, parse_tile
from dominoes_arcade.files import read_records

EXAMPLES = Path(__file__).parent / "data" / "examples"


def step(state, text: str) -> None:
    """Apply one step written in the record notation (``* deal 0 3-5``, ``1 3-5 left``)."""
    actor, _, move = text.partition(" ")
    assert state.current_player == (CHANCE if actor == "*" else int(actor)), (text, state.current_player)
    state.apply(state.parse_action(move))


def dealt(game: str, hands: list[str], **options):
    """A game whose first round deals `hands` (each a space-separated list of tiles),
    one tile at a time to seats 0, 1, ... in turn."""
    tiles = [hand.split() for hand in hands]
    size = len(tiles[0])
    state = new_game(game, len(tiles), {"hand_size": size, **options})
    for i in range(size):
        for seat, hand in enumerate(tiles):
            step(state, f"* deal {seat} {hand[i]}")
    return state


def legal(state) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def hand(state, seat: int) -> list[str]:
    return [NAME[t] for t in state.hands[seat]]


# -- setup and options ------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "size", "boneyard"),
                         [("draw", 2, 7, 14), ("draw", 3, 5, 13), ("draw", 4, 5, 8),
                          ("block", 2, 7, 14), ("block", 3, 7, 7), ("block", 4, 7, 0)])
def test_standard_hand_size_depends_on_the_preset_and_players(game, players, size, boneyard):
    state = new_game(game, players)
    rng = random.Random(1)
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    assert [len(h) for h in state.hands] == [size] * players and len(state.boneyard) == boneyard
    assert state.options_dict()["hand_size"] == "standard"


@pytest.mark.parametrize(("key", "value"), [("players", 5), ("players", 1), ("hand_size", 8), ("hand_size", 2),
                                            ("target_score", 0), ("target_score", 1001),
                                            ("blocked_scoring", "half"), ("first_lead", "lowest_double"),
                                            ("spinner", True)])
def test_a_bad_option_is_refused_naming_it(key, value):
    for game in ("draw", "block"):
        with pytest.raises(OptionError, match=f"{game}.{key}"):
            new_game(game, options={key: value})


# -- the lead ---------------------------------------------------------------------------------
def test_the_highest_double_leads_the_first_round():
    state = dealt("draw", ["0-0 1-2 3-4", "5-5 0-6 2-6"])
    assert state.current_player == 1 and legal(state) == ["5-5"]
    step(state, "1 5-5")
    assert (state.left, state.right) == (5, 5) and state.current_player == 0 or state.is_chance


def test_with_no_double_the_heaviest_tile_leads_a_tie_by_the_higher_end():
    state = dealt("block", ["0-1 2-5 0-2", "3-4 1-2 0-3"])  # 2-5 and 3-4 weigh 7: 2-5 has the higher end
    assert state.current_player == 0 and legal(state) == ["2-5"]
    with pytest.raises(ValueError, match="opens with 2-5"):
        state.apply(state.parse_action("0-1"))


def test_a_random_first_lead_is_a_chance_step_then_any_tile():
    state = dealt("block", ["0-0 1-2 3-4", "5-5 0-6 2-6"], first_lead="random")
    assert state.is_chance and [str(a) for a, _ in state.chance_outcomes()] == ["first 0", "first 1"]
    step(state, "* first 0")
    assert sorted(legal(state)) == ["0-0", "1-2", "3-4"]


# -- a turn -----------------------------------------------------------------------------------
def test_ends_follow_the_tiles_and_both_ends_are_legal_when_they_match():
    state = dealt("block", ["6-6 5-6 4-5 0-0", "1-1 1-6 2-2 3-3"])
    step(state, "0 6-6")
    assert legal(state) == ["1-6 left", "1-6 right"]  # both ends show 6
    step(state, "1 1-6 left")
    assert (state.left, state.right) == (1, 6)
    step(state, "0 5-6 right")
    assert (state.left, state.right) == (1, 5) and [NAME[t] for t in state.line] == ["1-6", "6-6", "5-6"]
    assert state.left_count == 1
    step(state, "1 1-1 left")  # a double across: the end stays
    assert (state.left, state.right) == (1, 5)


def test_playing_is_compulsory_and_a_stuck_block_player_passes():
    state = dealt("block", ["6-6 5-6 4-5", "1-1 2-2 3-3"])
    step(state, "0 6-6")
    assert legal(state) == ["pass"]
    step(state, "1 pass")
    assert legal(state) == ["5-6 left", "5-6 right"]
    with pytest.raises(ValueError, match="compulsory"):
        state.apply(state.parse_action("pass"))


def test_a_stuck_draw_player_draws_until_a_tile_fits_and_must_play_it():
    state = dealt("draw", ["6-6 5-6 4-5 0-1 0-2 0-3 0-4", "1-1 2-2 3-3 1-2 1-3 2-3 1-4"])
    step(state, "0 6-6")
    assert state.current_player == CHANCE  # seat 1 holds no 6: no decision, a draw
    step(state, "* draw 1 0-0")
    assert state.current_player == CHANCE and len(state.hands[1]) == 8  # kept, and draws again
    step(state, "* draw 1 2-6")
    assert state.current_player == 1 and legal(state) == ["2-6 left", "2-6 right"]
    assert state.view(0).drew_to_play()


def test_a_draw_player_passes_once_the_boneyard_is_empty():
    hands = ["6-6 5-6 4-5 0-1 0-2 0-3 0-4", "1-1 2-2 3-3 1-2 1-3 2-3 1-4",
             "0-0 4-4 5-5 2-4 3-4 0-5 1-5", "0-6 1-6 2-6 3-6 4-6 2-5 3-5"]
    state = dealt("draw", hands)  # 4 x 7: nothing left to draw
    step(state, "0 6-6")
    assert legal(state) == ["pass"]


# -- the end of a round, the score ------------------------------------------------------------
def test_domino_scores_the_other_hands_and_the_winner_leads_the_next_round_with_any_tile():
    state = dealt("block", ["6-6 5-6 4-5", "1-1 2-2 3-3"])
    for text in ("0 6-6", "1 pass", "0 5-6 left", "1 pass", "0 4-5 left"):
        step(state, text)
    done = state.last_round
    assert done.termination == Termination.DOMINO and done.winner == 0 and done.points == 12
    assert state.scores() == [12, 0] and state.round_number == 2 and state.is_chance
    rng = random.Random(3)
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    assert state.current_player == 0 and len(legal(state)) == 3  # any tile of the hand


@pytest.mark.parametrize(("scoring", "points"), [("difference", 12 - 3), ("all", 12)])
def test_a_blocked_round_the_fewest_pips_score_the_difference_or_all(scoring, points):
    state = dealt("block", ["6-6 0-1 0-2", "5-5 1-1 0-0"], blocked_scoring=scoring)
    step(state, "0 6-6")  # nobody holds another 6: blocked at once, before any pass
    done = state.last_round
    assert done.termination == Termination.BLOCKED and done.winner == 0 and done.pips == (3, 12)
    assert done.points == points and state.scores() == [points, 0]


def test_a_blocked_draw_round_waits_for_the_boneyard():
    state = dealt("draw", ["6-6 0-1 0-2", "5-5 1-1 0-0"])
    step(state, "0 6-6")
    assert state.is_chance and state.round_number == 1  # seat 1 draws first


def test_a_tie_for_fewest_pips_scores_nobody_and_the_same_player_leads_again():
    state = dealt("block", ["6-6 0-1 0-3", "0-0 1-1 0-2"], target_score=10)
    step(state, "0 6-6")
    done = state.last_round
    assert done.pips == (4, 4) and done.winner == -1 and done.points == 0 and state.scores() == [0, 0]
    rng = random.Random(5)
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    assert state.current_player == 0 and done.leader == 0


def test_reaching_the_target_ends_the_game_and_the_highest_total_wins():
    state = dealt("block", ["6-6 5-6 4-5", "1-1 2-2 3-3"], target_score=12)
    for text in ("0 6-6", "1 pass", "0 5-6 left", "1 pass", "0 4-5 left"):
        step(state, text)
    outcome = state.outcome()
    assert state.current_player == TERMINAL and outcome.termination == Termination.TARGET_REACHED
    assert outcome.winners == (0,) and outcome.scores == (12, 0)


def test_equal_highest_totals_at_the_end_draw_the_game():
    """Only a round's winner scores, so play alone never ties at the end; the rule is
    the engine's still (a hand-set end)."""
    state = dealt("block", ["6-6 5-6 4-5", "1-1 2-2 3-3"], target_score=12)
    for text in ("0 6-6", "1 pass", "0 5-6 left", "1 pass", "0 4-5 left"):
        step(state, text)
    state.totals = (12, 12)
    assert state.outcome().winners == () and state.outcome().is_draw


# -- views and determinizations ----------------------------------------------------------------
def test_a_view_hides_the_others_and_its_deals_keep_what_the_table_knows():
    state = dealt("draw", ["0-0 1-2 3-4", "5-5 0-6 2-6"])
    view = state.view(0)
    assert view.hands[1] == [-1] * 3 and set(view.boneyard) == {-1} and view.forced_lead == parse_tile("5-5")
    rng = random.Random(2)
    for _ in range(20):  # the announced lead stays with its holder
        assert parse_tile("5-5") in view.determinize(rng).hands[1]
    step(state, "1 5-5")
    step(state, "* draw 0 1-1")  # seat 0 had no 5: it lacks 5 and so does the 1-1 it kept
    step(state, "* draw 0 2-5")
    view = state.view(1)
    for _ in range(20):
        full = view.determinize(rng)
        hand = full.hands[0]
        fitting = [t for t in hand if 5 in (int(n) for n in NAME[t].split("-"))]
        assert len(fitting) == 1 and full.legal_actions() == [full.moves.play[fitting[0]][0],
                                                              full.moves.play[fitting[0]][1]]


# -- random play against the rules ------------------------------------------------------------
def expected_legal(state) -> set[str]:
    """The rules' legal decisions, from the hand and the ends."""
    seat = state.current_player
    tiles = [NAME[t] for t in state.hands[seat]]
    if not state.line:
        if state.forced_lead >= 0:
            return {NAME[state.forced_lead]}
        return set(tiles)
    plays = {f"{t} {side}" for t in tiles for side, end in (("left", state.left), ("right", state.right))
             if str(end) in t.split("-")}
    return plays or {"pass"}


def check_line(state) -> None:
    """The line matches number to number, and its ends are its outer numbers."""
    if not state.line:
        return
    first = state.line[state.left_count]
    right = NAME[first].split("-")[1]
    for t in state.line[state.left_count + 1:]:
        a, b = NAME[t].split("-")
        assert right in (a, b)
        right = b if a == right else a
    left = NAME[first].split("-")[0]
    for t in reversed(state.line[:state.left_count]):
        a, b = NAME[t].split("-")
        assert left in (a, b)
        left = b if a == left else a
    assert (int(left), int(right)) == (state.left, state.right)


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(["draw", "block"]), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       first_lead=st.sampled_from(["highest_double", "random"]), hand_size=st.sampled_from(["standard", 3, 6]))
def test_random_play_follows_the_rules_conserves_tiles_and_hides_hands(game, players, seed, first_lead, hand_size):
    options = {"target_score": 40, "first_lead": first_lead, "hand_size": hand_size}
    match = Match(game, options={**options, "players": players}, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        state = match.state
        assert sorted(t for tiles in state.zones().values() for t in tiles) == list(range(28))
        check_line(state)
        if match.is_chance:
            if state.phase == 4:  # a draw: only for a seat that cannot play, with a boneyard
                assert game == "draw" and state.boneyard and not state.can_play(state.seat)
            match.resolve_chance()
            continue
        seat = match.current_player
        assert {str(a) for a in state.legal_actions()} == expected_legal(state)
        for other in range(players):
            view = state.view(other)
            for p in range(players):
                assert (view.hands[p] == state.hands[p]) if p == other else set(view.hands[p]) == {-1} or \
                    not state.hands[p]
            assert set(view.boneyard) <= {-1}
            full = view.determinize(rng)
            if other != seat and game == "draw" and state.boneyard and state.line:
                assert full.can_play(seat), "a Draw player who is not drawing holds a tile that fits"
        match.apply(rng.choice(state.legal_actions()))
    record = match.to_record(["random"] * players)
    assert check_record(Record.from_json(record.to_json())).scores() == record.scores
    assert sum(r.points for r in match.state.rounds) == sum(record.scores)


# -- the independent implementation's records --------------------------------------------------
@pytest.mark.parametrize("game", ["draw", "block"])
def test_every_example_record_replays_exactly(game):
    records = [record for _, record in read_records(EXAMPLES / f"{game}.jsonl")]
    assert len(records) >= 8
    for record in records:
        state = check_record(record)
        assert state.is_terminal and state.scores() == list(record.scores)
