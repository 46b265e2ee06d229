"""`MenuScene`: the base of every screen made of widgets, and `Dialog`, a small
overlay asking one question.

A menu scene builds its widgets in `build()` into ``self.focus`` (a
`FocusGroup`); input goes to the focus group first, and an unused BACK calls
`back()` (pop this scene). What never changes while the scene is up (the felt,
the title, panels and headings: `draw_static`) is drawn once into a cached
layer, so a frame costs one opaque blit plus the widgets; `static_key` says what
the layer depends on.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..focus import FocusGroup
from ..input import InputEvent, Intent
from ..scene import Scene
from ..theme import BODY, HEADING, SMALL
from ..widgets import Button

WIDTH, HEIGHT = LOGICAL_SIZE
HELP_Y = HEIGHT - 78


class MenuScene(Scene):
    title = ""

    def __init__(self, app):
        super().__init__(app)
        self.focus = FocusGroup(sound=app.audio.play)
        self._static: pygame.Surface | None = None
        self._static_for: tuple | None = None
        self.build()

    def build(self) -> None:
        """Add the widgets to ``self.focus``."""

    def rebuild(self) -> None:
        """Build the widgets again, keeping the focus on the same label where possible."""
        label = self.focus.focused.label if self.focus.focused else None
        self.focus.clear()
        self._static_for = None
        self.build()
        for widget in self.focus.widgets:
            if widget.label == label and widget.can_focus:
                self.focus.focus(widget)
                break

    def handle(self, event: InputEvent) -> None:
        if self.focus.handle(event):
            return
        if event.intent is Intent.BACK:
            self.back()

    def back(self) -> None:
        self.app.audio.play("back")
        self.app.scenes.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.focus.update(dt)

    def is_animating(self) -> bool:
        """Tweens, or a button's press flash fading."""
        return super().is_animating() or any(widget.flash > 0 for widget in self.focus.widgets)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.style.background(LOGICAL_SIZE), (0, 0))

    def draw_title(self, surface: pygame.Surface, y: int = 56) -> None:
        if self.title:
            title = self.app.style.shadow_text(self.title, HEADING)
            surface.blit(title, title.get_rect(center=(WIDTH // 2, y)))

    def draw_help(self, surface: pygame.Surface, y: int = HELP_Y) -> None:
        """The focused widget's help line, centred at height `y`."""
        focused = self.focus.focused
        if focused is not None and focused.help:
            text = self.app.style.text(focused.help, SMALL + 1, self.app.style.palette.text_dim)
            surface.blit(text, text.get_rect(center=(WIDTH // 2, y)))

    def static_key(self) -> tuple:
        """What the static layer depends on: it is redrawn when this changes."""
        return (self.app.style.theme,)

    def draw_static(self, surface: pygame.Surface) -> None:
        """Draw what stays put while the scene is up (into the cached layer)."""
        self.draw_background(surface)
        self.draw_title(surface)

    def blit_static(self, surface: pygame.Surface) -> None:
        key = self.static_key()
        if self._static is None or key != self._static_for:
            self._static = Canvas(LOGICAL_SIZE)
            self.draw_static(self._static)
            self._static_for = key
        surface.blit(self._static, (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface)

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Choose"), (Intent.BACK, "Back")]


class Dialog(MenuScene):
    """An overlay with a question and a row of buttons; BACK picks the last one
    (which should be the harmless choice)."""

    transparent = True
    name = "dialog"

    def __init__(self, app, title: str, message: str, choices: list[tuple[str, Callable[[], None]]]):
        self.title = title
        self.message = message
        self.choices = choices
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(150)

    @property
    def panel(self) -> pygame.Rect:
        return pygame.Rect(WIDTH // 2 - 300, HEIGHT // 2 - 140, 600, 280)

    def build(self) -> None:
        width = 220
        gap = 24
        total = len(self.choices) * width + (len(self.choices) - 1) * gap
        x = WIDTH // 2 - total // 2
        for label, action in self.choices:
            button = self.focus.add(Button((x, self.panel.bottom - 96, width, 60), label, self._closing(action)))
            x += width + gap
        self.focus.focus(button)  # the last choice is the harmless one

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.scenes.pop()
            action()
        return run

    def back(self) -> None:
        self.app.audio.play("back")
        self._closing(self.choices[-1][1])()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        self.app.panels.draw(surface, self.panel, radius=22, alpha=240)
        style = self.app.style
        title = style.shadow_text(self.title, HEADING - 6)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, self.panel.y + 52)))
        y = self.panel.y + 100
        for line in style.wrap(self.message, self.panel.width - 80, BODY):
            text = style.text(line, BODY, style.palette.text_dim)
            surface.blit(text, text.get_rect(center=(WIDTH // 2, y)))
            y += text.get_height() + 2
        self.focus.draw(surface, style)
