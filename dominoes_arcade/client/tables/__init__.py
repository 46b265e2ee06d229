"""Game tables: one module per game, each a `TableScene` subclass.

A table is opened from a `TableSetup` (the game, each seat's kind, the variant
options, the seed, and whether it is a demo or the replay of a record). `TABLES`
maps each game to its table class as ``"module:Class"``. Adding a game's table is
one module here (following the contract in `interaction`) and one line in `TABLES`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...engine.records import Record

if TYPE_CHECKING:
    from ..app import App
    from .base import TableScene

SEAT_KINDS = ("human", "easy", "medium", "hard")
SEAT_LABELS = {"human": "Human", "easy": "Easy bot", "medium": "Medium bot", "hard": "Hard bot", "record": "Record"}

TABLES: dict[str, str] = {
    "necropolis": "dominoes_arcade.client.tables.necropolis:NecropolisTable",
    "buildup": "dominoes_arcade.client.tables.buildup:BuildUpTable",
    "cyprus": "dominoes_arcade.client.tables.cyprus:CyprusTable",
    "sebastopol": "dominoes_arcade.client.tables.cyprus:CyprusTable",
}
"""game -> ``"dominoes_arcade.client.tables.<game>:<Class>"``, its real table."""


@dataclass
class TableSetup:
    """Everything a table needs to start a game."""

    game: str
    seats: list[str]
    """Each seat's kind, seat 0 first: ``"human"``, ``"easy"``, ``"medium"``, ``"hard"``
    (``"record"`` when replaying)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The game's variant table (config.toml's values, changed on the setup screen)."""
    seed: int = 1
    demo: bool = False
    """Bots in every seat, started from the title or with ``--demo``: a finished demo
    starts another."""
    record: Record | None = None
    """Replay this record's steps instead of asking seats and dealing."""

    @property
    def players(self) -> int:
        return len(self.seats)


def table_class(game: str) -> type[TableScene]:
    """The table scene class for `game`. :raises KeyError: for a game with no table."""
    target = TABLES.get(game)
    if target is None:
        raise KeyError(f"no table for {game!r}: add it to TABLES in dominoes_arcade/client/tables")
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def open_table(app: App, setup: TableSetup, *, replace: bool = False) -> TableScene:
    """Build the table for `setup` and put it on top of the stack (replacing the
    top scene with `replace`, as the setup screen does)."""
    scene = table_class(setup.game)(app, setup)
    if replace:
        app.scenes.replace(scene)
    else:
        app.scenes.push(scene)
    return scene
