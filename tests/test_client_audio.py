"""Sound effects and music: synthesised within range, the music a seamless loop that
follows its settings, kept in the user cache directory between runs, and all silent
and harmless without a mixer."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
import test_client_support  # noqa: F401  (dummy SDL drivers before pygame starts)
from test_client_support import press_keys, run

from dominoes_arcade.client import audio as audio_module
from dominoes_arcade.client.audio import EFFECTS, MUSIC, MUSIC_SECONDS, RATE, Audio, cached_path, music, pcm


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_effect_is_short_and_not_silent(name):
    samples = EFFECTS[name](RATE)
    assert 0.02 * RATE <= len(samples) <= 1.5 * RATE
    assert max(abs(s) for s in samples) > 0.05


def test_without_a_mixer_every_call_is_silent_and_harmless(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(enabled=True, volume=1.0)
    assert not audio.available
    for name in EFFECTS:
        audio.play(name)
    assert audio.sound("clack") is None
    with pytest.raises(KeyError, match="clack"):
        audio.play("boom")


def test_sounds_play_through_the_dummy_mixer_and_follow_the_setting(app):
    try:
        assert app.audio.available
        sound = app.audio.sound("clack")
        assert sound is not None and 0.05 < sound.get_length() < 0.2
        press_keys(app, pygame.K_RIGHT)
        assert app.audio.played[-1] == "move"  # focus moved with a tick
        app.change_setting("audio", "enabled", False)
        assert not app.audio.enabled
        app.audio.play("win")  # recorded, not played
        run(app)
    finally:
        app.close()


def test_an_attract_demo_returns_to_the_title_at_the_first_press(app):
    try:
        app.scenes.top.watch_demo("necropolis", attract=True)
        run(app, frames=20)
        assert app.scenes.top.name == "table"
        run(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))])
        assert app.scenes.top.name == "table"  # a nudged mouse is no player
        press_keys(app, pygame.K_SPACE)
        assert app.scenes.top.name == "title"
    finally:
        app.close()


def test_shutdown_halts_the_sounds_and_closes_the_mixer_before_pygame_quits():
    """`App.close` shuts the mixer down itself (`Audio.shutdown`: pygame's own quit
    can deadlock with a sound ending at that moment); afterwards nothing plays, the
    mixer is closed, and the effects are silent rather than failing."""
    pygame.init()
    try:
        audio = Audio(enabled=True, volume=1.0)
        assert audio.available
        for name in EFFECTS:
            audio.play(name)
        assert pygame.mixer.get_busy()
        audio.shutdown()
        assert pygame.mixer.get_init() is None
        assert not audio.available
        audio.play("clack")  # silent now, and harmless
        audio.shutdown()  # a second call finds the mixer closed and does nothing
    finally:
        pygame.quit()


def test_the_music_is_a_four_bar_loop_that_joins_without_a_click():
    samples = music(RATE)
    assert len(samples) == round(MUSIC_SECONDS * RATE) and 8 < MUSIC_SECONDS < 16  # a few bars, not a song
    assert 0.1 < max(abs(s) for s in samples) < 0.7  # audible, and soft beside the effects' full scale
    steps = [b - a for a, b in pairwise(samples)]
    bends = [b - a for a, b in pairwise(steps)]
    # Played again and again, the last sample leads into the first as any two neighbours do:
    # the seam's step and bend are no larger than the loop's own.
    assert abs(samples[0] - samples[-1]) <= max(abs(s) for s in steps)
    assert abs((samples[0] - samples[-1]) - (samples[-1] - samples[-2])) <= max(abs(b) for b in bends)


def test_the_music_follows_sound_and_its_volume(app_with):
    app = app_with('[display]\nanimation_speed = "off"\n[audio]\nmusic_volume = 0.0\n')
    assert app.audio.available and not app.audio.music_playing  # volume 0: no music at all
    app.change_setting("audio", "music_volume", 0.4)
    run(app)
    assert app.audio.music_playing
    app.change_setting("audio", "enabled", False)  # sound off silences the music too
    assert not app.audio.music_playing
    app.change_setting("audio", "enabled", True)
    assert app.audio.music_playing
    app.change_setting("audio", "music_volume", 0.0)
    assert not app.audio.music_playing


def test_the_music_plays_from_the_title_at_the_default_volume(app):
    assert app.scenes.top.name == "title" and app.audio.music_playing


def _never_synthesised(rate):
    raise AssertionError("synthesised again: the cached samples should have been read")


def test_a_sound_is_synthesised_once_and_read_from_the_user_cache_after(monkeypatch, tmp_path):
    """A new process (an empty memory cache) reads the samples from the user cache
    directory: the start pays no synthesis (the music's took about 0.6 s). An older
    version's file is replaced, not kept beside."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(audio_module, "_PCM", {})
    stale = cached_path("move", RATE, 2).with_name(f"move-{RATE}-2-0000000000000000.pcm")
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"old!")
    made = pcm("move", RATE, 2)
    assert cached_path("move", RATE, 2).read_bytes() == made and not stale.exists()
    monkeypatch.setattr(audio_module, "_PCM", {})
    monkeypatch.setitem(audio_module.SOUNDS, "move", _never_synthesised)
    assert pcm("move", RATE, 2) == made


def test_the_music_starts_from_the_cached_samples_without_synthesis(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cached_path(MUSIC, RATE, 2).parent.mkdir(parents=True)
    cached_path(MUSIC, RATE, 2).write_bytes(bytes(4 * RATE))  # a second of silence stands in
    monkeypatch.setattr(audio_module, "_PCM", {})
    monkeypatch.setitem(audio_module.SOUNDS, MUSIC, _never_synthesised)
    audio = Audio(enabled=True, volume=1.0, music_volume=0.3)  # opens the mixer at RATE
    try:
        assert audio.music_playing and abs(audio.sound(MUSIC).get_length() - 1.0) < 0.01
    finally:
        audio.shutdown()


def test_an_unwritable_cache_costs_only_the_synthesis(monkeypatch, tmp_path):
    (tmp_path / "dominoes-arcade").write_text("a file where the cache's folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(audio_module, "_PCM", {})
    assert len(pcm("move", RATE, 2)) == 2 * 2 * len(EFFECTS["move"](RATE))
