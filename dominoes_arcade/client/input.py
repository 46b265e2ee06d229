"""One input mapper for mouse, keyboard and game controllers (docs/architecture.md, "Client").

Scenes never read raw pygame events: `InputMapper.map` turns them into
`InputEvent`s carrying an `Intent` (move focus, confirm, back, pause, hint,
undo, page, pointer moves and clicks), and `InputMapper.update` adds the
auto-repeat of held directions. Controllers are SDL GameControllers, whose
button names mean positions (A is the bottom face button on every pad), opened
and closed as CONTROLLERDEVICEADDED / REMOVED events arrive: SDL sends an ADDED
event for each pad present at start, so no start-up scan is needed.

Keyboard: arrows or WASD move, Enter or Space confirm, Esc or Backspace go back,
P pauses, H hints, U or Ctrl+Z undoes, Shift+U or Ctrl+Y redoes, L opens the move log, V shows
the move values (A is taken: WASD move), Page Up /
Page Down page, Tab and Shift+Tab move down and up. Mouse: the left button points and clicks, the right
button goes back, the wheel scrolls. Controller: d-pad or left stick move, A
confirms, B goes back, Start pauses, Y hints, X undoes, a press of the right stick
redoes, of the left stick opens the move log, the shoulders page, a pull of the left
trigger shows the move values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame


class Intent(enum.Enum):
    """What the player means, whatever the device."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"
    BACK = "back"
    PAUSE = "pause"
    HINT = "hint"
    UNDO = "undo"
    REDO = "redo"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    MOVES = "moves"
    """Open or close the move log."""
    VALUES = "values"
    """Show or hide the move values at a table (the analysis view)."""
    POINT = "point"
    """The pointer moved to `pos` with no button held."""
    PRESS = "press"
    """A mouse button went down at `pos` (`button` 1 is the left one)."""
    RELEASE = "release"
    """A mouse button went up at `pos`."""
    DRAG = "drag"
    """The pointer moved to `pos` with the left button held (`rel` is the move)."""
    SCROLL = "scroll"
    """The wheel turned: `amount` notches, positive away from the player (up)."""
    DEVICE_ADDED = "device added"
    """A controller was plugged in."""
    DEVICE_LOST = "device lost"
    """A controller was unplugged: a game in progress pauses."""


DIRECTIONS: dict[Intent, tuple[int, int]] = {
    Intent.UP: (0, -1), Intent.DOWN: (0, 1), Intent.LEFT: (-1, 0), Intent.RIGHT: (1, 0),
}
"""The four focus moves as screen vectors (y grows downwards)."""

REPEATABLE = frozenset({*DIRECTIONS, Intent.PAGE_UP, Intent.PAGE_DOWN})


class Device(enum.Enum):
    MOUSE = "mouse"
    KEYBOARD = "keyboard"
    CONTROLLER = "controller"


@dataclass(frozen=True, slots=True)
class InputEvent:
    """One mapped input: the intent, the device it came from, and where."""

    intent: Intent
    device: Device
    pos: tuple[int, int] | None = None
    """Pointer intents: the position in logical 1280x720 units (the App maps the
    screen's pixels back)."""
    amount: float = 0.0
    """SCROLL: wheel notches."""
    rel: tuple[int, int] = (0, 0)
    """DRAG: how far the pointer moved."""
    button: int = 0
    """PRESS / RELEASE: the mouse button (1 left, 2 middle, 3 right)."""
    repeat: bool = False
    """An auto-repeat of a held direction, not a fresh press."""


KEYS: dict[int, Intent] = {
    pygame.K_UP: Intent.UP, pygame.K_w: Intent.UP,
    pygame.K_DOWN: Intent.DOWN, pygame.K_s: Intent.DOWN,
    pygame.K_LEFT: Intent.LEFT, pygame.K_a: Intent.LEFT,
    pygame.K_RIGHT: Intent.RIGHT, pygame.K_d: Intent.RIGHT,
    pygame.K_RETURN: Intent.CONFIRM, pygame.K_KP_ENTER: Intent.CONFIRM, pygame.K_SPACE: Intent.CONFIRM,
    pygame.K_ESCAPE: Intent.BACK, pygame.K_BACKSPACE: Intent.BACK,
    pygame.K_p: Intent.PAUSE, pygame.K_PAUSE: Intent.PAUSE,
    pygame.K_h: Intent.HINT, pygame.K_u: Intent.UNDO, pygame.K_l: Intent.MOVES, pygame.K_v: Intent.VALUES,
    pygame.K_PAGEUP: Intent.PAGE_UP, pygame.K_PAGEDOWN: Intent.PAGE_DOWN,
}

BUTTONS: dict[int, Intent] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: Intent.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Intent.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Intent.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Intent.RIGHT,
    pygame.CONTROLLER_BUTTON_A: Intent.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Intent.BACK,
    pygame.CONTROLLER_BUTTON_BACK: Intent.BACK,
    pygame.CONTROLLER_BUTTON_START: Intent.PAUSE,
    pygame.CONTROLLER_BUTTON_Y: Intent.HINT,
    pygame.CONTROLLER_BUTTON_X: Intent.UNDO,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: Intent.REDO,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: Intent.MOVES,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Intent.PAGE_UP,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Intent.PAGE_DOWN,
}

STICK_AXES: dict[int, tuple[Intent, Intent]] = {
    pygame.CONTROLLER_AXIS_LEFTX: (Intent.LEFT, Intent.RIGHT),
    pygame.CONTROLLER_AXIS_LEFTY: (Intent.UP, Intent.DOWN),
}
TRIGGERS: dict[int, Intent] = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: Intent.VALUES}
"""Triggers used as buttons: a pull past `TRIGGER_PULL` is one press."""
TRIGGER_PULL = 0.5
AXIS_MAX = 32767
RELEASE_FRACTION = 0.8
"""A stick pushed past the deadzone counts as held until it falls back below this
fraction of it, so a stick resting on the edge does not chatter."""
MAX_REPEATS_PER_UPDATE = 3


@dataclass
class Held:
    """A direction held down on some source (a key, a pad button, a stick)."""

    intent: Intent
    device: Device
    elapsed: float = 0.0
    next_repeat: float = 0.0


def open_controller(device_index: int):
    """Open SDL GameController `device_index`: (instance id, name, handle), or None
    when there is no such pad (a synthetic event, or one unplugged at once) or SDL
    cannot open it as a controller (pygame-ce 2.5.0 and 2.5.1 raise RuntimeError
    for a joystick that is not a supported game controller)."""
    try:
        from pygame._sdl2 import controller

        if not controller.get_init():
            controller.init()
        pad = controller.Controller(device_index)
        return pad.as_joystick().get_instance_id(), pad.name, pad
    except (pygame.error, ImportError, AttributeError, IndexError, ValueError, RuntimeError):
        return None


class InputMapper:
    """Raw pygame events in, `InputEvent`s out.

    :param deadzone: stick travel ignored, 0..1.
    :param repeat_delay: seconds a direction is held before it repeats.
    :param repeat_rate: seconds between repeats after that.
    """

    def __init__(self, deadzone: float = 0.35, repeat_delay: float = 0.3, repeat_rate: float = 0.1,
                 opener=open_controller):
        self.deadzone = deadzone
        self.repeat_delay = repeat_delay
        self.repeat_rate = repeat_rate
        self.opener = opener
        self.last_device = Device.KEYBOARD
        """The device used last: the button prompts follow it."""
        self.controllers: dict[int, str] = {}
        """Connected controllers: instance id -> name."""
        self._handles: dict[int, object] = {}
        self._held: dict[tuple, Held] = {}
        self._stick: dict[tuple[int, int], Intent | None] = {}
        self._dragging = False

    @property
    def last_controller_name(self) -> str:
        return next(reversed(self.controllers.values()), "") if self.controllers else ""

    def configure(self, deadzone: float, repeat_delay: float, repeat_rate: float) -> None:
        self.deadzone, self.repeat_delay, self.repeat_rate = deadzone, repeat_delay, repeat_rate

    # -- raw events --------------------------------------------------------------
    def map(self, events) -> list[InputEvent]:
        out: list[InputEvent] = []
        for event in events:
            handler = self._HANDLERS.get(event.type)
            if handler is not None:
                handler(self, event, out)
        return out

    def _key_down(self, event, out):
        key = event.key
        mods = getattr(event, "mod", 0)
        if key == pygame.K_TAB:
            intent = Intent.UP if mods & pygame.KMOD_SHIFT else Intent.DOWN
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL:
            intent = Intent.UNDO
        elif (key == pygame.K_y and mods & pygame.KMOD_CTRL) or (key == pygame.K_u and mods & pygame.KMOD_SHIFT):
            intent = Intent.REDO
        else:
            intent = KEYS.get(key)
        if intent is None:
            return
        self.last_device = Device.KEYBOARD
        self._press(("key", key), intent, Device.KEYBOARD, out)

    def _key_up(self, event, out):
        self._held.pop(("key", event.key), None)

    def _mouse_down(self, event, out):
        self.last_device = Device.MOUSE
        pos = tuple(event.pos)
        if event.button in (1, 2, 3):
            out.append(InputEvent(Intent.PRESS, Device.MOUSE, pos, button=event.button))
            if event.button == 1:
                self._dragging = True
            elif event.button == 3:
                out.append(InputEvent(Intent.BACK, Device.MOUSE, pos))
        elif event.button in (6, 8):  # the thumb "back" button on many mice (SDL X1)
            out.append(InputEvent(Intent.BACK, Device.MOUSE, pos))

    def _mouse_up(self, event, out):
        pos = tuple(event.pos)
        if event.button in (1, 2, 3):
            out.append(InputEvent(Intent.RELEASE, Device.MOUSE, pos, button=event.button))
            if event.button == 1:
                self._dragging = False

    def _mouse_motion(self, event, out):
        pos = tuple(event.pos)
        rel = tuple(getattr(event, "rel", (0, 0)))
        if rel != (0, 0):
            # A resting mouse sends no motion, but SDL repeats the last position when
            # a window opens: only a real move hands the prompts to the mouse.
            self.last_device = Device.MOUSE
        buttons = getattr(event, "buttons", (0, 0, 0))
        if self._dragging and buttons and buttons[0]:
            out.append(InputEvent(Intent.DRAG, Device.MOUSE, pos, rel=rel))
        else:
            out.append(InputEvent(Intent.POINT, Device.MOUSE, pos, rel=rel))

    def _wheel(self, event, out):
        self.last_device = Device.MOUSE
        amount = getattr(event, "precise_y", None)
        if amount is None:
            amount = event.y
        if getattr(event, "flipped", False):
            amount = -amount
        if amount:
            out.append(InputEvent(Intent.SCROLL, Device.MOUSE, pygame.mouse.get_pos(), amount=float(amount)))

    def _pad_added(self, event, out):
        index = getattr(event, "device_index", 0)
        opened = self.opener(index)
        if opened is None:
            # A synthetic pad (tests) or one gone already: track it by the id the
            # event offers, so its buttons and its removal still work.
            instance, name, handle = getattr(event, "instance_id", index), "Controller", None
        else:
            instance, name, handle = opened
        if instance in self.controllers:
            return  # the same pad announced twice (at start, and by a rescan)
        self.controllers[instance] = name
        self._handles[instance] = handle
        out.append(InputEvent(Intent.DEVICE_ADDED, Device.CONTROLLER))

    def _pad_removed(self, event, out):
        instance = getattr(event, "instance_id", None)
        if instance not in self.controllers:
            return
        del self.controllers[instance]
        handle = self._handles.pop(instance, None)
        if handle is not None:
            try:
                handle.quit()
            except pygame.error:
                pass
        for source in [s for s in self._held if s[0] in ("pad", "stick") and s[1] == instance]:
            del self._held[source]
        for axis in [a for a in self._stick if a[0] == instance]:
            del self._stick[axis]
        if not self.controllers and self.last_device is Device.CONTROLLER:
            self.last_device = Device.KEYBOARD
        out.append(InputEvent(Intent.DEVICE_LOST, Device.CONTROLLER))

    def _pad_button_down(self, event, out):
        intent = BUTTONS.get(event.button)
        if intent is None:
            return
        self.last_device = Device.CONTROLLER
        self._press(("pad", getattr(event, "instance_id", 0), event.button), intent, Device.CONTROLLER, out)

    def _pad_button_up(self, event, out):
        self._held.pop(("pad", getattr(event, "instance_id", 0), event.button), None)

    def _pad_axis(self, event, out):
        instance = getattr(event, "instance_id", 0)
        if event.axis in TRIGGERS:
            self._trigger(instance, event, out)
            return
        directions = STICK_AXES.get(event.axis)
        if directions is None:
            return  # the right trigger and the right stick are not used
        key = (instance, event.axis)
        value = max(-1.0, min(1.0, event.value / AXIS_MAX))
        current = self._stick.get(key)
        if current is None:
            wanted = directions[0] if value <= -self.deadzone else directions[1] if value >= self.deadzone else None
        else:
            still = abs(value) >= self.deadzone * RELEASE_FRACTION and (value < 0) == (current is directions[0])
            wanted = current if still else None
            if wanted is None and abs(value) >= self.deadzone:
                wanted = directions[0] if value < 0 else directions[1]
        if wanted is current:
            return
        source = ("stick", instance, event.axis)
        self._stick[key] = wanted
        self._held.pop(source, None)
        if wanted is not None:
            self.last_device = Device.CONTROLLER
            self._press(source, wanted, Device.CONTROLLER, out)

    def _trigger(self, instance: int, event, out) -> None:
        """A trigger pulled past `TRIGGER_PULL` presses once; it presses again only
        after falling back below `RELEASE_FRACTION` of that (a resting finger does not
        chatter)."""
        key = (instance, event.axis)
        value = event.value / AXIS_MAX
        pulled = self._stick.get(key) is not None
        if not pulled and value >= TRIGGER_PULL:
            self._stick[key] = TRIGGERS[event.axis]
            self.last_device = Device.CONTROLLER
            out.append(InputEvent(TRIGGERS[event.axis], Device.CONTROLLER))
        elif pulled and value < TRIGGER_PULL * RELEASE_FRACTION:
            self._stick[key] = None

    _HANDLERS = {
        pygame.KEYDOWN: _key_down,
        pygame.KEYUP: _key_up,
        pygame.MOUSEBUTTONDOWN: _mouse_down,
        pygame.MOUSEBUTTONUP: _mouse_up,
        pygame.MOUSEMOTION: _mouse_motion,
        pygame.MOUSEWHEEL: _wheel,
        pygame.CONTROLLERDEVICEADDED: _pad_added,
        pygame.CONTROLLERDEVICEREMOVED: _pad_removed,
        pygame.CONTROLLERBUTTONDOWN: _pad_button_down,
        pygame.CONTROLLERBUTTONUP: _pad_button_up,
        pygame.CONTROLLERAXISMOTION: _pad_axis,
    }

    # -- held directions ---------------------------------------------------------
    def _press(self, source: tuple, intent: Intent, device: Device, out: list[InputEvent]) -> None:
        out.append(InputEvent(intent, device))
        if intent in REPEATABLE:
            self._held.pop(source, None)
            self._held[source] = Held(intent, device, 0.0, self.repeat_delay)

    def update(self, dt: float) -> list[InputEvent]:
        """Advance held directions by `dt` seconds: the most recently pressed one
        repeats after `repeat_delay`, then every `repeat_rate`."""
        if not self._held:
            return []
        held = next(reversed(self._held.values()))
        held.elapsed += dt
        out = []
        while held.elapsed >= held.next_repeat and len(out) < MAX_REPEATS_PER_UPDATE:
            out.append(InputEvent(held.intent, held.device, repeat=True))
            held.next_repeat += self.repeat_rate
        if held.elapsed >= held.next_repeat:
            held.next_repeat = held.elapsed + self.repeat_rate  # a long frame: drop the backlog
        return out

    def release_all(self) -> None:
        """Let go of every held direction (the scene changed under the player's
        finger: a held key must not go on repeating into the new scene)."""
        self._held.clear()
        self._dragging = False
