"""The Draw and Block table (dominoes_arcade/rules/draw.md and block.md): one table
for both presets of the classic line game, 2 to 4 players, on the line games'
machinery: the layout and snapshot of `line_table`, the snake of `snake`, the
painter of `line_paint`.

What it shows: the line of play as a snake from the middle of the felt, turning at
the table's edges, its two open ends outlined with their numbers (the drop targets);
the player at this screen's hand along the bottom, playable tiles standing up,
beside their plate; the other seats' plates along the top, clockwise (name, kind,
total against the target, tiles left face down); the boneyard with its count and the
pass button; at a round's end, the summary that shows every hand (`Painter`).

Every engine event is animated (`on_events`): a deal or a draw flies a tile from the
boneyard to a hand (a draw has no decision in Draw: a seat that cannot play draws
until a tile fits), turned face up when its owner may see it; a lead or a play flies
the tile from its hand to its place in the line, turning a hidden tile over on the
way; a pass shows a note by its seat; a round's end keeps the finished line on the
felt, reveals every hand and counts the scores up in the round summary. Positions
always come from the observation the table draws (`seen`, snapshot by `model_of`),
and tweens only move tiles between them, so undo and replays that rebuild the game
simply lay the table out again. A step is animated from its events as the observing
seat saw them (`seen_events`: another seat's drawn tile is -1, its flight keyed by
the place it lands in). At a round's end the engine has already started the next
round, so the finished line is rebuilt from the last snapshot, the last play and the
`RoundResult` (`line_table.end_of_round`).

Decisions (`choices`): a tile of the hand onto an open end (or the centre, to lead);
when it fits both ends it has both as targets and the player picks one; the pass
button in Block, or in Draw once the boneyard is empty. The move log (`move_log`)
writes the games' events in `move_words`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, replace

import pygame

from ...engine import Action, Event
from ...engine.core import Termination
from ...engine.draw_block import DEAL, DRAW, DrawBlockState
from ...engine.tiles import NAME, PIPS
from ...session.events import seen_events
from .. import gfx
from ..theme import LARGE, SMALL
from ..tween import Sequence, Tween, Wait
from ..verdict import Breakdown, last_columns, round_words
from . import TableSetup
from .base import TableScene
from .interaction import Choice, targets_of
from .line_paint import TINY, LineFrame, LinePainter
from .line_table import (
    AREA,
    PLATE_TILE,
    PLAY_ROW,
    REPLAY_ROW,
    LineModel,
    end_of_round,
    hand_tiles,
    line_on_felt,
    plate_tiles,
    seat_plates,
)
from .move_log import Namer, tile_name
from .snake import LineGeometry, end_rect
from .sprites import Note, Sprite

BREAKDOWN_ROUNDS = 5
"""Columns of rounds the game-over screen shows: a longer game adds up its first rounds."""
DEAL_FLIGHT = 0.3
DEAL_PACE = 0.04
"""Seconds between dealt tiles: the deal cascades, each tile still in the air as the next leaves."""
DRAW_FLIGHT = 0.4
PLAY_FLIGHT = 0.42
NOTE_SECONDS = 0.8
ROUND_HOLD_DEMO = 3.5
"""Seconds a round's summary stays up in a game of bots; with a human at the table it
waits for a press (up to `ROUND_HOLD_HUMAN`)."""
ROUND_HOLD_HUMAN = 60.0
SIDE_WORDS = ("left", "right")
SUMMARY_TILE = 44
"""A hand's tiles in the round summary (long side)."""


def model_of(state: DrawBlockState) -> LineModel:
    """The snapshot of `state`, an observation's view (everything it reads is what
    the observer may see: the line, the hands it shows, counts and totals)."""
    return LineModel(
        line=tuple(state.line),
        first=state.left_count,
        hands=tuple(tuple(hand) for hand in state.hands),
        boneyard=len(state.boneyard),
        to_move=state.current_player if state.current_player >= 0 else -1,
        round_number=state.round_number,
        leader=state.leader,
        totals=tuple(state.totals),
    )


def move_words(event: Event, who: str, name: Namer) -> str | None:
    """The move log's words for an event (the registry entries' `move_words`): the
    lead, a play on an end, a draw (a tile another seat drew is "a tile"), the round's
    end."""
    kind = event.kind
    if kind == "new_round":
        return f"Round {event.value}: new hands dealt"
    if kind == "draw":
        return f"{who} drew {tile_name(event)}"
    if kind == "play":
        if event.value == "lead":
            return f"{who} led {tile_name(event)}"
        return f"{who} played {tile_name(event)} on the {event.value} end"
    if kind == "round_over":
        result = event.value
        if result.winner < 0:
            return f"Round {result.number} blocked: the lowest hands tie, nobody scored"
        how = "dominoed" if result.termination is Termination.DOMINO else "won the blocked round"
        return f"{name(result.winner)} {how}: round {result.number}, {result.points} points"
    return None


@dataclass(frozen=True)
class Frame(LineFrame):
    """What the painter reads to draw the table once, with what the round's summary reads."""

    players_here: list[int]
    hold_left: float
    human_table: bool


class Painter(LinePainter):
    """The line table's painter, and the round's summary in Draw's and Block's words."""

    def draw_summary(self, frame: Frame, surface: pygame.Surface) -> None:
        """The finished round: how it ended, who scored, and every hand with its pips."""
        result = frame.model.result
        if result is None:
            return
        palette = frame.style.palette
        players = frame.players
        row_h = 52
        panel = pygame.Rect(0, 0, 820, 112 + players * row_h + 44)
        panel.center = AREA.center
        gfx.rect(surface, (8, 22, 16), panel, border_radius=18)
        frame.boards.draw(surface, panel, radius=18, alpha=250)
        domino = result.termination is Termination.DOMINO
        headline = round_words(result.number, domino, result.winner, result.points, list(frame.names),
                               frame.players_here)
        self.text(frame, surface, headline, (panel.centerx, panel.y + 14), LARGE, palette.accent, True,
                  anchor="midtop")
        if domino:
            rule = "the winner scores every pip left in the other hands"
        elif result.winner >= 0:
            rule = "blocked: the lowest hand scores the others' pips" + (
                "" if result.points == sum(result.pips) - result.pips[result.winner] else " minus its own")
        else:
            rule = "blocked, and the lowest hands tie"
        self.text(frame, surface, rule[:1].upper() + rule[1:], (panel.centerx, panel.y + 52), SMALL,
                  palette.text_dim, anchor="midtop")
        top = panel.y + 84
        columns = (panel.x + 20, panel.x + 210, panel.right - 210, panel.right - 120)
        for label, x in zip(("Seat", "Hand", "Pips", "Total"), columns, strict=True):
            self.text(frame, surface, label, (x, top), TINY, palette.text_dim)
        for seat in range(players):
            y = top + 22 + seat * row_h
            winner = seat == result.winner
            colour = palette.accent if winner else palette.text
            self.text(frame, surface, frame.names[seat], (columns[0], y + 4), SMALL, colour, winner)
            self.text(frame, surface, frame.kinds[seat], (columns[0] + 74, y + 6), TINY, palette.text_dim)
            hand = result.hands[seat]
            room = columns[2] - columns[1] - 20
            tile = max(24, min(SUMMARY_TILE, 2 * (room // max(1, len(hand)) - 3)))
            pitch = min(tile // 2 + 3, room / max(1, len(hand)))
            for i, shown in enumerate(hand):
                frame.draw_tile(surface, shown, (columns[1] + i * pitch, y), tile, face_up=True, seat=-1)
            if not hand:
                self.text(frame, surface, "out!", (columns[1], y + 4), SMALL, palette.accent, True)
            self.text(frame, surface, str(sum(PIPS[t] for t in hand)), (columns[2], y + 4), SMALL, colour, winner)
            self.text(frame, surface, f"{frame.shown_totals[seat]} / {frame.target}", (columns[3], y + 4), SMALL,
                      colour, winner)
        if frame.hold_left > 0 and not frame.human_table:
            footer = f"Next round in {math.ceil(frame.hold_left)} s \u00b7 press to go on"
        else:
            footer = "Press to go on to the next round"
        self.text(frame, surface, footer, (panel.centerx, panel.bottom - 14), SMALL, palette.text, True,
                  anchor="midbottom")


class DrawBlockTable(TableScene):
    name = "table"

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        self.row = REPLAY_ROW if setup.record is not None else PLAY_ROW
        """The bottom row: a replay's leaves room for its controls."""
        self.model: LineModel = model_of(self.seen.view)
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat
        self.flights: dict[Hashable, Sprite] = {}
        """The tiles in flight: by tile, or a tile this screen may not know by the place it
        lands in, ``("hand", seat, index)``."""
        self.notes: list[Note] = []
        self.totals_from: tuple[int, ...] = self.model.totals
        """The totals before the last round's points, which `shown_total` counts up from."""
        self.summary_up = False
        self.count_up = 1.0
        self.last_move: tuple | None = None
        """("line", index) or ("seat", seat): where the last move went."""
        self._bottom = self._initial_bottom()
        self.painter = Painter()

    # -- seats -------------------------------------------------------------------------------
    def _initial_bottom(self) -> int:
        humans = [seat for seat in range(self.seen.num_players) if self.session.is_human(seat)]
        return humans[0] if humans else 0

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the player at this screen (in hot-seat, the one
        whose turn it is once they have taken the device)."""
        if self.revealed_seat is not None:
            self._bottom = self.revealed_seat
        return self._bottom

    def hand_visible(self, seat: int, model: LineModel | None = None) -> bool:
        """Whether `seat`'s hand may be drawn face up in `model`: its owner is at the
        screen, or the round is over."""
        return (model or self.model).revealed or self.shows_hidden(seat)

    def landing(self, seat: int) -> int:
        """How many of `seat`'s tiles are still in the air towards its hand."""
        hand = self.model.hands[seat]
        known = sum(1 for tile in hand if tile >= 0 and tile in self.flights)
        return known + sum(1 for key in self.flights if isinstance(key, tuple) and key[1] == seat)

    # -- geometry -----------------------------------------------------------------------------
    def geometry(self, model: LineModel | None = None) -> LineGeometry:
        model = model or self.model
        return line_on_felt(model.line, model.first)

    def playable_tiles(self) -> frozenset[int]:
        if not self.can_decide or self.seen.current_player != self.bottom_seat or self.model.revealed:
            return frozenset()
        return frozenset(c.action.tile for c in self.current_choices() if c.action.tile >= 0)

    def hand_rects(self, model: LineModel | None = None) -> list[tuple[int, pygame.Rect]]:
        """The bottom hand's tiles and their places (hidden tiles as -1)."""
        model = model or self.model
        seat = self.bottom_seat
        hand = model.hands[seat]
        if not self.hand_visible(seat, model):
            return [(-1, rect) for rect in hand_tiles(len(hand), frozenset(), self.row)]
        playable = self.playable_tiles()
        lifted = frozenset(i for i, t in enumerate(hand) if t in playable)
        return list(zip(hand, hand_tiles(len(hand), lifted, self.row), strict=True))

    def hand_place(self, model: LineModel, seat: int, tile: int) -> tuple[float, float, int]:
        """Centre and length of `tile` in `seat`'s hand in `model`; a hidden hand's
        tiles all come and go at its last place (its order must not tell which tile)."""
        hand = model.hands[seat]
        visible = self.hand_visible(seat, model)
        index = hand.index(tile) if visible and tile in hand else max(0, len(hand) - 1)
        if seat == self.bottom_seat:
            rects = hand_tiles(max(1, len(hand)), frozenset(), self.row)
        else:
            rects = plate_tiles(seat_plates(self.seen.num_players, self.bottom_seat)[seat], max(1, len(hand)))
        rect = rects[min(index, len(rects) - 1)]
        return rect.centerx, rect.centery, (rect.height if seat == self.bottom_seat else PLATE_TILE)

    # -- the kit's hooks: decisions --------------------------------------------------------------
    def choices(self) -> list[Choice]:
        if not self.waiting_for_human or self.model.revealed:
            return []
        made: list[Choice] = []
        for action in self.legal:
            if action.kind == "lead":
                made.append(Choice(action, ("hand", action.tile), ("centre", 0)))
            elif action.kind == "play":
                made.append(Choice(action, ("hand", action.tile), ("end", action.arg)))
            else:  # pass
                made.append(Choice(action, ("button", action.kind)))
        return made

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        rects: dict[Hashable, pygame.Rect] = {}
        if self.hand_visible(self.bottom_seat):
            for tile, rect in self.hand_rects():
                rects[("hand", tile)] = rect
        geometry = self.geometry()
        if self.model.line:
            for side, place in enumerate(geometry.ends):
                rects[("end", side)] = end_rect(place, geometry.length)
            lead = geometry.places[self.model.first]  # the lead's place stays a target (refused, with a reason)
            rects[("centre", 0)] = lead.rect(geometry.length)
        else:  # the ends are not open yet: targets beside the centre (refused, with a reason)
            centre = end_rect(geometry.ends[0], geometry.length)
            rects[("centre", 0)] = centre
            rects[("end", 0)] = centre.move(-centre.width - 8, 0)
            rects[("end", 1)] = centre.move(centre.width + 8, 0)
        if self.row.pass_button is not None:
            rects[("button", "pass")] = self.row.pass_button
        return rects

    def action_for(self, source: Hashable, target: Hashable | None) -> Action | None:
        if not isinstance(source, tuple) or len(source) != 2:
            return None
        kind, value = source
        moves = self.seen.view.moves
        if kind == "button":
            return moves.pass_ if value == "pass" and target is None else None
        if kind != "hand" or not isinstance(target, tuple) or not isinstance(value, int) or not 0 <= value < 28:
            return None
        if target == ("centre", 0):
            return moves.lead[value]
        if target[0] == "end" and target[1] in (0, 1):
            return moves.play[value][target[1]]
        return None

    def summary_shown(self) -> bool:
        return self.summary_up

    def last_move_rect(self) -> pygame.Rect | None:
        move = self.last_move
        if move is None or self.summary_up:
            return None
        if move[0] == "line":
            geometry = self.geometry()
            if move[1] < len(geometry.places):
                return geometry.places[move[1]].rect(geometry.length)
            return None
        seat = move[1]
        if seat == self.bottom_seat:
            return self.row.plate
        return seat_plates(self.seen.num_players, self.bottom_seat).get(seat)

    def result_lines(self) -> list[str]:
        outcome = self.seen.outcome
        if self.session.error or outcome is None:
            return super().result_lines()
        rounds = self.seen.view.round_number
        totals = ", ".join(f"{self.seat_name(s)} {score}" for s, score in enumerate(outcome.scores))
        target = self.seen.view.target_score
        headline = (f"{self.seat_name(outcome.winners[0])} wins" if outcome.winners
                    else "A draw: the highest totals tie")
        return [headline, f"first to {target} points, after {rounds} round{'s' * (rounds != 1)}.",
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

    def describe(self, action: Action) -> str:
        if action.kind == "play":
            return f"Play {NAME[action.tile]} on the {SIDE_WORDS[action.arg]} end"
        if action.kind == "lead":
            return f"Lead the {NAME[action.tile]}"
        return super().describe(action)

    # -- events -> animations ------------------------------------------------------------------------
    def on_events(self, action: Action, events: list[Event]) -> None:
        events = seen_events(events, self.seen_seat)  # another seat's drawn tile is -1
        before = self.model
        ended = next((event for event in events if event.kind == "round_over"), None)
        if ended is None:
            after = model_of(self.seen.view)
        else:  # the engine has already started the next round: keep the finished line
            last_play = next(((e.tile, e.value) for e in events if e.kind == "play"), None)
            after = end_of_round(before, ended.value, tuple(self.seen.view.totals), last_play)
        for event in events:
            kind = event.kind
            if kind == "new_round":
                self._new_round(event)
            elif kind in ("deal", "draw"):
                self._fly_in(event, after)
            elif kind == "play":
                self._fly_out(event, before, after)
            elif kind == "pass":
                self._note_seat(event.seat, "Pass")
                self.last_move = ("seat", event.seat)
                self.app.audio.play("move")
            elif kind == "round_over":
                self._round_over(before)
            elif kind == "game_over":
                self.app.audio.play("win")
        self.model = after
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat

    def _new_round(self, event: Event) -> None:
        self.summary_up = False
        self.flights.clear()
        self.last_move = None
        self.app.audio.play("shuffle")
        leads = f" \u00b7 {self.seat_name(event.seat)} leads" if event.seat >= 0 else ""
        self._note(Note(f"Round {event.value}{leads}", AREA.centerx, AREA.centery - 60, big=True), 1.2, hold=False)

    def _fly_in(self, event: Event, after: LineModel) -> None:
        """A tile from the boneyard to `event.seat`'s hand, turned up for its owner."""
        seat, tile = event.seat, event.tile
        x, y, length = self.hand_place(after, seat, tile)
        visible = self.hand_visible(seat, after)
        pile = self.row.boneyard
        flight = Sprite(tile, pile.x + 28, pile.bottom - 32, length, face_from=False, face_to=False, turn=0.0,
                        lift=0.6, zoom=48 / length, seat=seat)
        key = tile if tile >= 0 else ("hand", seat, len(after.hands[seat]) - 1)
        self.flights[key] = flight
        done = self._lander(key)
        if event.kind == "deal":
            self.tweens.add(Tween(flight, DEAL_FLIGHT, easing="out_cubic", x=x, y=y, lift=0.0, zoom=1.0,
                                  on_done=done if not visible else None), hold=False)
            if visible:
                flight.face_to = True
                self.tweens.add(Sequence(Wait(DEAL_FLIGHT * 0.6), Tween(flight, 0.15, easing="linear", turn=1.0,
                                                                         on_done=done)), hold=False)
            self.tweens.add(Wait(DEAL_PACE))
            if len(self.flights) % 3 == 1:
                self.app.audio.play("draw")
            return
        if not any(note.text == "Draws" and note.alpha > 0.5 for note in self.notes):  # one note a run of draws
            self._note_seat(seat, "Draws")
        flight.face_to = visible
        self.tweens.tween(flight, DRAW_FLIGHT, easing="out_cubic", x=x, y=y, lift=0.0, zoom=1.0, on_done=done)
        if visible:
            self.tweens.add(Sequence(Wait(DRAW_FLIGHT * 0.55), Tween(flight, 0.2, easing="linear", turn=1.0)))
        self.last_move = ("seat", seat)
        self.app.audio.play("draw")

    def _fly_out(self, event: Event, before: LineModel, after: LineModel) -> None:
        """A tile from a hand to its place in the line, turned face up on the way if
        the viewer could not see it."""
        seat, tile = event.seat, event.tile
        x0, y0, length0 = self.hand_place(before, seat, tile)
        geometry = self.geometry(after)
        index = 0 if event.value == "left" else (after.line.index(tile) if tile in after.line else len(after.line) - 1)
        place = geometry.places[index]
        self.last_move = ("line", index)
        hidden = not self.hand_visible(seat, before)
        flight = Sprite(tile, x0, y0, geometry.length, face_from=not hidden, face_to=True, turn=0.0, lift=1.0,
                        zoom=length0 / geometry.length, seat=seat, public=True,
                        angle=0 if place.horizontal else 90, flipped=place.first_high)
        self.flights[tile] = flight
        self.tweens.tween(flight, PLAY_FLIGHT, easing="in_out_cubic", x=place.x, y=place.y, lift=0.0, zoom=1.0,
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
        """A note by the seat: over a top plate's row of tiles (clear of its words), or
        above the bottom seat's hand."""
        if seat == self.bottom_seat:
            self._note(Note(text, self.row.hand.centerx, self.row.hand.y - 18), NOTE_SECONDS)
            return
        plate = seat_plates(self.seen.num_players, self.bottom_seat)[seat]
        self._note(Note(text, plate.right - 110, plate.bottom - 24), NOTE_SECONDS)

    def _note(self, note: Note, seconds: float, hold: bool = True) -> None:
        self.notes.append(note)
        self.tweens.add(Sequence(Wait(seconds * 0.6), Tween(note, seconds * 0.4, easing="linear", alpha=0.0,
                                                             on_done=lambda: self._drop_note(note))), hold=hold)

    def _drop_note(self, note: Note) -> None:
        if note in self.notes:
            self.notes.remove(note)

    def _round_over(self, before: LineModel) -> None:
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

    # -- keeping up with the session -------------------------------------------------------------------
    def _sync_key(self) -> tuple[int, int]:
        return self.session.version, len(self.session.steps)

    def _follow_seat(self) -> None:
        """Another seat's observation is drawn now (hot-seat; a bot's turn hides every
        hand): take the hands it shows. A finished round's hands are public and stay."""
        self._model_seat = self.seen_seat
        if not self.model.revealed:
            self.model = replace(self.model, hands=model_of(self.seen.view).hands)

    def update(self, dt: float) -> None:
        if self._synced != self._sync_key():
            self.resync()
        elif self._model_seat != self.seen_seat:
            self._follow_seat()
        super().update(dt)
        if self.summary_up and self.hold_left <= 0 and not self.seen.is_terminal:
            self.summary_up = False
            self.model = model_of(self.seen.view)

    def on_rebuild(self) -> None:
        self.resync()

    def on_game_over(self) -> None:
        self.summary_up = False  # the kit's game-over screen takes over; the hands stay shown

    def resync(self) -> None:
        """The state changed under the table (an undo, a replay stepping back): lay it
        out afresh, with no animation."""
        self.tweens.clear()
        self.flights.clear()
        self.notes.clear()
        self.model = model_of(self.seen.view)
        self.summary_up = False
        self.count_up = 1.0
        self.last_move = None
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat

    # -- drawing ----------------------------------------------------------------------------------------
    def status_text(self) -> str:
        """What is happening, in words."""
        view, model = self.seen.view, self.model
        stopped = self.stopped_words()
        if stopped:
            return stopped
        if self.seen.is_terminal:
            return "Game over"
        if model.revealed:
            return f"Round {model.round_number} is over"
        seat = view.seat
        if view.is_chance:
            if view.phase == DRAW:
                if self.players_here() == [seat]:
                    return "You cannot play: you draw from the boneyard until a tile fits"
                return f"{self.seat_name(seat)} cannot play and draws from the boneyard"
            return "Dealing" if view.phase == DEAL else "Choosing who leads"
        mover = self.seat_name(view.current_player)
        if self.replay is not None:
            return f"{mover} to move"
        if not self.waiting_for_human:  # (not `can_decide`: under a lesson's callout it is still the player's turn)
            return f"{mover} is thinking\u2026"
        legal = self.legal
        if legal and legal[0].kind == "pass":
            return "You cannot play: pass" + ("" if not view.draws else " (the boneyard is empty)")
        if legal and legal[0].kind == "lead":
            return f"Lead the {NAME[legal[0].tile]}" if len(legal) == 1 else "Lead any tile"
        left, right = model.ends
        ends = f"{left}" if left == right else f"{left} or {right}"
        return f"Your turn: play a tile on an end ({ends})"

    def frame(self) -> Frame:
        """What the painter reads to draw the table now."""
        seen = self.seen
        seats = range(seen.num_players)
        enabled = frozenset()
        wanted: frozenset = frozenset()
        if self.can_decide:
            choices = self.current_choices()
            enabled = frozenset({c.source for c in choices} | {c.target for c in choices if c.target is not None})
            picked = self.dragged_source or self.selected_source
            if picked is not None:
                wanted = frozenset(targets_of(choices, picked))
        return Frame(
            model=self.model, geometry=self.geometry(), players=seen.num_players, target=seen.view.target_score,
            boneyard_rule="draw when stuck" if seen.view.draws else "not drawn: pass", bottom_seat=self.bottom_seat,
            names=tuple(self.seat_name(s) for s in seats), kinds=tuple(self.kind_label(s) for s in seats),
            visible=tuple(self.hand_visible(s) for s in seats),
            shown_totals=tuple(self.shown_total(s) for s in seats), flights=self.flights,
            landing=tuple(self.landing(s) for s in seats), notes=self.notes, row=self.row,
            hand=self.hand_rects(), dragged=self.dragged_source, enabled=enabled, ends_wanted=wanted,
            status=self.status_text(), your_turn=self.can_decide, style=self.app.style, art=self.app.tile_art,
            boards=self.app.panels, draw_tile=self.draw_tile, players_here=self.players_here(),
            hold_left=self.hold_left, human_table=bool(self.session.human_seats))

    def draw_table(self, surface: pygame.Surface) -> None:
        if self._synced == self._sync_key() and self._model_seat != self.seen_seat:
            self._follow_seat()  # (the pass screen may have shown another hand since the last update)
        frame = self.frame()
        painter = self.painter
        painter.draw_felt(frame, surface)
        painter.draw_status(frame, surface)
        painter.draw_line(frame, surface)
        painter.draw_plates(frame, surface)
        painter.draw_boneyard(frame, surface)
        painter.draw_hand(frame, surface)
        for flight in self.flights.values():
            painter.draw_flight(frame, surface, flight)
        painter.draw_notes(frame, surface)
        if self.summary_up and not self.summary_folded:
            painter.draw_summary(frame, surface)
