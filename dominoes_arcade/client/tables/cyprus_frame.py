"""What one frame of the Cyprus and Sebastopol table draws (dominoes_arcade/rules/cyprus.md and
sebastopol.md): a `Frame` the table builds from what it holds (the observation it draws,
its `cyprus_model` snapshot, the tiles in flight) and hands to its painters
(`cyprus_panels`, `cyprus_pieces`, `cyprus_status`), which read it and never the table.

Whose hands may show face up is decided here once for the frame (`visible`), so a
painter cannot show a hand the table would not: a tile of a seat's hand is drawn
face up only where `visible` says so, and logged (`draw_tile`, `log`) for the
every-frame face check.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...engine.cyprus import RoundResult
from ...engine.star_tables import Preset
from .cyprus_layout import BottomRow, StarGeometry
from .cyprus_model import TableModel
from .sprites import Note, Sprite


@dataclass(frozen=True, eq=False)
class Frame:
    """Everything the painters read for one frame (the table builds one a frame)."""

    # -- the game, as the table's observation and snapshot show it
    model: TableModel
    """The snapshot on screen (a finished round's while its summary is up)."""
    preset: Preset
    players: int
    target: int
    """The score that wins the game."""
    terminal: bool
    """The game is over."""
    rounds: Sequence[RoundResult]
    """Every round finished so far: the score sheet."""
    # -- the seats
    bottom_seat: int
    names: tuple[str, ...]
    """Each seat as the screens name it."""
    kinds: tuple[str, ...]
    """Who plays each seat ("You", "Easy bot", a record's player)."""
    players_here: list[int]
    """The seats played at this screen (the summaries speak to them)."""
    visible: tuple[bool, ...]
    """Whether each seat's hand may be drawn face up now."""
    shown_totals: tuple[int, ...]
    """Each seat's total as the plates show it (counting up after a round)."""
    totals_from: tuple[int, ...]
    """The totals before the last round's points."""
    counting: bool
    """The totals are counting up."""
    # -- what moves
    flights: Mapping[Hashable, Sprite]
    """The tiles in the air (by tile, or by the place a tile this screen may not know lands in)."""
    landing: tuple[int, ...]
    """How many of each seat's tiles are still in the air towards its hand."""
    notes: Sequence[Note]
    geometry: StarGeometry
    morph: float
    """0..1 while the arms slide to a new tile length (from `morph_from`)."""
    morph_from: StarGeometry | None
    # -- the bottom row and the decision
    row: BottomRow
    hand: list[tuple[int, pygame.Rect]]
    """The bottom hand's tiles and their places (hidden tiles as -1)."""
    hand_x: Mapping[int, float]
    """Where each tile of the bottom hand is now while it glides to its place."""
    dragged: Hashable | None
    """The source the pointer drags (left out of the hand)."""
    enabled: frozenset
    """The sources of the decisions the player may make now (the buttons they light)."""
    status: str
    """What is happening, in words (`cyprus_status.status_text`)."""
    summary_up: bool
    hold_left: float
    """Seconds the round's summary still waits."""
    human_table: bool
    """A human plays at this table (the summary waits for a press)."""
    # -- the screen
    style: Any
    """The app's `Style` (fonts, palette, theme)."""
    art: Any
    """The app's `TileArt`."""
    boards: Any
    """The app's panel painter (`draw(surface, rect, ...)`)."""
    display: Any
    """The display settings (theme, numbers on tiles)."""
    pointer: tuple[int, int] | None
    draw_tile: Callable[..., pygame.Rect]
    """The kit's `draw_tile`: draws a tile face up or down and logs it in `log`."""
    log: list
    """This frame's render log: (tile, face_up, seat) for every tile drawn."""

    def seat_logged(self, seat: int) -> int:
        """The seat a tile of `seat`'s hand is logged as: nobody's once the round is
        over (every hand is public then)."""
        return -1 if self.model.revealed else seat
