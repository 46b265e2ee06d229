"""Everything on the Cyprus table that is not the star's tiles or the bottom hand:
the seat plates, the boneyard and its buttons, the score sheet, the empty star
slots and arm-end badges, and the round summary that shows every hand at a
round's end (dominoes_arcade/rules/cyprus.md, "End of a round"); the status line
and the notes by the seats are drawn by `cyprus_status`. Each reads the frame
the table hands it (`cyprus_frame.Frame`), never the table.

Colour is never the only cue: the seat to move has a gold rim *and* an arrow; the
next star slot is outlined *and* labelled; a dead arm's badge is crossed out; a
disabled button is dimmed *and* says why in the status line.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ...engine.core import Termination
from ...engine.star_tables import Preset
from .. import gfx
from ..canvas import Canvas
from ..layout_check import note as note_mark
from ..theme import BODY, SMALL, fitted
from . import cyprus_status
from .cyprus_brush import TINY, Brush, plate_kind
from .cyprus_frame import Frame
from .cyprus_layout import (
    AREA,
    PLATE_TILE,
    SHEET_BOX,
    SLOT_NAMES,
    BottomRow,
    Slot,
    StarGeometry,
    arm_label,
    place,
    plate_rows,
    plate_tiles,
    seat_plates,
    slot_rect,
)
from .cyprus_model import open_ends
from .round_summary import draw_hands, draw_panel, waiting_words

SHEET_ROWS = 3
PLATE_MARGIN = 10
"""Room round a cached plate for its shadow."""


def buttons(row: BottomRow, preset: Preset) -> dict[str, pygame.Rect]:
    """The decision buttons of the bottom `row` (Sebastopol has no boneyard, so no
    draw; a replay's row has none)."""
    if preset.deals_everything:
        return {name: rect for name, rect in row.buttons.items() if name != "draw"}
    return row.buttons


class Panels:
    """Draws the table's furniture, each frame from its `Frame` (never changing it),
    with the painters' shared `Brush`."""

    def __init__(self, brush: Brush, status_of: Callable[[], str]):
        self.brush = brush
        self._status_of = status_of
        self._plates: dict[int, tuple] = {}
        """seat -> (key, painted plate, the tiles it drew)."""
        self._felt: tuple[str, pygame.Surface] | None = None
        """(theme, the felt with the star's area shaded)."""

    @property
    def style(self):
        return self.brush.style

    def status_text(self) -> str:
        """The status line's words now (`status_of`: the table's `cyprus_status.status_text`)."""
        return self._status_of()

    def text(self, surface, words: str, pos, size=SMALL, colour=None, bold=False, anchor="topleft") -> pygame.Rect:
        return self.brush.text(surface, words, pos, size, colour, bold, anchor)

    def translucent(self, size: tuple[int, int], colour: tuple[int, int, int, int], radius: int = 8,
                    width: int = 0) -> pygame.Surface:
        return self.brush.translucent(size, colour, radius, width)

    # -- the felt and the star's furniture -------------------------------------------------
    def draw_status(self, frame: Frame, surface: pygame.Surface) -> None:
        cyprus_status.draw_status(self.brush, frame, surface)

    def draw_notes(self, frame: Frame, surface: pygame.Surface) -> None:
        cyprus_status.draw_notes(self.brush, frame, surface)

    def draw_felt(self, surface: pygame.Surface) -> None:
        """The table's felt, the star's area a shade darker: one opaque blit, built
        once per theme."""
        theme = self.style.theme
        if self._felt is None or self._felt[0] != theme:
            felt = self.style.background(surface.get_size()).copy()
            felt.blit(self.translucent(AREA.size, (0, 0, 0, 34), radius=28), AREA.topleft)
            self._felt = (theme, felt)
        surface.blit(self._felt[1], (0, 0))

    def draw_empty_slots(self, frame: Frame, surface: pygame.Surface, geometry: StarGeometry) -> None:
        """Outlines where the spinner and the star's empty slots go, each named; the
        next slot to fill is brighter and says so."""
        model = frame.model
        preset = frame.preset
        palette = self.style.palette
        length = geometry.length
        if not model.spinner_set and not model.revealed:
            rect = slot_rect(geometry.spinner, length)
            surface.blit(self.translucent(rect.size, (255, 255, 255, 70), radius=6, width=2), rect)
            label = f"{preset.suit}-{preset.suit}"
            self.text(surface, label, rect.center, TINY, palette.text_dim, anchor="center")
        filled = len(model.layout)
        if filled >= preset.slots or not model.spinner_set:
            return
        for arm in range(filled, preset.slots):
            slot = place(geometry, arm, 0)
            nearest = arm == filled
            colour = (246, 196, 72, 200) if nearest else (255, 255, 255, 60)
            self._outline(surface, slot, length, colour)
            name = SLOT_NAMES[arm]
            if nearest and self.style.font(TINY, True).size(f"{name} next")[0] <= self._slot_room(slot, length):
                name = f"{name} next"  # (where it does not fit, the gold outline and bold say so)
            self.text(surface, name, (slot.x, slot.y), TINY, palette.accent if nearest else palette.text_dim,
                      bold=nearest, anchor="center")

    @staticmethod
    def _slot_room(slot: Slot, length: int) -> float:
        """How wide a line of small text may be across the middle of an empty slot: the
        tile's short side, or for a diagonal slot what its tilted outline leaves."""
        if not slot.diagonal:
            return slot_rect(slot, length).width - 6
        return length * 0.7 - TINY - 4

    def _outline(self, surface: pygame.Surface, slot: Slot, length: int, colour) -> None:
        if not slot.diagonal:
            rect = slot_rect(slot, length)
            surface.blit(self.translucent(rect.size, colour, radius=6, width=2), rect)
            note_mark(surface, "panel", rect, "empty slot")  # its name must stay inside
            return
        ux, uy = math.cos(math.radians(slot.angle)), -math.sin(math.radians(slot.angle))
        px, py = -uy, ux
        a, b = length / 2, length / 4
        corners = [(slot.x + sx * a * ux + sy * b * px, slot.y + sx * a * uy + sy * b * py)
                   for sx, sy in ((1, 1), (1, -1), (-1, -1), (-1, 1))]
        gfx.lines(surface, colour[:3], True, corners, 2)

    def draw_arm_ends(self, frame: Frame, surface: pygame.Surface, geometry: StarGeometry) -> None:
        """A badge with each arm's open number where its next tile goes (`arm_label`);
        a dead arm's number is crossed out. Before the star is complete the badges
        are dim."""
        model = frame.model
        if model.revealed:
            return
        complete = len(model.layout) == frame.preset.slots
        for arm, line in enumerate(model.layout):
            if any(t in frame.flights for t in line):
                continue
            (x, y), radius = arm_label(geometry, arm, len(line))
            end = open_ends(line, frame.preset.suit)[-1]
            dead = arm in model.dead
            fill = (40, 40, 40) if dead else (250, 246, 232) if complete else (120, 130, 120)
            centre = (round(x), round(y))
            gfx.circle(surface, (0, 0, 0), (centre[0] + 1, centre[1] + 2), radius + 1)
            gfx.circle(surface, fill, centre, radius)
            ink = (150, 150, 150) if dead else (20, 24, 22)
            self.text(surface, str(end), centre, TINY + 1, ink, bold=True, anchor="center")
            if dead:
                gfx.line(surface, (214, 92, 70), (centre[0] - radius, centre[1] + radius),
                                 (centre[0] + radius, centre[1] - radius), 3)

    # -- seats -------------------------------------------------------------------------------------
    def draw_plates(self, frame: Frame, surface: pygame.Surface) -> None:
        """A plate per seat but the bottom one: name and total, kind and a bar of the
        total against the target, the hand (face down, with its count) and the dealer
        chip. Each plate is painted once per change and kept, with the tiles it drew."""
        log = frame.log
        for seat, plate in seat_plates(frame.players, frame.bottom_seat).items():
            key = self._plate_key(frame, seat, plate)
            cached = self._plates.get(seat)
            if cached is None or cached[0] != key:
                start = len(log)  # the tiles a plate draws are logged each frame it is blitted
                image = Canvas((plate.width + 2 * PLATE_MARGIN, plate.height + 2 * PLATE_MARGIN), pygame.SRCALPHA)
                self._paint_plate(frame, image, seat, pygame.Rect(PLATE_MARGIN, PLATE_MARGIN, *plate.size))
                cached = self._plates[seat] = (key, image, log[start:])
                del log[start:]
            surface.blit(cached[1], (plate.x - PLATE_MARGIN, plate.y - PLATE_MARGIN))
            log.extend(cached[2])

    @staticmethod
    def _plate_key(frame: Frame, seat: int, plate: pygame.Rect) -> tuple:
        model = frame.model
        display = frame.display
        visible = frame.visible[seat]
        hand = model.hands[seat]
        landing = tuple(t for t in hand if t >= 0 and t in frame.flights), frame.landing[seat]
        return (plate.size, seat == model.to_move and not model.revealed, seat == model.dealer, model.revealed,
                frame.shown_totals[seat], frame.counting, frame.kinds[seat], visible,
                hand if visible else len(hand), landing, display.theme, display.numbers_on_tiles)

    def _paint_plate(self, frame: Frame, surface: pygame.Surface, seat: int, plate: pygame.Rect) -> None:
        model = frame.model
        palette = self.style.palette
        target = frame.target
        turn = seat == model.to_move and not model.revealed
        frame.boards.draw(surface, plate, radius=12, alpha=215 if turn else None)
        if turn:
            surface.blit(self.translucent(plate.size, (*palette.accent, 255), radius=12, width=3), plate)
            tip = (plate.x + 9, plate.y + 14)
            gfx.polygon(surface, palette.accent, [(tip[0], tip[1] - 7), (tip[0] + 9, tip[1]),
                                                          (tip[0], tip[1] + 7)])
        x = plate.x + (22 if turn else 10)
        self.text(surface, frame.names[seat], (x, plate.y + 4), SMALL, palette.accent if turn else palette.text,
                  bold=True)
        self._total(frame, surface, seat, (plate.right - 10, plate.y + 4))
        self.text(surface, plate_kind(frame, seat), (plate.x + 10, plate.y + 25), TINY, palette.text_dim)
        self._bar(frame, surface, self.brush.plate_bar(frame, seat, plate), seat, target)
        if seat == model.dealer and not model.revealed:
            self.brush.dealer_chip(surface, (plate.right - 14, plate.bottom - 12))
        self._plate_hand(frame, surface, seat, plate)

    def _total(self, frame: Frame, surface, seat: int, topright) -> None:
        shown = frame.shown_totals[seat]
        total = frame.model.totals[seat]
        counting = shown != total or (frame.counting and frame.totals_from[seat] != total)
        colour = self.style.palette.accent if counting else self.style.palette.text
        self.text(surface, str(shown), topright, SMALL, colour, bold=True, anchor="topright")

    def _bar(self, frame: Frame, surface, rect: pygame.Rect, seat: int, target: int) -> None:
        gfx.rect(surface, (0, 0, 0), rect, border_radius=2)
        share = min(1.0, frame.shown_totals[seat] / max(1, target))
        if share > 0:
            gfx.rect(surface, self.style.palette.accent, (rect.x, rect.y, max(2, round(rect.width * share)),
                                                                  rect.height), border_radius=2)

    def _plate_hand(self, frame: Frame, surface: pygame.Surface, seat: int, plate: pygame.Rect) -> None:
        """The seat's tiles along the plate's foot, leaving out those still in the air
        (a hidden hand's arrivals land at its end, so it draws only its first ones)."""
        hand = frame.model.hands[seat]
        visible = frame.visible[seat]
        logged_seat = frame.seat_logged(seat)
        landing = frame.landing[seat]
        places = plate_tiles(plate, len(hand))
        rows = plate_rows(plate, len(hand)) if visible else None
        drawn = []
        if rows is not None:  # too many to stand in a row without hiding pips: flat, in rows
            for tile, rect in zip(hand, rows[0], strict=True):
                if tile not in frame.flights:
                    drawn.append(frame.draw_tile(surface, tile, rect, rows[1], face_up=True, seat=logged_seat,
                                                 horizontal=True))
        elif visible:
            for tile, rect in zip(hand, places, strict=True):
                if tile not in frame.flights:
                    drawn.append(frame.draw_tile(surface, tile, rect, PLATE_TILE, face_up=True, seat=logged_seat))
        else:
            for rect in places[:len(hand) - landing]:
                drawn.append(frame.draw_tile(surface, -1, rect, PLATE_TILE, face_up=False, seat=logged_seat))
        for where in drawn:
            note_mark(surface, "tile", where, "tile")  # no badge may cover it
        self.text(surface, f"\u00d7{len(hand) - landing}", (plate.right - 8, plate.bottom - 34), SMALL,
                  self.style.palette.text, bold=True, anchor="midright")

    # -- the bottom row ----------------------------------------------------------------------------
    def draw_boneyard(self, frame: Frame, surface: pygame.Surface) -> None:
        row = frame.row
        palette = self.style.palette
        frame.boards.draw(surface, row.boneyard, radius=12)
        shown = buttons(row, frame.preset)
        x = row.boneyard.x + 10
        if frame.preset.deals_everything:
            words = fitted(self.style, "No boneyard: all dealt", TINY, row.boneyard.width - 20)
            self.text(surface, words, (x, row.boneyard.y + 8), TINY, palette.text_dim)
        else:
            count = frame.model.boneyard
            cx, cy = row.pile_centre
            for i in range(min(3 if shown else 1, count)):
                image = frame.art.back(row.pile_length)
                surface.blit(image, image.get_rect(center=(cx - 6 + 6 * i, cy - 4 * i)))
            if shown:
                self.text(surface, f"{count} left", (cx, row.boneyard.bottom - 8), SMALL, palette.text, bold=True,
                          anchor="midbottom")
            else:
                self.text(surface, f"Boneyard: {count}", (cx + 24, cy), SMALL, palette.text, bold=True,
                          anchor="midleft")
        for name, rect in shown.items():
            self._button(surface, rect, name.capitalize(), ("button", name) in frame.enabled)

    def _button(self, surface, rect: pygame.Rect, label: str, enabled: bool) -> None:
        palette = self.style.palette
        body = palette.button_top if enabled else palette.button_disabled
        gfx.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=10)
        gfx.rect(surface, body, rect, border_radius=10)
        gfx.rect(surface, palette.accent if enabled else palette.panel_border, rect, width=2, border_radius=10)
        note_mark(surface, "badge", rect, "button")  # (nothing else may run under it)
        self.text(surface, label, rect.center, BODY, palette.text if enabled else palette.text_dim, bold=enabled,
                  anchor="center")

    def draw_sheet(self, frame: Frame, surface: pygame.Surface) -> None:
        """The score sheet: each finished round's winner and points, newest last."""
        palette = self.style.palette
        frame.boards.draw(surface, SHEET_BOX, radius=12)
        x, y = SHEET_BOX.x + 10, SHEET_BOX.y + 6
        round_number = frame.model.round_number
        self.text(surface, f"Round {round_number}", (x, y), SMALL, palette.text, bold=True)
        self.text(surface, f"to {frame.target}", (SHEET_BOX.right - 10, y + 2), TINY,
                  palette.text_dim, anchor="topright")
        rounds = frame.rounds[-SHEET_ROWS:]
        if not rounds:
            self.text(surface, "No round scored yet", (x, y + 30), TINY, palette.text_dim)
        for i, result in enumerate(rounds):
            row_y = y + 26 + i * 24
            self.text(surface, str(result.number), (x, row_y), TINY, palette.text_dim)
            if result.winner < 0:
                self.text(surface, "blocked, tie", (x + 26, row_y), TINY, palette.text_dim)
                self.text(surface, "0", (SHEET_BOX.right - 10, row_y), TINY, palette.text_dim, anchor="topright")
                continue
            how = "domino" if result.termination is Termination.DOMINO else "block"
            self.text(surface, f"{frame.names[result.winner]} {how}", (x + 26, row_y), TINY, palette.text)
            self.text(surface, f"+{result.points}", (SHEET_BOX.right - 10, row_y), TINY, palette.accent, bold=True,
                      anchor="topright")

    def _rounds_line(self, frame: Frame, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The score sheet across the rounds so far on one line: as many of the latest as fit."""
        entries = [f"{result.number}: {frame.names[result.winner]} +{result.points}" if result.winner >= 0
                   else f"{result.number}: tie, 0" for result in frame.rounds]
        font = self.style.font(TINY)
        shown: list[str] = []
        for entry in reversed(entries):
            trial = " \u00b7 ".join([entry, *shown])
            if font.size("Rounds  " + trial)[0] > rect.width:
                break
            shown.insert(0, entry)
        prefix = "Rounds \u2026 " if len(shown) < len(entries) else "Rounds  "
        self.text(surface, prefix + " \u00b7 ".join(shown), rect.midleft, TINY, self.style.palette.text_dim,
                  anchor="midleft")

    # -- notes and the round summary --------------------------------------------------------------
    def draw_summary(self, frame: Frame, surface: pygame.Surface) -> None:
        """The finished round: why it ended, who scored, and every hand shown with its pips."""
        result = frame.model.result
        if result is None:
            return
        palette = self.style.palette
        players = frame.players
        # Rows tall enough for tiles whose pips read at a glance: with ten seats the
        # summary covers the whole table, down to the footer.
        row_h = 48
        panel = pygame.Rect(0, 0, 860, 100 + players * row_h + 68)
        panel.center = (AREA.centerx, AREA.centery + 10)
        panel.bottom = min(panel.bottom, surface.get_height() - 64)
        draw_panel(surface, self.style, frame.boards, panel, result, frame.names, frame.players_here)
        rule = "the others' pips minus the winner's own" if result.winner >= 0 else "boneyard tiles count for nobody"
        self.text(surface, f"Scoring: {rule}", (panel.centerx, panel.y + 50), TINY, palette.text_dim,
                  anchor="midtop")
        draw_hands(surface, self.style, frame.draw_tile, result, names=frame.names, kinds=frame.kinds,
                   totals=frame.shown_totals, target=frame.target, top=panel.y + 78, row_height=row_h,
                   columns=(panel.x + 20, panel.x + 200, panel.right - 230, panel.right - 130))
        self._rounds_line(frame, surface, pygame.Rect(panel.x + 20, panel.bottom - 58, panel.width - 40, 20))
        if frame.terminal:
            footer = f"{frame.names[result.winner]} reaches {frame.target} and wins the game"
        else:
            footer = waiting_words(frame.hold_left, frame.human_table)
        self.text(surface, footer, (panel.centerx, panel.bottom - 14), SMALL, palette.text, bold=True,
                  anchor="midbottom")
