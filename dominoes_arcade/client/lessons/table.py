"""The lesson scene: the game's own table in a lesson mode (`lesson_table` makes a
subclass of the table the game's registry entry names, with `LessonMode` first).

The guided hand: the player, seat 0, moves with the table's own input (the `Picker`:
mouse, keyboard or controller); the opponents answer with their first legal move or
one the lesson prefers (`guided_reply`; each a `ScriptedSeat` of the session, paced
as a bot is). A `Callout` shows the stage's passage of the rules (and its example,
made from the position on the table at that moment) and points at what it talks
about; a stage that explains waits for Next (a click on it, CONFIRM); a stage that
asks for a move lets the player move, and a move it does not teach is not made:
the callout says why in a sentence (the engine's reason for an illegal one, in the
table's words: `illegal_reason`, through the table's `refuse` hook) and the player
tries again; the focus waits on what the arrow shows (`focus_taught`). After the
last stage, a short real game against the easy bot at the same table, and then
"Lesson complete", remembered (`progress`). BACK or PAUSE asks whether to skip the lesson.

Neither game is saved; the short game goes into the history marked as a demo, so
the statistics keep to the player's own games.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ...engine import Action, Observation
from ...session import Session
from ...session.seats import ScriptedSeat
from .. import games
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..input import InputEvent, Intent
from ..scenes.menu import Dialog
from ..tables import TableSetup, table_class
from ..tables.base import TableScene
from . import Guide, Lesson, guided_reply, lesson_for, progress, short_start, stage_text
from .callout import Callout

_KEYS = itertools.count(1)
EASY = "easy"
SHORT_GAME_WORDS = "Now a short game against the easy bot, to play it all on your own."
TURN_LINE_REACH = 160
"""How far either side of "to move" the words of its line (the seat's name) reach."""
GUIDED_IGNORES = frozenset({Intent.UNDO, Intent.REDO, Intent.HINT})
"""Undo and hints would take the guided hand off its script."""


def _guided_replier(lesson: Lesson) -> Callable[[Observation], Action]:
    def reply(seen: Observation) -> Action:
        return guided_reply(lesson, seen.legal)
    return reply


def sentence(text: str) -> str:
    """`text` ending as a sentence does (a passage may stop where its sentence goes on)."""
    return text if text.endswith((".", "!", "?", ":")) else f"{text}."


@dataclass(frozen=True)
class Words:
    """What the callout says: a heading, the words, the button CONFIRM presses (None:
    none does, the player is to move) and the one that skips the lesson."""

    heading: str
    text: str
    confirm: tuple[str, Callable[[], None]] | None
    skip: tuple[str, Callable[[], None]] | None = None

    @property
    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [button for button in (self.confirm, self.skip) if button is not None]


class LessonMode:
    """The lesson's part of a lesson table; mixed in before the game's table."""

    lesson: Lesson
    short = False
    """The short game after the guided hand (else the guided hand)."""
    game_over_scene = False  # the callout says "Lesson complete" instead

    def __init__(self, app, setup: TableSetup):
        self.guide = Guide(self.lesson)
        self.lesson_note: str | None = None
        """Why the last move was not made, until the stage moves on."""
        self.complete = False
        self.drawn_tiles: list = []
        """Where this frame's tiles went (`draw_tile`): the callout rather covers none."""
        self.drawing_on: object = None
        """The surface this frame is drawn on: a tile drawn on another is not on the screen."""
        self._marks: tuple[tuple, list] = ((), [])
        """The table's words and panels and where they are (`table_label_marks`,
        `table_panels`), and the moment they are for."""
        self.focused_for: int | None = None
        """The decision the focus was put on the taught move for (`focus_taught`)."""
        super().__init__(app, setup)
        self.callout = Callout(app)

    def new_session(self) -> Session:
        setup = self.setup
        # The guided hand's opponents play their first legal move (or the lesson's), paced as a bot is.
        seats = ["human"] + [EASY if self.short else ScriptedSeat(_guided_replier(self.lesson))
                             for _ in range(setup.players - 1)]
        # A short game's start is laid for the player (`short_start`): undo stays out of it.
        return Session(setup.game, seats, dict(setup.options), setup.seed, start=setup.start, laid_start=True,
                       demo=True,
                       think_delay=lambda: self.think_delay, bot_settings=self.app.settings.bots,
                       key=("lesson", next(_KEYS)))

    @property
    def guided(self) -> bool:
        return not self.short

    def kind_label(self, seat: int) -> str:
        if self.guided and seat > 0:
            return "Opponent"
        return super().kind_label(seat)

    @property
    def can_decide(self) -> bool:
        if not super().can_decide:
            return False
        stage = self.guide.stage
        return self.short or (stage is not None and stage.asks_move)

    # -- the guided hand moving on ------------------------------------------------------
    def advance(self, dt: float) -> None:
        super().advance(dt)
        if self.guided and self.can_decide and self.focused_for != self.session.version:
            self.focused_for = self.session.version
            self.picker.sync()  # the new decision's items, then the focus on the arrow's
            self.focus_taught()

    def focus_taught(self) -> None:
        """Put the focus where the arrow points, so a keyboard's or controller's first
        press makes the move the stage teaches: its source, or once that is picked
        up, its target (no move taught: the focus stays where the table put it)."""
        picker, choices = self.picker, self.current_choices()
        for action in self.guide.taught(self.legal):
            choice = next((c for c in choices if c.action is action), None)
            if choice is None:
                continue
            if picker.selected is None:
                picker.focused = choice.source
                return
            if choice.source == picker.selected:
                picker.focused = choice.target if choice.target is not None else choice.source
                return

    def play(self, action: Action) -> bool:
        """The player's move: the session checks it (an illegal one is refused with
        the engine's reason, in the callout); in the guided hand, a legal move the
        stage does not teach is not made either (teaching, not legality: the
        callout asks for the arrow's move)."""
        if self.guided and not self.guide.accepts(self.legal, action) and action in self.legal:
            self.refuse("That is legal, but this time try the move the arrow shows.")
            return False
        if not super().play(action):
            return False
        if self.guided:
            self.next_stage()
        return True

    def refuse(self, reason: str) -> None:
        """A move not made: the callout says why (a sentence), the stage waits; in the
        short game, which shows no callout, a toast does (as at any table)."""
        if self.short:
            super().refuse(reason)
            return
        self.lesson_note = sentence(reason[:1].upper() + reason[1:])
        self.app.audio.play("back")

    def next_stage(self) -> None:
        self.guide.next()
        self.lesson_note = None

    @property
    def ready(self) -> bool:
        """The callout's Next may be pressed: the player is to move and nothing moves."""
        return self.waiting_for_human and not self.tweens.busy and self.app.scenes.top is self

    def open_short_game(self) -> None:
        """The guided hand is over: a real game against the easy bot, at a new table."""
        lesson, app = self.lesson, self.app
        seed = lesson.seed + 1
        options = dict(lesson.short_game)  # the rules as the lesson taught them, whatever config.toml says
        start = short_start(lesson, seed) or None
        setup = TableSetup(lesson.game, ["human"] + [EASY] * (lesson.players - 1), options, seed, start=start)
        self.session.give_up()
        table = lesson_table(lesson.game, short=True)(app, setup)
        app.scenes.pop_until(lambda scene: scene is self)
        app.scenes.replace(table)
        app.audio.play("shuffle")

    def on_game_over(self) -> None:
        super().on_game_over()
        if self.short:
            self.complete = True
            notice = progress.finish(self.lesson.game)
            if notice:
                self.app.toast(notice)
            self.app.audio.play("win")

    def ask_skip(self) -> None:
        self.app.audio.play("back")
        self.app.scenes.push(Dialog(self.app, "Skip this lesson?",
                                    "Learn to play on the title screen starts it again whenever you like.",
                                    [("Skip lesson", self.app.to_title), ("Keep learning", lambda: None)]))

    def open_pause(self) -> None:
        self.ask_skip()

    # -- what the callout says ------------------------------------------------------------
    def callout_words(self) -> Words | None:
        """What the callout says now; None when it is not shown."""
        title = f"Learn to play: {games.info(self.lesson.game).title}"
        skip = ("Skip lesson", self.ask_skip)
        if self.short:
            if self.complete:
                return Words("Lesson complete", f"{self.verdict()} Now you know the game.", ("Done", self.app.to_title))
            return None
        stage = self.guide.stage
        if stage is None:
            return Words(title, f"{SHORT_GAME_WORDS} {self.lesson.short_words}".strip(), ("Play", self.open_short_game),
                         skip)
        heading = f"{title} \u00b7 {self.guide.index + 1} of {len(self.lesson.stages)}"
        text = sentence(stage_text(self.lesson, stage, self.seen.view))  # its example as the player sees it
        if stage.asks_move or not self.ready:
            return Words(heading, text, None, skip)
        return Words(heading, text, ("Next", self.next_stage), skip)

    def verdict(self) -> str:
        """The short game's result, said to the player."""
        outcome = self.seen.outcome
        if outcome is None or outcome.is_draw:
            return "The short game is a draw."
        return "You won the short game!" if 0 in outcome.winners else "The easy bot won the short game this time."

    def pointed_rects(self) -> list:
        stage = self.guide.stage if self.guided else None
        if stage is None:
            return []
        rects = self.item_rects()
        return [rects[item] for item in stage.points if item in rects]

    def avoided_rects(self) -> list:
        """What the callout must leave uncovered: what the player may pick up, and
        where the stage asks them to put it (anywhere, when any move will do);
        while it explains, every place of the table."""
        rects = self.item_rects()
        if not self.can_decide:
            return list(rects.values())
        choices = self.current_choices()
        taught = self.guide.taught(self.legal) if self.guided else []
        items = {choice.source for choice in choices}
        items |= {choice.target for choice in choices if not taught or choice.action in taught}
        return [rects[item] for item in items if item in rects]

    def free_docks(self) -> dict:
        """The table's docks for the callout (`callout_docks`) but those holding what
        the stage speaks of (`Stage.keeps`) and those that would hide every word
        saying whose move it is (Necropolis's status panel may go: the seat's panel
        says "To move" too); none in the short game."""
        stage = self.guide.stage if self.guided else None
        kept = stage.keeps if stage is not None else ()
        turn = self.turn_words()
        return {name: rect for name, rect in self.callout_docks().items()
                if name not in kept and not (turn and all(rect.colliderect(word) for word in turn))}

    def turn_words(self) -> list:
        """Where the table's words saying whose move it is are."""
        return [mark.rect for mark in self.table_label_marks() if " move" in f" {mark.what.lower()}"]

    def turn_labels(self) -> list:
        """The table's words saying whose move it is, with the words beside them on
        their line (the seat's name on its plate): a floating callout never covers
        them (Build Up's "to move" plate went under it)."""
        beside = [near.inflate(2 * TURN_LINE_REACH, 8) for near in self.turn_words()]
        return [mark.rect for mark in self.table_label_marks() if mark.rect.collidelist(beside) >= 0]

    # -- drawing and input ----------------------------------------------------------------
    def draw_tile(self, surface, tile: int, rect_or_pos, length: int, **kwargs):
        where = super().draw_tile(surface, tile, rect_or_pos, length, **kwargs)
        if surface is self.drawing_on:  # not a tile turning over, drawn at (0, 0) of a sprite of its own first
            self.drawn_tiles.append(where)
        return where

    def table_labels(self) -> list:
        """Where the table's own words are (its status, its seats' plates...)."""
        return [mark.rect for mark in self.table_label_marks()]

    def table_label_marks(self) -> list:
        """The table's own words and where they are."""
        return [mark for mark in self.table_marks() if mark.kind == "text"]

    def table_tiles(self) -> list:
        """Where the table's tiles are, as a drawing of it notes them."""
        return [mark.rect for mark in self.table_marks() if mark.kind == "tile"]

    def table_panels(self) -> list:
        """Where the table's panels are (its plates, its lines' panels...)."""
        return [mark.rect for mark in self.table_marks() if mark.kind in ("panel", "cover")]

    def table_marks(self) -> list:
        """The table's marks (`layout_check`): read off a drawing of the table on a
        canvas that keeps them, once for each stage and decision."""
        moment = (self.guide.index, self.session.version, self.complete)
        if self._marks[0] != moment:
            canvas = Canvas(LOGICAL_SIZE)
            super().draw(canvas)
            self._marks = (moment, list(canvas.marks))
        return self._marks[1]

    def draw(self, surface) -> None:
        words = self.callout_words()
        labels = self.table_labels() if words is not None else []
        self.drawn_tiles, self.drawing_on = [], surface
        super().draw(surface)
        if words is None:
            self.callout.rect, self.callout.buttons = None, []
            return
        # The places, the tiles drawn now and those a cached layer holds (a plate's hand of backs:
        # Cyprus's callout hid Seat 2's).
        tiles = list(self.item_rects().values()) + self.drawn_tiles + self.table_tiles()
        self.callout.draw(surface, heading=words.heading, text=words.text, note_text=self.lesson_note,
                          points=self.pointed_rects(), avoid=self.avoided_rects(), keep_clear=self.turn_labels(),
                          rather_not=tiles, labels=labels, buttons=words.buttons, confirm=words.confirm is not None,
                          docks=self.free_docks(), obstacles=tiles + labels, panels=self.table_panels())

    def draw_over_marks(self, surface) -> None:
        if self.callout_words() is not None:
            self.callout.draw_rings(surface, self.pointed_rects())
        super().draw_over_marks(surface)

    def receive(self, event: InputEvent) -> None:
        """A press of the callout's buttons (CONFIRM while it has one) is theirs, not
        a skip of whatever the table still shows."""
        words = self.callout_words()
        pressed = event.intent is Intent.PRESS and self.callout.button_at(event.pos) is not None
        if pressed or (event.intent is Intent.CONFIRM and words is not None and words.confirm is not None):
            self.handle(event)
        else:
            super().receive(event)

    def handle(self, event: InputEvent) -> None:
        intent = event.intent
        if intent is Intent.PRESS and event.button == 1:
            button = self.callout.button_at(event.pos)
            if button is not None:
                self.app.audio.play("select")
                button.action()
                return
            if self.callout.covers(event.pos):
                return
        words = self.callout_words()
        if self.complete and intent in (Intent.BACK, Intent.PAUSE):
            self.app.to_title()  # the lesson is over: nothing to skip
            return
        if intent is Intent.CONFIRM and words is not None and words.confirm is not None:
            self.app.audio.play("select")
            words.confirm[1]()
            return
        if self.guided and intent in GUIDED_IGNORES:
            return
        selected = self.picker.selected
        super().handle(event)
        if self.guided and self.picker.selected is not None and self.picker.selected != selected:
            self.focus_taught()  # a source picked up: on to the taught target

    def is_animating(self) -> bool:
        """Still while the callout waits for Next or Done with nothing moving: a
        player reading draws nothing new."""
        if self.complete or (self.guided and self.ready and not self.can_decide):
            return self.tweens.running
        return super().is_animating()

    def prompts(self) -> list:
        words = self.callout_words()
        if words is not None and words.confirm is not None:
            return [(Intent.CONFIRM, words.confirm[0])] + ([(Intent.BACK, "Skip lesson")] if words.skip else [])
        kept = [(intent, text) for intent, text in super().prompts()
                if not (self.guided and intent in GUIDED_IGNORES)]
        return [(intent, "Skip lesson" if intent is Intent.PAUSE else text) for intent, text in kept]


@cache
def lesson_table(game: str, short: bool = False) -> type[TableScene]:
    """The lesson table class of `game` (its guided hand, or with `short` the short
    game after it): `LessonMode` over the game's own table."""
    base = table_class(game)
    return type(f"Lesson{base.__name__}", (LessonMode, base), {"lesson": lesson_for(game), "short": short})


def new_lesson(app, game: str) -> TableScene:
    """The table of the lesson of `game`, at its first stage (`App.open("lesson", game)`
    puts it on the stack)."""
    lesson = lesson_for(game)
    setup = TableSetup(game, ["human"] + ["remote"] * (lesson.players - 1), {}, lesson.seed)  # the rules as written
    app.audio.play("shuffle")
    return lesson_table(game)(app, setup)
