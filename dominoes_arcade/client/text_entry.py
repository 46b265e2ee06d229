"""Typing a short text (a server's address, a room code) with any device.

- `TextField`: one line of text with a caret. The keyboard types into the
  focused field straight away (`take_typing`, given the frame's raw events
  before the input mapper sees them: a letter typed must not move the focus or
  pause the game), Backspace deletes, Enter confirms.
- `KeyGrid`: an on-screen keyboard for the mouse and the controller. The
  directions move over its keys (off its edge, on to the next widget), A or a
  click types the key into the field last focused, B deletes (the screen
  takes Start as its main action).

    field = group.add(TextField(rect, "Room code", on_submit=join, allowed=CODE_CHARACTERS))
    group.add(KeyGrid(rect, lambda: field))
    events = take_typing(group.focused, events)     # in Scene.take_raw
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import gfx
from .input import InputEvent, Intent
from .layout_check import note
from .theme import BODY, SMALL, Style, fitted
from .widgets import FLASH_SECONDS, RADIUS, Widget, body_image

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
ADDRESS_CHARACTERS = LETTERS + LETTERS.lower() + DIGITS + ".:/-"
"""What an address may hold: a name or numbers, a port after ':'."""
CODE_CHARACTERS = LETTERS + DIGITS
GRID_KEYS = list(LETTERS + DIGITS + ".:/-")
DELETE = "Delete"
"""The grid's key that deletes the last character (B on a controller does too)."""


class TextField(Widget):
    """A line of text the player types into: the label on the left, the text in
    a dark well on the right with a caret at its end while it is the field being
    typed into.

    :param allowed: the characters it takes (others are ignored).
    :param upper: letters are kept in capitals (room codes).
    :param on_submit: Enter or A on the field: the screen's main action.
    """

    def __init__(self, rect, label: str, value: str = "", *, allowed: str = ADDRESS_CHARACTERS,
                 max_length: int = 40, upper: bool = False, on_submit: Callable[[], None] = lambda: None,
                 placeholder: str = "", help: str = ""):
        super().__init__(rect, label, help=help)
        self.allowed = allowed
        self.max_length = max_length
        self.upper = upper
        self.on_submit = on_submit
        self.placeholder = placeholder
        self.value = ""
        self.type(value)
        self.active = False
        """The field the keyboard and the key grid type into (the one last focused)."""

    def type(self, text: str) -> None:
        for character in text:
            if self.upper:
                character = character.upper()
            if character in self.allowed and len(self.value) < self.max_length:
                self.value += character

    def delete(self) -> None:
        self.value = self.value[:-1]

    def handle(self, event: InputEvent) -> bool:
        if event.intent is Intent.CONFIRM:
            self.flash = FLASH_SECONDS
            self.sound("select")
            self.on_submit()
            return True
        return False

    def pointer(self, event: InputEvent) -> bool:
        return False  # a click focuses it (the focus group does): then typing goes here

    @property
    def well(self) -> pygame.Rect:
        left = self.rect.x + round(self.rect.width * 0.34)
        return pygame.Rect(left, self.rect.y + 8, self.rect.right - left - 14, self.rect.height - 16)

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        face = self.draw_body(surface, style)
        label = style.text(fitted(style, self.label, BODY, self.well.x - face.x - 40, bold=True), BODY,
                           self.text_colour(style), bold=True)
        surface.blit(label, label.get_rect(midleft=(face.x + 28, face.centery)))
        well = self.well.move(0, face.y - self.rect.y)
        gfx.rect(surface, (16, 26, 22), well, border_radius=8)
        gfx.rect(surface, style.palette.accent if self.active else (0, 0, 0), well, width=2, border_radius=8)
        room = well.width - 30
        if self.value:
            shown = self.value
            while style.font(BODY + 2, True).size(shown)[0] > room and len(shown) > 1:
                shown = shown[1:]  # the end, where the caret is, stays in view
            text = style.text(shown, BODY + 2, style.palette.text, bold=True)
            where = text.get_rect(midleft=(well.x + 12, well.centery))
            surface.blit(text, where)
            caret_x = where.right + 3
        else:
            if self.placeholder:
                hint = style.text(fitted(style, self.placeholder, SMALL + 1, room), SMALL + 1, (120, 134, 128))
                surface.blit(hint, hint.get_rect(midleft=(well.x + 16, well.centery)))
            caret_x = well.x + 10
        if self.active:
            caret = pygame.Rect(caret_x, well.y + 9, 3, well.height - 18)
            gfx.rect(surface, style.palette.accent, caret)
            note(surface, "badge", caret, "caret")


class KeyGrid(Widget):
    """Keys in rows, for typing without a keyboard into the field `target()`.

    :param target: the field the keys type into (None: nowhere yet).
    """

    def __init__(self, rect, target: Callable[[], TextField | None], *, keys: list[str] = GRID_KEYS,
                 columns: int = 14, help: str = ""):
        super().__init__(rect, "Keys", help=help)
        self.target = target
        self.keys = [*keys, DELETE]
        self.columns = columns
        self.cursor = 0
        """The key the directions are on."""
        self._down: int | None = None

    @property
    def rows(self) -> int:
        return -(-len(self.keys) // self.columns)

    def key_rect(self, index: int) -> pygame.Rect:
        """Where key `index` is: a grid of equal cells, the last key (Delete) as
        wide as the cells left on its row."""
        row, column = divmod(index, self.columns)
        width, height = self.rect.width / self.columns, self.rect.height / self.rows
        span = self.columns - column if index == len(self.keys) - 1 else 1
        return pygame.Rect(round(self.rect.x + column * width) + 3, round(self.rect.y + row * height) + 3,
                           round(width * span) - 6, round(height) - 6)

    def key_at(self, pos) -> int | None:
        return next((i for i in range(len(self.keys)) if self.key_rect(i).collidepoint(pos)), None)

    def press(self, index: int) -> None:
        field = self.target()
        if field is None:
            return
        self.sound("select")
        if self.keys[index] == DELETE:
            field.delete()
        else:
            field.type(self.keys[index])

    def _move(self, intent: Intent) -> bool:
        """Move the cursor one key; False at an edge (the focus moves on instead)."""
        row, column = divmod(self.cursor, self.columns)
        last_row, last = self.rows - 1, len(self.keys) - 1
        if intent is Intent.LEFT and column > 0:
            self.cursor -= 1
        elif intent is Intent.RIGHT and column < self.columns - 1 and self.cursor < last:
            self.cursor += 1
        elif intent is Intent.UP and row > 0:
            self.cursor -= self.columns
        elif intent is Intent.DOWN and row < last_row:
            self.cursor = min(last, self.cursor + self.columns)
        else:
            return False
        self.sound("move")
        return True

    def handle(self, event: InputEvent) -> bool:
        if event.intent in (Intent.LEFT, Intent.RIGHT, Intent.UP, Intent.DOWN):
            return self._move(event.intent)
        if event.intent is Intent.CONFIRM:
            self.flash = FLASH_SECONDS
            self.press(self.cursor)
            return True
        field = self.target()
        if event.intent is Intent.BACK and field is not None and field.value:
            field.delete()  # B deletes; on an empty field it leaves the screen as everywhere
            self.sound("back")
            return True
        return False

    def pointer(self, event: InputEvent) -> bool:
        if event.intent is Intent.PRESS:
            self._down = self.key_at(event.pos)
            if self._down is not None:
                self.cursor = self._down
            self.pressed = self._down is not None
            return True
        if event.intent is Intent.RELEASE:
            if self._down is not None and self.key_at(event.pos) == self._down:
                self.press(self._down)
            self._down, self.pressed = None, False
            return False
        return True

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        palette = style.palette
        for index, key in enumerate(self.keys):
            rect = self.key_rect(index)
            here = self.focused and index == self.cursor
            sink = 3 if here and self.looks_pressed else 0
            top, bottom = ((104, 166, 130), palette.button_focus) if here else (palette.button_top, palette.button)
            surface.blit(body_image(rect.size, top, bottom, sink, not here), rect.topleft)
            face = rect.move(0, sink)
            if here:
                gfx.rect(surface, palette.accent, face.inflate(6, 6), width=4, border_radius=RADIUS + 3)
            size = SMALL + 1 if key == DELETE else BODY + 2
            label = style.text(key, size, palette.text, bold=True)
            surface.blit(label, label.get_rect(center=face.center))


def take_typing(focused: Widget | None, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
    """Type the keyboard's characters of `events` into `focused` when it is a
    `TextField`; the events left for the input mapper.

    Characters come from TEXTINPUT events when the frame has any (SDL sends one
    after each key typed), else from the KEYDOWN events' ``unicode``. Backspace
    deletes; a key that types a character is used up either way (W would move
    the focus, P pause). Enter, Tab, the arrows and Esc go on to the mapper.
    """
    if not isinstance(focused, TextField):
        return events
    texts = [event for event in events if event.type == pygame.TEXTINPUT]
    left = []
    for event in events:
        if event.type == pygame.TEXTINPUT:
            focused.type(event.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            focused.delete()
        elif event.type == pygame.KEYDOWN and typed_character(event):
            if not texts:
                focused.type(typed_character(event))
        else:
            left.append(event)
    return left


def typed_character(event: pygame.event.Event) -> str:
    """The character a KEYDOWN types ("" for Enter, Tab, the arrows, Esc, and a
    key held with Ctrl or Alt: those are commands)."""
    character = getattr(event, "unicode", "")
    if not character or not character.isprintable() or getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return ""
    return character
