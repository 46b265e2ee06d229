"""The pieces every game's view codec is written with (`view_json` and the codec each
registry entry names): tiles by name, ``"?"`` for a tile the view hides (-1), null
where there is no tile; number masks as lists; a termination by its name; a round's
public facts (`cyprus_knowledge`); and the error for JSON that is not a view."""

from __future__ import annotations

from typing import Any

from .core import Termination
from .cyprus_knowledge import GONE, VOID
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


FACTS = ("void", "gain", "gone")
"""The kinds of a round's public facts (`cyprus_knowledge`), by number, as the JSON names them."""


def facts_to_json(history: tuple | None) -> list[dict[str, Any]]:
    """A round's public facts (`cyprus_knowledge`: a linked list, newest first) as JSON
    objects, oldest first."""
    facts = []
    while history is not None:
        kind, seat, value, history = history
        fact: dict[str, Any] = {"kind": FACTS[kind], "seat": seat}
        if kind == VOID:
            fact["numbers"] = numbers(value)
        elif kind == GONE:
            fact["tile"] = NAME[value]
        facts.append(fact)
    facts.reverse()
    return facts


def facts_from_json(facts: Any) -> tuple | None:
    """The public facts `facts_to_json` wrote `facts` from."""
    history: tuple | None = None
    for fact in facts:
        kind = FACTS.index(fact["kind"])
        value = mask(fact["numbers"]) if kind == VOID else tile(fact["tile"]) if kind == GONE else -1
        history = (kind, int(fact["seat"]), value, history)
    return history
