"""A game's review (`bots.analysis.review`: each decision of the player's seats
against the best move of an `expert` search) computed off the caller's loop, in
the bot worker, with its progress to show.

    job = ReviewJob(record, [0])
    ...
    job.poll()               # each frame: never waits
    job.done, job.total      # decisions analysed so far, of how many
    job.decisions            # the ranked decisions once finished (None until then)
    job.ranked_so_far()      # those analysed so far, ranked: shown while the rest come
    job.error                # why it could not be done (the record does not replay)

The bot worker's process (`session.bot_worker`), not a thread of the client: a
review is several seconds of search, and a thread would hold the GIL in slices
all that time, so the frames of the progress screen would come late and
unevenly (bench/client.py measures both, ``--only-review``). Here the client only
replays the record to find the decisions to review (`bots.analysis.pending_decisions`,
quick), then asks the worker for one decision's analysis at a time (an `analyse`
request bringing the seat's view, never the full state, its seed and the whole
budget), and ranks the answers as `bots.analysis.review` does (`reviewed`,
`ranked`): the same seeds and rollouts, so the same review. A decision's whole
budget goes in its one request, not in rounds as the analysis view refines: rounds
may add up to other rollouts (whole deals in `pimc`, every move tried once in
`ismcts`), and the review must be `review`'s exactly. One request at a time keeps
the worker free for other requests between decisions (a decision is about a
second of search at `expert`'s rollouts), and a stopped review (the player leaves)
drops its question at once and sends no other; the worker ends the decision in
hand, then forgets it. When the worker cannot
start processes it thinks in a thread (`bot_worker.MAX_RESTARTS`), and the review
with it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence

from ..bots.analysis import PendingDecision, ReviewedDecision, pending_decisions, ranked, review_rollouts, reviewed
from ..engine.records import Record
from .bot_worker import BotWorker, shared_worker

_keys = itertools.count(1)


class ReviewJob:
    """One review under way (it starts at once; `poll` it to move it on)."""

    def __init__(self, record: Record, seats: Sequence[int], rollouts: int | None = None,
                 worker: BotWorker | None = None):
        self.record = record
        self.seats = list(seats)
        self.done = 0
        self.total = 0
        self.decisions: list[ReviewedDecision] | None = None
        self.error: str | None = None
        self.key = ("review", next(_keys))
        """The worker's name for this review's analyses."""
        self.rollouts = review_rollouts(record.game, rollouts)
        self._pending: list[PendingDecision] = []
        self._reviewed: list[ReviewedDecision] = []
        self._ticket: int | None = None
        self._stopped = False
        self.worker = worker
        """The worker asked (the client's shared one unless given; started only if
        there is something to review)."""
        try:
            self._pending = pending_decisions(record, self.seats)
        except ValueError as error:  # a record the rules refuse: said on the screen
            self.error = str(error)
            return
        self.total = len(self._pending)
        if not self.total:
            self.decisions = []
            return
        if self.worker is None:
            self.worker = shared_worker()
        self._ask()

    @property
    def finished(self) -> bool:
        return self.decisions is not None or self.error is not None

    def ranked_so_far(self) -> list[ReviewedDecision]:
        """The decisions analysed so far, ranked as the review will be (the whole
        review once finished): a long review shows its first results as they come."""
        return self.decisions if self.decisions is not None else ranked(self._reviewed)

    def _ask(self) -> None:
        """Ask the worker for the next decision's analysis."""
        decision = self._pending[self.done]
        self._ticket = self.worker.analyse(self.key, decision.step, decision.view, decision.seed, self.rollouts)

    def poll(self) -> None:
        """Collect the decision in hand once it is analysed and ask for the next;
        never waits. Once the last is in, `decisions` is the ranked review."""
        if self.finished or self._stopped or self._ticket is None:
            return
        answer = self.worker.analysis_result(self._ticket)
        if answer is None:
            return
        self._ticket = None
        if answer.analysis is None:  # the worker could not analyse it (a game it cannot set up)
            self.error = answer.error or "the analysis failed"
            self.worker.forget(self.key)
            return
        self._reviewed.append(reviewed(self._pending[self.done], answer.analysis))
        self.done += 1
        if self.done < self.total:
            self._ask()
        else:
            self.worker.forget(self.key)  # the worker's last analysis is no longer needed
            self.decisions = ranked(self._reviewed)

    def stop(self) -> None:
        """The review is no longer wanted: its question is dropped (the worker ends
        the decision in hand and forgets it), and no other is asked."""
        if self._stopped:
            return
        self._stopped = True
        if self._ticket is not None:
            self.worker.cancel(self._ticket)
            self._ticket = None
            self.worker.forget(self.key)

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the review ends (tests and tools only). Returns whether it did."""
        deadline = time.perf_counter() + timeout
        while not self.finished and not self._stopped:
            if time.perf_counter() >= deadline:
                return False
            self.poll()
            time.sleep(0.002)
        return True
