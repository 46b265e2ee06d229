"""The Cyprus and Sebastopol table (dominoes_arcade/rules/cyprus.md and sebastopol.md): one table for both,
the star's size taken from the state (8 slots round the 9-9, or 4 round the 6-6).

What it shows (places from `cyprus_layout`): the spinner and its star in the
middle, each arm growing outward and turning at the table's edge (tiles shrink
only when an arm outgrows its rows); the player at this screen's hand along the
bottom, the other seats on plates round the table clockwise (face-down tiles
with their count, face up only in replays), the boneyard with its count and the
draw and pass buttons, and the score sheet: every round's winner and points,
and each seat's total against the target on its plate.

Every engine event is animated (`on_events`): a deal or draw flies a tile from
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
from dataclasses import replace

import pygame

from ...engine import Action, Event
from ...engine.cyprus import RoundResult
from ...engine.tiles import HIGH, NAME
from ...session.events import seen_events
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..tween import Sequence, Tween, Wait
from ..verdict import Breakdown, last_columns
from . import TableSetup, cyprus_status
from .base import TableScene
from .cyprus_brush import Brush
from .cyprus_frame import Frame
from .cyprus_layout import (
    AREA,
    CENTRE,
    PLATE_TILE,
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
from .interaction import Choice
from .move_log import Namer, tile_name
from .sprites import Note, Sprite

BREAKDOWN_ROUNDS = 5
"""Columns of rounds the game-over screen shows: a longer game adds up its first rounds."""
DEAL_FLIGHT = 0.32
DEAL_PACE = 0.035
"""Seconds between dealt tiles: the deal cascades, each tile still in the air as the next leaves."""
DRAW_FLIGHT = 0.4
PLAY_FLIGHT = 0.42
PASS_NOTE = 0.7
ROUND_HOLD_DEMO = 3.5
"""Seconds a round's summary stays up in a game of bots; with a human at the table it
waits for a press (up to `ROUND_HOLD_HUMAN`)."""
ROUND_HOLD_HUMAN = 60.0
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


class CyprusTable(TableScene):
    name = "table"

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
        self.model: TableModel = model_of(self.seen.view)
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat
        """Whose observation `model`'s hands come from (`_follow_seat`)."""
        self.flights: dict[Hashable, Sprite] = {}
        """The tiles in flight: by tile, or a tile this screen may not know by the place it lands
        in, ``("hand", seat, index)``. A deal's do not hold the game (``hold=False``), so a deal cascades."""
        self.notes: list[Note] = []
        self.totals_from: tuple[int, ...] = self.model.totals
        """The totals before the last round's points, which `shown_total` counts up from."""
        self.rounds: list[RoundResult] = []
        """Every finished round: the score sheet."""
        self.summary_up = False
        self.count_up = 1.0
        self.last_move: tuple | None = None
        """("arm", arm, index), ("centre",) or ("seat", seat): where the last move went."""
        self._bottom = self._initial_bottom()
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

    # -- seats -----------------------------------------------------------------------
    def _initial_bottom(self) -> int:
        humans = [seat for seat in range(self.seen.num_players) if self.session.is_human(seat)]
        return humans[0] if humans else 0

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the player at this screen (in hot-seat, the
        one whose turn it is once they have taken the device)."""
        if self.revealed_seat is not None:
            self._bottom = self.revealed_seat
        return self._bottom

    def hand_visible(self, seat: int, model: TableModel | None = None) -> bool:
        """Whether `seat`'s hand may be drawn face up in `model` (by default the one
        on screen): its owner is at the screen, or the round is over."""
        return (model or self.model).revealed or self.shows_hidden(seat)

    def landing(self, seat: int) -> int:
        """How many of `seat`'s tiles are still in the air towards its hand (a hidden
        hand draws only its first tiles meanwhile: its arrivals land at its end)."""
        hand = self.model.hands[seat]
        known = sum(1 for tile in hand if tile >= 0 and tile in self.flights)
        return known + sum(1 for key in self.flights if isinstance(key, tuple) and key[1] == seat)

    # -- geometry --------------------------------------------------------------------
    def geometry(self, model: TableModel | None = None) -> StarGeometry:
        model = model or self.model
        return fit_geometry(self.slots, model.arm_lengths(self.slots))

    def playable_tiles(self) -> frozenset[int]:
        """Tiles of the bottom hand that some legal move plays (they stand up)."""
        if not self.can_decide or self.seen.current_player != self.bottom_seat or self.model.revealed:
            return frozenset()
        return frozenset(c.action.tile for c in self.current_choices() if c.action.kind in ("play", "spinner"))

    def hand_rects(self, model: TableModel | None = None) -> list[tuple[int, pygame.Rect]]:
        """The bottom hand's tiles and their places (hidden tiles as -1)."""
        model = model or self.model
        seat = self.bottom_seat
        hand = model.hands[seat]
        if not self.hand_visible(seat, model):
            return [(-1, rect) for rect in hand_tiles(len(hand), row=self.row)]
        playable = self.playable_tiles()
        lifted = frozenset(i for i, t in enumerate(hand) if t in playable)
        return list(zip(hand, hand_tiles(len(hand), lifted, self.row), strict=True))

    def hand_place(self, model: TableModel, seat: int, tile: int) -> tuple[float, float, int]:
        """Centre and length of `tile` in `seat`'s hand in `model`; a hidden hand's
        tiles all come and go at its last place (its order must not tell which tile)."""
        hand = model.hands[seat]
        visible = self.hand_visible(seat, model)
        index = hand.index(tile) if visible and tile in hand else max(0, len(hand) - 1)
        if seat == self.bottom_seat:
            rects = hand_tiles(max(1, len(hand)), row=self.row)
            rect = rects[min(index, len(rects) - 1)]
            return rect.centerx, rect.centery, self.row.hand_length
        plate = seat_plates(self.seen.num_players, self.bottom_seat)[seat]
        rects = plate_tiles(plate, max(1, len(hand)))
        rect = rects[min(index, len(rects) - 1)]
        return rect.centerx, rect.centery, PLATE_TILE

    def table_place(self, model: TableModel, arm: int, index: int) -> tuple[Slot, int]:
        geometry = self.geometry(model)
        return place(geometry, arm, index), geometry.length

    # -- the kit's hooks: decisions ----------------------------------------------------
    def choices(self) -> list[Choice]:
        if not self.waiting_for_human or self.model.revealed:
            return []
        made: list[Choice] = []
        for action in self.legal:
            if action.kind == "spinner":
                made.append(Choice(action, ("hand", action.tile), ("centre", 0)))
            elif action.kind == "play":
                made.append(Choice(action, ("hand", action.tile), ("arm", action.arg)))
            else:  # draw, pass
                made.append(Choice(action, ("button", action.kind)))
        return made

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        rects: dict[Hashable, pygame.Rect] = {}
        if self.hand_visible(self.bottom_seat):
            for tile, rect in self.hand_rects():
                rects[("hand", tile)] = rect
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

    def summary_shown(self) -> bool:
        return self.summary_up

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
        return seat_plates(self.seen.num_players, self.bottom_seat).get(seat)

    def result_lines(self) -> list[str]:
        outcome = self.seen.outcome
        if self.session.error or outcome is None:
            return super().result_lines()
        winner = outcome.winners[0]
        rounds = self.seen.view.round_number
        totals = ", ".join(f"{self.seat_name(s)} {score}" for s, score in enumerate(outcome.scores))
        return [f"{self.seat_name(winner)} wins",
                f"first to {self.seen.view.rules.target_score} points, after {rounds} round{'s' * (rounds != 1)}.",
                f"Totals: {totals}"]

    def score_breakdown(self) -> Breakdown:
        """A column for each round (its winner's points), the first rounds of a long
        game added up in one."""
        rounds = self.seen.view.rounds
        parts = [[result.points if result.winner == seat else 0 for result in rounds]
                 for seat in range(self.seen.num_players)]
        columns, parts = last_columns([f"Round {result.number}" for result in rounds], parts, BREAKDOWN_ROUNDS,
                                      "Earlier")
        return Breakdown(columns, parts, list(self.seen.view.totals))

    # -- events -> animations ---------------------------------------------------------------
    def on_events(self, action: Action, events: list[Event]) -> None:
        events = seen_events(events, self.seen_seat)  # another seat's dealt or drawn tile is -1
        before = self.model
        ended = next((event for event in events if event.kind == "round_over"), None)
        if ended is None:
            after = model_of(self.seen.view)
        else:  # the engine has already cleared the table for the next round: keep the finished one
            last_play = next(((e.tile, e.value) for e in events if e.kind == "play"), None)
            after = end_of_round(before, ended.value, tuple(self.seen.view.totals), last_play)
        for event in events:
            kind = event.kind
            if kind == "new_round":
                self._new_round(event)
            elif kind in ("deal", "draw"):
                self._fly_in(event, after)
            elif kind == "spinner":
                self._fly_out(event, before, after, None)
                self.last_move = ("centre",)
            elif kind == "play":
                self._fly_out(event, before, after, event.value)
            elif kind == "pass":
                self._note_seat(event.seat, "Pass")
                self.last_move = ("seat", event.seat)
                self.app.audio.play("move")
            elif kind == "round_over":
                self._round_over(event, before)
            elif kind == "game_over":
                self.app.audio.play("win")
        old_geometry, new_geometry = self.geometry(before), self.geometry(after)
        if old_geometry.length != new_geometry.length and before.layout and after.layout:
            self.morph_from, self.morph = old_geometry, 0.0
            self.tweens.tween(self, 0.35, easing="in_out_cubic", morph=1.0)
        self.model = after
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat

    def _new_round(self, event: Event) -> None:
        self.summary_up = False
        self.flights.clear()
        self.last_move = None
        self.hand_x.clear()
        self.app.audio.play("shuffle")
        note = Note(f"Round {event.value} \u00b7 {self.seat_name(event.seat)} deals", CENTRE[0], CENTRE[1] - 40,
                    big=True)
        self.notes.append(note)
        self.tweens.add(Sequence(Wait(0.9), Tween(note, 0.5, easing="linear", alpha=0.0,
                                                   on_done=lambda: self._drop_note(note))), hold=False)

    def _fly_in(self, event: Event, after: TableModel) -> None:
        """A tile from the boneyard to `event.seat`'s hand, turned up for its owner."""
        seat, tile = event.seat, event.tile
        x, y, length = self.hand_place(after, seat, tile)
        visible = self.hand_visible(seat, after)
        origin = self.row.pile_centre
        flight = Sprite(tile, origin[0], origin[1], length, face_from=False, face_to=False, turn=0.0, lift=0.6,
                        zoom=self.row.pile_length / length, seat=seat, enter=HIGH[tile] if tile >= 0 else -1)
        # A tile this screen may not know is keyed by its place in the hand (deals to one seat overlap).
        key = tile if tile >= 0 else ("hand", seat, len(after.hands[seat]) - 1)
        self.flights[key] = flight
        done = self._lander(key)
        if event.kind == "deal":
            self.tweens.add(Tween(flight, DEAL_FLIGHT, easing="out_cubic", x=x, y=y, lift=0.0, zoom=1.0,
                                  on_done=done if not visible else None), hold=False)
            if visible:
                self.tweens.add(Sequence(Wait(DEAL_FLIGHT * 0.6), Tween(flight, 0.2, easing="linear", turn=1.0,
                                                                         on_done=done)), hold=False)
                flight.face_to = True
            self.tweens.add(Wait(DEAL_PACE))
            if len(self.flights) % 3 == 1:
                self.app.audio.play("draw")
            return
        flight.face_to = visible
        self.tweens.tween(flight, DRAW_FLIGHT, easing="out_cubic", x=x, y=y, lift=0.0, zoom=1.0, on_done=done)
        if visible:
            self.tweens.add(Sequence(Wait(DRAW_FLIGHT * 0.55), Tween(flight, 0.22, easing="linear", turn=1.0)))
        self.last_move = ("seat", seat)
        self.app.audio.play("draw")

    def _fly_out(self, event: Event, before: TableModel, after: TableModel, arm: int | None) -> None:
        """A tile from a hand to the centre (the spinner) or to its place on an arm,
        turned face up on the way if the viewer could not see it."""
        seat, tile = event.seat, event.tile
        x0, y0, length0 = self.hand_place(before, seat, tile)
        if arm is None:
            geometry = self.geometry(after)
            slot, length = geometry.spinner, geometry.length
            enter = self.preset.suit
        else:
            index = len(after.layout[arm]) - 1
            slot, length = self.table_place(after, arm, index)
            enter = open_ends(after.layout[arm], self.preset.suit)[index]
            self.last_move = ("arm", arm, index)
        hidden = not self.hand_visible(seat, before)
        flight = Sprite(tile, x0, y0, length, face_from=not hidden, face_to=True, turn=0.0, lift=1.0,
                        zoom=length0 / length, seat=seat, public=True, angle=slot.angle, enter=enter)
        self.flights[tile] = flight
        self.tweens.tween(flight, PLAY_FLIGHT, easing="in_out_cubic", x=slot.x, y=slot.y, lift=0.0, zoom=1.0,
                          on_done=self._lander(tile, "clack"))
        if hidden:
            self.tweens.tween(flight, PLAY_FLIGHT * 0.5, easing="linear", turn=1.0)

    def _lander(self, key: Hashable, sound: str | None = None):
        def land() -> None:
            self.flights.pop(key, None)
            if sound:
                self.app.audio.play(sound)
        return land

    def _note_seat(self, seat: int, text: str) -> None:
        x, y = cyprus_status.note_centre(self.brush, self.frame(), seat, text)
        note = Note(text, x, y)
        self.notes.append(note)
        self.tweens.add(Sequence(Wait(PASS_NOTE * 0.6),
                                 Tween(note, PASS_NOTE * 0.4, easing="linear", alpha=0.0,
                                       on_done=lambda: self._drop_note(note))))

    def _drop_note(self, note: Note) -> None:
        if note in self.notes:
            self.notes.remove(note)

    def _round_over(self, event: Event, before: TableModel) -> None:
        self.rounds.append(event.value)
        self.summary_up = True
        self.totals_from = before.totals
        self.count_up = 0.0
        self.tweens.add(Sequence(Wait(0.5), Tween(self, 1.2, easing="out_cubic", count_up=1.0)), hold=False)
        self.app.audio.play("score")
        self.hold(ROUND_HOLD_HUMAN if self.session.human_seats else ROUND_HOLD_DEMO)

    def shown_total(self, seat: int) -> int:
        """`seat`'s total as the plates show it: counting up after a round."""
        new = self.model.totals[seat]
        if self.count_up >= 1 or seat >= len(self.totals_from):
            return new
        old = self.totals_from[seat]
        return round(old + (new - old) * self.count_up)

    # -- the frame -------------------------------------------------------------------------
    def _sync_key(self) -> tuple[int, int]:
        """What `model` was taken at: the session's version (bumped by every step and
        rebuild) and its steps."""
        return self.session.version, len(self.session.steps)

    def _follow_seat(self) -> None:
        """Another seat's observation is drawn now (hot-seat: the device changed hands;
        a bot's turn hides every hand): take the hands it shows, leaving what is
        moving in place. A finished round's hands are public and stay."""
        self._model_seat = self.seen_seat
        if not self.model.revealed:
            self.model = replace(self.model, hands=model_of(self.seen.view).hands)

    def _follow(self) -> None:
        if self._synced != self._sync_key():
            self.resync()
        elif self._model_seat != self.seen_seat:
            self._follow_seat()

    def update(self, dt: float) -> None:
        self._follow()
        super().update(dt)
        if self.summary_up and self.hold_left <= 0 and not self.seen.is_terminal:
            self.summary_up = False
        self._glide_hand(dt)

    def on_rebuild(self) -> None:
        self.resync()

    def on_game_over(self) -> None:
        self.summary_up = False  # the kit's game-over screen takes over; the hands stay shown

    def resync(self) -> None:
        """The state changed under the table (an undo, a replay stepping back): lay
        it out afresh, with no animation."""
        self.tweens.clear()
        self.flights.clear()
        self.notes.clear()
        self.model = model_of(self.seen.view)
        self.rounds = self.finished_rounds()
        self.summary_up = False
        self.count_up = 1.0
        self.morph = 1.0
        self.last_move = None
        self.hand_x.clear()
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat

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
        if self._synced == self._sync_key() and self._model_seat != self.seen_seat:
            self._follow_seat()  # (the pass screen may have shown another hand since the last update)
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


