"""The server's stand-in bot (issue 39): it plays a turn for a player out of time
or away through the bot worker, like every bot, so its fault never freezes the room:
the room plays a random legal move for that seat and tells every seat so."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server_drive import running, url

from dominoes_arcade.remote.client import OnlineClient, bot_decider
from dominoes_arcade.server.room import Room
from dominoes_arcade.session.bot_worker import Decision

RAISES = f"{Path(__file__).with_name('stand_in_bots.py')}:Raises"
"""A bot that raises at every decision (tests/stand_in_bots.py)."""
LIMIT = 60.0
"""Seconds the whole game may take: far more than it needs (a few seconds)."""
FAILED = ("Seat 2 is away: the stand-in bot failed (RuntimeError: the stand-in cannot think), "
          "so a random move was played.")
AWAY_FOR = 3
"""The stand-in's failed decisions the guest is away for before it comes back."""


def test_a_stand_in_bot_that_raises_does_not_freeze_the_room():
    async def scenario():
        settings = {"easy": RAISES, "medium": "greedy", "hard": "greedy", "expert": "greedy"}
        async with running(None, seed=3, bot_settings=settings) as server:
            host = OnlineClient(url(server))
            code = await host.create()
            await host.setup(game="necropolis", options={"first_player": 0}, seats=["player", "player"],
                             grace=0, bot="easy")  # an away player's turn goes to the stand-in at once
            guest = OnlineClient(url(server))
            await guest.join(code)
            await host.start()
            await guest.close()
            back: list[asyncio.Task] = []

            async def come_back_after_the_failures(client: OnlineClient, message: dict) -> None:
                if not back and client.notices.count(FAILED) >= AWAY_FOR:
                    await guest.reconnect(attempts=20)  # told what it missed, the notices included
                    back.append(asyncio.create_task(guest.follow(bot_decider("greedy", seed=3), limit=LIMIT)))

            record = await host.follow(bot_decider("greedy", seed=3), limit=LIMIT,
                                       on_message=come_back_after_the_failures)
            assert back, "the stand-in failed at least AWAY_FOR times while the guest was away"
            guest_record = await asyncio.wait_for(back[0], LIMIT)
            await host.close()
            await guest.close()
            return record, guest_record, host.notices, guest.notices

    record, guest_record, host_notices, guest_notices = asyncio.run(asyncio.wait_for(scenario(), 2 * LIMIT + 10))
    assert record == guest_record and record["scores"], "the room played its game to the end"
    assert host_notices.count(FAILED) >= AWAY_FOR
    assert host_notices == guest_notices, "each seat is told of every turn the failed stand-in played at random"
    assert set(host_notices) == {FAILED}


def test_a_failed_stand_in_decision_is_a_random_legal_move_and_a_notice_to_every_member():
    room = Room("ABCDE", 1)
    host, guest, watcher = room.join(), room.join(), room.watch()
    room.setup(host.token, {"options": {"first_player": 1}})
    room.start(host.token)
    room.advance()  # the deal
    session = room.session
    step, seat = len(session.steps), session.current_player
    assert seat == 1
    room.take_over(seat, step - 1, Decision(None, 0.0, "stale"), "away")
    room.advance()
    assert len(session.steps) == step, "a decision asked at an older step is dropped"
    room.take_over(seat, step, Decision(None, 0.01, "seat 1 forfeits (timeout): no decision within 10000 ms"), "timer")
    room.advance()
    assert len(session.steps) > step and session.steps[step].startswith("1 "), "a legal move was played for seat 1"
    notice = ("Seat 2 ran out of time: the stand-in bot failed (seat 1 forfeits (timeout): no decision within "
              "10000 ms), so a random move was played.")
    for member in (host, guest, watcher):
        assert sum(notice in sent for sent in member.outbox) == 1
