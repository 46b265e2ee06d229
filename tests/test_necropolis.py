"""Necropolis worked examples, written from dominoes_arcade/rules/necropolis.md."""

from __future__ import annotations

import pytest
from steps import legal, run

from dominoes_arcade.engine import IllegalAction, Termination, new_game
from dominoes_arcade.engine.tiles import DOUBLE_SIX, NAME, PIPS, parse_tile


def opened(**options):
    """Seat 0 opened with 3-4 and seat 1 with 0-1; seat 0 to move."""
    state = new_game("necropolis", options={"first_player": 0, **options})
    return run(state, "0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new")


def site_names(state, seat):
    return [NAME[t] for t, _ in state.active_site(seat)]


def test_opening_is_forced_draw_then_new_site():
    state = new_game("necropolis", options={"first_player": 1})
    assert state.current_player == 1
    assert legal(state) == ["draw"]
    run(state, "1 draw", "* 2-5")
    assert legal(state) == ["new"], "the opening tile can only found grave site #1"
    run(state, "1 new")
    assert state.sites_started(1) == 1 and site_names(state, 1) == ["2-5"]
    assert state.current_player == 0 and legal(state) == ["draw"]


def test_random_first_player_is_a_chance_step():
    state = new_game("necropolis")
    assert state.is_chance
    assert sorted((str(a), p) for a, p in state.chance_outcomes()) == [("first 0", 0.5), ("first 1", 0.5)]
    run(state, "* first 1")
    assert state.current_player == 1


def test_one_tile_site_offers_both_ends_then_each_end_matches_its_own_tile():
    state = opened()
    run(state, "0 draw", "* 4-6")
    assert legal(state) == ["left", "right", "hide", "new"]
    run(state, "0 right", "1 draw", "* 5-5", "1 hide")
    assert site_names(state, 0) == ["3-4", "4-6"]
    # 1-3 shares a 3 with the left end (3-4) but nothing with the right end (4-6).
    run(state, "0 draw", "* 1-3")
    assert legal(state) == ["left", "hide", "new"]
    run(state, "0 left", "1 draw", "* 0-0", "1 hide")
    assert site_names(state, 0) == ["1-3", "3-4", "4-6"]
    # 2-6 matches only the right end now.
    run(state, "0 draw", "* 2-6")
    assert legal(state) == ["right", "hide", "new"]


def test_drawn_tile_that_fits_nowhere_can_only_be_hidden_or_found_a_site():
    state = opened()
    run(state, "0 draw", "* 0-5")  # the site is 3-4: no 3 or 4 on 0-5
    assert legal(state) == ["hide", "new"]
    with pytest.raises(IllegalAction, match="does not match the left end"):
        run(state, "0 left")


def test_orientation_lines_the_shared_number_up():
    state = opened()
    # A new site shows its low number on top: 3 over 4.
    assert state.active_site(0) == ((parse_tile("3-4"), 3),)
    # 4-6 shares only the 4, the neighbour's bottom: suit to suit, so 6 over 4.
    run(state, "0 draw", "* 4-6", "0 right", "1 draw", "* 0-0", "1 hide")
    assert state.active_site(0)[-1] == (parse_tile("4-6"), 6)
    # 1-3 shares the 3, the neighbour's top: rank to rank, so 3 over 1.
    run(state, "0 draw", "* 1-3", "0 left")
    assert state.active_site(0)[0] == (parse_tile("1-3"), 3)


def test_empty_mastabas_leave_only_the_draw():
    state = opened()
    assert legal(state) == ["draw"]


def test_mastaba_tiles_can_be_played_founded_or_exchanged():
    state = opened()
    run(state, "0 draw", "* 4-5", "0 hide", "1 draw", "* 2-2", "1 hide")
    assert legal(state) == ["draw", "play 4-5 left", "play 4-5 right", "new 4-5", "exchange 4-5"]


def test_new_site_from_a_heavy_mastaba_tile_lowers_the_score():
    state = opened()
    run(state, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide")
    before = state.scores()[0]
    assert before == PIPS[parse_tile("5-6")] + 1
    run(state, "0 new 5-6")
    assert state.sites_started(0) == 2
    assert state.scores()[0] == before - 11 + 1
    assert site_names(state, 0) == ["5-6"], "the new site is the active one"
    assert [NAME[t] for t, _ in state.sites[0][0]] == ["3-4"], "the old site is kept, abandoned"


def test_exchange_draws_into_the_mastabas_and_returns_the_tile_to_the_necropolis():
    state = opened()
    run(state, "0 draw", "* 5-5", "0 hide", "1 draw", "* 2-2", "1 hide")
    pile_before = len(state.pile)
    run(state, "0 exchange 5-5")
    assert state.is_chance
    outcomes = [str(a) for a, _ in state.chance_outcomes()]
    assert "5-5" not in outcomes, "the returned tile goes back only after the draw"
    run(state, "* 0-0")
    assert [NAME[t] for t in state.mastabas[0]] == ["0-0"]
    assert parse_tile("5-5") in state.pile and len(state.pile) == pile_before
    assert state.current_player == 1


def test_exchange_needs_the_option_and_a_mastaba_tile():
    state = opened(allow_exchange=False)
    run(state, "0 draw", "* 5-5", "0 hide", "1 draw", "* 2-2", "1 hide")
    assert not any(a.startswith("exchange") for a in legal(state))
    with pytest.raises(IllegalAction, match="allow_exchange"):
        run(state, "0 exchange 5-5")
    with pytest.raises(IllegalAction, match="not in your mastabas"):
        run(state, "0 exchange 6-6")


def alternate_draws(plan, **options):
    """Seat 0 opens; the seats alternate, each drawing the next tile of `plan`
    (tile, decision). Returns the state."""
    state = new_game("necropolis", options={"first_player": 0, **options})
    for turn, (tile, decision) in enumerate(plan):
        seat = turn % 2
        run(state, f"{seat} draw", f"* {tile}", f"{seat} {decision}")
    return state


def expected_scores(plan, penalty):
    """Scores by the rules: pips hidden plus the penalty per site started."""
    scores = [0, 0]
    for turn, (tile, decision) in enumerate(plan):
        if decision == "hide":
            scores[turn % 2] += PIPS[parse_tile(tile)]
        elif decision == "new":
            scores[turn % 2] += penalty
    return scores


def full_plan(decide):
    """All 28 tiles in a fixed order; openings found sites, then `decide(turn)`."""
    tiles = [NAME[t] for t in DOUBLE_SIX]
    return [(tile, "new" if turn < 2 else decide(turn)) for turn, tile in enumerate(tiles)]


def test_the_game_ends_when_the_last_tile_is_decided_and_scores_follow_the_rules():
    plan = full_plan(lambda turn: "new" if turn % 5 == 0 else "hide")
    state = alternate_draws(plan)
    assert state.is_terminal, "the necropolis is empty: no further turn"
    assert state.outcome().termination is Termination.NECROPOLIS_EMPTY
    assert state.scores() == expected_scores(plan, 1)
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(state.parse_action("draw"))


def test_site_penalty_scales_the_sites_started():
    plan = full_plan(lambda turn: "new" if turn % 3 == 0 else "hide")
    state = alternate_draws(plan, site_penalty=4)
    assert state.scores() == expected_scores(plan, 4)


def tie_plan():
    """Both seats draw equal pips each round: 0-2 and 1-1 are both 2 pips, and so on."""
    order = ["0-0", "0-1", "0-2", "1-1", "0-3", "1-2", "0-4", "1-3", "0-5", "1-4", "2-3", "0-6",
             "1-5", "2-4", "1-6", "2-5", "3-4", "2-2", "2-6", "3-5", "3-6", "4-5", "4-6", "5-5",
             "5-6", "3-3", "4-4", "6-6"]
    assert sorted(order) == sorted(NAME[t] for t in DOUBLE_SIX)
    plan = []
    for turn, tile in enumerate(order):
        if turn < 2:
            plan.append((tile, "new"))
            continue
        pair_start = turn - turn % 2
        equal = PIPS[parse_tile(order[pair_start])] == PIPS[parse_tile(order[pair_start + 1])]
        plan.append((tile, "hide" if equal else "new"))
    return plan


@pytest.mark.parametrize("tie_break", ["draw", "fewer_sites"])
def test_equal_scores_with_equal_sites_are_a_draw(tie_break):
    plan = tie_plan()
    state = alternate_draws(plan, tie_break=tie_break)
    scores = expected_scores(plan, 1)
    assert scores[0] == scores[1] and state.scores() == scores
    assert state.sites_started(0) == state.sites_started(1)
    assert state.outcome().is_draw


@pytest.mark.parametrize("tie_break,winners", [("draw", ()), ("fewer_sites", (1,))])
def test_equal_scores_fewer_sites_breaks_the_tie_only_when_asked(tie_break, winners):
    plan = tie_plan()
    # Seat 0 founds a site with 0-2 (2 pips) where seat 1 hides 1-1 (2 pips): with a
    # penalty of 2 the scores stay equal, but seat 0 has one more site.
    assert plan[2][0] == "0-2" and plan[3][0] == "1-1"
    plan[2] = ("0-2", "new")
    state = alternate_draws(plan, tie_break=tie_break, site_penalty=2)
    scores = expected_scores(plan, 2)
    assert scores[0] == scores[1] and state.scores() == scores
    assert state.sites_started(0) == state.sites_started(1) + 1
    assert state.outcome().winners == winners


def test_lowest_score_wins():
    plan = full_plan(lambda turn: "hide" if turn % 2 == 0 else "new")
    state = alternate_draws(plan)
    scores = expected_scores(plan, 1)
    assert state.outcome().winners == ((0,) if scores[0] < scores[1] else (1,))


def test_mastaba_phase_attach_or_pass_until_both_pass():
    # Seat 0 opens 0-0 and hides every other tile; seat 1 hides everything too.
    plan = full_plan(lambda turn: "hide")
    state = alternate_draws(plan, after_empty="mastaba_phase")
    assert not state.is_terminal and not state.pile
    steps = []
    while not state.is_terminal:
        actions = legal(state)
        assert "draw" not in actions and not any(a.startswith(("new", "exchange")) for a in actions)
        if actions != ["pass"]:
            assert all(a.startswith("play ") for a in actions), "no pass while an attach is possible"
        steps.append(f"{state.current_player} {actions[0]}")
        run(state, steps[-1])
    assert state.outcome().termination is Termination.BOTH_PASSED
    assert steps[-2:] == ["1 pass", "0 pass"] or steps[-2:] == ["0 pass", "1 pass"]
    assert any(step.startswith("0 play") for step in steps), "0-0's site takes every 0 from the mastabas"


def test_max_turns_ends_endless_exchanges():
    state = opened(max_turns=50)
    run(state, "0 draw", "* 5-5", "0 hide", "1 draw", "* 6-6", "1 hide")
    turns = 4
    while not state.is_terminal:
        seat = state.current_player
        tile = NAME[state.mastabas[seat][0]]
        drawn = NAME[state.pile[0]]
        run(state, f"{seat} exchange {tile}", f"* {drawn}")
        turns += 1
    assert turns == 50 and state.turns == 50
    assert state.outcome().termination is Termination.MAX_TURNS
    assert len(state.pile) == 28 - 4, "four tiles were drawn; exchanges keep the count"


def test_illegal_actions_name_the_reason():
    state = opened()
    with pytest.raises(IllegalAction, match="no drawn tile"):
        run(state, "0 hide")
    with pytest.raises(IllegalAction, match="not in your mastabas"):
        run(state, "0 play 2-2 left")
    run(state, "0 draw")
    with pytest.raises(IllegalAction, match="not in the necropolis"):
        run(state, "* 3-4")  # already on seat 0's site
    run(state, "* 1-2")
    with pytest.raises(IllegalAction, match="drawn tile 1-2"):
        run(state, "0 draw")
    with pytest.raises(IllegalAction, match="pass is only for the mastaba phase"):
        run(state, "0 hide", "1 pass")
