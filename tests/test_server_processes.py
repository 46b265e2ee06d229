"""Several servers behind HAProxy (issue 41): HAProxy, configured as docs/online.md
says (its ports changed), in front of two servers numbered 0 and 1 (`serve
--process-id`), each with its own data folder, on 127.0.0.1; a room is created
through it on each, joined by its code in the URL's path, and played to its end.
The two servers run in this test's process (sharing nothing but the loop: starting
two `serve` processes would cost the suite seconds); HAProxy is a process of its
own. Skipped where `haproxy` is missing. Every wait is bounded."""

from __future__ import annotations

import asyncio
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from dominoes_arcade.remote.client import OnlineClient
from tests.server_drive import play_out, running

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


async def room_through(proxy: str, path: str) -> list[OnlineClient]:
    """A room of Necropolis created at `proxy`'s `path`, its guest joining at its code's path; started."""
    host = OnlineClient(f"{proxy}/{path}")
    code = await host.create()
    await host.setup(game="necropolis", seats=["player", "player"])
    guest = OnlineClient(f"{proxy}/{code.lower()}")
    await guest.join(code)
    await host.start()
    return sorted([host, guest], key=lambda client: client.seat)


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
                rooms = [await room_through(url, "")]
                rooms.append(await room_through(url, "B" if rooms[0][0].room.startswith("A") else "A"))
                records = await asyncio.gather(*(play_out(room) for room in rooms))
            finally:
                proxy.terminate()
                try:
                    proxy.wait(10)
                except subprocess.TimeoutExpired:
                    proxy.kill()
                    proxy.wait()
            return [room[0].room for room in rooms], records, set(first.rooms), set(second.rooms)

    codes, records, rooms_of_a, rooms_of_b = asyncio.run(scenario())
    assert sorted(code[0] for code in codes) == ["A", "B"], "a room on each server"
    assert set(codes) == rooms_of_a | rooms_of_b and rooms_of_a.isdisjoint(rooms_of_b)
    for code, record in zip(codes, records, strict=True):
        assert record[0] == record[1] and record[0]["steps"], "both seats told the whole game"
        kept_by = tmp_path / f"process-{'AB'.index(code[0])}"
        assert (kept_by / "records" / f"{code}.json").exists(), "the game played on the server its code names"
