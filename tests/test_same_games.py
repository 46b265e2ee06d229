"""The same seeds play the same games: the engine and every shipped bot on an
iteration budget (time budgets are not repeatable) decide move for move as they
did when these hashes were recorded. A change that alters a record here changes
what players and tournaments get from a seed: it must be deliberate, and the
hashes updated in the same commit with the reason."""

import hashlib
import json

import pytest

from dominoes_arcade.bots.driver import play_specs

BOTS = ["random", "greedy", "pimc:worlds=3", "ismcts:iterations=40", "pimc:worlds=2,distinct=true"]
"""Seat i of game `first` gets ``BOTS[(first + i) % 5]``: every bot in every seat of some game."""

# Recorded on 2026-12-02 (after issue 27's fixes, before the game-session rework).
EXPECTED = {
    ("necropolis", 2): ["f08a1d82bbc83ad7", "0c12383f442d4f1d", "7305bf295fb99296", "783d67d4d7f368c7",
                        "80ab5ed6e44c546a"],
    ("buildup", 2): ["51fb55c98cd6cb4b", "8d9214c59a7fc326", "769b413fef240e89", "945848e3455f55f6",
                     "14c50d6d18d12956"],
    ("cyprus", 4): ["904548c233a402eb", "8b0b5095f258de7e", "d3e600ce89e056c4", "8502b69c2acc9ed1",
                    "26c7420a43185a19"],
    ("cyprus", 7): ["d8ba3b002c118b75", "82950b79334dfbe6", "f5120e4ddcdcabee", "ee87c34c807c0717",
                    "da3333dfe6ade042"],
    ("cyprus", 10): ["3fe7ed61cefc5b30", "e43aab9e3ba2cf2a", "9fcfa94b4069b3ac", "afc7df8f14652dd0",
                     "f0844556a86f9467"],
    ("sebastopol", 4): ["b4d5da23d59fe1a3", "ff1ff5ffbaa98ac5", "cf5cc3a42fa2480d", "3f6bfbcc7a20350f",
                        "5dd0c53caa5cc91e"],
}


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), list(EXPECTED))
def test_seeded_games_are_the_games_recorded(game, players):
    got = []
    for first in range(len(BOTS)):
        specs = [BOTS[(first + seat) % len(BOTS)] for seat in range(players)]
        record = play_specs(game, specs, seed=1000 + first,
                            options={"players": players} if game == "cyprus" else None,
                            bot_seeds=[7 * first + seat + 1 for seat in range(players)])
        assert record.error is None
        got.append(hashlib.sha256(json.dumps([record.steps, record.scores, record.error]).encode()).hexdigest()[:16])
    assert got == EXPECTED[game, players]
