"""Build Up's table (dominoes_arcade/rules/buildup.md; issue 8): the two lines of six stacks in
the middle, each seat's hand on its side of them, the boneyards and the tiles set
aside on the right, the score sheet on the left.

Everything drawn comes from the observation the table draws (`seen`, never the
full state) through the layout (`buildup_layout`: where each stack, hand slot and
pile sits) and the painter (`buildup_panels`), which is handed a `BuildUpFrame`
(`buildup_frame`) each frame; so undo and a replay stepping back simply lay the
table out again (`on_rebuild`). Motion is the kit's `Sprite` (a tile moving from
one zone to another, turning over on the way when it becomes visible) run by the
scene's tweens, started from the step's events as the seat shown saw them
(`seen_events`): a tile this screen may not see is -1, followed by its place among
the backs. While a tile flies to a stack, a hand or the tiles set aside, the
static drawing leaves it out, so it is never drawn twice.

Whose tiles are face up follows the kit (`shows_hidden`): the seat whose hidden
tiles may be shown sits at the bottom; the other hand shows only what its
observation does (its first-player draws, and backs for the rest); boneyards are
always face down. A hand's summary (`HandSummary`) reveals the tiles set aside
and counts the scores up at every ``hand_scored`` event.
"""

from __future__ import annotations

import pygame

from ...engine import Event
from ...engine.buildup import LINE_LENGTH, PASS, PLACE, STACK_COUNT
from ...engine.tiles import NAME
from ...session.events import seen_events
from ..input import Device, Intent
from ..tween import Tween
from ..verdict import Breakdown
from .base import TableScene
from .buildup_frame import BuildUpFrame, HandSummary
from .buildup_layout import (
    ASIDE_LENGTH,
    FOCUS_BOTTOM,
    LIFT,
    PASS_RECT,
    PILE_LENGTH,
    SHEET,
    SIDE_COLUMN,
    SIDE_X,
    STACK_LENGTH,
    SUMMARY_TILE,
    BuildUpLayout,
    board_words,
    stack_name,
)
from .buildup_panels import BuildUpPainter
from .interaction import CORNERS, Choice
from .move_log import Namer, tile_name
from .sprites import Sprite

SUMMARY_SECONDS = 3.0
"""How long a hand's summary stays up in a game of bots (a press ends it sooner)..."""
SUMMARY_SECONDS_HUMAN = 10.0
"""... and with a human at the table, who may want to read it."""
BANNER_SECONDS = 1.5
FLIGHT_SECONDS = {"stack": 0.28, "hand": 0.18, "aside": 0.3}
"""How long a tile takes to reach each zone (before the animation-speed setting)."""


def move_words(event: Event, who: str, name: Namer) -> str | None:
    """The move log's words for an event (the registry entry's `move_words`)."""
    kind = event.kind
    if kind == "cover":
        return f"{who} played {tile_name(event)} on {stack_name(event.value)}"  # as the table numbers them
    if kind == "draw" and event.face_up:  # the draws for the first move (a hand's own fill is not news)
        return f"{who} drew {tile_name(event)} for the first move"
    if kind == "first":
        return f"{who} started hand {event.value}"
    if kind == "hand_scored":
        score = event.value
        return f"Hand {score.hand} scored: {name(0)} {score.scores[0]}, {name(1)} {score.scores[1]}"
    return None


class BuildUpTable(TableScene):
    name = "table"
    part_word = "Hand"
    move_log_rect = pygame.Rect(SIDE_X - 8, 12, 228, 652)
    """The move log over the boneyards' column only: every stack stays in view."""

    def __init__(self, app, setup):
        super().__init__(app, setup)
        self.flights: list[Sprite] = []
        self.summary: HandSummary | None = None
        self.shown_totals = [float(t) for t in self.seen.view.totals]
        self.banner: list = ["", 0.0]
        """The news line (who starts, who passes) and its seconds left."""
        self._bottom = next((seat for seat in (0, 1) if self.session.is_human(seat)), 0)
        self._layout = BuildUpLayout(self._bottom, setup.record is not None)
        self.reflow = [{"t": 0.0, "shifts": {}}, {"t": 0.0, "shifts": {}}]
        """Each hand's tiles sliding to new slots: index -> pixels still to go, times `t`."""
        self.browsed: int | None = None
        """The stack a keyboard or controller cursor rests on to read its history."""
        self._warmed: set[tuple[int, int]] = set()
        """(tile, owner) pairs whose summary-sized image is rendered already."""
        self.painter = BuildUpPainter(self.app, self.draw_tile)

    # -- seats and where they sit ----------------------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the human (in hot-seat, the one to move)."""
        return self._bottom

    @property
    def layout(self) -> BuildUpLayout:
        """The places for the current seating (`buildup_layout`)."""
        if self._layout.bottom != self._bottom:
            self._layout = BuildUpLayout(self._bottom, self.replay is not None)
        return self._layout

    def seat_label(self, seat: int) -> str:
        return self.kind_label(seat)

    def seat_title(self, seat: int) -> str:
        """``"Seat 2 · Hard bot"``."""
        return f"{self.seat_name(seat)} \u00b7 {self.seat_label(seat)}"

    def hand_faces(self, seat: int, hand: list[int] | None = None) -> list[int]:
        """`seat`'s hand (or `hand`, as it was) as this screen may show it: every
        tile when its hidden tiles may be shown, else what an opponent's observation
        shows (-1 first for each hidden tile, then the first-player draws, which both
        saw). `hand` may hold -1 for tiles this screen never saw."""
        hand = self.seen.view.hands[seat] if hand is None else hand
        if self.shows_hidden(seat):
            return list(hand)
        shown = self.seen.view.shown[seat]
        known = [t for t in hand if t >= 0 and shown >> t & 1]
        return [-1] * (len(hand) - len(known)) + known

    # -- the kit's hooks: the decision in front of the human ---------------------------
    def choices(self) -> list[Choice]:
        """One Choice per legal action: a hand tile onto a stack, or the pass button."""
        if not self.waiting_for_human:
            return []
        return [Choice(a, ("button", "pass")) if a is PASS else Choice(a, ("hand", a.tile), ("stack", a.arg))
                for a in self.legal]

    def item_rects(self) -> dict:
        """The 12 stacks always; the hand of the human to move (a picked-up tile
        lifted) and the pass button while that is their move."""
        rects: dict = {("stack", s): self.layout.stack_rect(s) for s in range(STACK_COUNT)}
        seat = self.seen.current_player
        if self.waiting_for_human and self.shows_hidden(seat):
            hand = self.seen.view.hands[seat]
            for index, tile in enumerate(hand):
                rects[("hand", tile)] = self.layout.hand_rect(seat, index, len(hand))
            if self.selected_source in rects and self.selected_source[0] == "hand":
                rects[self.selected_source] = rects[self.selected_source].move(0, -LIFT)
            if self.legal == (PASS,):
                rects[("button", "pass")] = PASS_RECT.copy()
        return rects

    def badge_spot(self, item, size: tuple[int, int]) -> pygame.Rect | None:
        """A stack's badge under its top tile, in its line (`BuildUpLayout.stack_badge_spot`);
        a bottom hand tile's under the tile (`BuildUpLayout.hand_badge_spot`)."""
        if isinstance(item, tuple) and item[0] == "stack":
            return self.layout.stack_badge_spot(item[1], size)
        seat = self.seen.current_player
        if isinstance(item, tuple) and item[0] == "hand" and item != self.selected_source and seat >= 0:
            hand = self.seen.view.hands[seat]
            if item[1] in hand:
                return self.layout.hand_badge_spot(seat, hand.index(item[1]), len(hand), size)
        return None

    def focus_marker(self, item, rect: pygame.Rect) -> tuple[pygame.Rect, frozenset[str]]:
        """Round a stack, the focus marker stops above its number (`FOCUS_BOTTOM`)
        and leaves its top-right corner to the height badge: its brackets touched
        the badge and cut into the number."""
        if not (isinstance(item, tuple) and item[0] == "stack"):
            return rect, CORNERS
        marker = rect.copy()
        marker.height = self.layout.stack_rect(item[1]).bottom + FOCUS_BOTTOM - rect.top
        shows_badge = len(self.seen.view.stacks[item[1]]) > 1  # (`BuildUpPainter.draw_stack`)
        return marker, CORNERS - {"topright"} if shows_badge else CORNERS

    def review_spot(self) -> pygame.Rect:
        """The review's panel over the score sheet: everywhere else the table is full
        (over the top, it hid the opponent's name plate and hand)."""
        return SHEET.copy()

    def callout_docks(self) -> dict[str, pygame.Rect]:
        """The side columns, whole: the score sheet with a stack's history on the
        left, the boneyards on the right. The table between is full (a callout over
        it hid stacks, their numbers and the player's plate)."""
        return {"score sheet": SHEET.union(self.layout.history_rect()), "boneyards": SIDE_COLUMN.copy()}

    def ring_spot(self, item) -> pygame.Rect | None:
        """A review's ring round a stack takes in the tiles peeking out above its top
        tile (`BuildUpLayout.stack_tiles_rect`): a ring round the top tile alone cuts them."""
        if isinstance(item, tuple) and item[0] == "stack":
            return self.layout.stack_tiles_rect(item[1], len(self.seen.view.stacks[item[1]]))
        return None

    def action_for(self, source, target):
        if source == ("button", "pass"):
            return PASS
        if isinstance(source, tuple) and source[0] == "hand" and isinstance(target, tuple) and target[0] == "stack":
            return PLACE[source[1]][target[1]]
        return None

    def describe(self, action) -> str:
        return "Pass" if action is PASS else f"Place {NAME[action.tile]} on {stack_name(action.arg)}"

    def illegal_reason(self, action) -> str:
        return board_words(super().illegal_reason(action))

    def summary_shown(self) -> bool:
        return self.summary is not None

    def last_move_rect(self) -> pygame.Rect | None:
        """The stack the last placement of this hand landed on, or the plate of a seat
        that just passed (read from the steps, so undo and replays agree); None
        while a hand's summary covers the table."""
        if self.summary is not None or not self.session.steps:
            return None
        actor, _, move = next((t for t in reversed(self.session.steps) if not t.startswith("*")), "* ").partition(" ")
        if move == "pass" and not self.session.steps[-1].startswith("*"):
            return self.layout.plate_rect(int(actor))
        stack = self.last_placed_stack()
        return None if stack is None else self.layout.stack_rect(stack)

    def result_lines(self) -> list[str]:
        outcome = self.seen.outcome
        if outcome is None or self.session.error:
            return super().result_lines()
        a, b = outcome.scores
        if outcome.is_draw:
            head = f"A draw, {a} all"
        else:
            head = f"{self.seat_name(outcome.winners[0])} wins, {max(a, b)} to {min(a, b)}"
        hands = ", ".join(f"{x}\u2013{y}" for x, y in self.seen.view.hand_scores)
        tops = [sum(entries[-1][1] == seat for entries in self.seen.view.stacks) for seat in (0, 1)]
        aside = [len(self.seen.view.set_aside[seat]) for seat in (0, 1)]
        return [head, f"Hands (Seat 1\u2013Seat 2): {hands}", f"Totals: Seat 1 {a}, Seat 2 {b}",
                f"Stacks topped at the end: Seat 1 {tops[0]}, Seat 2 {tops[1]}",
                f"Tiles set aside: Seat 1 {aside[0]}, Seat 2 {aside[1]}"]

    def score_breakdown(self) -> Breakdown:
        """A column for each hand scored."""
        hands = self.seen.view.hand_scores
        return Breakdown([f"Hand {number}" for number in range(1, len(hands) + 1)],
                         [[hand[seat] for hand in hands] for seat in (0, 1)], list(self.seen.view.totals))

    # -- animation of the engine's events -------------------------------------------------
    def on_events(self, action, events) -> None:
        """A flight for every tile that moves (line, draw, cover, set aside), the news
        banner for who starts and who passes, the summary at ``hand_scored``.

        Everything comes from the observation drawn (``seen.view``) and the step's
        events as its seat saw them (`seen_events`): a tile drawn face down into a
        hand this screen does not show is -1, so a hidden tile is followed by its
        place among the backs, never by its number."""
        events = seen_events(events, self.seen_seat)
        delay = 0.0
        # The hands as they were before the step: a leaving tile starts from its old slot.
        before = [self._hand_before(seat, events) for seat in (0, 1)]
        for seat in (0, 1):
            self._close_ranks(seat, before[seat])
        aside_slots = [len(self.seen.view.set_aside[s]) - sum(e.kind == "set_aside" and e.seat == s for e in events)
                       for s in (0, 1)]
        layout = self.layout
        for event in events:
            kind, seat, tile = event.kind, event.seat, event.tile
            if kind == "line":
                flight = self._flight(tile, seat, layout.pile_centre(seat), PILE_LENGTH, STACK_LENGTH,
                                      ("stack", event.value), face_from=False)
                self._fly(flight, layout.stack_centre(event.value), delay, "clack")
            elif kind == "draw":
                faces = self.hand_faces(seat)
                face_up = event.face_up or self.shows_hidden(seat)
                # A tile this screen sees lands on its own slot; a back on the last of the backs.
                index = faces.index(tile) if tile >= 0 and tile in faces else faces.count(-1) - 1
                flight = self._flight(tile if face_up else -1, seat, layout.pile_centre(seat), PILE_LENGTH,
                                      layout.hand_length(seat), ("hand", seat, tile), face_from=False,
                                      face_to=face_up, private=not event.face_up)
                self._fly(flight, layout.hand_centre(seat, index, len(faces)), delay, "draw")
            elif kind in ("cover", "set_aside"):
                faces = self.hand_faces(seat, before[seat])
                was_up = tile in faces
                start = layout.hand_centre(seat, faces.index(tile) if was_up else faces.count(-1) - 1, len(faces))
                before[seat].remove(tile)
                if kind == "cover":
                    goal, length, lands_on = layout.stack_centre(event.value), STACK_LENGTH, ("stack", event.value)
                else:
                    goal, length = layout.aside_centre(seat, aside_slots[seat]), ASIDE_LENGTH
                    lands_on = ("aside", seat, tile)
                    aside_slots[seat] += 1
                flight = self._flight(tile, seat, start, layout.hand_length(seat), length, lands_on, face_from=was_up)
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

    def _hand_before(self, seat: int, seen: list) -> list[int]:
        """`seat`'s hand as the observation showed it before the step whose events, as
        this screen saw them, are `seen`: the hand now, less what it drew (a draw this
        screen did not see is -1: one of the backs), plus the tiles that left it
        (covers and tiles set aside are face up, so their numbers are known)."""
        hand = list(self.seen.view.hands[seat])
        for event in seen:
            if event.kind == "draw" and event.seat == seat:
                hand.remove(event.tile)
        hand += [e.tile for e in seen if e.kind in ("cover", "set_aside") and e.seat == seat]
        return sorted(hand)

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
                was = self.layout.hand_centre(seat, old, len(old_faces))[0]
                shifts[index] = was - self.layout.hand_centre(seat, index, len(new_faces))[0]
        self.reflow[seat] = {"t": 1.0, "shifts": shifts}
        self.tweens.add(Tween(self.reflow[seat], FLIGHT_SECONDS["hand"], easing="out_cubic", t=0.0))

    @staticmethod
    def _flight(tile: int, seat: int, start, start_length: float, length: int, lands_on: tuple, *,
                face_from: bool, face_to: bool = True, private: bool = False) -> Sprite:
        """A tile of `seat`'s set leaving `start` at `start_length`, to land at
        `length` on `lands_on`; its face is `seat`'s secret when `private` (a draw)."""
        return Sprite(tile, *start, length, face_from=face_from, face_to=face_to, turn=0.0,
                      zoom=start_length / length, seat=seat if private else -1, owner=seat, lands_on=lands_on)

    def _fly(self, flight: Sprite, goal: tuple[float, float], delay: float, sound: str) -> None:
        """Run `flight` to `goal` after `delay`, turning it over on the way when it
        lands with the other face up, and play `sound` when it lands."""
        self.flights.append(flight)

        def landed():
            if flight in self.flights:
                self.flights.remove(flight)
            self.app.audio.play(sound)

        seconds = FLIGHT_SECONDS[flight.lands_on[0]]
        self.tweens.add(Tween(flight, seconds, easing="out_cubic", delay=delay, on_done=landed,
                              x=goal[0], y=goal[1], zoom=1.0, turn=1.0))

    def _announce(self, text: str, delay: float) -> None:
        """A line of news under the status line; it fades by itself and never holds
        the game (the driver waits for tweens, and this is not one)."""
        self.banner = [text, BANNER_SECONDS + delay]

    def _open_summary(self, score, aside: list[list[int]], delay: float) -> None:
        """The hand's summary over the stacks: its numbers count up after `delay`,
        then it stays (the kit's `hold`) until a press or a few seconds pass."""
        tops: list[list[tuple[int, int]]] = [[], []]
        for stack, entries in enumerate(self.seen.view.stacks):
            tile, owner = entries[-1]
            tops[owner].append((stack, tile))
        self.summary = HandSummary(score.hand, tops, aside, score.scores, score.totals)
        self.tweens.add(Tween(self.summary, 1.0, easing="out_cubic", delay=delay, progress=1.0))
        self.tweens.add(Tween(self, 1.0, easing="out_cubic", delay=delay, shown_totals=list(score.totals)))
        self.app.audio.play("score")
        humans = any(self.session.is_human(seat) for seat in (0, 1))
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
            self.shown_totals = [float(t) for t in self.seen.view.totals]
        self._warm_summary_tiles()

    def is_animating(self) -> bool:
        """The kit's reasons, or the news banner still fading."""
        return super().is_animating() or self.banner[1] > 0

    def _warm_summary_tiles(self) -> None:
        """Render the summary-sized images of the tiles it may show (those on top, and
        those in hand, which may be set aside), one a frame, ahead of the summary,
        whose first frame would otherwise render a dozen at once. Images only: no
        tile is drawn, hidden or not."""
        candidates = [entries[-1] for entries in self.seen.view.stacks if entries]
        candidates += [(tile, seat) for seat in (0, 1) for tile in self.seen.view.hands[seat] if tile >= 0]
        for tile, owner in candidates:
            if (tile, owner) not in self._warmed:
                self.app.tile_art.tile(tile, SUMMARY_TILE, owner=owner)
                self._warmed.add((tile, owner))
                return

    def on_rebuild(self) -> None:
        """Undo or a replay's jump: nothing in the air, the state says where all is."""
        self.flights.clear()
        self.reflow = [{"t": 0.0, "shifts": {}}, {"t": 0.0, "shifts": {}}]
        self.summary = None
        self.banner[1] = 0.0
        self.shown_totals = [float(t) for t in self.seen.view.totals]

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
            above = self.layout.side(owner) == "bottom"
            owner = 1 - owner if (step[1] < 0) == above else owner
        self.browsed = owner * LINE_LENGTH + min(LINE_LENGTH - 1, max(0, index + step[0]))

    # -- drawing (the painter, `buildup_panels`) ----------------------------------------------
    def frame(self) -> BuildUpFrame:
        """What the painter draws now: the observation and the table's moving parts."""
        seats = (0, 1)
        return BuildUpFrame(
            seen=self.seen, layout=self.layout, faces=(self.hand_faces(0), self.hand_faces(1)),
            seat_labels=tuple(self.seat_label(s) for s in seats), seat_titles=tuple(self.seat_title(s) for s in seats),
            seat_names=tuple(self.seat_name(s) for s in seats), players_here=self.players_here(),
            flights=self.flights, reflow=self.reflow, shown_totals=self.shown_totals, summary=self.summary,
            summary_folded=self.summary_folded, banner=(self.banner[0], self.banner[1]),
            stopped_words=self.stopped_words(), waiting_for_human=self.waiting_for_human,
            can_decide=self.can_decide, humans_here=sum(self.session.is_human(s) for s in seats),
            only_pass=self.legal == (PASS,), selected_source=self.selected_source,
            dragged_source=self.dragged_source, history_stack=self.history_stack(), browsed=self.browsed)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.frame())

    def draw_dragged(self, surface: pygame.Surface, source, pos) -> None:
        self.painter.draw_dragged(surface, self.frame(), source, pos)

    def draw_over_marks(self, surface: pygame.Surface) -> None:
        self.painter.draw_badges(surface)

    def history_stack(self) -> int | None:
        """The stack whose tiles the history panel lists: the one under the mouse,
        or the one the keyboard or controller focus (or browse cursor) is on; else
        the stack of the last placement."""
        pointer = self.app.pointer
        if self.app.input.last_device is Device.MOUSE:
            if pointer is not None and self.dragged_source is None:
                for stack in range(STACK_COUNT):
                    if self.layout.stack_hover_rect(stack).collidepoint(pointer):
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
        for text in reversed(self.session.steps):
            actor, _, move = text.partition(" ")
            if actor == "*":
                if move.startswith("hand"):
                    return None  # a new hand is being dealt
            elif move != "pass":
                return int(move.rsplit("s", 1)[1])
        return None
