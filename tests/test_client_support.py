"""Helpers for the client tests (no tests here): a headless App and synthetic
input from each device. Imported by the other test_client_* modules."""

from __future__ import annotations

import functools
import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from collections import deque  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from dominoes_arcade.client import prefs, theme, tile_art  # noqa: E402
from dominoes_arcade.client.focus import farthest_back, nearest  # noqa: E402
from dominoes_arcade.client.input import Intent  # noqa: E402
from dominoes_arcade.client.main import LaunchOptions, build_app  # noqa: E402
from dominoes_arcade.client.widgets import ChoiceList, Slider, Toggle  # noqa: E402

# Each app draws its table felt afresh (a tenth of a second of seeded grain at 1920x1080,
# half of building an app); the tests build some hundreds of apps, so they share each
# felt, still drawn by the real function, once per size and colours. Nothing draws on a
# felt: the app keeps one per size and theme and the tables copy it.
theme.felt_surface = functools.lru_cache(maxsize=16)(theme.felt_surface)

# So does every tile face and back, drawn by the real `TileArt._draw` once per theme,
# numbers and shape (supersampled, the faces of one title screen take 60 ms). The
# surfaces were already shared by every table of one app; no test draws on one.
_draw_tile_art = tile_art.TileArt._draw
_tile_art_drawn: dict[tuple, pygame.Surface] = {}


def _shared_tile_art(art, length, horizontal, owner, numbers):
    key = (id(art.theme), art.numbers, length, horizontal, owner, numbers)
    surface = _tile_art_drawn.get(key)
    if surface is None:
        surface = _tile_art_drawn[key] = _draw_tile_art(art, length, horizontal, owner, numbers)
    return surface


tile_art.TileArt._draw = _shared_tile_art

FRAME = 1 / 60
PAD = 7
"""The instance id of the synthetic controller."""
KIT_CONFIG = '[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\nhard = "ismcts:iterations=40"\n'
"""Animations off, no think delay and a quick `hard` bot (the hint's): the table kit's tests."""


def animated(speed: str = "fast") -> str:
    """A config's text with animations at `speed` and no think delay."""
    return f'[display]\nanimation_speed = "{speed}"\n[bots]\nthink_delay_ms = 0\n'


def make_app(tmp_path: Path, *, config: Path | None = None, **options):
    """A headless App over the title screen, saving settings into `tmp_path`,
    with animations off unless `config` says otherwise (tests step exact frames)."""
    user = tmp_path / "config.user.toml"
    if config is None:
        config = tmp_path / "test-config.toml"
        if not config.exists():
            # A game hosted in a test (Play online) listens on this computer only, on any free port.
            config.write_text('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n'
                              '[online]\nhost = "127.0.0.1"\nport = 0\n', encoding="utf-8")
    settings = prefs.load(config, user)
    app = build_app(LaunchOptions(headless=True, user_config=user, config=config, **options), settings)
    app.step(FRAME, [])
    return app


def release(app) -> None:
    """End a test's app as `App.close` does (every scene's exit runs: a hosted
    server stops, a session's bots stop), but leave SDL's display and mixer up for
    the next test's app in this process: closing SDL's audio device and opening it
    again costs about 80 ms an app, more than building one. The tests of closing
    itself call `App.close`."""
    if not pygame.display.get_init():
        return  # the test closed it
    app.scenes.clear()
    if pygame.mixer.get_init() is not None:
        pygame.mixer.stop()  # no sound of this test's plays into the next one's
    pygame.event.clear()


def run(app, events=(), frames: int = 1) -> None:
    """One frame with `events`, then `frames - 1` quiet ones."""
    app.step(FRAME, list(events))
    for _ in range(frames - 1):
        app.step(FRAME, [])


@contextmanager
def undrawn(app) -> Iterator[None]:
    """Frames that run input and update as always but draw nothing: for the
    frames a test looks at none of (moving a game on to the screen it checks),
    since drawing is most of a frame's time. The demo and game tests of each
    table draw every frame of whole games."""
    app.draw = _no_drawing
    try:
        yield
    finally:
        del app.draw


def _no_drawing() -> None:
    pass


FUZZ_DRAW_EVERY = 3
"""The fuzz tests draw one frame in this many: every frame runs input and update,
as the real loop's do, and the real loop too draws only some (`App.step`'s
`only_if_changed`); drawing is most of a frame's time, so the same random input
costs a third of it and every scene is still drawn across its states."""


def fuzz_step(app, dt: float, events, frame: int) -> None:
    """Frame number `frame` of a fuzz test: drawn one time in `FUZZ_DRAW_EVERY`."""
    if frame % FUZZ_DRAW_EVERY == 0:
        app.step(dt, events)
    else:
        with undrawn(app):
            app.step(dt, events)


UNDRAWN_SECONDS = 120.0
"""The longest `run_undrawn_until` waits. The bots answer in real time, from their
worker process, and an undrawn frame takes next to no time: a bound in frames would
run out before a busy machine's bots answered."""


def run_undrawn_until(app, done: Callable[[], bool], what: str = "the condition",
                      seconds: float = UNDRAWN_SECONDS) -> None:
    """Undrawn frames (`undrawn`) until `done()` (which may also act, as a player),
    for at most `seconds`."""
    deadline = time.monotonic() + seconds
    with undrawn(app):
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never came true in {seconds:g} s")
            run(app)


def key(k: int, mod: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


def press_keys(app, *keys: int) -> None:
    for k in keys:
        run(app, key(k), frames=2)


def click(app, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    run(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], frames=2)


def pad_added(instance: int = PAD) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=instance)


def pad_removed(instance: int = PAD) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance)


def pad_button(button: int, instance: int = PAD) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=button)]


def press_pad(app, *buttons: int) -> None:
    for button in buttons:
        run(app, pad_button(button), frames=2)


def widget(app, label: str):
    """The widget labelled `label` on the top scene (what a player sees)."""
    found = [w for w in app.scenes.top.focus.widgets if w.label == label]
    assert found, f"no widget {label!r} on {app.scenes.top.name}: " + \
        ", ".join(repr(w.label) for w in app.scenes.top.focus.widgets)
    return found[0]


def click_widget(app, label: str) -> None:
    click(app, widget(app, label).rect.center)


def focus_label(app) -> str:
    focused = app.scenes.top.focus.focused
    return focused.label if focused is not None else ""


def scene_names(app) -> list[str]:
    return [scene.name for scene in app.scenes]


KEY_DIRECTIONS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}
PAD_DIRECTIONS = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                  "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


VALUE_WIDGETS = (Slider, ChoiceList, Toggle)
"""Widgets that use left and right themselves (to change their value)."""


def focus_moves(group) -> dict:
    """The focus graph a player can walk with directions: widget -> {direction: widget}.
    Left and right on a value widget change its value instead of moving."""
    moves = {}
    focusable = [w for w in group.widgets if w.can_focus]
    for origin in focusable:
        others = [w for w in focusable if w is not origin]
        moves[origin] = {}
        for name, intent in (("up", Intent.UP), ("down", Intent.DOWN), ("left", Intent.LEFT), ("right", Intent.RIGHT)):
            if isinstance(origin, VALUE_WIDGETS) and name in ("left", "right"):
                continue
            target = nearest(origin.rect, others, intent)
            if target is None and group.wrap:
                target = farthest_back(origin.rect, others, intent)
            if target is not None:
                moves[origin][name] = target
    return moves


def route(group, start, goal) -> list[str] | None:
    """The fewest direction presses from `start` to `goal`, or None."""
    moves = focus_moves(group)
    paths = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here is goal:
            return paths[here]
        for name, there in moves.get(here, {}).items():
            if there not in paths:
                paths[there] = paths[here] + [name]
                queue.append(there)
    return None


def steer(app, label: str, device: str = "keyboard") -> None:
    """Move the focus to the widget labelled `label` with direction presses on
    `device`, by the shortest way a player could find."""
    target = widget(app, label)
    group = app.scenes.top.focus
    path = route(group, group.focused, target)
    assert path is not None, f"{label!r} cannot be reached from {focus_label(app)!r} with directions"
    for direction in path:
        if device == "keyboard":
            press_keys(app, KEY_DIRECTIONS[direction])
        else:
            press_pad(app, PAD_DIRECTIONS[direction])
    assert app.scenes.top.focus.focused is target, f"could not reach {label!r}, stuck on {focus_label(app)!r}"
