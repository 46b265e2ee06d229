"""Where every label, badge and panel of a frame went, and what collides.

While ``App.check_layout`` is on, the App draws the frame through a
`canvas.Frame`, which notes what is blitted on it, into ``App.layout_marks``.
Text comes from `theme.Style.text` (tagged with `label`), panels from
`theme.PanelCache` (tagged with `panel`); badges, buttons, arrows and opaque
overlays say so through `note`; a cached layer that holds text (a seat's plate, a
table's static felt) is a `canvas.Canvas`, so its marks follow it onto the frame.
With the check off, nothing is noted.

`problems(marks)` lists what a player would see as broken: two labels or
badges overlapping, a label running out of the panel it sits in, a label off
the screen, a badge over a tile or in a panel that does not hold what it stands
for (a move's value on a name plate), a ring drawn through a label, a halo
cutting a tile or running out of the panel it is in, the focus marker touching a
label, and an overlay's loose text (not on a panel of its own) over a label of
the screen it dims. `callout_problems(marks)` lists a lesson's callout over a tile
or a label of its table (but for the whole panels it replaces) and its arrow
across one: kept apart, as the lesson tests hold each game's callouts to it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import pygame

FOOTER_LAYER = "footer"
NOTICES_LAYER = "notices"


@dataclass(frozen=True)
class Mark:
    kind: str
    """"text", "badge", "panel", "cover" (an opaque panel: it hides what is under it),
    "tile", "ring" (an outline around something: text is inside it or clear of it),
    "halo" (a ring round a target that keeps clear of the tiles too: a tile is inside
    it or clear of it, as text is; the review's rings), "marker" (the focus
    marker: a badge that must not touch a label either), "callout" (a lesson's
    panel over its table: it hides no tile and no label, but for whole panels it
    replaces) or "arrow" (a straight run of a callout's arrow, its ends in `path`:
    it crosses no tile and no label)."""
    rect: pygame.Rect
    """Where it is on the frame (for text: the inked pixels, not the line box)."""
    what: str
    """The text itself, or what the badge or panel is."""
    layer: str
    """The scene that drew it (overlays are checked on their own), or the footer."""
    of: pygame.Rect | None = None
    """For a badge that stands for a place of the table (a move's value): where that
    place is (a badge goes in no panel that does not hold it)."""
    path: tuple[tuple[int, int], tuple[int, int]] | None = None
    """For an arrow's run: its two ends."""

    def __str__(self) -> str:
        r = self.rect
        return f"{self.kind} {self.what!r} at ({r.x}, {r.y}, {r.w}x{r.h}) in {self.layer}"


LABELS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Rendered text surface -> [its text, its inked rect (computed when first noted)]."""
PANELS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Panel surface -> the panel's body inside it (the rest is its shadow)."""


def label(surface: pygame.Surface, text: str) -> pygame.Surface:
    """Tag `surface` as the rendering of `text` (returns it)."""
    LABELS[surface] = [text, None]
    return surface


def panel(surface: pygame.Surface, body: pygame.Rect, what: str = "panel", *, opaque: bool = False) -> pygame.Surface:
    """Tag `surface` as a panel whose body is `body` within it (returns it); an
    `opaque` one hides the marks under it."""
    PANELS[surface] = (pygame.Rect(body), what, "cover" if opaque else "panel")
    return surface


def note(surface: pygame.Surface, kind: str, rect, what: str, *, of=None, path=None) -> None:
    """Note a badge (or a panel drawn by hand) on `surface`, when it keeps marks
    (a `canvas.Canvas`); `of`: where the place it stands for is; `path`: an
    arrow's run's two ends."""
    marks = getattr(surface, "marks", None)
    if marks is not None:
        marks.append(Mark(kind, pygame.Rect(rect), what, surface.layer, None if of is None else pygame.Rect(of),
                          None if path is None else tuple(map(tuple, path))))


def set_layer(surface: pygame.Surface, layer: str) -> None:
    """Marks put on `surface` from now on belong to `layer` (when it keeps marks)."""
    if hasattr(surface, "marks"):
        surface.layer = layer


# -- the checks -------------------------------------------------------------------------------

def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    """More than a touch: antialiasing and a shared pixel row are not a collision."""
    both = a.clip(b)
    return both.width >= 2 and both.height >= 2


def _inside(inner: pygame.Rect, outer: pygame.Rect, slack: int = 1) -> bool:
    return outer.inflate(2 * slack, 2 * slack).contains(inner)


EDGE_ROOM = 8
"""The least room between a label and the side of the panel or button it is in
(less reads as cut off)."""
MARKER_GAP = 3
"""The least room between the focus marker and a label (less reads as touching)."""


def visible(marks: list[Mark]) -> list[Mark]:
    """`marks` without those under an opaque panel drawn after them (in any layer:
    an overlay's opaque panel hides the screen below it too)."""
    shown: list[Mark] = []
    for mark in marks:
        if mark.kind == "cover":  # (a label it cuts is under it, not out of it)
            # A panel or a ring round it keeps its edges in view (a badge in a panel's spot).
            shown = [m for m in shown if not _overlap(mark.rect, m.rect)
                     or (m.kind in _OUTLINES and m.rect.contains(mark.rect))]
        shown.append(mark)
    return shown


_OUTLINES = ("panel", "cover", "ring", "halo")
"""Marks seen by their edges: an opaque panel inside one hides none of them."""


def problems(marks: list[Mark], screen: pygame.Rect) -> list[str]:
    """Every collision among `marks` (one frame's), in words. Marks are compared
    within their layer; the footer is compared with every layer's text too."""
    found: list[str] = []
    marks = visible(marks)
    texts = [m for m in marks if m.kind == "text"]
    badges = [m for m in marks if m.kind in ("badge", "marker")]
    panels = [m for m in marks if m.kind in ("panel", "cover")]
    tiles = [m for m in marks if m.kind == "tile"]
    rings = [m for m in marks if m.kind in ("ring", "halo")]
    # The pairs that touch at all are found by pygame's own loop (`collidelistall`,
    # in the order of the list) and only those are weighed here: a frame holds some
    # hundreds of marks, and the tests check thousands of frames.
    text_rects = [m.rect for m in texts]
    badge_rects = [m.rect for m in badges]
    panel_rects = [m.rect for m in panels]
    tile_rects = [m.rect for m in tiles]

    def same_layer(a: Mark, b: Mark) -> bool:
        return a.layer == b.layer or FOOTER_LAYER in (a.layer, b.layer)

    for mark in texts + badges:
        if not _inside(mark.rect, screen):
            found.append(f"off the screen: {mark}")
    for i, a in enumerate(texts):
        for j in a.rect.collidelistall(text_rects):
            b = texts[j]
            if j > i and same_layer(a, b) and _overlap(a.rect, b.rect):
                found.append(f"text over text: {a} / {b}")
    for i, badge in enumerate(badges):
        for j in badge.rect.collidelistall(badge_rects):
            b = badges[j]
            if j > i and same_layer(badge, b) and _overlap(badge.rect, b.rect):
                found.append(f"badge over badge: {badge} / {b}")
        for text in (texts[j] for j in badge.rect.collidelistall(text_rects)):
            if same_layer(badge, text) and _overlap(badge.rect, text.rect) and not _inside(text.rect, badge.rect):
                found.append(f"badge over text: {badge} / {text}")
        for box in (panels[j] for j in badge.rect.collidelistall(panel_rects)):
            if box.layer != badge.layer or not _overlap(badge.rect, box.rect):
                continue
            if not _inside(badge.rect, box.rect, slack=0):
                found.append(f"badge across a panel's edge: {badge} / {box}")
            elif badge.of is not None and box.kind == "panel" and not box.rect.collidepoint(badge.of.center):
                found.append(f"badge in a panel its place is not in: {badge} (of {tuple(badge.of)}) / {box}")
        for tile in (tiles[j] for j in badge.rect.collidelistall(tile_rects)):
            if same_layer(badge, tile) and _overlap(badge.rect, tile.rect):
                found.append(f"badge over a tile: {badge} / {tile}")
        if badge.kind == "marker":
            clearance = badge.rect.inflate(2 * MARKER_GAP, 2 * MARKER_GAP)
            for text in (texts[j] for j in clearance.collidelistall(text_rects)):
                if same_layer(badge, text):
                    found.append(f"focus marker touching text: {badge} / {text}")
    order = {id(mark): index for index, mark in enumerate(marks)}
    for ring in rings:
        for text in (texts[j] for j in ring.rect.collidelistall(text_rects)):
            # (a label drawn after the ring, on top of it, is meant to cover it)
            if (same_layer(ring, text) and order[id(text)] < order[id(ring)] and _overlap(ring.rect, text.rect)
                    and not _inside(text.rect, ring.rect, 0)):
                found.append(f"ring through text: {ring} / {text}")
        if ring.kind == "halo":
            for tile in (tiles[j] for j in ring.rect.collidelistall(tile_rects)):
                if same_layer(ring, tile) and _overlap(ring.rect, tile.rect) and not _inside(tile.rect, ring.rect, 0):
                    found.append(f"halo across a tile: {ring} / {tile}")
            # A ring round something in a panel stays in it (one round a panel may hold it).
            for box in (panels[j] for j in ring.rect.collidelistall(panel_rects)):
                if (box.layer == ring.layer and box.kind == "panel" and _overlap(ring.rect, box.rect)
                        and not _inside(ring.rect, box.rect, 0) and not _inside(box.rect, ring.rect, 0)):
                    found.append(f"halo across a panel's edge: {ring} / {box}")
    for text in texts:
        # The smallest panel under the label's centre, drawn before it, holds it.
        centre = pygame.Rect(text.rect.center, (1, 1))  # meets a panel where the panel holds that point
        holders = [box for box in (panels[j] for j in centre.collidelistall(panel_rects))
                   if box.layer == text.layer and order[id(box)] < order[id(text)]]
        if holders:
            holder = min(holders, key=lambda box: box.rect.width * box.rect.height)
            if not _inside(text.rect, holder.rect):
                found.append(f"text out of its panel: {text} / {holder}")
            elif min(text.rect.left - holder.rect.left, holder.rect.right - text.rect.right) < EDGE_ROOM:
                found.append(f"text crowding its panel's side: {text} / {holder}")
        elif text.layer not in _FREE_LAYERS:
            # Loose text of an overlay reads into the dimmed labels of the screens below.
            for below in (texts[j] for j in text.rect.collidelistall(text_rects)):
                if (order[id(below)] < order[id(text)] and below.layer not in _FREE_LAYERS + (text.layer,)
                        and _overlap(below.rect, text.rect)):
                    found.append(f"text over a label of the screen below: {text} / {below}")
    return found


def callout_problems(marks: list[Mark]) -> list[str]:
    """A callout (a lesson's panel) over a tile or a label drawn before it, or its
    arrow across one, in words: what the callout talks about and the table's words
    stay in view. A panel the callout covers whole (docked over it) it replaces,
    with all that panel holds. Read from all of a frame's marks (`visible` would
    drop what the callout hides)."""
    found: list[str] = []
    for index, callout in enumerate(marks):
        if callout.kind != "callout":
            continue
        below = marks[:index]
        replaced = [m.rect for m in below if m.kind in ("panel", "cover") and callout.rect.contains(m.rect)]
        for mark in below:
            if mark.kind not in ("tile", "text") or mark.layer != callout.layer:
                continue
            if _overlap(mark.rect, callout.rect) and not any(panel.contains(mark.rect) for panel in replaced):
                found.append(f"callout over a {'tile' if mark.kind == 'tile' else 'label'}: {callout} / {mark}")
    for index, arrow in enumerate(marks):
        if arrow.kind != "arrow":
            continue
        for mark in marks[:index]:
            if mark.kind in ("tile", "text") and mark.layer == arrow.layer and mark.rect.clipline(*arrow.path):
                found.append(f"arrow across a {'tile' if mark.kind == 'tile' else 'label'}: {arrow} / {mark}")
    return found


_FREE_LAYERS = (FOOTER_LAYER, NOTICES_LAYER)
"""Layers drawn over every screen, with room kept for them (the footer's band,
the notices' panels): checked against the screens' text by the rules above."""
