"""The checked path (`apply`, `is_legal`) agrees with the trusting one
(`apply_unchecked`) and with the lists it replaces (`legal_actions`,
`chance_outcomes`) over seeded random games of every registered game (issue 18)."""

from __future__ import annotations

import pickle
import random

import pytest

from dominoes_arcade.engine import CHANCE, GAMES, IllegalAction, State, new_game, state_class
from dominoes_arcade.engine.core import _REGISTRY
from dominoes_arcade.engine.star_tables import DEAL

GAMES_AND_SEATS = [(name, entry.players[0]) for name, entry in GAMES.items()]
GAMES_AND_SEATS += [(name, entry.players[1]) for name, entry in GAMES.items() if entry.players[1] > entry.players[0]]


def every_action() -> dict[str, list]:
    """Every interned action, by game (each game's module interns its own on import)."""
    for name in GAMES:
        state_class(name)
    by_game: dict[str, list] = {}
    for (game, _), action in _REGISTRY.items():
        by_game.setdefault(game, []).append(action)
    return by_game


def listed(state: State) -> list:
    """What the lists say `apply` accepts here."""
    if state.is_terminal:
        return []
    if state.current_player == CHANCE:
        return [action for action, _ in state.chance_outcomes()]
    return state.legal_actions()


def snapshot(state: State) -> tuple:
    return (state.current_player, state.zones(), state.scores(), state.outcome())


@pytest.mark.parametrize("game, players", GAMES_AND_SEATS)
def test_checked_and_unchecked_paths_agree_over_random_games(game, players):
    actions = every_action()
    own = actions[game]
    foreign = [a for other, found in actions.items() if other != game for a in found[:50]]
    for seed in range(4):
        rng = random.Random(seed)
        checked = new_game(game, players)
        trusted = checked.clone()
        steps = 0
        while not checked.is_terminal and steps < 400:
            allowed = listed(checked)
            candidates = allowed + rng.sample(own, min(40, len(own))) + rng.sample(foreign, 5)
            for action in candidates:
                expected = any(a is action for a in allowed)
                assert checked.is_legal(action) == expected, (game, str(action), snapshot(checked))
                if not expected:
                    before = snapshot(checked)
                    with pytest.raises(IllegalAction) as raised:
                        checked.apply(action)
                    assert raised.value.reason == checked.why_illegal(action)
                    assert snapshot(checked) == before  # a refused action changes nothing
            if checked.current_player == CHANCE:
                action = checked.sample_chance(rng)
            else:
                action = allowed[rng.randrange(len(allowed))]
            checked.apply(action)
            trusted.apply_unchecked(action)
            assert snapshot(checked) == snapshot(trusted)
            steps += 1


@pytest.mark.parametrize("game", list(GAMES))
def test_nothing_is_legal_on_a_view_or_once_the_game_is_over(game):
    rng = random.Random(3)
    state = new_game(game)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    legal = state.legal_actions()
    assert not state.view(state.current_player).is_legal(legal[0])
    while not state.is_terminal:
        allowed = listed(state)
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(allowed))
    assert not any(state.is_legal(action) for action in every_action()[game])


@pytest.mark.parametrize("game, players, zone, mirror", [
    ("cyprus", 4, "boneyard", "in_boneyard"), ("cyprus", 10, "boneyard", "in_boneyard"),
    ("sebastopol", None, "boneyard", "in_boneyard")])
def test_the_tile_bitmasks_mirror_their_lists(game, players, zone, mirror):
    """The bitmask `is_legal` looks a dealt or drawn tile up in (the star games'
    boneyard) is its list as bits after every step, in clones, pickled copies and
    determinizations, and 0 on a view, whose chance outcomes are then refused."""
    def bits(state: State) -> int:
        return sum(1 << t for t in getattr(state, zone) if t >= 0)

    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(game, players)
        steps = 0
        while not state.is_terminal and steps < 600:
            assert getattr(state, mirror) == bits(state)
            for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
                assert getattr(copy, mirror) == getattr(state, mirror)
            if steps % 7 == 0:
                view = state.view(rng.randrange(state.num_players))
                assert getattr(view, mirror) == 0
                if state.current_player == CHANCE:
                    assert not view.is_legal(state.sample_chance(rng))
                if state.phase != DEAL:  # a view is determinized once the round is dealt
                    full = view.determinize(rng)
                    assert getattr(full, mirror) == bits(full) and len(getattr(full, zone)) == len(getattr(state, zone))
            allowed = listed(state)
            state.apply(state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(allowed))
            steps += 1
