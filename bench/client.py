"""Client speed under SDL's dummy driver (issue 7: aim for a median frame under
4 ms and a p99 under 12 ms on the title and setup screens, and under 1.5 s from
launch to the first frame; issue 8: the same aim on the game tables during demo
games with animations, and the longest frame while a `hard` bot thinks).

Frame times are measured in process: `App.step` driven with a fixed dt while a
scripted player moves the focus about (a key every few frames, the mouse
sweeping over the widgets), so the numbers include input, update, drawing and the
flip. Launch time is measured from outside: a fresh ``dominoes-arcade play
--headless --max-frames 1`` process, from its start to its exit after the first
frame (an upper bound), plus the time the process itself reports from entering
the command to its first frame.

The tables (issue 8) are measured during all-bot demo games with the shipped
settings (normal animation speed, the 450 ms think delay, medium bots):
Necropolis, Build Up and 10-player Cyprus, `--table-frames` frames each from the
deal, each game's table. Then the
longest frame while a `hard` bot (config.toml's ``[bots] hard``) thinks: frames
paced in real time at 60 fps, as the window runs them, while the bot decides in
the worker, once with the worker in a process (the client's choice) and once in
a thread, for comparison.

Each scene is measured `--repeats` times and each statistic reported as its best
run: on a shared machine other processes only ever add time, so the best run is
the closest to the client's own cost (the worst run is printed too).

Run with `make bench` or `python bench/client.py [--frames N]`. Never part of the
tests: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from dominoes_arcade.client import prefs  # noqa: E402
from dominoes_arcade.client.main import LaunchOptions, build_app  # noqa: E402

KEYS = [pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN,
        pygame.K_LEFT]


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def scene_frames(label: str, game: str | None, frames: int, workdir: Path,
                 resolution: tuple[int, int] | None = None) -> dict:
    """Frame times (ms) of one scene with a scripted player on it."""
    config = workdir / "bench.toml"
    config.write_text("", encoding="utf-8")
    settings = prefs.load(config, workdir / "user.toml")
    app = build_app(LaunchOptions(game=game, headless=True, config=config, user_config=workdir / "user.toml",
                                  resolution=resolution), settings)
    name = app.scenes.top.name
    for _ in range(30):  # warm the caches: text, tiles, panels
        app.step(1 / 60, [])
    app.frame_ms.clear()
    for frame in range(frames):
        events = []
        if frame % 20 == 0:
            key = KEYS[(frame // 20) % len(KEYS)]
            events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0),
                      pygame.event.Event(pygame.KEYUP, key=key, mod=0)]
        elif frame % 20 == 10:
            x = 100 + (frame * 37) % 1080
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 300 + (frame % 200)), rel=(3, 1),
                                         buttons=(0, 0, 0))]
        app.step(1 / 60, events)
        if app.scenes.top.name != name:  # the script must not leave the screen it measures
            raise RuntimeError(f"{label}: the scripted input left {name} for {app.scenes.top.name}")
    times = list(app.frame_ms)
    app.close()
    return {"scene": label, "frames": len(times), "median": statistics.median(times), "p95": quantile(times, 0.95),
            "p99": quantile(times, 0.99), "max": max(times)}


def table_frames(game: str, players: int, frames: int, workdir: Path,
                 resolution: tuple[int, int] | None = None) -> dict:
    """Frame times (ms) of a bot-only demo of `game` with the shipped settings."""
    from dominoes_arcade.client.tables import TableSetup, open_table

    config = workdir / "bench.toml"
    config.write_text("", encoding="utf-8")
    settings = prefs.load(config, workdir / "user.toml")
    app = build_app(LaunchOptions(headless=True, config=config, user_config=workdir / "user.toml",
                                  resolution=resolution), settings)
    open_table(app, TableSetup(game, ["medium"] * players, settings.game(game), 11, demo=True))
    app.step(1 / 60, [])
    app.frame_ms.clear()
    for _ in range(frames):
        app.step(1 / 60, [])
    times = list(app.frame_ms)
    table = app.scenes.top
    app.close()
    return {"scene": f"{game} {players}p demo", "frames": len(times), "median": statistics.median(times),
            "p95": quantile(times, 0.95), "p99": quantile(times, 0.99), "max": max(times),
            "table": type(table).__name__}


def hard_bot_frames(game: str, players: int, mode: str, seconds: float, workdir: Path) -> dict:
    """Frames at 60 fps in real time while `hard` bots play `game` (bots thinking in
    a worker `mode`): the times of the frames that ran while a bot was thinking
    (not those that applied its move: their cost is the table's, measured above)."""
    from dominoes_arcade.client.tables import TableSetup, open_table
    from dominoes_arcade.session import bot_worker

    config = workdir / "bench.toml"
    config.write_text("[bots]\nthink_delay_ms = 0\n", encoding="utf-8")
    settings = prefs.load(config, workdir / "user.toml")
    app = build_app(LaunchOptions(headless=True, config=config, user_config=workdir / "user.toml"), settings)
    bot_worker.DEFAULT_MODE = mode
    try:
        table = open_table(app, TableSetup(game, ["hard"] * players, settings.game(game), 5, demo=True))
        thinking: list[float] = []
        decisions = 0
        started = time.perf_counter()
        deadline = started
        while time.perf_counter() - started < seconds and app.scenes.top is table:
            deadline += 1 / 60
            pending = table.bot_ticket
            begin = time.perf_counter()
            app.step(1 / 60, [])
            if pending is not None and table.bot_ticket == pending:
                thinking.append((time.perf_counter() - begin) * 1000)  # the bot still thinking after it
            decisions += pending is not None and table.bot_ticket != pending
            time.sleep(max(0.0, deadline - time.perf_counter()))
        worker_mode = table.bots.worker.mode
    finally:
        app.close()
        bot_worker.DEFAULT_MODE = "process"
    return {"mode": worker_mode, "frames": len(thinking), "decisions": decisions,
            "median": statistics.median(thinking), "p99": quantile(thinking, 0.99), "max": max(thinking)}


def launch_times(runs: int, workdir: Path, resolution: str = "1280x720") -> tuple[list[float], list[float]]:
    """Wall seconds of whole `play --headless --max-frames 1` processes, and the
    first-frame times they report."""
    command = Path(sys.executable).with_name("dominoes-arcade")
    walls, reported = [], []
    for index in range(runs):
        report = workdir / f"launch-{index}.toml"
        started = time.perf_counter()
        subprocess.run([str(command), "play", "--headless", "--max-frames", "1", "--frames-report", str(report),
                        "--resolution", resolution], check=True, capture_output=True)
        walls.append(time.perf_counter() - started)
        reported.append(tomllib.loads(report.read_text(encoding="utf-8"))["frames"]["first_frame_ms"] / 1000)
    return walls, reported


def print_row(label: str, runs: list[dict], note: str = "") -> None:
    cells = "".join(f"{min(r[k] for r in runs):>7.2f} ({max(r[k] for r in runs):>5.2f})"
                    for k in ("median", "p95", "p99", "max"))
    print(f"{label:<22}{cells}{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames measured per scene")
    parser.add_argument("--launches", type=int, default=5, help="processes started for the launch time")
    parser.add_argument("--repeats", type=int, default=3, help="runs per scene")
    parser.add_argument("--table-frames", type=int, default=1500, help="frames measured per table demo")
    parser.add_argument("--hard-seconds", type=float, default=12.0,
                        help="seconds of hard bots thinking measured per worker mode")
    parser.add_argument("--only-tables", action="store_true", help="skip the menus and the launch time")
    parser.add_argument("--resolution", default="1920x1080",
                        help="the virtual screen, WIDTHxHEIGHT (the frame is drawn at its pixels)")
    args = parser.parse_args()
    width, _, height = args.resolution.partition("x")
    resolution = (int(width), int(height))
    with tempfile.TemporaryDirectory() as temporary:
        workdir = Path(temporary)
        print(f"client frame times at {args.resolution}, SDL dummy driver, {args.frames} frames per scene, "
              f"best (worst) of {args.repeats} runs, ms")
        print(f"{'scene':<22}{'median':>14}{'p95':>14}{'p99':>14}{'max':>14}")
        menus = () if args.only_tables else (("title", None), ("setup necropolis", "necropolis"),
                                             ("setup cyprus", "cyprus"))
        for label, game in menus:
            runs = [scene_frames(label, game, args.frames, workdir, resolution) for _ in range(args.repeats)]
            print_row(label, runs)
        for game, players in (("necropolis", 2), ("buildup", 2), ("cyprus", 10)):
            runs = [table_frames(game, players, args.table_frames, workdir, resolution)
                    for _ in range(args.repeats)]
            print_row(f"{runs[0]['scene']}", runs, f"  {runs[0]['table']}, {args.table_frames} frames")
        print(f"frames while a hard bot thinks (real time, 60 fps; bots: cyprus 4 players, {args.hard_seconds:g} s "
              "per worker mode), ms")
        for mode in ("process", "thread"):
            result = hard_bot_frames("cyprus", 4, mode, args.hard_seconds, workdir)
            print(f"  worker in a {result['mode']:<8} {result['frames']:>5} frames, "
                  f"{result['decisions']:>3} decisions: median {result['median']:.2f}, "
                  f"p99 {result['p99']:.2f}, longest {result['max']:.2f}")
        if args.only_tables:
            return
        walls, reported = launch_times(args.launches, workdir, args.resolution)
        print(f"launch to first frame: process start to exit {statistics.median(walls):.2f} s median "
              f"(min {min(walls):.2f}); command start to first frame {statistics.median(reported):.2f} s median")


if __name__ == "__main__":
    main()
