"""The player's own settings file, broken: the client still starts, with the
defaults for the broken keys and a notice naming the file and the key; the file is
left as it was. Every other settings file stays strict (exit 3)."""

from __future__ import annotations

import pytest

from dominoes_arcade import config
from dominoes_arcade.client import prefs
from dominoes_arcade.client.main import LaunchOptions, run
from dominoes_arcade.config import ConfigError

BROKEN = '[display]\nfps = 5\ntheme = "midnight"\n[audio]\nvolume = nan\n[bots]\nhard = "nosuchbot"\n[nosuch]\nx = 1\n'


def test_broken_keys_fall_back_to_the_defaults_with_a_notice_each(tmp_path):
    user = tmp_path / "config.user.toml"
    user.write_text(BROKEN, encoding="utf-8")
    settings = prefs.load(None, user)
    assert settings.display.theme == "midnight"  # the good key is kept
    defaults = config.defaults()
    assert settings.display.fps == 60 and settings.audio.volume == 0.7
    assert settings.bots.hard == defaults["bots"]["hard"]
    keys = ["display.fps", "audio.volume", "bots.hard", "[nosuch]"]
    assert len(settings.notices) == len(keys)
    for notice, key in zip(settings.notices, keys, strict=True):
        assert notice.startswith(f"{user}: ") and key in notice, notice
    assert user.read_text(encoding="utf-8") == BROKEN


def test_a_user_file_that_is_not_toml_gives_the_defaults(tmp_path):
    user = tmp_path / "config.user.toml"
    user.write_bytes(b"\xff\xfe not toml")
    settings = prefs.load(None, user)
    assert settings.display.fps == 60
    assert settings.notices == [f"{user}: not UTF-8 text (byte 0xff at offset 0) (using the defaults instead)"]


def test_a_broken_config_file_is_still_an_error(tmp_path):
    config = tmp_path / "mine.toml"
    config.write_text(BROKEN, encoding="utf-8")
    with pytest.raises(ConfigError, match="display.fps"):
        prefs.load(config, tmp_path / "config.user.toml")


def test_the_client_starts_with_a_broken_user_file(tmp_path, capsys):
    user = tmp_path / "config.user.toml"
    user.write_text(BROKEN, encoding="utf-8")
    assert run(LaunchOptions(headless=True, max_frames=2, user_config=user)) == 0
    err = capsys.readouterr().err
    assert f"notice: {user}: display.fps = 5 is not allowed" in err
