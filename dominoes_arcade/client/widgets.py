"""Widgets on one focus system (`focus.FocusGroup`): `Button`, `Toggle`,
`Slider`, `ChoiceList`. Each shows its states with more than colour: hover and
focus add a thick gold ring and a marker triangle, pressed sinks the face,
disabled dims the label.

    group = FocusGroup(sound=app.audio.play)
    group.add(Button((100, 100, 300, 56), "Play", on_press=start))
    group.add(Slider((100, 180, 500, 56), "Volume", 0.7, 0.0, 1.0, 0.1, on_change=set_volume))
    group.handle(event)        # in Scene.handle; True when the event was used
    group.draw(surface, app.style)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from . import gfx
from .canvas import scalable, scale_point
from .input import InputEvent, Intent
from .layout_check import note
from .theme import BODY, SMALL, Style, fitted

FLASH_SECONDS = 0.12
"""How long a widget looks pressed after a keyboard or controller confirm."""
RADIUS = 12
MARKER_LEFT = 10
"""Where the focus marker (a small triangle, 12 wide) sits in from a control's left edge."""
MARKER_ROOM = MARKER_LEFT + 12 + 4
"""A label starts at least this far in from a button's left edge, clear of the marker."""
LABEL_RIGHT = 16
"""And ends at least this far in from its right edge: a label 6 px from the edge
(Watch a demo on the title's row of five) looked cut off."""


_FACES: dict[tuple, pygame.Surface] = {}


def gradient_face(size: tuple[int, int], top, bottom, radius: int = RADIUS) -> pygame.Surface:
    """A rounded face shading from `top` to `bottom`, cached by size and colours."""
    key = (size, top, bottom, radius)
    face = _FACES.get(key)
    if face is None:
        width, height = size
        face = pygame.Surface(size, pygame.SRCALPHA)
        for y in range(height):
            t = y / max(1, height - 1)
            colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
            gfx.line(face, colour, (0, y), (width, y))
        # A gloss line under the top edge, then cut the corners round.
        gfx.line(face, tuple(min(255, c + 40) for c in top), (radius, 2), (width - radius, 2))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        gfx.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        if len(_FACES) > 400:
            _FACES.clear()
        _FACES[key] = face
        if radius == RADIUS:
            scalable(face, lambda scale: gradient_face(scale_point(size, scale), top, bottom, round(RADIUS * scale)))
    return face


_BODIES: dict[tuple, pygame.Surface] = {}


def body_image(size: tuple[int, int], top, bottom, sink: int, outlined: bool) -> pygame.Surface:
    """A control's body in one surface, cached: the dark base 5 px below, the
    gradient face `sink` px down, and its thin outline (one blit a frame, not four
    shapes drawn again at the screen's pixels)."""
    key = (size, top, bottom, sink, outlined)
    image = _BODIES.get(key)
    if image is None:
        width, height = size
        image = pygame.Surface((width, height + 5), pygame.SRCALPHA)
        face = pygame.Rect(0, sink, width, height)
        pygame.draw.rect(image, (0, 0, 0), (0, 5, width, height), border_radius=RADIUS)
        image.blit(gradient_face(size, top, bottom), face.topleft)
        if outlined:
            pygame.draw.rect(image, (0, 0, 0), face, width=1, border_radius=RADIUS)
        if len(_BODIES) > 400:
            _BODIES.clear()
        _BODIES[key] = image
        scalable(image, lambda scale: _scaled_body(size, top, bottom, sink, outlined, scale))
    return image


def _scaled_body(size, top, bottom, sink: int, outlined: bool, scale: float) -> pygame.Surface:
    width, height = scale_point(size, scale)
    drop, radius = round(5 * scale), round(RADIUS * scale)
    image = pygame.Surface((width, height + drop), pygame.SRCALPHA)
    face = pygame.Rect(0, round(sink * scale), width, height)
    pygame.draw.rect(image, (0, 0, 0), (0, drop, width, height), border_radius=radius)
    image.blit(gradient_face((width, height), top, bottom, radius), face.topleft)
    if outlined:
        pygame.draw.rect(image, (0, 0, 0), face, width=max(1, round(scale)), border_radius=radius)
    return image


class Widget:
    focusable = True

    def __init__(self, rect, label: str = "", *, help: str = "", enabled: bool = True):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.help = help
        """One line shown while the widget has the focus."""
        self.enabled = enabled
        self.focused = False
        self.pressed = False
        """The pointer went down on this widget and has not come up."""
        self.flash = 0.0
        self.sound: Callable[[str], None] = lambda name: None

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled

    @property
    def looks_pressed(self) -> bool:
        return self.pressed or self.flash > 0

    def handle(self, event: InputEvent) -> bool:
        """A non-pointer event while focused: True when used."""
        return False

    def pointer(self, event: InputEvent) -> bool:
        """PRESS on the widget, then DRAG and RELEASE anywhere until released:
        True to keep receiving them."""
        return False

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        raise NotImplementedError

    # -- shared drawing ------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface, style: Style, rect: pygame.Rect | None = None) -> pygame.Rect:
        """The raised face of a control; returns the face rect (lower when pressed)."""
        p = style.palette
        rect = rect or self.rect
        sink = 3 if self.looks_pressed else 0
        face = rect.move(0, sink)
        if not self.enabled:
            top, bottom = p.button_disabled, p.button_disabled
        elif self.looks_pressed:
            top, bottom = p.button, p.button_pressed
        elif self.focused:
            top, bottom = (104, 166, 130), p.button_focus
        else:
            top, bottom = p.button_top, p.button
        surface.blit(body_image(rect.size, top, bottom, sink, not self.focused), rect.topleft)
        note(surface, "panel", face, "control")  # its label must sit well inside it
        if self.focused:
            gfx.rect(surface, p.accent, face.inflate(6, 6), width=4, border_radius=RADIUS + 3)
            mid = face.centery
            x = face.x + MARKER_LEFT
            gfx.polygon(surface, p.accent, [(x, mid - 9), (x + 11, mid), (x, mid + 9)])
            note(surface, "marker", (x, mid - 9, 12, 19), "focus marker")
        return face

    def label_room(self, face: pygame.Rect) -> pygame.Rect:
        """Where a label may go on `face`, focused or not (so it never moves): right
        of where the focus marker comes up."""
        return pygame.Rect(face.x + MARKER_ROOM, face.y, face.width - MARKER_ROOM - LABEL_RIGHT, face.height)

    def text_colour(self, style: Style):
        return style.palette.text if self.enabled else (130, 138, 134)


class Button(Widget):
    def __init__(self, rect, label: str, on_press: Callable[[], None], *, subtitle: str = "", size: int = BODY + 3,
                 help: str = "", enabled: bool = True):
        super().__init__(rect, label, help=help, enabled=enabled)
        self.on_press = on_press
        self.subtitle = subtitle
        self.size = size
        self.peers: list[Button] = [self]
        """The buttons of its row, whose labels share one size (`label_size`), so a
        long label does not leave its row uneven."""

    def label_width(self) -> int:
        """How wide its label may be (`label_room`)."""
        return self.label_room(self.rect).width

    def fitting_size(self, style: Style) -> int:
        """The largest size, `size` at most, at which the label fits `label_width`
        (worked out again only when the label, its room or its size changes: every
        button of a row asks for every peer's, every frame)."""
        key = (self.label, self.label_width(), self.size)
        if getattr(self, "_fitting_key", None) != key:
            self._fitting_key, self._fitting = key, self.measure_fitting_size(style)
        return self._fitting

    def measure_fitting_size(self, style: Style) -> int:
        room = self.label_width()
        size = self.size
        while size > SMALL and style.font(size, True).size(self.label)[0] > room:
            size -= 1  # a long label on a narrow button: a little smaller
        return size

    def label_size(self, style: Style) -> int:
        """The size its label is drawn at: the smallest of its row's fitting sizes."""
        return min(peer.fitting_size(style) for peer in self.peers)

    def activate(self) -> None:
        self.sound("select")
        self.on_press()

    def handle(self, event: InputEvent) -> bool:
        if event.intent is Intent.CONFIRM:
            self.flash = FLASH_SECONDS
            self.activate()
            return True
        return False

    def pointer(self, event: InputEvent) -> bool:
        if event.intent is Intent.PRESS:
            self.pressed = True
            return True
        if event.intent is Intent.RELEASE:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
            return False
        if event.intent is Intent.DRAG:
            self.pressed = self.rect.collidepoint(event.pos)
        return True

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        face = self.draw_body(surface, style)
        colour = self.text_colour(style)
        room = self.label_room(face)
        label = style.text(self.label, self.label_size(style), colour, bold=True)
        if self.subtitle:
            sub = style.text(self.subtitle, SMALL, style.palette.text_dim if self.enabled else colour)
            top = face.centery - (label.get_height() + sub.get_height() + 2) // 2
            surface.blit(label, label.get_rect(midtop=(face.centerx, top)))
            surface.blit(sub, sub.get_rect(midtop=(face.centerx, top + label.get_height() + 2)))
        else:
            where = label.get_rect(center=face.center)
            if where.x < room.x:  # centred, it would touch the focus marker: centred right of it
                where.centerx = room.centerx
            surface.blit(label, where)


class _Row(Widget):
    """A labelled control on one row: the label on the left, the control on the right."""

    def __init__(self, rect, label: str, *, split: float = 0.46, text_size: int = BODY, help: str = "",
                 enabled: bool = True):
        super().__init__(rect, label, help=help, enabled=enabled)
        self.split = split
        self.text_size = text_size
        """Label and value text size: smaller for narrow rows."""

    @property
    def control_rect(self) -> pygame.Rect:
        left = self.rect.x + round(self.rect.width * self.split)
        return pygame.Rect(left, self.rect.y + 8, self.rect.right - left - 16, self.rect.height - 16)

    def click(self, event: InputEvent, on_release) -> bool:
        """Press, then `on_release(event)` when let go over the row (elsewhere cancels)."""
        if event.intent is Intent.PRESS:
            self.pressed = True
            return True
        if event.intent is Intent.RELEASE:
            if self.pressed and self.rect.collidepoint(event.pos):
                on_release(event)
            self.pressed = False
            return False
        return True

    def draw_label(self, surface: pygame.Surface, style: Style, face: pygame.Rect) -> None:
        lines, size = self._fitted_label(style)
        rendered = [style.text(line, size, self.text_colour(style), bold=True) for line in lines]
        height = sum(text.get_height() for text in rendered)
        y = face.centery - height // 2
        for text in rendered:
            surface.blit(text, (face.x + 28, y))
            y += text.get_height()

    def _fitted_label(self, style: Style) -> tuple[list[str], int]:
        """The label's lines and size left of the control: a size smaller, then on
        two lines when the row is tall enough ("Non-double on a double" was cut to
        "Non-double on a do…"), else cut short, when it would run under the control
        (worked out once)."""
        key = (self.label, self.rect.size, self.text_size)
        if getattr(self, "_fit_key", None) != key:
            room = self.control_rect.x - self.rect.x - 36
            size = self.text_size
            while size > self.text_size - 3 and style.font(size, True).size(self.label)[0] > room:
                size -= 1
            lines = [self.label]
            if style.font(size, True).size(self.label)[0] > room:
                wrapped = style.wrap(self.label, room, size, bold=True)
                fits = len(wrapped) == 2 and 2 * style.font(size, True).get_linesize() <= self.rect.height - 6
                lines = wrapped if fits else [fitted(style, self.label, size, room, bold=True)]
            self._fit_key, self._fit = key, (lines, size)
        return self._fit


class Toggle(_Row):
    """On or off. Confirm or a click flips it; left sets off, right sets on."""

    def __init__(self, rect, label: str, value: bool, on_change: Callable[[bool], None], **kwargs: Any):
        super().__init__(rect, label, **kwargs)
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            self.sound("select")
            self.on_change(value)

    def handle(self, event: InputEvent) -> bool:
        if event.intent is Intent.CONFIRM:
            self.flash = FLASH_SECONDS
            self.set(not self.value)
            return True
        if event.intent in (Intent.LEFT, Intent.RIGHT):
            self.set(event.intent is Intent.RIGHT)
            return True
        return False

    def pointer(self, event: InputEvent) -> bool:
        return self.click(event, lambda _: self.set(not self.value))

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        p = style.palette
        face = self.draw_body(surface, style)
        self.draw_label(surface, style, face)
        control = self.control_rect.move(0, face.y - self.rect.y)
        track = pygame.Rect(0, 0, 76, 34)
        track.midleft = (control.x, control.centery)
        on = self.value
        gfx.rect(surface, p.accent if on else (70, 80, 76), track, border_radius=17)
        gfx.rect(surface, (0, 0, 0), track, width=2, border_radius=17)
        knob_x = track.right - 17 if on else track.x + 17
        gfx.circle(surface, (250, 248, 240), (knob_x, track.centery), 13)
        gfx.circle(surface, (0, 0, 0), (knob_x, track.centery), 13, 2)
        word = style.text("On" if on else "Off", BODY, self.text_colour(style), bold=True)
        surface.blit(word, word.get_rect(midleft=(track.right + 16, track.centery)))


class Slider(_Row):
    """A number between `minimum` and `maximum` in steps of `step`: left and right
    step it, the pointer sets it anywhere on the track and drags it."""

    def __init__(self, rect, label: str, value: float, minimum: float, maximum: float, step: float,
                 on_change: Callable[[float], None], *, format: Callable[[float], str] | None = None,
                 **kwargs: Any):
        super().__init__(rect, label, **kwargs)
        self.minimum, self.maximum, self.step = minimum, maximum, step
        self.value = value
        self.on_change = on_change
        self.format = format or (lambda v: f"{v:g}")
        self.integer = all(float(x).is_integer() for x in (minimum, maximum, step))

    @property
    def track_rect(self) -> pygame.Rect:
        control = self.control_rect
        return pygame.Rect(control.x + 4, control.centery - 5, control.width - 110, 10)

    def _clean(self, value: float) -> float:
        value = min(self.maximum, max(self.minimum, value))
        if self.integer:
            return int(round(value))
        return round(value, 6)

    def set(self, value: float) -> None:
        value = self._clean(value)
        if value != self.value:
            self.value = value
            self.sound("move")
            self.on_change(value)

    def nudge(self, steps: int) -> None:
        # Snap to the step grid from the minimum, so a value from a file that is off
        # the grid (site_penalty = 3 with step 2) lands on a grid point.
        target = self.minimum + (round((self.value - self.minimum) / self.step) + steps) * self.step
        if steps > 0 and target <= self.value:
            target += self.step
        if steps < 0 and target >= self.value:
            target -= self.step
        self.set(target)

    def handle(self, event: InputEvent) -> bool:
        if event.intent is Intent.LEFT:
            self.nudge(-1)
            return True
        if event.intent is Intent.RIGHT:
            self.nudge(1)
            return True
        return False

    def _set_from(self, pos) -> None:
        track = self.track_rect
        fraction = (pos[0] - track.x) / max(1, track.width)
        raw = self.minimum + fraction * (self.maximum - self.minimum)
        self.set(self.minimum + round((raw - self.minimum) / self.step) * self.step)

    def pointer(self, event: InputEvent) -> bool:
        if event.intent is Intent.PRESS:
            self.pressed = True
            if self.track_rect.inflate(24, 30).collidepoint(event.pos):
                self._set_from(event.pos)
            return True
        if event.intent is Intent.DRAG:
            self._set_from(event.pos)
            return True
        if event.intent is Intent.RELEASE:
            self.pressed = False
            return False
        return True

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        p = style.palette
        face = self.draw_body(surface, style)
        self.draw_label(surface, style, face)
        track = self.track_rect.move(0, face.y - self.rect.y)
        span = self.maximum - self.minimum
        fraction = (self.value - self.minimum) / span if span else 0.0
        gfx.rect(surface, (20, 30, 26), track, border_radius=5)
        filled = pygame.Rect(track.x, track.y, round(track.width * fraction), track.height)
        gfx.rect(surface, p.accent if self.enabled else (120, 120, 120), filled, border_radius=5)
        knob = (track.x + round(track.width * fraction), track.centery)
        gfx.circle(surface, (250, 248, 240), knob, 14)
        gfx.circle(surface, (0, 0, 0), knob, 14, 2)
        value = style.text(self.format(self.value), BODY, self.text_colour(style), bold=True)
        surface.blit(value, value.get_rect(midright=(face.right - 20, face.centery)))


class ChoiceList(_Row):
    """One value out of a list, shown as ``‹ value ›``: left and right step through
    the list (wrapping round), confirm steps forward, a click on the left half of
    the control steps back and on the right half forward."""

    def __init__(self, rect, label: str, choices: list[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], **kwargs: Any):
        super().__init__(rect, label, **kwargs)
        if not choices:
            raise ValueError(f"{label}: a choice list needs at least one choice")
        self.choices = list(choices)
        self.on_change = on_change
        values = [v for v, _ in self.choices]
        self.index = next((i for i, v in enumerate(values) if type(v) is type(value) and v == value), 0)

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @property
    def text(self) -> str:
        return self.choices[self.index][1]

    def step(self, by: int) -> None:
        if len(self.choices) < 2:
            return
        self.index = (self.index + by) % len(self.choices)
        self.sound("move")
        self.on_change(self.value)

    def handle(self, event: InputEvent) -> bool:
        if event.intent is Intent.LEFT:
            self.step(-1)
            return True
        if event.intent in (Intent.RIGHT, Intent.CONFIRM):
            if event.intent is Intent.CONFIRM:
                self.flash = FLASH_SECONDS
            self.step(1)
            return True
        return False

    def pointer(self, event: InputEvent) -> bool:
        return self.click(event, lambda e: self.step(-1 if e.pos[0] < self.control_rect.centerx else 1))

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        face = self.draw_body(surface, style)
        self.draw_label(surface, style, face)
        control = self.control_rect.move(0, face.y - self.rect.y)
        colour = self.text_colour(style)
        arrows = style.palette.accent if self.focused else style.palette.text_dim
        for direction, x in ((-1, control.x + 10), (1, control.right - 10)):
            cy = control.centery
            points = [(x - 6 * direction, cy - 10), (x - 6 * direction, cy + 10), (x + 6 * direction, cy)]
            gfx.polygon(surface, arrows if len(self.choices) > 1 else (90, 100, 96), points)
            note(surface, "badge", (x - 6, cy - 10, 13, 21), "arrow")
        value = style.text(fitted(style, self.text, self.text_size, control.width - 48, bold=True), self.text_size,
                           colour, bold=True)
        surface.blit(value, value.get_rect(center=control.center))
