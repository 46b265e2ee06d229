"""The analysis view on a table (issue 31): each legal move's value drawn at the
move, from the session's values (`session.move_values`: the `hard` search, run in
the bot worker and refined while the player thinks), and a reviewed decision's
move played and best move (`show_review`).

Generic over every game's table, through its `Choice`s and `item_rects`: with a
source picked up, a badge at each of its targets (at the source itself for a
choice without a target); with nothing picked up, a badge at each source, the
value of its best move. In a 2-player game a value is the win chance ("62%"), at
more players the expected place ("2.1": 1 is first); the footer's legend says
which. The best move's badge is gold and starred (colour is never the only cue).

Where the table keeps a spot of the item's own for its badge (`badge_spot`:
inside the panel that is a target, under a stack in its line, under a Build Up
hand tile), the badge goes there, as wide as its words. Elsewhere a badge goes
beside its item, never on it: the nearest spot above, below, right or left of it
(further out, or slid along the side, when that is taken) that stays clear of
every item of the decision, of the badges already placed, of what the table
draws (its tiles, labels and badges, the edges of the panels that hold the item
and the whole of those that do not: a seat's name plate) and of the screen's
edges, far enough out (`CLEARANCE`) that the kit's rings round an item never
cross its words. What the table draws is learnt by drawing it once more, on a
canvas that notes it (`layout_check`), each time the decision or the tile picked
up changes: so the badges sit where the layout check would let them, in play as
in the tests. While the table animates, no badge shows (the tiles are moving).

A reviewed decision's move played and best move are ringed too, each ring as far
out as it goes while it keeps clear of every tile and label its item does not hold
(`ring_grow`), round what the table says stands for the item (`ring_spot`: a
Necropolis end's slot, not its drop target, which takes in the end tile; a Build Up
stack's tiles, those peeking out above it included), noted to the layout check as
a "halo"; two moves onto one place with two tiles (a Build Up stack) ring the
tiles instead, since the tiles are what differs. Each has its badge ("played 41%",
"\u2605 best 62%"): in the table's own spot for the item when it keeps one (then
inside the ring; with the value alone when the words do not fit there, as under a
Build Up stack: the ring's colour and the star say which move it is), else beside
the item as the values' badges go.
The marks are drawn with the kit's (`interaction.draw_marks`), under what the
table keeps above them (Build Up's stack heights).

On in play (the player at the screen), in replays (the seat to move, every hand
face up) and after "Play from here"; never in an online game. V, the left
trigger or the pause menu's "Show move values" toggles it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import pygame

from .. import gfx
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..input import Intent
from ..layout_check import EDGE_ROOM, note
from ..theme import SMALL
from .interaction import LAST_MOVE_COLOUR, Choice, draw_ring, sources

BADGE_COLOUR = (18, 26, 22)
BADGE_TEXT = (236, 240, 232)
BEST_COLOUR = (246, 196, 72)
BEST_TEXT = (24, 20, 8)
PLAYED_COLOUR = LAST_MOVE_COLOUR
"""The move played is ringed as the table rings the last move."""
RING_WIDTH = 4
PLAYED_GROW = 6
BEST_GROW = 11
"""How far outside its item the review rings the move played and the best move
(the best outside, where both mark one item), when that is clear of the tiles."""
RING_GAP = 3
"""The least room between a review's ring and a tile it does not hold (less reads
as the ring touching the tile)."""
RING_INSET = 2
"""The least room between a review's ring and the edge of the panel it is in."""
CLEARANCE = 16
"""Pixels between an item and its badge: past the widest ring the kit draws round
an item (the hint's, 10 out and 4 wide)."""
FOOTER_TOP = LOGICAL_SIZE[1] - 56
"""Badges stay above the footer's band."""
BADGE_SIZE = SMALL - 2
WIN_CHANCE_LEGEND = "Win chance"
PLACE_LEGEND = "Expected place (1 is first)"
WIDEST = {True: "\u2605100%", False: "\u260510.0"}
"""The widest words a badge says: every badge of a view placed beside its item
has its size, so where the badges go does not change as the values are refined
(one in a table's own spot is centred there)."""


def value_text(value: float | None, win_chance: bool) -> str:
    """A move's value as a badge says it: "62%" (win chance) or "2.1" (place)."""
    if value is None:
        return "\u2026"
    return f"{round(100 * value)}%" if win_chance else f"{value:.1f}"


def better(a: float, b: float, win_chance: bool) -> bool:
    return a > b if win_chance else a < b


@dataclass(frozen=True)
class MarkedDecision:
    """What the badges need of the table, this frame (the table hands it to `draw`)."""

    choices: list[Choice]
    """The choices of the decision valued (the player's, or in a replay the seat to move's)."""
    rects: dict[Hashable, pygame.Rect]
    """Where the table draws each of their items."""
    selected: Hashable | None
    """The source the player picked up (`Picker.selected`)."""
    picked: Hashable | None
    """The source in hand now: pressed while dragging, else `selected`."""
    can_decide: bool
    """The player may make the decision now (their targets are shown then)."""
    moving: bool
    """The table animates: no badge shows (the tiles are moving)."""
    version: int
    """The decision's version (`Session.version`): where the badges go is learnt once per version."""
    probe: Callable[[Canvas], None]
    """Draws the table on a canvas that notes what it draws (`room`)."""
    badge_spot: Callable[[Hashable, tuple[int, int]], pygame.Rect | None] = lambda item, size: None
    """The table's own spot for an item's badge of a size (`TableHooks.badge_spot`), or None."""
    ring_spot: Callable[[Hashable], pygame.Rect | None] = lambda item: None
    """What a ring round an item goes round, when not its whole rect (`TableHooks.ring_spot`)."""


class AnalysisMarks:
    """The analysis view of one table: its toggle, its badges, its legend.

    :param app: the app (toasts, sounds, the style).
    :param values: the session's values of the decision on screen (`session.move_values`).
    :param refusal: why the view cannot be on at this table now (None: it can).
    """

    def __init__(self, app, values, refusal: Callable[[], str | None]):
        self.app = app
        self.values = values
        self._refusal = refusal
        self.placed: list[tuple[Hashable, pygame.Rect, str, bool]] = []
        """This frame's badges: (item, where, words, best); for tests and tools."""
        self.review: Any = None
        """The reviewed decision shown (`show_review`), or None."""
        self.rings: list[pygame.Rect] = []
        """This frame's rings round the reviewed decision's moves."""
        self._room: tuple[Any, list[pygame.Rect], list[pygame.Rect], list[pygame.Rect], list[pygame.Rect],
                          list[pygame.Rect]] | None
        self._room = None
        """(what it was learnt for, the table's tiles and badges, its labels and
        rings, its panels, its tiles alone, its labels alone): `room`."""
        self._spots: dict[tuple, pygame.Rect] = {}
        """Where each badge went, for the room learnt (`place` once per decision)."""

    # -- on and off ----------------------------------------------------------------------
    @property
    def on(self) -> bool:
        return self.values.on

    def refusal(self) -> str | None:
        """Why the view cannot be turned on here, or None."""
        return self._refusal()

    def toggle(self) -> None:
        """Show the values, or hide them (a toast says why not, where they are off)."""
        reason = self.refusal()
        if reason is not None and not self.on:
            self.app.toast(reason)
            self.app.audio.play("back")
            return
        self.values.show(not self.on)
        self.app.audio.play("select")

    def handle(self, event) -> bool:
        """V, the left trigger: toggle. True when the event was used."""
        if event.intent is not Intent.VALUES:
            return False
        self.toggle()
        return True

    def set(self, on: bool) -> None:
        """Carry the view's state into a new table (a replay taken over)."""
        if self.refusal() is None:
            self.values.show(on)

    # -- the decision shown ----------------------------------------------------------------
    def badges(self, analysis, decision: MarkedDecision) -> list[tuple[Hashable, str, bool]]:
        """(item, words, best) for each badge: the targets of the source picked up,
        else each source with its best move's value."""
        win_chance = analysis.win_chance
        values = {move.action: move.value for move in analysis.moves}
        choices, picked = decision.choices, decision.picked
        found = []
        if picked is not None and decision.can_decide:
            for choice in choices:
                if choice.source == picked:
                    value = values.get(choice.action)
                    item = choice.target if choice.target is not None else choice.source
                    found.append((item, value_text(value, win_chance), choice.action is analysis.best))
            return found
        for source in sources(choices):
            mine = [choice for choice in choices if choice.source == source]
            best_value = None
            for choice in mine:
                value = values.get(choice.action)
                if value is not None and (best_value is None or better(value, best_value, win_chance)):
                    best_value = value
            holds_best = any(choice.action is analysis.best for choice in mine)
            found.append((source, value_text(best_value, win_chance), holds_best))
        return found

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, decision_now: Callable[[], MarkedDecision]) -> None:
        """The badges (or the reviewed decision's marks) over the table;
        `decision_now` is asked only when something is to be drawn."""
        self.placed, self.rings = [], []
        if self.review is not None:
            self.draw_review(surface, decision_now())
            return
        analysis = self.values.current() if self.on else None
        if analysis is None:
            return
        decision = decision_now()
        rects = decision.rects
        if not decision.choices or decision.moving:
            return
        taken, avoided = self.room(decision)
        size = self.box(WIDEST[analysis.win_chance])
        for item, words, best in self.badges(analysis, decision):
            if item in rects:
                # (a table's own spot is the item's, centred on it: it may take the words' own width)
                self.badge(surface, item, rects[item], words, best, taken, avoided, size,
                           own=decision.badge_spot(item, self.box(starred(words, best)).size))

    def room(self, decision: MarkedDecision) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What badges must keep clear of now: what they may never cover (the
        decision's items, the table's tiles and badges), then what they should not
        (its labels and its rings; its panels are weighed apart, `place`);
        learnt by drawing the table on a noting canvas, once for each decision and
        tile picked up."""
        rects = decision.rects
        key = (decision.version, decision.selected, id(self.review))
        if self._room is None or self._room[0] != key:
            probe = Canvas(LOGICAL_SIZE, scale=1.0)
            decision.probe(probe)
            tiles = [mark.rect for mark in probe.marks if mark.kind in ("tile", "badge", "marker")]
            rest = [mark.rect for mark in probe.marks if mark.kind in ("text", "ring")]
            panels = [mark.rect for mark in probe.marks if mark.kind in ("panel", "cover")]
            self._room = (key, tiles, rest, panels, [mark.rect for mark in probe.marks if mark.kind == "tile"],
                          [mark.rect for mark in probe.marks if mark.kind == "text"])
            self._spots = {}
        return [*rects.values(), *self._room[1]], list(self._room[2])

    def box(self, words: str) -> pygame.Rect:
        """A badge's size for `words`, with `layout_check.EDGE_ROOM` at each end (a
        badge in the table's own spot is an opaque panel its words sit in)."""
        width, height = self.app.style.font(BADGE_SIZE, True).size(words)
        return pygame.Rect(0, 0, width + 2 * EDGE_ROOM, height + 4)

    def badge(self, surface: pygame.Surface, item: Hashable, rect: pygame.Rect, words: str, best: bool,
              taken: list[pygame.Rect], avoided: list[pygame.Rect], size: pygame.Rect,
              colour: tuple[int, int, int] | None = None, own: pygame.Rect | None = None) -> pygame.Rect:
        """A badge of `size` with `words` at the table's `own` spot for the item
        (unless a badge drawn before took part of it), else beside `rect`, clear of
        `taken` (then taken too), and of `avoided` and the table's panels where the
        table leaves room (`place`)."""
        style = self.app.style
        words = starred(words, best)
        ink = BEST_TEXT if best or colour is not None else BADGE_TEXT
        text = style.text(words, BADGE_SIZE, ink, bold=True)
        if own is not None and any(_touches(own, other) for _item, other, _words, _best in self.placed):
            own = None  # (the tiles' own spots side by side, two wide badges in them)
        spot = (item, colour, size.size)
        where = own if own is not None else self._spots.get(spot)
        if where is None:
            where = self._spots[spot] = place(size, rect, taken, avoided, self._room[3])
        taken.append(where)
        fill = colour if colour is not None else BEST_COLOUR if best else BADGE_COLOUR
        gfx.rect(surface, fill, where, border_radius=where.height // 2)
        gfx.rect(surface, BEST_COLOUR if best else (200, 206, 196), where, width=2, border_radius=where.height // 2)
        if where == own:
            # The table's own spot may lie over a word it stands in for (a stack's
            # number, under its tile): the badge hides it, as an opaque panel would.
            note(surface, "cover", where, "move value")
        surface.blit(text, text.get_rect(center=where.center))
        note(surface, "badge", where, "move value", of=rect)
        self.placed.append((item, where, words, best))
        return where

    def review_marks(self) -> list[pygame.Rect]:
        """Where this frame's marks of the reviewed decision are: its rings and badges."""
        return [*self.rings, *(where for _item, where, _words, _best in self.placed)]

    def legend(self) -> tuple[str, tuple[int, int, int]] | None:
        """The footer's line while values show: what a value means."""
        if self.review is not None or not self.on or self.values.seat() is None:
            return None
        analysis = self.values.current()
        if analysis is None:
            return "Move values: thinking\u2026", BADGE_TEXT
        return (WIN_CHANCE_LEGEND if analysis.win_chance else PLACE_LEGEND), BEST_COLOUR

    # -- a reviewed decision ------------------------------------------------------------------
    def show_review(self, decision) -> None:
        """Show `decision` (`bots.analysis.ReviewedDecision`, the table laid just
        before it): the move played and the best move, each with its value."""
        self.review = decision

    def draw_review(self, surface: pygame.Surface, shown: MarkedDecision) -> None:
        decision = self.review
        choices, rects = shown.choices, shown.rects
        win_chance = decision.analysis.win_chance
        taken, avoided = self.room(shown)
        size = self.box("best " + WIDEST[win_chance])
        compact = self.box(WIDEST[win_chance])
        marks = [(decision.played, "played", PLAYED_COLOUR, PLAYED_GROW)]
        if decision.best.action is not decision.played.action:
            marks.append((decision.best, "best", BEST_COLOUR, BEST_GROW))
        chosen = [(mark, choice) for mark in marks
                  if (choice := next((c for c in choices if c.action is mark[0].action), None)) is not None]
        items = [choice.target if choice.target is not None and choice.target in rects else choice.source
                 for _mark, choice in chosen]
        if len(items) == 2 and items[0] == items[1] and chosen[0][1].source != chosen[1][1].source \
                and all(choice.source in rects for _mark, choice in chosen):
            # One place for two tiles (a Build Up stack): the tiles are what differs.
            items = [choice.source for _mark, choice in chosen]
        shown_marks = []
        owned: set[Hashable] = set()
        for ((move, words, colour, grow), _choice), item in zip(chosen, items, strict=True):
            if item not in rects:
                continue
            label, box = f"{words} {value_text(move.value, win_chance)}", size
            value = value_text(move.value, win_chance)
            own = None if item in owned else shown.badge_spot(item, self.box(starred(label, words == "best")).size)
            if own is None and item not in owned \
                    and (own := shown.badge_spot(item, self.box(starred(value, words == "best")).size)) is not None:
                # The table's spot holds the value alone: the ring's colour and the
                # best move's star say which move it is (the panel says it in words).
                label, box = value, compact
            ringed = shown.ring_spot(item) or rects[item]
            if own is not None:
                owned.add(item)
                ringed = ringed.union(own)  # the badge in the item's own spot is the item's: ringed with it
            grow = ring_grow(ringed, grow, self._room[4], self._room[5])
            shown_marks.append((words, colour, item, ringed, grow, label, box, own))
        if len(shown_marks) == 2 and shown_marks[0][2] == shown_marks[1][2]:
            # Both on one item: the best move's ring outside the played one's.
            played, best = shown_marks
            shown_marks[0] = (*played[:4], min(played[4], best[4] - RING_WIDTH - 1), *played[5:])
        for words, colour, item, ringed, grow, label, box, own in shown_marks:
            ring = ring_within(ringed, grow, self._room[3])
            self.rings.append(ring)
            draw_ring(surface, ring, colour, RING_WIDTH, radius=10 + grow)
            self.badge(surface, item, rects[item], label, words == "best", taken, avoided, box, colour, own=own)
            # Noted after its badge: the badge in the item's own spot is opaque, and
            # would hide from the layout check a ring noted before it.
            note(surface, "halo", ring, f"{words} move")


def ring_within(item: pygame.Rect, grow: int, panels: list[pygame.Rect]) -> pygame.Rect:
    """The ring `grow` pixels outside `item`, kept `RING_INSET` inside each panel
    that holds the item (a Build Up line holds its stacks: a ring round a stack's
    badge, at the line's bottom, ran 3-6 pixels past it), on that side alone."""
    ring = item.inflate(2 * grow, 2 * grow)
    for panel in panels:
        if panel.contains(item) and panel.width * panel.height >= 2 * item.width * item.height:
            ring = ring.clip(panel.inflate(-2 * RING_INSET, -2 * RING_INSET))
    return ring


def starred(words: str, best: bool) -> str:
    """A badge's words, the best move's with its star: close to a value alone,
    a space before a word."""
    if not best:
        return words
    return "\u2605" + ("" if words[0].isdigit() else " ") + words


def _touches(a: pygame.Rect, b: pygame.Rect) -> bool:
    """More than a shared pixel row (the layout check's overlap)."""
    both = a.clip(b)
    return both.width >= 2 and both.height >= 2


def ring_grow(item: pygame.Rect, wanted: int, tiles: list[pygame.Rect], labels: list[pygame.Rect] = ()) -> int:
    """How far outside `item` a ring goes: `wanted`, or less, so that it keeps
    `RING_GAP` clear of every tile and label `item` does not hold (one it does not
    touch: a Build Up line's name just above its first stacks), down to a ring
    drawn just inside `item`'s edge."""
    others = [rect for rect in [*tiles, *labels] if not rect.colliderect(item)]
    for grow in range(wanted, -RING_WIDTH, -1):
        reach = grow + RING_GAP
        if item.inflate(2 * reach, 2 * reach).collidelist(others) < 0:
            return grow
    return -RING_WIDTH


def place(box: pygame.Rect, item: pygame.Rect, taken: list[pygame.Rect], avoided: list[pygame.Rect],
          panels: list[pygame.Rect] = ()) -> pygame.Rect:
    """Where a badge of `box`'s size goes beside `item`, on the screen and clear of
    `taken` (tiles, badges): the nearest spot above, below, right or left of it
    (further out, then slid along that side) that is also clear of `avoided`
    (labels, rings) and of `panels` (wholly in a panel that holds the item, or out
    of it: a badge on a seat's name plate read as the plate's); where the table
    leaves no such room, the spot clear of `taken` that crosses the fewest of
    them, so a badge may cross a label but never covers a tile."""
    foreign = [panel for panel in panels if not panel.contains(item)]
    holders = [panel for panel in panels if panel.contains(item)]
    screen = pygame.Rect(4, 4, LOGICAL_SIZE[0] - 8, FOOTER_TOP - 4)
    fallback = None
    for slide in (0, box.width // 2, -box.width // 2, box.width, -box.width):
        for step in range(0, 9):
            distance = CLEARANCE + 5 * step
            for anchor, point in (("midbottom", (item.centerx + slide, item.top - distance)),
                                  ("midtop", (item.centerx + slide, item.bottom + distance)),
                                  ("midleft", (item.right + distance, item.centery + slide // 2)),
                                  ("midright", (item.left - distance, item.centery + slide // 2))):
                candidate = box.copy()
                setattr(candidate, anchor, point)
                if not screen.contains(candidate) or candidate.collidelist(taken) >= 0:
                    continue
                crossed = (sum(1 for other in avoided if other.colliderect(candidate) and not other.contains(candidate))
                           + len(candidate.collidelistall(foreign))
                           + sum(1 for other in holders if other.colliderect(candidate)
                                 and not other.contains(candidate)))
                if not crossed:
                    return candidate
                if fallback is None or crossed < fallback[0]:
                    fallback = (crossed, candidate)
    if fallback is not None:
        return fallback[1]
    candidate = box.copy()
    candidate.midbottom = (item.centerx, item.top - CLEARANCE)
    return candidate.clamp(screen)
