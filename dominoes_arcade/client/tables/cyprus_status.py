"""The Cyprus table's status line and its notes: above the bottom hand, that seat's
name and total on the left and what is happening, in words, on the right; and the
notes that say a seat passed. Each function reads one `cyprus_frame.Frame` and
draws with the painters' shared `cyprus_brush.Brush`.

The status is never cut short: the line starts at the boneyard's edge (not over
the hand, which a replay's controls push right), and the name gives way first.
A seat's note is a small ivory pill on its plate's bar row (the bar of its total
comes back after it), over none of the plate's labels or tiles and none of the
table's furniture; the bottom seat's sits above its name. A round's note is a big
dark bubble over the table's centre.
"""

from __future__ import annotations

from collections.abc import Collection

import pygame

from ...engine.core import State
from ...engine.cyprus import DEAL, DRAWN, SEARCH
from ...engine.star_tables import Preset
from .. import gfx
from ..layout_check import note as note_mark
from ..theme import LARGE, SMALL, fitted
from .cyprus_brush import Brush
from .cyprus_frame import Frame
from .cyprus_layout import SLOT_NAMES, seat_plates
from .cyprus_model import TableModel

STATUS_GAP = 24
"""Between the bottom seat's name and the status (clear of a last-move ring round the name)."""
NOTE_GAP = 10
"""Between the bottom seat's name and its note (clear of a last-move ring round the name)."""
SEAT_NOTE_SIZE = SMALL - 3
IVORY, INK = (250, 246, 232), (30, 34, 32)
"""A seat's note: dark words on an ivory pill, like the dealer chip."""


def status_text(state: State, model: TableModel, preset: Preset, names: tuple[str, ...], *, stopped: str | None,
                replay: bool, waiting: bool, legal_kinds: Collection[str]) -> str:
    """What is happening, in words: whose turn, a deal or draw in progress, what
    the human may do. `state` is the observation's view, `model` the snapshot on
    screen; `stopped` says why the game can no longer go on here (else None),
    `replay` whether a record is replayed, `waiting` whether a human here is to
    decide, `legal_kinds` the kinds of their legal decisions."""
    if model.revealed:
        return "Round over"
    if state.is_terminal:
        return "Game over"
    if stopped:
        return stopped
    seat = state.current_player
    spinner = f"{preset.suit}-{preset.suit}"
    if seat < 0:
        if state.phase == DEAL:
            return "Dealing"
        if state.phase == SEARCH:
            return f"Nobody holds the {spinner}: drawing for it"
        return f"{names[state.seat]} draws from the boneyard"
    if replay:
        return f"{names[seat]} to move"
    if not waiting:
        return f"{names[seat]} is thinking\u2026"
    if "spinner" in legal_kinds:
        return f"Your move: set the {spinner} in the centre"
    if "play" in legal_kinds:
        if not state.is_star_complete:
            return f"Your move: a {preset.suit}-x tile into the {SLOT_NAMES[len(model.layout)]} slot"
        # (the phase is public: the drawn tile itself is the mover's own)
        return "Your move: play the drawn tile" if state.phase == DRAWN else "Your move: play a tile on an arm"
    if "draw" in legal_kinds:
        return "No tile fits: draw from the boneyard"
    return "No tile fits: pass"


def status_width(brush: Brush, frame: Frame) -> int:
    return brush.style.font(SMALL, True).size(frame.status)[0]


def hand_label(brush: Brush, frame: Frame, status_width: int) -> tuple[str, str, bool, pygame.Rect]:
    """The bottom seat's name (cut short only where a status `status_width` wide
    would not fit beside it otherwise), its total, whether the dealer chip
    follows, and where they all go (what the last-move ring goes round when that
    seat passed or drew)."""
    model = frame.model
    seat = frame.bottom_seat
    row = frame.row
    style = brush.style
    x = row.boneyard.right + 8
    arrow = 16 if seat == model.to_move and not model.revealed else 0
    chip = 32 if seat == model.dealer and not model.revealed else 0
    total = f"{frame.shown_totals[seat]} / {frame.target}"
    total_width = style.font(SMALL).size(total)[0]
    room = row.hand.right - x - arrow - 12 - total_width - chip - STATUS_GAP - status_width
    who = fitted(style, f"{frame.names[seat]} \u00b7 {frame.kinds[seat]}", SMALL, max(room, 80), bold=True)
    width = arrow + style.font(SMALL, True).size(who)[0] + 12 + total_width + chip
    return who, total, bool(chip), pygame.Rect(x, row.label.y, width, row.label.height)


def draw_status(brush: Brush, frame: Frame, surface: pygame.Surface) -> None:
    """The bottom seat's name and total on the left; what is happening on the right."""
    palette = brush.style.palette
    model = frame.model
    turn = frame.bottom_seat == model.to_move and not model.revealed
    status = frame.status
    who, total, chip, label = hand_label(brush, frame, status_width(brush, frame))
    x = label.x
    if turn:
        gfx.polygon(surface, palette.accent, [(x, label.y + 4), (x + 10, label.y + 11), (x, label.y + 18)])
        x += 16
    name = brush.text(surface, who, (x, label.y + 1), SMALL, palette.accent if turn else palette.text, bold=True)
    after = brush.text(surface, total, (name.right + 12, label.y + 1), SMALL, palette.text)
    if chip:
        brush.dealer_chip(surface, (after.right + 16, label.centery))
    # Whole, at the hand's right edge (the name gave way first): cut only if even that was not enough.
    status = fitted(brush.style, status, SMALL, frame.row.hand.right - label.right - STATUS_GAP, bold=True)
    brush.text(surface, status, (frame.row.hand.right, label.y + 1), SMALL, palette.accent, bold=True,
               anchor="topright")


def _note_text(brush: Brush, text: str, big: bool) -> pygame.Surface:
    if big:
        return brush.style.text(text, LARGE + 6, brush.style.palette.text, bold=True)
    return brush.style.text(text, SEAT_NOTE_SIZE, INK, bold=True)


def note_box(brush: Brush, text: str, big: bool) -> pygame.Rect:
    """A note's bubble (at the origin): its text and a margin."""
    return _note_text(brush, text, big).get_rect().inflate(*((28, 14) if big else (14, 2)))


def note_centre(brush: Brush, frame: Frame, seat: int, text: str) -> tuple[int, int]:
    """Where a note about `seat` ("Pass") goes: on its plate's bar row, or above
    the bottom seat's name."""
    if seat == frame.bottom_seat:
        label = hand_label(brush, frame, status_width(brush, frame))[3]
        return label.centerx, label.y - note_box(brush, text, big=False).height // 2 - NOTE_GAP
    plate = seat_plates(frame.players, frame.bottom_seat)[seat]
    bar = brush.plate_bar(frame, seat, plate)
    return bar.centerx, bar.centery - 3  # (between the name above and a face-up hand's rows below)


def draw_notes(brush: Brush, frame: Frame, surface: pygame.Surface) -> None:
    for note in frame.notes:
        image = _note_text(brush, note.text, note.big)
        box = note_box(brush, note.text, note.big)
        box.center = (round(note.x), round(note.y))
        alpha = max(0, min(255, round(255 * note.alpha)))
        colour = (10, 24, 18) if note.big else IVORY
        bubble = brush.translucent(box.size, (*colour, min(250, alpha)), radius=box.height // 2)
        surface.blit(bubble, box)
        note_mark(surface, "badge", box, "note")  # over none of its seat's labels or tiles
        gfx.blit_faded(surface, image, image.get_rect(center=box.center), alpha)
