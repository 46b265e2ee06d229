"""Scenes and the scene stack (docs/architecture.md, "Client"; after Tuxemon's state stack).

The `App` keeps a `SceneStack`. Only the top scene gets input and updates; the
scenes are drawn from the topmost opaque one upwards, so an overlay (a scene with
``transparent = True``: pause, dialogs) draws over the scene below, which stays
frozen. Each hook says when it runs:

- `enter`: once, when the scene is pushed, before its first update.
- `pause`: another scene was pushed on top of it.
- `resume`: the scene on top was popped; this one is on top again.
- `exit`: once, when the scene is popped or replaced.
- `take_raw(events)`: the frame's raw pygame events, before the input mapper
  (top scene only): a screen being typed on takes the keys it types with.
- `handle(event)`: one `InputEvent` (top scene only).
- `update(dt)`: advance by `dt` seconds (top scene only).
- `draw(surface)`: draw in logical 1280x720 units (`canvas`). Must not change state.
- `prompts()`: the button prompts for the footer, as (intent, label) pairs.
- `footer_note()`: a line of words for the footer beside the prompts, or None.
- `is_animating()`: whether the scene looks different next frame with no input (top
  scene only). The App's loop draws only when something may have changed
  (`App.step`), so a scene that moves other than by its tweens says so here, and
  one that changes outside input and animation (an answer from a worker) calls
  `changed()`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Protocol

import pygame

from ..config import Settings
from .audio import Audio
from .input import InputEvent, InputMapper, Intent
from .theme import PanelCache, Style
from .tile_art import TileArt
from .tween import Tweener

SKIP_INTENTS = frozenset({Intent.CONFIRM, Intent.PRESS})
"""A click or the confirm button skips a running animation to its end."""


class SceneHost(Protocol):
    """What a scene may use of the application that shows it (`app.App` is the one
    there is): its shared services, the scene stack and the screens by name. Scenes
    know the application only through this, so the scene module never imports it."""

    settings: Settings
    style: Style
    panels: PanelCache
    tile_art: TileArt
    audio: Audio
    input: InputMapper
    scenes: SceneStack
    screens: dict[str, Callable[..., Scene]]
    pointer: tuple[int, int] | None
    script: Any
    exit_when_over: bool
    headless: bool

    @property
    def duration_scale(self) -> float: ...

    @property
    def button_family(self) -> str: ...

    def open(self, screen: str, *args: Any, **kwargs: Any) -> Scene: ...

    def toast(self, text: str) -> None: ...

    def request_frame(self) -> None: ...

    def change_setting(self, section: str, key: str, value: Any) -> None: ...

    def save_settings(self, changes: dict[str, dict[str, Any]]) -> bool: ...

    def to_title(self) -> None: ...

    def quit(self) -> None: ...

    def screenshot(self, path: Path) -> Path: ...


class Scene:
    """Base class of every screen. Subclasses override the hooks they need."""

    transparent: ClassVar[bool] = False
    """An overlay: the scene below is drawn first."""
    name: ClassVar[str] = "scene"
    """A short name for reports and screenshots."""

    def __init__(self, app: SceneHost):
        self.app = app
        self.tweens = Tweener(app.duration_scale)
        """Animations that play out the scene's story; a click skips them (`skip_on_input`)."""
        self.time = 0.0
        """Seconds this scene has been on top."""
        self.skip_on_input = True
        """Whether a click or confirm finishes running tweens instead of acting."""

    @property
    def is_over(self) -> bool:
        """True once a game scene's game has ended (`--exit-when-over`)."""
        return False

    # -- hooks ---------------------------------------------------------------------
    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def take_raw(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """The events left for the input mapper (all of them, but on a screen
        with a text field)."""
        return events

    def handle(self, event: InputEvent) -> None:
        pass

    def update(self, dt: float) -> None:
        self.time += dt
        self.tweens.duration_scale = self.app.duration_scale
        self.tweens.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def prompts(self) -> list[tuple[Intent, str]]:
        return []

    def footer_note(self) -> tuple[str, tuple[int, int, int]] | None:
        """A line for the footer, left of the prompts: (text, colour), or None."""
        return None

    def is_animating(self) -> bool:
        """Whether the next frame differs from this one with no input: while any
        tween runs (show-only ones too). Override it to add what else moves: a value
        eased in `update`, a countdown that changes what is drawn."""
        return self.tweens.running

    def changed(self) -> None:
        """Ask for a new frame: what this scene draws changed with no input and no
        animation."""
        self.app.request_frame()

    # -- used by the App -----------------------------------------------------------
    def receive(self, event: InputEvent) -> None:
        """Deliver `event`: skip running animations on a click or confirm, else `handle`."""
        if self.skip_on_input and event.intent in SKIP_INTENTS and self.tweens.busy:
            self.tweens.skip()
            return
        self.handle(event)


class SceneStack:
    """Scenes, bottom first. Every change bumps `version`, so the App can tell that
    the top changed under the player (and release held directions)."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.version = 0

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        self.version += 1
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        self.version += 1
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for `scene`; the one below is not resumed in between."""
        if self._scenes:
            old = self._scenes.pop()
            old.exit()
        self._scenes.append(scene)
        self.version += 1
        scene.enter()
        return scene

    def pop_until(self, keep: Callable[[Scene], bool]) -> None:
        """Pop scenes until `keep(top)` holds (or the stack is empty)."""
        while self._scenes and not keep(self._scenes[-1]):
            self.pop()

    def clear(self) -> None:
        while self._scenes:
            self.pop()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the topmost opaque one and the overlays above it."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[index].transparent:
                start = index
                break
        return self._scenes[start:]
