"""The greedy heuristics against worked positions, written from the rules in dominoes_arcade/rules/ and the
issue's description of what a decent human does in each game; plus what each game
tells the search (who observes a chance outcome, how a hand or round end is scored)."""

from __future__ import annotations

import random

import pytest
from steps import legal, run

from dominoes_arcade.bots import make_bot
from dominoes_arcade.bots.heuristics import Fallback, buildup, cyprus, draw_block, for_game, necropolis
from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.tiles import DOUBLE_SIX, NAME, parse_tile


def greedy(state) -> str:
    """What the greedy bot plays at `state`, asked with the mover's view."""
    seat = state.current_player
    bot = make_bot("greedy", state.game, seat, state.options_dict())
    return str(bot.choose(state.view(seat), state.legal_actions()))


# -- Necropolis (dominoes_arcade/rules/necropolis.md) -------------------------------------------------
def opened(**options):
    """Seat 0 opened with 3-4 and seat 1 with 0-1; seat 0 to move, 26 tiles left."""
    state = new_game("necropolis", options={"first_player": 0, **options})
    return run(state, "0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new")


def test_necropolis_attaches_a_drawn_tile_that_fits():
    state = run(opened(), "0 draw", "* 4-6")  # shares a 4 with 3-4
    assert greedy(state) in ("left", "right")


def test_necropolis_hides_a_blank_tile_that_does_not_fit():
    state = run(opened(), "0 draw", "* 0-0")  # no 3 or 4; hiding costs 0, a new site 1
    assert greedy(state) == "hide"


def test_necropolis_hides_a_heavy_tile_early_then_fishes_with_it():
    # With 25 tiles left there is time to unload it later (and it may fit meanwhile)...
    state = run(opened(), "0 draw", "* 5-6")
    assert greedy(state) == "hide"
    # ...and on the next turn exchanging it costs nothing if the tile it brings fits
    # the site (that one is then played for free), and at most a site if not.
    run(state, "0 hide", "1 draw", "* 2-2", "1 hide")
    assert legal(state) == ["draw", "new 5-6", "exchange 5-6"]
    assert greedy(state) == "exchange 5-6"


def found_sites_until(left: int, last_of_seat_0: str, keep: set[str]):
    """From `opened()`, both players found a site with every draw until `left` tiles
    remain and seat 0 is to move; seat 0's last site is `last_of_seat_0`, and the
    tiles in `keep` stay in the necropolis."""
    count = 26 - left  # draws until then, an even number: seat 0 draws first and moves next
    others = [t for t in DOUBLE_SIX if NAME[t] not in keep | {"3-4", "0-1", last_of_seat_0}]
    order = others[:count - 2] + [parse_tile(last_of_seat_0)] + others[count - 2:count - 1]
    state = opened()
    for index, tile in enumerate(order):
        seat = index % 2
        run(state, f"{seat} draw", f"* {NAME[tile]}", f"{seat} new")
    assert len(state.pile) == left and state.current_player == 0
    assert [NAME[t] for t, _ in state.active_site(0)] == [last_of_seat_0]
    return state


def test_necropolis_starts_a_site_with_a_heavy_tile_drawn_at_the_end():
    # Seat 0's site is 0-2, which shares nothing with the 5-6 it draws. Only 1-1
    # would remain: hiding 5-6 would keep 11 pips for good, a site costs 1.
    state = found_sites_until(2, "0-2", {"5-6", "1-1"})
    run(state, "0 draw", "* 5-6")
    assert legal(state) == ["hide", "new"]
    assert greedy(state) == "new"


def test_necropolis_founds_a_site_from_a_heavy_mastaba_tile_near_the_end():
    # the rules: "a new site from a mastaba tile of 2+ pips lowers your score". With
    # two tiles left, an exchange would likely leave a tile of ~6 pips for good.
    state = found_sites_until(4, "0-2", {"5-6", "0-0"})
    run(state, "0 draw", "* 5-6", "0 hide", "1 draw", "* 0-0", "1 new")
    assert len(state.pile) == 2
    assert legal(state) == ["draw", "new 5-6", "exchange 5-6"]
    assert greedy(state) == "new 5-6"


def test_necropolis_plays_a_mastaba_tile_that_fits():
    state = run(opened(), "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide",
                "0 draw", "* 4-5", "0 right", "1 draw", "* 1-2", "1 right")
    # The right end 4-5 now takes 5-6: 11 pips gone for free beats a new site.
    assert legal(state) == ["draw", "play 5-6 right", "new 5-6", "exchange 5-6"]
    assert greedy(state) == "play 5-6 right"


@pytest.mark.parametrize("tile, expected", [("0-0", "draw"), ("0-2", "exchange 0-2")])
def test_necropolis_lets_a_blank_mastaba_tile_be_but_fishes_with_two_pips(tile, expected):
    # A 0-0 costs nothing where it is; a 0-2 is worth exchanging early on.
    state = run(opened(), "0 draw", f"* {tile}", "0 hide", "1 draw", "* 2-2", "1 hide")
    assert greedy(state) == expected


def test_necropolis_exchanges_a_heavy_tile_when_a_site_costs_too_much():
    # With site_penalty = 10 a site saves only 2 of 6-6's 12 pips; an exchange
    # brings a tile of about 6 pips instead.
    state = run(opened(site_penalty=10), "0 draw", "* 6-6", "0 hide", "1 draw", "* 2-2", "1 hide")
    assert greedy(state) == "exchange 6-6"


def test_necropolis_chance_outcomes_are_seen_by_the_drawer_only():
    state = new_game("necropolis")
    first = state.chance_outcomes()[0][0]
    assert necropolis.observed_by(state, first, 0) and necropolis.observed_by(state, first, 1)
    run(state, "* first 1", "1 draw")
    reveal = state.chance_outcomes()[0][0]
    assert necropolis.observed_by(state, reveal, 1) and not necropolis.observed_by(state, reveal, 0)


# -- Build Up (dominoes_arcade/rules/buildup.md) ---------------------------------------------------
def dealt_buildup(line0, line1, first0, first1, fill0, fill1, **options):
    """Lines laid, one first-player draw each (different pips), hands filled."""
    state = new_game("buildup", options=options)
    steps = [f"* line 0 {t}" for t in line0] + [f"* line 1 {t}" for t in line1]
    steps += [f"* hand 0 {first0}", f"* hand 1 {first1}"]
    steps += [f"* hand 0 {t}" for t in fill0] + [f"* hand 1 {t}" for t in fill1]
    return run(state, *steps)


LIGHT = ["0-1", "0-2", "0-3", "1-2", "1-3", "2-3"]
HEAVY = ["4-6", "5-6", "3-6", "4-5", "2-6", "3-5"]


def test_buildup_covers_the_opponents_heaviest_top_with_a_tile_nothing_covers():
    state = dealt_buildup(LIGHT, HEAVY, "6-6", "0-4", ["0-0", "1-1", "0-5", "1-4", "0-6"],
                          ["0-1", "1-5", "2-4", "2-2", "3-3"])
    assert state.current_player == 0  # 12 pips against 4
    # 6-6 on the opponent's 5-6 (s7): +12 for seat 0, -11 for seat 1, and it stays.
    assert greedy(state) == "6-6 s7"


def test_buildup_keeps_a_double_when_a_plain_tile_gains_as_much():
    # Every top is a heavy double except the opponent's 0-4 and 1-3: 0-4 and 2-2
    # both cover those for the same 4 + 4, but the double also covers any
    # non-double later, so it stays in hand.
    state = dealt_buildup(["3-3", "4-4", "5-5", "6-6", "5-6", "4-6"], ["0-4", "1-3", "3-3", "4-4", "5-5", "6-6"],
                          "0-4", "0-0", ["2-2", "0-1", "0-2", "0-3", "1-2"], ["1-1", "0-1", "0-2", "0-3", "1-2"])
    assert legal(state) == ["2-2 s4", "2-2 s5", "2-2 s6", "2-2 s7", "0-4 s6", "0-4 s7"]
    assert greedy(state).startswith("0-4 ")


def test_buildup_places_the_heaviest_tile_when_a_hand_scores_what_was_played():
    state = dealt_buildup(LIGHT, HEAVY, "6-6", "0-4", ["0-0", "1-1", "0-5", "1-4", "0-6"],
                          ["0-1", "1-5", "2-4", "2-2", "3-3"], scoring="played_this_hand")
    assert greedy(state).startswith("6-6 ")


def test_buildup_fills_are_private_but_lines_and_first_draws_are_shown():
    state = new_game("buildup")
    line = state.chance_outcomes()[0][0]
    assert buildup.observed_by(state, line, 1)
    run(state, *[f"* line 0 {t}" for t in LIGHT], *[f"* line 1 {t}" for t in HEAVY])
    first = state.chance_outcomes()[0][0]
    assert buildup.observed_by(state, first, 1)  # seat 0's first-player draw, shown
    run(state, "* hand 0 6-6", "* hand 1 0-4")
    fill = state.chance_outcomes()[0][0]
    assert fill.seat == 0 and buildup.observed_by(state, fill, 0) and not buildup.observed_by(state, fill, 1)


def test_buildup_evaluation_favours_the_leader_and_is_fair_when_level():
    state = dealt_buildup(LIGHT, LIGHT, "6-6", "0-4", ["0-0", "1-1", "0-5", "1-4", "0-6"],
                          ["1-1", "1-5", "2-4", "2-2", "3-3"])
    # The lines mirror each other. Pretend one hand has ended with these tops and
    # equal totals, so that the tops count as they would then.
    state.hand_index = 1
    assert buildup.evaluate(state) == [0.5, 0.5]
    run(state, "0 6-6 s7")  # seat 0's 6-6 now covers seat 1's 0-2
    first, second = buildup.evaluate(state)
    assert 0.5 < first < 1 and first + second == pytest.approx(1)
    assert buildup.stage(state) == 1


# -- Cyprus and Sebastopol (dominoes_arcade/rules/cyprus.md and sebastopol.md) -----------------------------------
def dealt_sebastopol(hands):
    """Deal 7 tiles to each seat, one at a time from seat 0 (the dealer is seat 3)."""
    state = new_game("sebastopol")
    return run(state, *[f"* deal {p} {hands[p][i]}" for i in range(7) for p in range(4)])


def test_sebastopol_sheds_the_heavier_star_tile_when_nothing_else_differs():
    state = dealt_sebastopol([["6-6", "0-0", "0-1", "1-1", "0-4", "1-4", "4-4"],
                              ["5-6", "1-6", "0-2", "0-3", "2-3", "2-2", "3-3"],
                              ["0-6", "2-4", "3-4", "2-5", "3-5", "0-5", "1-2"],
                              ["2-6", "3-6", "4-6", "1-3", "1-5", "4-5", "5-5"]])
    run(state, "0 6-6")
    # Seat 1 holds no other 1 or 5, and has seen one tile of each: only pips differ.
    assert legal(state) == ["1-6 @0", "5-6 @0"]
    assert greedy(state) == "5-6 @0"


def test_sebastopol_opens_the_number_it_is_long_in():
    state = dealt_sebastopol([["6-6", "0-0", "0-1", "1-1", "0-4", "0-2", "4-4"],
                              ["1-6", "2-6", "1-3", "1-4", "1-5", "0-3", "3-3"],
                              ["0-6", "2-4", "3-4", "2-5", "3-5", "0-5", "1-2"],
                              ["5-6", "3-6", "4-6", "2-3", "2-2", "4-5", "5-5"]])
    run(state, "0 6-6")
    # 2-6 is heavier, but 1-6 opens a 1: seat 1 holds three more 1s to follow with,
    # and the others hold at most three of the 1s left.
    assert greedy(state) == "1-6 @0"


def test_cyprus_deals_and_draws_are_seen_by_their_receiver_only():
    state = new_game("cyprus", 4)
    deal = state.chance_outcomes()[0][0]
    assert deal.seat == 0
    assert cyprus.observed_by(state, deal, 0) and not cyprus.observed_by(state, deal, 2)


def test_cyprus_evaluation_compares_totals():
    state = new_game("cyprus", 4)
    assert cyprus.evaluate(state) == [0.5] * 4
    assert cyprus.stage(state) == 1
    state.totals = (60, 0, 0, 20)
    values = cyprus.evaluate(state)
    assert values[0] > values[3] > values[1] == values[2]
    assert sum(values) == pytest.approx(2.0)  # each pair shares one unit between two seats
    assert all(0 < v < 1 for v in values)


# -- every game ----------------------------------------------------------------------
def test_every_game_has_its_own_knowledge_and_an_unknown_game_falls_back():
    for game, module in (("necropolis", necropolis), ("buildup", buildup), ("cyprus", cyprus), ("sebastopol", cyprus),
                         ("draw", draw_block), ("block", draw_block)):
        assert for_game(game) is module.KNOWLEDGE and for_game(game) is not Fallback
    assert for_game("dominoes-of-tomorrow") is Fallback
    state = new_game("necropolis")
    assert Fallback.observed_by(state, state.chance_outcomes()[0][0], 0)


def test_greedy_beats_random_by_far_on_duplicate_deals():
    """A cheap strength check (docs/strength.md has the measurements)."""
    from dominoes_arcade.bots.driver import play_specs

    for game, needed in (("necropolis", 0.7), ("buildup", 0.9)):
        wins = decided = 0
        for deal in range(40):
            for seats in (["greedy", "random"], ["random", "greedy"]):
                record = play_specs(game, seats, seed=deal)
                winners = record.extra["winners"]
                decided += bool(winners)
                wins += bool(winners) and seats[winners[0]] == "greedy"
        assert wins >= needed * decided, (game, wins, decided)


@pytest.mark.slow
def test_cyprus_greedy_wins_more_than_its_share_against_random():
    from dominoes_arcade.bots.driver import play_specs

    wins = games = 0
    for deal in range(40):
        for rotation in range(4):
            seats = ["random"] * 4
            seats[rotation] = "greedy"
            record = play_specs("cyprus", seats, seed=deal)
            wins += record.extra["winners"] == [rotation]
            games += 1
    # An equal player wins a quarter (40 of 160); these deals give greedy 65.
    assert wins >= 0.3 * games


# -- Draw and Block (dominoes_arcade/rules/draw.md, block.md) ----------------------------------
def dealt_line_game(game, hands, **options):
    state = new_game(game, len(hands), {"hand_size": len(hands[0].split()), **options})
    for i in range(len(hands[0].split())):
        for seat, hand in enumerate(hands):
            run(state, f"* deal {seat} {hand.split()[i]}")
    return state


def test_line_game_greedy_sheds_the_heavier_tile_and_keeps_a_follow():
    state = dealt_line_game("block", ["6-6 0-1 0-2 1-2", "5-6 4-6 0-0 2-2"])
    run(state, "0 6-6")
    assert greedy(state) == "5-6 left"  # 11 pips, and 4-6 can follow on the 6 left open
    run(state, "1 5-6 left", "0 pass")
    assert greedy(state) == "4-6 right"


def test_line_game_chance_is_seen_by_its_receiver_and_a_random_leader_by_all():
    state = dealt_line_game("draw", ["6-6 0-1 0-2", "5-5 1-1 0-0"], first_lead="random")
    first = state.chance_outcomes()[1][0]
    assert all(draw_block.observed_by(state, first, seat) for seat in (0, 1))
    fresh = new_game("draw")
    deal = fresh.chance_outcomes()[0][0]
    assert draw_block.observed_by(fresh, deal, 0) and not draw_block.observed_by(fresh, deal, 1)


def test_line_game_evaluation_compares_totals_and_distinct_drops_the_mirrored_play():
    state = new_game("block", 3)
    state.totals = (30, 0, 0)
    lead, *rest = draw_block.evaluate(state)
    assert lead > 0.5 > rest[0] == pytest.approx(rest[1]) and lead + sum(rest) == pytest.approx(1.5)
    state = dealt_line_game("block", ["6-6 0-1 0-2", "5-6 4-6 0-0"])
    run(state, "0 6-6")
    legal_now = state.legal_actions()
    assert [str(a) for a in draw_block.distinct(state, legal_now)] == ["4-6 left", "5-6 left"]


# -- mid-game estimates, where ISMCTS cuts its rollouts (issue 18) ---------------------
def test_necropolis_estimate_favours_the_seat_heading_for_the_lower_score():
    # Both hide a heavy tile early: each can still start a site with it later, so
    # each heads for one point more.
    state = run(opened(), "0 draw", "* 5-6", "0 hide", "1 draw", "* 4-6", "1 hide")
    assert necropolis.estimate(state) == pytest.approx([0.5, 0.5])
    # Then seat 0 hides a blank (free) and seat 1 a 2-3 (a point more).
    run(state, "0 draw", "* 0-0", "0 hide", "1 draw", "* 2-3", "1 hide")
    first, second = necropolis.estimate(state)
    assert 0.5 < first < 1 and first + second == pytest.approx(1)


def test_cyprus_estimate_favours_short_hands_and_the_next_to_move_and_keeps_the_totals():
    state = new_game("cyprus", 4)
    rng = __import__("random").Random(2)
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    state.hands = [state.hands[0][:] for _ in range(4)]  # the same hand everywhere
    to_move = state.seat
    values = cyprus.estimate(state)
    in_turn_order = [values[(to_move + k) % 4] for k in range(4)]
    assert in_turn_order == sorted(in_turn_order, reverse=True) and in_turn_order[0] > in_turn_order[3]
    assert sum(values) == pytest.approx(2.0) and all(0 < v < 1 for v in values)
    last = (to_move + 3) % 4
    state.hands[last] = state.hands[last][:3]  # the last to move, but nearly out
    values = cyprus.estimate(state)
    assert values[last] == max(values) and sum(values) == pytest.approx(2.0)
    state.hands[last] = state.hands[0][:]
    state.totals = tuple(90 if seat == last else 0 for seat in range(4))  # a big lead outweighs the turn order
    assert cyprus.estimate(state)[last] == max(cyprus.estimate(state))


# -- the policy: one `choose` for the bot, the tree's widening and the rollouts -------
@pytest.mark.parametrize("game, players, options", [
    ("cyprus", 4, {}), ("cyprus", 10, {}), ("cyprus", 5, {"boneyard_reserve": 1, "hand_sizes": "bell"}),
    ("sebastopol", None, {}), ("necropolis", None, {}), ("necropolis", None, {"after_empty": "mastaba_phase"}),
    ("buildup", None, {}), ("draw", 3, {"target_score": 40}), ("block", 2, {"target_score": 40}),
])
def test_the_policy_picks_the_same_best_from_any_set_of_moves_that_holds_it(game, players, options):
    """Every decision of seeded games (greedy with a fifth of random moves, so that
    odd positions come up too): with or without the legal list, on the full state and
    on the mover's view, the policy decides alike; with some moves already tried (as
    `ismcts` asks when it widens a node) it returns an untried legal move, and the
    same one as before whenever that one is still untried."""
    import random

    from dominoes_arcade.engine import CHANCE

    knowledge = for_game(game)
    rng = random.Random(11)
    checked = narrowed = 0
    for _ in range(12):
        state = new_game(game, players, options)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_actions()
            best = knowledge.choose(state, rng, moves)
            assert any(best is move for move in moves)
            assert knowledge.choose(state, rng) is best
            assert knowledge.choose(state.view(state.current_player), rng, moves) is best, str(best)
            checked += 1
            if len(moves) > 2:
                tried = {move: None for move in moves if rng.random() < 0.5}
                untried = [move for move in moves if move not in tried]
                if untried:
                    choice = knowledge.choose(state, rng, moves, tried)
                    assert any(choice is move for move in untried)
                    if best not in tried:
                        assert choice is best, (str(best), str(choice))
                    narrowed += 1
            state.apply(best if rng.random() < 0.8 else moves[rng.randrange(len(moves))])
    assert checked > 200 and narrowed > 20, (checked, narrowed)


def _scored_as_documented(state, play) -> float:
    """`cyprus.decide`'s worth of `play`, worked out the long way from its docstring:
    the tile's pips (a double's bonus added), plus FOLLOW_WEIGHT for each other tile in
    hand that a number open after the play shows, less BLOCK_WEIGHT for each unseen
    tile (neither on the table nor in the mover's hand) showing a number the play
    opens, plus as much for each one showing a number it closes. The open numbers are
    the arms' ends (while the star fills, the ends so far)."""
    from dominoes_arcade.engine.tiles import HIGH, IS_DOUBLE, LOW, PIPS

    hand = state.hands[state.seat]
    ends_after = list(state.ends)
    if play.arg == len(ends_after):
        ends_after.append(PIPS[play.tile] - state.preset.suit)
    else:
        ends_after[play.arg] = PIPS[play.tile] - ends_after[play.arg]
    before, after = set(state.ends), set(ends_after)
    table = {t for line in state.layout for t in line} | {state.preset.spinner}
    unseen = [t for t in state.preset.tiles if t not in table and t not in hand]

    def showing(tiles, numbers):
        return sum(1 for t in tiles if LOW[t] in numbers or HIGH[t] in numbers)

    exposed = showing(unseen, after - before) - showing(unseen, before - after)
    follow = showing([t for t in hand if t != play.tile], after)
    bonus = cyprus.DOUBLE_BONUS if IS_DOUBLE[play.tile] else 0.0
    return PIPS[play.tile] + bonus + cyprus.FOLLOW_WEIGHT * follow - cyprus.BLOCK_WEIGHT * exposed


@pytest.mark.parametrize("game, players", [("cyprus", 4), ("cyprus", 10), ("sebastopol", None)])
def test_cyprus_policy_plays_the_move_its_docstring_scores_highest(game, players):
    """At every decision with a choice of plays in seeded games (a fifth of the moves
    random, so that odd positions come up), `decide` plays the first of the legal
    plays that score highest by the documented weighing, worked out play by play
    (`_scored_as_documented`), in the star phase and on the arms."""
    import random

    from dominoes_arcade.engine import CHANCE

    rng = random.Random(5)
    checked = 0
    for _ in range(4):
        state = new_game(game, players)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_actions()
            if len(moves) > 1 and moves[0].kind == "play":
                scores = [_scored_as_documented(state, move) for move in moves]
                expected = moves[scores.index(max(scores))]
                assert cyprus.decide(state) is expected, (str(cyprus.decide(state)), str(expected))
                checked += 1
            state.apply(cyprus.decide(state) if rng.random() < 0.8 else moves[rng.randrange(len(moves))])
    assert checked > 100, checked


class _StepByStep:
    """A game's knowledge without its round shortcut: `play_out` then steps the engine
    through every decision."""

    def __init__(self, knowledge):
        self.knowledge = knowledge

    def __getattr__(self, name):
        return getattr(self.knowledge, name)

    def play_round(self, state, rng):
        return False


@pytest.mark.parametrize("game, players, options", [
    ("cyprus", 4, {}), ("cyprus", 10, {}),
    ("cyprus", 5, {"boneyard_reserve": 1, "block_tie": "lightest_tile"}),
    ("cyprus", 4, {"hand_sizes": "bell", "target_score": 20}),
    ("sebastopol", None, {"block_tie": "lightest_tile", "target_score": 20}),
])
def test_cyprus_plays_a_round_out_in_one_go_as_step_by_step(game, players, options):
    """`play_round` (the rollouts' shortcut) ends the round as the engine stepped
    through the policy's decisions ends it, from sampled deals of every seat's
    decisions and from the chance step of a draw: the same totals, rounds and
    rewards, having drawn the same numbers from the RNG."""
    import random

    from dominoes_arcade.bots.ismcts import play_out
    from dominoes_arcade.engine import CHANCE
    from dominoes_arcade.engine.star_tables import DRAW

    knowledge = for_game(game)
    step_by_step = _StepByStep(knowledge)
    rng = random.Random(3)
    checked = draws = 0
    for _ in range(6):
        state = new_game(game, players, options)
        while not state.is_terminal:
            if state.current_player == CHANCE and state.phase != DRAW:
                state.apply(state.sample_chance(rng))
                continue
            start = state.view(state.current_player).determinize(rng) if state.phase != DRAW else state
            limit, seed = knowledge.stage(start) + 1, rng.getrandbits(32)
            shortcut, stepped = start.clone(), start.clone()
            rng_shortcut, rng_stepped = random.Random(seed), random.Random(seed)
            assert play_out(shortcut, knowledge, rng_shortcut, limit, 0.1) == play_out(
                stepped, step_by_step, rng_stepped, limit, 0.1)
            assert (shortcut.totals, shortcut.rounds, shortcut.phase) == (stepped.totals, stepped.rounds, stepped.phase)
            assert rng_shortcut.random() == rng_stepped.random()
            checked += 1
            draws += state.phase == DRAW
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(knowledge.choose(state, rng))
    assert checked > 200 and (draws > 5 or game == "sebastopol"), (checked, draws)


@pytest.mark.parametrize("game, players, options", [
    ("draw", 2, {"target_score": 40}), ("draw", 4, {"hand_size": 5, "target_score": 30}),
    ("block", 3, {"blocked_scoring": "all", "target_score": 30}),
])
def test_line_game_plays_a_round_out_in_one_go_as_step_by_step(game, players, options):
    """Draw's and Block's `play_round`, as Cyprus's above: the same totals, rounds and
    rewards as stepping the engine, the same numbers drawn from the RNG."""
    import random

    from dominoes_arcade.bots.ismcts import play_out
    from dominoes_arcade.engine import CHANCE
    from dominoes_arcade.engine.draw_block import DRAW

    knowledge = for_game(game)
    step_by_step = _StepByStep(knowledge)
    rng = random.Random(3)
    checked = draws = 0
    for _ in range(4):
        state = new_game(game, players, options)
        while not state.is_terminal:
            if state.current_player == CHANCE and state.phase != DRAW:
                state.apply(state.sample_chance(rng))
                continue
            start = state.view(state.current_player).determinize(rng) if state.phase != DRAW else state
            limit, seed = knowledge.stage(start) + 1, rng.getrandbits(32)
            shortcut, stepped = start.clone(), start.clone()
            rng_shortcut, rng_stepped = random.Random(seed), random.Random(seed)
            assert play_out(shortcut, knowledge, rng_shortcut, limit, 0.1) == play_out(
                stepped, step_by_step, rng_stepped, limit, 0.1)
            assert (shortcut.totals, shortcut.rounds, shortcut.phase) == (stepped.totals, stepped.rounds, stepped.phase)
            assert rng_shortcut.random() == rng_stepped.random()
            checked += 1
            draws += state.phase == DRAW
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(knowledge.choose(state, rng))
    assert checked > 50 and (draws > 3 or game == "block"), (checked, draws)


def test_cyprus_round_shortcut_waits_for_the_lead():
    """Before the spinner is set there is no round to play out in one go."""
    import random

    state = new_game("cyprus", 4)
    assert not cyprus.play_round(state, random.Random(1))


def test_the_star_rollouts_own_bit_count_counts_every_set_they_hold():
    """The compiled build's rollouts count bits with `_native_bit_count` (native
    64-bit arithmetic), not `int.bit_count`: every set below 2**62 counts alike."""
    rng = random.Random(5)
    sets = [0, 1, (1 << 55) - 1, (1 << 62) - 1, 1 << 61, 0x1555555555555555, 0x2AAAAAAAAAAAAAAA]
    sets += [rng.getrandbits(rng.randint(1, 62)) for _ in range(2000)]
    for bits in sets:
        assert cyprus._native_bit_count(bits) == bits.bit_count(), hex(bits)
