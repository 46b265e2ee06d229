"""`SessionBase`: what every session shows its view, whoever decides the game's
course: where the game stands (from ``match``), who plays each seat (``seats``,
``kinds``) and the events since the view last drained them. `Session` (a game
played here) and the online table's session (a game the server decides,
`dominoes_arcade.remote.online_session`) both build on it, so a table reads
either the same way.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import State
from ..engine.observation import Observation, observe
from .events import SessionEvent
from .move_values import NoMoveValues
from .seats import Seat


class SessionBase:
    """The view's side of a session. A subclass sets ``match`` (an object with
    ``state`` and ``steps``), ``seats``, ``kinds``, ``events`` and ``version``."""

    match: Any
    seats: list[Seat]
    kinds: list[str]
    """Each seat's kind as the game began (the history keeps these)."""
    values: Any = NoMoveValues()
    """The analysis view's values (`move_values`): a session that shows them
    (`Session`) sets its own; by default there are none."""
    events: list[SessionEvent]
    """What happened since the view last drained them (`drain`)."""
    version: int
    """Bumped whenever the state changes: selections and answers belong to one version."""
    _human_steps: tuple[int, list[int]] = (-1, [])
    first_own_step = 0
    """The first step the seats played themselves (later than 0 where the steps
    before were laid for them, as in a lesson's short game)."""
    _observed: tuple[tuple, dict[int | None, Observation]] = ((), {})
    gone = False
    """The game can no longer go on from here (an online game whose connection is
    lost for good: `GameGone`); nobody is thinking any more."""

    @property
    def awaits_others(self) -> bool:
        """The game waits on another computer (an online player's move, the server's
        answer): nothing here moves until a message comes, so the table draws no
        frames meanwhile. A local game's bots think here, and show it."""
        return False

    @property
    def state(self) -> State:
        """The full engine state, for the session's own work (bots, undo, saving); a
        view draws `observation(seat)`, which keeps only what that seat may see."""
        return self.match.state

    @property
    def steps(self) -> list[str]:
        """Every step applied so far, in record notation (``"0 draw"``, ``"* 3-4"``)."""
        return self.match.steps

    def observation(self, seat: int | None) -> Observation:
        """What `seat` may see now (`engine.observe`: `SPECTATOR` for what every
        player sees, `EVERY_SEAT` for a public record), the one thing a view draws.
        Built once per seat and state: a table reads it many times a frame."""
        key = self._observation_key()
        if self._observed[0] != key:
            self._observed = (key, {})
        seen = self._observed[1]
        if seat not in seen:
            seen[seat] = self._observe(seat)
        return seen[seat]

    def _observation_key(self) -> tuple:
        """What the observations were built at: they are built again when it changes."""
        state = self.match.state
        return self.version, len(self.steps), id(state), state.current_player

    def _observe(self, seat: int | None) -> Observation:
        """`seat`'s observation of the game as it stands (a session that holds no
        full state builds it from what it was told)."""
        return observe(self.match.state, seat)

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat].kind if 0 <= seat < len(self.seats) else "medium"

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].is_human

    @property
    def human_seats(self) -> list[int]:
        return [seat for seat in range(len(self.seats)) if self.is_human(seat)]

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen."""
        return len(self.human_seats) > 1

    @property
    def human_steps(self) -> list[int]:
        """Indexes in `steps` of the humans' decisions (undo goes back to them),
        from `first_own_step` on."""
        if self._human_steps[0] != self.version:
            first = self.first_own_step
            decided = [index for index, step in enumerate(self.steps[first:], start=first)
                       if not step.startswith("*") and self.is_human(int(step.split()[0]))]
            self._human_steps = (self.version, decided)
        return self._human_steps[1]

    def drain(self) -> list[SessionEvent]:
        """The events since the last drain, oldest first (the list is emptied)."""
        events, self.events = self.events, []
        return events
