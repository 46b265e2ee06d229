"""A seat's view (`State.view`) as JSON and back: what the bot protocol's version 2
sends a program with each decision (docs/bot-protocol.md, the schema in
docs/bot-protocol-v2.schema.json), so that a bot in any language plays from what its
seat knows without rebuilding it from the steps.

`view_to_json` writes every field the engine's view holds, and nothing else: tiles by
name, ``"?"`` for a tile the view hides (-1), null where there is no tile;
`view_from_json` builds the view back (``view_from_json(view_to_json(v))`` holds the
same fields as ``v``, and every bot decides on it as on ``v``). A spectator's view
(`State.view(SPECTATOR)`, what the online server sends a spectator) is written with
``seat`` `NOBODY` (-1) and read back as a `SPECTATOR` view. The keys every game
shares are written here; each game's own keys by the functions its registry entry
names (``view_to_json`` and ``view_from_json``: a ``*_view`` module beside the game's
engine module, or that module itself). Fields that follow from
others (a cover matrix, a look-up mask, what the draws and passes revealed, as
layers) are not written, and are worked out again on the way back. A game whose
entry names no codec gets the shared keys only, and cannot be built back.
"""

from __future__ import annotations

from typing import Any

from .core import SPECTATOR, State
from .registry import GAMES, load
from .view_codec import HIDDEN, NOBODY, ViewError, names

__all__ = ["HIDDEN", "NOBODY", "ViewError", "view_from_json", "view_to_json"]


def view_to_json(view: State) -> dict[str, Any]:
    """The JSON object of a seat's view (see the module docstring): the keys every game
    shares, then the game's own."""
    seat = NOBODY if view.viewer == SPECTATOR else view.viewer
    found: dict[str, Any] = {
        "game": view.game, "options": view.options_dict(), "seat": seat, "players": view.num_players,
        "scores": list(view.scores()), "current_player": view.current_player,
        "zones": {zone: names(tiles) for zone, tiles in view.zones().items()}}
    entry = GAMES.get(view.game)
    if entry is not None and entry.view_to_json is not None:
        found.update(load(entry.view_to_json)(view))
    return found


def view_from_json(data: Any) -> State:
    """The engine's view that `view_to_json` wrote `data` from.

    :raises ViewError: for JSON that is not such a view.
    """
    try:
        if not isinstance(data, dict):
            raise ViewError("a view must be a JSON object")
        game = data.get("game")
        if game not in GAMES:
            raise ViewError(f"unknown game {game!r}")
        entry = GAMES[game]
        if entry.view_from_json is None:
            raise ViewError(f"a {game} view cannot be built from JSON")
        state = entry.state_class()(None, dict(data["options"]))  # the rules, from the options
        load(entry.view_from_json)(state, data)
        seat = int(data["seat"])
        state.current_player, state.viewer = int(data["current_player"]), SPECTATOR if seat == NOBODY else seat
        if state.viewer != SPECTATOR and not 0 <= state.viewer < state.num_players:
            raise ViewError(f"seat {state.viewer} is not a seat of the game")
        return state
    except ViewError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise ViewError(f"not a view: {type(error).__name__}: {error}") from None
