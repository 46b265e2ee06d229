"""The analysis view's values (issue 31): while the view is on, every legal move of
the decision on screen gets its value from the `hard` search
(`bots.analysis.DecisionAnalysis`), computed in the `bot_worker` so the frame
never waits, and refined round by round while the decision stands.

The decision analysed is the human's to move in play, or the seat to move in a
replay. The worker is sent that seat's view only (`State.view`), never the full
state. The first round is small (`FIRST_SHARE`), so a first value shows at once;
each later round adds `ROUND_SHARE` of `hard`'s rollouts, up to `expert`'s, and
the worker answers other requests between rounds. A move, an undo or the view
turned off drops the analysis; `analysis` is always of the current decision
(`version` is the `Session.version` it belongs to).

A game in which the view was on at a human's decision is *assisted*
(``session.assisted``): the history marks it and the statistics count it apart.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ..bots.analysis import expert_rollouts, hard_rollouts
from ..bots.seeds import stable_seed

if TYPE_CHECKING:
    from .in_play import GameInPlay

FIRST_SHARE = 16
"""The first round is `hard`'s rollouts / 16: about 10 ms (docs/analysis.md)."""
ROUND_SHARE = 8
"""Each later round is `hard`'s rollouts / 8: short, so a move or a bot's request
never waits long behind a round."""


def analysis_seed(game_seed: int, seat: int, decision: int) -> int:
    """The seed of the analysis of `seat`'s decision at step `decision`: a label of
    its own, apart from the bots' and the hint's streams."""
    return stable_seed(game_seed, "analysis", seat, decision)


class NoMoveValues:
    """The values of a session that has none to show (an online game, where the
    table refuses the view: it would help one player against the others)."""

    on = False
    computing = False

    def show(self, on: bool) -> None:
        """Nothing to show."""

    def current(self) -> None:
        return None

    def seat(self) -> None:
        return None

    def poll(self) -> None:
        """Nothing to ask for."""

    def close(self) -> None:
        """Nothing to drop."""


class MoveValues:
    """The values of the decision on screen, for the view that shows them."""

    def __init__(self, session: GameInPlay):
        self.session = session
        self.on = False
        """The player has the view on (`show`)."""
        self.analysis: Any = None
        """The latest `bots.analysis.Analysis` of the current decision, or None."""
        self.version = -1
        """The `Session.version` the analysis (and the question out) belongs to."""
        self.ticket: int | None = None
        self._generations = itertools.count(1)
        self._generation = 0

    @property
    def key(self):
        return (self.session.key, "values")

    @property
    def computing(self) -> bool:
        """A question is out to the worker (the screen keeps drawing frames for its answer)."""
        return self.ticket is not None

    def seat(self) -> int | None:
        """The seat whose decision is analysed now, or None (no decision to value)."""
        session = self.session
        state = session.state
        seat = state.current_player
        if seat < 0 or state.is_terminal or session.ended:
            return None
        if session.record is not None or session.waiting_for_human:
            return seat
        return None

    def show(self, on: bool) -> None:
        """Turn the view on or off (off drops the analysis in the worker too)."""
        if self.on and not on:
            self.close()
        self.on = on

    def current(self):
        """The analysis of the decision on screen, or None while it is coming."""
        if self.on and self.version == self.session.version:
            return self.analysis
        return None

    def poll(self) -> None:
        """Ask for the current decision's first values, collect an answer, and ask
        for the next round while the decision stands; never waits."""
        if not self.on:
            return
        session = self.session
        seat = self.seat()
        if seat is None:
            return
        if session.waiting_for_human:
            session.assisted = True
        worker = session.bots.worker
        game = session.state.game
        if self.version != session.version:
            self.drop()
            self.version = session.version
            self._generation = next(self._generations)
            seed = analysis_seed(session.seed, seat, len(session.steps))
            self.ticket = worker.analyse(self.key, self._generation, session.state.view(seat), seed,
                                         max(1, hard_rollouts(game) // FIRST_SHARE))
            return
        answer = worker.analysis_result(self.ticket)
        if answer is None:
            return
        self.ticket = None
        if answer.generation != self._generation:
            return
        if answer.analysis is None:
            self.version = -1  # the worker lost it (it restarted): start again next poll
            return
        self.analysis = answer.analysis
        if answer.analysis.rollouts < expert_rollouts(game):
            self.ticket = worker.analyse(self.key, self._generation, None, 0,
                                         max(1, hard_rollouts(game) // ROUND_SHARE))

    def drop(self) -> None:
        """Forget the analysis (the decision changed, or the view is off)."""
        self.analysis = None
        self.version = -1
        if self.ticket is not None:
            self.session.bots.worker.cancel(self.ticket)
            self.ticket = None

    def close(self) -> None:
        """The view is off or the session closes: the worker drops its analysis."""
        self.drop()
        worker = self.session.bots.started_worker
        if worker is not None:
            worker.forget(self.key)
