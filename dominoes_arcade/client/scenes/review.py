"""The review of a finished game (issue 31): the player's decisions ranked by how
much value they gave up against the best move of an `expert` search
(`bots.analysis.review`), stepped through on the game's replay table.

Opened from the game-over screen ("Review your game") and from Statistics
("Review a game": any game of the history, `ReviewPickScene`). The review is
computed off the frame loop, in the bot worker's process (`session.review_job`:
each frame only collects what has come), about a second a decision: a long game
takes a minute or more, so the progress line says how long is left (from the
decisions weighed so far), and the decisions weighed so far can be stepped through
while the rest come (the costliest so far first). Each decision lays the replay
table just before it, rings the move played (blue) and the best move (gold,
starred), each with its value, and says what it cost ("You lost 18% win chance
here"). Its place in the game is said as a replay counts ("after move 22 of
140"); the replay's own bar is put away (its buttons do nothing under the
review). The panel goes where it hides nothing of the table (`review_panel`). A
game the bot finished for the player is reviewed up to the move where it took
over (`until_step`: the session's ``bots_took_over_at``, kept in the history for
a review from Statistics): the bot's decisions are not the player's.

Input: right, down, the right shoulder or confirm go to the next decision; left,
up or the left shoulder to the previous; the mouse clicks the panel's arrows or
the footer's prompts; back (or pause) closes the review and its table.
"""

from __future__ import annotations

import dataclasses
import time
from typing import ClassVar

import pygame

from ... import history
from ...bots.analysis import review_seats
from ...engine.records import Record
from ...session.review_job import ReviewJob
from ...stats import opponents
from .. import games
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..input import InputEvent, Intent
from ..layout_check import note
from ..scene import Scene
from ..tables import TableSetup, open_table
from ..theme import BODY, SMALL
from ..widgets import Button
from . import review_panel
from .menu import MenuScene
from .review_panel import HOME, Laid, lay_out

WIDTH, HEIGHT = LOGICAL_SIZE
NEXT = (Intent.RIGHT, Intent.DOWN, Intent.PAGE_DOWN, Intent.CONFIRM)
PREVIOUS = (Intent.LEFT, Intent.UP, Intent.PAGE_UP)


def open_review(app, record: Record, seats: list[int] | None = None,
                until_step: int | None = None) -> ReviewScene:
    """Open `record` on its replay table, paused, with its review over it (of
    `seats`, by default the seats the record names ``human``; of the decisions
    before step `until_step` only, when given: where a bot took the seats over)."""
    if seats is None:
        seats = review_seats(record)
    players = list(record.seats) or ["record"] * int(record.options.get("players", 2))
    table = open_table(app, TableSetup(record.game, players, dict(record.options),
                                       record.seed if isinstance(record.seed, int) else 0, record=record))
    table.replay.playing = False
    scene = ReviewScene(app, table, seats, until_step)
    app.scenes.push(scene)
    return scene


def place_in_game(step: int, steps: int) -> str:
    """Where a decision (at record step `step`, counted from 1) is, as the replay bar
    counts while the table is laid just before it: the moves made, of all."""
    return "before the first move" if step <= 1 else f"after move {step - 1} of {steps}"


def loss_words(decision, win_chance: bool) -> str:
    """What a decision cost, in a player's words."""
    if decision.loss < (0.005 if win_chance else 0.05):
        return "You played the best move here (or as good as it)."
    if win_chance:
        return f"You lost {round(100 * decision.loss)}% win chance here."
    return f"You lost {decision.loss:.1f} of a place here."


class ReviewScene(Scene):
    transparent = True
    name = "review"
    rollouts: ClassVar[int | None] = None
    """Rollouts per decision: None for `expert`'s (`bots.analysis.expert_rollouts`)."""

    def __init__(self, app, table, seats: list[int], until_step: int | None = None):
        super().__init__(app)
        self.table = table
        record = table.setup.record
        if until_step is not None:  # the decisions after it were a bot's: not reviewed
            record = dataclasses.replace(record, steps=list(record.steps[:until_step]))
        self.job = ReviewJob(record, seats, self.rollouts)
        self.started = time.monotonic()
        self.decisions: list | None = None
        """The decisions, costliest first, once the review is done."""
        self.so_far: list = []
        """The decisions weighed so far, costliest first, while the review works."""
        self.index = 0
        self.stepped = False
        """The player stepped through the first results: the decision on screen then
        stays as more come (until then the costliest so far is shown)."""
        self.panel = HOME.copy()
        """Where the panel is now (`review_panel`: clear of what the table shows)."""
        self.laid: Laid | None = None
        self._placed_for: tuple | None = None
        """What the panel's place was learnt for: the decision shown, the table's state."""
        if table.replay is not None:
            # Its buttons do nothing under the review (the review steps the table), and
            # the panel says where the decision is in the game.
            table.replay.hidden = True

    # -- the review coming, then stepping ------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.job.poll()
        if self.decisions is None and self.job.finished:
            shown = self.so_far[self.index] if self.stepped and self.so_far else None
            self.decisions = self.job.decisions or []
            if self.decisions:
                self.show(self.decisions.index(shown) if shown in self.decisions else 0)
            self.changed()
        elif self.decisions is None and len(self.so_far) < self.job.done:
            shown = self.so_far[self.index] if self.so_far else None
            self.so_far = self.job.ranked_so_far()
            if self.stepped:
                self.index = self.so_far.index(shown)  # the decision the player went to stays
            elif self.so_far[0] is not shown:
                self.show(0)  # the costliest so far, from the first result on
            self.changed()

    @property
    def shown_list(self) -> list:
        """The decisions stepped through: the review's, or those weighed so far."""
        return self.decisions if self.decisions is not None else self.so_far

    def is_animating(self) -> bool:
        return super().is_animating() or not self.job.finished

    def show(self, index: int) -> None:
        """Lay the table just before decision `index` (of the ranked list) and mark it."""
        self.index = index % len(self.shown_list)
        decision = self.shown_list[self.index]
        self.table.rebuild(decision.step - 1)
        self.table.analysis_marks.show_review(decision)
        self.app.audio.play("move")

    def step(self, by: int) -> None:
        if self.shown_list:
            self.stepped = True
            self.show(self.index + by)

    def close(self) -> None:
        """Back to where the review was opened from: the review and its table close."""
        self.job.stop()
        self.app.audio.play("back")
        self.app.scenes.pop()
        if self.app.scenes.top is self.table:
            self.app.scenes.pop()

    def handle(self, event: InputEvent) -> None:
        intent = event.intent
        if intent in (Intent.BACK, Intent.PAUSE, Intent.DEVICE_LOST):
            self.close()
        elif intent in NEXT:
            self.step(1)
        elif intent in PREVIOUS:
            self.step(-1)
        elif intent is Intent.PRESS and event.button == 1 and self.laid is not None and self.shown_list:
            previous, following = self.laid.arrow_rects(self.panel)
            if previous.collidepoint(event.pos):
                self.step(-1)
            elif following.collidepoint(event.pos):
                self.step(1)

    # -- drawing ------------------------------------------------------------------------------------
    def progress(self) -> str:
        """How far the review is, and honestly how long it has left: from the time
        the decisions weighed so far took (before the first, a second each)."""
        job = self.job
        if not job.total:
            return "Weighing your first decision"
        seconds = time.monotonic() - self.started
        left = (job.total - job.done) * (seconds / job.done if job.done else 1.0)
        estimate = f"about {left / 60:.0f} min left" if left >= 90 else f"about {max(1, round(left))} s left"
        return f"Weighing {job.done} of {job.total} decisions, {estimate}"

    def lines(self) -> tuple[str, str, str]:
        """The panel's three lines: where the review is, what it cost, the moves."""
        job = self.job
        if job.error:
            return "This game cannot be reviewed.", job.error, ""
        if self.decisions is None and not self.so_far:
            return "Reviewing your game\u2026", f"{self.progress()}.", \
                "Each move is compared with the best an expert search finds."
        if not self.shown_list:
            return "Nothing to review.", "Every move of yours was the only one possible.", ""
        decision = self.shown_list[self.index]
        analysis = decision.analysis
        unit = (lambda v: f"{round(100 * v)}%") if analysis.win_chance else (lambda v: f"place {v:.1f}")
        best = "" if decision.best.action is decision.played.action else \
            f" \u00b7 best: {self.table.describe(decision.best.action)} ({unit(decision.best.value)})"
        if self.decisions is None:
            heading = f"{self.progress()} \u00b7 costliest so far: {self.index + 1} of {len(self.so_far)}"
        else:
            heading = f"Decision {self.index + 1} of {len(self.decisions)}, the costliest first"
        where = place_in_game(decision.step, len(self.table.setup.record.steps))
        return (heading, loss_words(decision, analysis.win_chance),
                f"{where[:1].upper()}{where[1:]}, you played {self.table.describe(decision.played.action)} "
                f"({unit(decision.played.value)}){best}")

    def lay_out(self) -> None:
        """Lay the panel's words out and find its place (`review_panel`), once for
        each decision shown (the words change as the weighing goes on: the place
        is kept as long as they still fit it)."""
        palette = self.app.style.palette
        heading, cost, moves = self.lines()
        lines = [(heading, SMALL, palette.text_dim, False), (cost, BODY, palette.accent, True),
                 (moves, SMALL, palette.text, False)]
        shown = self.shown_list[self.index] if self.shown_list else None
        key = (id(shown), self.table.session.version)
        if key == self._placed_for and self.laid is not None:
            laid = lay_out(self.app.style, lines, self.panel.width)
            if laid.height <= self.panel.height:
                self.laid = laid
                return
        self._placed_for = key
        spot = self.table.review_spot()
        if spot is not None:
            self.laid, self.panel = lay_out(self.app.style, lines, spot.width), spot.copy()
            return
        shapes = [lay_out(self.app.style, lines, width) for width in (HOME.width, *review_panel.COLUMNS)]
        index, self.panel = review_panel.place([(laid.width, laid.height) for laid in shapes],
                                               self.table_marks(), self.table.analysis_marks.review_marks())
        self.laid = shapes[index]

    def table_marks(self) -> list[pygame.Rect]:
        """Where the table's words, tiles and badges are now (drawn once more, on a
        canvas that notes them)."""
        probe = Canvas(LOGICAL_SIZE, scale=1.0)
        self.table.probe_table(probe)
        return [mark.rect for mark in probe.marks if mark.kind in ("text", "tile", "badge")]

    def draw(self, surface: pygame.Surface) -> None:
        style = self.app.style
        palette = style.palette
        self.lay_out()
        panel, laid = self.panel, self.laid
        # Opaque: the table's labels under it showed through a translucent one.
        self.app.panels.draw(surface, panel, radius=18, alpha=255)
        for line in laid.lines:
            text = style.text(line.words, line.size, line.colour, bold=line.bold)
            surface.blit(text, text.get_rect(midtop=(panel.centerx, panel.y + line.y)))
        if self.shown_list:
            for (x, y), arrow in zip(laid.arrows, ("\u25c0", "\u25b6"), strict=True):
                text = style.text(arrow, BODY, palette.accent, bold=True)
                where = text.get_rect(center=(panel.x + x, panel.y + y))
                surface.blit(text, where)
                note(surface, "badge", where.inflate(8, 8), "review arrow")

    def prompts(self) -> list[tuple[Intent, str]]:
        if not self.shown_list:
            return [(Intent.BACK, "Close")]
        return [(Intent.LEFT, "Previous / next"), (Intent.PAGE_DOWN, "Next"), (Intent.BACK, "Close")]


# -- choosing a game of the history ------------------------------------------------------------------
PAGE = 7
"""Games a page of `ReviewPickScene` lists."""


class ReviewPickScene(MenuScene):
    """Which game of the history to review: the player's games (a human seat, not a
    demo), newest first, a page at a time (Page Up / Page Down, the shoulders)."""

    name = "review a game"
    title = "Review a game"

    def __init__(self, app, entries: list[history.HistoryEntry]):
        self.entries = sorted((entry for entry in entries if entry.humans and not entry.demo),
                              key=lambda entry: -entry.finished_at)
        self.page = 0
        super().__init__(app)

    def build(self) -> None:
        shown = self.entries[self.page * PAGE:(self.page + 1) * PAGE]
        for index, entry in enumerate(shown):
            self.focus.add(Button((WIDTH // 2 - 380, 104 + index * 66, 760, 58), self.describe(entry),
                                  lambda entry=entry: self.review(entry), size=BODY,
                                  help="Your decisions in this game, the costliest first."))
        self.focus.add(Button((WIDTH // 2 - 150, 584, 300, 54), "Back", self.back, help="Back to Statistics."))

    def review(self, entry: history.HistoryEntry) -> ReviewScene:
        """Review `entry`'s game up to where a bot took the player's seat over, as
        the game-over screen does (a line written before the history kept that
        step is reviewed whole)."""
        return open_review(self.app, entry.record, entry.humans, entry.bots_took_over_at)

    def describe(self, entry: history.HistoryEntry) -> str:
        """A game as the list names it: "Build Up against Easy bot, you won, 2 Dec 14:05"."""
        title = games.info(entry.record.game).title if entry.record.game in games.games() else entry.record.game
        you = entry.humans[0]
        result = "you won" if entry.winners == [you] else "a draw" if you in entry.winners else "you lost"
        if entry.finished_by_bot:
            result = "finished by the bot"
        when = time.strftime("%d %b %H:%M", time.localtime(entry.finished_at)).lstrip("0")
        return f"{title} against {opponents(entry).capitalize()}, {result}, {when}"

    def handle(self, event: InputEvent) -> None:
        pages = max(1, -(-len(self.entries) // PAGE))
        if event.intent in (Intent.PAGE_UP, Intent.PAGE_DOWN) and pages > 1:
            self.page = (self.page + (1 if event.intent is Intent.PAGE_DOWN else -1)) % pages
            self.rebuild()
        else:
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        if not self.entries:
            text = self.app.style.text("No games of yours in the history yet.", BODY, self.app.style.palette.text_dim)
            surface.blit(text, text.get_rect(center=(WIDTH // 2, 300)))
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface, 656)

    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, 52)

    def prompts(self) -> list[tuple[Intent, str]]:
        prompts = [(Intent.CONFIRM, "Review"), (Intent.BACK, "Back")]
        if len(self.entries) > PAGE:
            prompts.insert(0, (Intent.PAGE_DOWN, "More games"))
        return prompts
