"""The room files a server finds in its data folder (issue 40): a damaged one of any
kind (not JSON, nested too deeply, a seat out of range, a value of the wrong type,
a value the lobby would refuse, a bot that names a program, a code that names a
path) is set aside (renamed ``NAME.damaged-N``, never deleted) with one line saying
why, and the server starts with the good rooms. A FIFO or a link to a device is
refused at once, never opened for reading nor read without end."""

from __future__ import annotations

import json
import os
import queue
import re
import resource
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from dominoes_arcade.engine import SPECTATOR
from dominoes_arcade.server.room import Room
from dominoes_arcade.server.store import Store
from dominoes_arcade.session.bot_worker import shared_worker

GOOD = "GVVDR"
"""The code of the one good room kept beside the damaged ones."""
STARTED = re.compile(r"serving on ws://127\.0\.0\.1:(\d+)")
START_SECONDS = 30.0
"""The most a server may take to start in these tests (it takes about one second)."""


def kept_room(folder: Path, code: str = GOOD, started: bool = True) -> dict[str, Any]:
    """A room file's data as a server writes it: two players and a spectator, and
    when `started`, the game's first steps played."""
    store = Store(folder)
    room = Room(code, 5, worker=shared_worker("thread"), history=store.history, changed=store.save)
    host = room.join()
    room.join()
    room.watch()
    if started:
        room.start(host.token)
        room.advance()
    store.save(room, whole=True)  # the steps in the snapshot, not in its log
    store.close()
    return json.loads((store.rooms / f"{code}.json").read_text())


def damaged(name: str, data: dict[str, Any]) -> dict[str, Any] | str:
    """`data` (a good room file's) damaged as case `name` says; a string is the
    file's whole text."""
    data = json.loads(json.dumps(data))
    member = data["members"][1]
    if name == "nested":
        return json.dumps({**data, "options": "NEST"}).replace('"NEST"', "[" * 100_000 + "]" * 100_000)
    if name == "not JSON":
        return "{ torn"
    if name == "not an object":
        return "[1, 2]"
    if name == "seat out of range":
        member["seat"] = 7
    elif name == "seat of a bot":
        data["kinds"] = ["player", "easy"]
    elif name == "two in one seat":
        member["seat"] = data["members"][0]["seat"]
    elif name == "timer in words":
        data["turn_timer"] = "soon"
    elif name == "grace NaN":
        return json.dumps(data).replace('"grace": 30.0', '"grace": NaN')
    elif name == "grace infinite":
        return json.dumps(data).replace('"grace": 30.0', '"grace": 1e999')
    elif name == "unknown kind":
        data["kinds"], data["started"], data["steps"] = ["wizard", "player"], False, []
    elif name == "a program as stand-in":
        data["bot"] = "cmd:touch pwned"
    elif name == "a program in a seat":
        data["kinds"], data["started"], data["steps"] = ["player", "player", "cmd:touch pwned"], False, []
        data["game"] = "cyprus"
    elif name == "host a list":
        data["host"] = [1]
    elif name == "host nobody":
        data["host"] = "someone else"
    elif name == "unknown game":
        data["game"] = "chess"
    elif name == "options a list":
        data["options"] = [["target_score", 30]]
    elif name == "sent negative":
        member["sent"] = -3
    elif name == "seed a string":
        data["seed"] = "12"
    elif name == "steps that do not replay":
        data["steps"] = ["* first 0", "0 fly away"]
    elif name == "another format":
        data["format"] = 99
    elif name == "code escapes":
        data["code"] = "../../../escape"
    elif name == "code of another file":
        data["code"] = "QQQQQ"
    elif name == "token a number":
        member["token"] = 12
    return data


CASES = {  # name: a word the reason must hold
    "nested": "nested", "not JSON": "JSON", "not an object": "object", "seat out of range": "seat",
    "seat of a bot": "seat", "two in one seat": "seat", "timer in words": "timer", "grace NaN": "NaN",
    "grace infinite": "1e999", "unknown kind": "wizard", "a program as stand-in": "bot",
    "a program in a seat": "cmd:", "host a list": "host", "host nobody": "host", "unknown game": "chess",
    "options a list": "options", "sent negative": "sent", "seed a string": "seed",
    "steps that do not replay": "fly away", "another format": "format", "code escapes": "code",
    "code of another file": "code", "token a number": "token",
}


def write_case(rooms: Path, name: str, good: dict[str, Any]) -> Path:
    path = rooms / "BADRM.json"
    bad = damaged(name, {**good, "code": "BADRM"})
    path.write_text(bad if isinstance(bad, str) else json.dumps(bad))
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_a_damaged_room_file_is_set_aside_with_its_reason_and_the_others_load(tmp_path, name):
    data = tmp_path / "a" / "b" / "online"
    good = kept_room(data)
    path = write_case(data / "rooms", name, good)
    store = Store(data)
    rooms = store.load(worker=shared_worker("thread"), history=store.history)
    assert [room.code for room in rooms] == [GOOD]
    assert not path.exists()
    assert [aside.path for aside in store.set_aside] == [path]
    aside = store.set_aside[0]
    assert aside.moved_to == path.with_name("BADRM.json.damaged-1") and aside.moved_to.exists()
    assert CASES[name] in aside.reason, aside.reason
    assert "\n" not in aside.reason and len(aside.reason) < 300
    assert sorted(p.name for p in tmp_path.rglob("*escape*")) == [], "nothing written outside the data folder"


def test_the_room_kept_is_the_room_it_was(tmp_path):
    good = kept_room(tmp_path)
    store = Store(tmp_path)
    (room,) = store.load(worker=shared_worker("thread"), history=store.history)
    assert not store.set_aside
    assert (room.code, room.game, room.kinds, room.grace, room.bot) == (GOOD, "necropolis", ["player"] * 2, 30.0,
                                                                         "medium")
    assert room.session is not None and list(room.session.steps) == good["steps"]
    assert [kept["seat"] for kept in good["members"]] == [0, 1, -1], "a spectator written as in the messages"
    assert {m.token: (m.seat, m.sent) for m in room.members.values()} == \
        {kept["token"]: (SPECTATOR if kept["seat"] == -1 else kept["seat"], kept["sent"]) for kept in good["members"]}


def test_a_room_set_aside_twice_keeps_both_files(tmp_path):
    good = kept_room(tmp_path)
    rooms = tmp_path / "rooms"
    for _ in range(2):
        write_case(rooms, "seat out of range", good)
        Store(tmp_path).load(worker=shared_worker("thread"))
    assert sorted(p.name for p in rooms.glob("BADRM*")) == ["BADRM.json.damaged-1", "BADRM.json.damaged-2"]


def limited_memory() -> None:
    """In the server's process: at most 2 GiB of address space, so a server reading
    /dev/zero fails here instead of taking the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def start_serving(data: Path) -> tuple[subprocess.Popen, list[str], int | None]:
    """`dominoes-arcade serve --data DATA` on 127.0.0.1: the process, the lines it wrote
    to stderr up to its ``serving on`` line (or until it ended, or `START_SECONDS`), and
    its port (None when it did not start)."""
    process = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "serve", "--port", "0", "--data",
                                str(data)], stderr=subprocess.PIPE, text=True, preexec_fn=limited_memory)
    lines: queue.Queue[str] = queue.Queue()
    assert process.stderr is not None
    threading.Thread(target=lambda: [lines.put(line) for line in process.stderr], daemon=True).start()
    said: list[str] = []
    for _ in range(1000):  # a line at a time; the deadline is the real bound
        try:
            line = lines.get(timeout=START_SECONDS)
        except queue.Empty:
            break
        if found := STARTED.search(line):
            return process, said, int(found[1])
        said.append(line.rstrip("\n"))
    return process, said, None


def test_serve_starts_past_every_damaged_room_and_says_which_it_set_aside(tmp_path):
    data = tmp_path / "a" / "b" / "online"
    good = kept_room(data)
    rooms = data / "rooms"
    names: dict[str, str] = {}
    for number, name in enumerate(["nested", "seat out of range", "timer in words", "a program as stand-in",
                                   "host a list", "code escapes"]):
        code = f"BAD{'ABCDEFGHJK'[number]}A"
        bad = damaged(name, {**good, "code": code})
        (rooms / f"{code}.json").write_text(bad if isinstance(bad, str) else json.dumps(bad))
        names[code] = name
    os.symlink("/dev/zero", rooms / "ZERRS.json")
    os.mkfifo(rooms / "FFFSS.json")
    process, said, port = start_serving(data)
    try:
        assert port is not None, f"the server did not start: {said}"
    finally:
        process.kill()
        process.wait(10)
    assert len(said) == len(names) + 2, said
    for code in [*names, "ZERRS", "FFFSS"]:
        (line,) = [line for line in said if f"{code}.json" in line]
        assert "set aside" in line and f"{code}.json.damaged-1" in line
        assert (rooms / f"{code}.json.damaged-1").exists() or (rooms / f"{code}.json.damaged-1").is_symlink()
    assert "a device" in next(line for line in said if "ZERRS" in line)
    assert "a FIFO" in next(line for line in said if "FFFSS" in line)
    assert (rooms / f"{GOOD}.json").exists(), "the good room is kept"
    assert not list(tmp_path.rglob("*escape*")), "nothing written outside the data folder"
