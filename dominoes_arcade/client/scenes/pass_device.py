"""The hot-seat "Pass to" screen: with two or more humans at one screen, it hides
the whole table before a different human's turn (and before the first one), so
nobody sees another player's tiles. The table shows the next human's hidden tiles
only after they confirm here."""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..theme import BODY, HEADING
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE


class PassScene(MenuScene):
    """Opaque on purpose: the table below is not drawn while this is up."""

    name = "pass"

    def __init__(self, app, table, seat: int):
        self.table = table
        self.seat = seat
        self.player = table.seat_name(seat)
        super().__init__(app)

    def build(self) -> None:
        self.focus.add(Button((WIDTH // 2 - 230, HEIGHT // 2 + 40, 460, 70), f"I am {self.player}: show my tiles",
                              self.confirm))

    def confirm(self) -> None:
        self.table.reveal(self.seat)
        self.app.scenes.pop()

    def handle(self, event: InputEvent) -> None:
        if event.intent in (Intent.BACK, Intent.PAUSE, Intent.DEVICE_LOST):
            self.table.open_pause()  # the pause menu over this screen: the tiles stay hidden
        else:
            super().handle(event)

    def static_key(self) -> tuple:
        return (self.app.style.theme, self.seat)

    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        style = self.app.style
        title = style.shadow_text(f"Pass to {self.player}", HEADING + 14)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, HEIGHT // 2 - 110)))
        lines = [f"Hand the screen to {self.player}.", "Everyone else, look away: their tiles come next."]
        for index, line in enumerate(lines):
            text = style.text(line, BODY, style.palette.text_dim)
            surface.blit(text, text.get_rect(center=(WIDTH // 2, HEIGHT // 2 - 44 + index * 30)))

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Show my tiles"), (Intent.PAUSE, "Pause")]
