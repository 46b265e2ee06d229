"""A toy game for the tests: Sebastopol under another name, to show that adding a
game takes one engine module (this one) and one registry entry (`ENTRY`), nothing
else: no heuristics, no table and no rules document of its own, so the bots, the
client and the CLI use their fallbacks.

Use it inside ``with registered():`` (the registry is global: the toy must not leak
into other tests' lists of games).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from dominoes_arcade.engine import GameEntry, register, unregister
from dominoes_arcade.engine.core import Option
from dominoes_arcade.engine.cyprus import StarState
from dominoes_arcade.engine.star_tables import Preset
from dominoes_arcade.engine.tiles import DOUBLE_SIX

NAME = "toystar"


class ToyStarState(StarState):
    __slots__ = ()
    game = NAME
    preset = Preset(NAME, DOUBLE_SIX, suit=6, slots=4, max_players=4, deals_everything=True)
    OPTIONS = {o.name: o for o in (
        Option("target_score", 30, "the game ends when a player's total reaches this", minimum=20, maximum=200,
               kind=int),
        Option("block_tie", "no_score", "a blocked round's tie: nobody scores, or the lightest tile wins",
               choices=("no_score", "lightest_tile")),
    )}
    PLAYERS = 4


ENTRY = GameEntry(NAME, "toy_game:ToyStarState", "Toy Star", (4, 4), "double-six",
                  "Sebastopol renamed: a game added with one module and one registry entry.")


@contextmanager
def registered() -> Iterator[GameEntry]:
    """The toy game registered for the duration of the block."""
    register(ENTRY)
    try:
        yield ENTRY
    finally:
        unregister(NAME)
