"""The game-over screen: an overlay over the finished table with the table's
summary (`TableScene.result_lines`), "Play again" (the same seats and variant,
the next seed) and "Menu". A demo moves on to the next game by itself."""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..theme import BODY, HEADING, LARGE
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
PANEL = pygame.Rect(WIDTH // 2 - 330, 130, 660, 430)
DEMO_SECONDS = 4.0
"""How long a finished demo shows its result before the next demo starts."""
ATTRACT_IGNORES = frozenset({Intent.POINT, Intent.DRAG, Intent.RELEASE, Intent.DEVICE_ADDED})


class GameOverScene(MenuScene):
    transparent = True
    name = "game over"

    def __init__(self, app, table):
        self.table = table
        self.lines = table.result_lines()
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(120)
        self.app.audio.play("win")

    def build(self) -> None:
        again = "Next demo" if self.table.setup.demo else "Play again"
        y = PANEL.bottom - 96
        self.focus.add(Button((PANEL.centerx - 250, y, 240, 64), again, self.table.restart))
        self.focus.add(Button((PANEL.centerx + 10, y, 240, 64), "Menu", self.table.to_menu))
        self.focus.focus(self.focus.widgets[0])

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table.setup.demo and self.time >= DEMO_SECONDS and not self.app.exit_when_over:
            self.table.next_demo()

    def handle(self, event: InputEvent) -> None:
        if self.table.attract and event.intent not in ATTRACT_IGNORES:
            self.table.to_menu()
        elif event.intent is Intent.BACK:
            self.table.to_menu()
        elif event.intent is Intent.PAUSE:
            self.table.open_pause()
        else:
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        style = self.app.style
        self.app.panels.draw(surface, PANEL, radius=24, alpha=255)
        title = style.shadow_text("Game over", HEADING + 4)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, PANEL.y + 52)))
        y = PANEL.y + 104
        for index, line in enumerate(self.lines):
            size = LARGE + 4 if index == 0 else BODY
            colour = style.palette.accent if index == 0 else style.palette.text
            for part in style.wrap(line, PANEL.width - 70, size, bold=index == 0):
                text = style.text(part, size, colour, bold=index == 0)
                surface.blit(text, text.get_rect(midtop=(WIDTH // 2, y)))
                y += text.get_height() + 6
            if y > PANEL.bottom - 120:
                break
        self.focus.draw(surface, style)

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Choose"), (Intent.BACK, "Menu")]
