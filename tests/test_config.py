"""config.toml and its loader: defaults for every key, layered files, and one clear
error naming the file, the key, the value and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominoes_arcade import config
from dominoes_arcade.config import ConfigError, check_file, load_settings

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path, text, name="settings.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_shipped_config_lists_every_key_with_its_default():
    assert (ROOT / "config.toml").read_text() == config.render_default_config(), \
        "config.toml is out of date: run `dominoes-arcade config defaults > config.toml`"
    assert check_file(ROOT / "config.toml").values == config.defaults()


def test_every_game_has_its_table():
    from dominoes_arcade.engine import GAMES

    sections = config.schema()
    for game in GAMES:
        assert game in sections
    for section in ("display", "audio", "controls", "bots", "tournament"):
        assert section in sections


def test_a_file_overrides_only_what_it_names(tmp_path):
    path = write(tmp_path, "[necropolis]\nsite_penalty = 3\n[display]\nfullscreen = false\n")
    settings = load_settings(path, include_user=False)
    assert settings.game("necropolis")["site_penalty"] == 3
    assert settings.game("necropolis")["max_turns"] == 400
    assert settings.display.fullscreen is False
    assert settings.sources[-1] == path


@pytest.mark.parametrize("text,key,needle", [
    ("[necropolis]\nsite_penalty = 11\n", "necropolis.site_penalty", "an integer from 0 to 10"),
    ("[necropolis]\nsite_penalty = \"two\"\n", "necropolis.site_penalty", '"two"'),
    ("[necropolis]\nallow_exchange = 1\n", "necropolis.allow_exchange", "true or false"),
    ("[necropolis]\nfirst_player = 2\n", "necropolis.first_player", 'one of "random", 0, 1'),
    ("[necropolis]\nsite_penalty = true\n", "necropolis.site_penalty", "true"),
    ("[necropolis]\ncolour = 1\n", "necropolis.colour", "unknown key"),
    ("[audio]\nvolume = 1.5\n", "audio.volume", "from 0.0 to 1.0"),
    ("[nope]\nx = 1\n", "nope", "unknown section"),
])
def test_bad_values_name_file_key_value_and_what_is_allowed(tmp_path, text, key, needle):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(path, include_user=False)
    message = str(caught.value)
    assert message.startswith(str(path)) and key in message and needle in message
    assert caught.value.key == key


def test_broken_toml_and_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        check_file(write(tmp_path, "[display\n"))
    with pytest.raises(ConfigError, match="no such file"):
        check_file(tmp_path / "absent.toml")


def test_user_file_beside_the_defaults_is_layered_under_config(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "[necropolis]\nsite_penalty = 2\n", "config.toml")
    write(tmp_path, "[necropolis]\nsite_penalty = 5\nmax_turns = 99\n", "config.user.toml")
    override = write(tmp_path, "[necropolis]\nsite_penalty = 7\n", "mine.toml")
    assert load_settings().game("necropolis")["site_penalty"] == 5
    both = load_settings(override)
    assert both.game("necropolis")["site_penalty"] == 7 and both.game("necropolis")["max_turns"] == 99
