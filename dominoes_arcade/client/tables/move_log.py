"""The move log: every seat's moves in words ("Seat 2 played 5-3 on arm E", "You
drew a tile", "Seat 4 passed"), shared by every table.

`MoveLog` keeps the engine's events of each step of the session's match, in step
with it (`StepApplied` adds a step, a `Rebuilt` after undo or a replay's jump cuts
or fills the list), and writes them for one viewer. A line is made from the events
as that viewer saw them (`session.events.seen_events`: a tile that went face down
into someone else's zone is unknown), never from the full state, so a hidden draw
reads "Seat 3 drew a tile" and the tile is named only to the seat that drew it.
A game's words are the function its registry entry names (`GameEntry.move_words`:
the shipped games' tables each have their ``move_words``), else `generic_words`.

`MoveLogDrawer` shows the log in a drawer, newest at the bottom: MOVES (L, a press
of the controller's left stick, or its footer prompt) opens and closes it, and so
does a click on it; while it is open the wheel and PAGE_UP / PAGE_DOWN (Page Up /
Page Down, the shoulders) scroll it. Every table's layout fills the 1280x720 canvas
at every screen size (the canvas is scaled, with bars), so the log cannot stand
beside the table for good: each table opens it over its own side column
(``move_log_rect``: Necropolis's seat panels, Build Up's boneyards, Cyprus's right
of the felt), keeping what a decision needs in view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...engine import CHANCE, Event, entry
from ...engine.core import State
from ...engine.match import Match
from ...engine.registry import load
from ...engine.tiles import NAME
from ...session.events import Rebuilt, SessionEvent, StepApplied, seen_events
from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..prompts import layout_prompts
from ..theme import SMALL

DRAWER = pygame.Rect(888, 12, 380, 652)
"""Where the drawer opens: over the right side of the 1280x720 table, above the footer."""
ROW_HEIGHT = 24
INDENT = 14
"""How far a long line's further rows stand in."""
WHEEL_ROWS = 3
"""Rows one notch of the wheel scrolls."""
Namer = Callable[[int], str]
"""A seat's name on screen ("Seat 2", "You")."""


@dataclass(frozen=True)
class Move:
    """One step of the match: who took it (`CHANCE` for a chance outcome) and the
    engine's events it made, as the full state knows them (`MoveLog.lines` hides
    what a viewer did not see)."""

    step: int
    seat: int
    events: tuple[Event, ...]


def tile_name(event: Event, unknown: str = "a tile") -> str:
    """The tile `event` moved, by name, or `unknown` where the viewer did not see it
    (the words of every game's log: `GameEntry.move_words`)."""
    return NAME[event.tile] if event.tile >= 0 else unknown


def phrase(game: str, event: Event, name: Namer) -> str | None:
    """`event` in a player's words, or None for what the log leaves out (the deal,
    a hand filled, the end of the game, which its own screen shows)."""
    if event.kind == "pass":
        return f"{name(event.seat)} passed"
    who = name(event.seat) if event.seat >= 0 else ""
    words = entry(game).move_words
    return generic_words(event, who, name) if words is None else load(words)(event, who, name)


def generic_words(event: Event, who: str, name: Namer) -> str | None:
    """The words of a game whose entry names none: an event of a seat as its kind and
    tile ("Seat 2: play 3-4", "You: draw a tile"); an event of no seat (the end of
    the game, which its own screen shows) is left out."""
    if event.seat < 0 or event.kind == "game_over":
        return None
    tile = f" {tile_name(event)}" if event.tile >= 0 or event.src else ""  # a tile hidden from the viewer: "a tile"
    return f"{who}: {event.kind.replace('_', ' ')}{tile}"


class MoveLog:
    """The steps of `match` with their events, kept in step with it by the table
    (`add` for each step played, `rebuilt` after undo or a replay's jump)."""

    def __init__(self, match: Match):
        self.match = match
        self.moves: list[Move] = []
        self.generation = 0
        """Bumped whenever moves are taken back or laid again (`rebuilt`): lines kept
        for the moves before may be extended while it stays the same."""
        self.rebuilt(len(match.steps))  # the steps a saved game or a taken-over replay already played

    def follow(self, event: SessionEvent) -> None:
        """Keep in step with what the session did (a step played, a rebuild)."""
        if isinstance(event, StepApplied):
            self.add(event.step, event.seat, event.events)
        elif isinstance(event, Rebuilt):
            self.rebuilt(event.step)

    def add(self, step: int, seat: int, events: list[Event]) -> None:
        """Step `step` was played by `seat`, making `events`."""
        if step != len(self.moves):  # a step that was not seen: lay the list again from the match
            self.rebuilt(step + 1)
            return
        self.moves.append(Move(step, seat, tuple(events)))

    def rebuilt(self, step: int) -> None:
        """The match stands at its first `step` steps again: the moves undone go,
        the moves laid without events (a replay jumping ahead) are played again on
        a copy of the state for their events."""
        del self.moves[step:]
        if len(self.moves) < step:
            state: State = self.match.state_at(len(self.moves))
            for index in range(len(self.moves), step):
                head = self.match.steps[index].split()[0]
                events = state.apply(self.match.actions[index])
                self.moves.append(Move(index, CHANCE if head == "*" else int(head), tuple(events)))
        self.generation += 1

    def lines(self, viewer: int | None, name: Namer, since: int = 0) -> list[tuple[int, str]]:
        """(step, line) for every move from step `since` on, oldest first, as `viewer`
        saw them (-1: only what every seat saw; None: everything, for a replay)."""
        game = self.match.game
        found = []
        for move in self.moves[since:]:
            for event in seen_events(list(move.events), viewer):
                line = phrase(game, event, name)
                if line is not None:
                    found.append((move.step, line))
        return found


class MoveLogDrawer:
    """The log on a table's screen: open or closed, scrolled, drawn over the table."""

    def __init__(self, table, rect: pygame.Rect = DRAWER):
        self.table = table
        self.log = MoveLog(table.session.match)
        self.rect = pygame.Rect(rect)
        self.is_open = False
        self.scroll = 0
        """Rows hidden below the newest one (0: the newest move shows at the bottom)."""
        self._lines_for: tuple | None = None
        self._lines: list[str] = []
        self._lines_upto = 0
        """How many of the log's moves `_lines` holds."""
        self._rows_for: list[str] | None = None
        self._rows: list[tuple[str, bool]] = []
        self._wrapped: dict[str, list[str]] = {}

    def viewer(self) -> int | None:
        """Whose eyes the log is written for: every seat in a replay, the human at
        the screen, else nobody in particular (what every seat saw)."""
        table = self.table
        if table.setup.record is not None:
            return None
        return table.revealed_seat if table.revealed_seat is not None else -1

    def name(self, seat: int) -> str:
        table = self.table
        if seat == table.revealed_seat and not table.session.hot_seat:
            return "You"
        return table.seat_name(seat)

    def lines(self) -> list[str]:
        """The log's lines for the one at the screen now, oldest first (a step played
        adds its own lines: a long game is not written again at every step)."""
        log, viewer = self.log, self.viewer()
        key = (log.generation, viewer)
        if key != self._lines_for:
            self._lines_for, self._lines, self._lines_upto = key, [], 0
        if self._lines_upto < len(log.moves):
            self._lines = self._lines + [line for _, line in log.lines(viewer, self.name, self._lines_upto)]
            self._lines_upto = len(log.moves)
        return self._lines

    def newest(self) -> str:
        """The last move in words ("" before the first)."""
        lines = self.lines()
        return lines[-1] if lines else ""

    def rows(self) -> list[tuple[str, bool]]:
        """The lines wrapped to the drawer's width, oldest first: (text, whether it
        goes on the row before, indented)."""
        lines = self.lines()
        if lines is not self._rows_for:
            self._rows_for = lines
            self._rows = [(row, index > 0) for line in lines for index, row in enumerate(self._wrap(line))]
        return self._rows

    def _wrap(self, line: str) -> list[str]:
        """`line` in rows as wide as the drawer (each line measured once: many recur)."""
        rows = self._wrapped.get(line)
        if rows is None:
            rows = self._wrapped[line] = self.table.app.style.wrap(line, self.rect.width - 32 - INDENT, SMALL)
        return rows

    @property
    def visible_rows(self) -> int:
        return (self.rect.height - 88) // ROW_HEIGHT

    def scroll_by(self, rows: int) -> None:
        """Scroll `rows` towards older moves (negative: towards the newest)."""
        most = max(0, len(self.rows()) - self.visible_rows)
        self.scroll = max(0, min(most, self.scroll + rows))

    def handle(self, event: InputEvent) -> bool:
        """Take `event` when it is the drawer's: MOVES; and while open, scrolling and
        any click on the drawer (a click closes it: the mouse's way when the footer
        has no room for its prompt). Returns whether it was taken."""
        intent = event.intent
        on_drawer = event.pos is not None and self.rect.collidepoint(event.pos)
        if intent is Intent.MOVES or (self.is_open and intent is Intent.PRESS and on_drawer):
            self.is_open, self.scroll = not self.is_open, 0
            self.table.app.audio.play("select" if self.is_open else "back")
            return True
        if not self.is_open:
            return False
        if intent is Intent.SCROLL:
            self.scroll_by(round(event.amount * WHEEL_ROWS))
            return True
        if intent in (Intent.PAGE_UP, Intent.PAGE_DOWN):
            page = self.visible_rows - 1
            self.scroll_by(page if intent is Intent.PAGE_UP else -page)
            return True
        return intent is Intent.RELEASE and on_drawer

    def with_prompt(self, prompts: list[tuple[Intent, str]]) -> list[tuple[Intent, str]]:
        """The table's footer `prompts` with the drawer's own before the last one
        (Pause, or a replay's Menu), beside the device's name (`footer_prompts_start`:
        a short name leaves more room) and the table's footer note; in a full footer a replay's Speed prompt
        gives way to it (the bar's Speed button does the same), and only when even
        that does not fit is it left out (the key works either way: it dropped out of
        a Cyprus replay's footer)."""
        mine = [*prompts[:-1], (Intent.MOVES, "Hide moves" if self.is_open else "Moves"), *prompts[-1:]]
        app = self.table.app
        start = app.footer_prompts_start()
        note = self.table.footer_note()
        if note is not None:  # the hint's or the values' words keep their room after the device's name
            start += app.style.font(SMALL, True).size(note[0])[0] + 28
        for candidate in (mine, [(intent, words) for intent, words in mine if words != "Speed"]):
            placed = layout_prompts(app.style, candidate, app.input.last_device, app.button_family,
                                    LOGICAL_SIZE[0] - 16, 0)
            if not placed or placed[0][0].x >= start:
                return candidate
        return prompts

    def draw(self, surface: pygame.Surface) -> None:
        """The open drawer: an opaque panel, a heading, the rows that fit."""
        if not self.is_open:
            return
        app, rect = self.table.app, self.rect
        style, palette = app.style, app.style.palette
        app.panels.draw(surface, rect, alpha=255)  # opaque: nothing of the table shows through
        heading = style.text("Moves", SMALL + 4, palette.accent, bold=True)
        surface.blit(heading, (rect.x + 16, rect.y + 12))
        rows = self.rows()
        shown = self.visible_rows
        end = len(rows) - self.scroll
        start = max(0, end - shown)
        if not rows:
            empty = style.text("No moves yet", SMALL, palette.text_dim)
            surface.blit(empty, (rect.x + 16, rect.y + 48))
        newest = len(rows) - 1
        while newest > 0 and rows[newest][1]:
            newest -= 1  # the first row of the newest line
        for index, (row, goes_on) in enumerate(rows[start:end]):
            text = style.text(row, SMALL, palette.text if start + index >= newest else palette.text_dim)
            surface.blit(text, (rect.x + 16 + (INDENT if goes_on else 0), rect.y + 48 + index * ROW_HEIGHT))
        if start > 0 or self.scroll > 0:
            counts = ", ".join(f"{count} {word}" for count, word in ((start, "earlier"), (self.scroll, "newer"))
                               if count)
            words = f"{counts}: wheel or Page Up / Down"
            if style.font(SMALL - 2).size(words)[0] > rect.width - 32:  # a narrow drawer: the counts alone
                words = counts
            surface.blit(style.text(words, SMALL - 2, palette.text_dim), (rect.x + 16, rect.bottom - 30))
