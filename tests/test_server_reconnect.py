"""A client that drops comes back (issue 32): it rejoins its seat with its token,
is sent the messages it missed by sequence number (none lost, none twice), the
others are told it is reconnecting, and the game ends with the same record as the
same game (same seed, same decisions) played without drops."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest
from server_drive import open_room, play_out, running

from dominoes_arcade.remote.client import OnlineClient

GAMES = [("necropolis", ["player", "player"], {}),
         ("cyprus", ["player", "medium", "player", "player"], {"target_score": 30})]
MAX_DROPS = 25


def dropper(seed: int, drops: list[int]):
    """An `on_message` hook that cuts a player's connection after a random message
    (1 in 15), at most `MAX_DROPS` times a game (the spectator is never cut)."""
    rng = random.Random(seed)

    async def on_message(client: OnlineClient, message: dict) -> None:
        if len(drops) < MAX_DROPS and client.seat >= 0 and rng.random() < 1 / 15:
            drops.append(client.seat)
            assert client.socket is not None
            client.socket.transport.abort()  # no closing handshake: as a cable pulled out

    return on_message


async def game(game: str, seats: list[str], options: dict, seed: int, drop_seed: int | None):
    drops: list[int] = []
    async with running(None, seed=seed) as server:
        players, watchers = await open_room(server, game, seats, options, spectators=1)
        hook = dropper(drop_seed or 0, drops) if drop_seed is not None else None
        records = await play_out(players, watchers, on_message=hook)
    return records, players, watchers, drops


@pytest.mark.parametrize("game_name, seats, options", GAMES, ids=[g for g, _, _ in GAMES])
@pytest.mark.parametrize("drop_seed", [1, 2])
def test_dropped_clients_rejoin_and_the_game_ends_as_without_drops(game_name, seats, options, drop_seed):
    calm, *_ = asyncio.run(game(game_name, seats, options, seed=7, drop_seed=None))
    records, players, watchers, drops = asyncio.run(game(game_name, seats, options, seed=7, drop_seed=drop_seed))
    assert drops, "some connections were cut"
    assert records[0] == calm[0], "the same game, the drops notwithstanding"
    assert all(record == calm[0] for record in records)
    for client in players:
        numbered = sorted({m["seq"] for m in client.received if isinstance(m.get("seq"), int)})
        assert numbered == list(range(1, numbered[-1] + 1)), "every numbered message came, none missing"
    told = [m for m in watchers[0].received if m.get("type") == "presence"]
    assert {m["seat"] for m in told if m["status"] == "reconnecting"} == set(drops)
    assert {m["seat"] for m in told if m["status"] == "back"} == set(drops)


@pytest.mark.parametrize("hosted", [False, True])
def test_a_hosted_rooms_host_who_leaves_is_not_announced_as_reconnecting(hosted):
    """On a `serve` server a player who drops is "reconnecting" to the others; on
    the host's own server the host's connection ends only as the host leaves (the
    server goes next, and its going says the host left), so nothing is said."""
    async def play() -> list[dict]:
        async with running(hosted=hosted) as server:
            (host, guest), _ = await open_room(server, "necropolis", ["player", "player"])
            await host.close()
            with contextlib.suppress(TimeoutError):
                while True:  # what the guest is told in the next half second
                    await asyncio.wait_for(guest.receive(), 0.5)
            await guest.close()
            return [m for m in guest.received if m.get("type") == "presence" and m["seat"] == 0]

    told = asyncio.run(play())
    assert [m["status"] for m in told] == ([] if hosted else ["reconnecting"])
