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
    ("[audio]\nmusic_volume = -0.1\n", "audio.music_volume", "from 0.0 to 1.0"),
    ("[audio]\nmusic_volume = \"soft\"\n", "audio.music_volume", '"soft"'),
    ("[online]\nport = 70000\n", "online.port", "an integer from 0 to 65535"),
    ("[online]\nhost = \"my computer\"\n", "online.host", "an address such as"),
    ("[online]\nhost = 8765\n", "online.host", "8765"),
    ("[nope]\nx = 1\n", "nope", "unknown section"),
])
def test_bad_values_name_file_key_value_and_what_is_allowed(tmp_path, text, key, needle):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(path, include_user=False)
    message = str(caught.value)
    assert message.startswith(str(path)) and key in message and needle in message
    assert caught.value.key == key


def test_the_music_volume_is_read_from_the_audio_table(tmp_path):
    assert load_settings(include_user=False).audio.music_volume == 0.3  # lowish: music stays behind the play
    assert load_settings(write(tmp_path, "[audio]\nmusic_volume = 0.0\n"), include_user=False).audio.music_volume == 0


def test_broken_toml_and_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        check_file(write(tmp_path, "[display\n"))
    with pytest.raises(ConfigError, match="no such file"):
        check_file(tmp_path / "absent.toml")


def test_layers_checkout_then_user_then_config_and_never_the_current_directory(tmp_path, monkeypatch):
    from dominoes_arcade import config

    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "pyproject.toml").write_text('[project]\nname = "dominoes-arcade"\n', encoding="utf-8")
    write(checkout, "[necropolis]\nsite_penalty = 2\nmax_turns = 50\n", "config.toml")
    monkeypatch.setattr(config, "PROJECT_ROOT", checkout)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    user = tmp_path / "xdg" / "dominoes-arcade" / "config.user.toml"
    user.parent.mkdir(parents=True)
    write(user.parent, "[necropolis]\nsite_penalty = 5\nmax_turns = 99\n", "config.user.toml")
    override = write(tmp_path, "[necropolis]\nsite_penalty = 7\n", "mine.toml")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    write(elsewhere, "[server]\nport = 8080\n", "config.toml")  # another program's file
    monkeypatch.chdir(elsewhere)

    assert config.user_config_path() == user
    layered = load_settings()
    assert layered.sources == [checkout / "config.toml", user]
    assert layered.game("necropolis")["site_penalty"] == 5 and layered.game("necropolis")["max_turns"] == 99
    both = load_settings(override)
    assert both.game("necropolis")["site_penalty"] == 7 and both.game("necropolis")["max_turns"] == 99
    assert load_settings(include_user=False).game("necropolis")["max_turns"] == 50


def test_an_installed_package_reads_no_checkout_file(tmp_path, monkeypatch):
    from dominoes_arcade import config

    site = tmp_path / "site-packages"
    site.mkdir()
    write(site, "[necropolis]\nsite_penalty = 9\n", "config.toml")  # no pyproject.toml of ours beside it
    monkeypatch.setattr(config, "PROJECT_ROOT", site)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config.checkout_config_path() is None
    settings = load_settings()
    assert settings.sources == [] and settings.game("necropolis")["site_penalty"] == config.defaults()[
        "necropolis"]["site_penalty"]


def test_user_data_directory_follows_xdg(tmp_path, monkeypatch):
    from dominoes_arcade import config

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert config.user_data_dir() == tmp_path / "data" / "dominoes-arcade"


