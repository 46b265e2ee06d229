"""What the menus say about each game: its title, tile set, player counts, a
one-line pitch, its options' words and proposed targets, all from the game's
registry entry (`engine.registry`), so a game registered later appears in every
menu with no change here.
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


def option_label(game: str, key: str) -> str:
    """The setup screen's name of option `key`: the game's entry's word for it
    (`GameEntry.option_labels`), else the key in words."""
    return entry(game).option_labels.get(key) or key.replace("_", " ").capitalize()


def option_help(game: str, key: str, option: Option) -> str:
    """What an option does, as the setup screen's help line says it: the game's
    entry's words (`GameEntry.option_help`, where the option's description names
    values as config.toml writes them), else that description."""
    return entry(game).option_help.get(key) or option.doc[:1].upper() + option.doc[1:] + "."


def value_text(game: str, key: str, value) -> str:
    """A variant value as the setup screen shows it (a value named in the rules'
    shorthand, in the game's entry's words: `GameEntry.value_words`)."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if key == "first_player" and isinstance(value, int):
        return f"Seat {value + 1}"
    if isinstance(value, str):
        return entry(game).value_words.get((key, value)) or value.replace("_", " ").capitalize()
    return str(value)


def proposed_target(game: str, players: int) -> int | None:
    """The target score the setup screens propose for `players` (the game's entry's
    `GameEntry.proposed_targets`), or None where the rules' default stands."""
    return entry(game).proposed_targets.get(players)
