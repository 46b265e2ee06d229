"""Saved games (one per game, `history.load_saves`) on the way into a game:
`SavedGamesScene`, the chooser the title's Continue opens when more than one
game is saved, and `start_new_game`, which asks before a new game would replace
a game's save ("Replace your saved game?", naming the game)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ... import history
from .. import games
from ..app import LOGICAL_SIZE
from ..theme import HEADING
from ..widgets import Button
from .menu import Dialog, MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
ROW = 70
"""Height of one saved game's button, its gap included."""


def game_title(game: str) -> str:
    return games.info(game).title if game in games.games() else game


def when_saved(saved: history.SavedGame, now: float | None = None) -> str:
    """When the game was left, in a player's words: "today at 14:05", "on 3 Dec at 09:30"."""
    moment = time.localtime(saved.saved_at)
    today = time.localtime(now if now is not None else time.time())
    clock = time.strftime("%H:%M", moment)
    if moment[:3] == today[:3]:
        return f"today at {clock}"
    return f"on {moment.tm_mday} {time.strftime('%b', moment)} at {clock}"


def describe(saved: history.SavedGame) -> str:
    """One saved game, for a help line: its deal and when it was left."""
    return f"Deal {saved.record.seed}, left {when_saved(saved)}."


def start_new_game(app, game: str, start: Callable[[], None]) -> None:
    """Start a new game of `game` (`start`) at once, or, when `game` has a saved
    game, once the player agrees to replace it: the save is discarded then, so a
    player who said "Replace it" is not offered the old game again."""
    if not history.has_save(game=game):
        start()
        return
    title = game_title(game)

    def replace() -> None:
        try:
            history.discard_save(game)
        except OSError as error:
            app.toast(f"The saved game could not be removed: {error.strerror or error}")
            return
        start()

    app.scenes.push(Dialog(app, "Replace your saved game?",
                           f"The {title} game you left unfinished will be lost. Continue on the title screen "
                           "plays it instead.",
                           [("Replace it", replace), ("Keep it", lambda: None)]))


class SavedGamesScene(MenuScene):
    """Continue which game? One button per saved game, the latest first, then Back."""

    transparent = True
    name = "saved games"

    def __init__(self, app, saves: list[history.SavedGame], on_choose: Callable[[str], None]):
        self.saves = saves
        self.on_choose = on_choose
        """Continues the saved game of the game named (the title's `continue_game`)."""
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(150)

    @property
    def panel(self) -> pygame.Rect:
        height = 180 + ROW * (len(self.saves) + 1)
        return pygame.Rect(WIDTH // 2 - 260, max(40, (HEIGHT - height) // 2 - 20), 520, height)

    def build(self) -> None:
        x, width = self.panel.x + 60, self.panel.width - 120
        y = self.panel.y + 100
        for saved in self.saves:
            self.focus.add(Button((x, y, width, ROW - 12), game_title(saved.record.game),
                                  self._chooser(saved.record.game), help=describe(saved)))
            y += ROW
        self.focus.add(Button((x, y + 8, width, ROW - 12), "Back", self.back, help="Back to the title screen."))
        self.focus.focus(self.focus.widgets[0])

    def _chooser(self, game: str) -> Callable[[], None]:
        def choose() -> None:
            self.app.scenes.pop()
            self.on_choose(game)
        return choose

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        panel = self.panel
        self.app.panels.draw(surface, panel, radius=22, alpha=250)
        title = self.app.style.shadow_text("Continue which game?", HEADING - 6)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, panel.y + 50)))
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface, panel.bottom - 30)
