"""One saved game per game (issue 29): each game keeps its own save, the title's
Continue offers each of them (straight back with one, a chooser with several,
by mouse, keyboard or controller alone), a new game asks before it replaces its
game's save, and the single save of earlier versions still loads (moved to its
game's file)."""

from __future__ import annotations

import json

import pygame
import pytest
from test_client_support import (
    KIT_CONFIG,
    click_widget,
    focus_label,
    key,
    press_keys,
    press_pad,
    run,
    steer,
)

from dominoes_arcade import history
from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.engine.records import Record

APP_CONFIG = KIT_CONFIG
KINDS = {"necropolis": ["human", "easy"], "buildup": ["human", "easy"], "cyprus": ["human", "easy", "easy", "easy"],
         "sebastopol": ["human", "easy", "easy", "easy"]}


def partial(game: str, seed: int, at: float, steps: int = 20) -> history.SavedGame:
    record = random_game(game, seed, players=len(KINDS[game]))
    return history.SavedGame(Record(record.game, record.options, record.seats, record.seed, record.steps[:steps]),
                             list(KINDS[game]), saved_at=at)


def test_each_game_keeps_its_own_save_and_a_new_one_replaces_only_its_games(tmp_path):
    history.save_game(partial("buildup", 3, at=100.0), tmp_path)
    history.save_game(partial("necropolis", 4, at=200.0), tmp_path)
    saves, notice = history.load_saves(tmp_path)
    assert notice is None and [(s.record.game, s.record.seed) for s in saves] == [("necropolis", 4), ("buildup", 3)]
    history.save_game(partial("buildup", 9, at=300.0), tmp_path)
    assert history.load_save(tmp_path, game="buildup")[0].record.seed == 9
    assert history.load_save(tmp_path, game="necropolis")[0].record.seed == 4, "the other game's save stays"
    assert history.load_save(tmp_path)[0].record.seed == 9, "without a game: the latest left"
    history.discard_save("buildup", tmp_path)
    assert history.has_save(tmp_path, game="necropolis") and not history.has_save(tmp_path, game="buildup")


def test_the_single_save_of_earlier_versions_is_moved_to_its_games_file(tmp_path):
    old = partial("cyprus", 5, at=50.0)
    (tmp_path / history.SAVE_FILE).write_text(old.to_json() + "\n", encoding="utf-8")
    saves, notice = history.load_saves(tmp_path)
    assert notice is None and [s.record.steps for s in saves] == [old.record.steps]
    assert not (tmp_path / history.SAVE_FILE).exists() and history.save_path("cyprus", tmp_path).exists()


def test_an_old_save_whose_game_is_saved_already_is_kept_aside_not_lost(tmp_path):
    history.save_game(partial("cyprus", 6, at=90.0), tmp_path)
    (tmp_path / history.SAVE_FILE).write_text(partial("cyprus", 5, at=50.0).to_json() + "\n", encoding="utf-8")
    saves, notice = history.load_saves(tmp_path)
    assert [s.record.seed for s in saves] == [6] and "saved-game.json.older-1" in notice
    assert json.loads((tmp_path / "saved-game.json.older-1").read_text())["record"]["seed"] == 5


def save_two() -> None:
    history.save_game(partial("buildup", 3, at=100.0))
    history.save_game(partial("necropolis", 4, at=200.0))


@pytest.mark.parametrize("device", ["mouse", "keyboard", "controller"])
def test_continue_offers_each_saved_game_with_any_device(app_with, device):
    save_two()
    app = app_with(KIT_CONFIG)
    title = app.scenes.top
    assert focus_label(app) == "Continue" and "Build Up" in widget_help(app, "Continue")
    choose(app, device, "Continue")
    assert app.scenes.top.name == "saved games"
    assert [w.label for w in app.scenes.top.focus.widgets] == ["Necropolis", "Build Up", "Back"], "latest first"
    choose(app, device, "Build Up")
    table = app.scenes.top
    assert table.name == "table" and table.setup.game == "buildup" and table.setup.continued
    assert table.session.steps[:20] == partial("buildup", 3, at=0).record.steps
    assert title in app.scenes


def widget_help(app, label: str) -> str:
    return next(w for w in app.scenes.top.focus.widgets if w.label == label).help


def choose(app, device: str, label: str) -> None:
    if device == "mouse":
        click_widget(app, label)
    elif device == "keyboard":
        steer(app, label)
        press_keys(app, pygame.K_RETURN)
    else:
        steer(app, label, device="controller")
        press_pad(app, pygame.CONTROLLER_BUTTON_A)


def test_with_one_saved_game_continue_goes_straight_back(app_with):
    history.save_game(partial("necropolis", 4, at=200.0))
    app = app_with(KIT_CONFIG)
    assert "Necropolis" in widget_help(app, "Continue")
    press_keys(app, pygame.K_RETURN)
    assert app.scenes.top.name == "table" and app.scenes.top.setup.game == "necropolis"


def test_a_game_saved_with_the_move_values_shown_stays_assisted_when_continued_from_the_title(app_with):
    """Continued from the title, left again: the save (and later the history) still
    says the move values were shown (it said `false` after one Continue)."""
    saved = partial("necropolis", 4, at=200.0)
    history.save_game(history.SavedGame(saved.record, saved.kinds, assisted=True))
    app = app_with(KIT_CONFIG)
    press_keys(app, pygame.K_RETURN)
    table = app.scenes.top
    assert table.name == "table" and table.session.assisted
    table.session.save()
    assert history.load_save(game="necropolis")[0].assisted


@pytest.mark.parametrize("device", ["mouse", "keyboard", "controller"])
def test_a_new_game_asks_before_it_replaces_its_games_save(app_with, device):
    save_two()
    app = app_with(KIT_CONFIG)
    app.open("setup", "buildup")
    choose(app, device, "Start game")
    dialog = app.scenes.top
    assert dialog.name == "dialog" and dialog.title == "Replace your saved game?"
    assert "The Build Up game you left unfinished will be lost" in dialog.message
    assert focus_label(app) == "Keep it", "the harmless choice first"
    choose(app, device, "Keep it")
    assert app.scenes.top.name == "setup" and history.load_save(game="buildup")[0].record.seed == 3
    choose(app, device, "Start game")
    choose(app, device, "Replace it")
    assert app.scenes.top.name == "table" and not app.scenes.top.setup.continued
    assert not history.has_save(game="buildup") and history.has_save(game="necropolis")


def test_a_game_with_no_save_of_its_own_starts_without_asking(app_with):
    history.save_game(partial("necropolis", 4, at=200.0))
    app = app_with(KIT_CONFIG)
    app.open("setup", "buildup")
    click_widget(app, "Start game")
    assert app.scenes.top.name == "table"


@pytest.mark.parametrize("resolution", [(1920, 1080), (1280, 800)])
def test_the_chooser_and_the_question_pass_the_layout_check(app_with, resolution):
    save_two()
    history.save_game(partial("cyprus", 5, at=300.0))
    history.save_game(partial("sebastopol", 6, at=400.0))  # every game saved: the tallest chooser
    app = app_with(KIT_CONFIG, resolution=resolution)
    app.check_layout = True
    choose(app, "keyboard", "Continue")  # the keyboard: a click would need the screen's pixels
    look_at_every_help_line(app, "saved games")
    app.scenes.pop()
    app.open("setup", "sebastopol")
    choose(app, "keyboard", "Start game")
    look_at_every_help_line(app, "dialog")


def look_at_every_help_line(app, name: str) -> None:
    """Check the top scene with each of its widgets in focus in turn."""
    assert app.scenes.top.name == name
    for _ in app.scenes.top.focus.widgets:
        run(app, frames=2)
        found = problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))
        assert found == [], f"{name} with {focus_label(app)!r} in focus: {found}"
        buttons = min(widget.rect.top for widget in app.scenes.top.focus.widgets)
        words = [mark for mark in app.layout_marks if mark.kind == "text" and mark.layer.startswith(name)
                 and mark.rect.bottom > buttons - 4 and mark.rect.top < buttons]
        assert words == [], f"words run into the buttons: {words}"
        run(app, key(pygame.K_DOWN) + key(pygame.K_RIGHT))


def test_playing_a_replay_from_here_asks_before_it_replaces_its_games_save(app_with):
    from dominoes_arcade.client.tables import TableSetup, open_table

    history.save_game(partial("necropolis", 4, at=200.0))
    app = app_with(KIT_CONFIG)
    record = random_game("necropolis", 7)
    open_table(app, TableSetup("necropolis", list(record.seats), dict(record.options), 7, record=record))
    press_keys(app, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_h)  # pause, two steps, take over
    assert app.scenes.top.name == "take over"
    press_keys(app, pygame.K_RETURN)  # "Play from here"
    assert app.scenes.top.name == "dialog" and app.scenes.top.title == "Replace your saved game?"
    press_keys(app, pygame.K_RETURN)  # "Keep it": back to choosing a seat, the save kept
    assert app.scenes.top.name == "take over" and history.load_save(game="necropolis")[0].record.seed == 4


def test_play_with_seats_from_the_command_line_asks_before_it_replaces_the_save(app_with):
    """``play buildup --seats human,easy`` over a saved Build Up game asks the setup
    screen's question, and "Keep it" keeps the save (the table used to start at once,
    and its first save replaced the old game)."""
    history.save_game(partial("buildup", 3, at=100.0))
    app = app_with(KIT_CONFIG, game="buildup", seats=["human", "easy"], seed=11)
    dialog = app.scenes.top
    assert dialog.name == "dialog" and dialog.title == "Replace your saved game?"
    choose(app, "keyboard", "Keep it")
    assert app.scenes.top.name == "title"
    assert history.load_save(game="buildup")[0].record.seed == 3, "the save is kept"
    app = app_with(KIT_CONFIG, game="buildup", seats=["human", "easy"], seed=11)
    choose(app, "keyboard", "Replace it")
    assert app.scenes.top.name == "table" and app.scenes.top.setup.seed == 11
