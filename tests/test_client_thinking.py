"""The thinking indicator: a bot to move that has not answered after
`THINKING_NOTICE_SECONDS` is shown thinking; an answer that came early is kept for
the table's pacing, not shown as thinking (issue 18)."""

from __future__ import annotations

import time

from dominoes_arcade.session.bot_seats import THINKING_NOTICE_SECONDS, BotSeats


class SlowWorker:
    """Answers a ticket only once `answer` is set; each answer is collected once."""

    def __init__(self):
        self.answers: dict[int, object] = {}

    def result(self, ticket):
        return self.answers.pop(ticket, None)


def seats_asked(seconds_ago: float) -> tuple[BotSeats, SlowWorker]:
    seats = BotSeats(session=None)
    worker = seats._worker = SlowWorker()
    seats.ticket = 7
    seats._asked_at = time.monotonic() - seconds_ago
    return seats, worker


def test_no_question_means_no_thinking():
    seats = BotSeats(session=None)
    assert seats.thinking_seconds() == 0.0


def test_a_bot_without_an_answer_is_thinking_for_as_long_as_it_was_asked():
    seats, _ = seats_asked(THINKING_NOTICE_SECONDS + 0.2)
    assert seats.thinking_seconds() >= THINKING_NOTICE_SECONDS + 0.2
    fresh, _ = seats_asked(0.0)
    assert fresh.thinking_seconds() < THINKING_NOTICE_SECONDS


def test_an_early_answer_stops_the_indicator_and_is_kept_for_the_move():
    seats, worker = seats_asked(THINKING_NOTICE_SECONDS + 1)
    worker.answers[7] = "decision"
    assert seats.thinking_seconds() == 0.0  # collected here, while the table paces the move
    assert seats.move_decision() == "decision"
    assert seats.ticket is None and seats.thinking_seconds() == 0.0
