"""`pimc_reads` (Build Up's `auto`): it follows the opponent's placements of the hand
and samples worlds that explain them; legal and repeatable from a seed."""

from __future__ import annotations

import random

from dominoes_arcade.bots.driver import play_bots
from dominoes_arcade.bots.greedy import GreedyBot
from dominoes_arcade.bots.heuristics import buildup
from dominoes_arcade.bots.pimc_reads import ReadingPimcBot
from dominoes_arcade.engine import CHANCE, new_game
from dominoes_arcade.engine.buildup_matrix import ROW


def explains(bot: ReadingPimcBot, world) -> bool:
    """Whether the policy, holding `world`'s hand, makes every placement the
    opponent made this hand."""
    opponent = 1 - bot.seat
    hand = list(world.hands[opponent])
    for before, tile, stack in reversed(bot._placements):
        hand.append(tile)
        state = before.clone()
        state.viewer = -1
        state.hands[opponent] = sorted(hand)
        state.hand_rows[opponent] = sum(ROW[t] for t in hand)
        choice = buildup.strong_rollout_action(state)
        if (choice.tile, choice.arg) != (tile, stack):
            return False
    return True


def test_it_records_the_opponents_placements_of_the_hand_and_samples_worlds_that_explain_them():
    seat = 0
    bot = ReadingPimcBot("buildup", seat, {}, 3, worlds=2, odds=1e6)
    state = new_game("buildup")
    rng = random.Random(8)
    placed: list[tuple[int, int]] = []
    hand = 0
    compared = 0
    while not state.is_terminal:
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            action = buildup.strong_choose(state, state.legal_actions())  # the opponent plays the model
            if player != seat and action.kind == "place":
                placed.append((action.tile, action.arg))
            state.apply(action)
        if state.hand_index != hand:
            hand, placed = state.hand_index, []
        bot.observe(state.view(seat))
        assert [(tile, stack) for _, tile, stack in bot._placements] == placed
        if state.current_player == seat and len(placed) >= 3:
            view = state.view(seat)
            kept = [bot.sample_world(view, rng) for _ in range(10)]
            assert all(explains(bot, world) for world in kept)
            compared += 1
    assert compared > 0


def test_a_whole_game_repeats_from_its_seeds_and_stays_legal():
    def game():
        bots = [ReadingPimcBot("buildup", 0, {}, 1, worlds=3, policy="strong"), GreedyBot("buildup", 1, {}, 2)]
        return play_bots("buildup", bots, 21)
    first, again = game(), game()
    assert first.error is None and first.steps == again.steps
