"""The focus system: a `FocusGroup` owns a screen's widgets and one focus.

Directions move the focus geometrically (`nearest`): to the nearest widget in
the pressed direction, preferring one straight ahead to a closer one off to the
side, and wrapping round to the far side when nothing lies ahead. The pointer
moves the focus to the widget under it; a press captures that widget until the
button comes up, so dragging a slider keeps working off its row. The focused
widget sees non-pointer events first, so left and right change a slider or a
choice list instead of moving away.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .input import DIRECTIONS, InputEvent, Intent
from .theme import Style
from .widgets import Widget


def nearest(origin: pygame.Rect, candidates: list[Widget], intent: Intent) -> Widget | None:
    """The candidate nearest to `origin` in direction `intent`. Candidates are
    those whose centre lies further that way (and whose near edge reaches back no
    more than a few pixels past `origin`'s centre); each scores its distance along
    the direction plus twice the sideways gap (zero when their spans overlap), so
    a widget straight ahead beats a closer one off to the side."""
    dx, dy = DIRECTIONS[intent]
    best, best_score = None, None
    for widget in candidates:
        rect = widget.rect
        if dx:
            along = (rect.left - origin.centerx) if dx > 0 else (origin.centerx - rect.right)
            along_centres = (rect.centerx - origin.centerx) * dx
            gap = max(0, rect.top - origin.bottom, origin.top - rect.bottom)
            offset = abs(rect.centery - origin.centery)
        else:
            along = (rect.top - origin.centery) if dy > 0 else (origin.centery - rect.bottom)
            along_centres = (rect.centery - origin.centery) * dy
            gap = max(0, rect.left - origin.right, origin.left - rect.right)
            offset = abs(rect.centerx - origin.centerx)
        if along_centres <= 0 or along < -min(rect.width if dx else rect.height, 8):
            continue
        score = max(0, along) + 2 * gap + 0.05 * offset
        if best_score is None or score < best_score:
            best, best_score = widget, score
    return best


def farthest_back(origin: pygame.Rect, candidates: list[Widget], intent: Intent) -> Widget | None:
    """Where focus wraps to when nothing lies ahead: the widget farthest the other
    way, preferring the ones in line with `origin`."""
    dx, dy = DIRECTIONS[intent]
    best, best_score = None, None
    for widget in candidates:
        rect = widget.rect
        if dx:
            behind = (origin.centerx - rect.centerx) * dx
            gap = max(0, rect.top - origin.bottom, origin.top - rect.bottom)
        else:
            behind = (origin.centery - rect.centery) * dy
            gap = max(0, rect.left - origin.right, origin.left - rect.right)
        if behind <= 0:
            continue
        score = -behind + 3 * gap
        if best_score is None or score < best_score:
            best, best_score = widget, score
    return best


class FocusGroup:
    """A screen's widgets and its one focus."""

    def __init__(self, widgets=(), *, wrap: bool = True, sound: Callable[[str], None] | None = None):
        self.widgets: list[Widget] = []
        self.focused: Widget | None = None
        self.wrap = wrap
        self.sound = sound or (lambda name: None)
        self.captured: Widget | None = None
        for widget in widgets:
            self.add(widget)

    def add(self, widget: Widget) -> Widget:
        widget.sound = self.sound
        self.widgets.append(widget)
        if self.focused is None and widget.can_focus:
            self.focus(widget)
        return widget

    def clear(self) -> None:
        self.widgets, self.focused, self.captured = [], None, None

    def focus(self, widget: Widget | None) -> None:
        if self.focused is not None:
            self.focused.focused = False
        self.focused = widget
        if widget is not None:
            widget.focused = True

    def move(self, intent: Intent) -> bool:
        """Move the focus in direction `intent`; True when it moved."""
        candidates = [w for w in self.widgets if w.can_focus and w is not self.focused]
        if self.focused is None or not self.focused.can_focus:
            target = candidates[0] if candidates else None
        else:
            target = nearest(self.focused.rect, candidates, intent)
            if target is None and self.wrap:
                target = farthest_back(self.focused.rect, candidates, intent)
        if target is None:
            return False
        self.focus(target)
        self.sound("move")
        return True

    def widget_at(self, pos) -> Widget | None:
        for widget in reversed(self.widgets):
            if widget.can_focus and widget.rect.collidepoint(pos):
                return widget
        return None

    def handle(self, event: InputEvent) -> bool:
        """Route `event`; True when a widget or a focus move used it."""
        intent = event.intent
        if event.pos is not None and intent in (Intent.POINT, Intent.PRESS, Intent.RELEASE, Intent.DRAG):
            return self._pointer(event)
        focused = self.focused
        if focused is not None and focused.can_focus and focused.handle(event):
            return True
        if intent in DIRECTIONS:
            return self.move(intent)
        return False

    def _pointer(self, event: InputEvent) -> bool:
        if self.captured is not None:
            keep = self.captured.pointer(event)
            if not keep or event.intent is Intent.RELEASE:
                self.captured.pressed = False
                self.captured = None
            return True
        hit = self.widget_at(event.pos)
        if hit is None:
            return False
        if hit is not self.focused:
            self.focus(hit)
            self.sound("move")
        if event.intent is Intent.PRESS and event.button == 1 and hit.pointer(event):
            self.captured = hit
        return True

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        for widget in self.widgets:
            widget.draw(surface, style)
