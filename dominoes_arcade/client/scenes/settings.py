"""Settings: full screen, animation speed, sound, effects and music volumes, tile theme, numbers on tiles and
controller button labels. Each change applies at once (the preview shows the
tiles and prompts as they will look); leaving the screen saves the keys the
player changed to the user config file, which loads next time (`prefs`).
"""

from __future__ import annotations

import pygame

from ...config import ANIMATION_SPEEDS, BUTTON_LABELS
from ..app import LOGICAL_SIZE
from ..input import Intent
from ..prompts import draw_glyph, prompt_label
from ..theme import LARGE, SMALL
from ..tile_art import THEMES
from ..tween import SPEED_SCALES
from ..widgets import Button, ChoiceList, Slider, Toggle
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
LEFT_X, TOP, ROW_WIDTH, ROW, GAP = 60, 104, 660, 48, 8
PREVIEW = pygame.Rect(760, 104, 460, 486)

SPEED_ORDER = ("off", *sorted((v for v in ANIMATION_SPEEDS if v != "off"), key=lambda v: -SPEED_SCALES[v]))
"""Animation speeds from none to the quickest (the setting's values)."""
THEME_HELP = {"classic": "Ivory tiles with black pips on green felt; Build Up's second set is red.",
              "colourblind": "Colour-blind safe: Okabe-Ito pips and sets told apart by lightness and shape.",
              "midnight": "Dark tiles with light pips on midnight-blue felt; Build Up's second set is light."}
SPEED_TEXT = {"off": "Off (instant)", "fast": "Fast", "normal": "Normal", "slow": "Slow"}
LABEL_TEXT = {"auto": "Automatic", "xbox": "Xbox (A B X Y)", "playstation": "PlayStation (shapes)",
              "nintendo": "Nintendo (B A Y X)"}


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


class SettingsScene(MenuScene):
    title = "Settings"
    name = "settings"

    def __init__(self, app):
        self.initial = {section: dict(app.settings.values[section]) for section in ("display", "audio", "controls")}
        super().__init__(app)

    def build(self) -> None:
        s = self.app.settings
        rows = [
            Toggle(self._row(0), "Full screen", self.app.fullscreen, self._setter("display", "fullscreen"),
                   help="F11 or Alt+Enter switches at any time."),
            ChoiceList(self._row(1), "Animation speed", [(v, SPEED_TEXT[v]) for v in SPEED_ORDER],
                       s.display.animation_speed, self._setter("display", "animation_speed"),
                       help="How fast tiles move. A click or confirm always skips an animation."),
            Toggle(self._row(2), "Sound", s.audio.enabled, self._setter("audio", "enabled"),
                   help="Music, and the clacks, draws and fanfares of play."),
            Slider(self._row(3), "Effects volume", s.audio.volume, 0.0, 1.0, 0.1, self._setter("audio", "volume"),
                   format=percent, help="How loud the clacks, draws and fanfares are."),
            Slider(self._row(4), "Music volume", s.audio.music_volume, 0.0, 1.0, 0.1,
                   self._setter("audio", "music_volume"), format=percent,
                   help="How loud the music is. At 0% there is no music."),
            ChoiceList(self._row(5), "Tile theme", [(name, theme.label) for name, theme in THEMES.items()],
                       s.display.theme, self._set_theme, help=THEME_HELP.get(s.display.theme, "")),
            Toggle(self._row(6), "Numbers on tiles", s.display.numbers_on_tiles,
                   self._setter("display", "numbers_on_tiles"), help="Print each half's number beside its pips."),
            ChoiceList(self._row(7), "Button labels", [(v, LABEL_TEXT[v]) for v in BUTTON_LABELS],
                       s.controls.button_labels, self._setter("controls", "button_labels"),
                       help="Which names controller buttons get in the prompts."),
        ]
        for widget in rows:
            self.focus.add(widget)
        self.focus.add(Button((LEFT_X, TOP + 8 * (ROW + GAP) + 14, 300, 58), "Back", self.back,
                              help="Save and go back."))

    @staticmethod
    def _row(index: int) -> tuple[int, int, int, int]:
        return (LEFT_X, TOP + index * (ROW + GAP), ROW_WIDTH, ROW)

    def _set_theme(self, value: str) -> None:
        self.app.change_setting("display", "theme", value)
        for widget in self.focus.widgets:
            if widget.label == "Tile theme":
                widget.help = THEME_HELP.get(value, "")  # the help describes the theme chosen

    def _setter(self, section: str, key: str):
        def set_value(value) -> None:
            self.app.change_setting(section, key, value)
        return set_value

    def changes(self) -> dict[str, dict]:
        """The keys whose values differ from when the screen opened."""
        out: dict[str, dict] = {}
        for section, before in self.initial.items():
            now = self.app.settings.values[section]
            changed = {key: now[key] for key in before if now[key] != before[key]}
            if changed:
                out[section] = changed
        return out

    def exit(self) -> None:
        self.app.save_settings(self.changes())

    def static_key(self) -> tuple:
        art = self.app.tile_art
        return (self.app.style.theme, art.theme.name, art.numbers, self.app.button_family)

    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, 52)
        self._draw_preview(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface, HEIGHT - 82)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        art = self.app.tile_art
        self.app.panels.draw(surface, PREVIEW)
        surface.blit(style.text("Preview", LARGE, p.text, bold=True), (PREVIEW.x + 22, PREVIEW.y + 14))
        x, y = PREVIEW.x + 34, PREVIEW.y + 66
        for a, b in ((1, 3), (5, 5), (2, 6), (4, 9)):
            surface.blit(art.shadow(120), (x - 6 + 3, y - 6 + 5))
            surface.blit(art.face(a, b, 120), (x, y))
            x += 78
        surface.blit(art.back(120), (x, y))
        y += 140
        caption = style.text("Build Up's two sets, face up and face down", SMALL, p.text_dim)
        surface.blit(caption, (PREVIEW.x + 24, y))
        y += 30
        for owner in (0, 1):
            x = PREVIEW.x + 34
            surface.blit(art.face(3, 4, 100, horizontal=True, owner=owner), (x, y))
            surface.blit(art.back(100, horizontal=True, owner=owner), (x + 112, y))
            label = style.text(f"Seat {owner + 1}'s set", SMALL, p.text)
            surface.blit(label, label.get_rect(midleft=(x + 230, y + 25)))
            y += 60
        y += 10
        caption = style.text("Controller prompts", SMALL, p.text_dim)
        surface.blit(caption, (PREVIEW.x + 24, y))
        y += 36
        family = self.app.button_family
        x = PREVIEW.x + 40
        from ..input import Device

        for intent, words in ((Intent.CONFIRM, "Choose"), (Intent.BACK, "Back"), (Intent.HINT, "Hint"),
                              (Intent.UNDO, "Undo")):
            rect = draw_glyph(surface, prompt_label(intent, Device.CONTROLLER, family), (x + 15, y), style)
            text = style.text(words, SMALL)
            surface.blit(text, text.get_rect(midleft=(rect.right + 8, y)))
            x = rect.right + 16 + text.get_width()

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.LEFT, "Change"), (Intent.CONFIRM, "Choose"), (Intent.BACK, "Save and back")]
