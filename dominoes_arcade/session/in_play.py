"""`GameInPlay`: what a session's parts read and call of the session they serve.

A `Session` is put together from parts, each with one job: its bots
(`bot_seats.BotSeats`), undo and redo (`undo.UndoRedo`), the analysis view's
values (`move_values.MoveValues`) and what is kept for the player (`keeping`).
Each part is handed the session it serves and knows it only through this
interface, so no part imports the session back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..engine.core import State
from ..engine.match import Match
from ..engine.records import Record
from .events import SessionEvent
from .seats import Seat


class GameInPlay(Protocol):
    """The session as its parts see it (`session.Session` is the one there is)."""

    game: str
    seed: int
    key: Any
    """The session's bots in the worker (`bot_worker.BotWorker` keys them by it)."""
    match: Match
    record: Record | None
    seats: list[Seat]
    kinds: list[str]
    events: list[SessionEvent]
    version: int
    bot_settings: Any
    bots: Any
    """Its `bot_seats.BotSeats`."""
    undo_redo: Any
    """Its `undo.UndoRedo`."""
    think_left: float
    ended: bool
    error: str | None
    demo: bool
    continued: bool
    given_up: bool
    assisted: bool
    finished_by_bot: list[int]
    bots_took_over_at: int | None

    @property
    def state(self) -> State: ...

    @property
    def steps(self) -> list[str]: ...

    @property
    def waiting_for_human(self) -> bool: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def human_seats(self) -> list[int]: ...

    @property
    def human_steps(self) -> Sequence[int]: ...

    def is_human(self, seat: int) -> bool: ...

    def seat_kind(self, seat: int) -> str: ...

    def think_delay(self) -> float: ...

    def rebuild(self, step: int, event: Any = None) -> None: ...
