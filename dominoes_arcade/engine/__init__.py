"""The pure rules engine: no pygame, no I/O, stdlib only (docs/architecture.md, "Engine").

Every game is a `State` subclass in its own module, listed in the game registry
(`registry.GAMES`); `match.Match` plays a game (chance, steps, undo, records).

    >>> state = new_game("necropolis", options={"first_player": 0})
    >>> [str(a) for a in state.legal_actions()]
    ['draw']
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .core import (
    CHANCE,
    SPECTATOR,
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
from .observation import EVERY_SEAT, Observation, observe
from .registry import GAMES, GameEntry, UnknownGame, entry, register, unregister


def state_class(name: str) -> type[State]:
    """The `State` subclass that holds game `name`'s rules (imported on first use).

    :raises UnknownGame: for a name not in `GAMES`.
    """
    return entry(name).state_class()


def game_module(name: str) -> ModuleType:
    """The module of game `name`'s rules (importing it interns the game's actions)."""
    return importlib.import_module(state_class(name).__module__)


def game_options(name: str) -> dict[str, Option]:
    """The variant options of game `name` (dominoes_arcade/rules/), by key."""
    return state_class(name).OPTIONS


def new_game(name: str, players: int | None = None, options: dict | None = None) -> State:
    """The state of game `name` before the deal.

    `options` is the game's variant table (missing keys take their defaults); it
    may also hold ``players``, as records do.

    :raises UnknownGame: for a name not in `GAMES`.
    :raises OptionError: for an unknown key or a value the option does not allow.
    :raises ValueError: for a player count the game does not allow.
    """
    cls = state_class(name)
    options = dict(options or {})
    if "players" in options:
        in_options = options.pop("players")
        if players is not None and players != in_options:
            raise ValueError(f"players = {players} disagrees with options.players = {in_options}")
        players = in_options
    return cls(players, options)


def determinize(view: State, rng) -> State:
    """A full state consistent with everything `view`'s seat has seen."""
    return view.determinize(rng)


def parse_action(state: State, text: str) -> Action:
    """The action written `text` (in the record notation of docs/architecture.md, without the actor)."""
    return state.parse_action(text)


__all__ = [
    "CHANCE", "EVERY_SEAT", "SPECTATOR", "TERMINAL", "GAMES", "Action", "Event", "GameEntry", "IllegalAction",
    "InvalidNotation", "Observation", "Option", "OptionError", "Outcome", "State", "Termination", "UnknownGame",
    "determinize", "entry", "game_module", "game_options", "new_game", "observe",
    "parse_action", "register", "state_class", "unregister",
]
