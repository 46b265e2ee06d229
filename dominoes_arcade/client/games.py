"""What the menus say about each game: its title, tile set, player counts and a
one-line pitch, all from the game's registry entry (`engine.registry`), so a game
registered later appears in every menu with no change here.
"""

from __future__ import annotations

from ..engine import GAMES, GameEntry, entry, game_options
from ..engine.core import Option


def games() -> list[str]:
    """Every playable game, in the registry's (the menus') order."""
    return list(GAMES)


def info(game: str) -> GameEntry:
    """The game's registry entry: ``title``, ``tile_set``, ``pitch``, ``showcase``...

    :raises UnknownGame: for a game not registered."""
    return entry(game)


def player_range(game: str) -> tuple[int, int]:
    """The fewest and most seats `game` allows."""
    return entry(game).players


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
