"""`Observation`: what one seat, or a spectator, may see of a game now, built from
the state and nothing else (docs/architecture.md, "Engine" and "Glossary"). It is
the one type every screen draws: a table reads its `view` (hidden tiles -1), whose
turn it is, the legal actions when they are the observer's, the scores and the
outcome, never the full state.

    >>> from dominoes_arcade.engine import new_game
    >>> state = new_game("necropolis", options={"first_player": 0})
    >>> [str(a) for a in observe(state, 0).legal], observe(state, 1).legal
    (['draw'], ())
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import SPECTATOR, Action, Outcome, State

EVERY_SEAT = None
"""The observer of a public record (`observe(state, EVERY_SEAT)`): every tile shows.
Only for what is public already: a game record watched again (a replay) or a
finished game's final reveal, as `session.events.seen_events` lets a replay see
every tile."""


@dataclass(frozen=True)
class Observation:
    """What `seat` may see: `view` is `State.view(seat)` (hidden tiles -1; a
    spectator's hides every seat's), with whose turn it is, the observer's legal
    actions (empty unless it is the observer's turn), the scores as the view
    counts them and, once over, the outcome."""

    seat: int | None
    """The observing seat, `SPECTATOR` for someone who holds none, or `EVERY_SEAT`
    (None) for a public record."""
    view: State
    """What the observer sees, as a state (a view unless `seat` is `EVERY_SEAT`):
    read it, never apply to it."""
    current_player: int
    """Whose turn it is: a seat, `CHANCE` or `TERMINAL`."""
    legal: tuple[Action, ...]
    """The observer's legal decisions when it is their turn (every seat's turn, for
    `EVERY_SEAT`), else empty."""
    scores: tuple[int, ...]
    """Each seat's total so far as the observer can count it (`view.scores()`: a
    hidden tile counts as 0, as in a Necropolis opponent's mastabas)."""
    outcome: Outcome | None
    """How the game ended, once it has, else None: the true result, which is
    public at the end (every player is told it; a view's own `outcome()` would
    count the tiles it hides as 0)."""

    @property
    def num_players(self) -> int:
        return self.view.num_players

    @property
    def is_terminal(self) -> bool:
        return self.view.is_terminal

    @property
    def my_turn(self) -> bool:
        """The observer is to decide now."""
        return bool(self.legal)


def observe(state: State, seat: int | None) -> Observation:
    """What `seat` may see of `state` (a full state): `SPECTATOR` sees what every
    player sees, `EVERY_SEAT` everything (a public record only).

    :raises ValueError: when `state` is a view already, or `seat` is no seat of it.
    """
    if state.viewer != -1:
        raise ValueError("observe a full state, not a view")
    if seat is not EVERY_SEAT and seat != SPECTATOR and not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not a seat of this {state.game} game")
    view = state.clone() if seat is EVERY_SEAT else state.view(seat)
    player = state.current_player
    ours = player >= 0 and (seat is EVERY_SEAT or seat == player)
    legal = tuple(state.legal_actions()) if ours else ()
    return Observation(seat, view, player, legal, tuple(view.scores()), state.outcome())
