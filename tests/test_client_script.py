"""Scripted input (``play --script``, `dominoes_arcade.client.script`): a bad line is
refused before the window opens, naming it; a script's events go through SDL's
queue into the real loop (`App.run`); a wait that runs out names its line and
closes the app with exit code 1. The whole games it plays are in test_end_to_end."""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

from dominoes_arcade.client import script as script_module
from dominoes_arcade.client.script import Script, ScriptError, parse


@pytest.mark.parametrize("text,words", [
    ("klick Start", "line 1: 'klick' is not a command"),
    ("# a comment\n\nkey nokey", "line 3: 'nokey' is not a key name"),
    ("key return * many", "the count must be a whole number"),
    ("wait soon", "wait 'soon': give the seconds as a number"),
    ("wait 1000", "between 0 and 90 seconds"),
    ("choose Game", "choose LABEL = VALUE"),
    ("click", "click needs what to look for"),
    ("play now", "play takes nothing after it"),
])
def test_a_bad_line_is_refused_naming_it(text, words):
    with pytest.raises(ScriptError, match=words):
        parse(text, "moves.txt")


def test_good_lines_are_read_in_order_without_comments():
    commands = parse("# host\nclick Play online\n\nkey escape * 2\nchoose Game = Build Up\nplay\n")
    assert [(c.number, c.verb, c.argument) for c in commands] == [
        (2, "click", "Play online"), (4, "key", "escape * 2"), (5, "choose", "Game = Build Up"), (6, "play", "")]


def test_play_script_refuses_a_bad_script_before_the_window_opens(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("click Play online\njump\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "dominoes_arcade", "play", "--headless", "--script", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "line 2: 'jump' is not a command" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


class StepClock:
    """The real loop's clock (events from SDL's queue), a fixed step, a run bounded
    to `limit` seconds, or to its script's end."""

    def __init__(self, app, limit: float):
        self.app, self.end = app, time.monotonic() + limit

    def frame(self):
        import pygame

        if time.monotonic() > self.end or (self.app.script is not None and self.app.script.done):
            self.app.quit()
        time.sleep(0.001)
        return 1 / 60, pygame.event.get()

    idle = frame


def test_a_script_clicks_through_the_real_loop_and_a_wait_in_vain_closes_with_its_line(app, monkeypatch):
    """`click Play online` opens the online menu through SDL's event queue; `click`
    of a control that never comes gives up after the limit, naming the line."""
    monkeypatch.setattr(script_module, "WAIT_LIMIT", 0.3)
    log = io.StringIO()
    app.script = Script(parse("click Play online\nscreen online\nclick Fly away\n"), log)
    app.run(StepClock(app, 10.0))
    assert app.scenes.top.name == "online"
    assert app.script.failed is not None and not app.running
    assert "line 3 (click Fly away): still waiting after 0.3 s (the screen is 'online')" in log.getvalue()
    assert log.getvalue().splitlines()[:2] == ["script: line 1 (click Play online)", "script: line 2 (screen online)"]


def test_a_click_waits_for_the_screen_to_settle(app_with):
    """With animations on, a click while the screen still moves would only skip the
    animation (as a player's does): the script clicks once it has settled, so
    `click Play online` opens the online menu (in a real window the first click
    of a script was lost so)."""
    app = app_with('[display]\nanimation_speed = "slow"\n', "slow.toml")
    log = io.StringIO()
    app.script = Script(parse("click Play online\nscreen online\n"), log)
    app.run(StepClock(app, 20.0))
    assert app.script.failed is None and app.scenes.top.name == "online", log.getvalue()
