"""The bots of one table, and the hint: their questions go to the `bot_worker`
(off the frame loop), their answers are collected frame by frame.

A table owns one `BotSeats` (``table.bots``). The bot to move is asked as soon as
its seat is to move (`ask_for_move`), so it thinks while the last move still
animates; the table takes the answer (`move_decision`) once its pacing allows.
The hint is the `hard` bot's choice for the human's view (`ask_hint`), kept for
the decision it was asked for only. A bot still thinking after
`THINKING_NOTICE_SECONDS` is shown thinking (`thinking_seconds`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ...engine import Action

if TYPE_CHECKING:
    from ..bot_worker import BotWorker, Decision
    from .base import TableScene


THINKING_NOTICE_SECONDS = 0.3
"""How long the bot to move may think before the table says it is thinking."""


class BotSeats:
    def __init__(self, table: TableScene):
        self.table = table
        self._worker: BotWorker | None = None
        self._specs: dict[str, str] = {}
        self.ticket: int | None = None
        """The question to the bot to move, while it thinks."""
        self._asked_at = 0.0
        self._answer: Decision | None = None
        """The bot's answer, once come, until the table takes it (`move_decision`)."""
        self.hint: Action | None = None
        """The hard bot's suggestion for the human's decision, until they move."""
        self.hint_ticket: int | None = None
        self._hint_version = -1

    @property
    def worker(self) -> BotWorker:
        """The client's shared worker, started on first use (a game of humans only
        never starts it)."""
        if self._worker is None:
            from ..bot_worker import shared_worker

            self._worker = shared_worker()
        return self._worker

    def spec(self, kind: str) -> str:
        """The bot spec a seat kind (easy, medium, hard) means in ``[bots]``; a bad
        setting plays the random bot, with a toast saying why."""
        from ...bots import BotError, difficulty_spec

        if kind.startswith("cmd:"):  # a bot program: the seat kind is its spec
            return kind
        spec = self._specs.get(kind)
        if spec is None:
            try:
                spec = difficulty_spec(self.table.app.settings.bots, kind)
            except BotError as error:
                self.table.app.toast(f"{error}: playing the random bot")
                spec = "random"
            self._specs[kind] = spec
        return spec

    def _ask(self, key, kind: str, seed: int) -> int:
        table = self.table
        state = table.state
        seat = state.current_player
        spec, steps = self.spec(kind), None
        if spec.startswith("cmd:"):  # a bot program (a Program seat, or a difficulty set to one)
            from ...bots.protocol import seat_steps

            steps = seat_steps(table.match, seat)
        return self.worker.choose(key, spec, state.game, seat, state.options_dict(), seed,
                                  state.view(seat), state.legal_actions(), steps)

    # -- the bot to move -------------------------------------------------------------------
    def ask_for_move(self) -> None:
        """Ask the bot to move, once, as soon as its seat is to move."""
        table = self.table
        state = table.state
        seat = state.current_player
        if (self.ticket is None and table.replay is None and seat >= 0 and not state.is_terminal
                and not table.is_human(seat)):
            from ...bots.seeds import bot_seed  # the tournament's: `play --seed S` plays its game S

            self.ticket = self._ask(table.key, table.seat_kind(seat), bot_seed(table.setup.seed, seat))
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
        answer has come (the table may still be pacing the move)."""
        if self.ticket is None or self._collect() is not None:
            return 0.0
        return time.monotonic() - self._asked_at

    # -- the hint -------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        table = self.table
        if not table.can_decide or self.hint is not None or self.hint_ticket is not None:
            return
        seat = table.state.current_player
        from ...bots.seeds import hint_seed  # a stream of its own, apart from the seat bots'

        self.hint_ticket = self._ask((table.key, "hint"), "hard", hint_seed(table.setup.seed, seat, len(table.steps)))
        self._hint_version = table.decision_version

    def collect_hint(self) -> None:
        if self.hint_ticket is None:
            return
        decision = self.worker.result(self.hint_ticket)
        if decision is not None:
            self.hint_ticket = None
            if decision.action is not None and self._hint_version == self.table.decision_version:
                self.hint = decision.action

    # -- the end ---------------------------------------------------------------------------------
    def game_over(self) -> None:
        """The game ended: the bots that played it are told, and a bot program is
        sent ``end`` with the steps its seat may see now."""
        table = self.table
        outcome = table.state.outcome()
        if self._worker is None or outcome is None or table.replay is not None:
            return
        from ...bots.protocol import seat_steps

        steps = {seat: seat_steps(table.match, seat) for seat in range(table.state.num_players)
                 if not table.is_human(seat) and self.spec(table.seat_kind(seat)).startswith("cmd:")}
        self._worker.game_over(table.key, outcome, steps)

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
        """Drop this table's bots in the worker (an undo: fresh bots; `hint` too
        when the table closes)."""
        if self._worker is not None:
            self._worker.forget(self.table.key)
            if hint:
                self._worker.forget((self.table.key, "hint"))
