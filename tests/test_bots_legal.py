"""Every bot only ever returns legal decisions, in every game and many variants
(issue 5, "Tests"), and a seed repeats its decisions exactly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.bots import make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.engine import CHANCE, GAMES, new_game

# (game, players, options): defaults, and variants that change what a heuristic weighs.
CASES = [
    ("necropolis", None, {}),
    ("necropolis", None, {"site_penalty": 4}),
    ("necropolis", None, {"site_penalty": 0, "allow_exchange": False}),
    ("necropolis", None, {"after_empty": "mastaba_phase", "tie_break": "fewer_sites", "max_turns": 60}),
    ("buildup", None, {}),
    ("buildup", None, {"nondouble_on_double": "greater_or_equal", "later_hands_first": "trailing"}),
    ("buildup", None, {"scoring": "played_this_hand", "unplayed_penalty": True}),
    ("cyprus", 4, {"target_score": 40}),
    ("cyprus", 5, {"target_score": 20, "boneyard_reserve": 1, "block_tie": "lightest_tile"}),
    ("cyprus", 10, {"target_score": 20}),
    ("cyprus", 4, {"target_score": 20, "hand_sizes": "bell"}),
    ("sebastopol", None, {"target_score": 20}),
    ("draw", 2, {"target_score": 30}),
    ("draw", 4, {"target_score": 20, "first_lead": "random", "blocked_scoring": "all"}),
    ("block", 2, {"target_score": 30}),
    ("block", 3, {"target_score": 20, "hand_size": 5, "first_lead": "random"}),
]


def test_every_registered_game_has_a_case():
    assert set(GAMES) <= {game for game, _, _ in CASES}


def play_checked(game, players, options, specs, seed):
    """Play a whole game with a bot per seat, each asked with its own view; every
    decision goes through the checked `apply`. Returns how many were made."""
    state = new_game(game, players, options)
    resolved = state.options_dict()
    bots = [make_bot(spec, game, seat, resolved, seed + seat) for seat, spec in enumerate(specs)]
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), list(legal))
        assert any(action is a for a in legal), f"{specs[seat]} chose {action!r}, not one of {legal}"
        state.apply(action)
        decisions += 1
    return decisions


@settings(max_examples=200, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32), cheap=st.sampled_from(["random", "greedy"]))
def test_random_and_greedy_play_whole_games_legally(case, seed, cheap):
    game, players, options = case
    n = new_game(game, players, options).num_players
    # Mix the two, so each plays against the other as well as against itself.
    specs = [cheap if seat % 2 == 0 else "greedy" for seat in range(n)]
    assert play_checked(game, players, options, specs, seed) > 0


def random_position(game, players, options, seed):
    """A decision point with a choice, drawn uniformly from those of a random game
    (reservoir sampling), or None if the game had none."""
    rng = random.Random(seed)
    state = new_game(game, players, options)
    chosen, seen = None, 0
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            seen += 1
            if rng.randrange(seen) == 0:
                chosen = state.clone()
        state.apply_unchecked(rng.choice(legal))
    return chosen


@settings(max_examples=120, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32),
       spec=st.sampled_from(["ismcts:iterations=12", "ismcts:iterations=12,horizon=0,epsilon=1",
                             "ismcts:iterations=12,c=0,margin=0"]))
def test_ismcts_returns_legal_decisions_in_random_positions(case, seed, spec):
    game, players, options = case
    state = random_position(game, players, options, seed)
    if state is None:
        return
    seat = state.current_player
    bot = make_bot(spec, game, seat, state.options_dict(), seed)
    legal = state.legal_actions()
    action = bot.choose(state.view(seat), list(legal))
    assert any(action is a for a in legal)
    assert bot.last_search["iterations"] == 12


def test_thousands_of_greedy_decisions_are_legal():
    """A fixed sweep on top of the hypothesis examples, so the count is known."""
    decisions = 0
    for index, (game, players, options) in enumerate(CASES):
        n = new_game(game, players, options).num_players
        for seed in range(10):
            decisions += play_checked(game, players, options, ["greedy"] * n, 1000 * index + seed)
    assert decisions >= 5000


def test_the_same_seed_gives_the_same_game():
    for game, players, options in (("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 4,
                                                                                    {"target_score": 20})):
        n = new_game(game, players, options).num_players
        specs = ["ismcts:iterations=15", "random"] + ["greedy"] * (n - 2)
        first = play_specs(game, specs, seed=11, options=options, bot_seeds=list(range(n)))
        again = play_specs(game, specs, seed=11, options=options, bot_seeds=list(range(n)))
        assert first.steps == again.steps and first.error is None
        # The random bot's seed matters: dozens of uniform choices cannot all repeat.
        other = play_specs(game, specs, seed=11, options=options, bot_seeds=[0, 99] + list(range(2, n)))
        assert other.steps != first.steps
