"""Who plays each seat of a `Session`: a human at this screen (`HumanSeat`, whose
decisions come through `Session.play`), a bot (`BotSeat`, asked through the bot
worker), a seat whose decisions arrive from elsewhere (`RemoteSeat`, fed by
`submit`: the network's players), a seat playing a script (`ScriptedSeat`: a
lesson's opponents, the turns laid before its short game), or the record being
replayed (`RecordSeat`). `Session.tick` paces every seat that is not a human's the
same way: at least `think_delay` between one move and the next.

A seat's ``kind`` is the word a save and the history keep for it: ``"human"``, a
difficulty (``"easy"``, ``"medium"``, ``"hard"``, ``"expert"``) or a bot spec
(``"cmd:COMMAND"``), ``"remote"``, ``"scripted"``, ``"record"``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..engine import Action
from ..engine.observation import Observation


class Seat:
    """A seat's player. ``kind`` names it (see the module's docstring)."""

    kind = "seat"
    is_human = False
    is_bot = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind!r})"


class HumanSeat(Seat):
    """A player at this screen: the view turns their input into `Session.play`."""

    kind = "human"
    is_human = True


class BotSeat(Seat):
    """A bot: a difficulty of the settings' ``[bots]`` or a bot spec (``cmd:...``),
    asked in the bot worker as soon as its seat is to move."""

    is_bot = True

    def __init__(self, kind: str = "medium"):
        self.kind = kind


class RemoteSeat(Seat):
    """A player somewhere else: their decisions arrive through `submit` (the
    network), and `Session.tick` applies each when the seat is to move (an illegal
    one is refused with an `ActionRefused` event)."""

    kind = "remote"

    def __init__(self):
        self.inbox: deque[Action] = deque()

    def submit(self, action: Action) -> None:
        """A decision of this seat's player, applied at the session's next `tick`."""
        self.inbox.append(action)


class ScriptedSeat(Seat):
    """A seat whose moves a script decides at once, here, from what the seat sees:
    `decide` is handed the seat's `Observation` (its legal actions included) and
    returns one of them. A lesson's opponents (their first legal move) and the
    turns a lesson lays before its short game (a bot through `BotDriver`) play so."""

    kind = "scripted"

    def __init__(self, decide: Callable[[Observation], Action]):
        self.decide = decide


class RecordSeat(Seat):
    """A seat of a record being replayed: its steps come from the record, one each
    time its pacing allows (`Session.tick`, unless `Session.paused`)."""

    kind = "record"


def seat_for(kind: str | Seat) -> Seat:
    """The seat a kind means (a `Seat` is taken as it is)."""
    if isinstance(kind, Seat):
        return kind
    if kind == "human":
        return HumanSeat()
    if kind == "remote":
        return RemoteSeat()
    if kind == "record":
        return RecordSeat()
    return BotSeat(kind)
