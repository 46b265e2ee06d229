"""End to end, as a player starts the game: `dominoes-arcade play` and
`dominoes-arcade serve` in processes of their own, the client's real loop
(`App.run`, where a still screen idles) fed by a script of keys and clicks
(``--script``, `dominoes_arcade.client.script`), every game of every kind played
to its end: at one screen against bots; online, hosted from the title by one
client and joined by another with ``play --join``; and on a `serve` server with a
scripted host and two clients joined with ``play --join``. Each process's exit
code and log are checked, and the game is in each player's history.

Every process is bounded in time, and every server listens on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_arcade.remote.client import OnlineClient, bot_decider

LIMIT = 150.0
"""Seconds any one process may run."""
SHORTER = {"sebastopol": {"target_score": 30}, "draw": {"target_score": 30}, "block": {"target_score": 30}}
"""Sebastopol to 30, not 60: two rounds or so instead of five (seed 3: 108 steps, not
270), still a game of rounds to its end; Draw and Block to 30, not 100, likewise."""
FAST = ('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n[audio]\nmusic_volume = 0.0\n'
        '[online]\nhost = "127.0.0.1"\nport = 0\ngrace = {grace}\n'
        + "".join(f"[{game}]\ntarget_score = {options['target_score']}\n" for game, options in SHORTER.items()))
"""No animation and no bot delay (the loop is what is tested, not the pacing);
no music (synthesising it is about half of a client's start-up, even under the
dummy sound driver; the effects still play); a hosted game on this computer only,
on any free port; the shorter games of `SHORTER`."""
PLAY = "screen table\nplay\n"
SEATS = {"necropolis": "human,easy", "buildup": "human,easy", "cyprus": "human,easy,easy,easy",
         "sebastopol": "human,easy,easy,easy", "draw": "human,easy", "block": "human,easy,easy"}
JOIN_LINE = re.compile(r"--join (127\.0\.0\.1:\d+/\w+)")


class Player:
    """One `dominoes-arcade` process with user folders, settings and a script of its own."""

    def __init__(self, folder: Path, args: list[str], script: str, *, grace: int = 30):
        folder.mkdir(parents=True)
        self.folder = folder
        (folder / "fast.toml").write_text(FAST.format(grace=grace), encoding="utf-8")
        (folder / "script.txt").write_text(script, encoding="utf-8")
        env = {**os.environ, "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config"),
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        self.log_path = folder / "stderr.txt"
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "dominoes_arcade", *args, "--headless", "--exit-when-over",
                 "--config", str(folder / "fast.toml"), "--script", str(folder / "script.txt")],
                stdout=subprocess.DEVNULL, stderr=log, env=env)

    @property
    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, pattern: re.Pattern[str], limit: float = 60.0) -> re.Match[str]:
        end = time.monotonic() + limit
        while (found := pattern.search(self.log)) is None:
            assert self.process.poll() is None, f"ended ({self.process.returncode}) before {pattern.pattern}: " \
                                                f"{self.log}"
            assert time.monotonic() < end, f"no {pattern.pattern} after {limit} s: {self.log}"
            time.sleep(0.05)
        return found

    def finish(self, limit: float = LIMIT) -> None:
        """Wait for the process to end by itself, and check it ended well."""
        try:
            code = self.process.wait(limit)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
            pytest.fail(f"still running after {limit} s: {self.log[-3000:]}")
        assert code == 0, f"exit {code}: {self.log[-3000:]}"
        assert "Traceback" not in self.log and "still waiting" not in self.log, self.log[-3000:]

    def history(self) -> list[dict]:
        path = self.folder / "data" / "dominoes-arcade" / "history.jsonl"
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture
def players():
    started: list[Player] = []

    def start(*args, **kwargs) -> Player:
        started.append(Player(*args, **kwargs))
        return started[-1]

    yield start
    for player in started:
        player.stop()


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_local_game_is_played_to_its_end_through_the_real_loop(tmp_path, players, game):
    player = players(tmp_path / "player", ["play", game, "--seats", SEATS[game], "--seed", "3"], PLAY)
    player.finish()
    [entry] = player.history()
    assert entry["game"] == game and entry["kinds"] == SEATS[game].split(",") and entry["seed"] == 3
    assert entry["error"] is None and entry["steps"] and entry["finished_by_bot"] == []
    assert entry["options"].items() >= SHORTER.get(game, {}).items()


HOST_SCRIPT = """\
click Play online
click Host a game
screen lobby
choose Game = {title}
click Start game
screen table
play
"""


def host_and_guest(tmp_path: Path, players, game_title: str, *, grace: int = 30):
    host = players(tmp_path / "host", ["play"], HOST_SCRIPT.format(title=game_title), grace=grace)
    address = host.wait_for(JOIN_LINE).group(1)
    guest = players(tmp_path / "guest", ["play", "--join", address], PLAY)
    return host, guest


@pytest.mark.parametrize("game,title", [("necropolis", "Necropolis"), ("buildup", "Build Up")])
def test_a_game_hosted_from_the_title_and_joined_with_play_join_is_played_to_its_end(tmp_path, players, game,
                                                                                     title):
    """The first turn online was where the real loop crashed (an online session's
    move values had no ``ticket``): both players now play every turn to the end."""
    host, guest = host_and_guest(tmp_path, players, title)
    guest.finish()
    host.finish()
    [hosted], [joined] = host.history(), guest.history()
    assert hosted["game"] == joined["game"] == game
    assert hosted["kinds"] == ["human", "online"] and joined["kinds"] == ["online", "human"]
    assert hosted["steps"] == joined["steps"] and hosted["scores"] == joined["scores"]
    for line in ("script: line 5 (click Start game)", "script: line 7 (play)"):
        assert line in host.log
    assert "script: line 2 (play)" in guest.log


def test_a_guest_is_told_the_host_left_within_the_grace_period_and_goes_back_to_the_title(tmp_path, players):
    """The host's process ends without a word (kill -9: its room server goes with
    it); the guest's table says so once the grace period is over, and the player
    goes back to the title and quits."""
    grace = 3
    host = players(tmp_path / "host", ["play"], HOST_SCRIPT.format(title="Build Up").replace("play\n", "wait 60\n"),
                   grace=grace)
    address = host.wait_for(JOIN_LINE).group(1)
    guest = players(tmp_path / "guest", ["play", "--join", address],
                    "screen table\nscreen dialog\nclick Back to the title\nscreen title\nkey escape\nclick Quit\n",
                    grace=grace)
    guest.wait_for(re.compile(r"script: line 2 \(screen dialog\)"))
    host.wait_for(re.compile(r"script: line 7 \(wait 60\)"))
    host.process.send_signal(signal.SIGKILL)
    left = time.monotonic()
    guest.wait_for(re.compile(r"script: line 3 \(click Back to the title\)"), limit=grace + 15)
    assert time.monotonic() - left < grace + 5, "told within the grace period (and the reconnection's last try)"
    guest.finish(30)
    assert "script: line 6 (click Quit)" in guest.log


SERVE_LINE = re.compile(r"serving on (ws://127\.0\.0\.1:\d+)")


@pytest.mark.parametrize("game,seats", [("cyprus", ["player", "player", "player", "easy"]),
                                        ("sebastopol", ["player", "player", "player", "medium"]),
                                        ("draw", ["player", "player", "player", "easy"]),
                                        ("block", ["player", "player", "player", "easy"])])
def test_serve_and_two_clients_joined_with_play_join_play_a_game_of_rounds_to_its_end(tmp_path, players, game,
                                                                                       seats):
    """`dominoes-arcade serve` in a process of its own; a scripted host (a headless
    client of the protocol, playing as the random bot) opens the room, and two
    players join it with ``play --join``."""
    data = tmp_path / "served"
    with open(tmp_path / "serve.txt", "wb") as serve_log:
        server = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "serve", "--host", "127.0.0.1",
                                   "--port", "0", "--data", str(data)], stderr=serve_log, stdout=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 60
        while (found := SERVE_LINE.search((tmp_path / "serve.txt").read_text())) is None:
            assert server.poll() is None and time.monotonic() < end, (tmp_path / "serve.txt").read_text()
            time.sleep(0.05)
        record = asyncio.run(host_a_served_game(found.group(1), game, seats, tmp_path, players))
        server.send_signal(signal.SIGINT)  # Ctrl-C: exit 130, as every command stopped so
        assert server.wait(20) == 130, (tmp_path / "serve.txt").read_text()
        assert "Traceback" not in (tmp_path / "serve.txt").read_text()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    assert record["game"] == game and record["error"] is None
    assert record["options"].items() >= SHORTER.get(game, {}).items()


async def host_a_served_game(url: str, game: str, seats: list[str], tmp_path: Path, players) -> dict:
    host = OnlineClient(url, timeout=30.0)
    code = await host.create()
    await host.setup(game=game, options=SHORTER.get(game, {}), seats=seats)
    port = url.rsplit(":", 1)[1]
    guests = [players(tmp_path / f"guest{n}", ["play", "--join", f"127.0.0.1:{port}/{code}"], PLAY) for n in (1, 2)]
    end = time.monotonic() + 60
    while not all(seat["taken"] for seat, kind in zip(host.lobby["seats"], seats, strict=True) if kind == "player"):
        assert time.monotonic() < end, f"the players never joined: {[g.log for g in guests]}"
        await host.receive()
    await host.start()
    record = await host.follow(bot_decider("random", seed=1), limit=LIMIT)
    human_seats = []
    for guest in guests:
        await asyncio.to_thread(guest.finish)
        [entry] = guest.history()
        assert entry["steps"] == record["steps"] and entry["kinds"][3] == seats[3]
        assert sorted(entry["kinds"][:3]) == ["human", "online", "online"]
        human_seats.append(entry["kinds"].index("human"))
    assert sorted(human_seats) == [1, 2], "each joined player played their own seat"
    await host.close()
    return record
