"""The placeholder table: stands in for every game whose real table is not built
yet, and says so on screen. It plays the rules engine as text: the seats and
scores, the steps so far in record notation, and for a human seat the legal
moves as buttons (any device works: they sit on the usual focus system).
"""

from __future__ import annotations

import re

import pygame

from ...engine import Action
from ...engine.tiles import HIGH, LOW
from ..app import LOGICAL_SIZE
from ..focus import FocusGroup
from ..input import InputEvent, Intent
from ..theme import BODY, LARGE, SMALL
from ..widgets import Button
from . import SEAT_LABELS, TableSetup
from .base import TableScene

WIDTH, HEIGHT = LOGICAL_SIZE
PAGE_SIZE = 12
COLUMNS = 3
LOG_LINES = 13
SHORT_LOG_LINES = 4
TILE_NAME = re.compile(r"\b\d-\d\b")
SEAT_ROW = 44


class ActionButton(Button):
    """A legal move: its notation, and the tile it moves when it moves one."""

    def __init__(self, rect, action: Action, on_press, art):
        super().__init__(rect, action.text, on_press, size=BODY)
        self.action = action
        self.art = art

    def draw(self, surface, style) -> None:
        face = self.draw_body(surface, style)
        x = face.x + 28
        if 0 <= self.action.tile:
            tile = self.art.face(LOW[self.action.tile], HIGH[self.action.tile], 56, horizontal=True)
            surface.blit(tile, tile.get_rect(midleft=(x, face.centery)))
            x += tile.get_width() + 10
        label = style.text(self.label, SMALL + 2, self.text_colour(style), bold=True)
        surface.blit(label, label.get_rect(midleft=(x, face.centery)))


class PlaceholderTable(TableScene):
    name = "table"
    game_over_scene = False  # it shows the result and its own buttons

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        self.focus = FocusGroup(sound=app.audio.play)
        self.page = 0
        self.log: list[tuple[str, str]] = []
        """(who, what) for each step, with tiles no human here may see masked."""
        self.log_slide = 0.0
        """Pixels the newest log line still has to slide up (tweened to 0)."""
        self._built_for = None
        self.title = self._title()

    def _title(self) -> str:
        from ..games import info

        name = info(self.state.game).title
        return f"Replay: {name}" if self.setup.record is not None else f"{name}: placeholder table"

    # -- widgets -----------------------------------------------------------------------
    def _rebuild(self) -> None:
        key = (len(self.steps), self.page, self.ended)
        if key == self._built_for:
            return
        self._built_for = key
        # Keep the focus on the same move (or page button) when it is still there;
        # a fresh turn otherwise starts on its first move, not on Pause.
        focused = self.focus.focused
        keep = focused.label if focused is not None and focused.label != "Pause" else None
        self.focus.clear()
        self.focus.add(Button((WIDTH - 184, 34, 152, 52), "Pause", self.open_pause, size=BODY))
        if self.ended:
            again = "Next demo" if self.setup.demo else "Play again"
            self.focus.add(Button((560, 560, 300, 64), again, self.restart))
            self.focus.add(Button((880, 560, 300, 64), "Back to title", self.to_title))
            self.focus.focus(self.focus.widgets[1])
        elif self.waiting_for_human:
            actions = self.state.legal_actions()
            pages = max(1, -(-len(actions) // PAGE_SIZE))
            self.page = min(self.page, pages - 1)
            shown = actions[self.page * PAGE_SIZE:(self.page + 1) * PAGE_SIZE]
            for index, action in enumerate(shown):
                row, column = divmod(index, COLUMNS)
                rect = (424 + column * 276, 400 + row * 60, 262, 50)
                self.focus.add(ActionButton(rect, action, self._chooser(action), self.app.tile_art))
            if pages > 1:
                self.focus.add(Button((1010, 352, 110, 40), "\u25c0 Prev", lambda: self.turn_page(-1), size=SMALL))
                self.focus.add(Button((1130, 352, 110, 40), "Next \u25b6", lambda: self.turn_page(1), size=SMALL))
            if len(self.focus.widgets) > 1:
                self.focus.focus(self.focus.widgets[1])
        for widget in self.focus.widgets:
            if keep and widget.label == keep and widget.can_focus:
                self.focus.focus(widget)

    def _chooser(self, action: Action):
        return lambda: self.play(action)

    def turn_page(self, by: int) -> None:
        self.page = max(0, self.page + by)
        self._built_for = None

    def restart(self) -> None:
        from . import open_table

        if self.setup.demo:
            self.next_demo()
            return
        setup = TableSetup(self.setup.game, list(self.setup.seats), dict(self.setup.options), self.setup.seed + 1,
                           record=self.setup.record)
        open_table(self.app, setup, replace=True)

    def to_title(self) -> None:
        from ..scenes.title import TitleScene

        self.app.scenes.pop_until(lambda scene: isinstance(scene, TitleScene))
        if not self.app.scenes:
            self.app.scenes.push(TitleScene(self.app))

    # -- the game ------------------------------------------------------------------------
    def on_events(self, action, events) -> None:
        actor, _, move = self.steps[-1].partition(" ")
        humans = {seat for seat in range(self.state.num_players) if self.is_human(seat)}
        hidden = [event for event in events if not event.face_up and event.tile >= 0]
        if humans and hidden and all(event.seat not in humans for event in hidden):
            move = TILE_NAME.sub("?-?", move)  # a bot's private tile: the humans at this screen must not see it
        self.log.append(("chance" if actor == "*" else f"seat {int(actor) + 1}", move))
        kinds = {event.kind for event in events}
        if kinds & {"game_over", "round_over", "hand_over"}:
            self.app.audio.play("win" if "game_over" in kinds else "score")
        elif kinds & {"place", "play", "hide", "set", "stack"}:
            self.app.audio.play("clack")
        elif kinds & {"draw", "deal", "hand", "line"}:
            self.app.audio.play("draw")
        if actor != "*":  # decisions slide in; chance steps (a whole deal) run a frame each
            self.log_slide = 26.0
            self.tweens.tween(self, 0.18, easing="out_cubic", log_slide=0.0)
        self.page = 0

    def on_game_over(self) -> None:
        self._built_for = None

    def on_rebuild(self) -> None:
        del self.log[len(self.steps):]  # one line per step: undo drops the lines of the undone ones
        self._built_for = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._rebuild()
        self.focus.update(dt)

    def handle_table(self, event: InputEvent) -> None:
        self._rebuild()
        if self.focus.handle(event):
            return
        if event.intent is Intent.PAGE_DOWN:
            self.turn_page(1)
        elif event.intent is Intent.PAGE_UP:
            self.turn_page(-1)

    # -- drawing ---------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        surface.blit(style.background(LOGICAL_SIZE), (0, 0))
        banner = pygame.Rect(20, 16, WIDTH - 40, 90)
        self.app.panels.draw(surface, banner, radius=18)
        surface.blit(style.text(self.title, LARGE + 2, p.text, bold=True), (banner.x + 24, banner.y + 12))
        note = ("Replaying a game record as text: the animated table arrives in the next issue (part 2)."
                if self.setup.record is not None else
                "Placeholder: the real table arrives in the next issue (part 2). This stand-in plays the rules "
                "engine as text.")
        for i, line in enumerate(style.wrap(note, banner.width - 230, SMALL)):
            surface.blit(style.text(line, SMALL, p.accent), (banner.x + 24, banner.y + 50 + i * 20))
        self._draw_seats(surface)
        self._draw_log(surface)
        if self.ended:
            self._draw_result(surface)
        elif self.waiting_for_human:
            seat = self.state.current_player
            heading = style.text(f"Seat {seat + 1}, your move:", LARGE, p.accent, bold=True)
            surface.blit(heading, (424, 356))
        self.focus.draw(surface, style)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        panel = pygame.Rect(20, 124, 380, 530)
        self.app.panels.draw(surface, panel)
        surface.blit(style.text("Seats", LARGE, p.text, bold=True), (panel.x + 20, panel.y + 14))
        scores = self.state.scores()
        lower = "lower" if not self.state.higher_score_wins else "higher"
        surface.blit(style.text(f"score ({lower} wins)", SMALL, p.text_dim), (panel.right - 190, panel.y + 22))
        row_height = min(SEAT_ROW, (panel.height - 70) // max(1, self.state.num_players))
        for seat in range(self.state.num_players):
            y = panel.y + 60 + seat * row_height
            turn = seat == self.state.current_player
            if turn:
                pygame.draw.rect(surface, (60, 110, 84), (panel.x + 10, y - 4, panel.width - 20, row_height - 4),
                                 border_radius=8)
                pygame.draw.polygon(surface, p.accent, [(panel.x + 18, y + 4), (panel.x + 30, y + 14),
                                                        (panel.x + 18, y + 24)])
            name = f"Seat {seat + 1} \u00b7 {SEAT_LABELS.get(self.seat_kind(seat), self.seat_kind(seat))}"
            surface.blit(style.text(name, BODY, p.text, bold=turn), (panel.x + 40, y + 2))
            score = style.text(str(scores[seat]), BODY, p.accent if turn else p.text, bold=True)
            surface.blit(score, score.get_rect(topright=(panel.right - 24, y + 2)))

    def _draw_log(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        tall = not self.waiting_for_human and not self.ended
        panel = pygame.Rect(416, 124, WIDTH - 436, 530 if tall else 214)
        self.app.panels.draw(surface, panel)
        surface.blit(style.text(f"Steps ({len(self.steps)})", LARGE, p.text, bold=True), (panel.x + 20, panel.y + 14))
        lines = LOG_LINES if tall else SHORT_LOG_LINES
        shown = self.log[-lines:]
        clip = surface.get_clip()
        surface.set_clip(panel.inflate(-8, -8))
        y0 = panel.y + 56 + round(self.log_slide)
        for index, (who, move) in enumerate(shown):
            newest = index == len(shown) - 1
            colour = p.text if newest else p.text_dim
            y = y0 + index * 34
            surface.blit(style.text(who, BODY, p.accent if newest else p.text_dim, bold=newest), (panel.x + 24, y))
            surface.blit(style.text(move, BODY, colour, bold=newest), (panel.x + 150, y))
        surface.set_clip(clip)

    def _draw_result(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        panel = pygame.Rect(416, 352, WIDTH - 436, 302)
        self.app.panels.draw(surface, panel, alpha=230)
        outcome = self.state.outcome()
        if self.error:
            lines = ["The record cannot be replayed to the end:", self.error]
        elif outcome is None:
            lines = ["The game stopped."]
        else:
            if outcome.is_draw:
                headline = "A draw"
            else:
                headline = " and ".join(f"Seat {w + 1}" for w in outcome.winners) + " wins"
            lines = [headline, f"because {outcome.termination.value}.",
                     "Scores: " + ", ".join(str(s) for s in outcome.scores)]
        y = panel.y + 28
        for i, line in enumerate(lines):
            for part in style.wrap(line, panel.width - 60, LARGE if i == 0 else BODY):
                text = style.text(part, LARGE + 6 if i == 0 else BODY, p.accent if i == 0 else p.text, bold=i == 0)
                surface.blit(text, text.get_rect(midtop=(panel.centerx, y)))
                y += text.get_height() + 6

    def prompts(self) -> list[tuple[Intent, str]]:
        if self.tweens.busy:
            return [(Intent.CONFIRM, "Skip"), (Intent.PAUSE, "Pause")]
        prompts = [(Intent.PAUSE, "Pause")]
        if self.waiting_for_human and len(self.state.legal_actions()) > PAGE_SIZE:
            prompts.insert(0, (Intent.PAGE_DOWN, "More moves"))
        if self.waiting_for_human or self.ended:
            prompts.insert(0, (Intent.CONFIRM, "Choose"))
        return prompts
