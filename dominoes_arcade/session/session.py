"""`Session`: one game in play, whoever plays it and whatever shows it. No pygame:
the client's tables, a server and analysis tools all drive it.

This is the one place where a game moves on. A session owns the game's `Match`
(state, steps, chance), its seats (`seats`: a human here, a bot, a remote player,
a script, a record), the pacing of every seat that is not a human's (`tick`: a
bot's answer, a script's move and a replay's next step alike wait `think_delay`
after the previous move), the one legality check of a human's move (`play`), undo
and redo by what the player has seen (`undo`), saving and the history
(`keeping`). It decides whose turn it is (`TurnChanged`); its view renders it and
turns input into intents:

    session = Session("necropolis", ["human", "easy"], seed=7, think_delay=0.6)
    while True:                       # the view's frame loop
        if busy_animating:
            session.poll()            # hold the game; the bot to move keeps thinking
        else:
            session.tick(dt)          # chance, a seat's move once paced, a remote's move, the end
        for event in session.drain(): # StepApplied, TurnChanged, UndoDone, GameOver...
            ...                       # animate it, toast it
        if session.waiting_for_human:
            session.play(action)      # the human's intent (checked: IllegalAction)

A view that animates holds the game by calling `poll` instead of `tick` (the bot
to move keeps thinking meanwhile, off the loop, in the `bot_worker`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

from .. import config, history
from ..engine import CHANCE, Action, Event, IllegalAction, game_options
from ..engine.core import State
from ..engine.match import Match
from ..engine.records import Record
from . import keeping
from .base import SessionBase
from .bot_seats import BotSeats
from .bot_worker import BotWorker
from .events import ActionRefused, BotFailed, GameOver, Rebuilt, SessionEvent, StepApplied, TurnChanged
from .move_values import MoveValues
from .seats import BotSeat, RecordSeat, RemoteSeat, ScriptedSeat, Seat, seat_for
from .undo import UndoRedo

_KEYS = itertools.count(1)
FINISHING_BOT = "hard"
"""The difficulty that plays a human's seat when they let the bot finish: the best
the client has, so the game ends as well as it can for them."""


class Session(SessionBase):
    """A game in play.

    :param game: a registered game's name.
    :param seats: each seat's player, seat 0 first: a `Seat`, or its kind
        (``"human"``, a difficulty or bot spec, ``"remote"``); ignored when replaying.
    :param options: the game's variant table (``players`` is the number of seats).
    :param seed: deals the tiles (as `simulate` and the tournament deal) and seeds
        the bots.
    :param record: a record to replay: its steps are the game, every seat a
        `RecordSeat` (`tick` plays the next step once paced, `next_record_step` at
        once; `paused` holds them).
    :param start: steps already played (a saved game continued, a replay taken over),
        laid silently before play goes on (`keeping.lay_steps`).
    :param laid_start: the `start` was played for the seats, not by them (a lesson's
        short game taken up part way in): undo never goes back into it.
    :param demo: bots only, for show: a finished demo goes into the history marked,
        and nothing is saved.
    :param continued: the saved game, continued: finishing or giving it up discards
        the save.
    :param assisted: the move values were shown before the game was saved (the saved
        game's ``assisted``): they still count (`assisted`).
    :param think_delay: the least seconds between the move of a seat that is not a
        human's (a bot, a script, the record replayed) and the previous move (a
        number, or a function read at each move: the view's speed setting).
    :param bot_settings: the settings' ``[bots]`` (or the same table as a dict), which
        turns a difficulty into a bot spec (`bots.difficulty_spec`); by default
        config.toml's defaults. A `BotSeat` may also name a bot spec itself.
    :param worker: the `BotWorker` bots think in (by default the shared one).
    :param folder: where the save and the history are written (by default the
        user's data directory).
    :raises UnknownGame, OptionError, ValueError: as `Match` does, or a `start` step
        the rules refuse.
    """

    def __init__(self, game: str, seats: Sequence[Seat | str] = (), options: dict | None = None, seed: int = 1, *,
                 record: Record | None = None, start: Sequence[str] | Record | None = None, demo: bool = False,
                 continued: bool = False, think_delay: float | Callable[[], float] = 0.0,
                 bot_settings: Any = None, worker: BotWorker | None = None, folder: Path | None = None,
                 key: Hashable | None = None, laid_start: bool = False, assisted: bool = False):
        self.game, self.seed, self.record = game, seed, record
        self.demo, self.continued, self.folder = demo, continued, folder
        self.bot_settings = bot_settings if bot_settings is not None else config.defaults()["bots"]
        self.key = key if key is not None else ("session", next(_KEYS))
        """This session's bots in the worker."""
        self._think_delay = think_delay
        if record is not None:
            self.match = Match.from_record(record)
            self.seats: list[Seat] = [RecordSeat() for _ in range(self.match.num_players)]
        else:
            options = dict(options or {})
            if "players" in game_options(game):
                options["players"] = len(seats)
            self.match = Match(game, options=options, seed=seed)
            self.seats = [seat_for(seat) for seat in seats]
            if len(self.seats) != self.match.num_players:
                raise ValueError(f"{game} is played by {self.match.num_players} seats, not {len(self.seats)}")
        self.kinds = [seat.kind for seat in self.seats]
        """Each seat's kind as the game began (a save and the history keep these, even
        after the bots finish the game for the humans)."""
        if start is not None:
            keeping.lay_steps(self.match, start.steps if isinstance(start, Record) else start)
        if laid_start:
            self.first_own_step = len(self.match.steps)
        self.rng = random.Random(seed)
        """Only for the random move of a bot that failed (a decision: chance is the match's)."""
        self.version = 0
        """Bumped whenever the state changes: selections, hints and bot answers belong
        to one version."""
        self.think_left = 0.0 if record is not None else self.think_delay()
        """Seconds until the seat to move may move (`tick`); a replay's first step comes at once."""
        self.paused = False
        """The game holds (a replay paused): `tick` moves no seat, `next_record_step` still steps."""
        self.ended = False
        """`finish` ran: the history has the game, the bots were told."""
        self.error: str | None = None
        """Why the game stopped before its end (a record that does not replay)."""
        self.given_up = False
        """The player gave the game up for another (`give_up`): it is not saved."""
        self.finished_by_bot: list[int] = []
        """The human seats a bot took over (`let_bots_finish`): the history marks them."""
        self.bots_took_over_at: int | None = None
        """The steps played when a bot first took over a human seat: a review of the
        game stops there (the decisions after it were the bot's)."""
        self.events: list[SessionEvent] = []
        """What happened since the view last drained them (`drain`)."""
        self.undo_redo = UndoRedo(self)
        self.bots = BotSeats(self, worker)
        self.values = MoveValues(self)
        """The analysis view's values of the decision on screen (`move_values`)."""
        self.assisted = assisted
        """The analysis view was on at a human's decision (in this sitting or before
        the game was saved): the history and the save mark the game."""
        self._turn = self.state.current_player

    @classmethod
    def resume(cls, saved: history.SavedGame, **kwargs) -> Session:
        """A session continuing `saved` (`history.load_save`): its seats and seed, its
        steps laid again, the save discarded once the game is finished or given up."""
        record = saved.record
        seed = record.seed if isinstance(record.seed, int) else 0
        return cls(record.game, list(saved.kinds), dict(record.options), seed, start=record, continued=True,
                   assisted=saved.assisted, **kwargs)

    @classmethod
    def load(cls, folder: Path | None = None, programs: Sequence[str] = (),
             **kwargs) -> tuple[Session | None, str | None]:
        """The saved game as a session (None when there is none), and a notice when
        the save could not be used (`history.load_save`: it is set aside)."""
        saved, notice = history.load_save(folder, programs)
        if saved is None:
            return None, notice
        return cls.resume(saved, folder=folder, **kwargs), notice

    # -- where the game stands -------------------------------------------------------------
    def think_delay(self) -> float:
        delay = self._think_delay
        return delay() if callable(delay) else delay

    @property
    def waiting_for_human(self) -> bool:
        """A human seat is to move (the view takes their decision: `play`)."""
        seat = self.state.current_player
        return seat >= 0 and self.is_human(seat) and not self.state.is_terminal

    @property
    def is_over(self) -> bool:
        """The game has ended, or stopped on an error."""
        return self.state.is_terminal or self.error is not None

    @property
    def keeps_games(self) -> bool:
        """Whether the game is the player's own (saved, not a demo, not a replay)."""
        return keeping.keeps_games(self)

    # -- the game moving on -----------------------------------------------------------------
    def poll(self) -> None:
        """Keep the bots busy without moving the game (the view holds it while it
        animates): the bot to move is asked as soon as its seat is to move, a hint
        asked for is collected, and the analysis view's values are asked for and
        collected (`move_values`)."""
        if self.ended:
            return
        self.bots.ask_for_move()
        self.bots.collect_hint()
        self.values.poll()

    def tick(self, dt: float) -> None:
        """`dt` seconds passed: resolve a chance node; play the move of the seat to
        move once it is paced (`think_delay` since the previous move): a bot's answer
        once it has come (a failed bot plays a random move: `BotFailed`), a script's
        move, a replay's next step; apply a remote seat's submitted decision; at the
        end, `finish`. A human's turn waits for `play`; a paused game waits."""
        self.poll()
        if self.ended:
            return
        if self.is_over:
            self.finish()
            return
        if self.paused:
            return
        if self.record is not None:  # every seat, chance included, plays the record
            self._paced(dt, self.next_record_step)
            return
        state = self.state
        if state.is_chance:
            self._stepped(*self.match.resolve_chance())
            return
        seat = state.current_player
        player = self.seats[seat]
        if isinstance(player, RemoteSeat):
            self._take_remote(seat, player)
        elif isinstance(player, BotSeat):
            self._paced(dt, lambda: self._play_bot(seat))
        elif isinstance(player, ScriptedSeat):
            self._paced(dt, lambda: self._play_script(seat, player))

    def _paced(self, dt: float, move: Callable[[], bool]) -> None:
        """The one pacing of every seat that is not a human's: `move` is tried once
        `think_delay` has passed since the previous move, and the wait starts again
        when it moved (a bot still thinking moves at a later tick)."""
        self.think_left -= dt
        if self.think_left <= 0 and move():
            self.think_left = self.think_delay()

    def _play_bot(self, seat: int) -> bool:
        decision = self.bots.move_decision()
        if decision is None:
            return False
        action = decision.action
        legal = self.state.legal_actions()
        if action is None or action not in legal:
            self.events.append(BotFailed(seat, decision.error))
            action = self.rng.choice(legal)
        self.apply(action)
        return True

    def _play_script(self, seat: int, player: ScriptedSeat) -> bool:
        self.apply(player.decide(self.observation(seat)))
        return True

    def _take_remote(self, seat: int, player: RemoteSeat) -> None:
        while player.inbox:
            action = player.inbox.popleft()
            if action in self.state.legal_actions():
                self.apply(action)
                return
            self.events.append(ActionRefused(seat, action, self.state.why_illegal(action)))

    def run_until(self, stop: Callable[[State], bool]) -> None:
        """Move the game on at once, without pacing, until `stop(state)` or its end
        (not finished: nothing goes into the history): a game whose seats all play
        here without a person (scripts, chance), such as the turns a lesson lays
        before its short game.

        :raises ValueError: when the game waits for a seat that does not move here
            at once (a human, a remote seat, a bot in the worker).
        """
        while not self.is_over and not stop(self.state):
            before = len(self.steps)
            self.think_left = 0.0
            self.tick(0.0)
            if len(self.steps) == before:
                raise ValueError(f"seat {self.current_player} does not move at once: run_until cannot go on")

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` for whoever is to move (the match checks it; a chance outcome
        is accepted too), and tell the view (`StepApplied`).

        :raises IllegalAction: with the reason, when it is not legal now.
        """
        if self.state.current_player >= 0:
            self.undo_redo.deciding(self.state.current_player)
        events = self.match.apply(action)
        self._stepped(action, events)
        return events

    def play(self, action: Action) -> list[Event]:
        """A human's decision at this screen: applied when a human seat is to move and
        it is legal.

        :raises IllegalAction: with the reason otherwise (nothing changes).
        """
        state = self.state
        if not self.waiting_for_human:
            raise IllegalAction(action, state.current_player, "no human is to move now")
        if action not in state.legal_actions():
            raise IllegalAction(action, state.current_player, state.why_illegal(action))
        events = self.apply(action)
        self.think_left = self.think_delay()
        return events

    def submit(self, seat: int, action: Action) -> None:
        """A decision for the remote `seat`, arriving from elsewhere (`RemoteSeat.submit`)."""
        player = self.seats[seat]
        if not isinstance(player, RemoteSeat):
            raise ValueError(f"seat {seat} is not a remote seat")
        player.submit(action)

    def next_record_step(self) -> bool:
        """A replay's next step (the record's chance outcome or decision), now
        (`tick` calls it once paced; the replay's controls to step forward): False at
        the record's end or on a step the engine refuses, which stops the game there
        (`fail`: `GameOver` at the next `tick`)."""
        try:
            action = self.match.scripted()
            if action is not None:
                events = self.match.apply(action)
        except ValueError as error:  # a step that does not parse, or that the rules refuse
            self.fail(f"step {len(self.steps) + 1} \"{self.record.steps[len(self.steps)]}\": {error}")
            return False
        if action is None:
            self.fail(self.record.error or "the record stops before the end of the game")
            return False
        self._stepped(action, events)
        return True

    def _stepped(self, action: Action, events: list[Event]) -> None:
        self.undo_redo.played(action)
        self._changed()
        step = len(self.steps) - 1
        self.events.append(StepApplied(action, events, step, self._actor(step)))
        self._note_turn()

    def _actor(self, step: int) -> int:
        head = self.steps[step].split()[0]
        return CHANCE if head == "*" else int(head)

    def _note_turn(self) -> None:
        seat = self.state.current_player
        if seat != self._turn:
            self._turn = seat
            self.events.append(TurnChanged(seat))

    def _changed(self) -> None:
        self.version += 1
        self.bots.state_changed()

    def finish(self) -> None:
        """The game is over (or stopped on `error`): into the history, the bots told,
        `GameOver` for the view."""
        self.ended = True
        keeping.record_finished(self, self.folder)
        self.bots.game_over()
        self.events.append(GameOver(self.state.outcome(), self.error))

    def fail(self, error: str) -> None:
        """The game cannot go on (a record that does not replay): `finish` ends it."""
        self.error = error

    # -- undo, redo and rebuilding ------------------------------------------------------------
    def rebuild(self, step: int, event: Rebuilt | None = None) -> None:
        """Lay the game at its first `step` steps, without events (`Rebuilt`): back
        through `Match.undo_to`, or on along the record being replayed."""
        if step <= len(self.steps):
            self.match.undo_to(step)
        else:
            self.match.advance_script(step)
        self.ended, self.error = False, None
        self.bots.rebuilt()
        self._changed()
        self.events.append(event if event is not None else Rebuilt(step))
        self._note_turn()

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or None when it is (`undo.UndoRedo`)."""
        return self.undo_redo.refusal()

    def undo(self) -> bool:
        """Back to the human's previous decision (`UndoDone`), unless a tile they could
        not see has been shown to them since; False then (`undo_refusal` says why)."""
        return self.undo_redo.undo()

    def redo(self) -> bool:
        """Forward again to the human's next decision, through what undo took back
        (`RedoDone`); False when there is nothing to redo."""
        return self.undo_redo.redo()

    @property
    def can_redo(self) -> bool:
        return self.undo_redo.can_redo

    # -- seats changing hands ---------------------------------------------------------------------
    def let_bots_finish(self, kind: str = FINISHING_BOT) -> None:
        """Bots of `kind` take over the human seats to the end. A save and the history
        keep the seats as they began; the history marks the game as finished by a
        bot (``finished_by_bot``), which the statistics count apart."""
        taken = [seat for seat, player in enumerate(self.seats) if player.is_human]
        if taken and self.bots_took_over_at is None:
            self.bots_took_over_at = len(self.steps)
        self.finished_by_bot = sorted(set(self.finished_by_bot) | set(taken))
        self.seats = [BotSeat(kind) if seat.is_human else seat for seat in self.seats]
        self.undo_redo.forget()
        self._changed()

    # -- the hint and the thinking bot --------------------------------------------------------------
    def ask_hint(self) -> None:
        """The `hard` bot's choice for the human to move, computed off the loop."""
        self.bots.ask_hint()

    @property
    def hint(self) -> Action | None:
        """The hint for the human's decision (`ask_hint`), until they move."""
        return self.bots.hint

    @property
    def hint_ticket(self) -> int | None:
        return self.bots.hint_ticket

    def thinking_seconds(self) -> float:
        """How long the bot to move has been thinking (0 once its answer came)."""
        return self.bots.thinking_seconds()

    # -- saving and leaving ------------------------------------------------------------------------
    def save(self, viewer: int | None = None) -> bool:
        """Save the game when it is left before its end (the player's own games only);
        a `Notice` when the disk refuses. Returns whether it was saved."""
        return keeping.save_in_progress(self, viewer, self.folder)

    def give_up(self) -> None:
        """The player gave this game up for another: never saved, and the save it was
        continued from is discarded."""
        keeping.give_up(self, self.folder)

    def close(self, viewer: int | None = None) -> None:
        """The game is left: its bots are dropped, and an unfinished game is saved."""
        self.bots.forget(hint=True)
        self.values.close()
        self.save(viewer)

    def to_record(self) -> Record:
        """The game so far as a record, each seat named by its kind as it began."""
        return self.match.to_record(self.kinds)
