"""Which Necropolis tile lies where, as one observer saw the game happen
(dominoes_arcade/rules/necropolis.md): the table's bookkeeping of its tiles, kept from the
steps' events as that observer saw them (`session.events.seen_events`), never from
the full state.

A tile on the table is known by its place (`Key`), not by its number, because a
hidden tile has none to this observer: ``("site", tile)`` for a tile on a grave site
(public, so its number is its name), ``("mastabas", seat, index)`` for the index-th
tile of a seat's mastabas in their order of arrival, `HELD` for the drawn tile and
`PILE` for the necropolis. `SeenTiles.follow` turns a step's seen events into hops
from place to place (the table slides the sprite at the first place to the second)
and learns the numbers the events carry: a hidden tile turns over when a step
names it (laid on a site, or the final reveal's observer who sees every tile).

Each seat's mastabas keep their order of arrival, not their value: a face-down
tile's place must not say which tile it is. When a hidden tile leaves the mastabas
(the opponent plays or exchanges one), the observer cannot tell which of the row
it was: the rightmost hidden one goes, which every observer who cannot tell would
guess alike.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import Event

Key = tuple
"""Where a tile lies: ``("site", tile)``, ``("mastabas", seat, index)``, `HELD` or `PILE`."""
HELD: Key = ("held",)
PILE: Key = ("pile",)
Hop = tuple[Key, Key]
"""A tile moved from one place to another in a step."""


def site_key(tile: int) -> Key:
    return ("site", tile)


def mastaba_key(seat: int, index: int) -> Key:
    return ("mastabas", seat, index)


class SeenTiles:
    """Each seat's mastabas in their order of arrival (-1: a tile the observer may
    not know), and the place of the last move's tile (the last-move ring)."""

    def __init__(self, viewer: int | None):
        self.viewer = viewer
        """The observer the numbers are for (a seat, `SPECTATOR` or `EVERY_SEAT`)."""
        self.mastabas: list[list[int]] = [[], []]
        self.marked: Key | None = None
        """The place of the tile the last move drew, laid or hid; None after an
        exchange, a pass or before the first."""

    @classmethod
    def from_steps(cls, steps: Iterable[Iterable[Event]], viewer: int | None) -> SeenTiles:
        """The tiles after `steps` (each step's events as `viewer` saw them)."""
        tiles = cls(viewer)
        for events in steps:
            tiles.follow(events)
        return tiles

    def follow(self, events: Iterable[Event]) -> list[list[Hop]]:
        """Take one step's events as the observer saw them: the hops of each event,
        in order (a tile leaving the mastabas shifts the ones after it left)."""
        return [self._follow(event) for event in events]

    def _follow(self, event: Event) -> list[Hop]:
        kind, seat, tile = event.kind, event.seat, event.tile
        if kind == "draw":
            if event.dst == "mastabas":  # the tile an exchange brought back
                self.mastabas[seat].append(tile)
                self.marked = mastaba_key(seat, len(self.mastabas[seat]) - 1)
            else:
                self.marked = HELD
            return [(PILE, self.marked)]
        if kind == "place":
            hops = self._leave(seat, tile, site_key(tile)) if event.src == "mastabas" else [(HELD, site_key(tile))]
            self.marked = site_key(tile)
            return hops
        if kind == "hide":
            self.mastabas[seat].append(tile)
            self.marked = mastaba_key(seat, len(self.mastabas[seat]) - 1)
            return [(HELD, self.marked)]
        if kind == "exchange":
            self.marked = None
            return self._leave(seat, tile, PILE)
        if kind == "pass":
            self.marked = None
        return []

    def _leave(self, seat: int, tile: int, to: Key) -> list[Hop]:
        """The tile `tile` (-1: one the observer cannot name) leaves `seat`'s mastabas for `to`."""
        row = self.mastabas[seat]
        index = self.index_of(seat, tile)
        if index is None:  # a step this bookkeeping missed (it is matched to the view again after)
            return [(PILE, to)]
        del row[index]
        return [(mastaba_key(seat, index), to)] + [(mastaba_key(seat, later + 1), mastaba_key(seat, later))
                                                   for later in range(index, len(row))]

    def index_of(self, seat: int, tile: int) -> int | None:
        """Where `tile` is in `seat`'s mastabas: its index when the observer knows it,
        else the rightmost hidden one's (see the module's note); None when empty."""
        row = self.mastabas[seat]
        if tile >= 0 and tile in row:
            return row.index(tile)
        hidden = [index for index, known in enumerate(row) if known < 0]
        if hidden:
            return hidden[-1]
        return len(row) - 1 if row else None

    def match(self, mastabas: list[list[int]]) -> None:
        """Agree with what the observer sees now (`mastabas`: each seat's, as the
        view holds them, -1 for a hidden tile): a safety net for steps this
        bookkeeping never saw (an online game joined late). The counts follow the
        view, a number the view hides is forgotten, and one it shows that no place
        holds goes to the first hidden place."""
        for seat, seen in enumerate(mastabas):
            row = self.mastabas[seat]
            del row[len(seen):]
            row += [-1] * (len(seen) - len(row))
            known = {tile for tile in seen if tile >= 0}
            row[:] = [tile if tile in known else -1 for tile in row]
            missing = sorted(known - set(row))
            for index, tile in enumerate(row):
                if tile < 0 and missing:
                    row[index] = missing.pop(0)

    def number_at(self, key: Key, held: int) -> int:
        """The number the observer knows at `key` (-1 for none); `held`: the drawn
        tile as the view shows it."""
        if key[0] == "site":
            return key[1]
        if key[0] == "mastabas":
            row = self.mastabas[key[1]]
            return row[key[2]] if key[2] < len(row) else -1
        return held if key == HELD else -1

    def key_of(self, seat: int, tile: int) -> Key | None:
        """The place of `seat`'s mastaba tile `tile`, when the observer knows it."""
        row = self.mastabas[seat]
        return mastaba_key(seat, row.index(tile)) if tile >= 0 and tile in row else None
