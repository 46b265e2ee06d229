"""The bots of one session, and the hint: their questions go to the `bot_worker`
(off the frame loop), their answers are collected tick by tick.

A session owns one `BotSeats` (``session.bots``). The bot to move is asked as soon as
its seat is to move (`ask_for_move`), so it thinks while the view still animates the
last move; the session takes the answer (`move_decision`) once its pacing allows.
The hint is the `hard` bot's choice for the human's view (`ask_hint`), kept for
the decision it was asked for only. A bot still thinking after
`THINKING_NOTICE_SECONDS` is shown thinking (`thinking_seconds`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..bots.seeds import bot_seed, hint_seed
from ..engine import Action
from .events import Notice

if TYPE_CHECKING:
    from .bot_worker import BotWorker, Decision
    from .in_play import GameInPlay


THINKING_NOTICE_SECONDS = 0.3
"""How long the bot to move may think before the view says it is thinking."""


class BotSeats:
    def __init__(self, session: GameInPlay | None, worker: BotWorker | None = None):
        self.session = session
        self._worker: BotWorker | None = worker
        self._specs: dict[str, str] = {}
        self.ticket: int | None = None
        """The question to the bot to move, while it thinks."""
        self._asked_at = 0.0
        self._answer: Decision | None = None
        """The bot's answer, once come, until the session takes it (`move_decision`)."""
        self.hint: Action | None = None
        """The hard bot's suggestion for the human's decision, until they move."""
        self.hint_ticket: int | None = None
        self._hint_version = -1

    @property
    def worker(self) -> BotWorker:
        """The shared worker (unless the session was given one), started on first
        use (a game of humans only never starts it)."""
        if self._worker is None:
            from .bot_worker import shared_worker

            self._worker = shared_worker()
        return self._worker

    @property
    def started_worker(self) -> BotWorker | None:
        """The worker, when one was started (nothing to tell it otherwise)."""
        return self._worker

    def spec(self, kind: str) -> str:
        """The bot spec a seat kind (easy, medium, hard) means in ``[bots]``, or the
        kind itself when it is a spec (``greedy``); a bad setting or spec plays the
        random bot, with a `Notice` saying why."""
        from ..bots import DIFFICULTIES, BotError, difficulty_spec, parse_spec

        if kind.startswith("cmd:"):  # a bot program: the seat kind is its spec
            return kind
        spec = self._specs.get(kind)
        if spec is None:
            try:
                if kind in DIFFICULTIES:
                    spec = difficulty_spec(self.session.bot_settings, kind)
                else:
                    spec = parse_spec(kind).text
            except BotError as error:
                self.session.events.append(Notice(f"{error}: playing the random bot"))
                spec = "random"
            self._specs[kind] = spec
        return spec

    def _ask(self, key, kind: str, seed: int) -> int:
        session = self.session
        state = session.state
        seat = state.current_player
        spec, steps = self.spec(kind), None
        if spec.startswith("cmd:"):  # a bot program (a Program seat, or a difficulty set to one)
            from ..bots.protocol import seat_steps

            steps = seat_steps(session.match, seat)
        return self.worker.choose(key, spec, state.game, seat, state.options_dict(), seed,
                                  state.view(seat), state.legal_actions(), steps)

    # -- the bot to move -------------------------------------------------------------------
    def ask_for_move(self) -> None:
        """Ask the bot to move, once, as soon as its seat is to move."""
        session = self.session
        state = session.state
        seat = state.current_player
        if self.ticket is None and seat >= 0 and not state.is_terminal and session.seats[seat].is_bot:
            # the tournament's seed: `play --seed S` plays its game S
            self.ticket = self._ask(session.key, session.seat_kind(seat), bot_seed(session.seed, seat))
            self._asked_at = time.monotonic()

    def _collect(self) -> Decision | None:
        if self._answer is None:
            self._answer = self.worker.result(self.ticket)
        return self._answer

    def move_decision(self) -> Decision | None:
        """The bot's answer once it has come (then the question is closed)."""
        decision = self._collect()
        if decision is not None:
            self.ticket = self._answer = None
        return decision

    def thinking_seconds(self) -> float:
        """How long the bot to move has been thinking: 0 when no bot is asked or its
        answer has come (the session may still be pacing the move)."""
        if self.ticket is None or self._collect() is not None:
            return 0.0
        return time.monotonic() - self._asked_at

    # -- the hint -------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        session = self.session
        if not session.waiting_for_human or self.hint is not None or self.hint_ticket is not None:
            return
        seat = session.state.current_player
        # a stream of its own, apart from the seat bots'
        self.hint_ticket = self._ask((session.key, "hint"), "hard", hint_seed(session.seed, seat, len(session.steps)))
        self._hint_version = session.version

    def collect_hint(self) -> None:
        if self.hint_ticket is None:
            return
        decision = self.worker.result(self.hint_ticket)
        if decision is not None:
            self.hint_ticket = None
            if decision.action is not None and self._hint_version == self.session.version:
                self.hint = decision.action

    # -- the end ---------------------------------------------------------------------------------
    def game_over(self) -> None:
        """The game ended: the bots that played it are told, and a bot program is
        sent ``end`` with the steps its seat may see now."""
        session = self.session
        outcome = session.state.outcome()
        if self._worker is None or outcome is None or session.record is not None:
            return
        from ..bots.protocol import seat_steps

        steps = {seat: seat_steps(session.match, seat) for seat in range(session.state.num_players)
                 if session.seats[seat].is_bot and self.spec(session.seat_kind(seat)).startswith("cmd:")}
        self._worker.game_over(session.key, outcome, steps)

    # -- the state changed ------------------------------------------------------------------------
    def state_changed(self) -> None:
        """A move was made: the hint (and any hint still being thought of) is stale."""
        self.hint = None
        if self.hint_ticket is not None:
            self.worker.cancel(self.hint_ticket)
            self.hint_ticket = None

    def rebuilt(self) -> None:
        """The state was rebuilt (undo, a replay step back): no question stands."""
        if self.ticket is not None:
            self.worker.cancel(self.ticket)
            self.ticket = self._answer = None
        self.state_changed()

    def forget(self, hint: bool = False) -> None:
        """Drop this session's bots in the worker (an undo: fresh bots; `hint` too
        when the session closes)."""
        if self._worker is not None:
            self._worker.forget(self.session.key)
            if hint:
                self._worker.forget((self.session.key, "hint"))
