"""Several servers behind HAProxy (issue 41): HAProxy, configured as docs/online.md
says (its ports changed), in front of two servers numbered 0 and 1 (`serve
--process-id`), each with its own data folder, on 127.0.0.1; a room is created
through it on each and played to its end, each guest joining at the proxy's bare
address (the client connects to its room's code in the URL's path): on the second
process the guest is the arcade's own `OnlineLink`, whose connection is cut once
(it comes back through the proxy to the same room). The two servers run in this
test's process (sharing nothing but the loop: starting two `serve` processes would
cost the suite seconds); HAProxy is a process of its own. Skipped where `haproxy`
is missing. Every wait is bounded."""

from __future__ import annotations

import asyncio
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from server_drive import LIMIT, play_out, play_to_the_end, running

from dominoes_arcade.remote.client import OnlineClient, bot_decider
from dominoes_arcade.remote.link import OnlineLink

ROOT = Path(__file__).resolve().parent.parent
START_LIMIT = 30.0
"""Seconds HAProxy may take to start listening."""


def documented_configuration() -> str:
    text = (ROOT / "docs" / "online.md").read_text()
    found = re.search(r"```haproxy\n(.*?)```", text, re.S)
    assert found, "docs/online.md gives an HAProxy configuration"
    return found[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port: int) -> None:
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.02)
    raise AssertionError("haproxy did not listen")


async def room_through(proxy: str, path: str) -> OnlineClient:
    """A room of Necropolis for two created at `proxy`'s `path` (the bare address: any
    process; a process's letter: that one); its host."""
    host = OnlineClient(f"{proxy}/{path}")
    await host.create()
    await host.setup(game="necropolis", seats=["player", "player"])
    return host


async def played_by_clients(proxy: str, host: OnlineClient) -> list[dict]:
    """`host`'s room joined by a headless client at `proxy`'s address, started and played out."""
    guest = OnlineClient(proxy)
    await guest.join(host.room)
    await host.start()
    return await play_out(sorted([host, guest], key=lambda client: client.seat))


async def played_with_link(proxy: str, host: OnlineClient) -> tuple[dict, list[dict]]:
    """`host`'s room joined by the arcade's `OnlineLink` at `proxy`'s address, started and
    played out, the link's connection cut at its first step: the host's record and
    every message the link polled."""
    link = OnlineLink(proxy, timeout=5.0)
    try:
        assert await asyncio.to_thread(link.join, host.room) == 1
        await host.start()

        cuts: list[int] = []

        def cut(fresh: list[dict]) -> None:  # once: the link must come back to the room's process
            if not cuts and any(m["type"] == "step" for m in fresh):
                cuts.append(1)
                link._loop.call_soon_threadsafe(link._client.socket.transport.abort)  # on the link's loop

        followed = host.follow(bot_decider("greedy"), limit=LIMIT)
        polled = asyncio.to_thread(play_to_the_end, link, bot_decider("greedy", seed=1), 30.0, cut)
        record, messages = await asyncio.gather(followed, polled)
    finally:
        await host.close()
        await asyncio.to_thread(link.close)
    return record, messages


@pytest.mark.skipif(shutil.which("haproxy") is None,
                    reason="haproxy is not installed (Debian: apt-get install haproxy; .ci/run does when root)")
def test_two_servers_behind_haproxy_each_play_the_rooms_routed_to_them(tmp_path):
    async def scenario():
        async with running(tmp_path / "process-0", seed=3, process=0) as first, \
                running(tmp_path / "process-1", seed=4, process=1) as second:
            assert (first.code_letter, second.code_letter) == ("A", "B")
            proxy_port = free_port()
            configuration = documented_configuration()
            for old, new in (("bind :8765", f"bind 127.0.0.1:{proxy_port}"),
                             ("127.0.0.1:8801", f"127.0.0.1:{first.port}"),
                             ("127.0.0.1:8802", f"127.0.0.1:{second.port}")):
                assert old in configuration
                configuration = configuration.replace(old, new)
            (tmp_path / "haproxy.cfg").write_text(configuration)
            proxy = subprocess.Popen(["haproxy", "-db", "-f", str(tmp_path / "haproxy.cfg")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                await asyncio.to_thread(listening, proxy_port)
                url = f"ws://127.0.0.1:{proxy_port}"
                first_host = await room_through(url, "")  # the process the proxy sends this address to
                other = "B" if first_host.room.startswith("A") else "A"
                second_host = await room_through(url, other)
                records, (linked, polled) = await asyncio.gather(played_by_clients(url, first_host),
                                                                 played_with_link(url, second_host))
            finally:
                proxy.terminate()
                try:
                    proxy.wait(10)
                except subprocess.TimeoutExpired:
                    proxy.kill()
                    proxy.wait()
            return [first_host.room, second_host.room], [records, [linked, link_record(polled)]], polled, \
                set(first.rooms), set(second.rooms)

    codes, records, polled, rooms_of_a, rooms_of_b = asyncio.run(scenario())
    assert sorted(code[0] for code in codes) == ["A", "B"], "a room on each server"
    assert set(codes) == rooms_of_a | rooms_of_b and rooms_of_a.isdisjoint(rooms_of_b)
    for code, record in zip(codes, records, strict=True):
        assert record[0] == record[1] and record[0]["steps"], "both seats told the whole game"
        kept_by = tmp_path / f"process-{'AB'.index(code[0])}"
        assert (kept_by / "records" / f"{code}.json").exists(), "the game played on the server its code names"
    statuses = [m["status"] for m in polled if m["type"] == "link"]
    assert statuses == ["reconnecting", "connected"], "the link's connection cut once, back through the proxy"


def link_record(polled: list[dict]) -> dict:
    return next(m["record"] for m in polled if m["type"] == "game_over")
