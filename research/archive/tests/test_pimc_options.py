"""Archived from tests/test_bots_pimc.py at commit 32475e6 (see research/README.md):
the tests of pimc's ``depth`` and ``own`` options, which left the package. They ran
against that commit's package, not this one."""

from __future__ import annotations

import random

import pytest

from dominoes_arcade.bots import BotError, heuristics, make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.ismcts import play_out, stage_limit
from dominoes_arcade.bots.pimc import MARGIN_WEIGHT, lookahead_policy
from dominoes_arcade.engine import CHANCE, new_game


def rollout_calls(monkeypatch, spec: str, game: str, state) -> dict[str, int]:
    """How many rollout decisions (``rollout_action``) and mid-game estimates
    (``estimate``) one `spec` decision at `state` spends, counted through the
    game's heuristic module."""
    module = heuristics.for_game(game)
    counts = {"rollout_action": 0, "estimate": 0}

    def counted(name):
        real = getattr(module, name)

        def wrapper(*args):
            counts[name] += 1
            return real(*args)
        return wrapper
    with monkeypatch.context() as patch:
        for name in counts:
            patch.setattr(module, name, counted(name))
        seat = state.current_player
        make_bot(spec, game, seat, state.options_dict(), 5).choose(state.view(seat), state.legal_actions())
    return counts


def first_choice(game: str, players, options: dict, seed: int):
    """The first decision with a choice in a seeded game played greedily (early in
    the first round, so rollouts have many decisions ahead)."""
    state = new_game(game, players, options)
    bots = [make_bot("greedy", game, seat, options, seat) for seat in range(state.num_players)]
    rng = random.Random(seed)
    while True:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            return state
        state.apply_unchecked(bots[state.current_player].choose(state.view(state.current_player), legal))


def test_depth_cuts_the_rollouts_where_the_game_has_an_estimate(monkeypatch):
    """With ``depth=2`` each paired rollout makes at most two decisions and ends in
    the game's `estimate` (or earlier at the round's end); without it the rollouts
    play the round out and never call the estimate."""
    for game, players in (("cyprus", 4), ("sebastopol", None)):
        state = first_choice(game, players, {"target_score": 40}, 3)
        tries = 3 * len(state.legal_actions())
        full = rollout_calls(monkeypatch, "pimc:worlds=3", game, state)
        cut = rollout_calls(monkeypatch, "pimc:worlds=3,depth=2", game, state)
        assert full["estimate"] == 0 and full["rollout_action"] > 4 * tries, (game, full, tries)
        assert cut["rollout_action"] <= 2 * tries and cut["estimate"] == tries, (game, cut, tries)


def test_depth_changes_nothing_in_a_game_without_an_estimate():
    """Build Up has no mid-game `estimate`: its rollouts play on to the hand's end
    whatever the depth, so a seeded game is the same as without it (as in `ismcts`)."""
    assert not hasattr(heuristics.for_game("buildup"), "estimate")
    specs = ["pimc:worlds=2,depth=3", "greedy"]
    cut = play_specs("buildup", specs, seed=4, bot_seeds=[0, 1])
    plain = play_specs("buildup", ["pimc:worlds=2", "greedy"], seed=4, bot_seeds=[0, 1])
    assert cut.error is None and cut.steps == plain.steps


def test_own_strong_rolls_only_its_own_seat_out_by_the_strong_policy(monkeypatch):
    """``own=strong``: in the rollouts the bot's own later decisions come from the
    game's strong policy, every other seat's from greedy's."""
    for game, players, greedy_name, strong_name in (("sebastopol", None, "rollout_action", "strong_rollout_action"),
                                                    ("cyprus", 4, "rollout_action", "strong_rollout_action"),
                                                    ("buildup", None, "choose", "strong_choose")):
        state = first_choice(game, players, {}, 3)
        module = heuristics.for_game(game)
        seats: dict[str, set[int]] = {greedy_name: set(), strong_name: set()}

        def recorded(module, name, seats):
            real = getattr(module, name)

            def wrapper(position, *args):
                seats[name].add(position.current_player)
                return real(position, *args)
            return wrapper
        with monkeypatch.context() as patch:
            for name in seats:
                patch.setattr(module, name, recorded(module, name, seats))
            me = state.current_player
            bot = make_bot("pimc:worlds=3,own=strong", game, me, state.options_dict(), 5)
            legal = state.legal_actions()
            action = bot.choose(state.view(me), list(legal))
        assert any(action is a for a in legal)
        assert seats[strong_name] == {me}, (game, seats)
        assert seats[greedy_name] and me not in seats[greedy_name], (game, seats)


def test_own_strong_is_repeatable_and_refused_without_a_strong_policy():
    specs = ["pimc:worlds=3,own=strong", "greedy", "greedy", "greedy"]
    first = play_specs("sebastopol", specs, seed=7, bot_seeds=[1, 2, 3, 4])
    again = play_specs("sebastopol", specs, seed=7, bot_seeds=[1, 2, 3, 4])
    assert first.error is None and first.steps == again.steps
    with pytest.raises(BotError, match="no strong rollout policy"):
        make_bot("pimc:own=strong", "necropolis", 0, {}, 1)


def test_own_lookahead_keeps_the_play_whose_greedy_rollout_scores_best():
    """``own=lookahead``'s policy for its seat: every distinct play rolled out once by
    greedy from one seed, the best kept (ties: the first)."""
    checked = 0
    for seed in range(12):
        state = first_choice("sebastopol", None, {}, seed)
        me = state.current_player
        module = heuristics.for_game("sebastopol")
        legal = module.distinct(state, state.legal_actions())
        if len(legal) < 2:
            continue
        chosen = lookahead_policy(module, me, 1)(state, state.legal_actions(), random.Random(seed))
        roll_seed = random.Random(seed).getrandbits(64)
        values = []
        for action in legal:
            trial = state.clone()
            trial.apply_unchecked(action)
            values.append(play_out(trial, module, random.Random(roll_seed), stage_limit(module, state, 1),
                                   MARGIN_WEIGHT)[me])
        assert chosen is legal[values.index(max(values))]
        checked += 1
    assert checked >= 6
    specs = ["pimc:worlds=2,own=lookahead", "greedy", "greedy", "greedy"]
    first = play_specs("cyprus", specs, seed=5, options={"target_score": 30}, bot_seeds=[1, 2, 3, 4])
    again = play_specs("cyprus", specs, seed=5, options={"target_score": 30}, bot_seeds=[1, 2, 3, 4])
    assert first.error is None and first.steps == again.steps
