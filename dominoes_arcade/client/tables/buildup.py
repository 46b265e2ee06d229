"""Build Up's table (RULES.md section 2; issue 8): the two lines of six stacks in
the middle, each seat's hand on its side of them, the boneyards and the tiles set
aside on the right, the score sheet on the left.

Everything drawn comes from the engine state through the layout methods
(`stack_centre`, `hand_centre`, `pile_centre`, ...: state -> where each tile sits),
so undo and a replay stepping back simply lay the table out again (`on_rebuild`);
motion is a `Flight` (a tile moving from one zone to another, turning over on the
way when it becomes visible) run by the scene's tweens. While a tile flies to a
stack, a hand or the tiles set aside, the static drawing leaves it out, so it is
never drawn twice.

Whose tiles are face up follows the kit (`shows_hidden`): the seat whose hidden
tiles may be shown sits at the bottom; the other hand shows only what
``state.view`` would (its first-player draws, and backs for the rest); boneyards
are always face down. A hand's summary (`HandSummary`) reveals the tiles set
aside and counts the scores up at every ``hand_scored`` event.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.buildup import LINE_LENGTH, PASS, PLACE, STACK_COUNT
from ...engine.tiles import NAME
from ..input import Device, Intent
from ..theme import SMALL
from ..tile_art import shade
from ..tween import Tween
from . import SEAT_LABELS
from . import buildup_panels as panels
from .base import TableScene
from .interaction import Choice

WIDTH = 1280
STACK_LENGTH = 92
"""A stack's top tile, upright: 46 x 92."""
STACK_PITCH = 112
STACK_ROWS = {"top": 194, "bottom": 366}
"""The centre line of each line of stacks: the top seat's line above, the bottom seat's below."""
UNDER_SHOWN = 3
"""How many tiles under a stack's top peek out above it (the height badge gives the rest)."""
UNDER_STEP = 6
HAND_LENGTH = {"top": 72, "bottom": 108}
HAND_Y = {"top": 50, "bottom": 512}
HAND_GAP = {"top": 8, "bottom": 14}
LIFT = 16
"""How far a picked-up hand tile rises."""
HAND_X = 700
"""Hands sit right of centre, leaving room for the seat's name plate on their left."""
SUMMARY_SECONDS = 3.0
"""How long a hand's summary stays up in a game of bots (a press ends it sooner)..."""
SUMMARY_SECONDS_HUMAN = 10.0
"""... and with a human at the table, who may want to read it."""
BANNER_SECONDS = 1.5
FLIGHT_SECONDS = {"stack": 0.28, "hand": 0.18, "aside": 0.3}
"""How long a tile takes to reach each zone (before the animation-speed setting)."""


@dataclass(eq=False)
class Flight:
    """A tile moving across the table: its centre (`x`, `y`) and `length` are tweened
    to the goal, and `turn` (0 -> 1) turns it over half-way when it lands with the
    other face up (a line tile laid, a hidden tile placed, a draw turning face up
    for its owner)."""

    tile: int
    """-1 for a tile this screen may not know (a bot's draw)."""
    seat: int
    """Whose set it is from: its colour."""
    start_face_up: bool
    face_up: bool
    """Face up on landing."""
    x: float
    y: float
    length: float
    goal_length: int
    lands_on: tuple
    """("stack", s), ("hand", seat, tile) or ("aside", seat, tile): left out of the
    static drawing until it lands."""
    private: bool = False
    """Its face is `seat`'s secret (a draw into a hand): shown only to that seat."""
    turn: float = 0.0

    def shows_face(self) -> bool:
        return self.face_up if self.turn >= 0.5 else self.start_face_up


@dataclass
class HandSummary:
    """What a ``hand_scored`` event reveals: for each seat, its colour's tiles on top
    (with their stacks), the tiles it set aside this hand, the hand's score and total."""

    hand: int
    tops: list[list[tuple[int, int]]]
    aside: list[list[int]]
    scores: tuple[int, int]
    totals: tuple[int, int]
    progress: float = 0.0
    """0 -> 1 as the numbers count up."""


class BuildUpTable(TableScene):
    name = "table"

    def __init__(self, app, setup):
        super().__init__(app, setup)
        self.flights: list[Flight] = []
        self.summary: HandSummary | None = None
        self.shown_totals = [float(t) for t in self.state.totals]
        self.banner: list = ["", 0.0]
        """The news line (who starts, who passes) and its seconds left."""
        self._bottom = next((seat for seat in (0, 1) if self.is_human(seat)), 0)
        self.reflow = [{"t": 0.0, "shifts": {}}, {"t": 0.0, "shifts": {}}]
        """Each hand's tiles sliding to new slots: index -> pixels still to go, times `t`."""
        self.browsed: int | None = None
        """The stack a keyboard or controller cursor rests on to read its history."""
        self._warmed: set[tuple[int, int]] = set()
        """(tile, owner) pairs whose summary-sized image is rendered already."""
        self.static: pygame.Surface | None = None
        self.static_key: tuple | None = None
        """The static layer (`buildup_panels.static_layer`) and what it was drawn for."""

    # -- seats and where they sit ----------------------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the human (in hot-seat, the one to move)."""
        return self._bottom

    def side(self, seat: int) -> str:
        return "bottom" if seat == self.bottom else "top"

    def seat_label(self, seat: int) -> str:
        """"You" for the one human at the table, else the seat's kind ("Hard bot")."""
        kind = self.seat_kind(seat)
        if kind == "human" and sum(self.is_human(s) for s in (0, 1)) == 1:
            return "You"
        return SEAT_LABELS.get(kind, kind)

    def seat_title(self, seat: int) -> str:
        """``"Seat 2 · Hard bot"``."""
        return f"{self.seat_name(seat)} \u00b7 {self.seat_label(seat)}"

    def hand_faces(self, seat: int, hand: list[int] | None = None) -> list[int]:
        """`seat`'s hand (or `hand`, as it was) as this screen may show it: every
        tile when its hidden tiles may be shown, else what ``state.view`` shows (-1
        first for each hidden tile, then the first-player draws, which both saw)."""
        hand = self.state.hands[seat] if hand is None else hand
        if self.shows_hidden(seat):
            return list(hand)
        shown = self.state.shown[seat]
        known = [t for t in hand if shown >> t & 1]
        return [-1] * (len(hand) - len(known)) + known

    # -- layout: state -> positions ----------------------------------------------------
    def stack_centre(self, stack: int) -> tuple[int, int]:
        owner, index = divmod(stack, LINE_LENGTH)
        side = self.side(owner)
        return round(WIDTH / 2 + (index - 2.5) * STACK_PITCH), STACK_ROWS[side]

    def stack_rect(self, stack: int) -> pygame.Rect:
        x, y = self.stack_centre(stack)
        return pygame.Rect(x - STACK_LENGTH // 4, y - STACK_LENGTH // 2, STACK_LENGTH // 2, STACK_LENGTH)

    def hand_centre(self, seat: int, index: int, count: int) -> tuple[float, float]:
        side = self.side(seat)
        length, gap = HAND_LENGTH[side], HAND_GAP[side]
        pitch = length // 2 + gap
        return HAND_X + (index - (count - 1) / 2) * pitch, HAND_Y[side]

    def hand_rect(self, seat: int, index: int, count: int) -> pygame.Rect:
        x, y = self.hand_centre(seat, index, count)
        length = HAND_LENGTH[self.side(seat)]
        return pygame.Rect(round(x - length / 4), round(y - length / 2), length // 2, length)

    def pile_centre(self, seat: int) -> tuple[int, int]:
        return panels.SIDE_X + 40, panels.SIDE_Y[self.side(seat)] + 88

    def aside_centre(self, seat: int, index: int) -> tuple[int, int]:
        row, column = divmod(index, panels.ASIDE_COLUMNS)
        return (panels.SIDE_X + 12 + column * (panels.ASIDE_LENGTH // 2 + 4),
                panels.SIDE_Y[self.side(seat)] + 196 + row * (panels.ASIDE_LENGTH + 6))

    def plate_rect(self, seat: int) -> pygame.Rect:
        if self.side(seat) == "top":
            return pygame.Rect(254, 12, 236, 78)
        return pygame.Rect(254, 473, 236, 78)

    # -- the kit's hooks: the decision in front of the human ---------------------------
    def choices(self) -> list[Choice]:
        """One Choice per legal action: a hand tile onto a stack, or the pass button."""
        if not self.waiting_for_human:
            return []
        return [Choice(a, ("button", "pass")) if a is PASS else Choice(a, ("hand", a.tile), ("stack", a.arg))
                for a in self.state.legal_actions()]

    def item_rects(self) -> dict:
        """The 12 stacks always; the hand of the human to move (a picked-up tile
        lifted) and the pass button while that is their move."""
        rects: dict = {("stack", s): self.stack_rect(s) for s in range(STACK_COUNT)}
        seat = self.state.current_player
        if self.waiting_for_human and self.shows_hidden(seat):
            hand = self.state.hands[seat]
            for index, tile in enumerate(hand):
                rects[("hand", tile)] = self.hand_rect(seat, index, len(hand))
            if self.selected_source in rects and self.selected_source[0] == "hand":
                rects[self.selected_source] = rects[self.selected_source].move(0, -LIFT)
            if self.state.legal_actions() == [PASS]:
                rects[("button", "pass")] = panels.PASS_RECT.copy()
        return rects

    def action_for(self, source, target):
        if source == ("button", "pass"):
            return PASS
        if isinstance(source, tuple) and source[0] == "hand" and isinstance(target, tuple) and target[0] == "stack":
            return PLACE[source[1]][target[1]]
        return None

    def describe(self, action) -> str:
        return "Pass" if action is PASS else f"Place {NAME[action.tile]} on s{action.arg}"

    def last_move_rect(self) -> pygame.Rect | None:
        """The stack the last placement of this hand landed on, or the plate of a seat
        that just passed (read from the steps, so undo and replays agree); None
        while a hand's summary covers the table."""
        if self.summary is not None or not self.steps:
            return None
        actor, _, move = next((t for t in reversed(self.steps) if not t.startswith("*")), "* ").partition(" ")
        if move == "pass" and not self.steps[-1].startswith("*"):
            return self.plate_rect(int(actor))
        stack = self.last_placed_stack()
        return None if stack is None else self.stack_rect(stack)

    def result_lines(self) -> list[str]:
        outcome = self.state.outcome()
        if outcome is None or self.error:
            return super().result_lines()
        a, b = outcome.scores
        if outcome.is_draw:
            head = f"A draw, {a} all"
        else:
            head = f"{self.seat_name(outcome.winners[0])} wins, {max(a, b)} to {min(a, b)}"
        hands = ", ".join(f"{x}\u2013{y}" for x, y in self.state.hand_scores)
        tops = [sum(entries[-1][1] == seat for entries in self.state.stacks) for seat in (0, 1)]
        aside = [len(self.state.set_aside[seat]) for seat in (0, 1)]
        return [head, f"Hands (Seat 1\u2013Seat 2): {hands}", f"Totals: Seat 1 {a}, Seat 2 {b}",
                f"Stacks topped at the end: Seat 1 {tops[0]}, Seat 2 {tops[1]}",
                f"Tiles set aside: Seat 1 {aside[0]}, Seat 2 {aside[1]}"]

    # -- animation of the engine's events -------------------------------------------------
    def on_events(self, action, events) -> None:
        """A flight for every tile that moves (line, draw, cover, set aside), the news
        banner for who starts and who passes, the summary at ``hand_scored``."""
        delay = 0.0
        leaving = [e for e in events if e.kind in ("cover", "set_aside")]
        # The hands as they were before `action`: a leaving tile starts from its old slot.
        before = [sorted(self.state.hands[s] + [e.tile for e in leaving if e.seat == s]) for s in (0, 1)]
        for seat in (0, 1):
            drawn = [e.tile for e in events if e.kind == "draw" and e.seat == seat]
            self._close_ranks(seat, [t for t in before[seat] if t not in drawn])
        aside_slots = [len(self.state.set_aside[s]) - sum(e.kind == "set_aside" and e.seat == s for e in events)
                       for s in (0, 1)]
        for event in events:
            kind, seat, tile = event.kind, event.seat, event.tile
            if kind == "line":
                self._fly(Flight(tile, seat, False, True, *self.pile_centre(seat), panels.PILE_LENGTH,
                                 STACK_LENGTH, ("stack", event.value)), self.stack_centre(event.value), delay, "clack")
            elif kind == "draw":
                faces = self.hand_faces(seat)
                face_up = event.face_up or self.shows_hidden(seat)
                index = faces.index(tile) if tile in faces else faces.count(-1) - 1
                flight = Flight(tile if face_up else -1, seat, False, face_up, *self.pile_centre(seat),
                                panels.PILE_LENGTH, HAND_LENGTH[self.side(seat)], ("hand", seat, tile),
                                private=not event.face_up)
                self._fly(flight, self.hand_centre(seat, index, len(faces)), delay, "draw")
            elif kind in ("cover", "set_aside"):
                faces = self.hand_faces(seat, before[seat])
                was_up = tile in faces
                start = self.hand_centre(seat, faces.index(tile) if was_up else faces.count(-1) - 1, len(faces))
                before[seat].remove(tile)
                if kind == "cover":
                    goal, length, lands_on = self.stack_centre(event.value), STACK_LENGTH, ("stack", event.value)
                else:
                    goal, length = self.aside_centre(seat, aside_slots[seat]), panels.ASIDE_LENGTH
                    lands_on = ("aside", seat, tile)
                    aside_slots[seat] += 1
                flight = Flight(tile, seat, was_up, True, *start, HAND_LENGTH[self.side(seat)], length, lands_on)
                self._fly(flight, goal, delay, "clack" if kind == "cover" else "move")
                if kind == "set_aside":
                    delay += 0.08  # the leftover tiles leave one after another
            elif kind == "first":
                self._announce(f"Seat {seat + 1} moves first in hand {event.value}", delay)
            elif kind == "pass":
                self._announce(f"Seat {seat + 1} passes: no tile fits", delay)
                self.app.audio.play("select")
            elif kind == "hand_scored":
                aside = [[e.tile for e in events if e.kind == "set_aside" and e.seat == s] for s in (0, 1)]
                self._open_summary(event.value, aside, delay + 0.3)

    def _close_ranks(self, seat: int, old_hand: list[int]) -> None:
        """The tiles staying in `seat`'s hand slide from their old slots to the new
        ones (a gap closing, room made for a draw) instead of jumping."""
        new_faces, old_faces = self.hand_faces(seat), self.hand_faces(seat, old_hand)
        if new_faces == old_faces:
            return
        old_backs = [i for i, t in enumerate(old_faces) if t < 0]
        shifts = {}
        for index, tile in enumerate(new_faces):
            if tile >= 0:
                old = old_faces.index(tile) if tile in old_faces else None
            else:
                back = new_faces[:index].count(-1)
                old = old_backs[back] if back < len(old_backs) else None
            if old is not None:
                was = self.hand_centre(seat, old, len(old_faces))[0]
                shifts[index] = was - self.hand_centre(seat, index, len(new_faces))[0]
        self.reflow[seat] = {"t": 1.0, "shifts": shifts}
        self.tweens.add(Tween(self.reflow[seat], FLIGHT_SECONDS["hand"], easing="out_cubic", t=0.0))

    def _fly(self, flight: Flight, goal: tuple[float, float], delay: float, sound: str) -> None:
        """Run `flight` to `goal` after `delay`, turning it over on the way when it
        lands with the other face up, and play `sound` when it lands."""
        self.flights.append(flight)

        def landed():
            if flight in self.flights:
                self.flights.remove(flight)
            self.app.audio.play(sound)

        seconds = FLIGHT_SECONDS[flight.lands_on[0]]
        turn = 0.0 if flight.face_up == flight.start_face_up else 1.0
        self.tweens.add(Tween(flight, seconds, easing="out_cubic", delay=delay, on_done=landed,
                              x=goal[0], y=goal[1], length=flight.goal_length, turn=turn))

    def _announce(self, text: str, delay: float) -> None:
        """A line of news under the status line; it fades by itself and never holds
        the game (the driver waits for tweens, and this is not one)."""
        self.banner = [text, BANNER_SECONDS + delay]

    def _open_summary(self, score, aside: list[list[int]], delay: float) -> None:
        """The hand's summary over the stacks: its numbers count up after `delay`,
        then it stays (the kit's `hold`) until a press or a few seconds pass."""
        tops: list[list[tuple[int, int]]] = [[], []]
        for stack, entries in enumerate(self.state.stacks):
            tile, owner = entries[-1]
            tops[owner].append((stack, tile))
        self.summary = HandSummary(score.hand, tops, aside, score.scores, score.totals)
        self.tweens.add(Tween(self.summary, 1.0, easing="out_cubic", delay=delay, progress=1.0))
        self.tweens.add(Tween(self, 1.0, easing="out_cubic", delay=delay, shown_totals=list(score.totals)))
        self.app.audio.play("score")
        humans = any(self.is_human(seat) for seat in (0, 1))
        self.hold(delay + 1.0 + (SUMMARY_SECONDS_HUMAN if humans else SUMMARY_SECONDS))

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.revealed_seat is not None and not self.tweens.busy:
            self._bottom = self.revealed_seat  # hot-seat: the human at the screen sits at the bottom
        super().update(dt)
        self.banner[1] = max(0.0, self.banner[1] - dt)
        if self.summary is not None and self.summary.progress >= 1 and self.hold_left <= 0:
            self.summary = None  # shown long enough, or dismissed by a press
        if not self.tweens.busy:
            self.flights.clear()
            self.shown_totals = [float(t) for t in self.state.totals]
        self._warm_summary_tiles()

    def _warm_summary_tiles(self) -> None:
        """Render the summary-sized images of the tiles it may show (those on top, and
        those in hand, which may be set aside), one a frame, ahead of the summary,
        whose first frame would otherwise render a dozen at once. Images only: no
        tile is drawn, hidden or not."""
        candidates = [entries[-1] for entries in self.state.stacks if entries]
        candidates += [(tile, seat) for seat in (0, 1) for tile in self.state.hands[seat]]
        for tile, owner in candidates:
            if (tile, owner) not in self._warmed:
                self.app.tile_art.tile(tile, panels.SUMMARY_TILE, owner=owner)
                self._warmed.add((tile, owner))
                return

    def on_rebuild(self) -> None:
        """Undo or a replay's jump: nothing in the air, the state says where all is."""
        self.flights.clear()
        self.reflow = [{"t": 0.0, "shifts": {}}, {"t": 0.0, "shifts": {}}]
        self.summary = None
        self.banner[1] = 0.0
        self.shown_totals = [float(t) for t in self.state.totals]

    def handle_table(self, event) -> None:
        """Directions the decision does not use (while a bot or chance moves) walk a
        cursor over the stacks, to read their histories; the pointer clears it."""
        step = {Intent.LEFT: (-1, 0), Intent.RIGHT: (1, 0), Intent.UP: (0, -1), Intent.DOWN: (0, 1)}.get(event.intent)
        if step is None:
            if event.intent is Intent.POINT:
                self.browsed = None
            return
        if self.browsed is None:
            self.browsed = self.bottom * LINE_LENGTH
            return
        owner, index = divmod(self.browsed, LINE_LENGTH)
        if step[1]:
            above = self.side(owner) == "bottom"
            owner = 1 - owner if (step[1] < 0) == above else owner
        self.browsed = owner * LINE_LENGTH + min(LINE_LENGTH - 1, max(0, index + step[0]))

    # -- drawing -------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(panels.static_layer(self), (0, 0))
        arriving = [f.lands_on for f in self.flights if f.lands_on is not None]
        for stack in range(STACK_COUNT):
            self._draw_stack(surface, stack, arriving.count(("stack", stack)))
        for seat in (0, 1):
            panels.draw_plate(self, surface, seat)
            self._draw_hand(surface, seat, arriving)
            panels.draw_side(self, surface, seat, arriving)
        panels.draw_sheet(self, surface)
        panels.draw_status(self, surface)
        for flight in self.flights:
            self._draw_flight(surface, flight)
        panels.draw_history(self, surface, self.history_stack())
        if self.banner[1] > 0 and self.summary is None:
            panels.draw_banner(self, surface)
        if self.summary is not None:
            panels.draw_summary(self, surface, self.summary)
        elif self.browsed is not None and self.app.input.last_device is not Device.MOUSE and not self.can_decide:
            pygame.draw.rect(surface, (255, 255, 255), self.stack_rect(self.browsed).inflate(14, 14), 3,
                             border_radius=10)

    def tile_at(self, surface, tile: int, centre, length: float, *, face_up: bool = True, seat: int = -1,
                owner: int | None = None) -> pygame.Rect:
        """The kit's `draw_tile`, centred on `centre`."""
        return self.draw_tile(surface, tile, pygame.Rect(round(centre[0]), round(centre[1]), 0, 0), round(length),
                              face_up=face_up, seat=seat, owner=owner)

    def text_at(self, surface, text: str, size: int, where: dict, colour=None, bold: bool = False) -> pygame.Rect:
        image = self.app.style.text(text, size, colour, bold)
        rect = image.get_rect(**where)
        surface.blit(image, rect)
        return rect

    def set_colour(self, seat: int) -> tuple[int, int, int]:
        """`seat`'s set colour for lines and rings: its tiles' body, lightened when it
        is too dark to show on the felt (the midnight theme)."""
        body = self.app.tile_art.theme.bodies[seat]
        luma = 0.299 * body[0] + 0.587 * body[1] + 0.114 * body[2]
        return shade(body, 1.5) if luma < 55 else body

    def line_rect(self, seat: int) -> pygame.Rect:
        y = STACK_ROWS[self.side(seat)]
        return pygame.Rect(WIDTH // 2 - 3 * STACK_PITCH - 6, y - 68, 6 * STACK_PITCH + 12, 142)

    def _draw_stack(self, surface: pygame.Surface, stack: int, arriving: int) -> None:
        """The top tile upright in its owner's colour, up to `UNDER_SHOWN` tiles under
        it peeking out above, and a badge with the height."""
        entries = self.state.stacks[stack]
        if arriving:
            entries = entries[:len(entries) - arriving]
        x, y = self.stack_centre(stack)
        palette = self.app.style.palette
        if not entries:
            pygame.draw.rect(surface, palette.panel_border, self.stack_rect(stack), 2, border_radius=8)
            return
        under = entries[-1 - UNDER_SHOWN:-1]
        for depth, (tile, owner) in enumerate(under):
            self.tile_at(surface, tile, (x, y - (len(under) - depth) * UNDER_STEP), STACK_LENGTH, owner=owner)
        tile, owner = entries[-1]
        self.tile_at(surface, tile, (x, y), STACK_LENGTH, owner=owner)
        if len(entries) > 1:
            badge = (x + STACK_LENGTH // 4 + 4, y - STACK_LENGTH // 2 - len(under) * UNDER_STEP + 4)
            pygame.draw.circle(surface, (16, 20, 18), badge, 13)
            pygame.draw.circle(surface, self.set_colour(owner), badge, 13, 2)
            self.text_at(surface, str(len(entries)), SMALL - 3, {"center": badge}, bold=True)

    def _draw_hand(self, surface: pygame.Surface, seat: int, arriving: list) -> None:
        """`seat`'s hand as `hand_faces` allows, less the tiles still flying in (and
        an empty slot for one being dragged). A first-player draw is public (both
        players saw it); any other face is the seat's secret."""
        faces = self.hand_faces(seat)
        backs = faces.count(-1)
        backs_arriving = sum(1 for f in self.flights if f.tile < 0 and f.lands_on[:2] == ("hand", seat))
        length = HAND_LENGTH[self.side(seat)]
        public = self.state.shown[seat]
        for index, tile in enumerate(faces):
            if (tile >= 0 and ("hand", seat, tile) in arriving) or (tile < 0 and index >= backs - backs_arriving):
                continue
            x, y = self.hand_centre(seat, index, len(faces))
            reflow = self.reflow[seat]
            x += reflow["shifts"].get(index, 0.0) * reflow["t"]
            if tile >= 0 and self.dragged_source == ("hand", tile):
                pygame.draw.rect(surface, self.app.style.palette.panel_border, self.hand_rect(seat, index, len(faces)),
                                 2, border_radius=8)
                continue
            if tile >= 0 and self.selected_source == ("hand", tile):
                y -= LIFT
            secret = tile < 0 or not public >> tile & 1
            self.tile_at(surface, tile, (x, y), length, face_up=tile >= 0, seat=seat if secret else -1, owner=seat)

    def _draw_flight(self, surface: pygame.Surface, flight: Flight) -> None:
        """The tile drawn at its landing size (one cached image), scaled to its size
        now and squeezed sideways while it turns over."""
        face_up = flight.shows_face()
        squeeze = abs(1 - 2 * flight.turn) if flight.face_up != flight.start_face_up else 1.0
        length = max(8, round(flight.length))
        centre = (round(flight.x), round(flight.y))
        shadow = self.app.tile_art.shadow(flight.goal_length, lift=0.8)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 6, centre[1] + 10)))
        secret_of = flight.seat if flight.private else -1
        if squeeze > 0.97 and length == flight.goal_length:
            self.tile_at(surface, flight.tile, centre, length, face_up=face_up, seat=secret_of, owner=flight.seat)
            return
        flat = pygame.Surface((flight.goal_length // 2, flight.goal_length), pygame.SRCALPHA)
        self.draw_tile(flat, flight.tile, (0, 0), flight.goal_length, face_up=face_up, seat=secret_of,
                       owner=flight.seat)
        scaled = pygame.transform.scale(flat, (max(1, round(length / 2 * squeeze)), length))
        surface.blit(scaled, scaled.get_rect(center=centre))

    def history_stack(self) -> int | None:
        """The stack whose tiles the history panel lists: the one under the mouse,
        or the one the keyboard or controller focus (or browse cursor) is on; else
        the stack of the last placement."""
        pointer = self.app.pointer
        if self.app.input.last_device is Device.MOUSE:
            if pointer is not None and self.dragged_source is None:
                for stack in range(STACK_COUNT):
                    if self.stack_rect(stack).inflate(8, 8 + 2 * UNDER_SHOWN * UNDER_STEP).collidepoint(pointer):
                        return stack
        else:
            focused = self.picker.focused if self.can_decide else None
            if isinstance(focused, tuple) and focused[0] == "stack":
                return focused[1]
            if self.browsed is not None:
                return self.browsed
        return self.last_placed_stack()

    def last_placed_stack(self) -> int | None:
        """The stack of the last placement in the hand in progress, from the steps."""
        for text in reversed(self.steps):
            actor, _, move = text.partition(" ")
            if actor == "*":
                if move.startswith("hand"):
                    return None  # a new hand is being dealt
            elif move != "pass":
                return int(move.rsplit("s", 1)[1])
        return None

    def draw_dragged(self, surface: pygame.Surface, source, pos) -> None:
        if isinstance(source, tuple) and source[0] == "hand":
            seat = self.state.current_player
            length = HAND_LENGTH["bottom"]
            shadow = self.app.tile_art.shadow(length, lift=1.0)
            surface.blit(shadow, shadow.get_rect(center=(pos[0] + 8, pos[1] + 12)))
            self.tile_at(surface, source[1], pos, length, seat=seat, owner=seat)
