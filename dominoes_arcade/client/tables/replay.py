"""Replay controls: a record (or a tournament journal line) played back on its
game's table, every hand face up, with play/pause, step back and forward, speed
and a jump to the next round.

The controls belong to the table (`TableScene.replay`), not to a scene of their
own, so the table below keeps running while they are up: a bar of buttons for
the mouse at the bottom left, over the table, which fades out while the replay
plays untouched (any input, or a pause, brings it back), and keys or buttons:

- CONFIRM (Enter, Space, A): play or pause (at the end: watch again);
- LEFT / RIGHT: one step back / forward (back rebuilds the state from the steps
  before, without animation);
- UP / DOWN: faster / slower;
- PAGE_DOWN (Page Down, RB): on to the next hand or round (the steps before it
  silently, then its scoring step animated, so its summary shows), in a game that
  has them (the table's `part_word`: none in Necropolis);
- UNDO and PAGE_UP also step back;
- HINT (H, Y; the mouse clicks its footer prompt): "Play from here", taking the replay over
  at the current step (`take_over`): the player in a seat of their choice, bots in
  the others, the hidden tiles hidden again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from ...engine import TERMINAL
from ...engine.match import Match
from ...engine.records import ReplayError
from ...session import Session
from .. import gfx
from ..canvas import Canvas
from ..input import Intent
from ..layout_check import note
from ..theme import BODY, LARGE, SMALL
from . import TableSetup

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Playback speeds: they scale the table's clock (animations and pacing)."""
ROUND_ENDS = frozenset({"hand_scored", "round_over", "game_over"})
"""Event kinds that end a hand or a round: where "next round" stops."""
STEP_SECONDS = 0.45
"""The least time between two steps at 1x when the think delay is shorter (the
session's pacing of a replay: `step_delay`)."""
BAR = pygame.Rect(16, 720 - 48 - 76, 490, 70)
IDLE_SECONDS = 3.0
"""While playing, the bar fades out after this long without input."""
FADE_SECONDS = 0.4


def step_delay(think_delay: float, duration_scale: float) -> float:
    """The least seconds between two steps of a replay (its session's `think_delay`):
    the bots' think delay, but never under `STEP_SECONDS` at the animation speed."""
    return max(think_delay, STEP_SECONDS * duration_scale)


class ControlButton:
    """One clickable control on the bar."""

    def __init__(self, rect: pygame.Rect, label: Callable[[], str], on_press: Callable[[], None]):
        self.rect, self.label, self.on_press = rect, label, on_press


class ReplayControls:
    """The controls of a replay: they step the `session` through its record, and
    use the `table` showing it for its animations (``tweens``), the app, its result
    and `reopen` (taking over)."""

    @classmethod
    def for_table(cls, table) -> ReplayControls | None:
        """The controls of `table` when it replays a record, else None. A replay's
        controls take confirm and clicks themselves: they do not skip animations."""
        if table.setup.record is None:
            return None
        table.skip_on_input = False
        return cls(table, table.session)

    def __init__(self, table, session: Session):
        self.table = table
        self.session = session
        """The replay's session: its `RecordSeat`s play the record paced as any seat
        (`Session.tick`); these controls pause it, step it and scale the table's clock."""
        self.speed_index = SPEEDS.index(1.0)
        self.hidden = False
        """The bar is not drawn (under a review, which steps the table itself)."""
        self.idle = 0.0
        """Seconds without input (the bar hides while playing after `IDLE_SECONDS`)."""
        self._layer = Canvas(BAR.size, pygame.SRCALPHA)
        x = BAR.x + 8
        self.buttons: list[ControlButton] = []
        # Widths fit the longest label each button shows ("Speed 0.25x").
        part = table.part_word
        buttons = [(74, lambda: "\u25c0 Back", self.step_back),
                   (68, lambda: "Pause" if self.playing else "Play", self.toggle),
                   (74, lambda: "Step \u25b6", self.step_forward),
                   (136, lambda: f"Speed {self.speed_text}", self.faster)]
        if part is not None:  # a game in one part has no round to skip to
            buttons.append((108, lambda: f"{part} \u25b6\u25b6", self.next_round))
        for width, label, action in buttons:
            self.buttons.append(ControlButton(pygame.Rect(x, BAR.y + 30, width - 6, 32), label, action))
            x += width

    @property
    def record(self):
        return self.session.record

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def speed_text(self) -> str:
        return f"{self.speed:g}x"

    @property
    def at_end(self) -> bool:
        return self.session.current_player == TERMINAL or len(self.session.steps) >= len(self.record.steps)

    # -- driving -----------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """The replay plays on (the session's pacing steps it), else it is paused."""
        return not self.session.paused

    @playing.setter
    def playing(self, value: bool) -> None:
        self.session.paused = not value

    def scale(self, dt: float) -> float:
        """The table's clock at the chosen speed (called once a frame, with the
        real frame time: the bar's idle clock runs on it too)."""
        self.idle += dt
        return dt * self.speed

    @property
    def opacity(self) -> float:
        """How visible the bar is, 0..1: always while paused or at the end."""
        if not self.playing or self.at_end or self.session.error:
            return 1.0
        return max(0.0, min(1.0, 1.0 - (self.idle - IDLE_SECONDS) / FADE_SECONDS))

    def next_step(self) -> bool:
        """Apply the record's next step now (animated). False at its end or on a bad step."""
        stepped = self.session.next_record_step()
        self.table.show_session()
        return stepped

    def toggle(self) -> None:
        if self.at_end and not self.playing:
            self.restart()
            return
        self.playing = not self.playing

    def step_forward(self) -> None:
        self.playing = False
        self.table.tweens.skip()
        if not self.at_end:
            self.next_step()

    def step_back(self) -> None:
        self.playing = False
        if self.session.steps:
            self.table.rebuild(len(self.session.steps) - 1)

    def restart(self) -> None:
        self.table.rebuild(0)
        self.playing = True
        self.session.think_left = 0.0  # the first step at once, as when the replay opened

    def faster(self) -> None:
        """Cycle up through the speeds (the mouse's one button for it)."""
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def change_speed(self, by: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + by))

    def next_round(self) -> None:
        """Silently on to the step that ends the current hand or round, then that
        step animated (its events bring up the summary)."""
        table = self.table
        table.tweens.skip()
        if self.at_end:
            return
        # Find that step on a scratch match, so the table is rebuilt once, not step by step.
        start = len(self.session.steps)
        scratch = Match.from_record(self.record, at=start)
        quiet = start  # the steps to lay silently: up to the one that ends the hand or round
        while quiet < len(self.record.steps) - 1 and not scratch.is_over:
            try:
                events = scratch.play_step(self.record.steps[quiet])
            except ReplayError:
                break  # the bad step is reported when it is played
            if any(event.kind in ROUND_ENDS for event in events):
                break
            quiet += 1
        if quiet > start:
            table.rebuild(quiet)
        self.next_step()

    # -- taking over --------------------------------------------------------------------
    def ask_take_over(self) -> None:
        """Open the take-over screen (which seat, which bots) at the current step."""
        self.playing = False
        self.table.tweens.skip()
        if self.session.current_player == TERMINAL:
            self.table.app.toast("The game is over here: step back to play from an earlier move.")
            return
        self.table.app.open("take_over", self.table)

    def take_over(self, seat: int, bots: str) -> None:
        """Play on from the current step: the player in `seat`, `bots` in the others,
        the record's steps so far laid silently, what follows dealt from its seed."""
        record = self.record
        seats = [bots] * self.session.match.num_players
        seats[seat] = "human"
        start = dataclasses.replace(record, steps=list(self.session.steps), scores=None, error=None, extra={})
        seed = record.seed if isinstance(record.seed, int) else 0
        game = self.table.reopen(TableSetup(record.game, seats, dict(record.options), seed, start=start))
        game.skip_on_input = True  # a replay's table left clicks to its controls; a game's skip animations
        game.analysis_marks.set(self.table.analysis_marks.on)  # the values stay as they were

    # -- input and drawing ---------------------------------------------------------------
    def handle(self, event) -> bool:
        """Use `event` for the controls; True when used."""
        intent = event.intent
        hidden = self.opacity <= 0
        self.idle = 0.0
        if intent is Intent.PRESS and event.button == 1 and not hidden:
            for button in self.buttons:
                if button.rect.collidepoint(event.pos):
                    self.table.app.audio.play("select")
                    button.on_press()
                    return True
            return False
        actions = {Intent.CONFIRM: self.toggle, Intent.LEFT: self.step_back, Intent.RIGHT: self.step_forward,
                   Intent.UNDO: self.step_back, Intent.PAGE_UP: self.step_back, Intent.PAGE_DOWN: self.next_round,
                   Intent.UP: lambda: self.change_speed(1), Intent.DOWN: lambda: self.change_speed(-1),
                   Intent.HINT: self.ask_take_over}
        if self.table.part_word is None:
            del actions[Intent.PAGE_DOWN]  # no round to skip to
        action = actions.get(intent)
        if action is None:
            return False
        action()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        if self.hidden:
            return
        if (self.at_end or self.session.error) and not table.tweens.busy:
            self.draw_result(surface)
        opacity = self.opacity
        if opacity <= 0:
            return
        style = table.app.style
        p = style.palette
        layer = self._layer
        layer.fill((0, 0, 0, 0))
        local = BAR.move(-BAR.x, -BAR.y)
        gfx.rect(layer, (10, 24, 18, 225), local, border_radius=14)
        gfx.rect(layer, p.panel_border, local, width=2, border_radius=14)
        pointer = table.app.pointer
        for button in self.buttons:
            rect = button.rect.move(-BAR.x, -BAR.y)
            hover = pointer is not None and button.rect.collidepoint(pointer)
            gfx.rect(layer, p.button_focus if hover else p.button, rect, border_radius=9)
            if hover:
                gfx.rect(layer, p.accent, rect, width=2, border_radius=9)
            label = style.text(button.label(), SMALL, p.text, bold=True)
            layer.blit(label, label.get_rect(center=rect.center))
            note(layer, "badge", rect, "replay button")  # its label must fit it
        status = f"Replay \u00b7 move {len(self.session.steps)} of {len(self.record.steps)} \u00b7 {self.speed_text}"
        if not self.playing:
            status += " \u00b7 paused"
        text = style.text(status, SMALL, p.text_dim)
        layer.blit(text, (14, 6))
        if opacity < 1:
            layer.fill((255, 255, 255, round(255 * opacity)), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(layer, BAR.topleft)

    def draw_result(self, surface: pygame.Surface) -> None:
        """The game's result over the table, leaving the controls free (a replay
        can still step back from its end)."""
        style = self.table.app.style
        lines = self.table.result_lines()
        panel = pygame.Rect(0, 0, 640, 60 + 34 * len(lines))
        panel.center = (surface.get_width() // 2, 300)
        self.table.app.panels.draw(surface, panel, radius=20, alpha=250)  # opaque: over a summary too
        y = panel.y + 22
        for index, line in enumerate(lines):
            size = LARGE if index == 0 else BODY
            colour = style.palette.accent if index == 0 else style.palette.text
            text = style.text(line, size, colour, bold=index == 0)
            surface.blit(text, text.get_rect(midtop=(panel.centerx, y)))
            y += text.get_height() + 8

    def prompts(self) -> list[tuple[Intent, str]]:
        part = self.table.part_word
        skip = [(Intent.PAGE_DOWN, f"Next {part.lower()}")] if part else []
        return [(Intent.CONFIRM, "Pause" if self.playing else "Play"), (Intent.LEFT, "Step"), (Intent.UP, "Speed"),
                *skip, (Intent.HINT, "Play from here"), (Intent.PAUSE, "Menu")]
