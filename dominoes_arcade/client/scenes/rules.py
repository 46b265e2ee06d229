"""Rules: each game's rules document (dominoes_arcade/rules/GAME.md), rendered
from its Markdown and scrollable with any device.

Left and right (or the tabs, or the shoulders) switch game; up and down scroll a
few lines, Page Up / Page Down a page; the mouse wheel, dragging the text and
dragging the scroll bar scroll too. A game whose document is not written yet
says so instead.
"""

from __future__ import annotations

import pygame

from ...rules import rules_text
from .. import games, gfx
from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..markdown import layout, parse
from ..theme import BODY, LARGE
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
BODY_RECT = pygame.Rect(60, 150, 1160, 448)
TEXT_INSET = 28
LINE_STEP = 64
WHEEL_STEP = 72
FADE = 26
FADE_COLOUR = (9, 24, 18)
SCROLL_EASE = 14.0
"""How quickly the shown position catches up with the target (per second)."""


def rules_markdown(game: str) -> str:
    try:
        return rules_text(game)
    except (FileNotFoundError, OSError):
        title = games.info(game).title
        return f"# {title}\n\nThe rules of {title} are not written up yet."


class Tab(Button):
    """A game's tab: marked with an underline bar and bold when it is the one shown."""

    def __init__(self, rect, label, on_press, scene, game):
        super().__init__(rect, label, on_press, size=BODY)
        self.scene = scene
        self.game = game

    def draw(self, surface, style) -> None:
        face = self.draw_body(surface, style)
        room = self.label_room(face)
        size = self.label_size(style)
        lines = [self.label]
        if style.font(size, True).size(self.label)[0] > room.width:  # six games' tabs: a long name on two lines
            lines = style.wrap(self.label, room.width, size, bold=True)[:2]
        rendered = [style.text(line, size, self.text_colour(style), bold=True) for line in lines]
        y = face.centery - sum(text.get_height() for text in rendered) // 2 - (2 if len(lines) > 1 else 0)
        for text in rendered:
            where = text.get_rect(midtop=(face.centerx, y))
            if where.x < room.x:  # centred, it would touch the focus marker: centred right of it
                where.centerx = room.centerx
            surface.blit(text, where)
            y += text.get_height() - 2
        if self.scene.game == self.game:
            gfx.rect(surface, style.palette.accent, (face.x + 18, face.bottom - 9, face.width - 36, 5),
                             border_radius=2)


class RulesScene(MenuScene):
    title = "Rules"
    name = "rules"

    def __init__(self, app, game: str | None = None):
        self.game = game or games.games()[0]
        self.scroll = 0.0
        self.target = 0.0
        self.dragging: str | None = None
        self._layouts: dict[str, object] = {}
        self._fade_pair = None
        super().__init__(app)

    def build(self) -> None:
        names = games.games()
        width = min(240, (BODY_RECT.width - (len(names) - 1) * 16) // len(names))
        x = WIDTH // 2 - (len(names) * width + (len(names) - 1) * 16) // 2
        for game in names:
            tab = Tab((x, 82, width, 50), games.info(game).title, self._shower(game), self, game)
            self.focus.add(tab)
            if game == self.game:
                self.focus.focus(tab)
            x += width + 16
        self.focus.add(Button((60, 612, 220, 52), "Back", self.back))

    def _shower(self, game: str):
        return lambda: self.show(game)

    # -- content -----------------------------------------------------------------------
    @property
    def content(self):
        found = self._layouts.get(self.game)
        if found is None:
            found = layout(parse(rules_markdown(self.game)), BODY_RECT.width - 2 * TEXT_INSET - 24, self.app.style)
            self._layouts[self.game] = found
        return found

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content.height - (BODY_RECT.height - 2 * TEXT_INSET))

    def show(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.scroll = self.target = 0.0
        for widget in self.focus.widgets:
            if isinstance(widget, Tab) and widget.game == game:
                self.focus.focus(widget)

    def switch(self, by: int) -> None:
        names = games.games()
        self.show(names[(names.index(self.game) + by) % len(names)])
        self.app.audio.play("move")

    def scroll_by(self, pixels: float) -> None:
        self.target = min(self.max_scroll, max(0.0, self.target + pixels))

    # -- input -------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        intent = event.intent
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.switch(-1 if intent is Intent.LEFT else 1)
        elif intent in (Intent.UP, Intent.DOWN):
            self.scroll_by(-LINE_STEP if intent is Intent.UP else LINE_STEP)
        elif intent in (Intent.PAGE_UP, Intent.PAGE_DOWN):
            page = BODY_RECT.height - 80
            self.scroll_by(-page if intent is Intent.PAGE_UP else page)
        elif intent is Intent.SCROLL:
            self.scroll_by(-event.amount * WHEEL_STEP)
        elif intent is Intent.PRESS and event.button == 1 and self._bar_area().collidepoint(event.pos):
            self.dragging = "bar"
            self._scroll_to_bar(event.pos[1])
        elif intent is Intent.PRESS and event.button == 1 and BODY_RECT.collidepoint(event.pos):
            self.dragging = "text"
        elif intent is Intent.DRAG and self.dragging == "bar":
            self._scroll_to_bar(event.pos[1])
        elif intent is Intent.DRAG and self.dragging == "text":
            self.scroll_by(-event.rel[1])
            self.scroll = self.target
        elif intent is Intent.RELEASE:
            self.dragging = None
            self.focus.handle(event)
        elif intent is Intent.CONFIRM and isinstance(self.focus.focused, Button) and \
                not isinstance(self.focus.focused, Tab):
            self.focus.handle(event)
        elif intent is Intent.CONFIRM:
            self.scroll_by(BODY_RECT.height - 80)  # confirm on a tab reads on, like a page turn
        elif intent is Intent.BACK:
            self.back()
        else:
            self.focus.handle(event)

    def _bar_area(self) -> pygame.Rect:
        return pygame.Rect(BODY_RECT.right - 30, BODY_RECT.y + 10, 24, BODY_RECT.height - 20)

    def _scroll_to_bar(self, y: int) -> None:
        area = self._bar_area()
        fraction = (y - area.y) / max(1, area.height)
        self.target = min(self.max_scroll, max(0.0, fraction * self.max_scroll))
        self.scroll = self.target

    def update(self, dt: float) -> None:
        super().update(dt)
        self.target = min(self.target, self.max_scroll)
        gap = self.target - self.scroll
        self.scroll = self.target if abs(gap) < 0.5 else self.scroll + gap * min(1.0, dt * SCROLL_EASE)

    def is_animating(self) -> bool:
        """Tweens, or the text easing to where it was scrolled."""
        return super().is_animating() or self.scroll != self.target

    # -- drawing -----------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, 42)
        self.app.panels.draw(surface, BODY_RECT)

    def draw(self, surface: pygame.Surface) -> None:
        style = self.app.style
        self.blit_static(surface)
        content = self.content
        inner = BODY_RECT.inflate(-2 * TEXT_INSET, -2 * TEXT_INSET)
        clip = surface.get_clip()
        surface.set_clip(BODY_RECT.inflate(-6, -6))
        top = round(self.scroll)
        for y, x, line in content.visible(top - 40, top + inner.height + 40):
            surface.blit(line, (inner.x + x, inner.y + y - top))
        surface.set_clip(clip)
        # Soft edges where the text runs under the panel's rim.
        fades = self._fades()
        if top > 0:
            surface.blit(fades[0], (BODY_RECT.x + 6, BODY_RECT.y + 6))
        if top < self.max_scroll:
            surface.blit(fades[1], (BODY_RECT.x + 6, BODY_RECT.bottom - 6 - FADE))
        if self.max_scroll > 0:
            area = self._bar_area()
            gfx.rect(surface, (20, 30, 26), area, border_radius=8)
            visible = inner.height / max(1, content.height)
            knob_height = max(40, round(area.height * visible))
            knob_y = area.y + round((area.height - knob_height) * (self.scroll / self.max_scroll))
            colour = style.palette.accent if self.dragging == "bar" else (200, 196, 180)
            gfx.rect(surface, colour, (area.x + 3, knob_y, area.width - 6, knob_height), border_radius=6)
            percent = round(100 * self.scroll / self.max_scroll)
            where = style.text(f"{percent}%", BODY, style.palette.text_dim)
            surface.blit(where, where.get_rect(midright=(BODY_RECT.right, 638)))
        self.focus.draw(surface, style)
        hint = style.text(f"{games.info(self.game).title}: {games.players_text(self.game)}", LARGE - 4,
                          style.palette.text_dim)
        surface.blit(hint, hint.get_rect(center=(WIDTH // 2, 638)))

    def _fades(self) -> tuple[pygame.Surface, pygame.Surface]:
        if self._fade_pair is None:
            top = pygame.Surface((BODY_RECT.width - 44, FADE), pygame.SRCALPHA)
            for y in range(FADE):
                gfx.line(top, (*FADE_COLOUR, round(235 * (1 - y / FADE))), (0, y), (top.get_width(), y))
            self._fade_pair = (top, pygame.transform.flip(top, False, True))
        return self._fade_pair

    def prompts(self) -> list[tuple[Intent, str]]:
        return [(Intent.LEFT, "Game"), (Intent.DOWN, "Scroll"), (Intent.PAGE_DOWN, "Page"), (Intent.BACK, "Back")]
