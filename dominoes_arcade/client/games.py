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


OPTION_LABELS = {"nondouble_on_double": "Non-double on a double"}
"""Option names a player would not read from the key."""

VALUE_WORDS = {
    ("hand_sizes", "seed"): "Standard", ("hand_sizes", "bell"): "Larger",
    ("first_player", "random"): "Chosen at random", ("after_empty", "end"): "Game ends",
    ("later_hands_first", "same"): "Same player", ("later_hands_first", "alternate"): "Take turns",
    ("later_hands_first", "trailing"): "Player behind",
}
"""Option values in a player's words where the value's name is the rules' own
shorthand (the names config.toml and the records keep)."""

OPTION_HELP = {
    "first_player": "Who opens: chosen at random, seat 1 or seat 2.",
    "after_empty": "When the necropolis is empty: the game ends, or a mastaba phase follows "
                   "(attach a tile or pass).",
    "tie_break": "Equal scores: a draw, or fewer sites started wins (then a draw).",
    "nondouble_on_double": "A non-double on a double needs more pips than it, or at least as many.",
    "later_hands_first": "Who starts hands 2 to 4: hand 1's first player, each player in turn, "
                         "or the player behind on total.",
    "scoring": "A hand scores your colour's pips on top of the stacks, or the pips you placed in it.",
    "hand_sizes": "Tiles per hand for 4 to 10 players. Standard: 9, 8, 7, 7, 6, 6, 5. "
                  "Larger: 13, 11, 9 for 4 to 6 players, then as Standard.",
}
"""The setup screen's help for options whose description in the rules' tables
names values as config.toml writes them."""


def option_label(key: str) -> str:
    return OPTION_LABELS.get(key, key.replace("_", " ").capitalize())


def option_help(key: str, option: Option) -> str:
    """What an option does, as the setup screen's help line says it."""
    return OPTION_HELP.get(key) or option.doc[:1].upper() + option.doc[1:] + "."


def value_text(key: str, value) -> str:
    """A variant value as the setup screen shows it."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if key == "first_player" and isinstance(value, int):
        return f"Seat {value + 1}"
    if isinstance(value, str):
        return VALUE_WORDS.get((key, value), value.replace("_", " ").capitalize())
    return str(value)
