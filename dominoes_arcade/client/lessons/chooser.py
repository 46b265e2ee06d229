"""Learn to play which game? The title's chooser: a button for each game with a
lesson, a tick on those finished (`progress`), then Back."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import games, gfx
from ..app import LOGICAL_SIZE
from ..scenes.menu import MenuScene
from ..widgets import Button
from . import games_with_lessons, lesson_for, progress

WIDTH, HEIGHT = LOGICAL_SIZE
ROW = 84
TICK_COLOUR = (120, 236, 160)


class LessonButton(Button):
    """A game's lesson: its name, how long it takes, and a tick once finished."""

    def __init__(self, rect, game: str, finished: bool, on_press: Callable[[], None]):
        minutes = lesson_for(game).minutes
        title = games.info(game).title
        subtitle = f"Finished \u00b7 about {minutes} minutes" if finished else f"About {minutes} minutes"
        help = (f"{title} again: a guided hand, then a short game." if finished
                else f"Learn {title}: a guided hand, then a short game against the easy bot.")
        super().__init__(rect, title, on_press, subtitle=subtitle, help=help)
        self.finished = finished

    def draw(self, surface: pygame.Surface, style) -> None:
        super().draw(surface, style)
        if self.finished:  # a tick as well as the word: colour is never the only cue
            face = self.rect.move(0, 3 if self.looks_pressed else 0)
            x, y = face.right - 46, face.centery
            gfx.lines(surface, TICK_COLOUR, False, [(x, y), (x + 9, y + 10), (x + 26, y - 12)], 6)


class LessonsScene(MenuScene):
    title = "Learn to play"
    name = "lessons"

    def build(self) -> None:
        finished = progress.load().finished
        x, width = WIDTH // 2 - 280, 560
        y = 150
        for game in games_with_lessons():
            self.focus.add(LessonButton((x, y, width, ROW - 14), game, game in finished, self._opener(game)))
            y += ROW
        self.focus.add(Button((x, y + 16, width, 58), "Back", self.back, help="Back to the title screen."))
        self.focus.focus(self.focus.widgets[0])

    def _opener(self, game: str) -> Callable[[], None]:
        def open_lesson() -> None:
            self.app.open("lesson", game)
        return open_lesson

    def resume(self) -> None:
        self.rebuild()  # a lesson finished since: its tick
