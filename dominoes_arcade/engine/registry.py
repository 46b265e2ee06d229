"""The game registry: one `GameEntry` per game, the only list of games (in the spirit
of python-chess's ``VARIANTS``). The CLI's game names, the bots' heuristics, the
client's tables, menus and rules pages all look a game up here.

Adding a game is one engine module (a `State` subclass) plus one `register` call.
Everything an entry names outside the engine is a dotted path string, imported only
by whoever needs it (`load`), so the engine imports nothing outside itself.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """What the program knows of one game."""

    name: str
    """As in records and on the command line (``"necropolis"``)."""
    state: str
    """Its rules: ``"package.module:StateClass"``, a `State` subclass."""
    title: str
    """As menus and headings show it (``"Build Up"``)."""
    players: tuple[int, int]
    """The fewest and most seats."""
    tile_set: str = "dominoes"
    """The tiles it is played with, for menus (``"double-six"``)."""
    pitch: str = ""
    """One line for the game's card in the menus."""
    heuristics: str | None = None
    """The bots' knowledge of the game, a module (see `dominoes_arcade.bots.heuristics`);
    None: the bots' fallback (random choices)."""
    table: str | None = None
    """The client's table, ``"package.module:TableClass"``; None: the client's generic table."""
    rules: str | None = None
    """The rules document, ``"package:file.md"``; None: not written yet."""
    showcase: tuple[tuple[int, int], tuple[int, int]] = ((1, 2), (3, 3))
    """Two tiles (as number pairs) drawn on the game's card."""
    showcase_owners: tuple[int | None, int | None] = (None, None)
    """Whose set each showcase tile is from (Build Up's two colours)."""

    def state_class(self) -> type:
        """The game's `State` subclass (its module is imported on first use)."""
        return load(self.state)


GAMES: dict[str, GameEntry] = {}
"""Every registered game by name, in the order menus list them."""


class UnknownGame(ValueError):
    pass


def register(entry: GameEntry) -> GameEntry:
    """Add `entry` (or replace the entry of the same name)."""
    GAMES[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (tests that register a toy game clean up with it)."""
    GAMES.pop(name, None)


def entry(name: str) -> GameEntry:
    """The entry of game `name`. :raises UnknownGame: naming the registered games."""
    found = GAMES.get(name)
    if found is None:
        raise UnknownGame(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return found


@functools.cache
def load(path: str) -> Any:
    """The object a dotted path names: ``"package.module:attribute"``, or a module
    for ``"package.module"`` (looked up once: `new_game` asks for every game)."""
    module, _, attribute = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


for _entry in (
    GameEntry("necropolis", "dominoes_arcade.engine.necropolis:NecropolisState", "Necropolis", (2, 2),
              "double-six", "Bury tiles in your grave sites, hide the rest: the lowest score wins.",
              heuristics="dominoes_arcade.bots.heuristics.necropolis",
              table="dominoes_arcade.client.tables.necropolis:NecropolisTable",
              rules="dominoes_arcade.rules:necropolis.md", showcase=((0, 1), (5, 5))),
    GameEntry("buildup", "dominoes_arcade.engine.buildup:BuildUpState", "Build Up", (2, 2),
              "two coloured sets", "Cover the twelve stacks so your colour shows on top.",
              heuristics="dominoes_arcade.bots.heuristics.buildup",
              table="dominoes_arcade.client.tables.buildup:BuildUpTable",
              rules="dominoes_arcade.rules:buildup.md", showcase=((4, 5), (2, 2)), showcase_owners=(0, 1)),
    GameEntry("cyprus", "dominoes_arcade.engine.cyprus:CyprusState", "Cyprus", (4, 10),
              "double-nine", "Build the star round the 9-9, then race to go out.",
              heuristics="dominoes_arcade.bots.heuristics.cyprus",
              table="dominoes_arcade.client.tables.cyprus:CyprusTable",
              rules="dominoes_arcade.rules:cyprus.md", showcase=((9, 9), (3, 9))),
    GameEntry("sebastopol", "dominoes_arcade.engine.cyprus:SebastopolState", "Sebastopol", (4, 4),
              "double-six", "Cyprus's ancestor: a four-armed star round the 6-6.",
              heuristics="dominoes_arcade.bots.heuristics.cyprus",
              table="dominoes_arcade.client.tables.cyprus:CyprusTable",
              rules="dominoes_arcade.rules:sebastopol.md", showcase=((6, 6), (2, 6))),
):
    register(_entry)
