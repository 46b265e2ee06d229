"""The pause menu: an overlay over a frozen table. Resume, the game's rules,
settings, restart the game, or leave it for the menu (both after a confirmation)."""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..input import Intent
from ..theme import HEADING
from ..widgets import Button
from .menu import Dialog, MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
PANEL = pygame.Rect(WIDTH // 2 - 220, 96, 440, 530)


class PauseScene(MenuScene):
    transparent = True
    name = "pause"

    def __init__(self, app, game: str, on_restart=None):
        self.game = game
        self.on_restart = on_restart
        """Starts the game again (a table's `restart`); None: no Restart entry."""
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(160)

    def build(self) -> None:
        x, width = PANEL.x + 50, PANEL.width - 100
        entries = [("Resume", self.back), ("Rules", self.open_rules), ("Settings", self.open_settings)]
        if self.on_restart is not None:
            entries.append(("Restart", self.ask_restart))
        entries.append(("Leave game", self.ask_leave))
        for index, (label, action) in enumerate(entries):
            self.focus.add(Button((x, PANEL.y + 110 + index * 78, width, 60), label, action))

    def handle(self, event) -> None:
        if event.intent is Intent.PAUSE:
            self.back()
        elif event.intent is not Intent.DEVICE_LOST:
            super().handle(event)

    def open_rules(self) -> None:
        self.app.open("rules", self.game)

    def open_settings(self) -> None:
        self.app.open("settings")

    def ask_restart(self) -> None:
        self.app.scenes.push(Dialog(self.app, "Restart this game?", "The game in progress will be lost.",
                                    [("Restart", self.on_restart), ("Keep playing", lambda: None)]))

    def ask_leave(self) -> None:
        self.app.scenes.push(Dialog(self.app, "Leave this game?", "The game in progress will be lost.",
                                    [("Leave", self.leave), ("Keep playing", lambda: None)]))

    def leave(self) -> None:
        self.app.to_title()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        self.app.panels.draw(surface, PANEL, radius=24, alpha=235)
        title = self.app.style.shadow_text("Paused", HEADING + 4)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, PANEL.y + 56)))
        self.focus.draw(surface, self.app.style)

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Choose"), (Intent.PAUSE, "Resume")]
