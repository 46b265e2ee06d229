"""The rules documents (one Markdown file a game, named by its registry entry), for
the `rules` command and the client's rules pages."""

from __future__ import annotations

from importlib import resources

from ..engine import entry


def rules_text(game: str) -> str:
    """The rules document of `game`, as this program plays it.

    :raises UnknownGame: for a game not registered.
    :raises FileNotFoundError: for a game whose document is not written yet.
    """
    where = entry(game).rules
    if where is None:
        raise FileNotFoundError(f"{game} has no rules document yet")
    package, _, name = where.partition(":")
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")
