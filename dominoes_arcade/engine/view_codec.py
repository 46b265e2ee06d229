"""The pieces every game's view codec is written with (`view_json` and the games'
own ``*_view`` modules): tiles by name, ``"?"`` for a tile the view hides (-1), null
where there is no tile; number masks as lists; a termination by its name; and the
error for JSON that is not a view."""

from __future__ import annotations

from typing import Any

from .core import Termination
from .tiles import BY_NAME, NAME

HIDDEN = "?"
NOBODY = -1
"""The ``seat`` a spectator's view (`State.view(SPECTATOR)`) is written with:
nobody's seat, the number the online protocol has always given a spectator
(docs/online.md). In the code a spectator is the engine's `SPECTATOR`."""


class ViewError(ValueError):
    """JSON that is not a view of a game we know."""


def names(tiles: Any) -> list[str]:
    """Tiles by name, ``?`` for a hidden one."""
    return [NAME[t] if t >= 0 else HIDDEN for t in tiles]


def held(t: int, hidden: bool) -> str | None:
    """A tile that may be absent: its name, ``?`` when the view hides one, else null."""
    return NAME[t] if t >= 0 else HIDDEN if hidden else None


def tile(text: Any) -> int:
    """A tile back from JSON: -1 for ``?`` or null."""
    if text is None or text == HIDDEN:
        return -1
    found = BY_NAME.get(text) if isinstance(text, str) else None
    if found is None:
        raise ViewError(f"{text!r} is not a tile")
    return found


def tiles(texts: Any) -> list[int]:
    if not isinstance(texts, list):
        raise ViewError(f"{texts!r} is not a list of tiles")
    return [tile(text) for text in texts]


def numbers(mask: int) -> list[int]:
    return [n for n in range(10) if mask >> n & 1]


def mask(values: Any) -> int:
    return sum(1 << int(n) for n in values)


def termination(value: Termination | None) -> str | None:
    return None if value is None else value.name.lower()


def read_termination(text: Any) -> Termination | None:
    return None if text is None else Termination[str(text).upper()]
