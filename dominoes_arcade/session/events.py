"""What a `Session` tells its view: events appended to ``session.events`` as they
happen, which the view drains (`Session.drain`) and renders (a step animated, a
toast, the game-over screen). The engine's own `Event`s (tiles moved, scores) ride
inside `StepApplied`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Action, Event
from ..engine.core import Outcome


@dataclass(frozen=True)
class SessionEvent:
    """The base of every session event."""


@dataclass(frozen=True)
class StepApplied(SessionEvent):
    """A step was applied in play: a decision or a chance outcome, with the engine's
    events to animate."""

    action: Action
    events: list[Event] = field(default_factory=list)
    step: int = 0
    """Its index in ``session.steps``."""
    seat: int = -1
    """Who decided it (`engine.CHANCE` for a chance outcome)."""


@dataclass(frozen=True)
class TurnChanged(SessionEvent):
    """Another seat is to move (`engine.CHANCE`, `engine.TERMINAL` included)."""

    seat: int


@dataclass(frozen=True)
class Rebuilt(SessionEvent):
    """The state was laid again at `step` steps without events (a replay stepping
    back or jumping ahead): the view puts everything where the state says."""

    step: int


@dataclass(frozen=True)
class UndoDone(Rebuilt):
    """Undo went back to before the player's last decision (a `Rebuilt`)."""


@dataclass(frozen=True)
class RedoDone(Rebuilt):
    """Redo went forward again to the player's next decision (a `Rebuilt`)."""


@dataclass(frozen=True)
class GameOver(SessionEvent):
    """The game ended (`outcome`), or stopped on an `error` (a record that does not
    replay to its end)."""

    outcome: Outcome | None
    error: str | None = None


@dataclass(frozen=True)
class BotFailed(SessionEvent):
    """The bot of `seat` raised or chose something illegal: a random move was played."""

    seat: int
    error: str | None


@dataclass(frozen=True)
class ActionRefused(SessionEvent):
    """A remote seat's decision the rules refused (`reason`)."""

    seat: int
    action: Action
    reason: str


@dataclass(frozen=True)
class Notice(SessionEvent):
    """Something the player should be told (a save that failed, a bad bot setting)."""

    text: str


@dataclass(frozen=True)
class GameGone(SessionEvent):
    """The game can no longer be played from here (an online game whose server
    cannot be reached, or that left with its host): the player is told why and
    goes back."""

    title: str
    text: str


def seen_events(events: list[Event], viewer: int | None) -> list[Event]:
    """`events` as `viewer` saw them happen: a tile moved face down is kept only
    when it went into the viewer's own zone (their hand, their mastabas), and is
    -1 otherwise, as `Match.visible` counts a step seen. `viewer` -1 is nobody's
    seat (what every player saw); None is a replay's viewer, who sees every tile."""
    if viewer is None:
        return list(events)
    return [event if event.face_up or event.tile < 0 or (viewer >= 0 and event.seat == viewer)
            else Event(event.kind, event.seat, -1, event.src, event.dst, event.face_up, event.value)
            for event in events]
