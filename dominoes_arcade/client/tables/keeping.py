"""What a table keeps for the player, in the files of `dominoes_arcade.history`:

- the game in progress, saved whenever the table closes before the end (the
  menu, the window closed, Ctrl-C, a headless frame limit), so the title screen's
  Continue and ``dominoes-arcade play --continue`` pick it up;
- every finished game, demos included (marked), appended to the history, which
  the statistics read; the saved game, once finished, is discarded.

And the way back into a game already begun (a save, or a replay taken over at
some step): `lay_steps`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ... import history
from ...engine.match import Match
from ...engine.records import parse_step

if TYPE_CHECKING:
    from .base import TableScene


def lay_steps(match: Match, steps: Sequence[str]) -> Match:
    """Play `steps` (a game begun earlier) onto `match`, a fresh match dealt from the
    game's seed. Chance steps are dealt by the match's deck when it deals the same
    tile (a saved game of the client always does), so the tiles still to come are
    the ones the game would have dealt anyway; a step the deck would not deal (a
    record dealt otherwise) is applied as given.

    :raises ValueError: for a step that does not parse or that the rules refuse.
    """
    for text in steps:
        if match.is_chance:
            match.resolve_chance()
            if match.steps[-1] == text:
                continue
            match.undo_to(len(match.steps) - 1)
        match.apply(parse_step(match.state, text))
    return match


def keeps_games(table: TableScene) -> bool:
    """Whether this table's game is the player's own (not a demo, not a replay)."""
    return not table.setup.demo and table.setup.record is None and not table.attract


def give_up(table: TableScene) -> None:
    """The player gave this game up for another (restart, the same deal again, a
    replay taken over): it is not saved when the table closes, and the saved game
    it was continued from goes too."""
    table.given_up = True
    if table.setup.continued and not table.match.is_over:
        try:
            history.discard_save()
        except OSError as error:
            table.app.toast(f"The saved game could not be removed: {error.strerror or error}")


def save_in_progress(table: TableScene) -> None:
    """Save the player's game when it is left before its end (a toast when the
    disk refuses: leaving still works)."""
    if not keeps_games(table) or table.match.is_over or table.error or table.given_up:
        return
    record = table.match.to_record(table.kinds)
    viewer = table.revealed_seat if table.revealed_seat is not None else (table.human_seats or [0])[0]
    try:
        history.save_game(history.SavedGame(record, list(table.kinds), viewer))
    except OSError as error:
        table.app.toast(f"The game could not be saved: {error.strerror or error}")


def record_finished(table: TableScene) -> None:
    """Append the finished game to the history (demos marked) and discard the save."""
    if table.setup.record is not None or table.error or not table.match.is_over:
        return
    outcome = table.state.outcome()
    winners = list(outcome.winners) if outcome is not None else []
    line = history.history_line(table.match.to_record(table.kinds), list(table.kinds), winners,
                                demo=table.setup.demo or table.attract)
    try:
        history.append_history(line)
        if table.setup.continued:
            history.discard_save()  # the saved game is this one, now over
    except OSError as error:
        table.app.toast(f"The game could not be added to the history: {error.strerror or error}")
