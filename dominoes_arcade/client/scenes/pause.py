"""The pause menu: an overlay over a frozen table. Resume, the game's rules,
settings, restart with a new deal, play this deal again, let the bots finish the
game, show or hide the move values (the analysis view), or leave it for the
menu: the player's own game is saved (the title screen offers Continue), a demo
is not, and the words say which. The deal number (the
seed) shows under the title: ``play --seed N`` deals it again."""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..input import Intent
from ..theme import BODY, HEADING
from ..widgets import Button
from .menu import Dialog, MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
PANEL = pygame.Rect(WIDTH // 2 - 220, 96, 440, 530)


class PauseScene(MenuScene):
    transparent = True
    name = "pause"

    def __init__(self, app, game: str, on_restart=None, *, deal: int | None = None, on_same_deal=None,
                 on_bots_finish=None, watching: bool = False, saved_when_left: bool = False, online: bool = False,
                 values=None):
        self.game = game
        self.online = online
        """An online game in play: leaving, it goes on at the server without the player."""
        self.watching = watching
        """A replay: nothing is lost by leaving or starting over, so nothing asks."""
        self.saved_when_left = saved_when_left
        """Whether leaving saves the game (the player's own, not over); a demo is never saved."""
        self.on_restart = on_restart
        """Starts the game again (a table's `restart`); None: no Restart entry."""
        self.deal = deal
        """The deal number (seed) to show, or None."""
        self.on_same_deal = on_same_deal
        """Deals the same tiles again from the start; None: no such entry."""
        self.on_bots_finish = on_bots_finish
        """Bots take over the human seats; None: no such entry."""
        self.values = values if values is not None and values.refusal() is None else None
        """The table's analysis view (`tables.analysis_marks`), toggled by "Show move
        values"; None where the values are off (an online game, a demo)."""
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(160)

    def build(self) -> None:
        x, width = PANEL.x + 50, PANEL.width - 100
        entries = [("Resume", self.back, "Back to the table."), ("Rules", self.open_rules, "How this game is played."),
                   ("Settings", self.open_settings, "Screen, sound, tiles and controls.")]
        if self.on_restart is not None and self.watching:
            entries.append(("Watch from the start", self.restart_replay, "The replay from its first step."))
        elif self.on_restart is not None:
            entries.append(("Restart", self.ask_restart, "A new game with a new deal."))
        if self.on_same_deal is not None:
            entries.append(("Play this deal again", self.ask_same_deal, "From the start, the same tiles."))
        if self.on_bots_finish is not None:
            entries.append(("Let the bot finish", self.ask_bots_finish, "The hard bot plays your seat to the end."))
        if self.values is not None:
            shown = self.values.on
            entries.append(("Hide move values" if shown else "Show move values", self.toggle_values,
                            "Back to the table without the values." if shown else
                            "Each move's chance to win (or expected place), from the hard bot's search."
                            + ("" if self.watching else " The game counts apart in your statistics.")))
        if self.watching:
            entries.append(("Leave replay", self.leave, "Back to the title screen."))
        else:
            entries.append(("Leave game", self.ask_leave, self.leave_words()[0]))
        top = PANEL.y + 118
        step = min(78, (PANEL.bottom - 24 - top) // len(entries))
        for index, (label, action, help) in enumerate(entries):
            self.focus.add(Button((x, top + index * step, width, step - 10), label, action, help=help))

    def handle(self, event) -> None:
        if event.intent is Intent.PAUSE:
            self.back()
        elif event.intent is not Intent.DEVICE_LOST:
            super().handle(event)

    def toggle_values(self) -> None:
        self.app.scenes.pop()  # back to the table, to see them
        self.values.toggle()

    def open_rules(self) -> None:
        self.app.open("rules", self.game)

    def open_settings(self) -> None:
        self.app.open("settings")

    def ask_restart(self) -> None:
        self.app.scenes.push(Dialog(self.app, "Restart this game?", "The game in progress will be lost.",
                                    [("Restart", self.on_restart), ("Keep playing", lambda: None)]))

    def restart_replay(self) -> None:
        self.app.scenes.pop()
        self.on_restart()

    def ask_same_deal(self) -> None:
        self.app.scenes.push(Dialog(self.app, "Play this deal again?", "The game starts over with the same tiles.",
                                    [("Play again", self.on_same_deal), ("Keep playing", lambda: None)]))

    def ask_bots_finish(self) -> None:
        self.app.scenes.push(Dialog(self.app, "Let the bot finish?",
                                    "The hard bot plays your seat to the end; your statistics count the game "
                                    "apart.",
                                    [("Let it play", self.bots_finish), ("Keep playing", lambda: None)]))

    def bots_finish(self) -> None:
        self.app.scenes.pop()  # back to the table, to watch
        self.on_bots_finish()

    def leave_words(self) -> tuple[str, str]:
        """What leaving does, in the words of the button's help and of the dialog."""
        if self.saved_when_left:
            return "Saved: Continue on the title screen.", "It is saved: Continue on the title screen picks it up."
        if self.online:
            return ("The game goes on without you.",
                    "The game goes on without you: after the room's grace period a bot plays your turns.")
        if self.deal is None:  # a demo (a replay asks nothing)
            return ("Back to the title screen; a demo is not saved.",
                    "A demo is not saved: it stops here, and the title screen comes back.")
        return ("Back to the title screen; the game is over.",
                "The game is over and kept in your history; nothing is lost.")

    def ask_leave(self) -> None:
        title = "Leave this demo?" if self.deal is None and not (self.saved_when_left or self.online) \
            else "Leave this game?"
        self.app.scenes.push(Dialog(self.app, title, self.leave_words()[1],
                                    [("Leave", self.leave), ("Keep playing", lambda: None)]))

    def leave(self) -> None:
        self.app.to_title()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._dim, (0, 0))
        self.app.panels.draw(surface, PANEL, radius=24, alpha=255)
        style = self.app.style
        title = style.shadow_text("Paused", HEADING + 4)
        surface.blit(title, title.get_rect(center=(WIDTH // 2, PANEL.y + 50)))
        if self.deal is not None:
            deal = style.text(f"Deal {self.deal}", BODY, style.palette.text_dim)
            surface.blit(deal, deal.get_rect(center=(WIDTH // 2, PANEL.y + 92)))
        self.focus.draw(surface, style)
        focused = self.focus.focused
        if focused is not None and focused.help:
            help = style.text(focused.help, BODY - 2, style.palette.text_dim)
            surface.blit(help, help.get_rect(center=(WIDTH // 2, PANEL.bottom + 24)))

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Choose"), (Intent.PAUSE, "Resume")]
