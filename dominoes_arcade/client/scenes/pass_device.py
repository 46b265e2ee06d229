"""The hot-seat "Pass to" screen: with two or more humans at one screen, it hides
the whole table before a different human's turn (and before the first one), so
nobody sees another player's tiles. The table shows the next human's hidden tiles
only after they confirm here.

Below, a recap of the moves since that player's last turn, from the table's move
log as every seat saw them (`tables.move_log`: a hidden draw is "Seat 3 drew a
tile"): the screen is up while the device changes hands, so it shows nothing
private, not even to the player it waits for."""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..theme import BODY, HEADING, SMALL
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
RECAP_ROWS = 5
"""The newest moves the recap shows."""
RECAP_TOP, RECAP_WIDTH, ROW = HEIGHT // 2 + 130, 660, 24


class PassScene(MenuScene):
    """Opaque on purpose: the table below is not drawn while this is up."""

    name = "pass"

    def __init__(self, app, table, seat: int):
        self.table = table
        self.seat = seat
        self.player = table.seat_name(seat)
        steps = table.session.steps
        last_turn = max((index for index, step in enumerate(steps) if step.split()[0] == str(seat)), default=-1)
        moves = [line for _, line in table.moves.log.lines(-1, table.seat_name, last_turn + 1)]
        self.recap = moves[-RECAP_ROWS:]
        """The newest moves since `seat` last moved, as every seat saw them."""
        self.recap_total = len(moves)
        self.first_turn = last_turn < 0
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
        return (self.app.style.theme, self.seat, tuple(self.recap))

    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        style = self.app.style
        title = style.shadow_text(f"Pass to {self.player}", HEADING + 14)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, HEIGHT // 2 - 110)))
        lines = [f"Hand the screen to {self.player}.", "Everyone else, look away: their tiles come next."]
        for index, line in enumerate(lines):
            text = style.text(line, BODY, style.palette.text_dim)
            surface.blit(text, text.get_rect(center=(WIDTH // 2, HEIGHT // 2 - 44 + index * 30)))
        if self.recap:
            self.draw_recap(surface)

    def draw_recap(self, surface: pygame.Surface) -> None:
        style = self.app.style
        shown = len(self.recap)
        box = pygame.Rect(WIDTH // 2 - RECAP_WIDTH // 2, RECAP_TOP, RECAP_WIDTH, 44 + shown * ROW)
        self.app.panels.draw(surface, box)
        heading = ("So far" if self.first_turn else "Since your last turn") + (
            f" (the last {shown} of {self.recap_total} moves)" if self.recap_total > shown else "")
        text = style.text(heading, SMALL, style.palette.accent, bold=True)
        surface.blit(text, (box.x + 18, box.y + 10))
        for index, line in enumerate(self.recap):
            text = style.text(line, SMALL, style.palette.text)
            surface.blit(text, (box.x + 18, box.y + 36 + index * ROW))

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Show my tiles"), (Intent.PAUSE, "Pause")]
