"""The table of a game played on a line with two open ends, as far as the game's
rules do not change it: what the table shows (`LineModel`, a frozen snapshot the
table takes of the observation it draws, and animates between) and where everything
sits, as pure functions of it. The table tweens only the tiles in motion, so undo
and replays that rebuild the game simply lay the table out again.

The 1280x720 canvas (the footer's 48 px at the bottom stay free)::

    +--------------- the other seats' plates, clockwise ---------------+
    |                        the status line                           |
    |                                                                  |
    |       the line of play: a snake from the centre (snake.py)       |
    |                                                                  |
    +--------+------------------ the hand -----------------+-----------+
    | plate  |                                             | boneyard  |
    +--------+---------------------------------------------+-----------+

An action's events, as the observing seat saw them, say which tile went where; the
table then takes a fresh snapshot and flies the moved tiles from their places in the
old one to their places in the new. Where the engine has started the next round by
the time a round's end is seen, `end_of_round` rebuilds the finished line from the
old snapshot and the last play, every hand shown (a finished round's are public).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pygame

from .snake import LineGeometry, fit_line, line_numbers


@dataclass(frozen=True)
class LineModel:
    line: tuple[int, ...]
    """The tiles played this round, left to right."""
    first: int
    """The index in `line` of the round's first tile (the lead)."""
    hands: tuple[tuple[int, ...], ...]
    """Every hand as the observation shows it: a hand the observer may not see is its
    count of -1 (the table decides which hands it may show face up)."""
    boneyard: int
    to_move: int
    """The seat to decide, or -1 (chance, or the game is over)."""
    round_number: int
    leader: int
    totals: tuple[int, ...]
    revealed: bool = False
    """The round is over and every hand is public."""
    result: Any = None
    """The engine's account of the finished round once `revealed` (every hand in
    ``result.hands``)."""

    @property
    def ends(self) -> tuple[int, int]:
        """The open ends' numbers (left, right), or (-1, -1) before the lead."""
        numbers = line_numbers(self.line, self.first)
        return (numbers[0], numbers[-1]) if self.line else (-1, -1)


def with_play(model: LineModel, tile: int, where: str) -> LineModel:
    """`model` with `tile` laid (`where`: ``"lead"``, ``"left"`` or ``"right"``)."""
    if where == "left":
        return replace(model, line=(tile, *model.line), first=model.first + 1)
    return replace(model, line=(*model.line, tile))


def end_of_round(before: LineModel, result: Any, totals: tuple[int, ...],
                 last_play: tuple[int, str] | None) -> LineModel:
    """The finished round's table: `before` with its last tile laid (`last_play`:
    (tile, where)), every hand as the `result` shows it, and the new totals."""
    finished = with_play(before, *last_play) if last_play is not None else before
    return replace(finished, hands=result.hands, to_move=-1, totals=totals, revealed=True, result=result)


AREA = pygame.Rect(16, 128, 1248, 392)
"""The felt where the line lies."""
TOP_ROW = pygame.Rect(16, 6, 1248, 84)
STATUS_Y = 108
"""The status line's centre."""
PLATE_WIDTH = 380
PLATE_GAP = 24
PLATE_TILE = 30
"""The other seats' face-down tiles on their plates (long side)."""
LIFT = 14
"""How far a playable tile in the hand stands up."""
PILE_TILE = 48
"""The boneyard's pile of face-down tiles (long side)."""


@dataclass(frozen=True)
class BottomRow:
    """The bottom of the table: the bottom seat's plate, its hand (upright tiles in a
    row, lifted when playable) and the boneyard with the pass button."""

    plate: pygame.Rect
    hand: pygame.Rect
    hand_length: int
    boneyard: pygame.Rect
    pass_button: pygame.Rect | None

    @property
    def pile_centre(self) -> tuple[int, int]:
        """The centre of the boneyard's pile (its bottom tile): where a drawn tile leaves from."""
        return self.boneyard.x + 28, self.boneyard.bottom - 32

    @property
    def pile_length(self) -> int:
        return PILE_TILE


PLAY_ROW = BottomRow(pygame.Rect(16, 548, 196, 120), pygame.Rect(224, 540, 780, 128), 96,
                     pygame.Rect(1016, 548, 248, 120), pygame.Rect(1140, 614, 112, 44))
REPLAY_ROW = BottomRow(pygame.Rect(16, 528, 490, 60), pygame.Rect(520, 556, 484, 112), 80,
                       pygame.Rect(1016, 548, 248, 120), None)
"""A replay's bottom row: the plate above the replay controls, the hand beside them, no button."""


HAND_BADGE_GAP = 12
"""Between a hand tile and its badge: past the focus marker's corners (9 out, and
half their width)."""


def hand_badge_spot(tile: pygame.Rect, pitch: float, size: tuple[int, int]) -> pygame.Rect | None:
    """Where a badge of `size` for the bottom hand's tile at `tile` goes: above the
    tile, centred on it, in the band between the felt and the hand (a badge placed
    beside the tile crossed the felt's bottom edge), within about the tile's share
    of the row (`pitch`), so it reads as its own tile's; None where that band or
    share is too small for it (a lifted tile in play)."""
    width, height = size
    bottom = tile.top - HAND_BADGE_GAP
    if width > pitch + 6 or bottom - height < AREA.bottom + 3:
        return None
    return pygame.Rect(tile.centerx - width // 2, bottom - height, width, height)


@lru_cache(maxsize=64)
def line_on_felt(line: tuple[int, ...], first: int) -> LineGeometry:
    """The line on `AREA` at the largest tile length at which it fits (asked every
    frame: kept for the lines seen lately)."""
    return fit_line(line, first, tuple(line_numbers(line, first)), AREA)


def seat_plates(players: int, bottom: int) -> dict[int, pygame.Rect]:
    """The other seats' plates along the top, clockwise from the bottom seat's left."""
    others = [(bottom + k) % players for k in range(1, players)]
    width = min(PLATE_WIDTH, (TOP_ROW.width - PLATE_GAP * (len(others) - 1)) // max(1, len(others)))
    total = len(others) * width + PLATE_GAP * (len(others) - 1)
    x = TOP_ROW.centerx - total // 2
    return {seat: pygame.Rect(x + k * (width + PLATE_GAP), TOP_ROW.y, width, TOP_ROW.height)
            for k, seat in enumerate(others)}


def plate_tiles(plate: pygame.Rect, count: int) -> list[pygame.Rect]:
    """A plate's `count` upright tiles along its lower half, left of the count's room."""
    w, h = PLATE_TILE // 2, PLATE_TILE
    room = plate.width - 20 - 56
    pitch = min(w + 3, room / max(1, count))
    return [pygame.Rect(round(plate.x + 10 + i * pitch), plate.bottom - h - 8, w, h) for i in range(count)]


def hand_tiles(count: int, lifted: frozenset[int], row: BottomRow) -> list[pygame.Rect]:
    """The bottom seat's `count` upright tiles, centred in the row's hand box (shorter
    when a long hand would not fit); the indices in `lifted` stand a little higher."""
    box = row.hand
    length = row.hand_length
    while length > 48 and count * (length // 2 + 6) > box.width:
        length -= 8
    w, h = length // 2, length
    pitch = min(w + 6, (box.width - w) / max(1, count - 1)) if count > 1 else 0
    width = w + pitch * (count - 1)
    x = box.x + (box.width - width) / 2
    y = box.bottom - h - 6
    return [pygame.Rect(round(x + i * pitch), y - (LIFT if i in lifted else 0), w, h) for i in range(count)]
