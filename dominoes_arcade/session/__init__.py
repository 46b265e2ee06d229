"""A game in play: `Session` owns a `Match`, its seats (a human here, a bot, a
player elsewhere, a script, a record replayed), the pacing of every seat that is
not a human's, undo and redo by what the player has seen, saving and the
history, and tells its view what happened through events.

No pygame and nothing of the client: the client's tables, a server and analysis
tools all drive a session (the dependency direction is ``client -> session ->
bots -> engine``, ``server -> session``). The bots think off the caller's loop in
the `bot_worker` (a process of their own by default).
"""

from __future__ import annotations

from .events import (
    ActionRefused,
    BotFailed,
    GameGone,
    GameOver,
    Notice,
    Rebuilt,
    RedoDone,
    SessionEvent,
    StepApplied,
    StepLaid,
    TurnChanged,
    UndoDone,
)
from .keeping import lay_steps
from .seats import BotSeat, HumanSeat, RecordSeat, RemoteSeat, ScriptedSeat, Seat, seat_for
from .session import Session
from .undo import known_tiles

__all__ = [
    "ActionRefused", "BotFailed", "BotSeat", "GameGone", "GameOver", "HumanSeat", "Notice", "Rebuilt", "RecordSeat",
    "RedoDone", "RemoteSeat", "ScriptedSeat", "Seat", "Session", "SessionEvent", "StepApplied", "StepLaid",
    "TurnChanged", "UndoDone", "known_tiles", "lay_steps", "seat_for",
]
