"""The tiles on the Cyprus table (dominoes_arcade/rules/cyprus.md and sebastopol.md): the star and its
arms, the bottom seat's hand, and the tiles in flight between them, each drawn
at its place from `cyprus_layout` with the number it matched towards the spinner.
Upright and sideways tiles go through the kit's `draw_tile`; the star's corner
tiles, turned 45 degrees, are rotated copies logged in the render log the same
way, so the hidden-information checks see every tile. Each reads the frame the
table hands it (`cyprus_frame.Frame`), never the table.
"""

from __future__ import annotations

import pygame

from ...engine.tiles import HIGH, LOW, PIPS
from ..theme import SMALL, plural
from .cyprus_frame import Frame
from .cyprus_layout import AREA, Slot, place, seat_plates, slot_rect
from .cyprus_model import open_ends
from .sprites import Sprite, squashed

OPEN_HAND_TILE = 44
"""A face-up hand opened from its plate (`Pieces.draw_open_hand`)."""


class Pieces:
    """Draws the tiles, each frame from its `Frame` (never changing it); keeps the
    turned tiles' images."""

    def __init__(self):
        self._turned: dict[tuple, pygame.Surface] = {}

    def draw_star(self, frame: Frame, surface: pygame.Surface) -> None:
        """The spinner and the arms' tiles (those still in the air land later), sliding
        from their old places while the arms change tile length."""
        model, suit = frame.model, frame.preset.suit
        geometry = frame.geometry
        length = geometry.length
        if model.spinner_set and frame.preset.spinner not in frame.flights:
            self.draw_piece(frame, surface, frame.preset.spinner, geometry.spinner, length, suit)
        old = frame.morph_from if frame.morph < 1 else None
        for arm, line in enumerate(model.layout):
            entering = open_ends(line, suit)
            for index, tile in enumerate(line):
                if tile in frame.flights:
                    continue
                slot = place(geometry, arm, index)
                if old is not None:  # the arms rescaling: slide from the old places
                    was = place(old, arm, index)
                    slot = Slot(was.x + (slot.x - was.x) * frame.morph, was.y + (slot.y - was.y) * frame.morph,
                                slot.angle)
                self.draw_piece(frame, surface, tile, slot, length, entering[index])

    @staticmethod
    def draw_hand(frame: Frame, surface: pygame.Surface) -> None:
        seat = frame.bottom_seat
        visible = frame.visible[seat]
        hand_seat = frame.seat_logged(seat)
        dragged = frame.dragged
        places = frame.hand
        if not visible:  # a hidden hand's arrivals land at its end: draw only the tiles already there
            places = places[:len(places) - frame.landing[seat]]
        for tile, rect in places:
            if tile >= 0 and (tile in frame.flights or ("hand", tile) == dragged):
                continue
            x = frame.hand_x.get(tile, rect.x) if tile >= 0 else rect.x
            where = pygame.Rect(round(x), rect.y, rect.width, rect.height)
            length = frame.row.hand_length
            surface.blit(frame.art.shadow(length), where.move(-6, -3))
            frame.draw_tile(surface, tile, where, length, face_up=visible, seat=hand_seat)

    @staticmethod
    def draw_open_hand(frame: Frame, surface: pygame.Surface) -> None:
        """A face-up hand opened beside its plate while the pointer is on the plate
        (a replay, a finished round): big tiles in a row, its pips readable however
        many the plate has to squeeze."""
        pointer = frame.pointer
        if pointer is None or frame.summary_up:
            return
        for seat, plate in seat_plates(frame.players, frame.bottom_seat).items():
            hand = [t for t in frame.model.hands[seat] if t not in frame.flights]
            if plate.collidepoint(pointer) and hand and frame.visible[seat]:
                break
        else:
            return
        style = frame.style
        pips = sum(PIPS[t] for t in hand)
        title = style.text(f"{frame.names[seat]}: {plural(len(hand), 'tile')}, {plural(pips, 'pip')}", SMALL,
                           style.palette.text, bold=True)
        pitch = OPEN_HAND_TILE // 2 + 4
        box = pygame.Rect(0, 0, max(title.get_width(), pitch * len(hand)) + 28, OPEN_HAND_TILE + 52)
        box.midtop = (plate.centerx, plate.bottom + 8)
        if box.bottom > AREA.bottom:
            box.midbottom = (plate.centerx, plate.y - 8)
        box.clamp_ip(surface.get_rect().inflate(-16, -16))
        frame.boards.draw(surface, box, radius=12, alpha=250)
        surface.blit(title, (box.x + 14, box.y + 8))
        x = box.centerx - pitch * len(hand) // 2 + 2
        for index, tile in enumerate(hand):
            frame.draw_tile(surface, tile, (x + index * pitch, box.y + 36), OPEN_HAND_TILE, face_up=True,
                            seat=frame.seat_logged(seat))

    def draw_flight(self, frame: Frame, surface: pygame.Surface, flight: Sprite) -> None:
        face_up, squash = flight.shows_face(), flight.squash
        slot = Slot(flight.x, flight.y - 14 * flight.lift, flight.angle)
        size = max(16, round(flight.length * flight.zoom / 8) * 8)  # a few cached sizes, not one per frame
        shadow = frame.art.shadow(size, horizontal=slot.horizontal, lift=flight.lift)
        surface.blit(shadow, shadow.get_rect(center=(flight.x + 4, flight.y + 6)))
        if not flight.public:  # bound for a hand: face up only while its owner may look (hot-seat turns change)
            face_up = face_up and frame.visible[flight.seat]
        seat = -1 if face_up and flight.public else flight.seat
        self.draw_piece(frame, surface, flight.tile, slot, flight.length, flight.enter, face_up=face_up, seat=seat,
                        squash=max(0.05, squash), zoom=flight.zoom)

    def draw_piece(self, frame: Frame, surface: pygame.Surface, tile: int, slot: Slot, length: int, enter: int, *,
                   face_up: bool = True, seat: int = -1, squash: float = 1.0, zoom: float = 1.0) -> None:
        """Draw `tile` in `slot` with `enter` at its back: upright and sideways
        tiles through the kit's `draw_tile`, turned ones (the star's corners) from
        a rotated copy, logged the same way. `squash` narrows it (turning over);
        `zoom` scales it (in flight between sizes). A tile this screen may not know
        (-1) is always its back."""
        if not face_up or tile < 0:
            tile_shown, seat_logged, face_up = -1, seat, False
        else:
            tile_shown, seat_logged = tile, -1 if seat < 0 else frame.seat_logged(seat)
        # The tile art puts the low number first (top or left) unless flipped (a back has no numbers).
        flipped = False
        if tile_shown >= 0:
            other = HIGH[tile] + LOW[tile] - enter
            first = enter if slot.angle in (0, 270, 225, 315) else other
            flipped = first != LOW[tile]
        rect = slot_rect(slot, length)
        if not slot.diagonal and squash >= 1.0 and zoom == 1.0:
            frame.draw_tile(surface, tile_shown, rect, length, face_up=face_up, seat=seat_logged,
                            horizontal=slot.horizontal, flipped=flipped)
            return
        image = self._turned_image(frame, tile_shown, length, slot.angle, flipped, face_up)
        if squash < 1.0 or zoom != 1.0:
            image = squashed(image, squash, horizontal=slot.horizontal, zoom=zoom)
        surface.blit(image, image.get_rect(center=rect.center))
        frame.log.append((tile_shown, face_up and tile_shown >= 0, seat_logged))

    def _turned_image(self, frame: Frame, tile: int, length: int, angle: int, flipped: bool,
                      face_up: bool) -> pygame.Surface:
        key = (tile if face_up else -1, length, angle, flipped)
        image = self._turned.get(key)
        if image is None:
            art = frame.art
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
