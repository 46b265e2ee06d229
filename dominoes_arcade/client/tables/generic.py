"""The generic table: a game registered with an engine but no table of its own
(its registry entry names no ``table``) plays here, with everything the kit
gives (bots, hot-seat, undo, hint, replays; mouse, keyboard and controller).

It reads the game only through the engine's common interface: ``zones()`` says
where every tile is (a zone ``"NAME P"`` is private to seat P), views hide what a
seat may not see, and ``legal_actions()`` is the decision. So it shows:

- a row per seat: its name, its private zones' tiles (face up only when the kit's
  `shows_hidden` allows, from that seat's own view), and its score once the game
  is over;
- a row per other zone: the tiles everyone sees, as a line, and a count of those
  face down to everyone;
- the decision as buttons: one per tile or kind of move (the sources), and a
  row of the places those go (the targets: a kind of move and where, such as a
  stack or an arm), for the sources that have more than one move.

Layout (`seat_rows`, `zone_rows`, `button_rects`) is pure geometry; the painter is
`draw_table`, which reads it and the state.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from ...engine import SPECTATOR, Action
from ...engine.tiles import NAME
from .. import games, gfx
from ..theme import BODY, LARGE, SMALL
from .base import TableScene
from .interaction import Choice

TILE_LENGTH = 40
"""The long side of a tile in a row, lying sideways (40 x 20)."""
TILE_PITCH = 44
LABEL_WIDTH = 190
SEATS = pygame.Rect(16, 64, 1248, 296)
ZONES = pygame.Rect(16, 368, 1248, 120)
TARGETS = pygame.Rect(16, 496, 1248, 56)
SOURCES = pygame.Rect(16, 560, 1248, 104)
BUTTON = (144, 44)
BUTTON_GAP = 8


@dataclass(frozen=True)
class Zone:
    name: str
    """As the engine names it, without the seat (``"hand"``, ``"boneyard"``)."""
    seat: int
    """The seat it is private to, or -1."""
    tiles: tuple[int, ...]
    """As this screen may show them: -1 for a tile face down to it."""


# -- layout: pure geometry ---------------------------------------------------------------------


def seat_rows(players: int) -> list[pygame.Rect]:
    """One row per seat, top to bottom, sharing `SEATS`."""
    height = min(48, SEATS.height // max(1, players))
    return [pygame.Rect(SEATS.x, SEATS.y + seat * height, SEATS.width, height - 4) for seat in range(players)]


def zone_rows(count: int) -> list[pygame.Rect]:
    height = min(40, ZONES.height // max(1, count))
    return [pygame.Rect(ZONES.x, ZONES.y + index * height, ZONES.width, height - 4) for index in range(count)]


def button_rects(count: int, area: pygame.Rect) -> list[pygame.Rect]:
    """`count` buttons left to right in `area`: one row when they fit at a readable
    width, else rows of the widest buttons (shorter ones when there are many)."""
    width, height = BUTTON
    if count:
        width = max(88, min(width, (area.width + BUTTON_GAP) // count - BUTTON_GAP))
    columns = max(1, (area.width + BUTTON_GAP) // (width + BUTTON_GAP))
    rows = max(1, -(-count // columns))
    if rows * (height + BUTTON_GAP) > area.height + BUTTON_GAP:
        height = max(20, (area.height + BUTTON_GAP) // rows - BUTTON_GAP)
    rects = []
    for index in range(count):
        row, column = divmod(index, columns)
        rects.append(pygame.Rect(area.x + column * (width + BUTTON_GAP), area.y + row * (height + BUTTON_GAP),
                                 width, height))
    return rects


def tile_places(x: int, right: int, y: int, count: int) -> tuple[list[tuple[int, int]], int]:
    """Top-left corners, from `x` towards `right`, for the last tiles of a line of
    `count` that fit, centred on `y`; and how many earlier ones are left out."""
    shown = min(count, max(0, (right - x) // TILE_PITCH))
    return [(x + index * TILE_PITCH, y - TILE_LENGTH // 4) for index in range(shown)], count - shown


def source_of(action: Action) -> Hashable:
    """The button a decision starts from: its tile, or its kind of move."""
    return ("tile", action.tile) if action.tile >= 0 else ("button", action.kind)


# -- the table ---------------------------------------------------------------------------------------


class GenericTable(TableScene):
    name = "table"

    def __init__(self, app, setup):
        super().__init__(app, setup)
        self._zones_for: tuple | None = None
        self._zones: list[Zone] = []

    # -- what this screen may see -----------------------------------------------------
    def zones(self) -> list[Zone]:
        """Every zone as this screen may show it: a seat's private zones from its own
        view when `shows_hidden(seat)`, else as backs; the rest from a view, so
        tiles face down to everyone stay backs (built once per state and viewer)."""
        key = (self.session.version, self.revealed_seat, self.seen.is_terminal)
        if key != self._zones_for:
            seen = self.seen.view.zones()
            # Zones no seat owns, as every player sees them (a replay's public record
            # shows every hand, not the face-down pile).
            public = self.session.observation(SPECTATOR).view.zones()
            found = []
            for name, tiles in public.items():
                label, _, owner = name.rpartition(" ")
                if owner.isdigit():
                    seat = int(owner)
                    shown = seen[name] if self.shows_hidden(seat) else [-1] * len(tiles)
                    found.append(Zone(label, seat, tuple(shown)))
                else:
                    found.append(Zone(name, -1, tuple(tiles)))
            self._zones, self._zones_for = found, key
        return self._zones

    # -- the kit's hooks: the decision ------------------------------------------------
    def choices(self) -> list[Choice]:
        if not self.waiting_for_human:
            return []
        by_source: dict[Hashable, list[Action]] = {}
        for action in self.legal:
            by_source.setdefault(source_of(action), []).append(action)
        made = []
        for source, actions in by_source.items():
            for action in actions:
                made.append(Choice(action, source, None if len(actions) == 1 else ("move", action.kind, action.arg)))
        return made

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        """The sources along the bottom; above them, every target of the decision
        (the kit lights those of the source picked up)."""
        choices = self.current_choices()
        sources = list(dict.fromkeys(choice.source for choice in choices))
        targets = list(dict.fromkeys(choice.target for choice in choices if choice.target is not None))
        rects: dict[Hashable, pygame.Rect] = dict(zip(sources, button_rects(len(sources), SOURCES), strict=True))
        rects.update(zip(targets, button_rects(len(targets), TARGETS), strict=True))
        return rects

    def action_for(self, source: Hashable, target: Hashable | None) -> Action | None:
        for choice in self.current_choices():
            if choice.source == source and choice.target == target:
                return choice.action
        return None

    def seat_label(self, seat: int) -> str:
        return f"{self.seat_name(seat)} \u00b7 {self.kind_label(seat)}"

    def status_text(self) -> str:
        state = self.seen.view
        if state.is_terminal:
            return "Game over"
        if self.stopped_words():
            return self.stopped_words()
        if self.can_decide:
            return f"{self.seat_name(state.current_player)}, your move: pick a button below"
        if state.is_chance:
            return "Dealing"
        if self.replay is not None:  # a record's move is not thought about (paused, or under a review)
            return f"{self.seat_name(state.current_player)} to move"
        return f"{self.seat_name(state.current_player)} is thinking\u2026"

    def last_decision(self) -> str:
        """The last decision made, as the record writes it (decisions are public;
        chance steps may name a hidden tile, so they are left out)."""
        for text in reversed(self.session.steps):
            actor, _, move = text.partition(" ")
            if actor != "*":
                return f"Last move: {self.seat_name(int(actor))} {move}"
        return ""

    # -- the painter ------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        style, palette = self.app.style, self.app.style.palette
        title = style.shadow_text(games.info(self.setup.game).title, LARGE)
        surface.blit(title, (16, 14))
        status = style.text(self.status_text(), BODY, palette.accent if self.can_decide else palette.text, True)
        surface.blit(status, status.get_rect(topright=(1264, 18)))
        zones = self.zones()
        for seat, row in enumerate(seat_rows(self.seen.num_players)):
            self.draw_seat(surface, seat, row, [zone for zone in zones if zone.seat == seat])
        shared = [zone for zone in zones if zone.seat < 0]
        for zone, row in zip(shared, zone_rows(len(shared)), strict=True):
            self.draw_zone(surface, zone, row)
        last = style.text(self.last_decision(), SMALL, palette.text_dim)
        surface.blit(last, (16, 44))
        if self.can_decide:
            self.draw_buttons(surface)

    def draw_seat(self, surface: pygame.Surface, seat: int, row: pygame.Rect, private: list[Zone]) -> None:
        """The seat's name, then each of its private zones, named, on one line."""
        style, palette = self.app.style, self.app.style.palette
        turn = seat == self.seen.current_player
        self.app.panels.draw(surface, row, radius=10, alpha=200 if turn else 120)
        words = ("\u25b6 " if turn else "") + self.seat_label(seat)
        if self.seen.is_terminal:
            words += f" \u00b7 {self.seen.scores[seat]}"
        label = style.text(words, SMALL, palette.accent if turn else palette.text, turn)
        surface.blit(label, label.get_rect(midleft=(row.x + 10, row.centery)))
        x = row.x + LABEL_WIDTH
        for index, zone in enumerate(private):  # each zone gets its share of what is left of the row
            share = (row.right - 8 - x) // (len(private) - index)
            x = self.draw_line(surface, zone, x, x + share, row.centery, seat) + 16

    def draw_zone(self, surface: pygame.Surface, zone: Zone, row: pygame.Rect) -> None:
        self.app.panels.draw(surface, row, radius=10, alpha=90)
        self.draw_line(surface, zone, row.x + 10, row.right - 8, row.centery, -1)

    def draw_line(self, surface: pygame.Surface, zone: Zone, x: int, right: int, y: int, seat: int) -> int:
        """`zone`'s name and count, then its tiles this screen may see (face up, the
        last that fit); tiles face down to it are only counted. Returns where it ends."""
        style, palette = self.app.style, self.app.style.palette
        shown = [tile for tile in zone.tiles if tile >= 0]
        backs = len(zone.tiles) - len(shown)
        name = zone.name.capitalize()
        if not backs:
            words = f"{name}: {len(shown)}"
        else:
            words = f"{name}: {len(shown)} + {backs} face down" if shown else f"{name}: {backs} face down"
        label = style.text(words, SMALL - 2, palette.text_dim, True)
        where = label.get_rect(midleft=(x, y))
        surface.blit(label, where)
        places, left_out = tile_places(where.right + 8, right, y, len(shown))
        for tile, corner in zip(shown[left_out:], places, strict=True):
            self.draw_tile(surface, tile, corner, TILE_LENGTH, face_up=True, seat=seat, horizontal=True)
        return places[-1][0] + TILE_LENGTH if places else where.right

    def draw_buttons(self, surface: pygame.Surface) -> None:
        style, palette = self.app.style, self.app.style.palette
        seat = self.seen.current_player
        for item, rect in self.item_rects().items():
            gfx.rect(surface, palette.button, rect, border_radius=8)
            gfx.rect(surface, palette.panel_border, rect, 2, border_radius=8)
            if item[0] == "tile":
                self.draw_tile(surface, item[1], rect, min(TILE_LENGTH * 2, rect.width - 8), face_up=True, seat=seat,
                               horizontal=True)
                continue
            text = item[1].capitalize() if item[0] == "button" else self.target_label(item)
            label = style.text(text, SMALL - 2, palette.text, True)
            if label.get_width() > rect.width - 8:
                label = pygame.transform.smoothscale(label, (rect.width - 8, label.get_height()))
            surface.blit(label, label.get_rect(center=rect.center))

    def target_label(self, target: Hashable) -> str:
        """A target's button: its first move's notation without the tile (``"s7"``,
        ``"@3"``, ``"play left"``)."""
        for choice in self.current_choices():
            if choice.target == target:
                action = choice.action
                return str(action).replace(NAME[action.tile], "").replace("  ", " ").strip() or str(action)
        return ""
