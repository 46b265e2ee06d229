"""Settings: changed on the Settings screen, saved to the user file, loaded next
time; --config still wins; the full-screen toggle under the dummy driver."""

from __future__ import annotations

import tomllib

import pygame
import pytest
from test_client_support import click_widget, make_app, press_keys, run, steer, widget

from dominoes_arcade.client import prefs
from dominoes_arcade.config import ConfigError


def test_settings_are_saved_on_leaving_and_loaded_next_time(app, tmp_path):
    try:
        steer(app, "Settings")
        press_keys(app, pygame.K_RETURN)
        steer(app, "Tile theme")
        press_keys(app, pygame.K_RIGHT)           # classic -> colourblind
        steer(app, "Numbers on tiles")
        press_keys(app, pygame.K_RETURN)          # off -> on
        steer(app, "Effects volume")
        press_keys(app, pygame.K_LEFT, pygame.K_LEFT)  # 0.7 -> 0.5
        assert app.tile_art.theme.name == "colourblind" and app.tile_art.numbers  # applied at once
        assert app.audio.volume == pytest.approx(0.5)
        press_keys(app, pygame.K_ESCAPE)
    finally:
        app.close()
    saved = tomllib.loads((tmp_path / "config.user.toml").read_text(encoding="utf-8"))
    # Only what the player changed is written.
    assert saved == {"display": {"theme": "colourblind", "numbers_on_tiles": True}, "audio": {"volume": 0.5}}
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".config.user")] == []  # no temp file left
    again = make_app(tmp_path)
    try:
        assert again.settings.display.theme == "colourblind" and again.tile_art.numbers
        click_widget(again, "Settings")
        assert widget(again, "Tile theme").value == "colourblind"
    finally:
        again.close()


def test_the_config_file_wins_over_the_user_file(tmp_path):
    user = tmp_path / "config.user.toml"
    prefs.save(user, {"display": {"theme": "midnight"}, "audio": {"enabled": False}})
    config = tmp_path / "mine.toml"
    config.write_text('[display]\ntheme = "classic"\n', encoding="utf-8")
    settings = prefs.load(config, user)
    assert settings.display.theme == "classic" and settings.audio.enabled is False


def test_saving_merges_with_the_existing_user_file_and_refuses_bad_values(tmp_path):
    user = tmp_path / "config.user.toml"
    prefs.save(user, {"display": {"theme": "midnight"}})
    prefs.save(user, {"audio": {"volume": 0.3}})
    assert tomllib.loads(user.read_text(encoding="utf-8")) == {"display": {"theme": "midnight"},
                                                              "audio": {"volume": 0.3}}
    with pytest.raises(ConfigError, match="display.theme"):
        prefs.save(user, {"display": {"theme": "neon"}})
    assert tomllib.loads(user.read_text(encoding="utf-8"))["display"]["theme"] == "midnight"


def test_a_settings_screen_left_unchanged_writes_nothing(app, tmp_path):
    try:
        click_widget(app, "Settings")
        click_widget(app, "Back")
    finally:
        app.close()
    assert not (tmp_path / "config.user.toml").exists()


def test_fullscreen_toggles_survive_the_dummy_driver(app):
    try:
        assert not app.fullscreen  # headless starts windowed
        run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)], frames=2)
        assert app.fullscreen and app.settings.display.fullscreen
        assert "fullscreen = true" in app.user_config.read_text(encoding="utf-8")  # remembered for the next start
        assert pygame.display.get_surface().get_size() == (1280, 720)
        run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT)], frames=2)
        assert not app.fullscreen
        assert app.scenes.top.name == "title"  # Alt+Enter did not also press Enter
        click_widget(app, "Settings")
        click_widget(app, "Full screen")
        assert app.fullscreen
        run(app, frames=3)
        assert app.screen.get_size() == (1280, 720)
    finally:
        app.close()


def test_the_music_volume_row_changes_the_music_and_is_saved(app, tmp_path):
    try:
        click_widget(app, "Settings")
        steer(app, "Music volume")
        press_keys(app, pygame.K_LEFT)  # 0.3 -> 0.2
        assert app.settings.audio.music_volume == pytest.approx(0.2) and app.audio.music_playing
        press_keys(app, pygame.K_LEFT, pygame.K_LEFT)  # 0: no music
        assert app.audio.music_volume == 0 and not app.audio.music_playing
        press_keys(app, pygame.K_ESCAPE)
    finally:
        app.close()
    assert tomllib.loads((tmp_path / "config.user.toml").read_text(encoding="utf-8")) == {"audio": {"music_volume": 0}}
