"""The review of a game computed in the bot worker (issue 31, `session.review_job`):
through the worker's process it is exactly `bots.analysis.review` (the same seeds,
values and ranking); the worker is sent each reviewed decision's view, the
reviewed seat's, never a full state, one decision at a time; a stopped review asks
nothing more; a record that does not replay, or with nothing to review, needs no
worker."""

from __future__ import annotations

import time

import pytest
from test_analysis_view import WatchedWorker

from dominoes_arcade.bots.analysis import pending_decisions, review
from dominoes_arcade.bots.seeds import stable_seed
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.session.bot_worker import BotWorker
from dominoes_arcade.session.review_job import ReviewJob

ROLLOUTS = 80
"""Small, so the tests stay quick: equality holds at any budget."""


@pytest.fixture
def worker():
    watched = WatchedWorker()
    yield watched
    watched.close()


def reviews_sent(worker: WatchedWorker, job: ReviewJob) -> list[tuple]:
    return [message for message in worker.sent if message[0] == "analyse" and message[2] == job.key]


@pytest.mark.parametrize("game, players, seats", [("necropolis", None, [0]), ("cyprus", 4, [1, 3])])
def test_the_review_through_the_worker_process_is_the_in_process_review(game, players, seats):
    """`ismcts` (Necropolis) and `pimc` (Cyprus): the same decisions, values and
    order as `bots.analysis.review`, computed in another interpreter."""
    record = random_game(game, 4, players, {"target_score": 20} if game == "cyprus" else None)
    worker = BotWorker("process")
    try:
        job = ReviewJob(record, seats, ROLLOUTS, worker=worker)
        assert job.wait(120.0), "the review did not end"
        assert worker.mode == "process" and worker.restarts == 0, "computed in the worker's process"
    finally:
        worker.close()
    assert job.error is None
    expected = review(record, seats, ROLLOUTS)
    assert expected, "a review with decisions"
    assert job.decisions == expected
    assert job.done == job.total == len(expected)


def test_the_worker_gets_each_decisions_view_of_the_reviewed_seat_one_at_a_time(worker):
    record = random_game("necropolis", 6)
    job = ReviewJob(record, [1], ROLLOUTS, worker=worker)
    pending = pending_decisions(record, [1])
    assert job.total == len(pending) > 2 and job.done == 0
    assert len(reviews_sent(worker, job)) == 1, "one decision asked at a time"
    seen = []
    deadline = time.monotonic() + 60
    while not job.finished:
        assert time.monotonic() < deadline, "the review did not end"
        job.poll()
        seen.append(job.done)
        assert len(reviews_sent(worker, job)) <= job.done + 1
        time.sleep(0.002)
    assert seen == sorted(seen) and seen[-1] == job.total, "the progress counts decisions"
    sent = reviews_sent(worker, job)
    assert len(sent) == len(pending)
    for message, decision in zip(sent, pending, strict=True):
        _, _ticket, _key, generation, view, seed, rollouts, _known = message
        assert view.viewer == 1 and view.current_player == 1, "the reviewed seat's view, never the full state"
        assert generation == decision.step and rollouts == ROLLOUTS
        assert seed == stable_seed(record.seed, "review", 1, decision.step)
    assert ("forget", job.key) in worker.sent, "the worker drops the review's last analysis"
    assert job.decisions == review(record, [1], ROLLOUTS)


def test_a_stopped_review_asks_nothing_more(worker):
    record = random_game("necropolis", 6)
    job = ReviewJob(record, [0, 1], ROLLOUTS, worker=worker)
    job.stop()
    assert ("forget", job.key) in worker.sent
    assert not worker._pending, "the question in hand is dropped"
    time.sleep(0.2)
    job.poll()
    assert len(reviews_sent(worker, job)) == 1 and job.done == 0 and not job.finished
    assert job.wait(1.0), "a stopped review is not waited for"


def test_a_record_that_does_not_replay_or_has_nothing_to_review_needs_no_worker():
    record = random_game("necropolis", 2)
    record.steps = record.steps[:3] + ["0 nonsense"] + record.steps[3:]
    job = ReviewJob(record, [0])
    assert job.finished and job.error and job.decisions is None and job.worker is None
    job = ReviewJob(random_game("necropolis", 2), [])
    assert job.finished and job.decisions == [] and job.error is None and job.worker is None
