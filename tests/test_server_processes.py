"""Several `serve` processes behind HAProxy (issue 41): HAProxy, configured as
docs/online.md says (its ports changed), in front of two servers with process ids
0 and 1 on 127.0.0.1; a room is created through it on each process, joined by its
code in the URL's path, and played to its end. Skipped where `haproxy` is missing.
Every wait is bounded."""

from __future__ import annotations

import asyncio
import re
import selectors
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_arcade.remote.client import OnlineClient
from tests.server_drive import play_out

ROOT = Path(__file__).resolve().parent.parent
STARTED = re.compile(r"serving on ws://127\.0\.0\.1:(\d+) .*its room codes begin with (\w)")
START_LIMIT = 30.0
"""Seconds a process may take to start listening."""


def documented_configuration() -> str:
    text = (ROOT / "docs" / "online.md").read_text()
    found = re.search(r"```haproxy\n(.*?)```", text, re.S)
    assert found, "docs/online.md gives an HAProxy configuration"
    return found[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def started(process: subprocess.Popen) -> tuple[int, str]:
    """The port `process` (a `serve`) listens on and its codes' letter, from its first lines."""
    assert process.stderr is not None
    with selectors.DefaultSelector() as waiting:
        waiting.register(process.stderr, selectors.EVENT_READ)
        deadline = time.monotonic() + START_LIMIT
        while (left := deadline - time.monotonic()) > 0 and waiting.select(left):
            line = process.stderr.readline()
            if found := STARTED.search(line):
                return int(found[1]), found[2]
            if not line:
                break
    raise AssertionError("a serve process did not start")


def listening(port: int) -> None:
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
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
def test_two_processes_behind_haproxy_each_play_the_rooms_routed_to_them(tmp_path):
    processes: list[subprocess.Popen] = []
    try:
        for number in (0, 1):
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "dominoes_arcade", "serve", "--port", "0", "--process-id", str(number),
                 "--data", str(tmp_path / f"process-{number}")], stderr=subprocess.PIPE, text=True, cwd=ROOT))
        (port_a, letter_a), (port_b, letter_b) = (started(process) for process in processes)
        assert (letter_a, letter_b) == ("A", "B")
        proxy_port = free_port()
        configuration = documented_configuration()
        for old, new in (("bind :8765", f"bind 127.0.0.1:{proxy_port}"), ("127.0.0.1:8801", f"127.0.0.1:{port_a}"),
                         ("127.0.0.1:8802", f"127.0.0.1:{port_b}")):
            assert old in configuration
            configuration = configuration.replace(old, new)
        (tmp_path / "haproxy.cfg").write_text(configuration)
        processes.append(subprocess.Popen(["haproxy", "-db", "-f", str(tmp_path / "haproxy.cfg")],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        listening(proxy_port)
        proxy = f"ws://127.0.0.1:{proxy_port}"

        async def scenario():
            first = await room_through(proxy, "")
            other = "B" if first[0].room.startswith("A") else "A"
            second = await room_through(proxy, other)
            records = await asyncio.gather(play_out(first), play_out(second))
            return [first[0].room, second[0].room], records

        codes, records = asyncio.run(scenario())
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    assert sorted(code[0] for code in codes) == ["A", "B"], "a room on each process"
    for code, record in zip(codes, records, strict=True):
        assert record[0] == record[1] and record[0]["steps"], "both seats told the whole game"
        kept_by = tmp_path / f"process-{'AB'.index(code[0])}"
        assert (kept_by / "records" / f"{code}.json").exists(), "the game played on the process its code names"
