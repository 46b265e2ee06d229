"""Tiles and sets (docs/architecture.md, "Record notation").

A tile is a small int, its index in the double-nine set ordered by (high, low):
``0-0``=0, ``0-1``=1, ``1-1``=2, ``0-2``=3, ... so the double-six set is exactly
``0..27`` and the double-nine set ``0..54``. Ints hash the same in every process,
which keeps every set and every shuffle deterministic; the tables below give each
tile's numbers, pips and name without any allocation in hot loops.
"""

from __future__ import annotations

from typing import Final

# Final: the compiled build (setup.py) reads these tables as C statics, not by name.
MAX_NUMBER: Final = 9

LOW: Final[list[int]] = []
"""The smaller number of each tile."""
HIGH: Final[list[int]] = []
"""The larger number of each tile."""
for _high in range(MAX_NUMBER + 1):
    for _low in range(_high + 1):
        LOW.append(_low)
        HIGH.append(_high)

TILE_COUNT: Final = len(LOW)
PIPS: Final[list[int]] = [LOW[t] + HIGH[t] for t in range(TILE_COUNT)]
IS_DOUBLE: Final[list[bool]] = [LOW[t] == HIGH[t] for t in range(TILE_COUNT)]
NUMBERS_MASK: Final[list[int]] = [(1 << LOW[t]) | (1 << HIGH[t]) for t in range(TILE_COUNT)]
"""Bit ``n`` set when the tile shows number ``n``: two tiles share a number when
their masks intersect."""
NAME: Final[list[str]] = [f"{LOW[t]}-{HIGH[t]}" for t in range(TILE_COUNT)]
BY_NAME: Final[dict[str, int]] = {name: t for t, name in enumerate(NAME)}

DOUBLE_SIX: Final[tuple[int, ...]] = tuple(range(28))
DOUBLE_NINE: Final[tuple[int, ...]] = tuple(range(55))


def tile(a: int, b: int) -> int:
    """The tile showing ``a`` and ``b`` (in either order).

    >>> NAME[tile(5, 3)]
    '3-5'
    """
    low, high = (a, b) if a <= b else (b, a)
    if not 0 <= low <= high <= MAX_NUMBER:
        raise ValueError(f"no tile {a}-{b}: numbers run from 0 to {MAX_NUMBER}")
    return high * (high + 1) // 2 + low


def piece(tile: int, set_index: int = 0) -> int:
    """A physical tile, where a game has several sets of the same tiles (Build Up:
    one per colour): `tile` in set `set_index`, as one int; `piece_tile` reads
    its tile back."""
    return set_index * TILE_COUNT + tile


def piece_tile(number: int) -> int:
    """The tile of a `piece` number (its name is ``NAME[piece_tile(number)]``)."""
    return number % TILE_COUNT


def parse_tile(text: str) -> int:
    """Parse ``a-b`` (either order).

    :raises ValueError: when ``text`` is not a tile.
    """
    found = BY_NAME.get(text)
    if found is not None:
        return found
    parts = text.split("-")
    if len(parts) == 2 and all(p.isdigit() and len(p) == 1 for p in parts):
        return tile(int(parts[0]), int(parts[1]))
    raise ValueError(f"{text!r} is not a tile (write it as a-b, for example 3-5)")


def other_number(t: int, n: int) -> int:
    """The number on ``t`` opposite ``n`` (``n`` itself for a double)."""
    return HIGH[t] if LOW[t] == n else LOW[t]
