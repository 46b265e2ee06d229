"""The bot worker drives every decision within its time limit (issue 39: one time
limit for every bot): a bot that never returns is stopped in the worker process by
its watchdog and answers with a timeout, and the worker goes on answering."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominoes_arcade.engine.match import Match
from dominoes_arcade.session.bot_worker import BotWorker

SLEEPER = f"{Path(__file__).with_name('tournament_bots.py')}:Sleeper"
"""Never returns and swallows ordinary exceptions (tests/tournament_bots.py)."""
LIMIT = 0.2
WAIT = 20.0
"""Seconds the test waits for an answer at most (a worker process starts in about one)."""


@pytest.mark.slow
def test_a_bot_that_never_returns_is_stopped_in_the_worker_process_and_the_worker_goes_on():
    match = Match("buildup", 2, None, seed=3)
    while match.is_chance:
        match.resolve_chance()
    state, seat = match.state, match.current_player
    worker = BotWorker("process")
    try:
        assert worker.mode == "process", "this machine runs the worker in a process"
        ask = (state.game, seat, state.options_dict(), 1, state.view(seat), state.legal_actions())
        stuck = worker.wait(worker.choose("table", SLEEPER, *ask, time_limit=LIMIT), WAIT)
        after = worker.wait(worker.choose("table", "random", *ask, time_limit=LIMIT), WAIT)
    finally:
        worker.close()
    assert stuck is not None and stuck.action is None, "the stuck bot was stopped"
    assert stuck.error.startswith(f"no decision within {LIMIT * 1000:.0f} ms (stopped after")
    assert stuck.seconds < 10 * LIMIT
    assert after is not None and after.action in state.legal_actions(), "the worker answers the next request"
