"""Where everything sits on the Necropolis table (dominoes_arcade/rules/necropolis.md), as a pure
function of what the observer sees (the observation's view: hidden tiles -1): the
table scene tweens its sprites towards these places, so undo and replays that
rebuild the state simply lay the table out again. A place is keyed as
`necropolis_pieces` keys it (a site tile by its number, a mastaba tile by its
seat and index), never by a hidden tile's number.

The 1280x720 canvas (the footer's 48 px at the bottom stay free)::

    +-----------------------------------------------------------+-----------+
    | mastabas of the seat at the top (face down unless shown)   |  seat     |
    | abandoned sites (dimmed) | new | active grave site          |  panel    |
    +------------------------------+----------+-----------------+-----------+
    | turn and last move            | necropolis pile + count   | held tile |
    +------------------------------+----------+-----------------+-----------+
    | abandoned sites (dimmed) | new | active grave site          |  seat     |
    | mastabas of the seat at the bottom                         |  panel    |
    +-----------------------------------------------------------+-----------+

Sites are rows of upright tiles touching long edge to long edge; each tile is
drawn with the number its neighbour matched on top (the engine stores it), so
"rank to rank" reads straight across. Mastaba tiles keep their order of arrival,
not their value (`necropolis_pieces`): a place here is only the index-th of a row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ...engine.necropolis import DRAWN
from ...engine.tiles import HIGH, IS_DOUBLE
from .necropolis_pieces import HELD, Key, mastaba_key, site_key

SITE_LENGTH = 96
MASTABA_LENGTH = 72
ABANDONED_LENGTH = 72
MIN_ABANDONED_LENGTH = 16
PILE_LENGTH = 96
HELD_LENGTH = 96
TILE_GAP = 2
MASTABA_GAP = 6

SEAT_PANEL_X = 1056
SITE_AREA_X = (440, 1040)
"""The active site's row (with its two end slots) is centred between these."""
NEW_SLOT_X = 370
ABANDONED_AREA = (16, 352)
TRAY_X = (16, 1040)
TRAY_LABEL_WIDTH = 124
TRAY_BADGE_ROOM = 136
"""The right end of a mastabas tray, kept clear of its tiles: the spot of the
analysis view's badge for hiding there (`tray_badge_spot`), inside the panel it
stands for (it floated on the border between the panels)."""

PILE_CENTRE = (640, 318)
HELD_CENTRE = (820, 333)
MIDDLE_BAND = pygame.Rect(16, 246, 1248, 176)


@dataclass(frozen=True)
class SideGeometry:
    """One player's half of the table (the bottom one, or the top one)."""

    tray: pygame.Rect
    """The mastabas: face-down tiles in a row."""
    site_row: pygame.Rect
    """The active grave site's row, upright tiles centred vertically in it."""
    abandoned: pygame.Rect
    """The older sites, dimmed."""
    panel: pygame.Rect
    """Name, score, sites started, mastaba count, whose turn."""


BOTTOM = SideGeometry(tray=pygame.Rect(TRAY_X[0], 568, TRAY_X[1] - TRAY_X[0], 96),
                      site_row=pygame.Rect(SITE_AREA_X[0], 446, SITE_AREA_X[1] - SITE_AREA_X[0], 104),
                      abandoned=pygame.Rect(ABANDONED_AREA[0], 440, ABANDONED_AREA[1] - ABANDONED_AREA[0], 116),
                      panel=pygame.Rect(SEAT_PANEL_X, 440, 1264 - SEAT_PANEL_X, 224))
TOP = SideGeometry(tray=pygame.Rect(TRAY_X[0], 10, TRAY_X[1] - TRAY_X[0], 96),
                   site_row=pygame.Rect(SITE_AREA_X[0], 122, SITE_AREA_X[1] - SITE_AREA_X[0], 104),
                   abandoned=pygame.Rect(ABANDONED_AREA[0], 114, ABANDONED_AREA[1] - ABANDONED_AREA[0], 116),
                   panel=pygame.Rect(SEAT_PANEL_X, 10, 1264 - SEAT_PANEL_X, 224))


@dataclass(frozen=True)
class Place:
    """Where one tile rests: its centre, its length, how it is turned."""

    x: float
    y: float
    length: int
    zone: str
    """``"site"`` (active), ``"abandoned"``, ``"mastabas"`` or ``"held"``."""
    seat: int
    """The seat whose zone it is."""
    flipped: bool = False
    """Drawn with its high number on top."""

    @property
    def private(self) -> bool:
        """Face down to everyone but its owner (dominoes_arcade/rules/necropolis.md: mastabas; the
        drawn tile is seen by the drawer only)."""
        return self.zone in ("mastabas", "held")

    def rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.length // 2, self.length)
        rect.center = (round(self.x), round(self.y))
        return rect


def upright(top: int, tile: int) -> bool:
    """Whether `tile`, drawn with `top` uppermost, shows its high number first."""
    return top == HIGH[tile] and not IS_DOUBLE[tile]


@dataclass
class TableLayout:
    """Every tile's place, and every zone's rect, for one state."""

    places: dict[Key, Place]
    """Every tile's place but the necropolis's, by its key (`necropolis_pieces`)."""
    ends: dict[int, dict[str, pygame.Rect]]
    """Per seat, the empty slot at each end of the active site (no site: none)."""
    end_targets: dict[int, dict[str, pygame.Rect]]
    """Per seat, where a tile put on each end of the active site may be dropped:
    the end's slot and the site's tile at that end (a one-tile site gives each end
    the half of its tile on that side)."""
    new_slot: dict[int, pygame.Rect]
    """Per seat, the "new site" slot."""
    trays: dict[int, pygame.Rect]
    abandoned: dict[int, pygame.Rect]
    panels: dict[int, pygame.Rect]
    pile: pygame.Rect
    held: pygame.Rect


REPLAY_BAR_RIGHT = 520
"""A replay's control bar sits over the bottom-left corner: the bottom mastabas
start to the right of it."""
BOTTOM_IN_REPLAY = replace(BOTTOM, tray=pygame.Rect(REPLAY_BAR_RIGHT, BOTTOM.tray.y, TRAY_X[1] - REPLAY_BAR_RIGHT,
                                                   BOTTOM.tray.height))


def side_of(seat: int, bottom_seat: int, replay: bool = False) -> SideGeometry:
    if seat != bottom_seat:
        return TOP
    return BOTTOM_IN_REPLAY if replay else BOTTOM


def lay_out(view, bottom_seat: int, replay: bool = False) -> TableLayout:
    """The table for `view` (a `NecropolisState` as an observer sees it; a full
    state lays out alike), with `bottom_seat` nearest the player (`replay`: leave
    room for the replay controls). Only the mastabas' counts matter, not their tiles."""
    places: dict[Key, Place] = {}
    ends: dict[int, dict[str, pygame.Rect]] = {}
    end_targets: dict[int, dict[str, pygame.Rect]] = {}
    new_slot, trays, abandoned, panels = {}, {}, {}, {}
    for seat in (0, 1):
        side = side_of(seat, bottom_seat, replay)
        trays[seat], abandoned[seat], panels[seat] = side.tray, side.abandoned, side.panel
        sites = view.sites[seat]
        if sites:
            ends[seat] = _lay_site(places, sites[-1], seat, side.site_row)
            end_targets[seat] = _end_targets(ends[seat], [places[site_key(tile)].rect() for tile, _top in sites[-1]])
        _lay_abandoned(places, sites[:-1], seat, side.abandoned)
        _lay_tray(places, len(view.mastabas[seat]), seat, side.tray)
        new_slot[seat] = pygame.Rect(0, 0, SITE_LENGTH // 2 + 8, SITE_LENGTH + 8)
        new_slot[seat].center = (NEW_SLOT_X + SITE_LENGTH // 4, side.site_row.centery)
    held = pygame.Rect(0, 0, HELD_LENGTH // 2, HELD_LENGTH)
    held.center = HELD_CENTRE
    if view.phase == DRAWN:  # (its number only to the drawer: a view holds -1 for the others)
        places[HELD] = Place(held.centerx, held.centery, HELD_LENGTH, "held", view.seat)
    pile = pygame.Rect(0, 0, PILE_LENGTH + 24, PILE_LENGTH // 2 + 40)
    pile.center = (PILE_CENTRE[0], PILE_CENTRE[1] - 6)
    return TableLayout(places, ends, end_targets, new_slot, trays, abandoned, panels, pile, held)


def site_length(count: int, width: int) -> int:
    """The longest upright tile that fits `count` tiles and two end slots in `width`."""
    step = width // (count + 2)
    return max(24, min(SITE_LENGTH, 2 * (step - TILE_GAP)))


def _lay_site(places: dict[Key, Place], site: tuple, seat: int, row: pygame.Rect) -> dict[str, pygame.Rect]:
    length = site_length(len(site), row.width)
    step = length // 2 + TILE_GAP
    total = step * (len(site) + 2)
    x0 = row.centerx - total // 2 + step // 2
    y = row.centery
    for index, (tile, top) in enumerate(site, start=1):
        places[site_key(tile)] = Place(x0 + index * step, y, length, "site", seat, upright(top, tile))
    slots = {}
    for name, index in (("left", 0), ("right", len(site) + 1)):
        slot = pygame.Rect(0, 0, length // 2, length)
        slot.center = (x0 + index * step, y)
        slots[name] = slot
    return slots


def _end_targets(slots: dict[str, pygame.Rect], site: list[pygame.Rect]) -> dict[str, pygame.Rect]:
    """Each end's drop target: its slot and the end tile of `site` (the site's
    tile rects, left to right), or that tile's half on this side when it is the
    only one."""
    first, last = site[0], site[-1]
    if len(site) == 1:
        first = pygame.Rect(first.x, first.y, first.width // 2, first.height)
        last = pygame.Rect(first.right, last.y, last.right - first.right, last.height)
    return {"left": slots["left"].union(first), "right": slots["right"].union(last)}


def _lay_abandoned(places: dict[Key, Place], sites: tuple, seat: int, area: pygame.Rect) -> None:
    """Older sites, oldest first, flowing left to right and wrapping; tiles shrink
    until every one fits the area."""
    if not sites:
        return
    inner = area.inflate(-16, -34)
    inner.y = area.y + 26
    for length in range(ABANDONED_LENGTH, MIN_ABANDONED_LENGTH - 1, -2):
        found = _flow(sites, inner, length)
        if found is not None or length == MIN_ABANDONED_LENGTH:
            break
    if found is None:  # a pathological game: overlap rather than leave the table
        found = _flow(sites, pygame.Rect(inner.x, inner.y, inner.width, 10_000), length)
    for tile, (x, y, flipped) in found.items():
        places[site_key(tile)] = Place(x, y, length, "abandoned", seat, flipped)


def _flow(sites: tuple, inner: pygame.Rect, length: int) -> dict[int, tuple[int, int, bool]] | None:
    width, gap, line_gap = length // 2 + 1, max(10, length // 2), 6
    x, y = inner.x, inner.y
    found: dict[int, tuple[int, int, bool]] = {}
    for site in sites:
        span = len(site) * width
        if span > inner.width:
            return None
        if x > inner.x and x + span > inner.right:
            x, y = inner.x, y + length + line_gap
        if y + length > inner.bottom:
            return None
        for index, (tile, top) in enumerate(site):
            found[tile] = (x + index * width + width // 2, y + length // 2, upright(top, tile))
        x += span + gap
    return found


def tray_badge_spot(tray: pygame.Rect, size: tuple[int, int]) -> pygame.Rect | None:
    """Where a badge of `size` for hiding in `tray` goes: at its right end, where
    no tile lies; None when it is too big for that room."""
    width, height = size
    if width > TRAY_BADGE_ROOM - 12 or height > tray.height - 16:
        return None
    return pygame.Rect(0, 0, width, height).move(tray.right - 12 - width, tray.centery - height // 2)


def _lay_tray(places: dict[Key, Place], count: int, seat: int, tray: pygame.Rect) -> None:
    """`count` mastaba tiles in a row, the index-th at the index-th place."""
    if not count:
        return
    space = tray.width - TRAY_LABEL_WIDTH - 12 - TRAY_BADGE_ROOM
    step = min(MASTABA_LENGTH // 2 + MASTABA_GAP, space // count)
    length = min(MASTABA_LENGTH, 2 * (step - 2))
    x0 = tray.x + TRAY_LABEL_WIDTH + step // 2
    for index in range(count):
        places[mastaba_key(seat, index)] = Place(x0 + index * step, tray.centery, length, "mastabas", seat)
