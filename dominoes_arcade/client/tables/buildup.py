"""Build Up's table (RULES.md section 2; issue 8): the two lines of six stacks in
the middle, each seat's hand on its side of them, the boneyards and the tiles set
aside on the right, the score sheet on the left.

Everything drawn comes from the engine state through `layout` (state -> where each
tile sits), so undo and a replay stepping back simply lay the table out again;
motion is a `Flight` (a tile moving from one zone to another, turning over on the
way when it becomes visible) run by the scene's tweens. While a tile flies to a
stack or a hand, the static drawing leaves it out, so it is never drawn twice.

Whose tiles are face up follows the kit (`shows_hidden`): the seat whose hidden
tiles may be shown sits at the bottom; the other hand shows only what
``state.view`` would (its first-player draws, and backs for the rest); boneyards
are always face down. A hand's summary (`HandSummary`) reveals the tiles set
aside and counts the scores up at every ``hand_scored`` event.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.buildup import HAND_SIZES, LINE_LENGTH, PASS, PLACE, STACK_COUNT
from ...engine.tiles import PIPS
from ..theme import BODY, HEADING, LARGE, SMALL
from ..tween import Tween
from . import SEAT_LABELS
from .base import TableScene
from .interaction import Choice

WIDTH, HEIGHT = 1280, 720
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
HAND_X = 700
"""Hands sit right of centre, leaving room for the seat's name plate on their left."""
PILE_LENGTH = 60
ASIDE_LENGTH = 40
ASIDE_COLUMNS = 9
SIDE_X = 1048
"""The right-hand column: boneyards and tiles set aside."""
SIDE_Y = {"top": 16, "bottom": 352}
SHEET = pygame.Rect(16, 16, 220, 404)
PASS_RECT = pygame.Rect(914, 486, 116, 52)
SET_GLYPHS = ("\u25cf", "\u25c6")
"""Each set's centre pin as the tiles draw it (round, diamond): a cue besides colour."""
SET_NAMES = ("Ivory", "Red")
SUMMARY = pygame.Rect(254, 108, 774, 380)
SUMMARY_SECONDS = 3.0
"""How long a hand's summary stays up in a game of bots (a press ends it sooner)..."""
SUMMARY_SECONDS_HUMAN = 10.0
"""... and with a human at the table, who may want to read it."""
BANNER_SECONDS = 1.8
HISTORY_COLUMNS = 8
FLIGHT_SECONDS = {"line": 0.2, "draw": 0.18, "cover": 0.3, "set_aside": 0.32}


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@dataclass(eq=False)
class Flight:
    """A tile moving across the table: tweened `x`, `y` (its centre), `length`, and
    `turn` (0 -> 1 turns it over half-way when it starts face down and lands face up)."""

    tile: int
    """-1 for a tile this screen may not know (a bot's draw)."""
    seat: int
    """Whose set it is from (its colour), and whose hidden tile it is while in a hand."""
    face_up: bool
    """Face up on landing."""
    start_face_up: bool
    x: float
    y: float
    length: float
    goal_length: int = 0
    lands_on: tuple | None = None
    """("stack", s) or ("hand", seat, tile): left out of the static drawing until it lands."""
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

    # -- seats and where they sit ----------------------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the human (in hot-seat, the one to move)."""
        return self._bottom

    def side(self, seat: int) -> str:
        return "bottom" if seat == self.bottom else "top"

    def seat_name(self, seat: int) -> str:
        humans = sum(self.is_human(s) for s in (0, 1))
        kind = self.seat_kind(seat)
        label = "You" if kind == "human" and humans == 1 else SEAT_LABELS.get(kind, kind)
        return f"Seat {seat + 1} \u00b7 {label}"

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
        return SIDE_X + 40, SIDE_Y[self.side(seat)] + 88

    def aside_centre(self, seat: int, index: int) -> tuple[int, int]:
        row, column = divmod(index, ASIDE_COLUMNS)
        return (SIDE_X + 12 + column * (ASIDE_LENGTH // 2 + 4),
                SIDE_Y[self.side(seat)] + 196 + row * (ASIDE_LENGTH + 6))

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
        rects: dict = {("stack", s): self.stack_rect(s) for s in range(STACK_COUNT)}
        if self.waiting_for_human:
            seat = self.state.current_player
            hand = self.state.hands[seat]
            for index, tile in enumerate(hand):
                rects[("hand", tile)] = self.hand_rect(seat, index, len(hand))
            if self.state.legal_actions() == [PASS]:
                rects[("button", "pass")] = PASS_RECT.copy()
        return rects

    def action_for(self, source, target):
        if source == ("button", "pass"):
            return PASS
        if isinstance(source, tuple) and source[0] == "hand" and isinstance(target, tuple) and target[0] == "stack":
            return PLACE[source[1]][target[1]]
        return None

    def last_move_rect(self) -> pygame.Rect | None:
        """The stack the last placement landed on (in this hand), or the plate of a
        seat that just passed: read from the steps, so undo and replays agree."""
        for text in reversed(self.steps):
            actor, _, move = text.partition(" ")
            if actor == "*":
                if move.startswith("hand"):
                    return None  # a new hand is being dealt
                continue
            if move == "pass":
                return self.plate_rect(int(actor))
            return self.stack_rect(int(move.rsplit("s", 1)[1]))
        return None

    def result_lines(self) -> list[str]:
        outcome = self.state.outcome()
        if outcome is None:
            return ["The game stopped."]
        a, b = outcome.scores
        if outcome.is_draw:
            head = f"A draw, {a} all"
        else:
            winner = outcome.winners[0]
            head = f"Seat {winner + 1} wins, {max(a, b)} to {min(a, b)}"
        hands = ", ".join(f"{x}-{y}" for x, y in self.state.hand_scores)
        return [head, f"Hands (Seat 1-Seat 2): {hands}", f"Totals: Seat 1 {a}, Seat 2 {b}"]

    # -- animation of the engine's events -------------------------------------------------
    def on_events(self, action, events) -> None:
        """A flight for every tile that moves (line, draw, cover, set aside), a banner
        for who starts and who passes, the summary at ``hand_scored``."""
        delay = 0.0
        leaving = [e for e in events if e.kind in ("cover", "set_aside")]
        # The hands as they were before `action`, to start each leaving tile from its slot.
        before = [sorted(self.state.hands[s] + [e.tile for e in leaving if e.seat == s]) for s in (0, 1)]
        aside_counts = [len(self.state.set_aside[s]) - sum(e.kind == "set_aside" and e.seat == s for e in events)
                        for s in (0, 1)]
        for event in events:
            kind, seat = event.kind, event.seat
            seconds = FLIGHT_SECONDS.get(kind, 0.0)
            if kind == "line":
                self._fly(event.tile, seat, True, False, self.pile_centre(seat), PILE_LENGTH,
                          self.stack_centre(event.value), STACK_LENGTH, ("stack", event.value), seconds, delay, "clack")
            elif kind == "draw":
                faces = self.hand_faces(seat)
                face_up = event.face_up or self.shows_hidden(seat)
                index = faces.index(event.tile) if event.tile in faces else faces.count(-1) - 1
                self._fly(event.tile if face_up else -1, seat, face_up, False, self.pile_centre(seat), PILE_LENGTH,
                          self.hand_centre(seat, index, len(faces)), HAND_LENGTH[self.side(seat)],
                          ("hand", seat, event.tile), seconds, delay, "draw")
            elif kind in ("cover", "set_aside"):
                faces = self.hand_faces(seat, before[seat])
                was_up = event.tile in faces
                index = faces.index(event.tile) if was_up else faces.count(-1) - 1
                start = self.hand_centre(seat, index, len(faces))
                before[seat].remove(event.tile)
                if kind == "cover":
                    goal, length, lands_on = self.stack_centre(event.value), STACK_LENGTH, ("stack", event.value)
                else:
                    goal, length = self.aside_centre(seat, aside_counts[seat]), ASIDE_LENGTH
                    lands_on = ("aside", seat, event.tile)
                    aside_counts[seat] += 1
                self._fly(event.tile, seat, True, was_up, start, HAND_LENGTH[self.side(seat)], goal, length,
                          lands_on, seconds, delay, "clack" if kind == "cover" else "move")
                delay += 0.08 if kind == "set_aside" else 0.0
            elif kind == "first":
                self._announce(f"Seat {seat + 1} moves first in hand {event.value}", delay)
            elif kind == "pass":
                self._announce(f"Seat {seat + 1} passes: no tile fits", delay)
                self.app.audio.play("select")
            elif kind == "hand_scored":
                aside = [[e.tile for e in events if e.kind == "set_aside" and e.seat == s] for s in (0, 1)]
                self._open_summary(event.value, aside, delay + 0.3)

    def _fly(self, tile, seat, face_up, start_face_up, start, start_length, goal, goal_length, lands_on,
             seconds, delay, sound) -> None:
        """`seat`'s `tile` (in its colour) moves from `start` to `goal`, turning over
        on the way when `face_up` differs from `start_face_up`."""
        flight = Flight(tile, seat, face_up, start_face_up, start[0], start[1], start_length, goal_length, lands_on)
        self.flights.append(flight)

        def landed():
            if flight in self.flights:
                self.flights.remove(flight)
            self.app.audio.play(sound)

        turn = 0.0 if face_up == start_face_up else 1.0
        self.tweens.add(Tween(flight, seconds, easing="out_cubic", delay=delay, on_done=landed,
                              x=goal[0], y=goal[1], length=goal_length, turn=turn))

    def _announce(self, text: str, delay: float) -> None:
        """A line of news over the stacks; it fades by itself and never holds the game."""
        self.banner = [text, BANNER_SECONDS + delay]

    def _open_summary(self, score, aside: list[list[int]], delay: float) -> None:
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
        if not self.tweens.busy:
            self.flights.clear()
            self.shown_totals = [float(t) for t in self.state.totals]
            if self.hold_left <= 0:
                self.summary = None

    def status_text(self) -> str:
        """What is happening, or what the human at the screen may do."""
        state = self.state
        if state.is_terminal:
            return "Game over"
        seat = state.current_player
        if seat < 0:
            return "Dealing the lines" if state.phase == 0 else "Drawing tiles"
        if self.waiting_for_human:
            who = "Your move" if sum(self.is_human(s) for s in (0, 1)) == 1 else f"Seat {seat + 1}, your move"
            if state.legal_actions() == [PASS]:
                return f"{who}: no tile of yours fits any stack, so you pass"
            return f"{who}: drag a tile onto a lit stack, or pick a tile then a stack"
        return f"{self.seat_name(seat)} is thinking\u2026"

    # -- drawing -------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.style.background(surface.get_size()), (0, 0))
        arriving = [f.lands_on for f in self.flights if f.lands_on is not None]
        self._draw_lines(surface)
        for stack in range(STACK_COUNT):
            self._draw_stack(surface, stack, arriving.count(("stack", stack)))
        for seat in (0, 1):
            self._draw_plate(surface, seat)
            self._draw_hand(surface, seat, arriving)
            self._draw_side(surface, seat, arriving)
        self._draw_sheet(surface)
        self._draw_status(surface)
        for flight in self.flights:
            self._draw_flight(surface, flight)
        if self.banner[1] > 0 and self.summary is None:
            self._draw_banner(surface)
        if self.summary is not None:
            self._draw_summary(surface, self.summary)
        else:
            stack = self.history_stack()
            if stack is not None:
                self._draw_history(surface, stack)

    def _tile(self, surface, tile: int, centre, length: float, *, face_up: bool = True, seat: int = -1,
              owner: int | None = None) -> pygame.Rect:
        return self.draw_tile(surface, tile, pygame.Rect(round(centre[0]), round(centre[1]), 0, 0), round(length),
                              face_up=face_up, seat=seat, owner=owner)

    def _text(self, surface, text: str, size: int, where: dict, colour=None, bold: bool = False) -> pygame.Rect:
        image = self.app.style.text(text, size, colour, bold)
        rect = image.get_rect(**where)
        surface.blit(image, rect)
        return rect

    def _draw_lines(self, surface: pygame.Surface) -> None:
        """A strip of felt under each line, edged in its owner's colour, and its name."""
        bodies = self.app.tile_art.theme.bodies
        for seat in (0, 1):
            strip = self.line_rect(seat)
            self.app.panels.draw(surface, strip, radius=16, alpha=70)
            pygame.draw.line(surface, bodies[seat], (strip.x + 16, strip.bottom - 4), (strip.right - 16,
                             strip.bottom - 4), 3)
            self._text(surface, f"{SET_GLYPHS[seat]} Seat {seat + 1}'s line", SMALL,
                       {"bottomleft": (strip.x + 10, strip.y - 1)}, self.app.style.palette.text_dim, True)

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
        self._text(surface, f"s{stack}", SMALL - 2, {"midtop": (x, y + STACK_LENGTH // 2 + 3)}, palette.text_dim)
        if not entries:
            pygame.draw.rect(surface, palette.panel_border, self.stack_rect(stack), 2, border_radius=8)
            return
        under = entries[-1 - UNDER_SHOWN:-1]
        for depth, (tile, owner) in enumerate(under):
            self._tile(surface, tile, (x, y - (len(under) - depth) * UNDER_STEP), STACK_LENGTH, owner=owner)
        tile, owner = entries[-1]
        self._tile(surface, tile, (x, y), STACK_LENGTH, owner=owner)
        if len(entries) > 1:
            badge = (x + STACK_LENGTH // 4 + 4, y - STACK_LENGTH // 2 - len(under) * UNDER_STEP + 4)
            pygame.draw.circle(surface, (16, 20, 18), badge, 13)
            pygame.draw.circle(surface, self.app.tile_art.theme.bodies[owner], badge, 13, 2)
            self._text(surface, str(len(entries)), SMALL - 3, {"center": badge}, bold=True)

    def _draw_hand(self, surface: pygame.Surface, seat: int, arriving: list) -> None:
        faces = self.hand_faces(seat)
        backs = faces.count(-1)
        backs_arriving = sum(1 for f in self.flights if f.tile < 0 and f.lands_on and f.lands_on[:2] == ("hand", seat))
        length = HAND_LENGTH[self.side(seat)]
        for index, tile in enumerate(faces):
            if (tile >= 0 and ("hand", seat, tile) in arriving) or (tile < 0 and index >= backs - backs_arriving):
                continue
            self._tile(surface, tile, self.hand_centre(seat, index, len(faces)), length, face_up=tile >= 0,
                       seat=seat, owner=seat)

    def _draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        """Name, set, hand size and whose turn it is (an arrow and words, not colour alone)."""
        rect = self.plate_rect(seat)
        palette = self.app.style.palette
        turn = self.state.current_player == seat
        self.app.panels.draw(surface, rect, radius=14, alpha=230 if turn else 150)
        if turn:
            pygame.draw.rect(surface, palette.accent, rect, 3, border_radius=14)
        self._tile(surface, -1, (rect.x + 24, rect.y + 39), 44, face_up=False, owner=seat)
        self._text(surface, f"Seat {seat + 1}", BODY, {"topleft": (rect.x + 46, rect.y + 6)},
                   palette.accent if turn else palette.text, True)
        news = "\u25b6 to move" if turn else f"{len(self.state.hands[seat])} in hand"
        self._text(surface, news, SMALL - 1, {"topright": (rect.right - 12, rect.y + 10)},
                   palette.accent if turn else palette.text_dim, turn)
        kind = self.seat_kind(seat)
        who = "You" if kind == "human" and sum(self.is_human(s) for s in (0, 1)) == 1 else SEAT_LABELS.get(kind, kind)
        self._text(surface, who, SMALL, {"topleft": (rect.x + 46, rect.y + 34)}, palette.text)
        self._text(surface, f"{SET_GLYPHS[seat]} {SET_NAMES[seat]} set", SMALL - 2,
                   {"topleft": (rect.x + 46, rect.y + 55)}, palette.text_dim)

    def _draw_side(self, surface: pygame.Surface, seat: int, arriving: list) -> None:
        """The seat's boneyard, a face-down pile with its count, and its tiles set aside."""
        palette = self.app.style.palette
        top = SIDE_Y[self.side(seat)]
        panel = pygame.Rect(SIDE_X - 8, top - 4, 228, 324)
        self.app.panels.draw(surface, panel, radius=14, alpha=120)
        count = len(self.state.boneyards[seat])
        x, y = self.pile_centre(seat)
        for layer in range(min(count, 6)):
            self._tile(surface, -1, (x + layer * 3, y - layer * 4), PILE_LENGTH, face_up=False, owner=seat)
        if not count:
            pygame.draw.rect(surface, palette.panel_border, pygame.Rect(x - 15, y - 30, 30, 60), 2, border_radius=6)
        self._text(surface, f"{SET_GLYPHS[seat]} Seat {seat + 1}'s boneyard", SMALL - 1,
                   {"topleft": (SIDE_X + 2, top + 6)}, palette.text_dim, True)
        self._text(surface, str(count), HEADING, {"topleft": (SIDE_X + 100, top + 44)}, palette.text, True)
        self._text(surface, "face down", SMALL - 1, {"topleft": (SIDE_X + 100, top + 92)}, palette.text_dim)
        aside = self.state.set_aside[seat]
        self._text(surface, f"Set aside: {len(aside)}", SMALL - 1, {"topleft": (SIDE_X + 2, top + 146)},
                   palette.text_dim, True)
        for index, tile in enumerate(aside):
            if ("aside", seat, tile) not in arriving:
                self._tile(surface, tile, self.aside_centre(seat, index), ASIDE_LENGTH, owner=seat)

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        """The score sheet: each hand's scores, the totals counting up, and what each
        colour would score if the hand ended now."""
        state, palette = self.state, self.app.style.palette
        self.app.panels.draw(surface, SHEET, radius=16)
        x = SHEET.x + 14
        self._text(surface, "Build Up", LARGE, {"topleft": (x, SHEET.y + 10)}, palette.text, True)
        hand = "Game over" if state.is_terminal else f"Hand {state.hand_index + 1} of {len(HAND_SIZES)}"
        self._text(surface, hand, BODY, {"topleft": (x, SHEET.y + 46)}, palette.accent, True)
        self._text(surface, "Highest total wins", SMALL - 2, {"topleft": (x, SHEET.y + 74)}, palette.text_dim)
        columns = (SHEET.x + 138, SHEET.right - 16)
        y = SHEET.y + 104
        for seat, right in enumerate(columns):
            self._text(surface, f"{SET_GLYPHS[seat]} S{seat + 1}", SMALL, {"topright": (right, y)}, palette.text, True)
        rows = [(f"Hand {i + 1}", state.hand_scores[i] if i < len(state.hand_scores) else None)
                for i in range(len(HAND_SIZES))]
        for label, scores in rows:
            y += 30
            current = label == f"Hand {state.hand_index + 1}" and not state.is_terminal
            self._text(surface, ("\u25b8 " if current else "  ") + label, SMALL, {"topleft": (x, y)},
                       palette.accent if current else palette.text_dim)
            for seat, right in enumerate(columns):
                text = "\u2013" if scores is None else str(scores[seat])
                self._text(surface, text, SMALL, {"topright": (right, y)}, palette.text)
        y += 34
        pygame.draw.line(surface, palette.panel_border, (x, y - 4), (SHEET.right - 14, y - 4), 2)
        self._text(surface, "Total", BODY, {"topleft": (x, y + 2)}, palette.text, True)
        for seat, right in enumerate(columns):
            self._text(surface, str(round(self.shown_totals[seat])), BODY, {"topright": (right, y + 2)},
                       palette.accent, True)
        y += 44
        now = self.scoring_now()
        self._text(surface, "Placed" if self.state.rules.played_this_hand else "On top now", SMALL - 1,
                   {"topleft": (x, y)}, palette.text_dim)
        for seat, right in enumerate(columns):
            self._text(surface, str(now[seat]), SMALL, {"topright": (right, y)}, palette.text_dim)
        if state.first_seat >= 0:
            self._text(surface, f"Seat {state.first_seat + 1} started hand 1", SMALL - 3,
                       {"topleft": (x, y + 30)}, palette.text_dim)

    def scoring_now(self) -> list[int]:
        """What each seat would score if the hand ended now (before any penalty)."""
        if self.state.rules.played_this_hand:
            return list(self.state.played_pips)
        now = [0, 0]
        for entries in self.state.stacks:
            if entries:
                tile, owner = entries[-1]
                now[owner] += PIPS[tile]
        return now

    def _draw_status(self, surface: pygame.Surface) -> None:
        palette = self.app.style.palette
        self._text(surface, self.status_text(), BODY - 2, {"center": (642, 606)},
                   palette.accent if self.waiting_for_human else palette.text)
        if self.waiting_for_human and self.state.legal_actions() == [PASS]:
            pygame.draw.rect(surface, palette.button_focus, PASS_RECT, border_radius=12)
            pygame.draw.rect(surface, palette.accent, PASS_RECT, 3, border_radius=12)
            self._text(surface, "Pass", LARGE, {"center": PASS_RECT.center}, palette.text, True)

    def _draw_flight(self, surface: pygame.Surface, flight: Flight) -> None:
        """The tile drawn at its landing size (one cached image), scaled to its size
        now and squeezed sideways while it turns over."""
        face_up = flight.shows_face()
        squeeze = abs(1 - 2 * flight.turn) if flight.face_up != flight.start_face_up else 1.0
        length = max(8, round(flight.length))
        centre = (round(flight.x), round(flight.y))
        shadow = self.app.tile_art.shadow(flight.goal_length, lift=0.8)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 6, centre[1] + 10)))
        if squeeze > 0.97 and length == flight.goal_length:
            self._tile(surface, flight.tile, centre, length, face_up=face_up, seat=flight.seat, owner=flight.seat)
            return
        flat = pygame.Surface((flight.goal_length // 2, flight.goal_length), pygame.SRCALPHA)
        self.draw_tile(flat, flight.tile, (0, 0), flight.goal_length, face_up=face_up, seat=flight.seat,
                       owner=flight.seat)
        scaled = pygame.transform.scale(flat, (max(1, round(length / 2 * squeeze)), length))
        surface.blit(scaled, scaled.get_rect(center=centre))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        fade = min(1.0, self.banner[1] / 0.5)
        image = self.app.style.shadow_text(self.banner[0], LARGE)
        box = image.get_rect(center=(WIDTH // 2, (STACK_ROWS["top"] + STACK_ROWS["bottom"]) // 2)).inflate(40, 16)
        self.app.panels.draw(surface, box, radius=14, alpha=round(235 * fade))
        image.set_alpha(round(255 * fade))
        surface.blit(image, image.get_rect(center=box.center))
        image.set_alpha(None)

    def _draw_summary(self, surface: pygame.Surface, summary: HandSummary) -> None:
        """Every hand revealed at the end of a hand: the tiles on top that scored, the
        tiles set aside, the hand's score and the total, counting up."""
        palette = self.app.style.palette
        self.app.panels.draw(surface, SUMMARY, radius=20, alpha=250)
        self._text(surface, f"Hand {summary.hand} of {len(HAND_SIZES)} scored", LARGE + 4,
                   {"midtop": (SUMMARY.centerx, SUMMARY.y + 14)}, palette.accent, True)
        played = self.state.rules.played_this_hand
        rule = ("Each player scores the pips they placed this hand" if played else
                "Each colour scores the pips showing on top of the 12 stacks")
        self._text(surface, rule, SMALL, {"midtop": (SUMMARY.centerx, SUMMARY.y + 54)}, palette.text_dim)
        p = summary.progress
        penalty = self.state.rules.unplayed_penalty
        for seat in (0, 1):
            x, y = SUMMARY.x + 28 + seat * 384, SUMMARY.y + 88
            self._text(surface, f"{SET_GLYPHS[seat]} {self.seat_name(seat)}", BODY, {"topleft": (x, y)},
                       palette.text, True)
            tops = summary.tops[seat]
            if not played:
                top_pips = sum(PIPS[t] for _, t in tops)
                self._text(surface, f"On top: {plural(len(tops), 'tile')}, {top_pips} pips", SMALL,
                           {"topleft": (x, y + 32)}, palette.text_dim)
                for index, (_, tile) in enumerate(tops):
                    self._tile(surface, tile, (x + 12 + index * 28, y + 84), 44, owner=seat)
            aside = summary.aside[seat]
            aside_pips = sum(PIPS[t] for t in aside)
            note = f"Set aside: {plural(len(aside), 'tile')}"
            if penalty and aside:
                note += f", \u2212{aside_pips} pips"
            self._text(surface, note, SMALL, {"topleft": (x, y + 116)}, palette.text_dim)
            for index, tile in enumerate(aside):
                self._tile(surface, tile, (x + 12 + index * 28, y + 168), 44, owner=seat)
            self._text(surface, f"Hand  {round(summary.scores[seat] * p):+d}", LARGE, {"topleft": (x, y + 204)},
                       palette.text, True)
            self._text(surface, f"Total  {round(self.shown_totals[seat])}", LARGE, {"topleft": (x + 180, y + 204)},
                       palette.accent, True)
        self._text(surface, "Click or press to continue", SMALL - 1, {"midbottom": (SUMMARY.centerx,
                                                                                     SUMMARY.bottom - 10)},
                   palette.text_dim)

    # -- a stack's history ----------------------------------------------------------------
    def history_stack(self) -> int | None:
        """The stack whose history to show: the one under the mouse, or the one the
        keyboard or controller focus is on, when it holds more than one tile."""
        focused = getattr(self, "focused_item", None)
        candidates = []
        if isinstance(focused, tuple) and focused and focused[0] == "stack":
            candidates.append(focused[1])
        pointer = self.app.pointer
        if pointer is not None:
            for stack in range(STACK_COUNT):
                area = self.stack_rect(stack).inflate(8, 8 + 2 * UNDER_SHOWN * UNDER_STEP)
                if area.collidepoint(pointer):
                    candidates.insert(0, stack)
        for stack in candidates:
            if len(self.state.stacks[stack]) > 1:
                return stack
        return None

    def _draw_history(self, surface: pygame.Surface, stack: int) -> None:
        """Every tile of `stack`, bottom first, in rows of `HISTORY_COLUMNS`."""
        entries = self.state.stacks[stack]
        rows = -(-len(entries) // HISTORY_COLUMNS)
        width = min(len(entries), HISTORY_COLUMNS) * 54 + 28
        box = pygame.Rect(0, 0, max(width, 260), 52 + rows * 30)
        x, y = self.stack_centre(stack)
        box.midtop = (x, y + STACK_LENGTH // 2 + 8)
        if box.bottom > HEIGHT - 56:
            box.midbottom = (x, y - STACK_LENGTH // 2 - 28)
        box.clamp_ip(pygame.Rect(0, 0, WIDTH, HEIGHT - 48))
        self.app.panels.draw(surface, box, radius=12, alpha=245)
        self._text(surface, f"s{stack}: {len(entries)} tiles, bottom first", SMALL, {"topleft": (box.x + 14,
                   box.y + 8)}, self.app.style.palette.text, True)
        for index, (tile, owner) in enumerate(entries):
            row, column = divmod(index, HISTORY_COLUMNS)
            where = (box.x + 14 + column * 54, box.y + 40 + row * 30)
            self.draw_tile(surface, tile, where, 48, face_up=True, seat=-1, horizontal=True, owner=owner)

    def draw_dragged(self, surface: pygame.Surface, source, pos) -> None:
        if isinstance(source, tuple) and source[0] == "hand":
            seat = self.state.current_player
            length = HAND_LENGTH["bottom"]
            shadow = self.app.tile_art.shadow(length, lift=1.0)
            surface.blit(shadow, shadow.get_rect(center=(pos[0] + 8, pos[1] + 12)))
            self._tile(surface, source[1], pos, length, seat=seat, owner=seat)
