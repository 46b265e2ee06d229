"""A bot's answer wakes its room (issue 41): while a bot seat or a stand-in thinks,
the room's task sleeps, and the bot worker's answer wakes it (`BotWorker.watch`),
rather than the room looking for the answer every few ms; the step is told as soon
as the bot has answered, and a grace period keeps its timing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from server_drive import running, url
from stand_in_bots import Slow

from dominoes_arcade.engine.match import Match
from dominoes_arcade.remote.client import OnlineClient
from dominoes_arcade.server.room import Room
from dominoes_arcade.session.bot_seats import BotSeats
from dominoes_arcade.session.bot_worker import BotWorker

SLOW = f"{Path(__file__).with_name('stand_in_bots.py')}:Slow"
"""A bot that thinks `Slow.SECONDS` (0.3 s) a move (tests/stand_in_bots.py)."""
PROMPT = 0.15
"""Seconds from the bot's answer to its step reaching the client, at most (a few ms
on a quiet machine; room for a loaded one, less than the safety net's 0.5 s)."""
LOOKS = 6
"""The most times a room may look for its bot's answer while the bot thinks (polling
every 5 ms would be about 60)."""
WAIT = 10.0


async def step_of(client: OnlineClient, seat: int) -> dict:
    """The first step `seat` plays that `client` is told, within `WAIT` seconds."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        message = await client.receive()
        if message.get("type") == "step" and message["actor"] == seat:
            return message
    raise AssertionError(f"seat {seat} played nothing within {WAIT} s")


def test_a_bot_seats_answer_wakes_its_room_which_does_not_look_for_it_meanwhile(monkeypatch):
    looks: list[float] = []
    advance = Room.advance

    def counted(room: Room, most: int = 10_000) -> bool:
        looks.append(time.monotonic())
        return advance(room, most)

    monkeypatch.setattr(Room, "advance", counted)
    monkeypatch.setattr(BotSeats, "spec", lambda seats, kind: SLOW)  # the room's bot seat thinks 0.3 s

    async def scenario():
        async with running(None, seed=3) as server:
            host = OnlineClient(url(server))
            await host.create()
            await host.setup(game="necropolis", options={"first_player": 1}, seats=["player", "easy"])
            began = time.monotonic()
            await host.start()
            await step_of(host, 1)
            told = time.monotonic() - began
            await host.close()
            return told, [at - began for at in looks if at >= began]

    told, looked = asyncio.run(scenario())
    assert Slow.SECONDS <= told < Slow.SECONDS + PROMPT, "the bot's move told as soon as it answered"
    thinking = [at for at in looked if at < Slow.SECONDS]
    assert len(thinking) <= LOOKS, f"the room looked {len(thinking)} times while its bot thought"


def test_a_stand_ins_answer_wakes_its_room_after_the_grace_period(monkeypatch):
    grace = 0.2
    worker_results: list[float] = []

    async def scenario():
        settings = {"easy": SLOW, "medium": "greedy", "hard": "greedy", "expert": "greedy"}
        async with running(None, seed=3, bot_settings=settings) as server:
            result = server.worker.result

            def counted(ticket):
                worker_results.append(time.monotonic())
                return result(ticket)

            monkeypatch.setattr(server.worker, "result", counted)
            host = OnlineClient(url(server))
            code = await host.create()
            await host.setup(game="necropolis", options={"first_player": 1}, seats=["player", "player"],
                             grace=grace, bot="easy")
            guest = OnlineClient(url(server))
            await guest.join(code)
            await host.start()
            await guest.close()  # away on its turn: after the grace period, the stand-in plays it
            began = time.monotonic()
            await step_of(host, 1)
            told = time.monotonic() - began
            await host.close()
            return told, [at - began for at in worker_results if at >= began]

    told, looked = asyncio.run(scenario())
    assert grace + Slow.SECONDS <= told < grace + Slow.SECONDS + PROMPT, \
        "the stand-in asked once the grace period was over, its move told as soon as it answered"
    thinking = [at for at in looked if grace < at < grace + Slow.SECONDS]
    assert len(thinking) <= LOOKS, f"the room looked {len(thinking)} times while its stand-in thought"


@pytest.mark.slow
def test_a_worker_processs_answers_are_told_to_the_loop_that_watches_it_even_after_it_died():
    """The room server's worker is a process: the loop watches its pipe, so an answer
    reaches it with nobody asking for it; and when the process dies with a question
    owed, the loop sees its pipe end, the worker starts again and asks again, and the
    answer comes all the same."""
    match = Match("necropolis", 2, None, seed=3)
    while match.is_chance:
        match.resolve_chance()
    state, seat = match.state, match.current_player
    ask = (state.game, seat, state.options_dict(), 1, state.view(seat), state.legal_actions())

    async def scenario(worker: BotWorker):
        told: asyncio.Queue = asyncio.Queue()
        worker.watch(asyncio.get_running_loop(), told.put_nowait)
        first = worker.choose(("room", "ABCDE"), "random", *ask)
        key = await asyncio.wait_for(told.get(), WAIT)  # the worker process starts in about a second
        answers = [(key, worker.result(first))]
        second = worker.choose(("room", "FGHJK"), SLOW, *ask)
        worker._process.kill()  # while the slow bot thinks
        key = await asyncio.wait_for(told.get(), WAIT)
        answers.append((key, worker.result(second)))
        worker.unwatch(told.put_nowait)
        return answers

    worker = BotWorker("process")
    try:
        assert worker.mode == "process", "this machine runs the worker in a process"
        answers = asyncio.run(scenario(worker))
    finally:
        worker.close()
    assert [key for key, _ in answers] == [("room", "ABCDE"), ("room", "FGHJK")], "each table's key"
    for _, decision in answers:
        assert decision is not None and decision.action in state.legal_actions(), "the answer filed, ready to take"
    assert worker.restarts == 1


@pytest.mark.slow
def test_a_worker_closed_while_a_loop_watches_it_leaves_the_loop_alone():
    """The process gone (its pipe ends): the loop lets go of its pipe, without an error
    on each turn of the loop."""
    async def scenario(worker: BotWorker) -> list[dict]:
        loop, errors = asyncio.get_running_loop(), []
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        worker.watch(loop, lambda key: None)
        worker.close()
        await asyncio.sleep(0.3)
        return errors

    worker = BotWorker("process")
    errors = asyncio.run(scenario(worker))
    assert errors == [], "no error in the loop's callbacks"
    assert worker._read_by == {}, "the loop watches no pipe"
