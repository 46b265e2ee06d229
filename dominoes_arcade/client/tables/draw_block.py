"""The Draw and Block table (dominoes_arcade/rules/draw.md and block.md): one table
for both presets of the classic line game, 2 to 4 players, on the line games'
machinery: the layout and snapshot of `line_table`, the snake of `snake`, the
painter of `line_paint`; and on the machinery of a table of rounds, `rounds_table`
(the seats, the tiles in flight, the notes, a round's end, keeping up with the session).

What it shows: the line of play as a snake from the middle of the felt, turning at
the table's edges, its two open ends outlined with their numbers (the drop targets);
the player at this screen's hand along the bottom, playable tiles standing up,
beside their plate; the other seats' plates along the top, clockwise (name, kind,
total against the target, tiles left face down); the boneyard with its count and the
pass button; at a round's end, the summary that shows every hand (`Painter`).

Every engine event is animated (`rounds_table`'s `on_events`): a deal or a draw flies a tile from the
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

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from ...engine import Action, Event
from ...engine.core import Termination
from ...engine.draw_block import DEAL, DRAW, DrawBlockState
from ...engine.tiles import NAME
from ..theme import SMALL
from . import TableSetup
from .interaction import targets_of
from .line_paint import LineFrame, LinePainter
from .line_table import (
    AREA,
    PLAY_ROW,
    REPLAY_ROW,
    LineModel,
    end_of_round,
    hand_badge_spot,
    hand_tiles,
    line_on_felt,
    plate_tiles,
    seat_plates,
)
from .move_log import Namer, tile_name
from .round_summary import draw_hands, draw_panel, waiting_words
from .rounds_table import GameParts, RoundsTable, Timings
from .snake import LineGeometry, end_rect
from .sprites import Note

SIDE_WORDS = ("left", "right")


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
        draw_panel(surface, frame.style, frame.boards, panel, result, frame.names, frame.players_here)
        if result.termination is Termination.DOMINO:
            rule = "the winner scores every pip left in the other hands"
        elif result.winner >= 0:
            rule = "blocked: the lowest hand scores the others' pips" + (
                "" if result.points == sum(result.pips) - result.pips[result.winner] else " minus its own")
        else:
            rule = "blocked, and the lowest hands tie"
        self.text(frame, surface, rule[:1].upper() + rule[1:], (panel.centerx, panel.y + 52), SMALL,
                  palette.text_dim, anchor="midtop")
        draw_hands(surface, frame.style, frame.draw_tile, result, names=frame.names, kinds=frame.kinds,
                   totals=frame.shown_totals, target=frame.target, top=panel.y + 84, row_height=row_h,
                   columns=(panel.x + 20, panel.x + 210, panel.right - 210, panel.right - 120))
        footer = waiting_words(frame.hold_left, frame.human_table)
        self.text(frame, surface, footer, (panel.centerx, panel.bottom - 14), SMALL, palette.text, True,
                  anchor="midbottom")


class DrawBlockTable(RoundsTable):
    """The Draw and Block table on the machinery of a table of rounds
    (`rounds_table`): this class adds the line, its two ends and the game's words."""

    name = "table"
    parts = GameParts(model_of, end_of_round, seat_plates, plate_tiles, hand_tiles)
    timings = Timings(deal_flight=0.3, deal_pace=0.04, deal_turn=0.15, draw_flight=0.4, draw_turn=0.2,
                      play_flight=0.42, seat_note=0.8, round_note=(0.72, 0.48))
    model: LineModel
    last_move: tuple | None
    """("line", index) or ("seat", seat): where the last move went."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        self.row = REPLAY_ROW if setup.record is not None else PLAY_ROW
        """The bottom row: a replay's leaves room for its controls."""
        self.painter = Painter()

    def summary_closed(self) -> None:
        self.model = self.snapshot()  # the engine has started the next round: lay it out

    def target_score(self) -> int:
        return self.seen.view.target_score

    # -- geometry -----------------------------------------------------------------------------
    def geometry(self, model: LineModel | None = None) -> LineGeometry:
        model = model or self.model
        return line_on_felt(model.line, model.first)

    # -- the kit's hooks: decisions --------------------------------------------------------------
    def target_of(self, action: Action) -> Hashable | None:
        """The lead goes to the centre, a play onto its end; a pass is a button."""
        if action.kind == "lead":
            return ("centre", 0)
        return ("end", action.arg) if action.kind == "play" else None

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        rects = self.hand_items()
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

    def ring_spot(self, item: Hashable) -> pygame.Rect | None:
        """An open end's place (the outline drawn there): its drop target reaches a
        little further (`end_rect`), over the end tile, and a review's ring round
        that target cut the tile."""
        if isinstance(item, tuple) and item[0] == "end" and self.model.line:
            geometry = self.geometry()
            return geometry.ends[item[1]].rect(geometry.length)
        return None

    def badge_spot(self, item: Hashable, size: tuple[int, int]) -> pygame.Rect | None:
        """A hand tile's badge above it, under the felt (`line_table.hand_badge_spot`)."""
        hand = [rect for tile, rect in self.hand_rects() if ("hand", tile) == item]
        if not hand or item == self.selected_source:
            return None
        rects = [rect for _tile, rect in self.hand_rects()]
        pitch = rects[1].x - rects[0].x if len(rects) > 1 else hand[0].width + 6
        return hand_badge_spot(hand[0], pitch, size)

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
        return self.plates().get(seat)

    def describe(self, action: Action) -> str:
        if action.kind == "play":
            return f"Play {NAME[action.tile]} on the {SIDE_WORDS[action.arg]} end"
        if action.kind == "lead":
            return f"Lead the {NAME[action.tile]}"
        return super().describe(action)

    # -- events -> animations ------------------------------------------------------------------------
    def animate_move(self, event: Event, before: LineModel, after: LineModel) -> None:
        """A lead or a play flies the tile from its hand to its place in the line."""
        if event.kind != "play":
            return
        geometry = self.geometry(after)
        tile = event.tile
        index = 0 if event.value == "left" else (after.line.index(tile) if tile in after.line else len(after.line) - 1)
        place = geometry.places[index]
        self.last_move = ("line", index)
        self.fly_from_hand(event, before, place.x, place.y, geometry.length, angle=0 if place.horizontal else 90,
                           flipped=place.first_high)

    def round_note(self, event: Event) -> Note:
        leads = f" \u00b7 {self.seat_name(event.seat)} leads" if event.seat >= 0 else ""
        return Note(f"Round {event.value}{leads}", AREA.centerx, AREA.centery - 60, big=True)

    def fly_in(self, event: Event, after: LineModel) -> None:
        """A drawn tile has a note by its seat too: one for a run of draws."""
        if event.kind == "draw" and not any(note.text == "Draws" and note.alpha > 0.5 for note in self.notes):
            self.note_seat(event.seat, "Draws")
        super().fly_in(event, after)

    def note_place(self, seat: int, text: str) -> tuple[float, float]:
        """Over a top plate's row of tiles (clear of its words), or above the bottom
        seat's hand."""
        if seat == self.bottom_seat:
            return self.row.hand.centerx, self.row.hand.y - 18
        plate = self.plates()[seat]
        return plate.right - 110, plate.bottom - 24

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
        self.follow_seen_seat()
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
