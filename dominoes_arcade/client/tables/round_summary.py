"""What a round's summary shows the same way at every table of rounds
(`rounds_table`): its opaque panel with the headline (who won the round, and how),
the table of hands (a row for each seat: its name and kind, its hand face up with
the pips left in it, its total against the target) and the footer's words while
the summary waits. A game's painter places the panel and adds its rules' words (how
the round scored) around these.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...engine.core import Termination
from ...engine.tiles import PIPS
from .. import gfx
from ..theme import LARGE, SMALL
from ..verdict import round_words

TINY = SMALL - 3
SUMMARY_TILE = 44
"""A hand's tiles (long side, at most: a long hand's are smaller): pips readable with ten seats."""
PANEL_COLOUR = (8, 22, 16)
"""Under the panel's board, opaque: the table's tiles must not show through the rows of hands."""


def _text(surface: pygame.Surface, style: Any, words: str, pos, size: int, colour, bold: bool = False,
          anchor: str = "topleft") -> None:
    image = style.text(words, size, colour, bold)
    surface.blit(image, image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))}))


def draw_panel(surface: pygame.Surface, style: Any, boards: Any, panel: pygame.Rect, result: Any,
               names: Sequence[str], players_here: list[int]) -> None:
    """The summary's panel and its headline (`verdict.round_words`) at its top;
    `result` is the engine's `RoundResult`."""
    gfx.rect(surface, PANEL_COLOUR, panel, border_radius=18)
    boards.draw(surface, panel, radius=18, alpha=250)
    headline = round_words(result.number, result.termination is Termination.DOMINO, result.winner, result.points,
                           list(names), players_here)
    _text(surface, style, headline, (panel.centerx, panel.y + 14), LARGE, style.palette.accent, True,
          anchor="midtop")


def draw_hands(surface: pygame.Surface, style: Any, draw_tile: Callable[..., pygame.Rect], result: Any, *,
               names: Sequence[str], kinds: Sequence[str], totals: Sequence[int], target: int, top: int,
               columns: tuple[int, int, int, int], row_height: int) -> None:
    """The table of hands from `top`: the labels, then a row `row_height` tall for
    each seat, in `columns` (the seat, its hand, its pips, its total: `totals`, as
    the plates show them while they count up). The round's winner is picked out."""
    palette = style.palette
    for label, x in zip(("Seat", "Hand", "Pips", "Total"), columns, strict=True):
        _text(surface, style, label, (x, top), TINY, palette.text_dim)
    for seat in range(len(names)):
        y = top + 22 + seat * row_height
        winner = seat == result.winner
        colour = palette.accent if winner else palette.text
        _text(surface, style, names[seat], (columns[0], y + 4), SMALL, colour, winner)
        _text(surface, style, kinds[seat], (columns[0] + 74, y + 6), TINY, palette.text_dim)
        hand = result.hands[seat]
        room = columns[2] - columns[1] - 20
        tile = max(24, min(SUMMARY_TILE, 2 * (room // max(1, len(hand)) - 3)))
        pitch = min(tile // 2 + 3, room / max(1, len(hand)))
        for i, shown in enumerate(hand):
            draw_tile(surface, shown, (columns[1] + i * pitch, y), tile, face_up=True, seat=-1)
        if not hand:
            _text(surface, style, "out!", (columns[1], y + 4), SMALL, palette.accent, True)
        _text(surface, style, str(sum(PIPS[t] for t in hand)), (columns[2], y + 4), SMALL, colour, winner)
        _text(surface, style, f"{totals[seat]} / {target}", (columns[3], y + 4), SMALL, colour, winner)


def waiting_words(hold_left: float, human_table: bool) -> str:
    """The footer while the summary waits: counting down at a table of bots (a
    press goes on sooner), waiting for a press at a human's."""
    if hold_left > 0 and not human_table:
        return f"Next round in {math.ceil(hold_left)} s \u00b7 press to go on"
    return "Press to go on to the next round"
