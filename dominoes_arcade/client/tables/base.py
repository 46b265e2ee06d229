"""`TableScene`: what every game table shares. It owns the engine state and
drives the game; subclasses draw it and turn the player's input into actions.

The driver, each update, once the table's animations (``self.tweens``) are done:

- a chance node: one outcome sampled from ``self.rng`` (seeded by the setup);
- a bot's seat: after the think delay (``[bots] think_delay_ms``, scaled by the
  animation speed), the bot's choice (`choose_for_bot`);
- a human's seat: nothing; the subclass calls `play(action)` when they choose;
- a record being replayed: its next step, after the think delay.

Every applied action goes through `apply`, which records the step and hands the
engine's `Event`s to `on_events`, where a subclass starts its animations (tweens
on ``self.tweens``, sounds through ``self.app.audio``). Because the driver waits
for the tweens, animations never fall behind the game, and a click skips them.

PAUSE, BACK and an unplugged controller open the pause menu; every other input
goes to `handle_table`.

The hooks a game's table implements (the contract of `interaction`): `choices`,
`item_rects`, `action_for`, `draw_table`, `draw_dragged`, `on_events`,
`last_move_rect`, `result_lines`. Every tile goes on screen through `draw_tile`,
which logs it in `render_log`, and a seat's hidden tiles are drawn face up only
when `shows_hidden(seat)`. `hold(seconds)` keeps the driver waiting while a
summary is shown.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pygame

from ...engine import Action, Event, game_options, new_game
from ...engine.records import parse_step, step_text
from ..input import InputEvent, Intent
from ..scene import Scene
from . import TableSetup
from .interaction import Choice

ATTRACT_IGNORES = frozenset({Intent.POINT, Intent.DRAG, Intent.RELEASE, Intent.DEVICE_ADDED})
"""Inputs that do not end an attract-mode demo (a nudged mouse is not a player)."""
GAME_OVER_SECONDS = 4.0
"""How long a finished demo shows its result before the next demo starts."""


class TableScene(Scene):
    name = "table"

    def __init__(self, app, setup: TableSetup):
        super().__init__(app)
        self.setup = setup
        if setup.record is not None:
            self.state = new_game(setup.record.game, options=setup.record.options)
        else:
            options = dict(setup.options)
            if "players" in game_options(setup.game):
                options["players"] = setup.players
            self.state = new_game(setup.game, options=options)
        self.rng = random.Random(setup.seed)
        self.steps: list[str] = []
        """Every step applied so far, in record notation (``"0 draw"``, ``"* 3-4"``)."""
        self.think_left = self.think_delay
        self.ended = False
        self.ended_for = 0.0
        self.error: str | None = None
        self.attract = False
        """An attract-mode demo started by an idle title screen: any press returns there."""
        self.render_log: list[tuple[int, bool, int]] = []
        """(tile, face_up, seat) for every tile `draw_tile` drew this frame (cleared by `draw`)."""
        self.hold_left = 0.0
        """Seconds the driver still waits for a summary on screen (`hold`)."""
        humans = [seat for seat in range(len(setup.seats)) if self.is_human(seat)]
        self.revealed_seat: int | None = humans[0] if len(humans) == 1 else None
        """The human whose hidden tiles may be drawn face up now (`shows_hidden`)."""

    # -- seats ---------------------------------------------------------------------
    def seat_kind(self, seat: int) -> str:
        if self.setup.record is not None:
            return "record"
        return self.setup.seats[seat] if 0 <= seat < len(self.setup.seats) else "medium"

    def is_human(self, seat: int) -> bool:
        return self.seat_kind(seat) == "human"

    @property
    def waiting_for_human(self) -> bool:
        seat = self.state.current_player
        return seat >= 0 and self.is_human(seat) and not self.state.is_terminal

    @property
    def think_delay(self) -> float:
        return self.app.settings.bots.think_delay_ms / 1000 * self.app.duration_scale

    @property
    def is_over(self) -> bool:
        return self.ended and not self.tweens.busy

    # -- the driver ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ended:
            self.ended_for += dt
            if self.setup.demo and self.ended_for >= GAME_OVER_SECONDS and not self.app.exit_when_over:
                self.next_demo()
            return
        if self.hold_left > 0:
            self.hold_left = max(0.0, self.hold_left - dt)
        elif not self.tweens.busy:
            self.advance(dt)

    def advance(self, dt: float) -> None:
        state = self.state
        if state.is_terminal or self.error:
            self.ended = True
            self.on_game_over()
            return
        if self.setup.record is not None:
            self.think_left -= dt
            if self.think_left <= 0:
                self.think_left = self.think_delay
                self._replay_next()
        elif state.is_chance:
            self.apply(state.sample_chance(self.rng))
        elif not self.is_human(state.current_player):
            self.think_left -= dt
            if self.think_left <= 0:
                self.think_left = self.think_delay
                self.apply(self.choose_for_bot(state.current_player))

    def _replay_next(self) -> None:
        record = self.setup.record
        if len(self.steps) >= len(record.steps):
            self.error = record.error or "the record stops before the end of the game"
            return
        text = record.steps[len(self.steps)]
        try:
            action = parse_step(self.state, text)
            events = self.state.apply(action)
        except ValueError as error:
            self.error = f"step {len(self.steps) + 1} \"{text}\": {error}"
            return
        self.steps.append(text)
        self.on_events(action, events)

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` (checked by the engine), record it and animate it."""
        text = step_text(self.state, action)
        events = self.state.apply(action)
        self.steps.append(text)
        self.on_events(action, events)
        return events

    def play(self, action: Action) -> bool:
        """A human's choice: applied when it is legal for the seat to move, else
        refused with a short sound. Returns whether it was applied."""
        if not self.waiting_for_human or action not in self.state.legal_actions():
            self.app.audio.play("back")
            return False
        self.apply(action)
        self.think_left = self.think_delay
        return True

    def choose_for_bot(self, seat: int) -> Action:
        """The bot's decision for `seat`. Uniformly random from the seeded rng
        until the bots are wired in (the bot of each difficulty is named in
        ``[bots]`` of config.toml)."""
        return self.rng.choice(self.state.legal_actions())

    def next_demo(self) -> None:
        """Start the next demo game (a new seed) in place of this one."""
        from . import open_table

        setup = TableSetup(self.setup.game, list(self.setup.seats), dict(self.setup.options),
                           self.setup.seed + 1, demo=True)
        table = open_table(self.app, setup, replace=True)
        table.attract, table.skip_on_input = self.attract, self.skip_on_input

    # -- hidden information and pacing ----------------------------------------------
    def shows_hidden(self, seat: int) -> bool:
        """Whether `seat`'s hidden tiles (hand, mastabas) may be drawn face up now:
        every seat in a replay; the human at the screen (in hot-seat, the one who
        confirmed the pass screen); nobody in a bot-only demo."""
        if self.setup.record is not None:
            return True
        return seat >= 0 and seat == self.revealed_seat

    def hold(self, seconds: float) -> None:
        """Keep the driver waiting `seconds` (scaled by the animation speed) while a
        summary is on screen; a click or confirm ends the wait early."""
        self.hold_left = max(self.hold_left, seconds * self.app.duration_scale)

    def draw_tile(self, surface: pygame.Surface, tile: int, rect_or_pos, length: int, *, face_up: bool,
                  seat: int, horizontal: bool = False, owner: int | None = None,
                  flipped: bool = False) -> pygame.Rect:
        """Draw engine `tile` face up, or its back, and log it in `render_log`.

        :param rect_or_pos: a `pygame.Rect` to centre the tile in, or the (x, y) of
            its top-left corner.
        :param length: the tile's long side in pixels (`TileArt` sizes).
        :param face_up: show the face; a tile of -1 (unknown) is always a back.
        :param seat: the seat whose hidden tile this is (its hand, its mastabas), or
            -1 for a tile everyone sees. Draw a seat's tile face up only when
            `shows_hidden(seat)`: the tests check every logged tile against it.
        :param owner: the set the tile belongs to (Build Up's colours), for its body.
        :returns: where it was drawn.
        """
        art = self.app.tile_art
        face_up = face_up and tile >= 0
        if face_up:
            image = art.tile(tile, length, horizontal=horizontal, owner=owner, flipped=flipped)
        else:
            image = art.back(length, horizontal=horizontal, owner=owner)
        if isinstance(rect_or_pos, pygame.Rect):
            where = image.get_rect(center=rect_or_pos.center)
        else:
            where = image.get_rect(topleft=(round(rect_or_pos[0]), round(rect_or_pos[1])))
        surface.blit(image, where)
        self.render_log.append((tile, face_up, seat))
        return where

    def seat_name(self, seat: int) -> str:
        """How the screens name a seat (``"Seat 2"``)."""
        return f"Seat {seat + 1}"

    # -- hooks for each game's table -------------------------------------------------
    def choices(self) -> list[Choice]:
        """The human's current decision, one `Choice` per legal action (built from
        ``self.state.legal_actions()``); [] when no human is to move."""
        return []

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        """Where every source and target is now on the 1280x720 canvas, including
        targets that are not legal now (so a drop there is refused with a reason)."""
        return {}

    def action_for(self, source: Hashable, target: Hashable | None) -> Action | None:
        """The engine action a drop of `source` on `target` means, legal or not;
        None when it means nothing."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the game (the kit draws highlights and overlays above it)."""
        surface.blit(self.app.style.background(surface.get_size()), (0, 0))

    def draw_dragged(self, surface: pygame.Surface, source: Hashable, pos: tuple[int, int]) -> None:
        """Draw `source` being dragged, centred at `pos`: by default the tile its
        first choice moves, face up (the dragging human's own tile)."""
        for choice in self.choices():
            if choice.source == source and choice.action.tile >= 0:
                self.draw_tile(surface, choice.action.tile, pygame.Rect(pos[0], pos[1], 0, 0), 72, face_up=True,
                               seat=self.state.current_player)
                return

    def last_move_rect(self) -> pygame.Rect | None:
        """Where the last move landed, for the last-move marker."""
        return None

    def result_lines(self) -> list[str]:
        """The game-over summary: the headline (who won), then the scores."""
        outcome = self.state.outcome()
        if self.error:
            return ["The record cannot be replayed to the end:", self.error]
        if outcome is None:
            return ["The game stopped."]
        if outcome.is_draw:
            headline = "A draw"
        else:
            names = " and ".join(self.seat_name(w) for w in outcome.winners)
            headline = f"{names} {'wins' if len(outcome.winners) == 1 else 'win'}"
        scores = ", ".join(f"{self.seat_name(seat)} {score}" for seat, score in enumerate(outcome.scores))
        return [headline, f"because {outcome.termination.value}.", f"Scores: {scores}"]

    def on_events(self, action: Action, events: list[Event]) -> None:
        """Start animations and sounds for what `action` did."""

    def on_game_over(self) -> None:
        """The game just ended: show the result."""

    def handle_table(self, event: InputEvent) -> None:
        """Input that is not pause or back: choosing tiles and moves."""

    # -- drawing and input ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.render_log.clear()
        self.draw_table(surface)

    def handle(self, event: InputEvent) -> None:
        if self.attract and event.intent not in ATTRACT_IGNORES:
            self.app.scenes.pop()
        elif event.intent in (Intent.PAUSE, Intent.BACK, Intent.DEVICE_LOST):
            self.open_pause()
        elif self.hold_left > 0 and event.intent in (Intent.CONFIRM, Intent.PRESS):
            self.hold_left = 0.0
        else:
            self.handle_table(event)

    def open_pause(self) -> None:
        from ..scenes.pause import PauseScene

        self.app.audio.play("back")
        self.app.scenes.push(PauseScene(self.app, self.setup.game))
