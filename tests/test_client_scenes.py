"""Every scene reached and left with the mouse only, the keyboard only and a
controller only (synthetic events under SDL's dummy driver)."""

from __future__ import annotations

import pygame
import pytest
from client_drive import play_with_keyboard
from test_client_support import (
    click,
    click_widget,
    pad_added,
    pad_removed,
    press_keys,
    press_pad,
    run,
    scene_names,
    steer,
    widget,
)

from dominoes_arcade.client.input import Device

A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
START = pygame.CONTROLLER_BUTTON_START
RIGHT_SHOULDER = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


# -- keyboard only -------------------------------------------------------------------


def test_keyboard_alone_reaches_and_leaves_every_menu(app):
    assert scene_names(app) == ["title"]
    for label, name in (("Necropolis", "setup"), ("Settings", "settings"), ("Rules", "rules")):
        steer(app, label)
        press_keys(app, pygame.K_RETURN)
        assert app.scenes.top.name == name
        press_keys(app, pygame.K_ESCAPE)
        assert scene_names(app) == ["title"]
    # Quit asks first; Esc on the question keeps the game open.
    steer(app, "Quit")
    press_keys(app, pygame.K_RETURN)
    assert app.scenes.top.name == "dialog"
    press_keys(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["title"] and app.running


def test_keyboard_alone_starts_a_game_pauses_and_leaves(app):
    steer(app, "Build Up")
    press_keys(app, pygame.K_RETURN)   # the setup screen, focus on "Start game"
    press_keys(app, pygame.K_RETURN)
    assert scene_names(app) == ["title", "table"]
    press_keys(app, pygame.K_ESCAPE)    # back at the table means pause
    assert scene_names(app) == ["title", "table", "pause"]
    steer(app, "Rules")
    press_keys(app, pygame.K_RETURN)
    assert app.scenes.top.name == "rules" and app.scenes.top.game == "buildup"  # the game being played
    press_keys(app, pygame.K_ESCAPE)
    steer(app, "Settings")
    press_keys(app, pygame.K_RETURN, pygame.K_ESCAPE)
    assert app.scenes.top.name == "pause"
    steer(app, "Leave game")
    press_keys(app, pygame.K_RETURN)
    assert app.scenes.top.name == "dialog"
    press_keys(app, pygame.K_LEFT, pygame.K_RETURN)  # "Leave", left of the default "Keep playing"
    assert scene_names(app) == ["title"]


def test_keyboard_alone_plays_a_game_to_the_end(app):
    steer(app, "Necropolis")
    press_keys(app, pygame.K_RETURN, pygame.K_RETURN)
    table = app.scenes.top
    assert table.name == "table" and table.session.state.game == "necropolis"
    play_with_keyboard(app, table)
    assert table.session.state.is_terminal
    assert any(step.startswith("0 ") for step in table.session.steps), "the human seat moved"
    assert app.scenes.top.name == "game over"
    steer(app, "Menu")
    press_keys(app, pygame.K_RETURN)
    assert scene_names(app) == ["title"]


# -- mouse only ----------------------------------------------------------------------


def test_mouse_alone_reaches_and_leaves_every_scene(app):
    for label, name in (("Necropolis", "setup"), ("Settings", "settings"), ("Rules", "rules")):
        click_widget(app, label)
        assert app.scenes.top.name == name
        assert app.input.last_device is Device.MOUSE
        click_widget(app, "Back")
        assert scene_names(app) == ["title"]
    click_widget(app, "Cyprus")
    click_widget(app, "Start game")
    assert app.scenes.top.name == "table"
    click_footer(app, "Pause")
    assert app.scenes.top.name == "pause"
    click_widget(app, "Rules")
    click_widget(app, "Back")
    click_widget(app, "Settings")
    click_widget(app, "Back")
    click_widget(app, "Resume")
    assert app.scenes.top.name == "table"
    click_footer(app, "Pause")
    click_widget(app, "Leave game")
    click_widget(app, "Leave")
    assert scene_names(app) == ["title"]
    click_widget(app, "Quit")
    click_widget(app, "Quit")
    assert not app.running


def click_footer(app, words: str) -> None:
    """Click the footer prompt labelled `words` (tables have no Pause widget: the
    footer's prompt is the mouse's way to pause)."""
    run(app)
    areas = [area for area, _intent, _glyph, label in app._prompt_areas if label == words]
    assert areas, f"no footer prompt {words!r}"
    click(app, areas[0].center)


def test_right_click_goes_back_and_footer_prompts_are_clickable(app):
    click_widget(app, "Settings")
    click(app, (640, 300), button=3)
    assert scene_names(app) == ["title"]
    click_widget(app, "Rules")
    back = [area for area, intent, _glyph, words in app._prompt_areas if words == "Back"]
    assert back, "the rules screen offers Back in its footer"
    click(app, back[0].center)
    assert scene_names(app) == ["title"]


def test_mouse_wheel_and_drag_scroll_the_rules(app):
    click_widget(app, "Rules")
    rules = app.scenes.top
    assert rules.max_scroll > 0, "the rules document is longer than one screen"
    run(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, precise_x=0.0, precise_y=-3.0, flipped=False)],
        frames=30)
    assert rules.scroll > 100
    before = rules.scroll
    run(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 400), button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 340), rel=(0, -60), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(600, 340), button=1)], frames=2)
    assert rules.scroll == pytest.approx(before + 60)


# -- controller only -----------------------------------------------------------------


def test_controller_alone_reaches_and_leaves_every_scene(app):
    run(app, [pad_added()])
    assert app.input.controllers
    for label, name in (("Sebastopol", "setup"), ("Settings", "settings"), ("Rules", "rules")):
        steer(app, label, device="controller")
        press_pad(app, A)
        assert app.scenes.top.name == name
        assert app.input.last_device is Device.CONTROLLER
        if name == "rules":
            before = app.scenes.top.game
            press_pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
            assert app.scenes.top.game != before
            press_pad(app, RIGHT_SHOULDER)
            run(app, frames=30)
            assert app.scenes.top.scroll > 0
        press_pad(app, B)
        assert scene_names(app) == ["title"]
    steer(app, "Necropolis", device="controller")
    press_pad(app, A, A)
    assert app.scenes.top.name == "table"
    press_pad(app, START)
    assert app.scenes.top.name == "pause"
    press_pad(app, START)
    assert app.scenes.top.name == "table"
    press_pad(app, B)
    steer(app, "Leave game", device="controller")
    press_pad(app, A, pygame.CONTROLLER_BUTTON_DPAD_LEFT, A)
    assert scene_names(app) == ["title"]


def test_a_controller_unplugged_mid_game_opens_the_pause_menu(app):
    run(app, [pad_added()])
    assert "Controller connected" in [text for text, _left in app.toasts]
    steer(app, "Necropolis", device="controller")
    press_pad(app, A, A)
    assert app.scenes.top.name == "table"
    run(app, [pad_removed()])
    assert app.scenes.top.name == "pause"
    assert not app.input.controllers
    assert "Controller disconnected" in [text for text, _left in app.toasts]


def test_unplugging_on_a_menu_changes_nothing_but_the_prompts(app):
    run(app, [pad_added()])
    press_pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert app.input.last_device is Device.CONTROLLER
    run(app, [pad_removed()])
    assert scene_names(app) == ["title"]
    assert app.input.last_device is Device.KEYBOARD


def test_cyprus_setup_changes_the_number_of_seats(app):
    steer(app, "Cyprus")
    press_keys(app, pygame.K_RETURN)
    setup = app.scenes.top
    steer(app, "Players")
    for _ in range(6):
        press_keys(app, pygame.K_RIGHT)
    assert setup.players == 10
    assert [w.label for w in setup.focus.widgets if w.label.startswith("Seat ")] == [f"Seat {n}" for n in range(1, 11)]
    steer(app, "Seat 10")
    press_keys(app, pygame.K_LEFT)  # Medium bot -> Easy bot
    assert setup.seats[9] == "easy"
    steer(app, "Start game")
    press_keys(app, pygame.K_RETURN)
    table = app.scenes.top
    assert table.session.state.num_players == 10 and table.setup.seats[9] == "easy"


def test_setup_options_come_from_the_config_and_reach_the_game(app_with):
    app = app_with('[display]\nanimation_speed = "off"\n[necropolis]\nsite_penalty = 3\n')
    try:
        click_widget(app, "Necropolis")
        assert widget(app, "Site penalty").value == 3
        steer(app, "Site penalty")
        press_keys(app, pygame.K_RIGHT)
        assert widget(app, "Site penalty").value == 4
        click_widget(app, "Start game")
        assert app.scenes.top.session.state.options_dict()["site_penalty"] == 4
    finally:
        app.close()


def test_every_menu_widget_can_be_reached_from_every_other_with_directions(app):
    from test_client_support import focus_moves

    from dominoes_arcade.client.scenes.pause import PauseScene
    from dominoes_arcade.client.scenes.rules import RulesScene
    from dominoes_arcade.client.scenes.settings import SettingsScene
    from dominoes_arcade.client.scenes.setup import SetupScene

    scenes = [app.scenes.top, SettingsScene(app), RulesScene(app), PauseScene(app, "necropolis")]
    scenes += [SetupScene(app, game, players=players) for game, players in
               (("necropolis", 2), ("buildup", 2), ("sebastopol", 4), ("cyprus", 4), ("cyprus", 7), ("cyprus", 10))]
    for scene in scenes:
        moves = focus_moves(scene.focus)
        for start in moves:
            seen, frontier = {start}, [start]
            while frontier:
                here = frontier.pop()
                for there in moves[here].values():
                    if there not in seen:
                        seen.add(there)
                        frontier.append(there)
            if scene.name == "rules":
                continue  # left and right switch games there: the tabs need no focus walk
            missing = [w.label for w in moves if w not in seen]
            assert not missing, f"{scene.name}: from {start.label!r} directions never reach {missing}"


def test_a_record_replays_on_the_table_step_by_step(app):
    from dominoes_arcade.client.tables import TableSetup, open_table
    from dominoes_arcade.engine.match import random_game

    record = random_game("sebastopol", 4)
    table = open_table(app, TableSetup(record.game, list(record.seats), dict(record.options), 0, record=record))
    for _ in range(3000):
        if table.is_over:
            break
        run(app)
    assert table.is_over and table.session.error is None
    assert table.session.steps == record.steps and table.session.state.scores() == record.scores


def test_cyprus_proposes_a_target_for_the_players_and_the_game_records_it(app):
    """The rules' target (100) ends a game of 10 after one round (docs/cyprus-target.md):
    the setup proposes a larger one as seats are added, and the game is played and
    recorded with the target shown."""
    click_widget(app, "Cyprus")
    setup = app.scenes.top
    assert widget(app, "Target score").value == 100  # 4 players: the rules' own target
    steer(app, "Players")
    for _ in range(6):
        press_keys(app, pygame.K_RIGHT)
    assert setup.players == 10
    proposed = widget(app, "Target score").value
    assert proposed > 100  # the slider shows the target the game will use
    assert "10 players" in widget(app, "Target score").help
    click_widget(app, "Start game")
    table = app.scenes.top
    assert table.session.state.options_dict()["target_score"] == proposed
    assert table.session.to_record().options["target_score"] == proposed  # so a replay is exact


def test_a_target_the_player_chose_is_kept_whatever_the_number_of_players(app_with):
    app = app_with('[display]\nanimation_speed = "off"\n')
    click_widget(app, "Cyprus")
    steer(app, "Target score")
    press_keys(app, pygame.K_LEFT)  # chosen here: 90
    steer(app, "Players")
    press_keys(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
    assert app.scenes.top.players == 7 and widget(app, "Target score").value == 90
    configured = app_with('[display]\nanimation_speed = "off"\n[cyprus]\nplayers = 10\ntarget_score = 120\n',
                          name="chosen.toml")
    click_widget(configured, "Cyprus")
    assert configured.scenes.top.players == 10 and widget(configured, "Target score").value == 120
