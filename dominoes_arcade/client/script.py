"""Scripted input for the real loop (``play --script FILE``): a player's keys and
clicks, written down, posted into SDL's event queue one after another while
`App.run` runs, so a scripted run goes through exactly the path a player's input
takes (the event queue, the input mapper, the scenes). The end-to-end tests start
the client this way; it also records a demo or checks a build by hand.

One command a line; blank lines and lines starting with ``#`` are skipped:

- ``key NAME`` presses and releases a key (pygame's key names: ``return``,
  ``escape``, ``left``, ``a``...); ``key NAME * N`` presses it N times.
- ``text WORDS`` types the words, as a keyboard does (a key down and its text).
- ``click LABEL`` waits until the top screen shows an enabled control labelled
  LABEL and has settled (as a player looks first: a click while something moves
  only skips the animation), then clicks its middle with the mouse.
- ``choose LABEL = VALUE`` clicks the choice control LABEL (its right half steps
  forward) until it shows VALUE.
- ``screen NAME`` waits until the top screen is NAME (``table``, ``lobby``,
  ``game over``...).
- ``wait SECONDS`` waits.
- ``play`` plays with the keyboard from then on: Enter, pressed whenever the
  screen settles (and every `PLAY_EVERY` frames while something moves; the first
  time only once it settles), makes whatever move the focus offers and confirms
  whatever asks (start the app with ``--exit-when-over``).

Each wait gives up after `WAIT_LIMIT` seconds: the script then says on stderr
which line it was stuck on and the app closes with exit code 1.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pygame

from .. import files

WAIT_LIMIT = 90.0
"""Seconds a `click`, `choose` or `screen` waits for what it needs."""
PLAY_SETTLED = 0.02
"""Seconds, at least, between two presses of Enter while the script plays."""
PLAY_FIRST_LIMIT = 10.0
"""Seconds the first press of `play` waits for the screen to settle before it is
pressed anyway."""
CLICK_SETTLE_LIMIT = 5.0
"""Seconds a `click` or `choose` waits for the screen to settle before it clicks
anyway (a screen may animate for as long as it is shown)."""
PLAY_EVERY = 2
"""Frames of the loop after which the playing script presses Enter while something
moves: on a display at 60 fps, every 33 ms. Counted in frames, not seconds, so a
headless run (whose animated frames do not wait for the clock) presses as often per
frame as a player's window does, rather than spinning dozens of frames between two
presses."""
COMMANDS = ("key", "text", "click", "choose", "screen", "wait", "play")


class ScriptError(ValueError):
    """A script that cannot be run: ``str(error)`` names the file and the line."""


@dataclass(frozen=True)
class Command:
    number: int
    """The line's number in the file, from 1."""
    verb: str
    argument: str

    def __str__(self) -> str:
        return f"line {self.number} ({' '.join(filter(None, (self.verb, self.argument)))})"


def parse(text: str, source: str = "script") -> list[Command]:
    """The commands of a script. :raises ScriptError: naming the line."""
    commands = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        verb, _, argument = line.partition(" ")
        argument = argument.strip()
        command = Command(number, verb.lower(), argument)
        problem = _problem(command)
        if problem is not None:
            raise ScriptError(f"{source}: line {number}: {problem}")
        commands.append(command)
    return commands


def _problem(command: Command) -> str | None:
    verb, argument = command.verb, command.argument
    if verb not in COMMANDS:
        return f"{verb!r} is not a command: use one of {', '.join(COMMANDS)}"
    if verb == "key":
        name, _, times = argument.partition("*")
        if key_code(name) is None:
            return f"{name.strip()!r} is not a key name (pygame's names: return, escape, left, a\u2026)"
        if times and not times.strip().isdigit():
            return f"key {name.strip()} * {times.strip()}: the count must be a whole number"
    elif verb == "wait":
        try:
            seconds = float(argument)
        except ValueError:
            return f"wait {argument!r}: give the seconds as a number"
        if not 0 <= seconds <= WAIT_LIMIT:
            return f"wait {argument}: between 0 and {WAIT_LIMIT:g} seconds"
    elif verb == "choose" and " = " not in argument:
        return "choose LABEL = VALUE"
    elif verb in ("text", "click", "screen") and not argument:
        return f"{verb} needs what to {'type' if verb == 'text' else 'look for'}"
    elif verb == "play" and argument:
        return "play takes nothing after it"
    return None


def load(path: Path | str) -> list[Command]:
    """The script in `path`. :raises FileError: unreadable; :raises ScriptError:"""
    return parse(files.decode(files.read_bytes(path, limit=1_000_000), path), str(path))


def key_code(name: str) -> int | None:
    """pygame's key for a name (``return``, ``a``, ``f11``), or None."""
    name = name.strip()
    code = getattr(pygame, f"K_{name}", None) or getattr(pygame, f"K_{name.upper()}", None)
    return code if isinstance(code, int) and name else None


def key_events(key: int, unicode: str = "") -> list[pygame.event.Event]:
    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    return [down, up]


class Script:
    """Carries out the commands, one at a time, from the app's loop (`feed`)."""

    def __init__(self, commands: list[Command], log: IO[str] | None = None):
        self.commands = list(commands)
        self.log = log if log is not None else sys.stderr
        self.index = 0
        self.failed: str | None = None
        """What the script got stuck on, once it gave up."""
        self._since: float | None = None
        """When the current command started waiting (monotonic seconds)."""
        self._last_press = 0.0
        self._last_press_frame = 0
        self._presses = 0
        """Clicks or key presses the current command has made."""

    @property
    def done(self) -> bool:
        return self.index >= len(self.commands)

    def feed(self, app: Any) -> None:
        """Post the events of the current command into SDL's queue, or wait; once
        a wait runs past `WAIT_LIMIT`, say so and close the app."""
        if self.done or self.failed is not None:
            return
        command = self.commands[self.index]
        now = time.monotonic()
        if self._since is None:
            self._since = now
            self.say(f"{command}")
        finished = getattr(self, f"_{command.verb}")(app, command.argument, now - self._since)
        if finished:
            self.index += 1
            self._since = None
            self._presses = 0
        elif command.verb != "play" and now - self._since > WAIT_LIMIT:
            self.failed = f"{command}: still waiting after {WAIT_LIMIT:g} s (the screen is {screen_name(app)!r})"
            self.say(self.failed)
            app.quit()

    def say(self, words: str) -> None:
        print(f"script: {words}", file=self.log, flush=True)

    # -- the commands: each returns True once it is done -----------------------------------
    def _key(self, app, argument: str, waited: float) -> bool:
        name, _, times = argument.partition("*")
        for _ in range(int(times) if times.strip() else 1):
            for event in key_events(key_code(name) or 0):
                pygame.event.post(event)
        return True

    def _text(self, app, argument: str, waited: float) -> bool:
        for character in argument:
            down, up = key_events(key_code(character.lower()) or 0, character)
            pygame.event.post(down)
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
            pygame.event.post(up)
        return True

    def _click(self, app, label: str, waited: float) -> bool:
        widget = find_widget(app, label)
        if widget is None or not widget.enabled or (app.live and waited < CLICK_SETTLE_LIMIT):
            return False
        click(app, widget.rect.center)
        return True

    def _choose(self, app, argument: str, waited: float) -> bool:
        label, _, value = (part.strip() for part in argument.partition(" = "))
        widget = find_widget(app, label)
        if widget is None or not hasattr(widget, "choices"):
            return False
        if widget.text == value:
            return True
        if app.live and waited < CLICK_SETTLE_LIMIT:
            return False
        if self._presses > len(getattr(widget, "choices", ())) + 1:
            return False  # been round every choice: let the wait run out, naming the line
        if self._presses == 0 or time.monotonic() - self._last_press > 0.1:  # one step, then look
            self._presses += 1
            self._last_press = time.monotonic()
            control = widget.control_rect
            click(app, (control.right - 8, control.centery))
        return False

    def _screen(self, app, name: str, waited: float) -> bool:
        return screen_name(app) == name

    def _wait(self, app, argument: str, waited: float) -> bool:
        return waited >= float(argument)

    def _play(self, app, argument: str, waited: float) -> bool:
        # As a player: a press once the screen has settled (the loop idles, waiting
        # for input), or after a moment while something keeps moving (the focus
        # pulses for a while after each press). The first press waits for the
        # screen to settle, as a player looks before the first move: the loop's
        # idle frames at a decision are then met in every game.
        now = time.monotonic()
        settled = not app.live and now - self._last_press >= PLAY_SETTLED
        if self._presses == 0:
            due = settled or waited >= PLAY_FIRST_LIMIT
        else:
            due = settled or app.frame - self._last_press_frame >= PLAY_EVERY
        if due:
            self._last_press, self._last_press_frame = now, app.frame
            self._presses += 1
            for event in key_events(pygame.K_RETURN):
                pygame.event.post(event)
        return False


def screen_name(app) -> str | None:
    top = app.scenes.top
    return None if top is None else top.name


def find_widget(app, label: str):
    """The top screen's control labelled `label`, or None."""
    top = app.scenes.top
    focus = getattr(top, "focus", None)
    for widget in getattr(focus, "widgets", ()):
        if widget.label == label:
            return widget
    return None


def click(app, logical: tuple[int, int]) -> None:
    """A mouse click at a point of the logical canvas, in the screen's pixels."""
    x = round(logical[0] * app.scale + app.offset[0])
    y = round(logical[1] * app.scale + app.offset[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
