"""`TableScene`: what every game table shares (the table kit). It is a view and
input adapter over the game's `Session`, held as a part (``self.session``: the match,
its seats, the pacing of every seat, undo and redo, saving and the history, in
`dominoes_arcade.session`, which imports no pygame); a game's subclass draws it
and describes the human's decision (the contract in `interaction`).

The table tells its session one thing, whether it is busy animating (`advance`):
while its animations (``self.tweens``) or a `hold` run, the session holds the game
(`Session.poll`: the bot to move is still asked as soon as its seat is to move, so
the frame loop never waits for it); once they are done, the game moves on
(`Session.tick`: a chance outcome, any seat's move paced by `think_delay`, a
replay's next step, the end), or, while a human's seat is to move, waits for their
decision (`Picker`: mouse, keyboard or controller; when the session hands the turn
to another of two or more humans, `TurnChanged`, a "Pass to" screen comes first).

The table drains the session's events every time it calls it (`show_session`): a step
applied hands the engine's `Event`s to `on_events`, where a subclass starts its
animations (tweens on ``self.tweens``, sounds through ``self.app.audio``); undo, redo
and a replay's steps back rebuild the sprites (`on_rebuild`); the end opens the
game-over screen; a bot's failure and a file the disk refused are toasts. Because
the session waits for the tweens (all but show-only ones, ``hold=False``: a deal
cascading), animations never fall behind the game, and a click skips them.

The hooks a game's table implements (`hooks.TableHooks`): `choices`, `item_rects`,
`action_for`, `draw_table`, `draw_dragged`, `on_events`, `last_move_rect`,
`result_lines`, and `on_rebuild` when it keeps sprites. Every tile goes on screen
through `draw_tile`, which logs it in `render_log`; a seat's hidden tiles are drawn
face up only when `shows_hidden(seat)`, from the observation the table reads
(`seen`, whose view holds no tile that seat may not see). `hold(seconds)` keeps the game waiting
while a summary is shown. ``self.selected_source`` and ``self.dragged_source`` say
what the human has picked up. Input: PAUSE, BACK (nothing selected) and an unplugged
controller open the pause menu; UNDO, REDO and HINT are the kit's, MOVES and
scrolling the move log's (`move_log`, in a drawer at ``move_log_rect``); the rest goes
to the `Picker`, then to `handle_table`.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from ...engine import EVERY_SEAT, SPECTATOR, TERMINAL, Action, Event, IllegalAction, Observation
from ...remote.online_session import OnlineSession
from ...session import BotFailed, GameGone, GameOver, Notice, Rebuilt, RedoDone, StepApplied, TurnChanged, UndoDone
from .. import games
from ..input import InputEvent, Intent
from ..layout_check import note
from ..scene import SKIP_INTENTS, Scene
from . import TableSetup, table_class
from .analysis_marks import AnalysisMarks, MarkedDecision
from .hooks import TableHooks
from .interaction import Choice, Picker, draw_marks, hint_note, table_prompts
from .move_log import MoveLogDrawer
from .replay import ReplayControls
from .session_side import table_session

ATTRACT_IGNORES = frozenset({Intent.POINT, Intent.DRAG, Intent.RELEASE, Intent.DEVICE_ADDED})
"""Inputs that do not end an attract-mode demo (a nudged mouse is not a player)."""
GAME_OVER_SECONDS = 4.0
"""How long a finished demo shows its result before the next demo starts."""


class TableScene(TableHooks, Scene):
    name = "table"
    game_over_scene = True
    """Whether the kit's game-over screen opens at the end (a table that draws its own
    result sets it False)."""
    part_word: str | None = "Round"
    """What the game's parts are called, for the replay's button that skips to the
    end of one ("Round ▶▶"); None for a game played in one part, which gets none."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app)
        self.setup = setup
        self.session = self.new_session()
        """The game in play: whose turn, bots, undo, saving (`dominoes_arcade.session`)."""
        self._attract = False
        """An attract-mode demo started by an idle title screen: any press returns there."""
        self.ended_for = 0.0
        self.render_log: list[tuple[int, bool, int]] = []
        """(tile, face_up, seat) for every tile `draw_tile` drew this frame (cleared by `draw`)."""
        self.hold_left = 0.0
        """Seconds the game still waits for a summary on screen (`hold`)."""
        self._shown_version = -1
        """The session's version last drawn (`show_session`)."""
        humans = self.session.human_seats
        self.revealed_seat: int | None = humans[0] if len(humans) == 1 else None
        """The human whose hidden tiles may be drawn face up now (`shows_hidden`)."""
        self.last_shown_human: int | None = self.revealed_seat
        """In hot-seat, the human who last confirmed the pass screen."""
        self.turn_to_show: int | None = self.session.current_player
        """The seat the session last handed the turn to (`TurnChanged`; at first, the
        first seat to move), until the table, idle, has brought it to the screen."""
        self.picker = Picker(self)
        self.moves = MoveLogDrawer(self, self.move_log_rect)
        self._choices_for: int | None = None
        self._choices: list[Choice] = []
        self.analysis_marks = AnalysisMarks(app, self.session.values, self.values_refusal)
        self.replay = ReplayControls.for_table(self)

    @property
    def attract(self) -> bool:
        return self._attract

    @attract.setter
    def attract(self, value: bool) -> None:
        self._attract = value
        self.session.demo = self.setup.demo or value  # an attract demo is never saved

    # -- the session, as the table shows it ---------------------------------------------------
    def new_session(self):
        """The session of this table's game (`session_side.table_session`): online,
        a replay, or dealt here."""
        return table_session(self.setup, lambda: self.think_delay, lambda: self.app.duration_scale,
                             self.app.settings.bots)

    @property
    def online(self) -> bool:
        """An online game: the server decides it; nothing is saved here."""
        return isinstance(self.session, OnlineSession)

    @property
    def seen_seat(self) -> int | None:
        """Whose observation the table draws now: every seat's (`EVERY_SEAT`) in a
        replay and once the game is over (a finished game's record is public: the
        tables show every face then, as before); the human whose hand is shown
        (`revealed_seat`); else a spectator's (a bots' turn in hot-seat, a demo)."""
        if self.setup.record is not None or self.session.current_player == TERMINAL:
            return EVERY_SEAT
        return self.revealed_seat if self.revealed_seat is not None else SPECTATOR

    @property
    def seen(self) -> Observation:
        """What the table may draw now: the observation of `seen_seat`. Every
        screen reads the game through it (its ``view`` hides what the seat may not
        see), never through the full state."""
        return self.session.observation(self.seen_seat)

    @property
    def legal(self) -> tuple[Action, ...]:
        """The legal decisions of the human to move, from their own observation
        (ready while the hot-seat pass screen still hides their hand); () when no
        human here is to move."""
        seat = self.session.current_player
        if seat < 0 or not self.waiting_for_human:
            return ()
        return self.session.observation(seat).legal

    @property
    def waiting_for_human(self) -> bool:
        """A human's decision is to be made here (or, in a replay, the table
        describes the decision of the seat to move: `describes_seat_to_move`)."""
        return self.describes_seat_to_move or self.session.waiting_for_human

    @property
    def think_delay(self) -> float:
        """The least seconds between two moves of the seats that are not a human's
        (the settings' think delay, at the animation speed)."""
        return self.app.settings.bots.think_delay_ms / 1000 * self.app.duration_scale

    def seat_name(self, seat: int) -> str:
        """How the screens name a seat (``"Seat 2"``)."""
        return f"Seat {seat + 1}"

    @property
    def can_decide(self) -> bool:
        """A human may make the decision now: it is their turn, and in hot-seat
        they have confirmed the pass screen."""
        return (self.waiting_for_human and not self.session.ended and self.app.scenes.top is self
                and self.shows_hidden(self.seen.current_player))

    @property
    def is_over(self) -> bool:
        return self.session.ended and not self.tweens.busy

    def ask_hint(self) -> None:
        """The `hard` bot's choice for the human to move, computed off the frame loop."""
        if self.can_decide:
            self.session.ask_hint()

    @property
    def selected_source(self) -> Hashable | None:
        return self.picker.selected

    @property
    def dragged_source(self) -> Hashable | None:
        return self.picker.dragged_source

    def current_choices(self) -> list[Choice]:
        """`choices()` for the current decision, built once per state."""
        if self._choices_for != self.session.version:
            self._choices_for = self.session.version
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
        """Keep the game waiting `seconds` (scaled by the animation speed) while a
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
        note(surface, "tile", where, "tile")  # no badge covers it, no halo cuts it
        self.render_log.append((tile, face_up, seat))
        return where

    # -- the game moving on: the session decides, the table shows -----------------------
    def update(self, dt: float) -> None:
        if self.replay is not None:
            dt = self.replay.scale(dt)
        super().update(dt)
        if self.session.ended:
            self.ended_for += dt
            if (self.setup.demo and not self.game_over_scene and self.ended_for >= GAME_OVER_SECONDS
                    and not self.app.exit_when_over):
                self.next_demo()
            return
        self.summary_folded = self.summary_folded and self.summary_shown()
        self.advance(dt)
        self.show_session()
        if self.can_decide:
            self.picker.sync()  # a new decision puts the focus on its first source

    @property
    def busy_animating(self) -> bool:
        """The table still shows what happened (tweens that hold the game, a summary
        held on screen): all it tells its session, which holds the game meanwhile."""
        return self.hold_left > 0 or self.tweens.busy

    def stopped_words(self) -> str | None:
        """What the status line says of a game that can no longer go on here (an
        online game whose host left), instead of whose turn it is; else None."""
        return "The game has stopped" if self.session.gone else None

    def is_animating(self) -> bool:
        """Every frame while the game moves on (bots, chance, a summary held, a replay,
        a hint coming), not while it waits on another computer (an online player:
        a frame is drawn when the session changes); still while the human's decision
        waits with nothing moving."""
        waiting_here = not self.can_decide and not self.session.awaits_others
        return (super().is_animating() or waiting_here or self.hold_left > 0
                or self.session.hint_ticket is not None or self.picker.is_pulsing or self.session.values.computing)

    def advance(self, dt: float) -> None:
        """The game moves on in its session, the one place it does (`Session.tick`:
        chance, every seat's move paced, a replay's steps, the end), unless the
        table is busy animating: then the session holds the game (`Session.poll`: the
        bot to move keeps thinking) while a held summary counts down. Once idle, a
        turn the session handed on (`TurnChanged`) comes to the screen first."""
        if self.busy_animating:
            if self.hold_left > 0 and not self.summary_folded:
                self.hold_left = max(0.0, self.hold_left - dt)
            self.session.poll()
            return
        if self.turn_to_show is not None:
            self._show_turn(self.turn_to_show)
        self.session.tick(dt)

    def _show_turn(self, seat: int) -> None:
        """The turn went to `seat` (`TurnChanged`): a human's comes to the screen (the
        pass screen first in hot-seat, until they confirm it); at a bot's in hot-seat
        nobody's hand is shown."""
        if self.session.is_human(seat) and not self.session.is_over:
            if not self._turn_of_human(seat):
                return  # the pass screen is up: shown once they confirm it
        elif seat >= 0 and self.session.hot_seat:
            self.revealed_seat = None
        self.turn_to_show = None

    def _turn_of_human(self, seat: int) -> bool:
        """Whether `seat`'s human is at the screen now (else the pass screen opens)."""
        if not self.session.hot_seat or seat == self.revealed_seat:
            return True
        if seat == self.last_shown_human:
            self.revealed_seat = seat  # the same human again: nobody new is at the screen
            return True
        self.app.open("pass_device", self, seat)
        return False

    def reveal(self, seat: int) -> None:
        """`seat`'s human confirmed the pass screen: their hidden tiles may show."""
        self.revealed_seat = self.last_shown_human = seat

    def show_session(self) -> None:
        """Show what the session did: steps animated, rebuilds, toasts, the end."""
        if self.session.version != self._shown_version:  # a frame for it, animated or not
            self._shown_version = self.session.version
            self.app.request_frame()
        for event in self.session.drain():
            self.moves.log.follow(event)
            if isinstance(event, StepApplied):
                self.on_events(event.action, event.events)
            elif isinstance(event, TurnChanged):
                self.turn_to_show = event.seat
            elif isinstance(event, Rebuilt):
                self._rebuilt(event)
            elif isinstance(event, GameOver):
                self.on_game_over()
                if self.game_over_scene and self.replay is None:
                    self.app.open("game_over", self)
            elif isinstance(event, BotFailed):
                self.app.toast(f"{self.seat_name(event.seat)}'s bot failed ({event.error}); it plays a random move")
            elif isinstance(event, Notice):
                self.app.toast(event.text)
            elif isinstance(event, GameGone):
                self.app.open("dialog", event.title, event.text, [("Back to the title", self.app.to_title)])

    def _rebuilt(self, event: Rebuilt) -> None:
        self.tweens.clear()
        self.hold_left = 0.0
        self.ended_for = 0.0
        self.picker.reset()
        self.on_rebuild()
        if isinstance(event, UndoDone):
            self.app.audio.play("back")
        elif isinstance(event, RedoDone):
            self.app.audio.play("select")

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` for whoever is to move through the session (which checks
        it), and animate it."""
        events = self.session.apply(action)
        self.show_session()
        return events

    def play(self, action: Action) -> bool:
        """A human's choice: applied when the session takes it (`Session.play`, the
        client's one legality check), else refused with the engine's reason in the
        table's words (`illegal_reason`, said by `refuse`). Returns whether it was
        applied."""
        try:
            self.session.play(action)
        except IllegalAction:
            self.refuse(self.illegal_reason(action))
            return False
        self.show_session()
        return True

    # -- undo and rebuilding ---------------------------------------------------------
    def rebuild(self, step: int) -> None:
        """Lay the game at its first `step` steps, without events or animation."""
        self.session.rebuild(step)
        self.show_session()

    def undo(self) -> bool:
        """Back to the human's previous decision, unless a tile they could not see
        has been shown to them since; a toast says why not when it cannot."""
        reason = self.session.undo_refusal()
        if not self.session.undo():
            self.app.toast(reason or "Nothing to undo.")
            self.app.audio.play("back")
            return False
        self.show_session()
        return True

    def redo(self) -> bool:
        """Forward again to the human's next decision, through what undo took back."""
        if not self.session.redo():
            self.app.toast("Nothing to redo.")
            self.app.audio.play("back")
            return False
        self.show_session()
        return True

    # -- new games and leaving ---------------------------------------------------------
    def reopen(self, setup: TableSetup) -> TableScene:
        """Put a new table for `setup` in this one's place (closing its overlays): this
        game is given up, so it is not saved (and a save it came from is discarded)."""
        self.session.give_up()
        self.show_session()
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
        if self.online:  # the server's room is over: another is hosted or joined from the menu
            self.to_menu()
            return
        setup = self.setup
        self.reopen(TableSetup(setup.game, list(setup.seats), dict(setup.options), setup.seed + 1,
                               record=setup.record))

    def play_deal_again(self) -> None:
        """The same deal from its start: the same seats, variant and seed, so the
        same tiles come in the same order for the same decisions."""
        setup = self.setup
        self.reopen(TableSetup(setup.game, list(setup.seats), dict(setup.options), setup.seed))

    def let_bots_finish(self) -> None:
        """The hard bot takes over the human seats to the end (`Session.let_bots_finish`);
        the player watches their own hand played."""
        if self.session.hot_seat:
            self.revealed_seat = None  # several players' hands: none of them shows
        self.session.let_bots_finish()
        self.picker.reset()

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
        """The table closes: a game left before its end is saved (`Session.close`),
        with the hand it showed."""
        self.session.close(self.revealed_seat)
        self.show_session()

    # -- drawing and input ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.render_log.clear()
        self.draw_table(surface)
        draw_marks(self, surface)  # the analysis view's marks with them (`interaction.draw_marks`)
        if self.replay is not None:
            self.replay.draw(surface)
        self.moves.draw(surface)

    # -- the analysis view's part ------------------------------------------------------
    def values_refusal(self) -> str | None:
        """Why the analysis view's values cannot show at this table, or None."""
        if self.setup.online is not None:
            return "Move values are off in online games."
        if self.attract or (self.setup.demo and self.setup.record is None):
            return "Move values are for your own games and replays."
        return None

    def valued_decision(self) -> tuple[list[Choice], dict[Hashable, pygame.Rect]]:
        """The choices of the seat whose decision the analysis view values, and where
        their items are. A replay's table describes the decision of the seat to move
        (it shows every hand), as it would a player's."""
        if self.waiting_for_human:
            # Only to the player at the screen (in hot-seat, once the pass screen is confirmed).
            return (self.current_choices(), self.item_rects()) if self.can_decide else ([], {})
        if self.setup.record is None:
            return [], {}
        self.describes_seat_to_move = True
        try:
            return self.choices(), self.item_rects()
        finally:
            self.describes_seat_to_move = False

    def marked_decision(self) -> MarkedDecision:
        """What the analysis view's badges need of the table now (`AnalysisMarks.draw`)."""
        choices, rects = self.valued_decision()
        picker = self.picker
        return MarkedDecision(choices, rects, picker.selected, picker.pressed if picker.dragging else picker.selected,
                              self.can_decide, self.tweens.running, self.session.version, self.probe_table,
                              self.badge_spot, self.ring_spot)

    def probe_table(self, canvas) -> None:
        """Draw the table on `canvas` (one that notes what is drawn), leaving this
        frame's `render_log` as it was."""
        log = list(self.render_log)
        self.draw_table(canvas)
        self.render_log[:] = log

    def footer_note(self) -> tuple[str, tuple[int, int, int]] | None:
        return hint_note(self) or self.analysis_marks.legend()

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
        elif self.moves.handle(event) or self.analysis_marks.handle(event):
            return
        elif intent is Intent.HINT and self.summary_shown():
            self.toggle_summary()
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
            self.ask_hint()
        elif not self.picker.handle(event):
            self.handle_table(event)

    def open_pause(self) -> None:
        self.app.audio.play("back")
        if self.replay is not None:
            self.app.open("pause", self.setup.game, on_restart=self.replay.restart, watching=True,
                          values=self.analysis_marks)
            return
        if self.online:  # the server decides the game: no restart, no other deal, nothing saved
            told = self.session.told  # the record, its deal (seed) revealed at the end
            self.app.open("pause", self.setup.game, online=not self.session.ended, deal=told.seed if told else None)
            return
        own = self.session.keeps_games
        playing = own and not self.session.ended and bool(self.session.human_seats)
        self.app.open("pause", self.setup.game, on_restart=self.restart, deal=self.setup.seed if own else None,
                      on_same_deal=self.play_deal_again if own else None,
                      on_bots_finish=self.let_bots_finish if playing else None,
                      saved_when_left=own and not self.session.ended,
                      values=self.analysis_marks)

    def prompts(self) -> list[tuple[Intent, str]]:
        prompts = self.replay.prompts() if self.replay is not None else table_prompts(self)
        if self.online:  # no hints online (the footer's undo says it is off)
            prompts = [(intent, words) for intent, words in prompts if words != "Hint"]
        shown = self.moves.with_prompt(prompts)
        if all(intent is not Intent.MOVES for intent, _words in shown):
            # A refused undo's reason gives way to the Moves prompt ("Cannot undo": pressing U says why).
            shorter = [(intent, words.partition(":")[0] if intent is Intent.UNDO else words)
                       for intent, words in prompts]
            if shorter != prompts:
                shown = self.moves.with_prompt(shorter)
        return shown
