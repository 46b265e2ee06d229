"""Where everything sits on the Build Up table (dominoes_arcade/rules/buildup.md), as pure
geometry: the two lines of six stacks in the middle, each seat's hand on its side
of them, the boneyards and the tiles set aside on the right, the score sheet and
a stack's history on the left. Nothing here draws; the painter
(`buildup_panels`) and the scene (`buildup`) read these places.

The seat at the screen sits at the bottom (`BuildUpLayout.bottom`); its line of
stacks is the lower one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from ...engine.buildup import LINE_LENGTH

WIDTH = 1280
STACK_LENGTH = 92
"""A stack's top tile, upright: 46 x 92."""
STACK_PITCH = 112
STACK_ROWS = {"top": 194, "bottom": 366}
"""The centre line of each line of stacks: the top seat's line above, the bottom seat's below."""
UNDER_SHOWN = 3
"""How many tiles under a stack's top peek out above it (the height badge gives the rest)."""
UNDER_STEP = 6
STACK_NUMBER_DROP = 5
"""From a stack's tile down to its number's line (the digits' ink starts 3 lower):
room for the focus marker's bottom edge and a gap under it."""
FOCUS_BOTTOM = 3
"""How far under a stack's tile the focus marker reaches (its brackets, 5 thick,
2 more): it stops above the stack's number rather than go round it, as the
line's edge lies just under the number."""
HAND_LENGTH = {"top": 72, "bottom": 108}
HAND_Y = {"top": 50, "bottom": 512}
HAND_GAP = {"top": 8, "bottom": 14}
LIFT = 16
"""How far a picked-up hand tile rises."""
HAND_BADGE_GAP = 12
"""Between a bottom hand tile and its badge: past the focus marker's corners (9
out, and half their width)."""
STATUS_Y = 614
"""The centre line of the status line, under the bottom hand's badges."""
NEWS_Y = 646
"""The centre line of the news banner, under the status line."""
HAND_X = 700
"""Hands sit right of centre, leaving room for the seat's name plate on their left."""
SHEET = pygame.Rect(16, 16, 220, 404)
SHEET_COLUMNS = (SHEET.x + 138, SHEET.right - 16)
"""The right edges of the score sheet's two columns (Seat 1, Seat 2)."""
PASS_RECT = pygame.Rect(914, 486, 116, 52)
"""The Pass button, right of the hand, shown when passing is the only move."""
SIDE_X = 1048
"""The right-hand column: each seat's boneyard and tiles set aside."""
SIDE_Y = {"top": 16, "bottom": 352}
SIDE_PANELS = {side: pygame.Rect(SIDE_X - 8, top - 4, 228, 324) for side, top in SIDE_Y.items()}
"""Each seat's boneyard panel (its pile, its tiles set aside)."""
SIDE_COLUMN = SIDE_PANELS["top"].union(SIDE_PANELS["bottom"])
PILE_LENGTH = 60
ASIDE_LENGTH = 40
ASIDE_COLUMNS = 9
SUMMARY = pygame.Rect(254, 106, 774, 356)
SUMMARY_TILE = 44
"""The length of the tiles a hand's summary shows."""
HISTORY = pygame.Rect(16, 430, 220, 234)
HISTORY_SIZES = ((4, 46), (5, 36), (6, 28))
"""(columns, tile length) for a stack's history, largest first: the first that fits."""


_RECORD_STACK = re.compile(r"\bs(\d{1,2})\b")
"""A stack as the record writes it ("s0".."s11"), in a sentence."""


def stack_number(stack: int) -> int:
    """The number the board shows under `stack` (the record's s0..s11 are 1..12):
    every word a player reads about a stack counts from 1."""
    return stack + 1


def stack_name(stack: int) -> str:
    """`stack` in a sentence, as the board numbers it: ``"stack 8"`` for s7."""
    return f"stack {stack_number(stack)}"


def board_words(text: str) -> str:
    """`text` (the engine's reason, written with the record's stacks: "on s7") with
    each stack named as the board does ("on stack 8")."""
    return _RECORD_STACK.sub(lambda match: stack_name(int(match.group(1))), text)


@dataclass(frozen=True)
class BuildUpLayout:
    """The table's places for one seating: `bottom` is the seat drawn at the
    bottom, `replay` leaves room for the replay controls."""

    bottom: int
    replay: bool = False

    def side(self, seat: int) -> str:
        return "bottom" if seat == self.bottom else "top"

    def stack_centre(self, stack: int) -> tuple[int, int]:
        owner, index = divmod(stack, LINE_LENGTH)
        return round(WIDTH / 2 + (index - 2.5) * STACK_PITCH), STACK_ROWS[self.side(owner)]

    def stack_rect(self, stack: int) -> pygame.Rect:
        x, y = self.stack_centre(stack)
        return pygame.Rect(x - STACK_LENGTH // 4, y - STACK_LENGTH // 2, STACK_LENGTH // 2, STACK_LENGTH)

    def hand_centre(self, seat: int, index: int, count: int) -> tuple[float, float]:
        side = self.side(seat)
        pitch = HAND_LENGTH[side] // 2 + HAND_GAP[side]
        return HAND_X + (index - (count - 1) / 2) * pitch, HAND_Y[side]

    def hand_rect(self, seat: int, index: int, count: int) -> pygame.Rect:
        x, y = self.hand_centre(seat, index, count)
        length = HAND_LENGTH[self.side(seat)]
        return pygame.Rect(round(x - length / 4), round(y - length / 2), length // 2, length)

    def hand_length(self, seat: int) -> int:
        return HAND_LENGTH[self.side(seat)]

    def pile_centre(self, seat: int) -> tuple[int, int]:
        return SIDE_X + 40, SIDE_Y[self.side(seat)] + 88

    def aside_centre(self, seat: int, index: int) -> tuple[int, int]:
        row, column = divmod(index, ASIDE_COLUMNS)
        return (SIDE_X + 12 + column * (ASIDE_LENGTH // 2 + 4),
                SIDE_Y[self.side(seat)] + 196 + row * (ASIDE_LENGTH + 6))

    def plate_rect(self, seat: int) -> pygame.Rect:
        if self.side(seat) == "top":
            return pygame.Rect(254, 12, 236, 78)
        return pygame.Rect(254, 473, 236, 78)

    def stack_tiles_rect(self, stack: int, height: int) -> pygame.Rect:
        """Where a stack of `height` tiles is drawn: its top tile and the tiles under
        it that peek out above (up to `UNDER_SHOWN`); a review's ring goes round it."""
        tile = self.stack_rect(stack)
        return tile.union(tile.move(0, -min(UNDER_SHOWN, max(0, height - 1)) * UNDER_STEP))

    def stack_badge_spot(self, stack: int, size: tuple[int, int]) -> pygame.Rect | None:
        """Where a badge of `size` for `stack` goes: under its top tile, centred,
        over the stack's number, within its own share of the line (so a badge
        reads as its own stack's, inside its line's panel); None when it is too
        big for that place."""
        width, height = size
        tile = self.stack_rect(stack)
        line = self.line_rect(stack // LINE_LENGTH)
        if width > STACK_PITCH - 12 or tile.bottom + 1 + height > line.bottom - 5:
            return None
        return pygame.Rect(0, 0, width, height).move(tile.centerx - width // 2, tile.bottom + 1)

    def hand_badge_spot(self, seat: int, index: int, count: int, size: tuple[int, int]) -> pygame.Rect | None:
        """Where a badge of `size` for the bottom hand's `index`-th tile (of `count`)
        goes: under the tile, centred, clear of the focus marker round it, within
        about the tile's share of the row (a badge beside the hand sat on the
        player's name plate); None for the top hand (its tiles are too close
        together) or a badge too wide."""
        width, height = size
        pitch = HAND_LENGTH["bottom"] // 2 + HAND_GAP["bottom"]
        if self.side(seat) != "bottom" or width > pitch + 6:
            return None
        tile = self.hand_rect(seat, index, count)
        return pygame.Rect(0, 0, width, height).move(tile.centerx - width // 2, tile.bottom + HAND_BADGE_GAP)

    def line_rect(self, seat: int) -> pygame.Rect:
        y = STACK_ROWS[self.side(seat)]
        return pygame.Rect(WIDTH // 2 - 3 * STACK_PITCH - 6, y - 68, 6 * STACK_PITCH + 12, 142)

    def history_rect(self) -> pygame.Rect:
        """The history panel: shorter in a replay, whose controls sit below it."""
        return HISTORY if not self.replay else HISTORY.inflate(0, -62).move(0, -31)

    def stack_hover_rect(self, stack: int) -> pygame.Rect:
        """Where the pointer shows a stack's history: the stack and the tiles peeking out above it."""
        return self.stack_rect(stack).inflate(8, 8 + 2 * UNDER_SHOWN * UNDER_STEP)
