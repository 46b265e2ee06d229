"""The Cyprus and Sebastopol table (dominoes_arcade/rules/cyprus.md and sebastopol.md): one table for both,
the star's size taken from the state (8 slots round the 9-9, or 4 round the 6-6).

What it shows (places from `cyprus_layout`): the spinner and its star in the
middle, each arm growing outward and turning at the table's edge (tiles shrink
only when an arm outgrows its rows); the player at this screen's hand along the
bottom, the other seats on plates round the table clockwise (face-down tiles
with their count, face up only in replays), the boneyard with its count and the
draw and pass buttons, and the score sheet: every round's winner and points,
and each seat's total against the target on its plate.

Every engine event is animated (`on_events`, on the machinery of a table of
rounds, `rounds_table`, which this table shares with the other games played in
rounds on seats' plates): a deal or draw flies a tile from
the boneyard to a hand and turns it face up when its owner may see it; setting
the spinner and plays fly the tile from the hand to its place, turning a hidden
tile over on the way; a pass shows a bubble; a round's end freezes the finished
table, reveals every hand and counts the scores up (`cyprus_panels`); a new
round announces its dealer. Positions always come from the observation the
table draws (`seen`, a snapshot taken by `cyprus_model`), and tweens only move
tiles between them, so undo and replays that rebuild the game simply lay the
table out again. The table never holds the full state: a step is animated from
its events as the observing seat saw them (`seen_events`: another seat's dealt or
drawn tile is -1, and its flight is keyed by the place it lands in); a tile
played from a hidden hand takes its number from the play's event, and a
round's end shows the hands its `RoundResult` reveals.

Decisions (`choices`): a tile of the hand onto a star slot or an arm (or the
9-9 to the centre), the draw button, the pass button. The kit turns them into
mouse, keyboard and controller play.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from ...engine import Action, Event
from ...engine.cyprus import RoundResult
from ...engine.tiles import HIGH, NAME
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from . import TableSetup, cyprus_status
from .cyprus_brush import Brush
from .cyprus_frame import Frame
from .cyprus_layout import (
    AREA,
    CENTRE,
    PLAY_ROW,
    REPLAY_ROW,
    SLOT_NAMES,
    TOP_ROW,
    Slot,
    StarGeometry,
    board_words,
    fit_geometry,
    hand_tiles,
    place,
    plate_tiles,
    seat_plates,
    slot_rect,
)
from .cyprus_model import TableModel, end_of_round, model_of, open_ends
from .cyprus_panels import Panels, buttons
from .cyprus_pieces import Pieces
from .move_log import Namer, tile_name
from .rounds_table import GameParts, RoundsTable, Timings
from .sprites import Note, Sprite

HAND_GLIDE = 14.0
"""How fast the bottom hand's tiles slide to their places when the hand changes (1/s)."""


def move_words(event: Event, who: str, name: Namer) -> str | None:
    """The move log's words for an event (the Cyprus and Sebastopol entries' `move_words`)."""
    kind = event.kind
    if kind == "new_round":
        return f"Round {event.value}: new hands dealt"
    if kind == "draw":
        return f"{who} drew {tile_name(event)}"
    if kind == "spinner":
        return f"{who} set the {tile_name(event)}"
    if kind == "play":
        return f"{who} played {tile_name(event)} on arm {SLOT_NAMES[event.value]}"
    if kind == "round_over":
        result = event.value
        if result.winner < 0:
            return f"Round {result.number} blocked: nobody scored"
        return f"{name(result.winner)} won round {result.number}, {result.points} points"
    return None


class CyprusTable(RoundsTable):
    """The Cyprus and Sebastopol table on the machinery of a table of rounds
    (`rounds_table`): this class adds the star and its arms, the hand's glide, the
    score sheet and the static layer."""

    name = "table"
    parts = GameParts(model_of, end_of_round, seat_plates, plate_tiles, hand_tiles)
    timings = Timings(deal_flight=0.32, deal_pace=0.035, deal_turn=0.2, draw_flight=0.4, draw_turn=0.22,
                      play_flight=0.42, seat_note=0.7, round_note=(0.9, 0.5))
    model: TableModel
    last_move: tuple | None
    """("arm", arm, index), ("centre",) or ("seat", seat): where the last move went."""

    def result_spot(self) -> pygame.Rect:
        """The hand's row, below its label: the folded bar across the whole bottom cut
        into the round breakdown and the boneyard's panel."""
        hand = PLAY_ROW.hand
        return pygame.Rect(hand.x, hand.bottom - 74, hand.width, 72)
    move_log_rect = pygame.Rect(888, TOP_ROW.y, 384, AREA.bottom - TOP_ROW.y)
    """The move log over the felt's right part, down to the hand's row: the status line
    and the score sheet stay in view."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        self.preset = self.seen.view.preset
        self.row = REPLAY_ROW if setup.record is not None else PLAY_ROW
        """The bottom row: a replay's leaves room for its controls."""
        self.slots = self.preset.slots
        self.rounds: list[RoundResult] = []
        """Every finished round: the score sheet."""
        self.hand_x: dict[int, float] = {}
        self.brush = Brush(lambda: self.app.style)
        self.panels = Panels(self.brush, self.status_text)
        self.pieces = Pieces()
        self._static = Canvas(LOGICAL_SIZE)
        self._static_for: tuple | None = None
        self._static_log: list[tuple[int, bool, int]] = []
        self.morph = 1.0
        """0..1 while the arms slide to a new tile length (from `morph_from`)."""
        self.morph_from: StarGeometry | None = None

    def target_score(self) -> int:
        return self.seen.view.rules.target_score

    # -- geometry --------------------------------------------------------------------
    def geometry(self, model: TableModel | None = None) -> StarGeometry:
        model = model or self.model
        return fit_geometry(self.slots, model.arm_lengths(self.slots))

    def table_place(self, model: TableModel, arm: int, index: int) -> tuple[Slot, int]:
        geometry = self.geometry(model)
        return place(geometry, arm, index), geometry.length

    # -- the kit's hooks: decisions ----------------------------------------------------
    def target_of(self, action: Action) -> Hashable | None:
        """The spinner goes to the centre, a play onto its arm; draw and pass are buttons."""
        if action.kind == "spinner":
            return ("centre", 0)
        return ("arm", action.arg) if action.kind == "play" else None

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        rects = self.hand_items()
        geometry = self.geometry()
        for arm in range(self.slots):
            line = self.model.layout[arm] if arm < len(self.model.layout) else ()
            rects[("arm", arm)] = slot_rect(place(geometry, arm, len(line)), geometry.length).inflate(6, 6)
        rects[("centre", 0)] = slot_rect(geometry.spinner, geometry.length).inflate(6, 6)
        for name, rect in buttons(self.row, self.preset).items():
            rects[("button", name)] = rect
        return rects

    def action_for(self, source: Hashable, target: Hashable | None) -> Action | None:
        if not isinstance(source, tuple) or len(source) != 2:
            return None
        kind, value = source
        preset = self.preset
        if kind == "button":
            if target is not None:
                return None
            return {"draw": preset.draw, "pass": preset.pass_}.get(value)
        if kind != "hand" or not isinstance(target, tuple) or not 0 <= value < len(preset.tiles):
            return None
        if target == ("centre", 0):
            return preset.set_spinner if value == preset.spinner else None
        if target[0] == "arm" and 0 <= target[1] < self.slots:
            return preset.play[value][target[1]]
        return None

    def last_move_rect(self) -> pygame.Rect | None:
        move = self.last_move
        if move is None or self.summary_up:
            return None
        if move[0] == "centre":
            geometry = self.geometry()
            return slot_rect(geometry.spinner, geometry.length)
        if move[0] == "arm":
            slot, length = self.table_place(self.model, move[1], move[2])
            return slot_rect(slot, length)
        seat = move[1]
        if seat == self.bottom_seat:
            frame = self.frame()
            return pygame.Rect(cyprus_status.hand_label(self.brush, frame,
                                                        cyprus_status.status_width(self.brush, frame))[3])
        return self.plates().get(seat)

    # -- events -> animations ---------------------------------------------------------------
    def on_events(self, action: Action, events: list[Event]) -> None:
        before = self.model
        super().on_events(action, events)
        old_geometry, new_geometry = self.geometry(before), self.geometry(self.model)
        if old_geometry.length != new_geometry.length and before.layout and self.model.layout:
            self.morph_from, self.morph = old_geometry, 0.0
            self.tweens.tween(self, 0.35, easing="in_out_cubic", morph=1.0)

    def animate_move(self, event: Event, before: TableModel, after: TableModel) -> None:
        """Setting the spinner flies it to the centre, a play to its arm's next
        place, laid with the number it matched at its back."""
        if event.kind == "spinner":
            geometry = self.geometry(after)
            slot, length, enter = geometry.spinner, geometry.length, self.preset.suit
            self.last_move = ("centre",)
        elif event.kind == "play":
            arm = event.value
            index = len(after.layout[arm]) - 1
            slot, length = self.table_place(after, arm, index)
            enter = open_ends(after.layout[arm], self.preset.suit)[index]
            self.last_move = ("arm", arm, index)
        else:
            return
        self.fly_from_hand(event, before, slot.x, slot.y, length, angle=slot.angle, enter=enter)

    def new_round(self, event: Event) -> None:
        self.hand_x.clear()
        super().new_round(event)

    def round_note(self, event: Event) -> Note:
        return Note(f"Round {event.value} \u00b7 {self.seat_name(event.seat)} deals", CENTRE[0], CENTRE[1] - 40,
                    big=True)

    def pile_sprite(self, tile: int, seat: int, length: int) -> Sprite:
        flight = super().pile_sprite(tile, seat, length)
        flight.enter = HIGH[tile] if tile >= 0 else -1  # upright as in the hand: the high number at its back
        return flight

    def note_place(self, seat: int, text: str) -> tuple[float, float]:
        return cyprus_status.note_centre(self.brush, self.frame(), seat, text)

    def round_over(self, event: Event, before: TableModel) -> None:
        self.rounds.append(event.value)
        super().round_over(event, before)

    # -- the frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._glide_hand(dt)

    def resync(self) -> None:
        """The state changed under the table (an undo, a replay stepping back): lay
        it out afresh, with no animation."""
        super().resync()
        self.rounds = self.finished_rounds()
        self.morph = 1.0
        self.hand_x.clear()

    def finished_rounds(self) -> list[RoundResult]:
        """The rounds finished in `steps` (after an undo or a replay's jump, which
        rebuild the state without events): the state keeps them."""
        return list(self.seen.view.rounds)

    def is_animating(self) -> bool:
        """The kit's reasons, or a tile of the hand still gliding to its place."""
        return super().is_animating() or any(abs(self.hand_x.get(tile, rect.x) - rect.x) >= 0.25
                                             for tile, rect in self.hand_rects() if tile >= 0)

    def _glide_hand(self, dt: float) -> None:
        follow = min(1.0, dt * HAND_GLIDE) if self.app.duration_scale > 0 else 1.0
        seen = set()
        for tile, rect in self.hand_rects():
            if tile < 0:
                continue
            seen.add(tile)
            x = self.hand_x.get(tile)
            self.hand_x[tile] = rect.x if x is None else x + (rect.x - x) * follow
        for tile in list(self.hand_x):
            if tile not in seen:
                del self.hand_x[tile]

    # -- drawing ---------------------------------------------------------------------------
    def status_text(self) -> str:
        """What is happening, in words (`cyprus_status.status_text`)."""
        return cyprus_status.status_text(
            self.seen.view, self.model, self.preset, tuple(self.seat_name(s) for s in range(self.seen.num_players)),
            stopped=self.stopped_words(), replay=self.replay is not None, waiting=self.waiting_for_human,
            legal_kinds={action.kind for action in self.legal})

    def frame(self) -> Frame:
        """What the painters read to draw the table now (`cyprus_frame.Frame`)."""
        seen = self.seen
        seats = range(seen.num_players)
        return Frame(
            model=self.model, preset=self.preset, players=seen.num_players, target=seen.view.rules.target_score,
            terminal=seen.is_terminal, rounds=self.rounds,
            bottom_seat=self.bottom_seat, names=tuple(self.seat_name(s) for s in seats),
            kinds=tuple(self.kind_label(s) for s in seats), players_here=self.players_here(),
            visible=tuple(self.hand_visible(s) for s in seats),
            shown_totals=tuple(self.shown_total(s) for s in seats), totals_from=self.totals_from,
            counting=self.count_up < 1,
            flights=self.flights, landing=tuple(self.landing(s) for s in seats), notes=self.notes,
            geometry=self.geometry(), morph=self.morph, morph_from=self.morph_from,
            row=self.row, hand=self.hand_rects(), hand_x=self.hand_x, dragged=self.dragged_source,
            enabled=frozenset(c.source for c in self.current_choices()) if self.can_decide else frozenset(),
            status=self.status_text(), summary_up=self.summary_up, hold_left=self.hold_left,
            human_table=bool(self.session.human_seats),
            style=self.app.style, art=self.app.tile_art, boards=self.app.panels, display=self.app.settings.display,
            pointer=self.app.pointer, draw_tile=self.draw_tile, log=self.render_log)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.follow_seen_seat()
        frame = self.frame()
        # What changes only when the game does is painted once into a layer (with
        # the tiles it drew, for the render log): each frame blits it and draws
        # what changes more often over it.
        key = self._static_key(frame)
        log = self.render_log
        if key != self._static_for:
            self._static_for = key
            start = len(log)
            self._static.marks.clear()
            self._paint_static(frame, self._static)
            self._static_log = log[start:]
            del log[start:]
        surface.blit(self._static, (0, 0))
        log.extend(self._static_log)
        self.panels.draw_plates(frame, surface)
        self.panels.draw_boneyard(frame, surface)
        self.pieces.draw_hand(frame, surface)
        for flight in self.flights.values():
            self.pieces.draw_flight(frame, surface, flight)
        self.panels.draw_notes(frame, surface)
        self.pieces.draw_open_hand(frame, surface)
        if self.summary_up and not self.summary_folded:
            self.panels.draw_summary(frame, surface)

    def _static_key(self, frame: Frame) -> tuple:
        model, display = self.model, self.app.settings.display
        seat = frame.bottom_seat
        on_table = tuple(t for t in self.flights if t == self.preset.spinner or any(t in line for line in model.layout))
        return (model.layout, model.spinner_set, model.dead, model.revealed, model.to_move == seat,
                model.dealer == seat, on_table, self.morph, seat, frame.shown_totals[seat], len(self.rounds),
                model.round_number, frame.status, display.theme, display.numbers_on_tiles)

    def _paint_static(self, frame: Frame, surface: pygame.Surface) -> None:
        self.panels.draw_felt(surface)
        self.panels.draw_empty_slots(frame, surface, frame.geometry)
        self.pieces.draw_star(frame, surface)
        if frame.morph >= 1:
            self.panels.draw_arm_ends(frame, surface, frame.geometry)
        self.panels.draw_sheet(frame, surface)
        self.panels.draw_status(frame, surface)

    def illegal_reason(self, action) -> str:
        return board_words(super().illegal_reason(action))

    def describe(self, action: Action) -> str:
        if action.kind == "play":
            return f"Play {NAME[action.tile]} on {SLOT_NAMES[action.arg]}"
        if action.kind == "spinner":
            return f"Set the {NAME[action.tile]}"
        return super().describe(action)


