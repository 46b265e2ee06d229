"""Game tables: one module per game, each a `TableScene` subclass.

A table is opened from a `TableSetup` (the game, each seat's kind, the variant
options, the seed, and whether it is a demo, the replay of a record, or the
player's seat of an online game: `online_setup`). Each
game's registry entry (`engine.registry`) names its table class as
``"module:Class"``; a game whose entry names none plays on the `generic` table.
Adding a game's table is one module here (following the contract in `hooks` and
`interaction`) and its name in the game's registry entry.

A game's table keeps to one split: pure layout geometry (where each tile and zone
sits, from the state: ``<game>_layout``); painters, objects made with the table that
read its layout and state and change nothing (`necropolis_draw.NecropolisPainter`,
`buildup_panels.BuildUpPainter`, Cyprus's `Pieces` and `Panels`); and the scene
(decisions, and engine events turned into the kit's `sprites.Sprite` motion).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...bots.program import seat_label as program_label
from ...engine import entry
from ...engine.records import Record
from ...engine.registry import load

if TYPE_CHECKING:
    from ..app import App
    from .base import TableScene

SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")
SEAT_LABELS = {"human": "Human", "easy": "Easy bot", "medium": "Medium bot", "hard": "Hard bot", "expert": "Expert bot",
               "record": "Record", "online": "Online player"}


def seat_label(kind: str) -> str:
    """A seat kind in words; a bot program (``cmd:COMMAND``) by its program's name
    (`bots.program.seat_label`)."""
    if kind.startswith("cmd:"):
        return program_label(kind)
    return SEAT_LABELS.get(kind, kind)

@dataclass
class TableSetup:
    """Everything a table needs to start a game."""

    game: str
    seats: list[str]
    """Each seat's kind, seat 0 first: ``"human"``, ``"easy"``, ``"medium"``, ``"hard"``,
    ``"expert"`` (``"record"`` when replaying)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The game's variant table (config.toml's values, changed on the setup screen)."""
    seed: int = 1
    demo: bool = False
    """Bots in every seat, started from the title or with ``--demo``: a finished demo
    starts another."""
    record: Record | None = None
    """Replay this record's steps instead of asking seats and dealing."""
    start: Record | None = None
    """Steps already played, to lay silently before play goes on: a saved game
    continued, or a replay taken over at some step (its seed deals what follows)."""
    continued: bool = False
    """The saved game, continued: finishing it discards the save."""
    assisted: bool = False
    """The saved game continued had the move values shown before it was left: the
    session's game stays assisted."""
    online: Any = None
    """The `remote.link.OnlineLink` of an online game (its player seat joined, the
    game started): the server decides the game, the table shows the seat's part."""

    @property
    def players(self) -> int:
        return len(self.seats)


def online_setup(link: Any) -> TableSetup:
    """The setup of the online game `link` is in (its lobby: the game, its options,
    each seat ``human`` for this player, ``online`` for another, a bot's difficulty)."""
    lobby = link.lobby
    seats = ["human" if seat == link.seat else "online" if entry["kind"] == "player" else entry["kind"]
             for seat, entry in enumerate(lobby["seats"])]
    return TableSetup(lobby["game"], seats, dict(lobby["options"]), online=link)


def table_class(game: str) -> type[TableScene]:
    """The table scene class for `game`: the one its registry entry names, else
    the generic table. :raises UnknownGame: for a game not registered."""
    target = entry(game).table
    if target is None:
        from .generic import GenericTable

        return GenericTable
    return load(target)


def open_table(app: App, setup: TableSetup, *, replace: bool = False) -> TableScene:
    """Build the table for `setup` and put it on top of the stack (replacing the
    top scene with `replace`, as the setup screen does)."""
    scene = table_class(setup.game)(app, setup)
    if replace:
        app.scenes.replace(scene)
    else:
        app.scenes.push(scene)
    return scene
