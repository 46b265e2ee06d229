"""Launching the client: `run` for ``dominoes-arcade play``, `watch_replay` for
``dominoes-arcade replay FILE``. Both load the settings (exit 3 on a bad file is
the CLI's job: they raise `ConfigError`), build the `App`, stack the first scenes
and run the loop.

Headless runs (``--headless``: SDL's dummy video and audio) serve tests,
benchmarks and screenshots: ``--max-frames N`` stops after N frames,
``--exit-when-over`` when the game on the table is over, ``--frames-report``
writes frame-time statistics as TOML and ``--screenshot-dir`` saves frames.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from .. import config as config_module

SEAT_CHOICES = ("human", "easy", "medium", "hard", "expert")


class LaunchError(ValueError):
    """A bad combination of launch options (the CLI exits 2 with it)."""


class NoDisplay(LaunchError):
    """No display to open a window on (the CLI exits 2 with it)."""

    def __init__(self) -> None:
        super().__init__("no display found: set DISPLAY, or use --headless")


INVISIBLE_DRIVERS = ("offscreen", "dummy")


def check_display() -> None:
    """Refuse to run invisibly: SDL falls back to a driver that draws nowhere when
    it finds no display, and a player would wait for a window that never comes.
    Those drivers are fine only when asked for (``--headless``, or SDL_VIDEODRIVER).

    :raises NoDisplay:"""
    import os

    import pygame

    from .audio import silenced_stderr

    try:
        with silenced_stderr():  # SDL prints each video driver it could not open
            pygame.display.init()
    except pygame.error:
        raise NoDisplay() from None
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS and os.environ.get("SDL_VIDEODRIVER", "") != driver:
        pygame.display.quit()
        raise NoDisplay()


def tell_notices(app, settings: config_module.Settings) -> None:
    """Settings problems tolerated at loading: on stderr in full, and as a toast."""
    import sys

    for notice in settings.notices:
        print(f"notice: {notice}", file=sys.stderr)
    if settings.notices:
        app.toast(f"Some settings were broken and use their defaults ({len(settings.notices)}): see the terminal")


@dataclass
class LaunchOptions:
    game: str | None = None
    """Open this game: its setup screen, or its table with `seats` or `demo`."""
    players: int | None = None
    seats: list[str] | None = None
    seed: int | None = None
    windowed: bool = False
    config: Path | None = None
    user_config: Path | None = None
    """Where the Settings screen saves (default: config.user.toml in the user config directory)."""
    headless: bool = False
    demo: bool = False
    exit_when_over: bool = False
    max_frames: int | None = None
    frames_report: Path | None = None
    screenshot_dir: Path | None = None
    screenshot_every: int = 0
    resume: bool = False
    """Straight back into the saved game (``play --continue``)."""
    join: str | None = None
    """Straight to the lobby of the online game at ``ADDRESS/CODE`` (``play --join``)."""
    spectate: bool = False
    """With `join`: watch that game, without a seat (``play --join ... --spectate``)."""
    script: Path | None = None
    """Scripted input for the real loop (``play --script``, `script`)."""
    resolution: tuple[int, int] | str | None = None
    """The window's (headless: the virtual screen's) size in pixels, or as
    ``"WIDTHxHEIGHT"`` (``play --resolution``)."""


def resolve_seats(game: str, players: int | None, seats: list[str] | None, demo: bool) -> list[str]:
    """Each seat's kind for `game`. :raises LaunchError: naming what is wrong."""
    from .games import player_range

    low, high = player_range(game)
    for kind in seats or []:
        if kind.startswith("cmd:"):  # a bot program (docs/bot-protocol.md)
            from ..bots import BotError, parse_spec

            try:
                parse_spec(kind)
            except BotError as error:
                raise LaunchError(f"--seats: {error}") from None
        elif kind not in SEAT_CHOICES:
            raise LaunchError(f"--seats: {kind!r} is not a seat: use {', '.join(SEAT_CHOICES)} or cmd:COMMAND")
    if seats and players is not None and len(seats) != players:
        raise LaunchError(f"--seats names {len(seats)} seats but --players is {players}")
    count = len(seats) if seats else (players if players is not None else low)
    if not low <= count <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise LaunchError(f"{game} is played by {allowed} players, not {count}")
    chosen = list(seats) if seats else ["human"] + ["medium"] * (count - 1)
    if demo:
        chosen = [kind if kind != "human" else "medium" for kind in (seats or ["medium"] * count)]
    return chosen


def parse_resolution(value: tuple[int, int] | str | None) -> tuple[int, int] | None:
    """``"1920x1080"`` as (1920, 1080). :raises LaunchError: for a size that is not one."""
    if value is None or isinstance(value, tuple):
        return value
    width, _, height = value.lower().partition("x")
    # ASCII digits only: "³²⁰".isdigit() is true, but int() refuses it.
    if not all(part.isascii() and part.isdigit() for part in (width, height)) or not (
            320 <= int(width) <= 7680 and 200 <= int(height) <= 4320):
        raise LaunchError(f"--resolution {value!r}: give WIDTHxHEIGHT in pixels, e.g. 1920x1080")
    return int(width), int(height)


def new_app(settings: config_module.Settings, **options):
    """An `App` (`options` as `App` takes them) with every screen registered in
    `App.screens`: the one place that knows them all, so scenes open each other by
    name and none imports another."""
    from .app import App
    from .lessons.chooser import LessonsScene
    from .lessons.table import new_lesson
    from .scenes.game_over import GameOverScene
    from .scenes.lobby import LobbyScene
    from .scenes.menu import Dialog
    from .scenes.online import JoinScene, OnlineMenuScene
    from .scenes.pass_device import PassScene
    from .scenes.pause import PauseScene
    from .scenes.rules import RulesScene
    from .scenes.settings import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.statistics import StatisticsScene
    from .scenes.take_over import TakeOverScene
    from .scenes.title import TitleScene

    app = App(settings, **options)
    app.screens.update(title=TitleScene, setup=SetupScene, rules=RulesScene, settings=SettingsScene,
                       pause=PauseScene, game_over=GameOverScene, pass_device=PassScene,
                       statistics=StatisticsScene, take_over=TakeOverScene, online=OnlineMenuScene, join=JoinScene,
                       lobby=LobbyScene, lessons=LessonsScene, lesson=new_lesson, dialog=Dialog)
    return app


def build_app(options: LaunchOptions, settings: config_module.Settings):
    """The `App` with its first scenes stacked: the title, and above it the game's
    setup screen or table when a game (or a demo) was asked for."""
    import random

    from .scenes.saved_games import start_new_game
    from .tables import TableSetup, open_table

    app = new_app(settings, user_config=options.user_config, windowed=options.windowed, headless=options.headless,
                  resolution=parse_resolution(options.resolution))
    app.exit_when_over = options.exit_when_over
    app.max_frames = options.max_frames
    if options.screenshot_dir is not None:
        app.screenshot_dir = Path(options.screenshot_dir)
        app.screenshot_every = options.screenshot_every or 60
    title = app.open("title")
    if options.join is not None:
        from .addresses import parse_join

        host, port, code = parse_join(options.join)
        app.open("online")
        app.open("join", f"{host}:{port}", code).join(watch=options.spectate)  # the lobby, or what went wrong
        return app
    if options.resume:
        title.continue_game()
        return app
    game = options.game
    if game is None and options.demo:
        from .games import games

        game = games()[0]  # then every game in turn: a finished demo opens the next game's
    if game is not None:
        seats = resolve_seats(game, options.players, options.seats, options.demo)
        if options.seats or options.demo:
            seed = options.seed if options.seed is not None else random.randrange(1 << 30)
            setup = TableSetup(game, seats, settings.game(game), seed, demo=options.demo)
            if options.demo:  # a demo is never saved, so it replaces nothing
                open_table(app, setup)
            else:  # the player's unfinished game of `game` is replaced only if they say so
                start_new_game(app, game, lambda: open_table(app, setup))
        else:
            app.open("setup", game, players=len(seats), seed=options.seed)
    return app


def run(options: LaunchOptions, launched: float | None = None) -> int:
    """Run the client until the player quits (or a headless limit is reached).

    :raises ConfigError: for a bad settings file.
    :raises LaunchError: for bad launch options.
    """
    launched = launched if launched is not None else time.perf_counter()
    if options.headless:
        from .app import use_dummy_drivers

        use_dummy_drivers()
    from . import prefs

    settings = prefs.load(options.config, options.user_config)
    if options.resume and (options.game is not None or options.seats or options.demo):
        raise LaunchError("--continue goes back to the saved game: give it no GAME, --seats or --demo")
    if options.spectate and options.join is None:
        raise LaunchError("--spectate watches the online game --join names: give it --join ADDRESS/CODE")
    if options.join is not None:
        from .addresses import AddressError, parse_join

        if options.game is not None or options.seats or options.demo or options.resume:
            raise LaunchError("--join goes to an online game's lobby: give it no GAME, --seats, --demo or --continue")
        try:
            parse_join(options.join)
        except AddressError as error:
            raise LaunchError(f"--join: {error}") from None
    if options.game is not None:
        resolve_seats(options.game, options.players, options.seats, options.demo)  # fail before a window opens
    script = None
    if options.script is not None:
        from .script import Script, ScriptError, load

        try:
            script = Script(load(options.script))
        except ScriptError as error:
            raise LaunchError(f"--script: {error}") from None
    from .. import files

    # Fail now, not after the run (or at the first screenshot).
    if options.frames_report is not None:
        files.prepare_output(options.frames_report)
    if options.screenshot_dir is not None:
        files.prepare_directory(options.screenshot_dir)
    if not options.headless:
        check_display()
    app = build_app(options, settings)
    app.script = script
    tell_notices(app, settings)
    first_frame_ms = None
    try:
        app.step(0.0, [])
        first_frame_ms = (time.perf_counter() - launched) * 1000
        app.run()
        report = app.frames_report()
    finally:
        app.close()
    if options.frames_report is not None:
        write_report(Path(options.frames_report), report, first_frame_ms)
    return 1 if app.script is not None and app.script.failed else 0


def write_report(path: Path, report: dict, first_frame_ms: float | None) -> None:
    import tomli_w

    data = {"frames": report}
    if first_frame_ms is not None:
        data["frames"]["first_frame_ms"] = round(first_frame_ms, 1)
    from .. import files

    files.write_atomic(path, ("# Frame times of one client run (milliseconds per frame).\n"
                              + tomli_w.dumps(data)).encode("utf-8"))


def watch_replay(records, index: int = 1, windowed: bool = False, config: Path | None = None, *,
                 headless: bool = False, max_frames: int | None = None) -> int:
    """Watch record number `index` (1 = the first) of `records` ((line, Record or
    error) pairs: a file of records or a tournament journal) on its game's table,
    every hand face up, with the replay controls (play/pause, step back and
    forward, speed, next round). Returns the exit code.

    `headless` and `max_frames` serve tests: SDL's dummy drivers, and a frame limit."""
    import sys

    from ..engine.records import Record

    if not 1 <= index <= len(records):
        print(f"error: --index {index}: the file holds {len(records)} records", file=sys.stderr)
        return 2
    line, record = records[index - 1]
    if not isinstance(record, Record):
        print(f"error: record {line} is not a record: {record}", file=sys.stderr)
        return 1
    if headless:
        from .app import use_dummy_drivers

        use_dummy_drivers()
    from . import prefs
    from .tables import TableSetup, open_table

    try:
        settings = prefs.load(config)
    except config_module.ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 3
    if not headless:
        try:
            check_display()
        except NoDisplay as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    app = new_app(settings, windowed=windowed, headless=headless)
    tell_notices(app, settings)
    app.max_frames = max_frames
    app.open("title")
    seats = list(record.seats) or ["record"] * int(record.options.get("players", 2))
    open_table(app, TableSetup(record.game, seats, dict(record.options), record.seed or 0, record=record))
    try:
        app.run()
    finally:
        app.close()
    return 0
