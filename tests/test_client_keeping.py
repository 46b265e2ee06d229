"""The client keeps the player's games: a game left in any way is saved and comes
back with Continue (or ``play --continue``), a finished game goes into the history
(demos marked) that `replay --check` reads and `stats` counts, a damaged save is
reported once and set aside, and the Statistics screen opens from the title with
any device alone."""

from __future__ import annotations

import json

import pygame
import pytest
from client_drive import play, run_until
from test_client_support import (
    KIT_CONFIG,
    click_widget,
    focus_label,
    press_keys,
    press_pad,
    run,
    scene_names,
    steer,
)
from test_client_table_kit import to_decision
from typer.testing import CliRunner

from dominoes_arcade import cli, history
from dominoes_arcade.client.main import LaunchOptions
from dominoes_arcade.client.main import run as run_client
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.engine.records import Record
from dominoes_arcade.session.keeping import lay_steps

APP_CONFIG = KIT_CONFIG
runner = CliRunner()


def open_game(app, game: str = "buildup", seats=("human", "easy"), seed: int = 11):
    return open_table(app, TableSetup(game, list(seats), app.settings.game(game), seed))


def leave_through_the_pause_menu(app) -> None:
    press_keys(app, pygame.K_p)
    assert app.scenes.top.name == "pause"
    steer(app, "Leave game")
    press_keys(app, pygame.K_RETURN)
    steer(app, "Leave")
    press_keys(app, pygame.K_RETURN)


@pytest.mark.slow
def test_a_game_left_midway_is_continued_finished_then_kept_in_the_history_replayed_and_counted(app, tmp_path):
    table = open_game(app)
    to_decision(app, table, lambda t: len(t.session.human_steps) >= 3)
    left_at = list(table.session.steps)
    leave_through_the_pause_menu(app)
    assert scene_names(app) == ["title"]
    saved, notice = history.load_save()
    assert notice is None and saved.record.steps == left_at and saved.kinds == ["human", "easy"]
    assert saved.record.seed == 11
    assert focus_label(app) == "Continue", "the title offers Continue, first in line"

    press_keys(app, pygame.K_RETURN)
    table = app.scenes.top
    assert table.name == "table" and table.session.steps == left_at and table.setup.seats == ["human", "easy"]
    play(app, table, "keyboard")
    assert table.session.state.is_terminal
    assert not history.has_save(), "a finished game discards the save"

    entries, notice = history.read_history()
    assert notice is None and len(entries) == 1
    entry = entries[0]
    assert entry.record.steps == table.session.steps and entry.kinds == ["human", "easy"] and not entry.demo
    assert entry.record.scores == table.session.state.scores()
    path = history.data_dir() / history.HISTORY_FILE
    checked = runner.invoke(cli.app, ["replay", str(path), "--check"])
    assert checked.exit_code == 0, checked.output
    assert "1 good, 0 bad" in checked.output
    counted = runner.invoke(cli.app, ["stats", "--json"])
    assert counted.exit_code == 0, counted.output
    rows = json.loads(counted.output)
    assert [(row["game"], row["opponents"], row["games"]) for row in rows] == [("buildup", "easy", 1)]
    assert rows[0]["wins"] + rows[0]["draws"] + rows[0]["losses"] == 1


def test_closing_the_window_saves_the_game(app):
    table = open_game(app, "necropolis", seed=5)
    to_decision(app, table, lambda t: len(t.session.human_steps) >= 1)
    steps = list(table.session.steps)
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app.close()
    saved, _notice = history.load_save()
    assert saved is not None and saved.record.steps[:len(steps)] == steps


def test_a_headless_frame_limit_saves_and_play_continue_goes_straight_back(tmp_path):
    config = tmp_path / "fast.toml"
    config.write_text(KIT_CONFIG, encoding="utf-8")
    common = {"headless": True, "config": config, "user_config": tmp_path / "user.toml"}
    assert run_client(LaunchOptions(game="buildup", seats=["human", "easy"], seed=4, max_frames=40, **common)) == 0
    saved, _ = history.load_save()
    assert saved is not None and saved.record.game == "buildup" and saved.record.seed == 4
    assert saved.record.steps, "the deal at least was played"
    first = list(saved.record.steps)
    assert run_client(LaunchOptions(resume=True, max_frames=5, **common)) == 0
    again, _ = history.load_save()
    assert again.record.steps[:len(first)] == first and again.record.seed == 4


def test_continue_is_offered_only_with_a_save_and_a_demo_is_never_saved(app_with):
    app = app_with(KIT_CONFIG)
    assert "Continue" not in [w.label for w in app.scenes.top.focus.widgets]
    table = open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 2, demo=True))
    run(app, frames=5)
    app.to_title()
    assert table not in app.scenes and not history.has_save()
    assert "Continue" not in [w.label for w in app.scenes.top.focus.widgets]


def test_a_finished_demo_goes_into_the_history_marked_and_is_not_counted(app):
    table = open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 3, demo=True))
    run_until(app, lambda: table.session.ended, limit=20000)
    entries, _ = history.read_history()
    assert len(entries) == 1 and entries[0].demo and entries[0].record.steps == table.session.steps
    counted = runner.invoke(cli.app, ["stats", "--json"])
    assert json.loads(counted.output) == []


def partial_save(kinds: list[str], seed: int = 12) -> history.SavedGame:
    record = random_game("buildup", seed)
    return history.SavedGame(Record(record.game, record.options, record.seats, record.seed, record.steps[:30]), kinds)


def damaged_save(kind: str) -> str:
    if kind == "deep":  # RecursionError in the parser
        return "[" * 100_000 + "]" * 100_000
    if kind == "saved_at":  # OverflowError in float()
        huge = '"saved_at": ' + "9" * 401 + ', "x": '
        return partial_save(["human", "easy"]).to_json().replace('"saved_at": ', huge)
    return "{not json"


@pytest.mark.parametrize("kind", ["not json", "deep", "saved_at"])
def test_a_damaged_save_is_reported_once_set_aside_and_the_title_goes_on(app_with, kind):
    folder = history.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / history.SAVE_FILE).write_text(damaged_save(kind), encoding="utf-8")
    app = app_with(KIT_CONFIG)
    assert scene_names(app) == ["title"]
    notices = [text for text, _left in app.toasts if text.startswith("Saved game:")]
    assert len(notices) == 1 and "damaged-1" in notices[0]
    assert (folder / f"{history.SAVE_FILE}.damaged-1").exists() and not history.has_save()
    assert "Continue" not in [w.label for w in app.scenes.top.focus.widgets]
    second = app_with(KIT_CONFIG, name="second.toml")
    assert not [text for text, _left in second.toasts if text.startswith("Saved game:")], "reported once"


@pytest.mark.parametrize("device", ["mouse", "keyboard", "controller"])
def test_the_statistics_screen_opens_from_the_title_with_one_device_and_shows_the_counted_games(app_with, device):
    record = random_game("buildup", 9)
    finished = Match.from_record(record)
    finished.advance_script()
    winners = list(finished.state.outcome().winners)
    result = "win" if winners == [0] else "draw" if 0 in winners else "loss"
    history.append_history(history.history_line(record, ["human", "hard"], winners, demo=False))
    history.append_history(history.history_line(random_game("buildup", 10), ["easy", "easy"], [1], demo=True))
    app = app_with(KIT_CONFIG)
    if device == "mouse":
        click_widget(app, "Statistics")
    elif device == "keyboard":
        steer(app, "Statistics")
        press_keys(app, pygame.K_RETURN)
    else:
        run(app, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=7)])
        steer(app, "Statistics", device="controller")
        press_pad(app, pygame.CONTROLLER_BUTTON_A)
    screen = app.scenes.top
    assert screen.name == "statistics"
    assert [(row.game, row.opponents, row.results) for row in screen.rows] == [("buildup", "hard", [result])]
    assert screen.recent == [("buildup", result)]
    if device == "controller":
        press_pad(app, pygame.CONTROLLER_BUTTON_B)
    else:
        press_keys(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["title"]


def test_the_charts_bars_name_each_game_apart(app):
    """Build Up's and Block Dominoes' bars both read "B" (the title's first letter);
    the marks are each a start of its own title."""
    for game in ("buildup", "block", "necropolis"):
        history.append_history(history.history_line(random_game(game, 6), ["human", "easy"], [0], demo=False))
    app.open("statistics")
    app.check_layout = True
    run(app, frames=2)
    drawn = [mark.what for mark in app.layout_marks if mark.kind == "text"]
    assert {"Bu", "Bl", "N"} <= set(drawn) and "B" not in drawn
    from dominoes_arcade.client import games
    from dominoes_arcade.client.scenes.statistics import chart_mark, game_title

    marks = {game: chart_mark(game) for game in games.games()}
    assert len(set(marks.values())) == len(marks)
    assert all(game_title(game).startswith(mark) for game, mark in marks.items())


def test_watch_the_last_game_replays_the_latest_history_game(app):
    record = random_game("necropolis", 6)
    history.append_history(history.history_line(record, ["human", "easy"], [0], demo=False))
    app.open("statistics")
    click_widget(app, "Watch the last game")
    table = app.scenes.top
    assert table.replay is not None and table.setup.record.steps == record.steps


def test_a_resumed_match_deals_the_tiles_the_game_would_have_dealt(tmp_path):
    for game, seed in (("necropolis", 3), ("buildup", 8), ("cyprus", 2)):
        record = random_game(game, seed)
        whole = Match.from_record(record)
        whole.advance_script()
        for cut in (1, len(record.steps) // 3, len(record.steps) // 2):
            match = lay_steps(Match(game, options=record.options, seed=seed), record.steps[:cut])
            assert match.steps == record.steps[:cut]
            while not match.is_over:
                if match.is_chance:
                    match.resolve_chance()
                else:
                    match.apply(whole.actions[len(match.steps)])
                assert match.steps == record.steps[:len(match.steps)], f"{game} from step {cut}"


def test_ctrl_c_saves_the_game_before_the_client_stops(tmp_path, monkeypatch):
    from dominoes_arcade.client.app import App

    config = tmp_path / "fast.toml"
    config.write_text(KIT_CONFIG, encoding="utf-8")
    real_step = App.step

    def step_then_interrupt(self, dt, events, **options):
        if self.frame == 30:
            raise KeyboardInterrupt
        return real_step(self, dt, events, **options)

    monkeypatch.setattr(App, "step", step_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        run_client(LaunchOptions(game="necropolis", seats=["human", "easy"], seed=8, headless=True, config=config,
                                 user_config=tmp_path / "user.toml"))
    saved, _ = history.load_save()
    assert saved is not None and saved.record.game == "necropolis" and saved.record.seed == 8


def test_play_continue_never_runs_a_program_named_by_the_save(tmp_path, monkeypatch):
    from dominoes_arcade.session.bot_seats import BotSeats

    marker = tmp_path / "ran"
    program = f"cmd:/bin/sh -c 'touch {marker}'"
    history.save_game(partial_save([program, program]))
    asked: list[str] = []
    real_ask = BotSeats._ask

    def ask(self, key, kind, seed):
        asked.append(kind)
        return real_ask(self, key, kind, seed)

    monkeypatch.setattr(BotSeats, "_ask", ask)
    config = tmp_path / "fast.toml"
    config.write_text(KIT_CONFIG, encoding="utf-8")
    assert run_client(LaunchOptions(resume=True, headless=True, max_frames=30, config=config,
                                    user_config=tmp_path / "user.toml")) == 0
    assert asked == [] and not marker.exists(), "the save's program was asked to play"
    aside = history.save_path("buildup").with_name(f"{history.save_path('buildup').name}.damaged-1")
    assert not history.has_save() and aside.exists()


def test_play_continue_on_the_command_line_opens_the_saved_game(app, tmp_path):
    table = open_game(app, "buildup", seed=6)
    to_decision(app, table, lambda t: len(t.session.human_steps) >= 2)
    app.to_title()
    left_at = history.load_save()[0].saved_at
    config = tmp_path / "fast.toml"
    config.write_text(KIT_CONFIG, encoding="utf-8")
    shots = tmp_path / "shots"
    result = runner.invoke(cli.app, ["play", "--continue", "--headless", "--max-frames", "3", "--config", str(config),
                                     "--screenshot-dir", str(shots), "--screenshot-every", "3"])
    assert result.exit_code == 0, result.output
    assert list(shots.glob("*.png")), "it ran"
    saved, _ = history.load_save()
    assert saved.record.steps[:len(table.session.steps)] == table.session.steps and saved.saved_at > left_at, \
        "the same game was open, and saved again on closing"
    bad = runner.invoke(cli.app, ["play", "buildup", "--continue", "--headless", "--max-frames", "1"])
    assert bad.exit_code == 2


def test_restarting_a_continued_game_gives_it_up(app):
    table = open_game(app, "buildup", seed=12)
    to_decision(app, table, lambda t: len(t.session.human_steps) >= 1)
    app.to_title()
    press_keys(app, pygame.K_RETURN)  # Continue
    continued = app.scenes.top
    assert continued.setup.continued
    continued.restart()
    assert not history.has_save(), "the game given up for a new deal is not offered again"
    app.to_title()
    assert history.has_save() and history.load_save()[0].record.seed == 13, "the new game, left, is saved"
