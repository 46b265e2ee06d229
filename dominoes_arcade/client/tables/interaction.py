"""The human's decision on a table, whatever the game: the contract between the
table kit (`TableScene`) and each game's table.

A game's table describes the decision in front of the human as `Choice`s, one per
legal engine action: a *source* the player picks first (a tile in the hand, a
button such as "draw") and, when the decision needs one, a *target* where the
source goes (a stack, an arm, an end). Sources and targets are any hashable
values the table likes (``("hand", 12)``, ``("stack", 7)``, ``("button", "draw")``);
the table also says where each one is on the canvas (`item_rects`), so the kit
can highlight, hit-test clicks and drops, and move a keyboard or controller focus
geometrically among them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from ...engine import Action
from ...session.bot_seats import THINKING_NOTICE_SECONDS
from .. import gfx
from ..focus import farthest_back, nearest
from ..input import DIRECTIONS, Device, Intent
from ..layout_check import note
from ..theme import SMALL


@dataclass(frozen=True)
class Choice:
    """One legal decision for the seat to move, as the player makes it."""

    action: Action
    """A legal engine action for the seat to move."""
    source: Hashable
    """What the player picks first: e.g. ``("hand", tile)``, ``("button", "draw")``."""
    target: Hashable | None = None
    """Where it goes: e.g. ``("stack", 7)``, ``("arm", 3)``, ``("end", "left")``;
    None when picking the source is the whole decision."""


def sources(choices: list[Choice]) -> list[Hashable]:
    """The distinct sources of `choices`, in their first-seen order."""
    return list(dict.fromkeys(choice.source for choice in choices))


def targets_of(choices: list[Choice], source: Hashable) -> list[Hashable]:
    """The distinct targets `source` can go to (None left out), in order."""
    return list(dict.fromkeys(c.target for c in choices if c.source == source and c.target is not None))


def choice_for(choices: list[Choice], source: Hashable, target: Hashable | None) -> Choice | None:
    """The choice that puts `source` on `target` (None: the source alone), if any."""
    for choice in choices:
        if choice.source == source and choice.target == target:
            return choice
    return None


# -- the human's decision in progress ---------------------------------------------------------

DRAG_THRESHOLD = 6
"""Pixels the pointer must move with the button down before a press becomes a drag."""
LEGAL_COLOUR = (246, 196, 72)
SELECTED_COLOUR = (255, 255, 255)
TARGET_COLOUR = (120, 236, 160)
ILLEGAL_COLOUR = (240, 86, 72)
FOCUS_COLOUR = (255, 255, 255)
FOCUS_GROW = 7
"""How far out of the focused item its marker goes, at the least (its pulse adds 2)."""
HINT_COLOUR = (255, 128, 226)
LAST_MOVE_COLOUR = (110, 200, 255)
PULSE_SECONDS = 3.0
"""The legal moves' rings pulse this long after a decision comes or the player's
last input, then rest (a table waiting for the player draws nothing new)."""


class _Spot:
    """An item and its rect, in the shape `focus.nearest` expects."""

    __slots__ = ("item", "rect")

    def __init__(self, item: Hashable, rect):
        self.item, self.rect = item, rect


class Picker:
    """The human's decision in progress on a table: which source is selected,
    where the keyboard/controller focus is, what the mouse is pressing or dragging.

    Two steps: pick a source, then a target of that source (a source whose choice
    has no target is the whole decision). Directions move the focus geometrically
    among the current step's items, the shoulders (PAGE_UP/PAGE_DOWN) cycle through
    them in order, so every item is reachable; CONFIRM picks; BACK unselects.
    The mouse clicks a source then a target, or drags the source onto a target; a
    release anywhere that is not a target cancels the drag. A forced move (one
    legal action) is made by CONFIRM anywhere, or a click on its source or target.
    """

    def __init__(self, table):
        self.table = table
        self.selected: Hashable | None = None
        self.focused: Hashable | None = None
        self.hovered: Hashable | None = None
        self.pressed: Hashable | None = None
        """The source a mouse press went down on (a click or the start of a drag)."""
        self.press_pos: tuple[int, int] | None = None
        self.dragging = False
        self.pointer: tuple[int, int] = (0, 0)
        self._version = None
        self.pulse_from = 0.0
        """The table's time when the rings' pulse (re)started."""

    # -- state -----------------------------------------------------------------------
    def sync(self) -> list[Choice]:
        """The table's current choices; a new decision drops the old selection (the
        focus stays on the same item when it is still there)."""
        choices = self.table.current_choices()
        if self._version != self.table.session.version:
            self._version = self.table.session.version
            self.pulse_from = self.table.time
            self.selected = self.pressed = None
            self.dragging = False
            items = self.items(choices)
            if self.focused not in items:
                self.focused = items[0] if items else None
        return choices

    def reset(self) -> None:
        self._version = None
        self.selected = self.pressed = self.hovered = None
        self.dragging = False

    def items(self, choices: list[Choice]) -> list[Hashable]:
        """The current step's items: the sources, or the selected source's targets
        (and the source itself when picking it alone is also a decision)."""
        if self.selected is None:
            return sources(choices)
        found = targets_of(choices, self.selected)
        if choice_for(choices, self.selected, None) is not None:
            found.append(self.selected)
        return found

    @staticmethod
    def forced(choices: list[Choice]) -> Choice | None:
        """The only choice, when there is exactly one legal decision."""
        return choices[0] if len(choices) == 1 else None

    @property
    def dragged_source(self) -> Hashable | None:
        return self.pressed if self.dragging else None

    @property
    def is_pulsing(self) -> bool:
        return self.table.time - self.pulse_from < PULSE_SECONDS

    # -- input -------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """Use `event` for the decision; True when it was used."""
        if not self.table.can_decide:
            return False
        self.pulse_from = self.table.time
        choices = self.sync()
        if not choices:
            return False
        intent = event.intent
        if intent in DIRECTIONS or intent in (Intent.PAGE_UP, Intent.PAGE_DOWN):
            items = self.items(choices)
            if not items:
                return False
            if self.focused not in items:
                self.focused = items[0]
            elif intent in DIRECTIONS:
                rects = self.table.item_rects()
                spots = [_Spot(item, rects[item]) for item in items if item != self.focused and item in rects]
                origin = rects.get(self.focused)
                if origin is not None:
                    spot = nearest(origin, spots, intent) or farthest_back(origin, spots, intent)
                    if spot is not None:
                        self.focused = spot.item
            else:
                step = 1 if intent is Intent.PAGE_DOWN else -1
                self.focused = items[(items.index(self.focused) + step) % len(items)]
            self.table.app.audio.play("move")
            return True
        if intent is Intent.CONFIRM:
            forced = self.forced(choices)
            if forced is not None and self.selected is None:
                return self.table.play(forced.action)
            items = self.items(choices)
            if self.focused in items:
                self.activate(self.focused, choices)
            elif items:
                self.focused = items[0]
            return True
        if intent is Intent.BACK and self.selected is not None:
            self.focused, self.selected = self.selected, None
            self.table.app.audio.play("back")
            return True
        if intent is Intent.POINT:
            self.pointer = event.pos
            self.hovered = self.hit(event.pos, self.items(choices))
            return False
        if intent is Intent.PRESS and event.button == 1:
            return self._press(event.pos, choices)
        if intent is Intent.DRAG and self.pressed is not None:
            self.pointer = event.pos
            x, y = self.press_pos
            if abs(event.pos[0] - x) + abs(event.pos[1] - y) >= DRAG_THRESHOLD:
                self.dragging = True
            return True
        if intent is Intent.RELEASE and event.button == 1 and self.pressed is not None:
            return self._release(event.pos, choices)
        return False

    def _press(self, pos, choices: list[Choice]) -> bool:
        self.pointer = pos
        forced = self.forced(choices)
        everything = list(self.table.item_rects())
        item = self.hit(pos, everything)
        if forced is not None and item is not None and item in (forced.source, forced.target):
            return self.table.play(forced.action)
        if self.selected is not None and item is not None and item != self.selected:
            if item in targets_of(choices, self.selected) or self.table.action_for(self.selected, item) is not None:
                self.attempt(self.selected, item, choices)
                return True
        if item in sources(choices) or (item is not None and self.table.unplayable(item)):
            # A tile no move takes lifts all the same: put back, it says why (`_release`).
            self.pressed, self.press_pos, self.dragging = item, pos, False
            return True
        if self.selected is not None:
            self.selected = None  # a click on the bare table puts the tile back
            return True
        return False

    def _release(self, pos, choices: list[Choice]) -> bool:
        source, self.pressed = self.pressed, None
        self.pointer = pos
        if source not in sources(choices):  # an unplayable tile, clicked or dropped
            target = self.hit(pos, [item for item in self.table.item_rects() if item != source])
            action = self.table.action_for(source, target) if self.dragging and target is not None else None
            self.dragging = False
            if action is not None:
                self.table.play(action)  # refused by the session, with the engine's reason there
            else:
                self.table.refuse(self.table.unplayable_reason(source))
            return True
        if self.dragging:
            self.dragging = False
            target = self.drop_target(source, pos, choices)
            if target is not None:
                self.attempt(source, target, choices)
            return True
        if self.selected == source:
            if choice_for(choices, source, None) is not None:
                self.attempt(source, None, choices)
            else:
                self.selected = None
        else:
            self.selected = None
            self.activate(source, choices)
        return True

    def activate(self, item: Hashable, choices: list[Choice]) -> None:
        """CONFIRM on `item` (or a click): pick a source, or put the selected
        source on a target."""
        if self.selected is None:
            targets = targets_of(choices, item)
            if not targets:
                self.attempt(item, None, choices)
                return
            self.selected = item
            rects = self.table.item_rects()
            origin = rects.get(item)
            reachable = [t for t in targets if t in rects]
            if origin is not None and reachable:
                self.focused = min(reachable, key=lambda t: _distance(rects[t], origin))
            else:
                self.focused = targets[0]
            self.table.app.audio.play("select")
        elif item == self.selected:
            self.attempt(item, None, choices)
        else:
            self.attempt(self.selected, item, choices)

    def attempt(self, source: Hashable, target: Hashable | None, choices: list[Choice]) -> bool:
        """Make the decision `source` -> `target` (`TableScene.play`: the session
        checks it, and an illegal one is refused with the engine's reason in the
        table's words), or refuse a drop that names no move at all."""
        choice = choice_for(choices, source, target)
        action = choice.action if choice is not None else self.table.action_for(source, target)
        if action is not None:
            return self.table.play(action)
        self.table.refuse("That cannot go there.")
        return False

    def hit(self, pos, candidates) -> Hashable | None:
        """The candidate item under `pos` (the one whose centre is nearest when
        several rects overlap there)."""
        rects = self.table.item_rects()
        under = [item for item in candidates if item in rects and rects[item].collidepoint(pos)]
        if not under:
            return None
        return min(under, key=lambda item: (rects[item].centerx - pos[0]) ** 2 + (rects[item].centery - pos[1]) ** 2)

    def drop_target(self, source: Hashable, pos, choices: list[Choice]) -> Hashable | None:
        """Where a drag of `source` released at `pos` lands: one of its targets, or
        any item the table gives a meaning to (so the engine can say why not)."""
        target = self.hit(pos, targets_of(choices, source))
        if target is not None:
            return target
        others = [item for item in self.table.item_rects() if item != source]
        item = self.hit(pos, others)
        if item is not None and self.table.action_for(source, item) is not None:
            return item
        return None

    def drop_preview(self) -> tuple[Hashable | None, bool]:
        """While a source is dragged: the item under the pointer (None: the bare
        table) and whether a release there makes a legal move."""
        choices = self.table.current_choices()
        source = self.pressed
        if not self.dragging or source is None:
            return None, False
        legal = self.hit(self.pointer, targets_of(choices, source))
        if legal is not None:
            return legal, True
        return self.hit(self.pointer, [item for item in self.table.item_rects() if item != source]), False

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        """The decision's marks over the table: legal sources, the selection and its
        targets, the focus (keyboard and controller), the hover. The dragged tile
        comes later (`draw_drag`), above everything the table draws over the marks."""
        table = self.table
        if not table.can_decide:
            return
        choices = table.current_choices()
        if not choices or self._version != table.session.version:
            return
        rects = table.item_rects()
        pulse = 0.5 + 0.5 * math.sin(min(table.time, self.pulse_from + PULSE_SECONDS) * 5.0)
        source = self.pressed if self.dragging else self.selected
        if source is None:
            for item in sources(choices):
                if item in rects:
                    draw_ring(surface, rects[item], LEGAL_COLOUR, 2, grow=2 + round(2 * pulse))
        else:
            if source in rects:
                draw_ring(surface, rects[source], SELECTED_COLOUR, 4, grow=4)
            # Round the targets, never over them: a stack's pips must stay as they are.
            for item in targets_of(choices, source):
                if item in rects:
                    gfx.glow(surface, rects[item], TARGET_COLOUR, 150 + round(100 * pulse))
                    draw_ring(surface, rects[item], TARGET_COLOUR, 3, grow=2)
            if self.dragging:
                self.draw_drop_preview(surface, rects)
        device = table.app.input.last_device
        if device is Device.MOUSE:
            if self.hovered is not None and self.hovered in rects and not self.dragging:
                draw_ring(surface, rects[self.hovered], FOCUS_COLOUR, 2, grow=6)
        elif self.focused is not None and self.focused in rects:
            grow = FOCUS_GROW + round(2 * pulse)
            marker, corners = table.focus_marker(self.focused, rects[self.focused].inflate(2 * grow, 2 * grow))
            draw_ring(surface, marker, FOCUS_COLOUR, 3, radius=10 + grow)
            draw_corners(surface, marker, FOCUS_COLOUR, corners=corners)

    def draw_drop_preview(self, surface, rects) -> None:
        """What a release under the pointer would do, before it: a legal target
        gets a thick ring; anything else under the pointer is dimmed and ringed red
        (dimmed, so colour is not the only cue)."""
        item, legal = self.drop_preview()
        if item is None or item not in rects:
            return
        if legal:
            draw_ring(surface, rects[item], TARGET_COLOUR, 5, grow=5)
        else:
            draw_fill(surface, rects[item], (10, 14, 12, 140))
            draw_ring(surface, rects[item], ILLEGAL_COLOUR, 4, grow=3)

    def draw_drag(self, surface) -> None:
        """The tile being dragged, under the pointer."""
        if self.dragging and self.pressed is not None and self.table.can_decide:
            self.table.draw_dragged(surface, self.pressed, self.pointer)


_FILLS: dict[tuple, object] = {}


def draw_ring(surface, rect, colour, width: int, *, grow: int = 0, radius: int = 10) -> None:
    """A rounded ring `grow` pixels outside `rect`."""
    gfx.rect(surface, colour, rect.inflate(2 * grow, 2 * grow), width=width, border_radius=radius + grow)


def draw_fill(surface, rect, rgba) -> None:
    """A translucent rounded fill over `rect` (surfaces cached by size and colour)."""
    key = (rect.size, rgba)
    fill = _FILLS.get(key)
    if fill is None:
        if len(_FILLS) > 256:
            _FILLS.clear()
        fill = _FILLS[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        gfx.rect(fill, rgba, fill.get_rect(), border_radius=10)
    surface.blit(fill, rect.topleft)


CORNERS = frozenset({"topleft", "topright", "bottomleft", "bottomright"})


def draw_corners(surface, rect, colour, arm: int = 12, width: int = 5, corners=CORNERS) -> None:
    """Thick brackets on `corners` of `rect` (by default all four): the focus,
    beyond colour, drawn on its ring so that it covers nothing around the item."""
    for corner, x, y, dx, dy in (("topleft", rect.left, rect.top, 1, 1), ("topright", rect.right - 1, rect.top, -1, 1),
                                 ("bottomleft", rect.left, rect.bottom - 1, 1, -1),
                                 ("bottomright", rect.right - 1, rect.bottom - 1, -1, -1)):
        if corner in corners:
            gfx.line(surface, colour, (x, y), (x + dx * arm, y), width)
            gfx.line(surface, colour, (x, y), (x, y + dy * arm), width)


def _distance(a, b) -> float:
    return (a.centerx - b.centerx) ** 2 + (a.centery - b.centery) ** 2


# -- what the kit draws over every table, and its prompts ---------------------------------------


def draw_marks(table, surface) -> None:
    """The last move, the decision's marks (`Picker.draw`), the hint, the analysis
    view's badges and a review's rings (`analysis_marks`), what the table keeps
    above the marks (`draw_over_marks`: Build Up's stack heights, which the rings
    around a stack would otherwise cross), then the dragged tile."""
    style = table.app.style
    # A review rings the move played as the last move is ringed: the previous move's
    # rings would read as the player's (and lie round the same stack, one in the other).
    last = table.last_move_rect() if table.analysis_marks.review is None else None
    if last is not None and not table.session.ended:
        # Two thin rings, a shape no other mark has (the status line says what the
        # move was): a word badge here would cover the labels around the tile.
        draw_ring(surface, last, LAST_MOVE_COLOUR, 2, grow=3)
        draw_ring(surface, last, LAST_MOVE_COLOUR, 2, grow=7)
        note(surface, "ring", last.inflate(14, 14), "last move")  # a label is inside it or clear of it
    table.picker.draw(surface)
    if table.session.hint is not None and table.can_decide:
        rects = table.item_rects()
        for choice in table.current_choices():
            if choice.action is table.session.hint:
                for item in (choice.source, choice.target):
                    if item is not None and item in rects:
                        draw_ring(surface, rects[item], HINT_COLOUR, 4, grow=10)
                break
    table.analysis_marks.draw(surface, table.marked_decision)
    table.draw_over_marks(surface)
    table.picker.draw_drag(surface)
    thinking = table.session.thinking_seconds()
    if thinking >= THINKING_NOTICE_SECONDS:
        draw_thinking(surface, style, table.seat_name(table.seen.current_player), thinking)


def hint_note(table) -> tuple[str, tuple[int, int, int]] | None:
    """The hint in words, for the footer (its ring on the table has no label that
    could cover the table's own): the move suggested, or that it is coming."""
    if table.session.hint is not None and table.can_decide:
        return f"Hint: {table.describe(table.session.hint)}", HINT_COLOUR
    if table.session.hint_ticket is not None:
        return "Thinking of a hint\u2026", HINT_COLOUR
    return None


def draw_thinking(surface, style, who: str, seconds: float) -> None:
    """A bot that has thought longer than `THINKING_NOTICE_SECONDS`: a pill in the
    middle of the footer (free on a bot's turn) with three dots lighting in turn, so a
    long think reads as work, not as a hang."""
    label = style.text(f"{who} thinking", SMALL, LAST_MOVE_COLOUR, bold=True)
    dot, gap = 6, 8
    box = pygame.Rect(0, 0, label.get_width() + 3 * (dot + gap) + 24, label.get_height() + 8)
    box.midbottom = (surface.get_width() // 2, surface.get_height() - 12)
    gfx.rect(surface, (12, 18, 16), box, border_radius=box.height // 2)
    gfx.rect(surface, LAST_MOVE_COLOUR, box, width=2, border_radius=box.height // 2)
    surface.blit(label, label.get_rect(midleft=(box.left + 12, box.centery)))
    lit = int(seconds * 3) % 3
    for i in range(3):
        centre = (box.left + 12 + label.get_width() + gap + i * (dot + gap) + dot // 2, box.centery)
        colour = LAST_MOVE_COLOUR if i == lit else (60, 80, 90)
        gfx.circle(surface, colour, centre, dot // 2 + (i == lit))


def table_prompts(table) -> list:
    """The footer while a game is played: what CONFIRM does now (the forced move
    named), hint, undo (or why not), redo when there is something to redo, pause."""
    if table.summary_shown():  # its count-up may hold the game: the fold is offered all along
        return [(Intent.CONFIRM, "Skip" if table.tweens.busy else "Continue"),
                (Intent.HINT, "Show the summary" if table.summary_folded else "See the table"), (Intent.PAUSE, "Pause")]
    if table.tweens.busy:
        return [(Intent.CONFIRM, "Skip"), (Intent.PAUSE, "Pause")]
    prompts = []
    choices = table.current_choices() if table.can_decide else []
    if choices:
        forced = Picker.forced(choices)
        if forced is not None:
            prompts.append((Intent.CONFIRM, f"{table.describe(forced.action)} (only move)"))
        elif table.picker.selected is not None:
            prompts += [(Intent.CONFIRM, "Place"), (Intent.BACK, "Put back")]
        else:
            prompts.append((Intent.CONFIRM, "Pick up"))
        prompts.append((Intent.HINT, "Hint"))
    if table.session.human_seats and not table.session.hot_seat and not table.session.ended:
        # Undo stays in the footer when it is refused, saying why (pressing it says so too).
        refusal = table.session.undo_refusal()
        prompts.append((Intent.UNDO, "Undo" if refusal is None else refusal.removesuffix(".")))
        if table.session.can_redo:
            prompts.append((Intent.REDO, "Redo"))
    prompts.append((Intent.PAUSE, "Pause"))
    return prompts
