"""Reading the other hands from their plays in Sebastopol (bots/heuristics/star_inference.py)
and `pimc`'s ``infer`` option that samples worlds by it."""

from __future__ import annotations

import random
import statistics

import pytest

from dominoes_arcade.bots import BotError, make_bot
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.heuristics import cyprus
from dominoes_arcade.bots.heuristics.star_inference import HandReader, WorldChain, hand_bits, round_moves, round_start
from dominoes_arcade.engine import CHANCE, new_game


def greedy_round(game: str, seed: int, decisions: int):
    """A full state after `decisions` greedy decisions of a seeded game (None once the
    first round is over), with its current player's view."""
    rng = random.Random(seed)
    state = new_game(game, 4, {})
    done = 0
    while state.outcome() is None:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if done == decisions:
            return state, state.view(state.current_player)
        if state.round_number > 1:
            return None
        state.apply(cyprus.choose(state, state.legal_actions()))
        done += 1
    return None


def positions(count: int):
    found = (greedy_round("sebastopol", seed, 4 + seed % 16) for seed in range(count))
    return [p for p in found if p is not None]


def readings(count: int):
    """`positions` with the round's moves and the seat to move: what a reading starts from."""
    return [(state, view, round_moves(view), state.current_player) for state, view in positions(count)]


def test_replaying_the_round_from_its_start_reaches_the_world():
    for state, view in positions(30):
        moves = round_moves(view)
        replay = round_start(state, moves)
        for _, tile, arm in moves:
            legal = replay.legal_actions()
            replay.apply([a for a in legal if tile < 0 or (a.tile == tile and (arm < 0 or a.arg == arm))][0])
        assert replay.hands == state.hands and replay.layout == state.layout and replay.ends == state.ends
        assert replay.current_player == state.current_player


def test_the_true_deal_of_greedy_players_is_likelier_than_sampled_deals():
    rng = random.Random(3)
    far_likelier = checked = 0
    for state, view, moves, me in readings(30):
        reader = HandReader(view.determinize(rng), moves, me, cyprus.choose)
        truth = reader.likelihood(state, me)  # every other seat played greedy
        sampled = [reader.likelihood(view.determinize(rng), me) for _ in range(10)]
        assert 0.0 < truth <= 1.0 and all(0.0 <= weight <= 1.0 for weight in sampled)
        assert truth >= statistics.median(sampled)
        far_likelier += truth > 10 * statistics.median(sampled)
        checked += 1
    assert far_likelier >= checked // 2


def fits_at(snapshot, seat: int, tile: int) -> bool:
    """Whether `tile` alone would have been a legal play for `seat` at that decision."""
    trial = snapshot.clone()
    trial.hands[seat] = [tile]
    return trial.legal_actions()[0].kind != "pass"


def test_a_hand_that_passed_holding_a_tile_that_fit_is_impossible():
    found = 0
    for state, _, moves, me in readings(80):
        reader = HandReader(state, moves, me, cyprus.choose)
        for seat, decisions in enumerate(reader.decisions):
            hand = state.hands[seat]
            if seat == me or not hand:
                continue
            assert reader.weight(seat, hand_bits(hand)) > 0.0  # the truth is possible
            others = [t for s, other in enumerate(state.hands) if s not in (seat, me) for t in other]
            for snapshot, tile, _ in decisions:
                fitting = [t for t in others if tile < 0 and fits_at(snapshot, seat, t)]
                if fitting:  # the same hand size, one tile that would have fit at the pass
                    bits = hand_bits(hand[1:]) | 1 << fitting[0]
                    assert reader.weight(seat, bits) == 0.0
                    found += 1
    assert found > 0


def test_the_chain_puts_more_tiles_in_the_right_hand_than_the_view_deals():
    rng = random.Random(5)
    chain_right = uniform_right = 0
    for state, view, moves, me in readings(40):
        chain = WorldChain(view, moves, me, cyprus.choose, rng, 50)
        for _ in range(10):
            chain_world, uniform_world = chain.world(rng, 5), view.determinize(rng)
            for seat, hand in enumerate(state.hands):
                if seat != me:
                    chain_right += len(set(hand) & set(chain_world.hands[seat]))
                    uniform_right += len(set(hand) & set(uniform_world.hands[seat]))
            assert sorted(t for hand in chain_world.hands for t in hand) == sorted(
                t for hand in state.hands for t in hand)  # the same tiles, dealt otherwise
            assert [len(hand) for hand in chain_world.hands] == [len(hand) for hand in state.hands]
            assert chain_world.hands[me] == state.hands[me]
            assert HandReader(state, moves, me, cyprus.choose).likelihood(chain_world, me) > 0.0
    assert chain_right > 1.1 * uniform_right  # a chain that read nothing would give 1.0


def test_nothing_is_read_in_a_game_with_hidden_draws():
    state, view = greedy_round("cyprus", 1, 6)
    assert round_moves(view) is None
    bot = make_bot("pimc:worlds=2,infer=4", "cyprus", view.current_player, state.options_dict(), 1)
    legal = state.legal_actions()
    assert any(bot.choose(view, list(legal)) is a for a in legal)


def test_pimc_with_infer_is_legal_and_repeatable():
    specs = ["pimc:worlds=3,infer=4", "greedy", "greedy", "greedy"]
    first = play_specs("sebastopol", specs, seed=7, options={}, bot_seeds=[1, 2, 3, 4])
    again = play_specs("sebastopol", specs, seed=7, options={}, bot_seeds=[1, 2, 3, 4])
    assert first.error is None and "winners" in first.extra
    assert first.steps == again.steps


def test_infer_is_refused_in_a_game_without_the_reading():
    with pytest.raises(BotError, match="no reading of the others' plays"):
        make_bot("pimc:infer=4", "buildup", 0, {}, 1)


def test_the_others_are_read_as_greedy_whatever_the_rollouts_play(monkeypatch):
    state, view = next(p for p in positions(20) if len(p[0].legal_actions()) > 1)  # a decision to think about
    me = state.current_player
    policies = []

    class Recorded(WorldChain):
        def __init__(self, view, moves, me, choose, rng, burn_in):
            policies.append(choose)
            super().__init__(view, moves, me, choose, rng, burn_in)
    monkeypatch.setattr(cyprus, "WorldChain", Recorded)
    legal = state.legal_actions()
    for spec in ("pimc:worlds=2,infer=3", "pimc:worlds=2,infer=3,policy=strong", "pimc:worlds=2,infer=3,own=strong"):
        make_bot(spec, "sebastopol", me, state.options_dict(), 1).choose(view, list(legal))
    assert policies == [cyprus.choose] * 3
