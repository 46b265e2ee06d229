"""What the menus say about each game: its display name, player counts and a
one-line pitch. Games come from the engine's `GAMES`, so one added later appears
in every menu with a plain name until it gets an entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..engine import GAMES, game_options, new_game
from ..engine.core import Option


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    set_name: str
    pitch: str
    showcase: tuple[tuple[int, int], tuple[int, int]]
    """Two tiles (as number pairs) drawn on the game's card."""
    showcase_owners: tuple[int | None, int | None] = (None, None)
    """Whose set each showcase tile is from (Build Up's two colours)."""


KNOWN = {
    "necropolis": GameInfo("necropolis", "Necropolis", "double-six",
                           "Bury tiles in your grave sites, hide the rest: the lowest score wins.", ((0, 1), (5, 5))),
    "buildup": GameInfo("buildup", "Build Up", "two coloured sets",
                        "Cover the twelve stacks so your colour shows on top.", ((4, 5), (2, 2)), (0, 1)),
    "cyprus": GameInfo("cyprus", "Cyprus", "double-nine",
                       "Build the star round the 9-9, then race to go out.", ((9, 9), (3, 9))),
    "sebastopol": GameInfo("sebastopol", "Sebastopol", "double-six",
                           "Cyprus's ancestor: a four-armed star round the 6-6.", ((6, 6), (2, 6))),
}


def games() -> list[str]:
    """Every playable game: the known ones in the order the README lists them, then
    any others in the engine's order."""
    known = [name for name in KNOWN if name in GAMES]
    return known + [name for name in GAMES if name not in KNOWN]


def info(game: str) -> GameInfo:
    return KNOWN.get(game) or GameInfo(game, game.replace("_", " ").title(), "dominoes", "", ((1, 2), (3, 3)))


@cache
def player_range(game: str) -> tuple[int, int]:
    """The fewest and most seats `game` allows: its ``players`` option, if it has
    one, else the engine's fixed count."""
    option = game_options(game).get("players")
    if option is not None and option.minimum is not None:
        return int(option.minimum), int(option.maximum)
    count = new_game(game).num_players
    return count, count


def players_text(game: str) -> str:
    low, high = player_range(game)
    return f"{low} players" if low == high else f"{low} to {high} players"


def variant_options(game: str) -> dict[str, Option]:
    """The game's variant options shown on the setup screen (``players`` has its own row)."""
    return {key: option for key, option in game_options(game).items() if key != "players"}


def option_label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def value_text(key: str, value) -> str:
    """A variant value as the setup screen shows it."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if key == "first_player" and isinstance(value, int):
        return f"Seat {value + 1}"
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)
