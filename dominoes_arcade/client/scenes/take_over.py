"""Take over a replay: "Play from here" in the replay viewer opens this overlay,
which asks which seat the player takes and how strong the bots in the other
seats are, then seats them at the replay's current step (the table's
`take_over`): the record's steps so far are laid silently, the hidden tiles are
hidden again, and the game goes on from the record's deal."""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..input import Intent
from ..tables import SEAT_KINDS, SEAT_LABELS
from ..theme import BODY, HEADING
from ..widgets import Button, ChoiceList
from .menu import MenuScene
from .saved_games import start_new_game

WIDTH, HEIGHT = LOGICAL_SIZE
PANEL = pygame.Rect(WIDTH // 2 - 320, 150, 640, 400)
BOT_KINDS = tuple(kind for kind in SEAT_KINDS if kind != "human")


class TakeOverScene(MenuScene):
    transparent = True
    name = "take over"

    def __init__(self, app, table):
        self.table = table
        self.seat = table.seen.current_player if table.seen.current_player >= 0 else 0
        self.bots = "medium"
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(150)

    def build(self) -> None:
        x, width = PANEL.x + 40, PANEL.width - 80
        seats = [(seat, f"{self.table.seat_name(seat)} ({name})" if (name := self._recorded(seat)) else
                  self.table.seat_name(seat)) for seat in range(self.table.session.match.num_players)]
        self.focus.add(ChoiceList((x, PANEL.y + 118, width, 52), "Your seat", seats, self.seat, self._set_seat,
                                  split=0.34, help="The seat you play from this move on."))
        self.focus.add(ChoiceList((x, PANEL.y + 182, width, 52), "Other seats",
                                  [(kind, SEAT_LABELS[kind]) for kind in BOT_KINDS], self.bots, self._set_bots,
                                  split=0.34, help="The bots that play every other seat."))
        start = self.focus.add(Button((PANEL.centerx - 270, PANEL.bottom - 96, 260, 60), "Play from here",
                                      self.start, help="Your hand shows; the others are hidden again."))
        self.focus.add(Button((PANEL.centerx + 10, PANEL.bottom - 96, 260, 60), "Cancel", self.back,
                              help="Back to the replay."))
        self.focus.focus(start)

    def _recorded(self, seat: int) -> str:
        seats = self.table.setup.record.seats if self.table.setup.record is not None else []
        return str(seats[seat])[:18] if seat < len(seats) else ""

    def _set_seat(self, seat: int) -> None:
        self.seat = seat

    def _set_bots(self, kind: str) -> None:
        self.bots = kind

    def start(self) -> None:
        """Play on from here (asking first when the game would replace a save of its game)."""
        start_new_game(self.app, self.table.setup.game, self._take_over)

    def _take_over(self) -> None:
        table = self.table
        self.app.scenes.pop()
        table.replay.take_over(self.seat, self.bots)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        style = self.app.style
        self.app.panels.draw(surface, PANEL, radius=22, alpha=255)
        title = style.shadow_text("Play from here", HEADING - 4)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, PANEL.y + 46)))
        where = f"From move {len(self.table.session.steps)}, with the tiles dealt as in the replay."
        text = style.text(where, BODY - 2, style.palette.text_dim)
        surface.blit(text, text.get_rect(center=(WIDTH // 2, PANEL.y + 88)))
        self.focus.draw(surface, style)
        # Inside the panel, between the rows and the buttons: below it, the help
        # would lie over the dimmed status line of the table.
        self.draw_help(surface, PANEL.y + 270)

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.LEFT, "Change"), (Intent.CONFIRM, "Choose"), (Intent.BACK, "Cancel")]
