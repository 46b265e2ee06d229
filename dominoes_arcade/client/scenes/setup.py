"""Game setup: who sits where (a human or a bot of some difficulty), how many
players where the game allows a choice, and the game's variant options.

The option widgets are built from the engine's option tables
(`dominoes_arcade.engine.game_options`), so a game added later brings its own
options with it: a bool becomes a toggle, a list of choices a choice list, a
number range a slider. Values start from config.toml (``settings.game(name)``);
changes here apply to this game only and are not saved.

Cyprus's target score is proposed for the number of players
(`option_rows.TargetProposal`) until the player chooses one, here or in config.toml.

The deal number (the seed the tiles are shuffled from) is drawn when the screen
opens and shown beside the options' heading: ``play GAME --seed N`` deals the
same tiles.
"""

from __future__ import annotations

import random

import pygame

from .. import games
from ..app import LOGICAL_SIZE
from ..input import Intent
from ..lessons import games_with_lessons, lesson_for
from ..lessons import progress as lesson_progress
from ..option_rows import TargetProposal, option_widget
from ..tables import SEAT_KINDS, TableSetup, open_table, seat_label
from ..theme import BODY, LARGE, SMALL
from ..widgets import Button, ChoiceList
from .menu import MenuScene
from .saved_games import start_new_game

WIDTH, HEIGHT = LOGICAL_SIZE
LEFT = pygame.Rect(40, 96, 560, 468)
RIGHT = pygame.Rect(640, 96, 600, 468)
ROW, GAP = 50, 8



class SetupScene(MenuScene):
    name = "setup"

    def __init__(self, app, game: str, players: int | None = None, seed: int | None = None):
        self.game = game
        self.meta = games.info(game)
        self.title = f"{self.meta.title}: new game"
        low, high = games.player_range(game)
        options = app.settings.game(game)
        wanted = players or options.get("players") or low
        self.players = min(high, max(low, int(wanted)))
        self.seats = ["human"] + ["medium"] * (self.players - 1)
        self.options = {key: options[key] for key in games.variant_options(game)}
        self.target = TargetProposal(game, self.options)
        self.options = self.target.apply(game, self.players, self.options)
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        """The deal: shown here, and the tiles are shuffled from it."""
        self.lesson_offer = game in games_with_lessons() and lesson_progress.should_offer(game)
        """The game's lesson is offered under the seats (once ever: never finished, never
        offered), where the seats leave room."""
        self.offer_noted = False
        super().__init__(app)

    # -- widgets -------------------------------------------------------------------
    def build(self) -> None:
        # One column of seats, rows shrinking to fit ten: a second column could not
        # be reached with directions, since left and right change a seat's value.
        y = LEFT.y + 56
        gap = GAP if self.players <= 6 else 4
        row = min(ROW, (LEFT.bottom - 12 - y) // self.players - gap)
        compact = row < 44
        programs = getattr(self.app.settings.bots, "programs", [])
        kinds = list(SEAT_KINDS) + [f"cmd:{command}" for command in programs]  # "Program" seats
        for seat in range(self.players):
            rect = (LEFT.x + 16, y + seat * (row + gap), LEFT.width - 32, row)
            self.focus.add(ChoiceList(rect, f"Seat {seat + 1}", [(kind, seat_label(kind)) for kind in kinds],
                                      self.seats[seat], self._seat_setter(seat), split=0.4,
                                      text_size=SMALL + 1 if compact else BODY,
                                      help="Who plays this seat: a person at this screen, or a bot "
                                           "of the difficulty shown."))
        self._add_lesson_offer()
        y = RIGHT.y + 56
        option_table = games.variant_options(self.game)
        low, high = games.player_range(self.game)
        rows = len(option_table) + (high > low)
        row = min(ROW, (RIGHT.bottom - 16 - y) // max(1, rows) - GAP)
        if high > low:
            self.focus.add(ChoiceList((RIGHT.x + 16, y, RIGHT.width - 32, row), "Players",
                                      [(n, str(n)) for n in range(low, high + 1)], self.players, self.set_players,
                                      help="How many seats at the table."))
            y += row + GAP
        for key, option in option_table.items():
            widget = self._option_widget(key, option, (RIGHT.x + 16, y, RIGHT.width - 32, row))
            if widget is not None:
                self.focus.add(widget)
                y += row + GAP
        self.focus.add(Button((WIDTH // 2 - 330, 598, 300, 58), "Back", self.back, help="Back to the title screen."))
        start = self.focus.add(Button((WIDTH // 2 + 30, 598, 300, 58), "Start game", self.start,
                                      help="Deal the tiles and play."))
        self.focus.focus(start)  # two presses from the title deal a game; the rest is a move away

    def lesson_offer_rect(self) -> pygame.Rect | None:
        """Where the lesson is offered (under the seats, in the pitch's place), when
        it is offered and the seats leave room."""
        if not self.lesson_offer:
            return None
        rect = pygame.Rect(LEFT.x + 16, LEFT.bottom - 104, LEFT.width - 32, 90)
        seats = [w.rect.bottom for w in self.focus.widgets if w.label.startswith("Seat ")]
        return rect if not seats or max(seats) + 12 <= rect.top else None

    def _add_lesson_offer(self) -> None:
        rect = self.lesson_offer_rect()
        if rect is None:
            return
        if not self.offer_noted:  # shown once: it is not offered again
            self.offer_noted = True
            if notice := lesson_progress.mark_offered(self.game):
                self.app.toast(notice)
        self.focus.add(Button((rect.x + 12, rect.bottom - 52, 200, 44), "Learn", self.learn, size=BODY,
                              help="A guided hand, then a short game against the easy bot."))
        self.focus.add(Button((rect.right - 162, rect.bottom - 52, 150, 44), "Not now", self.not_now, size=BODY,
                              help="Learn to play stays on the title screen."))

    def learn(self) -> None:
        self.app.open("lesson", self.game)

    def not_now(self) -> None:
        self.lesson_offer = False
        self.rebuild()
        self.focus.focus(next(w for w in self.focus.widgets if w.label == "Start game"))

    def _option_widget(self, key: str, option, rect):
        return option_widget(self.game, key, option, self.options[key], self._option_setter(key), rect,
                             self.target.help(self.game, key, self.players))

    def _seat_setter(self, seat: int):
        def set_seat(kind: str) -> None:
            self.seats[seat] = kind
        return set_seat

    def _option_setter(self, key: str):
        def set_option(value) -> None:
            self.options[key] = value
            if key == "target_score":
                self.target.chosen = True
        return set_option

    def set_players(self, players: int) -> None:
        self.players = players
        self.seats = (self.seats + ["medium"] * players)[:players]
        self.options = self.target.apply(self.game, players, self.options)
        self.rebuild()

    # -- actions ---------------------------------------------------------------------
    def start(self) -> None:
        """Deal the game as set up (asking first when it would replace this game's save)."""
        start_new_game(self.app, self.game, self._deal)

    def _deal(self) -> None:
        setup = TableSetup(self.game, list(self.seats), dict(self.options), self.seed)
        self.app.audio.play("shuffle")
        open_table(self.app, setup, replace=True)

    # -- drawing ---------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, 52)
        style = self.app.style
        for panel, heading in ((LEFT, "Seats"), (RIGHT, "Rules options")):
            self.app.panels.draw(surface, panel)
            surface.blit(style.text(heading, LARGE, style.palette.text, bold=True), (panel.x + 22, panel.y + 14))
        self._draw_pitch(surface)
        # In the options panel's heading row: the help line below the panels is as
        # wide as its words, and a seat's ran over the deal there.
        deal = style.text(f"Deal {self.seed}", SMALL + 1, style.palette.text_dim)
        surface.blit(deal, deal.get_rect(midright=(RIGHT.right - 22, RIGHT.y + 30)))
        if not games.variant_options(self.game):
            text = style.text("This game has no variant options.", SMALL, style.palette.text_dim)
            surface.blit(text, (RIGHT.x + 22, RIGHT.y + 64))

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        offer = self.lesson_offer_rect()
        if offer is not None:
            style = self.app.style
            self.app.panels.draw(surface, offer, radius=14, alpha=255)
            minutes = lesson_for(self.game).minutes
            text = style.text(f"New to {self.meta.title}? Learn to play ({minutes} min)", SMALL + 1,
                              style.palette.accent, bold=True)
            surface.blit(text, (offer.x + 14, offer.y + 10))
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface, LEFT.bottom + 18)

    def _draw_pitch(self, surface: pygame.Surface) -> None:
        """The game in a sentence, under the seats when they leave room."""
        style = self.app.style
        lines = style.wrap(f"{self.meta.pitch} {games.players_text(self.game).capitalize()}, "
                           f"{self.meta.tile_set}.", LEFT.width - 48, SMALL + 1)
        seat_rows = [w.rect.bottom for w in self.focus.widgets if w.rect.colliderect(LEFT)]
        top = LEFT.bottom - 22 - len(lines) * 26
        if (seat_rows and max(seat_rows) + 24 > top) or self.lesson_offer_rect() is not None:
            return
        for index, line in enumerate(lines):
            surface.blit(style.text(line, SMALL + 1, style.palette.text_dim), (LEFT.x + 24, top + index * 26))

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.LEFT, "Change"), (Intent.CONFIRM, "Choose"), (Intent.BACK, "Back")]
