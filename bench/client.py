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

The review of a game (issue 31, ``--only-review`` alone): frames paced in real
time at 60 fps on the review screen while the review of a random game computes
at `expert`'s rollouts in the bot worker, in a process (the client's choice) and
in a thread (what the review did before it moved to the worker: the same search
holding the GIL in slices); their median, p90, p99 and longest, how late each
frame began against its 60 fps slot (a sleep that wakes while another thread
holds the GIL), the review's wall time, and the same screen's median once the
review is done.

Each scene is measured `--repeats` times and each statistic reported as its best
run: on a shared machine other processes only ever add time, so the best run is
the closest to the client's own cost (the worst run is printed too).

The frame loop (issue 29): a table frame of a 6-player Cyprus demo against a
minimal pygame-ce program that only fills and presents a surface of the same size
on the same display (`present_frames`: blocks of each in turn, in one process, so
both see the same load; the medians and their ratio), full screen at
``--resolution`` and windowed at 1280x720; then the CPU the real loop (`App.run`)
burns when nothing moves: process CPU seconds per wall second over
``--idle-seconds``, on the title after its intro and on a table waiting for the
human (`idle_cpu`). ``--real-display`` measures these two on the display in
$DISPLAY (an X server: a real window, the full screen one included) instead of
SDL's dummy driver, and skips the rest.

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

REAL_DISPLAY = "--real-display" in sys.argv
"""Decided before pygame loads: SDL reads its driver when it starts."""
if not REAL_DISPLAY:
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
            pending = table.session.bots.ticket
            begin = time.perf_counter()
            app.step(1 / 60, [])
            if pending is not None and table.session.bots.ticket == pending:
                thinking.append((time.perf_counter() - begin) * 1000)  # the bot still thinking after it
            decisions += pending is not None and table.session.bots.ticket != pending
            time.sleep(max(0.0, deadline - time.perf_counter()))
        worker_mode = table.session.bots.worker.mode
    finally:
        app.close()
        bot_worker.DEFAULT_MODE = "process"
    return {"mode": worker_mode, "frames": len(thinking), "decisions": decisions,
            "median": statistics.median(thinking), "p99": quantile(thinking, 0.99), "max": max(thinking)}


def paced_frames(app, slot: float, until, limit: int | None = None) -> tuple[list[float], list[float]]:
    """Frames in real time at 60 fps from `slot` (a `perf_counter` time) until
    `until()` (or `limit` frames): each frame's time, and how late each began
    against its slot (a sleep that wakes late: the GIL held by another thread),
    both in ms."""
    times: list[float] = []
    late: list[float] = []
    while not until() and (limit is None or len(times) < limit):
        begin = time.perf_counter()
        late.append(max(0.0, begin - slot) * 1000)
        app.step(1 / 60, [])
        times.append((time.perf_counter() - begin) * 1000)
        slot += 1 / 60
        time.sleep(max(0.0, slot - time.perf_counter()))
    return times, late


def review_frames(game: str, seed: int, mode: str, workdir: Path, rollouts: int | None = None) -> dict:
    """Frames at 60 fps in real time while the review of a random game of `game`
    (seat 0, `expert`'s rollouts unless `rollouts`) computes, with the bot worker in
    `mode`, and the review's wall time from "Review your game" to its ranked
    decisions; then the same screen's frames once it is done, for comparison."""
    from dominoes_arcade.client.scenes.review import ReviewScene, open_review
    from dominoes_arcade.engine.match import random_game
    from dominoes_arcade.session import bot_worker

    config = workdir / "bench.toml"
    config.write_text("", encoding="utf-8")
    settings = prefs.load(config, workdir / "user.toml")
    app = build_app(LaunchOptions(headless=True, config=config, user_config=workdir / "user.toml"), settings)
    bot_worker.DEFAULT_MODE = mode
    bot_worker.shared_worker(mode)  # started before the clock: a client's worker is up from its first table
    record = random_game(game, seed)
    record.seats = ["human"] + ["easy"] * (len(record.seats) - 1)
    ReviewScene.rollouts = rollouts
    try:
        app.step(1 / 60, [])
        started = time.perf_counter()
        review = open_review(app, record, [0])
        slot = time.perf_counter()
        times, late = paced_frames(app, slot, lambda: review.decisions is not None)
        wall = time.perf_counter() - started
        slot += len(times) / 60
        after, _ = paced_frames(app, slot, lambda: False, 120)  # the same screen, done: the frames' own cost
        worker = getattr(review.job, "worker", None)
        where = worker.mode if worker is not None else "own thread"
    finally:
        ReviewScene.rollouts = None
        app.close()
        bot_worker.DEFAULT_MODE = "process"
    return {"mode": where, "decisions": len(review.decisions), "frames": len(times),
            "late": statistics.median(late), "late_p90": quantile(late, 0.90), "late_p99": quantile(late, 0.99),
            "median": statistics.median(times), "p90": quantile(times, 0.90), "p99": quantile(times, 0.99),
            "max": max(times), "wall": wall, "after": statistics.median(after)}


def review_section(args, workdir: Path) -> None:
    modes = args.review_modes.split(",")
    print(f"frames while a review computes (real time, 60 fps; {args.review_game}, seat 0 of a random game of seed "
          f"{args.review_seed}, expert's rollouts; the modes in turn, best (worst) of {args.repeats} runs), ms; "
          "the review's wall time, s")
    runs: dict[str, list[dict]] = {mode: [] for mode in modes}
    for _ in range(args.repeats):  # in turn, so every mode sees the same load on a shared machine
        for mode in modes:
            runs[mode].append(review_frames(args.review_game, args.review_seed, mode, workdir))
    for results in runs.values():
        first = results[0]

        def cell(key: str, results: list[dict] = results) -> str:
            values = [result[key] for result in results]
            return f"{min(values):.2f} ({max(values):.2f})"

        print(f"  review in the {first['mode']:<10} {first['decisions']:>3} decisions, ~{first['frames']:>5} frames: "
              f"median {cell('median')}, p90 {cell('p90')}, p99 {cell('p99')}, longest {cell('max')}; "
              f"wall {cell('wall')} s; median once done {cell('after')}")
        print(f"  {'':<14}{'':>10} late against the 60 fps slot: median {cell('late')}, p90 {cell('late_p90')}, "
              f"p99 {cell('late_p99')}")


def loop_app(workdir: Path, resolution: tuple[int, int] | None, windowed: bool, game: str | None = None,
             seats: list[str] | None = None):
    """An app as `dominoes-arcade play` builds it, with the shipped settings: on the
    dummy driver (``headless``) unless `REAL_DISPLAY`."""
    config = workdir / "bench.toml"
    config.write_text("", encoding="utf-8")
    settings = prefs.load(config, workdir / "user.toml")
    return build_app(LaunchOptions(game=game, seats=seats, headless=not REAL_DISPLAY, windowed=windowed,
                                   config=config, user_config=workdir / "user.toml", resolution=resolution,
                                   seed=11), settings)


def present_frames(resolution: tuple[int, int], windowed: bool, frames: int, rounds: int, workdir: Path) -> dict:
    """Milliseconds per frame of a 6-player Cyprus demo's table (`App.step`: input,
    update, draw, flip) and of the least a frame can cost on that display: fill the
    same screen surface and present it. `rounds` blocks of `frames` of each, in turn."""
    from dominoes_arcade.client.tables import TableSetup, open_table

    app = loop_app(workdir, resolution, windowed)
    settings = app.settings
    open_table(app, TableSetup("cyprus", ["medium"] * 6, settings.game("cyprus"), 11, demo=True))
    for _ in range(30):  # warm the caches: text, tiles, panels
        app.step(1 / 60, pygame.event.get())
    table_ms: list[float] = []
    minimal_ms: list[float] = []
    for _ in range(rounds):
        app.frame_ms.clear()
        for _ in range(frames):
            app.step(1 / 60, pygame.event.get())
        table_ms.extend(app.frame_ms)
        for index in range(frames):
            started = time.perf_counter()
            pygame.event.get()
            app.screen.fill((20 + index % 2, 60, 40))
            pygame.display.flip()
            minimal_ms.append((time.perf_counter() - started) * 1000)
    size = app.screen.get_size()
    app.close()
    table, minimal = statistics.median(table_ms), statistics.median(minimal_ms)
    return {"size": f"{size[0]}x{size[1]}", "table": table, "minimal": minimal, "ratio": table / minimal,
            "table_p95": quantile(table_ms, 0.95), "minimal_p95": quantile(minimal_ms, 0.95)}


class MeasuredClock:
    """`App.run`'s clock (`pacing.FrameClock`), measuring the process's CPU time over
    `seconds` of wall time from `settle` seconds after `ready()` first holds (the
    screen at rest: on a loaded machine its intro takes longer); then closes the app."""

    def __init__(self, app, seconds: float, settle: float, ready):
        from dominoes_arcade.client.pacing import FrameClock

        self.app, self.seconds, self.settle, self.ready = app, seconds, settle, ready
        self.inner = FrameClock(app.settings.display.fps, fixed=app.headless)
        self.ready_at: float | None = None
        self.start: tuple[float, float, int, int] | None = None
        self.result: dict | None = None
        self.deadline = time.perf_counter() + 120  # a table that never waits for the human

    def _check(self) -> None:
        now = time.perf_counter()
        if self.ready_at is None and self.ready():
            self.ready_at = now
        if self.start is None and self.ready_at is not None and now - self.ready_at >= self.settle:
            self.start = (now, time.process_time(), self.app.frames_drawn, self.app.frame)
        if self.start is not None and now - self.start[0] >= self.seconds:
            wall, cpu, drawn, iterations = self.start
            self.result = {"cpu": (time.process_time() - cpu) / (now - wall), "drawn": self.app.frames_drawn - drawn,
                           "iterations": self.app.frame - iterations, "wall": now - wall}
            self.app.running = False
        if now > self.deadline:
            self.app.running = False

    def frame(self):
        self._check()
        return self.inner.frame()

    def idle(self):
        self._check()
        return self.inner.idle()


def idle_cpu(what: str, seconds: float, resolution: tuple[int, int], workdir: Path) -> dict:
    """CPU per wall second of the real loop left alone on the title (after its intro)
    or on a 6-player Cyprus table waiting for the human (after the legal moves'
    pulse), full screen at `resolution`."""
    from dominoes_arcade.client.scenes.title import BOB_SECONDS
    from dominoes_arcade.client.tables.interaction import PULSE_SECONDS

    if what == "title":
        app = loop_app(workdir, resolution, False)
        clock = MeasuredClock(app, seconds, 1.0, lambda: app.scenes.top.time > BOB_SECONDS and not app.live)
    else:
        app = loop_app(workdir, resolution, False, game="cyprus", seats=["human"] + ["medium"] * 5)
        table = app.scenes.top
        clock = MeasuredClock(app, seconds, 1.0,
                              lambda: table.can_decide and table.time - table.picker.pulse_from > PULSE_SECONDS
                              and not app.live)
    try:
        app.step(0.0, [])
        app.run(clock)
    finally:
        app.close()
    if clock.result is None:
        raise RuntimeError(f"{what}: the screen never came to rest")
    return clock.result


def sleep_cost(how: str, seconds: float, fps: int = 60) -> float:
    """CPU per wall second of a loop that only sleeps a frame's time and reads the
    events: in the event queue's wait (``event.wait(timeout)``) or in SDL_Delay
    (`Clock.tick`, what the idle loop does). A window must be open."""
    clock = pygame.time.Clock()
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        if how == "event.wait":
            pygame.event.wait(round(1000 / fps))
        else:
            clock.tick(fps)
        pygame.event.get()
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


def loop_sections(args, resolution: tuple[int, int], workdir: Path) -> None:
    driver = "the display in $DISPLAY" if REAL_DISPLAY else "SDL dummy driver"
    print(f"a frame of a 6-player Cyprus demo against fill-and-present only, {driver}, "
          f"{args.present_rounds} rounds of {args.present_frames} frames each, median ms")
    for windowed, size in ((False, resolution), (True, (1280, 720))):
        result = present_frames(size, windowed, args.present_frames, args.present_rounds, workdir)
        mode = "windowed" if windowed else "full screen"
        print(f"  {mode:<12}{result['size']:>10}: table {result['table']:6.2f} (p95 {result['table_p95']:6.2f}), "
              f"minimal {result['minimal']:6.2f} (p95 {result['minimal_p95']:6.2f}), ratio {result['ratio']:.2f}x")
    print(f"CPU when nothing moves ({driver}, full screen {resolution[0]}x{resolution[1]}, the real loop, "
          f"{args.idle_seconds:g} s), process CPU s per wall s")
    for what in ("title", "table"):
        result = idle_cpu(what, args.idle_seconds, resolution, workdir)
        label = "title after its intro" if what == "title" else "Cyprus 6p, the human to move"
        print(f"  {label:<30} {100 * result['cpu']:5.2f}% of a core, {result['drawn']} frames drawn in "
              f"{result['iterations']} iterations")
    app = loop_app(workdir, resolution, False)
    costs = {how: sleep_cost(how, args.idle_seconds / 2) for how in ("event.wait", "Clock.tick")}
    app.close()
    print("  a loop that only sleeps a frame's time and reads the events: "
          + ", ".join(f"in {how} {100 * cost:.2f}%" for how, cost in costs.items()))


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
    parser.add_argument("--present-frames", type=int, default=120, help="frames per block, table against minimal")
    parser.add_argument("--present-rounds", type=int, default=5, help="blocks of each, in turn")
    parser.add_argument("--idle-seconds", type=float, default=10.0, help="wall seconds measured per idle screen")
    parser.add_argument("--real-display", action="store_true",
                        help="the frame loop only, on the display in $DISPLAY (not SDL's dummy driver)")
    parser.add_argument("--only-loop", action="store_true", help="the frame loop only (table against minimal, idle)")
    parser.add_argument("--only-review", action="store_true", help="the frames while a review computes only")
    parser.add_argument("--review-game", default="necropolis", help="the game reviewed")
    parser.add_argument("--review-seed", type=int, default=3, help="the seed of the random game reviewed")
    parser.add_argument("--review-modes", default="process,thread",
                        help="bot worker modes the review is measured in, comma-separated")
    args = parser.parse_args()
    width, _, height = args.resolution.partition("x")
    resolution = (int(width), int(height))
    with tempfile.TemporaryDirectory() as temporary:
        workdir = Path(temporary)
        # The idle table seats a human, whose game is saved on leaving: into this
        # temporary folder, never the player's own saved game and history.
        for variable in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            os.environ[variable] = str(workdir / variable.lower())
        if args.real_display or args.only_loop:
            loop_sections(args, resolution, workdir)
            return
        if args.only_review:
            review_section(args, workdir)
            return
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
        review_section(args, workdir)
        if args.only_tables:
            return
        loop_sections(args, resolution, workdir)
        walls, reported = launch_times(args.launches, workdir, args.resolution)
        print(f"launch to first frame: process start to exit {statistics.median(walls):.2f} s median "
              f"(min {min(walls):.2f}); command start to first frame {statistics.median(reported):.2f} s median")


if __name__ == "__main__":
    main()
