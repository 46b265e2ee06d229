"""The watchdog (bots/driver.py) stops a bot that overruns its time limit, and a
ring that lands while `ask` is already turning a bot's error into a forfeit does
not escape as an `Overrun` (which would take a tournament worker down)."""

from __future__ import annotations

import random
import time

import pytest

from dominoes_arcade.bots.base import Bot
from dominoes_arcade.bots.driver import Forfeit, Watchdog, ask
from dominoes_arcade.engine import new_game

LIMIT = 0.05


class SlowToExplain(Exception):
    """A bot error whose forfeit kind takes longer to read than the move time limit,
    as a program bot's error can when its pipe is slow: the watchdog rings while
    `ask` handles it."""

    @property
    def forfeit_kind(self) -> str:
        time.sleep(3 * LIMIT)
        return "crash"


class Failing(Bot):
    name = "failing"

    def choose(self, view, legal):
        raise SlowToExplain("the program went away")


class Sleeping(Bot):
    name = "sleeping"

    def choose(self, view, legal):
        time.sleep(20 * LIMIT)
        return legal[0]


def a_decision():
    """A Necropolis state after the deal, with a player to move."""
    state, rng = new_game("necropolis", None, {}), random.Random(1)
    while state.current_player < 0:
        state.apply_unchecked(state.sample_chance(rng))
    return state


@pytest.mark.skipif(not Watchdog.available(), reason="the watchdog needs SIGALRM in the main thread")
def test_an_error_handled_past_the_limit_forfeits_with_its_own_kind():
    state = a_decision()
    bot = Failing("necropolis", state.current_player, {}, 1)
    with Watchdog(LIMIT) as watchdog, pytest.raises(Forfeit) as raised:
        ask(bot, state, LIMIT, watchdog)
    assert raised.value.kind == "crash" and "went away" in raised.value.message


@pytest.mark.skipif(not Watchdog.available(), reason="the watchdog needs SIGALRM in the main thread")
def test_a_bot_that_overruns_is_stopped_as_a_timeout():
    state = a_decision()
    bot = Sleeping("necropolis", state.current_player, {}, 1)
    start = time.perf_counter()
    with Watchdog(LIMIT) as watchdog, pytest.raises(Forfeit) as raised:
        ask(bot, state, LIMIT, watchdog)
    assert raised.value.kind == "timeout"
    assert time.perf_counter() - start < 10 * LIMIT  # stopped, not waited out
