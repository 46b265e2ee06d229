"""The table's side of its session (`SessionSide`, a mixin of `base.TableScene`):
which session the table drives (`new_session`: a game played here, a record
replayed, or the player's seat of an online game), and the session as the
table's subclasses and the screens read it, undo and redo included. The game
itself they read through one observation (`seen`: `engine.Observation`, what the
seat shown may see), never the full state.
"""

from __future__ import annotations

import itertools

from ...engine import EVERY_SEAT, SPECTATOR, TERMINAL, Action, Observation
from ...remote.online_session import OnlineSession
from ...session import Session
from .replay import step_delay

_TABLE_KEYS = itertools.count(1)


class SessionSide:
    """The session of a `TableScene` (``self.session``, ``self.setup``, ``self.app``
    are the table's)."""

    def new_session(self) -> Session | OnlineSession:
        """The session of this table's game: the player's seat of an online game
        (`OnlineSession`, over the setup's link), following the record being
        replayed, or dealt from the setup's seed (after the steps a saved game or a
        taken-over replay already played)."""
        setup = self.setup
        if setup.online is not None:
            return OnlineSession(setup.online)
        if setup.record is not None:  # a replay's steps, paced as any seat's, not under STEP_SECONDS
            think_delay = lambda: step_delay(self.think_delay, self.app.duration_scale)  # noqa: E731
        else:
            think_delay = lambda: self.think_delay  # noqa: E731
        return Session(setup.game, list(setup.seats), dict(setup.options), setup.seed, record=setup.record,
                       start=setup.start, demo=setup.demo, continued=setup.continued,
                       think_delay=think_delay, bot_settings=self.app.settings.bots,
                       key=("table", next(_TABLE_KEYS)))

    # -- the session, as the table's subclasses and the screens read it ---------------------
    @property
    def online(self) -> bool:
        """An online game: the server decides it; nothing is saved here."""
        return isinstance(self.session, OnlineSession)

    @property
    def match(self):
        return self.session.match

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
    def placement_state(self):
        """The full state, only for the sprite bookkeeping that still follows a hidden
        tile by its number while it slides face down (Necropolis's layout, Build Up's
        hands, the Cyprus table's model); never for a face or a number on screen, which
        come from `seen`. What is left of issue 39's first item: key a hidden tile by
        its place, animate it from the step's seen events, and this goes."""
        return self.session.state

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
    def steps(self) -> list[str]:
        """Every step applied so far, in record notation (``"0 draw"``, ``"* 3-4"``)."""
        return self.session.steps

    @property
    def ended(self) -> bool:
        return self.session.ended

    @property
    def error(self) -> str | None:
        return self.session.error

    @property
    def decision_version(self) -> int:
        """Bumped whenever the state changes (`Session.version`)."""
        return self.session.version

    def is_human(self, seat: int) -> bool:
        return self.session.is_human(seat)

    @property
    def human_seats(self) -> list[int]:
        return self.session.human_seats

    @property
    def human_steps(self) -> list[int]:
        """Indexes in `steps` of the humans' decisions (undo goes back to them)."""
        return self.session.human_steps

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen."""
        return self.session.hot_seat

    @property
    def waiting_for_human(self) -> bool:
        return self.describes_seat_to_move or self.session.waiting_for_human

    @property
    def think_delay(self) -> float:
        return self.app.settings.bots.think_delay_ms / 1000 * self.app.duration_scale

    @property
    def hint(self) -> Action | None:
        """The hard bot's suggestion for the human's decision (`ask_hint`), until they move."""
        return self.session.hint

    @property
    def hint_ticket(self) -> int | None:
        return self.session.hint_ticket

    # -- undo and rebuilding ---------------------------------------------------------
    def rebuild(self, step: int) -> None:
        """Lay the game at its first `step` steps, without events or animation."""
        self.session.rebuild(step)
        self.show_session()

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or None when it is (`Session.undo_refusal`)."""
        return self.session.undo_refusal()

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
