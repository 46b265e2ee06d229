"""The star games' presets: each game of the Cyprus family as data (its set, spinner,
star and deal) with its interned actions and the look-up tables its legal plays come
from, and the events its steps report, all built once at import; and `Rules`, a
preset with its resolved variant table. The rules that use them are in `cyprus`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .core import Action, Event, mypyc_attr
from .tiles import NAME, PIPS, tile

# The phases of a round, in the order it meets them (`cyprus` describes each). Final
# here and on the tables below: the compiled build (setup.py) reads them as C statics,
# not by name, on the hot path.
DEAL: Final = 0
SEARCH: Final = 1
LEAD: Final = 2
TURN: Final = 3
DRAW: Final = 4
DRAWN: Final = 5
OVER: Final = 6
MAX_SEATS: Final = 10
MAX_SLOTS: Final = 8
"""The most seats and star slots of any game of the family (Cyprus's)."""


def _events_by_seat_and_tile(kind: str, **fields) -> list[list[Event]]:
    """``[seat][tile]``: one event of `kind` per seat and tile, built once: events are
    immutable, and a game deals and draws hundreds of them."""
    return [[Event(kind, p, t, "boneyard", "hand", face_up=False, **fields) for t in range(len(PIPS))]
            for p in range(MAX_SEATS)]


DEAL_EVENTS: Final = _events_by_seat_and_tile("deal")
DRAW_EVENTS: Final = {SEARCH: _events_by_seat_and_tile("draw", value="search"),
               DRAW: _events_by_seat_and_tile("draw", value="turn")}
"""By phase (the search for the spinner, or a stuck player's draw): `DEAL_EVENTS`'s
layout."""
PLAY_EVENTS: Final = {where: [[[Event("play", p, t, "hand", where, value=arm) for arm in range(MAX_SLOTS)]
                       for t in range(len(PIPS))] for p in range(MAX_SEATS)] for where in ("star", "arm")}
"""``[where][seat][tile][arm]``: a play into a star slot or onto an arm."""
PASS_EVENTS: Final = [Event("pass", p) for p in range(MAX_SEATS)]


class Preset:
    """One game of the family: its set, spinner, star and deal, and every action it
    can use, interned once at import, with the look-up tables of its legal plays."""

    def __init__(self, game: str, tiles: tuple[int, ...], suit: int, slots: int, max_players: int,
                 deals_everything: bool):
        self.game, self.tiles, self.max_players = game, tiles, max_players
        self.all_tiles = sum(1 << t for t in tiles)
        """Bit t set for each tile of the set: a full boneyard's `in_boneyard`."""
        self.suit = suit
        """The spinner's number: the star takes only tiles showing it."""
        self.slots = slots
        """Star slots (N, E, S, W, then NE, SE, SW, NW); arm k grows from slot k."""
        self.deals_everything = deals_everything
        """True for Sebastopol: the whole set is dealt, so there is no boneyard."""
        self.spinner = tile(suit, suit)
        self.set_spinner = Action(game, "spinner", NAME[self.spinner], tile=self.spinner)
        self.play = [tuple(Action(game, "play", f"{NAME[t]} @{k}", tile=t, arg=k) for k in range(slots))
                     for t in tiles]
        """``play[tile][arm]``: ``a-b @k``."""
        arm_sets = [[k for k in range(slots) if arms >> k & 1] for arms in range(1 << slots)]
        self.plays_onto = [[tuple([row[k] for k in arms]) for arms in arm_sets] for row in self.play]
        """``plays_onto[tile][arms]``: the plays of `tile` onto each arm in the bit set `arms`."""
        seats = range(max_players)
        self.deal = [[Action(game, "deal", f"deal {p} {NAME[t]}", seat=p, tile=t) for t in tiles] for p in seats]
        """``deal[seat][tile]``: ``deal P a-b``."""
        self.drawn = [[Action(game, "drawn", f"draw {p} {NAME[t]}", seat=p, tile=t) for t in tiles] for p in seats]
        """``drawn[seat][tile]``: ``draw P a-b``, the chance outcome of a draw."""
        self.draw = Action(game, "draw", "draw")
        self.pass_ = Action(game, "pass", "pass")
        _PRESETS[game] = self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # By name, like `Action`: unpickled to the one preset its game module built
        # (a compiled class cannot be rebuilt without its constructor's arguments).
        return preset_named, (self.game,)


_PRESETS: dict[str, Preset] = {}


def preset_named(game: str) -> Preset:
    """The preset of `game`, built when its module was imported."""
    return _PRESETS[game]


SEED_HANDS = {4: 9, 5: 8, 6: 7, 7: 7, 8: 6, 9: 6, 10: 5}
HAND_SIZES = {"seed": SEED_HANDS, "bell": {**SEED_HANDS, 4: 13, 5: 11, 6: 9}}
"""Tiles per hand by player count, for each value of Cyprus's `hand_sizes`."""


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
@dataclass(frozen=True, eq=False)
class Rules:
    """A game's preset and resolved variant table, shared by every clone."""

    preset: Preset
    players: int
    hand_size: int
    target_score: int
    boneyard_reserve: int
    lightest_tile_breaks_ties: bool

    @classmethod
    def resolve(cls, preset: Preset, players: int, options: dict) -> Rules:
        """From the resolved variant table (Sebastopol deals the whole set: its
        table has no hand sizes)."""
        hand_size = (len(preset.tiles) // players if preset.deals_everything
                     else HAND_SIZES[options["hand_sizes"]][players])
        return cls(preset, players, hand_size, options["target_score"], options.get("boneyard_reserve", 0),
                   options["block_tie"] == "lightest_tile")
