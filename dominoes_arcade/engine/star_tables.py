"""The star games' presets: each game of the Cyprus family as data (its set, spinner,
star and deal) with its interned actions and the look-up tables its legal plays come
from, built once at import. The rules that use them are in `cyprus`.
"""

from __future__ import annotations

from .core import Action
from .tiles import NAME, tile

DEAL, SEARCH, LEAD, TURN, DRAW, DRAWN, OVER = range(7)
"""The phases of a round, in the order it meets them (`cyprus` describes each)."""


class Preset:
    """One game of the family: its set, spinner, star and deal, and every action it
    can use, interned once at import, with the look-up tables of its legal plays."""

    def __init__(self, game: str, tiles: tuple[int, ...], suit: int, slots: int, max_players: int,
                 deals_everything: bool):
        self.game, self.tiles, self.max_players = game, tiles, max_players
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
