"""The title screen: a card for each game, then Continue (when a game was left
in progress: straight back into it, or, with several games saved, one per game,
a chooser), demo, statistics, rules, settings and quit, and Play online. Beside the
games' cards, Learn to play's opens the lessons' chooser (`lessons.chooser`).

Left alone for `ATTRACT_SECONDS`, it plays a demo game (bots in every seat), the
arcade's attract mode; any input there brings the player back.
"""

from __future__ import annotations

import math
import random

import pygame

from ... import history
from .. import games
from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..tables import TableSetup, open_table
from ..theme import BODY, LARGE, SMALL, TITLE
from ..widgets import Button
from .menu import Dialog, MenuScene
from .saved_games import SavedGamesScene, describe, game_title

WIDTH, HEIGHT = LOGICAL_SIZE
ATTRACT_SECONDS = 45.0
BOB_SECONDS = 4.0
"""The tiles in the corners bob while the title appears, then rest (a screen left
alone draws nothing)."""


CARD_NAME_SIZE = LARGE + 2
"""The cards' names at their largest; a row's shrink together (`Button.peers`)."""
CARD_NAME_ROOM = 24
"""Pixels a card's name leaves beside it, both sides together."""


class Card(Button):
    """A big button of the title's top row: a picture, then a name and a caption."""

    def __init__(self, rect, label: str, on_press, *, help: str, caption: str):
        super().__init__(rect, label, on_press, help=help, size=CARD_NAME_SIZE)
        self.caption = caption

    def label_width(self) -> int:
        return self.rect.width - CARD_NAME_ROOM  # the name is centred under the picture, no marker beside it

    def name_lines(self, style, size: int) -> list[str]:
        """The name as drawn at `size`: one line when it fits, else two, split at the
        space nearest its middle (eight cards leave a two-word name no room on one)."""
        if style.font(size, True).size(self.label)[0] <= self.label_width() or " " not in self.label:
            return [self.label]
        spaces = [i for i, char in enumerate(self.label) if char == " "]
        cut = min(spaces, key=lambda i: abs(2 * i - len(self.label)))
        return [self.label[:cut], self.label[cut + 1:]]

    def measure_fitting_size(self, style) -> int:
        """The largest size, `size` at most, at which every line of the name fits."""
        room = self.label_width()
        size = self.size
        while size > SMALL and any(style.font(size, True).size(line)[0] > room
                                   for line in self.name_lines(style, size)):
            size -= 1
        return size

    def draw(self, surface, style) -> None:
        face = self.draw_body(surface, style)
        self.draw_picture(surface, style, face)
        size = self.label_size(style)
        lines = self.name_lines(style, size)
        y = face.y + 134 - (size // 2 + 4) * (len(lines) - 1)
        for line in lines:
            name = style.text(line, size, style.palette.text, bold=True)
            surface.blit(name, name.get_rect(midtop=(face.centerx, y)))
            y += name.get_height() - 2
        caption = self.caption_text(style, face)
        caption_size = SMALL if style.font(SMALL, False).size(caption)[0] <= face.width - 24 else SMALL - 2
        caption_image = style.text(caption, caption_size, style.palette.text_dim)
        surface.blit(caption_image, caption_image.get_rect(midtop=(face.centerx, face.y + 170)))

    def draw_picture(self, surface, style, face: pygame.Rect) -> None:
        raise NotImplementedError

    def caption_text(self, style, face: pygame.Rect) -> str:
        return self.caption


class GameCard(Card):
    """A big button for one game: its name, players, set and two of its tiles."""

    def __init__(self, rect, game: str, on_press, art):
        meta = games.info(game)
        super().__init__(rect, meta.title, on_press, help=meta.pitch,
                         caption=f"{games.players_text(game)} \u00b7 {meta.tile_set}")
        self.game = game
        self.meta = meta
        self.art = art

    def draw_picture(self, surface, style, face: pygame.Rect) -> None:
        (a, b), (c, d) = self.meta.showcase
        left_owner, right_owner = self.meta.showcase_owners
        left = self.art.face(a, b, 88, owner=left_owner)
        right = self.art.face(c, d, 88, owner=right_owner)
        centre = face.centerx
        top = face.y + 22
        surface.blit(self.art.shadow(88), (centre - 52 - 6 + 3, top - 6 + 5))
        surface.blit(left, (centre - 52, top))
        surface.blit(self.art.shadow(88), (centre + 8 - 6 + 3, top + 10 - 6 + 5))
        surface.blit(right, (centre + 8, top + 10))

    def caption_text(self, style, face: pygame.Rect) -> str:
        if style.font(SMALL, False).size(self.caption)[0] > face.width - 20:
            return games.players_text(self.game)  # the set does not fit beside the players
        return self.caption


class FeatureCard(Card):
    """A card beside the games' for what is not one game: a sign, a name and a
    caption in the games' cards' places (Learn to play, Play online)."""

    def __init__(self, rect, label: str, sign: str, caption: str, on_press, *, help: str):
        super().__init__(rect, label, on_press, help=help, caption=caption)
        self.sign = sign

    def draw_picture(self, surface, style, face: pygame.Rect) -> None:
        mark = style.text(self.sign, TITLE, style.palette.accent, bold=True)
        surface.blit(mark, mark.get_rect(center=(face.centerx, face.y + 76)))


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, app):
        self.saves: list[history.SavedGame] = self.find_saves(app)
        """The saved games, one per game at most, the latest left first."""
        super().__init__(app)
        self.idle = 0.0
        self._logo = None
        self._decor = None
        self.logo_drop = -170.0
        """The logo falls into place when the title first appears (tweened to 0)."""
        self.bob = 1.0
        """How far the corner tiles bob, 1 to 0 over `BOB_SECONDS` (a tween)."""

    def enter(self) -> None:
        self.tweens.tween(self, 0.8, easing="out_bounce", logo_drop=0.0)
        self.tweens.tween(self, BOB_SECONDS, easing="in_quad", hold=False, bob=0.0)
        self.app.audio.play("shuffle")

    def build(self) -> None:
        names = games.games()
        count = len(names) + 2  # the games' cards, then Learn to play's and Play online
        # Seven cards or more (six games and two features) stand closer and reach nearer
        # the screen's sides, so that their names stay readable; never beyond the row of
        # buttons below (an arrow from its end would go up to a card, not round the row).
        gap, margin = (24, 120) if count <= 6 else (14, 100)
        width = min(270, (WIDTH - margin - (count - 1) * gap) // max(1, count))
        total = count * width + (count - 1) * gap
        x = WIDTH // 2 - total // 2
        for game in names:
            self.focus.add(GameCard((x, 214, width, 206), game, self._setup_opener(game), self.app.tile_art))
            x += width + gap
        self.focus.add(FeatureCard((x, 214, width, 206), "Learn to play", "?", "step by step", self.open_lessons,
                                   help="A guided hand of a game, then a short game against the easy bot."))
        x += width + gap
        self.focus.add(FeatureCard((x, 214, width, 206), "Play online", "\u21c4", "host or join", self.play_online,
                                   help="Play with friends on other computers: host a game, or join one."))
        cards = [w for w in self.focus.widgets if isinstance(w, Card)]
        for card in cards:
            card.peers = cards
        labels = [("Watch a demo", self.watch_demo, "Bots play a game while you watch."),
                  ("Statistics", self.open_statistics, "Your wins, losses and streaks, game by game."),
                  ("Rules", self.open_rules, "How each game is played."),
                  ("Settings", self.open_settings, "Screen, sound, tiles and controls."),
                  ("Quit", self.ask_quit, "Close Dominoes Arcade.")]
        if self.saves:
            labels.insert(0, ("Continue", self.ask_continue, self.continue_help()))
        crowded = len(labels) > 5
        width = 192 if crowded else 222
        total = len(labels) * width + (len(labels) - 1) * 18
        x = WIDTH // 2 - total // 2
        row: list[Button] = []
        for label, action, help in labels:
            button = self.focus.add(Button((x, 470, width, 62), label, action, help=help))
            row.append(button)
            if label == "Continue":
                self.focus.focus(button)  # a game left half-played is what a player most likely wants
            x += width + 18
        for button in row:
            button.peers = row  # one size for the row: the longest label sets it

    # -- actions ---------------------------------------------------------------------
    def _setup_opener(self, game: str):
        def open_setup() -> None:
            self.app.open("setup", game)
        return open_setup

    def watch_demo(self, game: str | None = None, attract: bool = False) -> None:
        """Bots play a game (a random one unless `game` is given). An `attract`
        demo, started by idling here, ends at the first press."""
        rng = random.Random()
        game = game or rng.choice(games.games())
        low, _high = games.player_range(game)
        setup = TableSetup(game, ["medium"] * low, self.app.settings.game(game), rng.randrange(1 << 30), demo=True)
        table = open_table(self.app, setup)
        table.attract = attract
        table.skip_on_input = not attract

    @staticmethod
    def programs(app) -> list[str]:
        """The bot programs a saved game's seats may name: the settings' own, as the
        setup screen offers them (a save never adds one)."""
        return list(getattr(app.settings.bots, "programs", []))

    @staticmethod
    def find_saves(app) -> list[history.SavedGame]:
        """The games left in progress; a damaged save is set aside with a toast."""
        saves, notice = history.load_saves(programs=TitleScene.programs(app))
        if notice:
            app.toast(f"Saved game: {notice}")
        return saves

    def continue_help(self) -> str:
        if len(self.saves) == 1:
            saved = self.saves[0]
            return f"Back to your game of {game_title(saved.record.game)}: {describe(saved)}"
        return f"Your saved games: {', '.join(game_title(saved.record.game) for saved in self.saves)}."

    def ask_continue(self) -> None:
        """Continue the one saved game, or ask which one when there are several."""
        if len(self.saves) > 1:
            self.app.scenes.push(SavedGamesScene(self.app, self.saves, self.continue_game))
        else:
            self.continue_game()

    def continue_game(self, game: str | None = None) -> None:
        """Back to the saved game of `game` (by default the latest left), as it was
        left (its seats, its deal, its steps)."""
        saved, notice = history.load_save(programs=self.programs(self.app), game=game)
        if saved is None:
            self.app.toast(f"Saved game: {notice}" if notice else "There is no saved game to continue.")
            self.refresh()
            return
        record = saved.record
        setup = TableSetup(record.game, list(saved.kinds), dict(record.options),
                           record.seed if isinstance(record.seed, int) else 0, start=record, continued=True,
                           assisted=saved.assisted)
        try:
            open_table(self.app, setup)
        except ValueError as error:  # a game no longer registered, a step the rules now refuse
            self.app.toast(f"The saved game cannot be played: {error}")
            return
        self.app.audio.play("shuffle")

    def refresh(self) -> None:
        """Look for the saved games again (one may have been made or used since)."""
        offered = bool(self.saves)
        self.saves = self.find_saves(self.app)
        self.rebuild()
        if self.saves and not offered:
            self.focus.focus(next(w for w in self.focus.widgets if w.label == "Continue"))

    def play_online(self) -> None:
        self.app.open("online")


    def open_lessons(self) -> None:
        self.app.open("lessons")

    def open_statistics(self) -> None:
        self.app.open("statistics")

    def open_rules(self) -> None:
        self.app.open("rules")

    def open_settings(self) -> None:
        self.app.open("settings")

    def ask_quit(self) -> None:
        self.app.scenes.push(Dialog(self.app, "Quit Dominoes Arcade?", "See you at the table again soon.",
                                    [("Quit", self.app.quit), ("Stay", lambda: None)]))

    def back(self) -> None:
        self.ask_quit()

    # -- the scene -------------------------------------------------------------------
    def resume(self) -> None:
        self.idle = 0.0
        self.refresh()

    def handle(self, event: InputEvent) -> None:
        self.idle = 0.0
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.idle += dt
        if self.idle >= ATTRACT_SECONDS and not self.app.headless:
            self.idle = 0.0
            self.watch_demo(attract=True)

    def _build_art(self) -> None:
        style = self.app.style
        logo = style.shadow_text("DOMINOES ARCADE", TITLE, style.palette.text, offset=5)
        self._logo = logo
        art = self.app.tile_art
        self._decor = []
        spots = [(62, 70, 18, (6, 6)), (146, 128, -12, (1, 4)), (1218, 70, -16, (5, 3)), (1134, 128, 10, (2, 2))]
        for x, y, angle, (a, b) in spots:
            face = pygame.transform.rotozoom(art.face(a, b, 84), angle, 1.0)
            shadow = pygame.transform.rotozoom(art.shadow(84), angle, 1.0)
            self._decor.append((x, y, face, shadow))
        self._art_key = (art.theme.name, art.numbers)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.tile_art
        if self._logo is None or self._art_key != (art.theme.name, art.numbers):
            self._build_art()
        self.draw_background(surface)
        for index, (x, y, face, shadow) in enumerate(self._decor):
            bob = round(6 * self.bob * math.sin(self.time * 1.3 + index * 1.7))
            surface.blit(shadow, shadow.get_rect(center=(x + 6, y + 10)))
            surface.blit(face, face.get_rect(center=(x, y + bob)))
        surface.blit(self._logo, self._logo.get_rect(center=(WIDTH // 2, 92 + round(self.logo_drop))))
        names = " \u00b7 ".join(games.info(g).title for g in games.games())
        size = BODY + 1  # smaller when the games' names would reach the corner tiles
        while size > SMALL and self.app.style.font(size, True).size(names)[0] > WIDTH - 340:
            size -= 1
        sub = self.app.style.text(names, size, self.app.style.palette.accent, bold=True)
        surface.blit(sub, sub.get_rect(center=(WIDTH // 2, 158)))
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface)

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, "Choose"), (Intent.BACK, "Quit")]
