"""The painter of a line game's table (`line_table`): the felt, the line as a snake
with its two open ends marked, the seat plates, the hand, the boneyard and the pass
button, the tiles in flight and the notes by the seats. It draws each frame from the
`LineFrame` the table hands it (places from `line_table` and `snake`), never reading
the table; a game adds what it draws of its own (its round's summary) in a subclass.

Colour is never the only cue: the seat to move has a gold rim *and* an arrow; an
open end is outlined *and* shows its number; a playable tile stands up.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from .. import gfx
from ..layout_check import EDGE_ROOM
from ..layout_check import note as note_mark
from ..theme import BODY, LARGE, SMALL, fitted, fitting_size
from .line_table import AREA, PILE_TILE, STATUS_Y, BottomRow, LineModel, plate_tiles, seat_plates
from .snake import LineGeometry
from .sprites import Note, Sprite

TINY = SMALL - 3
END_COLOUR = (120, 236, 160)


@dataclass(frozen=True)
class LineFrame:
    """What the painter reads to draw the table once."""

    model: LineModel
    geometry: LineGeometry
    players: int
    target: int
    boneyard_rule: str
    """The boneyard's rule in a few words, under its name ("draw when stuck")."""
    bottom_seat: int
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    visible: tuple[bool, ...]
    """Whose hand may be drawn face up now."""
    shown_totals: tuple[int, ...]
    flights: Mapping[Hashable, Sprite]
    landing: tuple[int, ...]
    """How many tiles are still flying into each seat's hand (drawn once landed)."""
    notes: Sequence[Note]
    row: BottomRow
    hand: Sequence[tuple[int, pygame.Rect]]
    dragged: Hashable | None
    enabled: frozenset
    """The decision's sources and targets now (the ends lit, the pass button live)."""
    ends_wanted: frozenset
    """The ends the selected or dragged tile may go to."""
    status: str
    your_turn: bool
    style: Any
    art: Any
    boards: Any
    draw_tile: Callable[..., pygame.Rect]


class LinePainter:
    """Draws the table from a `LineFrame` (never changing it)."""

    def __init__(self):
        self._felt: tuple[str, tuple[int, int], pygame.Surface] | None = None

    # -- words ------------------------------------------------------------------------------
    @staticmethod
    def text(frame: LineFrame, surface, words: str, pos, size=SMALL, colour=None, bold=False,
             anchor="topleft") -> pygame.Rect:
        image = frame.style.text(words, size, colour, bold)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    # -- the felt, the status, the line ---------------------------------------------------------
    def draw_felt(self, frame: LineFrame, surface: pygame.Surface) -> None:
        key = (frame.style.theme, surface.get_size())
        if self._felt is None or self._felt[:2] != key:
            felt = frame.style.background(surface.get_size()).copy()
            shade = pygame.Surface(AREA.size, pygame.SRCALPHA)
            gfx.rect(shade, (0, 0, 0, 34), shade.get_rect(), border_radius=28)
            felt.blit(shade, AREA.topleft)
            self._felt = (*key, felt)
        surface.blit(self._felt[2], (0, 0))

    def draw_status(self, frame: LineFrame, surface: pygame.Surface) -> None:
        palette = frame.style.palette
        words = fitted(frame.style, frame.status, BODY, 1100, bold=frame.your_turn)
        self.text(frame, surface, words, (AREA.centerx, STATUS_Y), BODY,
                  palette.accent if frame.your_turn else palette.text, frame.your_turn, anchor="center")

    def draw_line(self, frame: LineFrame, surface: pygame.Surface) -> None:
        """The line's tiles (those still in the air land later), then its open ends."""
        geometry = frame.geometry
        length = geometry.length
        for tile, place in zip(frame.model.line, geometry.places, strict=True):
            if tile in frame.flights:
                continue
            rect = place.rect(length)
            surface.blit(frame.art.shadow(length, horizontal=place.horizontal), rect.move(-5, -2))
            frame.draw_tile(surface, tile, rect, length, face_up=True, seat=-1, horizontal=place.horizontal,
                            flipped=place.first_high)
        if frame.model.revealed:
            return
        numbers = frame.model.ends
        for side, place in enumerate(geometry.ends if frame.model.line else geometry.ends[:1]):
            target = ("centre", 0) if not frame.model.line else ("end", side)
            self._draw_end(frame, surface, place.rect(length), numbers[side], target)

    def _draw_end(self, frame: LineFrame, surface, rect: pygame.Rect, number: int, target) -> None:
        """An open end: an outline where its next tile goes (its drop target reaches a
        little further, `end_rect`), its number inside; lit while the tile picked up
        may go there."""
        lit = target in frame.ends_wanted
        live = target in frame.enabled
        colour = END_COLOUR if lit else ((230, 230, 220) if live else (150, 160, 150))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        gfx.rect(layer, (*colour, 70 if lit else 34), layer.get_rect(), border_radius=8)
        gfx.rect(layer, (*colour, 230 if lit or live else 120), layer.get_rect(), width=2, border_radius=8)
        surface.blit(layer, rect)
        label = "Lead" if number < 0 else str(number)
        self.text(frame, surface, label, rect.center, SMALL if number < 0 else BODY, colour, True, anchor="center")

    @staticmethod
    def owner(frame: LineFrame, seat: int) -> int:
        """Whose secret a hand's tiles are, for the render log: nobody's once the
        round is over (its `RoundResult` shows every hand)."""
        return -1 if frame.model.revealed else seat

    # -- the seats ------------------------------------------------------------------------------
    def draw_plates(self, frame: LineFrame, surface: pygame.Surface) -> None:
        for seat, plate in seat_plates(frame.players, frame.bottom_seat).items():
            self._plate(frame, surface, seat, plate)
        self._bottom_plate(frame, surface)

    def _plate_top(self, frame: LineFrame, surface, seat: int, plate: pygame.Rect) -> None:
        """The plate's body, its seat's name and kind, and its total against the target."""
        palette = frame.style.palette
        turn = frame.model.to_move == seat
        frame.boards.draw(surface, plate, radius=12, alpha=230 if turn else 150)
        if turn:
            gfx.rect(surface, palette.accent, plate, width=3, border_radius=12)
        score = f"{frame.shown_totals[seat]} / {frame.target}"
        total = self.text(frame, surface, score, (plate.right - 10, plate.y + 8), SMALL,
                          palette.accent if turn else palette.text, True, anchor="topright")
        name = ("\u25b6 " if turn else "") + frame.names[seat]
        room = total.x - plate.x - 24
        words = fitted(frame.style, f"{name} \u00b7 {frame.kinds[seat]}", SMALL, room, bold=True)
        self.text(frame, surface, words, (plate.x + 10, plate.y + 8), SMALL,
                  palette.accent if turn else palette.text, True)

    def _plate(self, frame: LineFrame, surface, seat: int, plate: pygame.Rect) -> None:
        self._plate_top(frame, surface, seat, plate)
        hand = frame.model.hands[seat]
        shown = len(hand) - frame.landing[seat]
        for tile, rect in zip(hand[:shown], plate_tiles(plate, shown), strict=False):
            frame.draw_tile(surface, tile, rect, rect.height, face_up=frame.visible[seat],
                            seat=self.owner(frame, seat))
        self.text(frame, surface, f"\u00d7{shown}", (plate.right - 10, plate.bottom - 22), BODY,
                  frame.style.palette.text, True, anchor="midright")

    def _bottom_plate(self, frame: LineFrame, surface) -> None:
        """The bottom seat's plate, beside its hand: name and kind, total, tiles left
        (one to a line: the plate is narrow)."""
        seat, plate = frame.bottom_seat, frame.row.plate
        palette = frame.style.palette
        turn = frame.model.to_move == seat
        frame.boards.draw(surface, plate, radius=12, alpha=230 if turn else 150)
        if turn:
            gfx.rect(surface, palette.accent, plate, width=3, border_radius=12)
        name = ("\u25b6 " if turn else "") + f"{frame.names[seat]} \u00b7 {frame.kinds[seat]}"
        colour = palette.accent if turn else palette.text
        tall = plate.height >= 100
        room = plate.width - 10 - EDGE_ROOM
        size = fitting_size(frame.style, name, SMALL, room, True, TINY)  # "▶ Seat 1 · Medium bot" in a demo
        self.text(frame, surface, fitted(frame.style, name, size, room, bold=True),
                  (plate.x + 10, plate.y + 8), size, colour, True)
        score = f"Score {frame.shown_totals[seat]} / {frame.target}"
        tiles = len(frame.model.hands[seat]) - frame.landing[seat]
        count = f"{tiles} tile{'s' * (tiles != 1)} in hand"
        if tall:
            self.text(frame, surface, score, (plate.x + 10, plate.y + 40), SMALL, colour, True)
            self.text(frame, surface, count, (plate.x + 10, plate.bottom - 12), TINY, palette.text_dim,
                      anchor="bottomleft")
        else:
            self.text(frame, surface, f"{score} \u00b7 {count}", (plate.x + 10, plate.bottom - 10), TINY,
                      palette.text_dim, anchor="bottomleft")

    def draw_hand(self, frame: LineFrame, surface: pygame.Surface) -> None:
        seat = frame.bottom_seat
        visible = frame.visible[seat]
        places = frame.hand
        if not visible:  # a hidden hand's arrivals land at its end: only the tiles already there
            places = places[:len(places) - frame.landing[seat]]
        for tile, rect in places:
            if tile >= 0 and (tile in frame.flights or ("hand", tile) == frame.dragged):
                continue
            surface.blit(frame.art.shadow(rect.height), rect.move(-6, -3))
            frame.draw_tile(surface, tile, rect, rect.height, face_up=visible, seat=self.owner(frame, seat))

    # -- the boneyard -----------------------------------------------------------------------------
    def draw_boneyard(self, frame: LineFrame, surface: pygame.Surface) -> None:
        row, palette = frame.row, frame.style.palette
        box = row.boneyard
        frame.boards.draw(surface, box, radius=12)
        count = frame.model.boneyard
        self.text(frame, surface, "Boneyard", (box.x + 12, box.y + 8), SMALL, palette.text, True)
        self.text(frame, surface, frame.boneyard_rule, (box.x + 12, box.y + 32), TINY, palette.text_dim)
        pile = pygame.Rect(0, 0, PILE_TILE // 2, PILE_TILE)
        pile.center = row.pile_centre
        for i in range(min(3, count)):
            frame.draw_tile(surface, -1, pile.move(6 * i, -3 * i), PILE_TILE, face_up=False, seat=-1)
        self.text(frame, surface, f"\u00d7{count}", (box.x + 64, box.bottom - 30), BODY, palette.text, True,
                  anchor="midleft")
        button = row.pass_button
        if button is not None:
            enabled = ("button", "pass") in frame.enabled
            body = palette.button_top if enabled else palette.button_disabled
            gfx.rect(surface, (0, 0, 0), button.move(0, 3), border_radius=10)
            gfx.rect(surface, body, button, border_radius=10)
            gfx.rect(surface, palette.accent if enabled else palette.panel_border, button, width=2, border_radius=10)
            note_mark(surface, "badge", button, "button")
            self.text(frame, surface, "Pass", button.center, BODY, palette.text if enabled else palette.text_dim,
                      enabled, anchor="center")

    # -- moving things ------------------------------------------------------------------------------
    @staticmethod
    def draw_flight(frame: LineFrame, surface: pygame.Surface, flight: Sprite) -> None:
        length = max(8, round(flight.length * flight.zoom))
        horizontal = flight.angle == 0
        face_up = flight.shows_face()
        seat = -1 if flight.public and face_up else flight.seat
        rect = pygame.Rect(0, 0, *((length, length // 2) if horizontal else (length // 2, length)))
        rect.center = (round(flight.x), round(flight.y - 10 * flight.lift))
        surface.blit(frame.art.shadow(length, horizontal=horizontal), rect.move(-5 - round(8 * flight.lift), 4))
        frame.draw_tile(surface, flight.tile, rect, length, face_up=face_up, seat=seat, horizontal=horizontal,
                        flipped=flight.flipped)

    def draw_notes(self, frame: LineFrame, surface: pygame.Surface) -> None:
        palette = frame.style.palette
        for note in frame.notes:
            size = LARGE if note.big else BODY
            image = frame.style.text(note.text, size, palette.text, True)
            box = image.get_rect(center=(round(note.x), round(note.y))).inflate(28, 14)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            gfx.rect(layer, (10, 24, 18, round(215 * note.alpha)), layer.get_rect(), border_radius=12)
            surface.blit(layer, box)
            note_mark(surface, "panel", box, note.text)
            image.set_alpha(round(255 * note.alpha))
            surface.blit(image, image.get_rect(center=box.center))
