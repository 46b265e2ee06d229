"""The application: the window, the scene stack and the frame loop.

`App.step(dt, events)` runs exactly one frame (input, update, draw, flip), so
tests and benchmarks drive the client with synthetic events and exact `dt`, no
clock involved; `App.run()` is the real loop around it at the `[display] fps`
target, which draws only when something on screen may have changed and otherwise
sleeps (`pacing`; `step(..., only_if_changed=True)` says why it draws).
Layouts are in logical units (1280x720); the frame is drawn at the
screen's own pixels (`canvas.Frame`: fonts, tiles and panels rendered at their
pixel size, so they stay sharp), centred with bars when the screen is not 16:9,
and pointer positions are mapped back to logical units. Full screen by default
(at the desktop's size, or ``--resolution``); F11 or Alt+Enter toggles.

Shared services for every scene: `style` (fonts, colours, text cache), `panels`,
`tile_art` (cached tile surfaces), `audio`, `input` (the mapper and its last
device), `settings` (config values in effect), `toast(text)` for short notices.
"""

from __future__ import annotations

import os
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from .. import config as config_module
from .. import files
from . import prefs
from .audio import Audio
from .canvas import Frame, set_scale
from .input import Device, InputEvent, InputMapper, Intent
from .layout_check import FOOTER_LAYER, NOTICES_LAYER, Mark, set_layer
from .pacing import Clock, FrameClock
from .prompts import draw_prompts, layout_prompts, pad_family
from .scene import Scene, SceneStack
from .theme import SMALL, PanelCache, Style, fitted
from .tile_art import TileArt
from .tween import SPEED_SCALES

LOGICAL_SIZE = (1280, 720)
MAX_DT = 0.1
"""A frame never advances the game more than this (after a stall, a drag of the
window, a breakpoint): animations jump a little instead of teleporting."""
TRANSITION_SECONDS = 0.2
TOAST_SECONDS = 2.5
FOOTER_HEIGHT = 48
FAMILY_NAMES = {"xbox": "Xbox", "playstation": "PlayStation", "nintendo": "Nintendo"}
STICK_EVENTS = frozenset({pygame.CONTROLLERAXISMOTION, pygame.JOYAXISMOTION, pygame.JOYBALLMOTION,
                          pygame.JOYHATMOTION})
"""Events that ask for a frame only when they make an intent: a stick at rest jitters
inside its dead zone, sending these all the time."""


class App:
    """The client. Build it, push a first scene, then `run()` (or `step` in tests).

    :param settings: the settings in effect (`prefs.load`).
    :param user_config: where the Settings screen saves the player's changes.
    :param windowed: start in a window whatever ``[display] fullscreen`` says.
    :param headless: SDL's dummy video and audio drivers (set before calling), no
        vsync, and a fixed frame time in `run` so nothing waits on a clock.
    """

    def __init__(self, settings: config_module.Settings, *, user_config: Path | None = None,
                 windowed: bool = False, headless: bool = False, resolution: tuple[int, int] | None = None):
        self.settings = settings
        self.user_config = user_config or config_module.user_config_path()
        self.headless = headless
        self.resolution = resolution
        """The window's (or headless, the virtual screen's) size in pixels; None: the
        layout's own size in a window, the desktop's in full screen."""
        self.scale = 1.0
        """Pixels per logical unit."""
        self.offset = (0, 0)
        """Where the logical frame's top-left corner is on the screen (bars around
        it when the screen's shape is not 16:9)."""
        self._scaled = False
        self._frame: Frame | None = None
        """The screen in logical units, when its pixels are not the layout's (or the
        layout is being checked)."""
        pygame.display.init()
        pygame.font.init()
        try:
            pygame.joystick.init()
            from pygame._sdl2 import controller

            controller.init()
        except (pygame.error, ImportError):
            pass  # no controller support: keyboard and mouse still work
        display = settings.display
        self.fullscreen = bool(display.fullscreen) and not windowed and not headless
        self.screen = self._set_mode(self.fullscreen)
        pygame.display.set_caption("Dominoes Arcade")
        self.style = Style(display.theme)
        self.panels = PanelCache(self.style)
        self.tile_art = TileArt(display.theme, display.numbers_on_tiles)
        pygame.display.set_icon(self.tile_art.face(6, 6, 64))
        self.audio = Audio(settings.audio.enabled, settings.audio.volume, settings.audio.music_volume)
        controls = settings.controls
        self.input = InputMapper(controls.stick_deadzone, controls.repeat_delay_ms / 1000,
                                 controls.repeat_rate_ms / 1000)
        self.scenes = SceneStack()
        self.screens: dict[str, Callable[..., Scene]] = {}
        """Every screen by name (``"title"``, ``"pause"``, ...), registered by
        `main.register_screens`: scenes open each other through `open`, so no scene
        module imports another."""
        self.running = True
        self.script: Any = None
        """Scripted input (`script.Script`, ``play --script``): fed each iteration of `run`."""
        self.frame = 0
        """Iterations of the frame loop (`step` calls), drawn or not."""
        self.frames_drawn = 0
        self.frame_ms: list[float] = []
        """Milliseconds each drawn frame took to run (input, update, draw and flip)."""
        self.live = True
        """Something moves (the top scene animates, a notice or the fade between
        screens runs): `run` asks its clock for a paced frame, not an idle iteration."""
        self._frame_wanted = True
        """Draw the next frame whatever else happens (`request_frame`)."""
        self._drawn_version = -1
        """The scene stack's version when a frame was last drawn."""
        self.toasts: list[list[Any]] = []
        self.pointer: tuple[int, int] | None = None
        self._prompt_areas: list = []
        self._seen_version = 0
        self._transition = 0.0
        self._fade = pygame.Surface(LOGICAL_SIZE)
        self.exit_when_over = False
        self.max_frames: int | None = None
        self.screenshot_dir: Path | None = None
        self.screenshot_every = 0
        self.screenshots: list[Path] = []
        self.check_layout = False
        """Note where every label, badge and panel goes (`layout_check`) in `layout_marks`."""
        self.layout_marks: list[Mark] = []

    # -- the display -----------------------------------------------------------------
    def _set_mode(self, fullscreen: bool, size: tuple[int, int] | None = None) -> pygame.Surface:
        """The display at its pixel size (`size`, else the launch's); the frame is
        drawn at that size (not drawn small and stretched), `scale` pixels to the
        logical unit."""
        size = size or self.resolution
        if size is None and fullscreen and not self.headless:
            size = pygame.display.get_desktop_sizes()[0]
        size = tuple(size or LOGICAL_SIZE)
        flags = pygame.FULLSCREEN if fullscreen else 0
        vsync = 0 if self.headless or not self.settings.display.vsync else 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer available" under the dummy driver
            try:
                screen = pygame.display.set_mode(size, flags, vsync=vsync)
            except pygame.error:
                screen = pygame.display.set_mode(size, flags)
        return self._fit(screen)

    def _fit(self, screen: pygame.Surface) -> pygame.Surface:
        """Scale and bars for `screen`'s size (set, or imposed by a window manager)."""
        width, height = screen.get_size()
        self.scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
        self.offset = ((width - round(LOGICAL_SIZE[0] * self.scale)) // 2,
                       (height - round(LOGICAL_SIZE[1] * self.scale)) // 2)
        set_scale(self.scale)
        self._frame_wanted = True
        self._scaled = self.scale != 1.0 or self.offset != (0, 0)
        screen.set_clip(None)
        screen.fill((0, 0, 0))  # the bars, once: the frame never draws outside its own area
        self._frame = Frame(screen, LOGICAL_SIZE, self.scale, self.offset) if self._scaled else None
        return screen

    def _window_resized(self, size: tuple[int, int]) -> pygame.Surface:
        """A window manager resized the window (maximised it): the mode set again at
        the window's size when the display surface kept its old one (SDL would
        stretch it to the window, out of shape), then bars around the frame."""
        screen = pygame.display.get_surface()
        if screen.get_size() != tuple(size) and not self.fullscreen:
            return self._set_mode(False, tuple(size))
        return self._fit(screen)

    def set_fullscreen(self, on: bool) -> None:
        """Full screen or windowed: the mode is set again at the new size."""
        if on == self.fullscreen:
            return
        self.screen = self._set_mode(on)
        self.fullscreen = on

    def to_logical(self, event):
        """`event` with its pointer position in logical units (the screen's pixels,
        less the bars, over the scale)."""
        if not self._scaled or not hasattr(event, "pos"):
            return event
        x, y = event.pos
        pos = (int((x - self.offset[0]) / self.scale), int((y - self.offset[1]) / self.scale))
        return pygame.event.Event(event.type, {**event.dict, "pos": pos})

    def toggle_fullscreen(self) -> None:
        """F11 or Alt+Enter: switch, and remember it for the next start (quietly:
        only a failure to save says so)."""
        self.set_fullscreen(not self.fullscreen)
        self.change_setting("display", "fullscreen", self.fullscreen)
        try:
            prefs.save(self.user_config, {"display": {"fullscreen": self.fullscreen}})
        except (OSError, config_module.ConfigError) as error:
            self.toast(f"Settings not saved: {error}")

    # -- settings ----------------------------------------------------------------------
    @property
    def duration_scale(self) -> float:
        return SPEED_SCALES.get(self.settings.display.animation_speed, 1.0)

    def change_setting(self, section: str, key: str, value: Any) -> None:
        """Apply one setting now (the Settings screen saves it later)."""
        self.settings.values[section][key] = value
        self._frame_wanted = True
        setattr(getattr(self.settings, section), key, value)
        display, audio, controls = self.settings.display, self.settings.audio, self.settings.controls
        if section == "display":
            if key == "fullscreen":
                self.set_fullscreen(bool(value))
            self.style.theme = display.theme
            self.tile_art.configure(display.theme, display.numbers_on_tiles)
        elif section == "audio":
            self.audio.configure(audio.enabled, audio.volume, audio.music_volume)
        elif section == "controls":
            self.input.configure(controls.stick_deadzone, controls.repeat_delay_ms / 1000,
                                 controls.repeat_rate_ms / 1000)

    def save_settings(self, changes: dict[str, dict[str, Any]]) -> bool:
        """Write `changes` to the user file; a toast says whether it worked."""
        if not changes:
            return True
        try:
            prefs.save(self.user_config, changes)
        except (OSError, config_module.ConfigError) as error:
            self.toast(f"Settings not saved: {error}")
            return False
        self.toast(f"Settings saved to {self.user_config.name}")
        return True

    # -- notices -----------------------------------------------------------------------
    def device_name(self) -> str:
        """The footer's first words: the device the prompts are for."""
        return {Device.MOUSE: "Mouse", Device.KEYBOARD: "Keyboard",
                Device.CONTROLLER: f"Controller ({FAMILY_NAMES[self.button_family]})"}[self.input.last_device]

    def footer_prompts_start(self) -> int:
        """The leftmost x the footer's prompts may take: right of the device's name."""
        return 18 + self.style.font(SMALL).size(self.device_name())[0] + 24

    def toast(self, text: str) -> None:
        self.toasts.append([text, TOAST_SECONDS])
        del self.toasts[:-3]
        self._frame_wanted = True

    def request_frame(self) -> None:
        """Draw the next frame: something on screen changed with no input and no
        animation (`Scene.changed`)."""
        self._frame_wanted = True

    @property
    def button_family(self) -> str:
        return pad_family(self.settings.controls.button_labels, self.input.last_controller_name)

    # -- the frame ---------------------------------------------------------------------
    def step(self, dt: float, events, *, only_if_changed: bool = False) -> bool:
        """Run one frame: input, update, draw, flip. Returns False once the app
        should close.

        :param only_if_changed: draw (and flip) only when something on screen may
            have changed: an event arrived (input, or the window exposed, resized or
            given back the focus; a stick's motion only when it makes an intent),
            the scene stack changed, a notice or the fade runs,
            the top scene animates now or did before this update (its last frame
            shows where it ended), or a frame was asked for (`request_frame`). The
            real loop (`run`) passes True; tests and benchmarks draw every step.
        """
        started = time.perf_counter()
        dt = max(0.0, min(dt, MAX_DT))
        events = list(events)
        changed = self._frame_wanted or self._moving() or any(e.type not in STICK_EVENTS for e in events)
        if self.scenes.top is not None:
            events = self.scenes.top.take_raw(events)  # a text field's typing, before it means a move
        mapped: list[InputEvent] = []
        for event in map(self.to_logical, events):
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.KEYDOWN and is_fullscreen_key(event):
                self.toggle_fullscreen()
            elif event.type == pygame.VIDEORESIZE and pygame.display.get_surface() is not None:
                self.screen = self._window_resized(event.size)
            else:
                mapped.extend(self.input.map((event,)))
        mapped.extend(self.input.update(dt))
        changed = changed or bool(mapped)
        for event in mapped:
            self._dispatch(event)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self._after_changes()
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self._transition = max(0.0, self._transition - dt / max(0.01, TRANSITION_SECONDS * self.duration_scale))
        self.live = self._moving()
        changed = changed or self.live or self._frame_wanted or self.scenes.version != self._drawn_version
        if changed or not only_if_changed:
            self._frame_wanted = False
            self._drawn_version = self.scenes.version
            self.draw()
            pygame.display.flip()
            self.frame_ms.append((time.perf_counter() - started) * 1000)
            self.frames_drawn += 1
        self.frame += 1
        if self.screenshot_dir is not None and self.screenshot_every and self.frame % self.screenshot_every == 0:
            self.screenshot(self.screenshot_dir / f"frame-{self.frame:06d}.png")
        if not self.scenes:
            self.running = False
        if self.max_frames is not None and self.frame >= self.max_frames:
            self.running = False
        if self.exit_when_over and any(scene.is_over for scene in self.scenes):
            self.running = False
        return self.running

    def _moving(self) -> bool:
        """Whether the screen changes from frame to frame with no input."""
        top = self.scenes.top
        return bool(self.toasts) or self._transition > 0 or (top is not None and top.is_animating())

    def _dispatch(self, event: InputEvent) -> None:
        if event.pos is not None:
            self.pointer = event.pos
        if event.intent is Intent.DEVICE_ADDED:
            self.toast("Controller connected")
        elif event.intent is Intent.DEVICE_LOST:
            self.toast("Controller disconnected")
        if event.intent is Intent.PRESS and event.button == 1:
            for area, intent, _glyph, _words in self._prompt_areas:
                if area.collidepoint(event.pos):
                    # A footer prompt clicked: the mouse does what the button would.
                    event = InputEvent(intent, Device.MOUSE, event.pos)
                    break
        top = self.scenes.top
        if top is not None:
            top.receive(event)
        self._after_changes()

    def _after_changes(self) -> None:
        if self.scenes.version != self._seen_version:
            self._seen_version = self.scenes.version
            self.input.release_all()
            if self.duration_scale > 0 and self.frame > 0:
                self._transition = 1.0

    def draw(self) -> None:
        """Draw the visible scenes, the footer prompts and the notices (on a
        logical frame (`canvas.Frame`) when the screen's pixels differ or the layout
        is being checked (`check_layout`)."""
        if not self._scaled and not self.check_layout:
            self._draw_on(self.screen)
            return
        if self._frame is None or self._frame.pixels is not self.screen:
            self._frame = Frame(self.screen, LOGICAL_SIZE, self.scale, self.offset)
        frame = self._frame
        frame.marks = []
        frame.keep_marks = self.check_layout
        self._draw_on(frame)
        self.layout_marks = frame.marks

    def _draw_on(self, screen: pygame.Surface) -> None:
        for index, scene in enumerate(self.scenes.visible()):
            set_layer(screen, f"{scene.name} #{index}")
            scene.draw(screen)
        set_layer(screen, FOOTER_LAYER)
        if self._transition > 0:
            self._fade.set_alpha(round(210 * self._transition ** 2))
            screen.blit(self._fade, (0, 0))
        top = self.scenes.top
        prompts = top.prompts() if top is not None else []
        self._prompt_areas = []
        if prompts:
            y = LOGICAL_SIZE[1] - FOOTER_HEIGHT
            # The footer darkens what is under it (as black at alpha 120 would) and
            # has a faint rim: two fills, cheaper than blending a band at any size.
            screen.fill((135, 135, 135), (0, y, LOGICAL_SIZE[0], FOOTER_HEIGHT), special_flags=pygame.BLEND_RGB_MULT)
            screen.fill((40, 40, 40), (0, y, LOGICAL_SIZE[0], 1), special_flags=pygame.BLEND_RGB_ADD)
            device = self.input.last_device
            self._prompt_areas = layout_prompts(self.style, prompts, device, self.button_family,
                                                LOGICAL_SIZE[0] - 16, y + FOOTER_HEIGHT // 2)
            hover = self.pointer if device is Device.MOUSE else None
            draw_prompts(screen, self.style, self._prompt_areas, hover)
            label = self.style.text(self.device_name(), SMALL, self.style.palette.text_dim)
            placed = screen.blit(label, label.get_rect(midleft=(18, y + FOOTER_HEIGHT // 2)))
            footer_note = top.footer_note()
            if footer_note is not None:
                # Between the device's name and the first prompt, cut short to fit.
                right = self._prompt_areas[0][0].x - 20 if self._prompt_areas else LOGICAL_SIZE[0] - 16
                words = fitted(self.style, footer_note[0], SMALL, right - placed.right - 28, bold=True)
                note = self.style.text(words, SMALL, footer_note[1], bold=True)
                screen.blit(note, note.get_rect(midleft=(placed.right + 28, y + FOOTER_HEIGHT // 2)))
        set_layer(screen, NOTICES_LAYER)
        for index, (text, left) in enumerate(self.toasts):
            surface = self.style.text(text, SMALL + 2, bold=True)
            box = surface.get_rect(midtop=(LOGICAL_SIZE[0] // 2, 14 + index * 46)).inflate(36, 18)
            self.panels.draw(screen, box, radius=14, alpha=round(230 * min(1.0, left / 0.4)))
            screen.blit(surface, surface.get_rect(center=box.center))

    # -- running -----------------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        return self.scenes.push(scene)

    def open(self, screen: str, *args: Any, **kwargs: Any) -> Scene:
        """Push the screen registered as `screen`, built with `args` and `kwargs`."""
        return self.scenes.push(self.screens[screen](self, *args, **kwargs))

    def to_title(self) -> None:
        """Leave whatever is open for the title screen (the menu)."""
        self.scenes.pop_until(lambda scene: scene.name == "title")
        if not self.scenes:
            self.open("title")

    def quit(self) -> None:
        self.running = False

    def run(self, clock: Clock | None = None) -> None:
        """The real loop until something closes the app: while something moves, a
        frame drawn at the fps target (headless: a fixed time step, no waiting);
        while nothing does, no frame drawn and a sleep to the next frame's time
        (`pacing`). `clock`: time and events (tests pass their own)."""
        clock = clock or FrameClock(self.settings.display.fps, fixed=self.headless)
        while self.running:
            if self.script is not None:
                self.script.feed(self)  # into SDL's queue, read below as a player's input is
            dt, events = clock.frame() if self.live else clock.idle()
            self.step(dt, events, only_if_changed=True)

    def screenshot(self, path: Path) -> Path:
        # Never into a FIFO (the save would block) or a device: FileError, exit 1.
        path = files.prepare_output(path)
        pygame.image.save(self.screen, str(path))
        self.screenshots.append(path)
        return path

    def frames_report(self) -> dict[str, Any]:
        """Frames drawn, iterations of the loop (drawn or not), and the drawn
        frames' times (ms): median, p95, p99, max."""
        times = sorted(self.frame_ms)
        if not times:
            return {"frames": 0, "iterations": self.frame}

        def quantile(q: float) -> float:
            return round(times[min(len(times) - 1, int(q * len(times)))], 3)

        return {"frames": len(times), "iterations": self.frame, "median_ms": round(statistics.median(times), 3),
                "p95_ms": quantile(0.95),
                "p99_ms": quantile(0.99), "max_ms": round(times[-1], 3)}

    def close(self) -> None:
        """Pop every scene (so each one's `exit` runs: the Settings screen saves
        there), then shut pygame down."""
        self.scenes.clear()
        self.audio.shutdown()  # before pygame.quit: see Audio.shutdown
        pygame.quit()


def is_fullscreen_key(event) -> bool:
    """F11, or Alt+Enter."""
    if event.key == pygame.K_F11:
        return True
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(getattr(event, "mod", 0) & pygame.KMOD_ALT)


def use_dummy_drivers() -> None:
    """SDL's dummy video and audio: no window, no sound card, same pixels."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
