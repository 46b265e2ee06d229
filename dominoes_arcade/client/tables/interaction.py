"""The human's decision on a table, whatever the game: the contract between the
table kit (`TableScene`) and each game's table.

A game's table describes the decision in front of the human as `Choice`s, one per
legal engine action: a *source* the player picks first (a tile in the hand, a
button such as "draw") and, when the decision needs one, a *target* where the
source goes (a stack, an arm, an end). Sources and targets are any hashable
values the table likes (``("hand", 12)``, ``("stack", 7)``, ``("button", "draw")``);
the table also says where each one is on the canvas (`item_rects`), so the kit
can highlight, hit-test clicks and drops, and move a keyboard or controller focus
geometrically among them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ...engine import Action


@dataclass(frozen=True)
class Choice:
    """One legal decision for the seat to move, as the player makes it."""

    action: Action
    """A legal engine action for the seat to move."""
    source: Hashable
    """What the player picks first: e.g. ``("hand", tile)``, ``("button", "draw")``."""
    target: Hashable | None = None
    """Where it goes: e.g. ``("stack", 7)``, ``("arm", 3)``, ``("end", "left")``;
    None when picking the source is the whole decision."""


def sources(choices: list[Choice]) -> list[Hashable]:
    """The distinct sources of `choices`, in their first-seen order."""
    return list(dict.fromkeys(choice.source for choice in choices))


def targets_of(choices: list[Choice], source: Hashable) -> list[Hashable]:
    """The distinct targets `source` can go to (None left out), in order."""
    return list(dict.fromkeys(c.target for c in choices if c.source == source and c.target is not None))


def choice_for(choices: list[Choice], source: Hashable, target: Hashable | None) -> Choice | None:
    """The choice that puts `source` on `target` (None: the source alone), if any."""
    for choice in choices:
        if choice.source == source and choice.target == target:
            return choice
    return None
