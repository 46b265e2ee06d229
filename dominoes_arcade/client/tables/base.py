"""`TableScene`: what every game table shares (the table kit). It drives the
game's `Match` (the engine's one driver: state, steps, chance, undo); a game's
subclass draws it and describes the human's decision (the contract in
`interaction`).

The driver, each update, once the table's animations (``self.tweens``) and any
`hold` are done:

- a chance node: the match's next outcome (its `Deck`, shuffled from the setup's
  seed as `simulate` and the tournament deal; or the record being replayed);
- a bot's seat: the bot thinks in the `bot_worker` (asked as soon as the seat is
  to move, animations or not, so the frame loop never waits for it), and its
  choice is applied at least `think_delay` after the previous move;
- a human's seat: nothing until they decide (`Picker`: mouse, keyboard or
  controller); with two or more humans a "Pass to" screen comes first;
- a record being replayed: its next step, paced by the replay controls.

Every applied action goes through `apply`, which records the step and hands the
engine's `Event`s to `on_events`, where a subclass starts its animations (tweens
on ``self.tweens``, sounds through ``self.app.audio``). Because the driver waits
for the tweens (all but show-only ones, ``hold=False``: a deal cascading), animations
never fall behind the game, and a click skips them.

The hooks a game's table implements (`hooks.TableHooks`): `choices`, `item_rects`,
`action_for`, `draw_table`, `draw_dragged`, `on_events`, `last_move_rect`,
`result_lines`, and `on_rebuild` when it keeps sprites (undo and redo, `undo`, and a
replay's steps back rebuild the state without events). Every tile goes on screen
through `draw_tile`, which logs it in `render_log`; a seat's hidden tiles are drawn
face up only when `shows_hidden(seat)`. `hold(seconds)` keeps the driver waiting
while a summary is shown. ``self.selected_source`` and ``self.dragged_source`` say
what the human has picked up. A game left unfinished is saved, a finished one goes
into the history (`keeping`). Input: PAUSE, BACK (nothing selected) and an unplugged
controller open the pause menu; UNDO, REDO and HINT are the kit's; the rest goes to
the `Picker`, then to `handle_table`.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Hashable

import pygame

from ...engine import Action, Event, game_options
from ...engine.match import Match
from .. import games
from ..input import InputEvent, Intent
from ..scene import SKIP_INTENTS, Scene
from . import TableSetup, keeping, table_class
from .bot_seats import BotSeats
from .hooks import TableHooks
from .interaction import Choice, Picker, draw_marks, hint_note, table_prompts
from .replay import ReplayControls
from .undo import UndoRedo

ATTRACT_IGNORES = frozenset({Intent.POINT, Intent.DRAG, Intent.RELEASE, Intent.DEVICE_ADDED})
"""Inputs that do not end an attract-mode demo (a nudged mouse is not a player)."""
GAME_OVER_SECONDS = 4.0
"""How long a finished demo shows its result before the next demo starts."""
_TABLE_KEYS = itertools.count(1)


class TableScene(TableHooks, Scene):
    name = "table"
    game_over_scene = True
    """Whether the kit's game-over screen opens at the end (a table that draws its own
    result sets it False)."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app)
        self.setup = setup
        self.key = next(_TABLE_KEYS)
        """This table's bots in the worker."""
        self.kinds = list(setup.seats)
        """Each seat's kind as the game began (a save and the history keep these,
        even after the bots finish the game for the humans)."""
        self.match = self.new_match()
        if setup.start is not None:  # a saved game continued, a replay taken over
            keeping.lay_steps(self.match, setup.start.steps)
        self.rng = random.Random(setup.seed)
        """Only for the random move of a bot that failed (a decision: chance is the match's)."""
        self.undo_redo = UndoRedo(self)
        self._human_steps: tuple[int, list[int]] = (-1, [])
        self.decision_version = 0
        """Bumped whenever the state changes: selections, hints and bot answers
        belong to one version."""
        self.think_left = self.think_delay
        self.ended = False
        self.ended_for = 0.0
        self.error: str | None = None
        self.attract = False
        self.given_up = False
        """Set by `reopen`: a game the player gave up for another is not saved."""
        """An attract-mode demo started by an idle title screen: any press returns there."""
        self.render_log: list[tuple[int, bool, int]] = []
        """(tile, face_up, seat) for every tile `draw_tile` drew this frame (cleared by `draw`)."""
        self.hold_left = 0.0
        """Seconds the driver still waits for a summary on screen (`hold`)."""
        humans = self.human_seats
        self.revealed_seat: int | None = humans[0] if len(humans) == 1 else None
        """The human whose hidden tiles may be drawn face up now (`shows_hidden`)."""
        self.last_shown_human: int | None = self.revealed_seat
        """In hot-seat, the human who last confirmed the pass screen."""
        self.picker = Picker(self)
        self.bots = BotSeats(self)
        self._choices_for: int | None = None
        self._choices: list[Choice] = []
        self.replay = None
        if setup.record is not None:
            self.replay = ReplayControls(self)
            self.skip_on_input = False  # a replay's controls use confirm and clicks themselves

    def new_match(self) -> Match:
        """A match at the start of this table's game: following the record being
        replayed, or dealt from the setup's seed."""
        setup = self.setup
        if setup.record is not None:
            return Match.from_record(setup.record)
        options = dict(setup.options)
        if "players" in game_options(setup.game):
            options["players"] = setup.players
        return Match(setup.game, options=options, seed=setup.seed)

    @property
    def state(self):
        """The full engine state (drawn only as `shows_hidden` allows)."""
        return self.match.state

    @property
    def steps(self) -> list[str]:
        """Every step applied so far, in record notation (``"0 draw"``, ``"* 3-4"``)."""
        return self.match.steps

    # -- seats ---------------------------------------------------------------------
    def seat_kind(self, seat: int) -> str:
        if self.setup.record is not None:
            return "record"
        return self.setup.seats[seat] if 0 <= seat < len(self.setup.seats) else "medium"

    def is_human(self, seat: int) -> bool:
        return self.seat_kind(seat) == "human"

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat in range(len(self.setup.seats)) if self.is_human(seat)]

    @property
    def human_steps(self) -> list[int]:
        """Indexes in `steps` of the humans' decisions (undo goes back to them)."""
        if self._human_steps[0] != self.decision_version:
            decided = [index for index, step in enumerate(self.steps)
                       if not step.startswith("*") and self.is_human(int(step.split()[0]))]
            self._human_steps = (self.decision_version, decided)
        return self._human_steps[1]

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen."""
        return len(self.human_seats) > 1

    def seat_name(self, seat: int) -> str:
        """How the screens name a seat (``"Seat 2"``)."""
        return f"Seat {seat + 1}"

    @property
    def waiting_for_human(self) -> bool:
        seat = self.state.current_player
        return seat >= 0 and self.is_human(seat) and not self.state.is_terminal

    @property
    def can_decide(self) -> bool:
        """A human may make the decision now: it is their turn, and in hot-seat
        they have confirmed the pass screen."""
        return (self.waiting_for_human and not self.ended and self.app.scenes.top is self
                and self.shows_hidden(self.state.current_player))

    @property
    def think_delay(self) -> float:
        return self.app.settings.bots.think_delay_ms / 1000 * self.app.duration_scale

    @property
    def is_over(self) -> bool:
        return self.ended and not self.tweens.busy

    @property
    def hint(self) -> Action | None:
        """The hard bot's suggestion for the human's decision (`ask_hint`), until they move."""
        return self.bots.hint

    @property
    def hint_ticket(self) -> int | None:
        return self.bots.hint_ticket

    @property
    def bot_ticket(self) -> int | None:
        """The question to the bot to move, while it thinks."""
        return self.bots.ticket

    def ask_hint(self) -> None:
        """The `hard` bot's choice for the human to move, computed off the frame loop."""
        self.bots.ask_hint()

    @property
    def selected_source(self) -> Hashable | None:
        return self.picker.selected

    @property
    def dragged_source(self) -> Hashable | None:
        return self.picker.dragged_source

    def current_choices(self) -> list[Choice]:
        """`choices()` for the current decision, built once per state."""
        if self._choices_for != self.decision_version:
            self._choices_for = self.decision_version
            self._choices = self.choices() if self.waiting_for_human else []
        return self._choices

    # -- hidden information and pacing ----------------------------------------------
    def shows_hidden(self, seat: int) -> bool:
        """Whether `seat`'s hidden tiles (hand, mastabas) may be drawn face up now:
        every seat in a replay; the human at the screen (in hot-seat, the one who
        confirmed the pass screen, while it is their turn); nobody in a bot-only demo."""
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

    # -- the driver ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.replay is not None:
            dt = self.replay.scale(dt)
        super().update(dt)
        if self.ended:
            self.ended_for += dt
            if (self.setup.demo and not self.game_over_scene and self.ended_for >= GAME_OVER_SECONDS
                    and not self.app.exit_when_over):
                self.next_demo()
            return
        self.bots.ask_for_move()
        self.bots.collect_hint()
        if self.hold_left > 0:
            self.hold_left = max(0.0, self.hold_left - dt)
        elif not self.tweens.busy:
            self.advance(dt)
        if self.can_decide:
            self.picker.sync()  # a new decision puts the focus on its first source

    def advance(self, dt: float) -> None:
        state = self.state
        if state.is_terminal or self.error:
            self.finish()
        elif self.replay is not None:
            self.replay.advance(dt)
        elif state.is_chance:
            self._record(*self.match.resolve_chance())
        elif self.is_human(state.current_player):
            self._turn_of_human(state.current_player)
        else:
            if self.hot_seat:
                self.revealed_seat = None  # a bot's turn: nobody's hand is shown
            self.think_left -= dt
            if self.think_left <= 0:
                decision = self.bots.move_decision()
                if decision is not None:
                    action = decision.action
                    if action is None or action not in state.legal_actions():
                        self.app.toast(f"{self.seat_name(state.current_player)}'s bot failed "
                                       f"({decision.error}); it plays a random move")
                        action = self.rng.choice(state.legal_actions())
                    self.apply(action)
                    self.think_left = self.think_delay

    def _turn_of_human(self, seat: int) -> None:
        if not self.hot_seat or seat == self.revealed_seat:
            return
        if seat == self.last_shown_human:
            self.revealed_seat = seat  # the same human again: nobody new is at the screen
            return
        self.app.open("pass_device", self, seat)

    def reveal(self, seat: int) -> None:
        """`seat`'s human confirmed the pass screen: their hidden tiles may show."""
        self.revealed_seat = self.last_shown_human = seat

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` through the match (which checks it), note a human's
        decision and animate it."""
        if self.state.current_player >= 0:
            self.undo_redo.deciding(self.state.current_player)
        events = self.match.apply(action)
        self._record(action, events)
        return events

    def _record(self, action: Action, events: list[Event]) -> None:
        self.undo_redo.played(action)
        self._changed()
        self.on_events(action, events)

    def _changed(self) -> None:
        self.decision_version += 1
        self.bots.state_changed()

    def play(self, action: Action) -> bool:
        """A human's choice: applied when it is legal for the seat to move, else
        refused with a short sound. Returns whether it was applied."""
        if not self.waiting_for_human or action not in self.state.legal_actions():
            self.app.audio.play("back")
            return False
        self.apply(action)
        self.think_left = self.think_delay
        return True

    def finish(self) -> None:
        """The game is over: show the result (the kit's game-over screen)."""
        self.ended = True
        keeping.record_finished(self)
        self.bots.game_over()
        self.on_game_over()
        if self.game_over_scene and self.replay is None:
            self.app.open("game_over", self)

    # -- undo and rebuilding ---------------------------------------------------------
    def rebuild(self, step: int) -> None:
        """Lay the game at its first `step` steps, without events or animation: back
        through `Match.undo_to`, or on along the record being replayed."""
        if step <= len(self.steps):
            self.match.undo_to(step)
        else:
            self.match.advance_script(step)
        self.tweens.clear()
        self.hold_left = 0.0
        self.ended, self.ended_for, self.error = False, 0.0, None
        self.bots.rebuilt()
        self.picker.reset()
        self._changed()
        self.on_rebuild()

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or None when it is (`undo.UndoRedo`)."""
        return self.undo_redo.refusal()

    def undo(self) -> bool:
        """Back to the human's previous decision, unless a tile they could not see
        has been shown to them since; a toast says why not when it cannot."""
        return self.undo_redo.undo()

    def redo(self) -> bool:
        """Forward again to the human's next decision, through what undo took back."""
        return self.undo_redo.redo()

    # -- new games and leaving ---------------------------------------------------------
    def reopen(self, setup: TableSetup) -> TableScene:
        """Put a new table for `setup` in this one's place (closing its overlays): this
        game is given up, so it is not saved (and a save it came from is discarded)."""
        keeping.give_up(self)
        self.app.scenes.pop_until(lambda scene: scene is self)
        # The same game keeps this table's class (a subclass in use stays in use).
        cls = type(self) if setup.game == self.setup.game else table_class(setup.game)
        table = cls(self.app, setup)
        self.app.scenes.replace(table)
        table.attract, table.skip_on_input = self.attract, self.skip_on_input
        return table

    def restart(self) -> None:
        """Play again: the same seats and variant, the next seed (a replay starts over)."""
        if self.setup.demo:
            self.next_demo()
            return
        setup = self.setup
        self.reopen(TableSetup(setup.game, list(self.kinds), dict(setup.options), setup.seed + 1,
                               record=setup.record))

    def play_deal_again(self) -> None:
        """The same deal from its start: the same seats, variant and seed, so the
        same tiles come in the same order for the same decisions."""
        setup = self.setup
        self.reopen(TableSetup(setup.game, list(self.kinds), dict(setup.options), setup.seed))

    def let_bots_finish(self) -> None:
        """Bots take over the human seats to the end (the opponents' difficulty,
        else medium); the player watches their own hand played."""
        bot = next((kind for kind in self.setup.seats if kind != "human"), "medium")
        if self.hot_seat:
            self.revealed_seat = None  # several players' hands: none of them shows
        self.setup = dataclasses.replace(self.setup, seats=[bot if k == "human" else k for k in self.setup.seats])
        self.undo_redo.forget()
        self.picker.reset()
        self._changed()

    def next_demo(self) -> None:
        """The next demo: bots play the next game of the menu (they cycle), a new seed."""
        names = games.games()
        game = names[(names.index(self.setup.game) + 1) % len(names)] if self.setup.game in names else names[0]
        bots = [kind for kind in self.setup.seats if kind != "human"]
        low, _high = games.player_range(game)
        self.reopen(TableSetup(game, [bots[0] if bots else "medium"] * low, self.app.settings.game(game),
                               self.setup.seed + 1, demo=True))

    def to_menu(self) -> None:
        """Leave the table for the title screen (the menu)."""
        self.app.to_title()

    def exit(self) -> None:
        """The table closes: a game left before its end is saved (`keeping`)."""
        self.bots.forget(hint=True)
        keeping.save_in_progress(self)

    # -- drawing and input ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.render_log.clear()
        self.draw_table(surface)
        draw_marks(self, surface)
        if self.replay is not None:
            self.replay.draw(surface)

    def footer_note(self) -> tuple[str, tuple[int, int, int]] | None:
        return hint_note(self)

    def receive(self, event: InputEvent) -> None:
        """A click or confirm also finishes the show that does not hold the game (a
        deal cascading, a count-up); it acts too when a human has a decision to make."""
        if (self.skip_on_input and event.intent in SKIP_INTENTS and self.tweens.running
                and not self.tweens.busy):
            self.tweens.skip()
            if not self.can_decide:
                return
        super().receive(event)

    def handle(self, event: InputEvent) -> None:
        intent = event.intent
        if self.attract and intent not in ATTRACT_IGNORES:
            self.app.scenes.pop()
        elif self.hold_left > 0 and intent in (Intent.CONFIRM, Intent.PRESS):
            self.hold_left = 0.0
        elif self.replay is not None and self.replay.handle(event):
            return
        elif intent is Intent.BACK and self.picker.selected is not None:
            self.picker.handle(event)
        elif intent in (Intent.PAUSE, Intent.BACK, Intent.DEVICE_LOST):
            self.open_pause()
        elif intent is Intent.UNDO:
            self.undo()
        elif intent is Intent.REDO:
            self.redo()
        elif intent is Intent.HINT:
            self.bots.ask_hint()
        elif not self.picker.handle(event):
            self.handle_table(event)

    def open_pause(self) -> None:
        self.app.audio.play("back")
        if self.replay is not None:
            self.app.open("pause", self.setup.game, on_restart=self.replay.restart, watching=True)
            return
        own = keeping.keeps_games(self)
        playing = own and not self.ended and bool(self.human_seats)
        self.app.open("pause", self.setup.game, on_restart=self.restart, deal=self.setup.seed if own else None,
                      on_same_deal=self.play_deal_again if own else None,
                      on_bots_finish=self.let_bots_finish if playing else None)

    def prompts(self) -> list[tuple[Intent, str]]:
        if self.replay is not None:
            return self.replay.prompts()
        return table_prompts(self)
