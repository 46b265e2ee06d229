"""The focus system: a `FocusGroup` owns a screen's widgets and one focus.

Directions move the focus geometrically (`nearest`): to the nearest widget in
the pressed direction in the focused widget's own row (left, right) or column
(up, down), preferring one straight ahead to a closer one off to the side, and
wrapping round to the far side when nothing lies ahead. The pointer
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


def _reach(origin: pygame.Rect, rect: pygame.Rect, intent: Intent) -> tuple[float, float, float] | None:
    """How `rect` lies from `origin` in direction `intent`, or None when it does not
    lie that way: the gap along the direction (from `origin`'s centre to `rect`'s
    near edge, at least 0), the sideways gap between their spans (0 when they
    overlap: `rect` is in `origin`'s row or column) and the sideways distance
    between their centres."""
    dx, dy = DIRECTIONS[intent]
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
    # A rect that reaches back past `origin`'s centre (one much bigger, or nested)
    # still lies ahead when its centre does, but not one that merely overlaps it.
    if along_centres <= 0 or along < -min(rect.width if dx else rect.height, 8):
        return None
    return max(0, along), gap, offset


def nearest(origin: pygame.Rect, candidates: list[Widget], intent: Intent) -> Widget | None:
    """The candidate nearest to `origin` in direction `intent`, where a player
    looks: the candidates in `origin`'s own row (left, right) or column (up, down)
    come first, and among them the nearest along the direction, then the one most
    nearly in line (so Left from a button goes to its neighbour in the row, never
    to a closer-looking card above it). Only when nothing ahead shares the row or
    column does a candidate off to the side count, scored by its distance along
    plus twice its sideways gap."""
    best, best_score = None, None
    for widget in candidates:
        reach = _reach(origin, widget.rect, intent)
        if reach is None:
            continue
        along, gap, offset = reach
        if gap == 0:  # in the row or column: the nearest, then the most nearly in line
            score = (0, along + 0.5 * offset)
        else:  # off to the side: only when nothing ahead shares the row or column
            score = (1, along + 2 * gap + 0.05 * offset)
        if best_score is None or score < best_score:
            best, best_score = widget, score
    return best


def farthest_back(origin: pygame.Rect, candidates: list[Widget], intent: Intent) -> Widget | None:
    """Where focus wraps to when nothing lies ahead: what `nearest` finds coming in
    from the far side of the screen in `origin`'s row or column (the last button
    of the row going left from its first; the top of the same column going down
    from its bottom)."""
    if not candidates:
        return None
    dx, dy = DIRECTIONS[intent]
    everything = candidates[0].rect.unionall([widget.rect for widget in candidates])
    entry = origin.copy()
    if dx:
        entry.centerx = everything.left - entry.width if dx > 0 else everything.right + entry.width
    else:
        entry.centery = everything.top - entry.height if dy > 0 else everything.bottom + entry.height
    return nearest(entry, candidates, intent)


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
        captured = self.captured
        if captured is not None:
            # The widget's action may rebuild the group (`clear`): let go of the widget
            # held here, and leave a new capture alone.
            keep = captured.pointer(event)
            if not keep or event.intent is Intent.RELEASE:
                captured.pressed = False
                if self.captured is captured:
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
