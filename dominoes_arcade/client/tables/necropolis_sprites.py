"""How the Necropolis table's tiles move (`TileSprites`): one `Sprite` per place of
the layout (`necropolis_layout`, keyed as `necropolis_pieces` keys it), slid and
turned over on the scene's tweens.

A step's hops (`necropolis_pieces.SeenTiles.follow`) carry the sprite at one place
to the next, so a hidden tile is followed by where it lies, never by its number;
`lay` then tweens every sprite to its place, brings a tile drawn out of the
necropolis and slides one going back into it until it arrives. A tile turns over
as it moves when its face may show now and did not before (or at the final
reveal); a change of who is at the screen (hot-seat) changes faces at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ..tween import Tweener
from .necropolis_layout import PILE_CENTRE, Place
from .necropolis_pieces import PILE, Hop, Key
from .sprites import Sprite

SLIDE_SECONDS = 0.38
FLIP_SECONDS = 0.3


class TileSprites:
    """Every tile out of the necropolis as a `Sprite` at its place (`at`), and the
    tiles on their way back into it (`leaving`)."""

    def __init__(self, tweens: Tweener):
        self.tweens = tweens
        self.at: dict[Key, Sprite] = {}
        """Every tile out of the necropolis, by its place."""
        self.leaving: dict[int, Sprite] = {}
        """Tiles sliding back into the necropolis (an exchange): drawn until they arrive."""
        self.face_shown: dict[Key, bool] = {}
        """Whether the tile at each place showed its face when last laid."""
        self._to_the_pile: list[Sprite] = []
        self._numbers = itertools.count()

    def hop(self, steps: list[list[Hop]]) -> None:
        """Carry the sprite at each hop's first place to its second, event by event
        (a tile going back into the necropolis is set aside for `lay`; one coming
        out of it has no sprite yet: `lay` brings it)."""
        for hops in steps:
            moving = [(self.at.pop(src, None), self.face_shown.pop(src, None), dst) for src, dst in hops]
            for sprite, face, dst in moving:
                if sprite is None:
                    continue
                if dst == PILE:
                    self._to_the_pile.append(sprite)
                    continue
                self.at[dst] = sprite
                if face is not None:
                    self.face_shown[dst] = face

    def name(self, number_at: Callable[[Key], int]) -> None:
        """Give every sprite the number its place holds for the seat shown (-1: none it may know)."""
        for key, sprite in self.at.items():
            sprite.tile = number_at(key)

    def lay(self, places: dict[Key, Place], number_at: Callable[[Key], int], face: Callable[[Place], bool],
            animate: bool, revealing: bool) -> None:
        """Every sprite to its place in `places`, named by `number_at`, face up where
        `face` says: tweened (`animate`), or at once (after undo or a replay's step
        back). `revealing`: the final reveal turns every tile whose face now shows."""
        duration = SLIDE_SECONDS if animate else 0.0
        for key, place in places.items():
            sprite = self.at.get(key)
            shows = face(place)
            if sprite is None:
                start = PILE_CENTRE if animate else (place.x, place.y)
                sprite = self.at[key] = Sprite(-1, *start, place.length)
                self.face_shown[key] = False
            sprite.tile = number_at(key)
            sprite.flipped = place.flipped
            moved = (round(sprite.x), round(sprite.y), round(sprite.length)) != (round(place.x), round(place.y),
                                                                                  place.length)
            # A tile turns over as it moves, or at the final reveal; a change of who
            # is at the screen (hot-seat) changes the face at once, without a flip.
            if shows != self.face_shown.get(key, False) and animate and (moved or revealing):
                sprite.start_turn(self.face_shown.get(key, False), shows)
                self.tweens.tween(sprite, max(FLIP_SECONDS, duration), easing="linear", turn=1.0)
            self.face_shown[key] = shows
            # The length snaps: every length is a tile surface of its own, and a
            # tweened one would render dozens of them in one slide.
            sprite.length = place.length
            if moved and animate:
                self.tweens.tween(sprite, duration, easing="out_cubic", x=place.x, y=place.y)
                sprite.lift = 1.0
                self.tweens.tween(sprite, duration, easing="in_quad", lift=0.0)
            else:
                sprite.x, sprite.y, sprite.length = place.x, place.y, place.length
        going = self._to_the_pile + [self.at.pop(key) for key in [k for k in self.at if k not in places]]
        self._to_the_pile = []
        for key in [k for k in self.face_shown if k not in places]:
            del self.face_shown[key]
        for sprite in going:
            if animate:  # back into the pile: slide there, then vanish
                number = next(self._numbers)
                self.leaving[number] = sprite
                sprite.lift = 1.0
                self.tweens.tween(sprite, duration, easing="in_out_quad", x=PILE_CENTRE[0], y=PILE_CENTRE[1],
                                  on_done=lambda n=number: self.leaving.pop(n, None))

    def settle(self) -> None:
        """Stop every slide and turn (the state was rebuilt: `lay` puts each tile in place)."""
        self.leaving.clear()
        self._to_the_pile = []
        for sprite in self.at.values():
            sprite.settle()
