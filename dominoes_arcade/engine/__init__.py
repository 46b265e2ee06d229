"""The pure rules engine: no pygame, no I/O, stdlib only (DESIGN.md, "Engine").

    >>> state = new_game("necropolis", options={"first_player": 0})
    >>> [str(a) for a in state.legal_actions()]
    ['draw']
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    IllegalAction,
    InvalidNotation,
    Option,
    OptionError,
    Outcome,
    State,
    Termination,
)

GAMES: dict[str, str] = {
    "necropolis": "dominoes_arcade.engine.necropolis",
    "buildup": "dominoes_arcade.engine.buildup",
    "cyprus": "dominoes_arcade.engine.cyprus",
    "sebastopol": "dominoes_arcade.engine.cyprus",
}
"""Every game's name and the module that holds its rules."""


class UnknownGame(ValueError):
    pass


def game_module(name: str) -> ModuleType:
    """The module of game `name`. Each game module defines ``OPTIONS_BY_GAME``
    (game name -> its variant table) and ``new_state(name, players, options)``."""
    if name not in GAMES:
        raise UnknownGame(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    module = importlib.import_module(GAMES[name])
    return module


def game_options(name: str) -> dict[str, Option]:
    """The variant options of game `name` (RULES.md), by key."""
    return game_module(name).OPTIONS_BY_GAME[name]


def new_game(name: str, players: int | None = None, options: dict | None = None) -> State:
    """The state of game `name` before the deal.

    `options` is the game's variant table (missing keys take their defaults); it
    may also hold ``players``, as records do.

    :raises UnknownGame: for a name not in `GAMES`.
    :raises OptionError: for an unknown key or a value the option does not allow.
    :raises ValueError: for a player count the game does not allow.
    """
    module = game_module(name)
    options = dict(options or {})
    if "players" in options:
        in_options = options.pop("players")
        if players is not None and players != in_options:
            raise ValueError(f"players = {players} disagrees with options.players = {in_options}")
        players = in_options
    return module.new_state(name, players, options)


def determinize(view: State, rng) -> State:
    """A full state consistent with everything `view`'s seat has seen."""
    return view.determinize(rng)


def parse_action(state: State, text: str) -> Action:
    """The action written `text` (RULES.md section 4, without the actor)."""
    return state.parse_action(text)


__all__ = [
    "CHANCE", "TERMINAL", "GAMES", "Action", "Event", "IllegalAction", "InvalidNotation", "Option",
    "OptionError", "Outcome", "State", "Termination", "UnknownGame", "determinize", "game_module",
    "game_options", "new_game", "parse_action",
]
