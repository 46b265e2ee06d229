"""A game's review (`bots.analysis.review`: each decision of the player's seats
against the best move of an `expert` search) computed off the caller's loop, in a
thread, with its progress to show.

    job = ReviewJob(record, [0])
    ...                      # each frame
    job.done, job.total      # decisions analysed so far, of how many
    job.decisions            # the ranked decisions once finished (None until then)
    job.error                # why it could not be done (the record does not replay)

A thread, not the bot worker: a review is one long computation with a progress
to report, asked for on a screen that only shows that progress; the worker's
requests are answered once each. The review holds the GIL in slices, so the
progress screen's frames still come.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ..bots.analysis import ReviewedDecision, review
from ..engine.records import Record


class ReviewJob:
    """One review under way (it starts at once)."""

    def __init__(self, record: Record, seats: Sequence[int], rollouts: int | None = None):
        self.record = record
        self.seats = list(seats)
        self.done = 0
        self.total = 0
        self.decisions: list[ReviewedDecision] | None = None
        self.error: str | None = None
        self._stopped = False
        self._thread = threading.Thread(target=self._run, args=(rollouts,), name="dominoes-arcade-review",
                                        daemon=True)
        self._thread.start()

    @property
    def finished(self) -> bool:
        return self.decisions is not None or self.error is not None

    def _progress(self, done: int, total: int) -> None:
        if self._stopped:
            raise _Stopped
        self.done, self.total = done, total

    def _run(self, rollouts: int | None) -> None:
        try:
            self.decisions = review(self.record, self.seats, rollouts, progress=self._progress)
        except _Stopped:
            pass
        except ValueError as error:  # a record the rules refuse: said on the screen
            self.error = str(error)

    def stop(self) -> None:
        """The review is no longer wanted: it stops after the decision in hand."""
        self._stopped = True

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the review ends (tests and tools only). Returns whether it did."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


class _Stopped(Exception):
    """Raised from the progress callback to end a review no one waits for."""
