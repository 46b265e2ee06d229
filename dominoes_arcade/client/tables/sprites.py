"""The one moving-tile model of the table kit: a `Sprite` is a tile where it is
drawn now, tweened (on the scene's `Tweener`) from one place to another and
turned over on the way when it lands with the other face up.

A table lays its tiles out from the engine state alone (its layout), so undo and a
replay's jump simply lay the table out again; sprites only carry the tiles between
places. Every game's table uses this one model: Necropolis keeps a sprite per tile
on the table, Build Up and Cyprus a sprite per tile in flight (`lands_on` says
where, so the static drawing leaves it out until it lands). A `Note` is words shown
for a moment on the table, faded by the same tweens.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(eq=False)
class Sprite:
    """A tile on the move: its centre (`x`, `y`), its `length` (long side, landed),
    a `zoom` for the size it has now against that, a `lift` for the shadow and a
    `turn` (0 -> 1) from `face_from` to `face_to`."""

    tile: int
    """-1 for a tile this screen may not know (a bot's draw)."""
    x: float
    y: float
    length: float
    face_from: bool = True
    face_to: bool = True
    turn: float = 1.0
    """How far it has turned from `face_from` to `face_to` (a tween takes it 0 -> 1)."""
    lift: float = 0.0
    """0 on the table, 1 in the air (a bigger, softer shadow)."""
    zoom: float = 1.0
    """Its size now against `length`: it grows or shrinks from where it left."""
    seat: int = -1
    """Whose secret its face is while it is theirs (-1: everyone's)."""
    public: bool = False
    """Bound for the table: once face up, everyone may see it."""
    owner: int | None = None
    """The set it belongs to (Build Up's colours), for its body."""
    angle: int = 90
    """Its direction once landed (Cyprus's `Slot.angle`); 90 is upright."""
    enter: int = -1
    """The number at its back, towards what it matched (Cyprus); -1 when unused."""
    flipped: bool = False
    """Drawn with its high number first (Necropolis's sites)."""
    lands_on: tuple | None = None
    """Where it is bound (the table's own key), left out of the static drawing until it lands."""

    def start_turn(self, face_from: bool, face_to: bool) -> None:
        """Begin turning over from `face_from` to `face_to` (a tween then takes `turn` to 1)."""
        self.face_from, self.face_to, self.turn = face_from, face_to, 0.0

    @property
    def turning(self) -> bool:
        return self.face_from != self.face_to and self.turn < 1.0

    def shows_face(self) -> bool:
        """Face up now: the new face from half-way through the turn."""
        return self.face_to if self.turn >= 0.5 or self.face_from == self.face_to else self.face_from

    @property
    def squash(self) -> float:
        """How wide it is drawn, 1 -> 0 -> 1 across a turn (1 when not turning)."""
        return abs(1.0 - 2.0 * self.turn) if self.turning else 1.0

    def settle(self) -> None:
        """Stop any turn and lift: the tile rests where it is."""
        self.turn, self.lift, self.face_from = 1.0, 0.0, self.face_to

    def rect(self) -> pygame.Rect:
        """Its upright rect at its landed size."""
        length = round(self.length)
        rect = pygame.Rect(0, 0, length // 2, length)
        rect.center = (round(self.x), round(self.y))
        return rect


@dataclass(eq=False)
class Note:
    """Words shown for a moment by a seat ("Pass", "Draws") or over the table (a new
    round), fading out as its `alpha` is tweened to 0."""

    text: str
    x: float
    y: float
    alpha: float = 1.0
    big: bool = False


def squashed(image: pygame.Surface, squash: float, *, horizontal: bool = False, zoom: float = 1.0,
             smooth: bool = True) -> pygame.Surface:
    """`image` narrowed across its length by `squash` (turning over) and scaled by `zoom`."""
    w, h = image.get_size()
    w, h = w * zoom, h * zoom
    if horizontal:
        h *= squash
    else:
        w *= squash
    size = (max(1, round(w)), max(1, round(h)))
    return pygame.transform.smoothscale(image, size) if smooth else pygame.transform.scale(image, size)
