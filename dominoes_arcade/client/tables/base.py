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
"""

from __future__ import annotations

import random

from ...engine import Action, Event, game_options, new_game
from ...engine.records import parse_step, step_text
from ..input import InputEvent, Intent
from ..scene import Scene
from . import TableSetup

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
        if not self.tweens.busy:
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

    # -- hooks for each game's table -------------------------------------------------
    def on_events(self, action: Action, events: list[Event]) -> None:
        """Start animations and sounds for what `action` did."""

    def on_game_over(self) -> None:
        """The game just ended: show the result."""

    def handle_table(self, event: InputEvent) -> None:
        """Input that is not pause or back: choosing tiles and moves."""

    # -- input -----------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if self.attract and event.intent not in ATTRACT_IGNORES:
            self.app.scenes.pop()
        elif event.intent in (Intent.PAUSE, Intent.BACK, Intent.DEVICE_LOST):
            self.open_pause()
        else:
            self.handle_table(event)

    def open_pause(self) -> None:
        from ..scenes.pause import PauseScene

        self.app.audio.play("back")
        self.app.scenes.push(PauseScene(self.app, self.setup.game))
