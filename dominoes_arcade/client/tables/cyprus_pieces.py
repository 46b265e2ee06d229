"""The tiles on the Cyprus table (dominoes_arcade/rules/cyprus.md and sebastopol.md): the star and its
arms, the bottom seat's hand, and the tiles in flight between them, each drawn
at its place from `cyprus_layout` with the number it matched towards the spinner.
Upright and sideways tiles go through the kit's `draw_tile`; the star's corner
tiles, turned 45 degrees, are rotated copies logged in the render log the same
way, so the hidden-information checks see every tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...engine.tiles import HIGH, LOW, PIPS
from ..theme import SMALL, plural
from .cyprus_layout import AREA, Slot, place, seat_plates, slot_rect
from .cyprus_model import open_ends
from .sprites import Sprite, squashed

if TYPE_CHECKING:
    from .cyprus import CyprusTable

OPEN_HAND_TILE = 44
"""A face-up hand opened from its plate (`Pieces.draw_open_hand`)."""


@dataclass(eq=False)
class Note:
    """A short text over the table (a pass, a new round), fading out."""

    text: str
    x: float
    y: float
    alpha: float = 1.0
    big: bool = False


class Pieces:
    """Draws the tiles of one `CyprusTable` (reads, never changes, its state)."""

    def __init__(self, table: CyprusTable):
        self.table = table
        self._turned: dict[tuple, pygame.Surface] = {}

    def draw_star(self, surface: pygame.Surface) -> None:
        table = self.table
        model, suit = table.model, table.preset.suit
        geometry = table.geometry()
        length = geometry.length
        table.panels.draw_empty_slots(surface, geometry)
        if model.spinner_set and table.preset.spinner not in table.flights:
            self.draw_piece(surface, table.preset.spinner, geometry.spinner, length, suit)
        old = table.morph_from if table.morph < 1 else None
        for arm, line in enumerate(model.layout):
            entering = open_ends(line, suit)
            for index, tile in enumerate(line):
                if tile in table.flights:
                    continue
                slot = place(geometry, arm, index)
                if old is not None:  # the arms rescaling: slide from the old places
                    was = place(old, arm, index)
                    slot = Slot(was.x + (slot.x - was.x) * table.morph, was.y + (slot.y - was.y) * table.morph,
                                slot.angle)
                self.draw_piece(surface, tile, slot, length, entering[index])
        if table.morph >= 1:
            table.panels.draw_arm_ends(surface, geometry)

    def draw_hand(self, surface: pygame.Surface) -> None:
        table = self.table
        seat = table.bottom_seat
        visible = table.hand_visible(seat)
        hand_seat = -1 if table.model.revealed else seat
        dragged = table.dragged_source
        places = table.hand_rects()
        if not visible:  # a hidden hand's arrivals land at its end: draw only the tiles already there
            landing = table.landing(seat)
            places = places[:len(places) - landing]
        for tile, rect in places:
            if tile >= 0 and (tile in table.flights or ("hand", tile) == dragged):
                continue
            x = table.hand_x.get(tile, rect.x) if tile >= 0 else rect.x
            where = pygame.Rect(round(x), rect.y, rect.width, rect.height)
            length = table.row.hand_length
            surface.blit(table.app.tile_art.shadow(length), where.move(-6, -3))
            table.draw_tile(surface, tile, where, length, face_up=visible, seat=hand_seat)

    def draw_open_hand(self, surface: pygame.Surface) -> None:
        """A face-up hand opened beside its plate while the pointer is on the plate
        (a replay, a finished round): big tiles in a row, its pips readable however
        many the plate has to squeeze."""
        table = self.table
        pointer = table.app.pointer
        if pointer is None or table.summary_up:
            return
        for seat, plate in seat_plates(table.seen.num_players, table.bottom_seat).items():
            hand = [t for t in table.model.hands[seat] if t not in table.flights]
            if plate.collidepoint(pointer) and hand and table.hand_visible(seat):
                break
        else:
            return
        style = table.app.style
        pips = sum(PIPS[t] for t in hand)
        title = style.text(f"{table.seat_name(seat)}: {plural(len(hand), 'tile')}, {plural(pips, 'pip')}", SMALL,
                           style.palette.text, bold=True)
        pitch = OPEN_HAND_TILE // 2 + 4
        box = pygame.Rect(0, 0, max(title.get_width(), pitch * len(hand)) + 28, OPEN_HAND_TILE + 52)
        box.midtop = (plate.centerx, plate.bottom + 8)
        if box.bottom > AREA.bottom:
            box.midbottom = (plate.centerx, plate.y - 8)
        box.clamp_ip(surface.get_rect().inflate(-16, -16))
        table.app.panels.draw(surface, box, radius=12, alpha=250)
        surface.blit(title, (box.x + 14, box.y + 8))
        x = box.centerx - pitch * len(hand) // 2 + 2
        for index, tile in enumerate(hand):
            table.draw_tile(surface, tile, (x + index * pitch, box.y + 36), OPEN_HAND_TILE, face_up=True,
                            seat=-1 if table.model.revealed else seat)

    def draw_flight(self, surface: pygame.Surface, flight: Sprite) -> None:
        table = self.table
        face_up, squash = flight.shows_face(), flight.squash
        slot = Slot(flight.x, flight.y - 14 * flight.lift, flight.angle)
        size = max(16, round(flight.length * flight.zoom / 8) * 8)  # a few cached sizes, not one per frame
        shadow = table.app.tile_art.shadow(size, horizontal=slot.horizontal, lift=flight.lift)
        surface.blit(shadow, shadow.get_rect(center=(flight.x + 4, flight.y + 6)))
        if not flight.public:  # bound for a hand: face up only while its owner may look (hot-seat turns change)
            face_up = face_up and table.hand_visible(flight.seat)
        seat = -1 if face_up and flight.public else flight.seat
        self.draw_piece(surface, flight.tile, slot, flight.length, flight.enter, face_up=face_up, seat=seat,
                        squash=max(0.05, squash), zoom=flight.zoom)

    def draw_piece(self, surface: pygame.Surface, tile: int, slot: Slot, length: int, enter: int, *,
                   face_up: bool = True, seat: int = -1, squash: float = 1.0, zoom: float = 1.0) -> None:
        """Draw `tile` in `slot` with `enter` at its back: upright and sideways
        tiles through the kit's `draw_tile`, turned ones (the star's corners) from
        a rotated copy, logged the same way. `squash` narrows it (turning over);
        `zoom` scales it (in flight between sizes)."""
        table = self.table
        if not face_up:
            tile_shown, seat_logged = -1, seat
        else:
            tile_shown, seat_logged = tile, -1 if seat < 0 or table.model.revealed else seat
        other = HIGH[tile] + LOW[tile] - enter
        # The tile art puts the low number first (top or left) unless flipped.
        first = enter if slot.angle in (0, 270, 225, 315) else other
        flipped = first != LOW[tile]
        rect = slot_rect(slot, length)
        if not slot.diagonal and squash >= 1.0 and zoom == 1.0:
            table.draw_tile(surface, tile_shown, rect, length, face_up=face_up, seat=seat_logged,
                            horizontal=slot.horizontal, flipped=flipped)
            return
        image = self._turned_image(tile_shown, length, slot.angle, flipped, face_up)
        if squash < 1.0 or zoom != 1.0:
            image = squashed(image, squash, horizontal=slot.horizontal, zoom=zoom)
        surface.blit(image, image.get_rect(center=rect.center))
        table.render_log.append((tile_shown, face_up and tile_shown >= 0, seat_logged))

    def _turned_image(self, tile: int, length: int, angle: int, flipped: bool, face_up: bool) -> pygame.Surface:
        table = self.table
        key = (tile if face_up else -1, length, angle, flipped)
        image = self._turned.get(key)
        if image is None:
            art = table.app.tile_art
            horizontal = angle in (0, 180)
            base = art.tile(tile, length, horizontal=horizontal, flipped=flipped) if face_up and tile >= 0 \
                else art.back(length, horizontal=horizontal)
            # Upright art pointing up turns clockwise for NE (45) and anticlockwise for NW (135);
            # pointing down, clockwise for SW (225) and anticlockwise for SE (315).
            rotation = {45: -45, 135: 45, 225: -45, 315: 45}.get(angle, 0)
            image = pygame.transform.rotozoom(base, rotation, 1.0) if rotation else base
            if len(self._turned) > 600:
                self._turned.clear()
            self._turned[key] = image
        return image
