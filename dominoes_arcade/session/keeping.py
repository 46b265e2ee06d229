"""What a session keeps for the player, in the files of `dominoes_arcade.history`:

- the game in progress, saved whenever it is left before the end (the client's
  menu, the window closed, Ctrl-C, a headless frame limit) as its game's save
  (one per game: it replaces that game's earlier save), so the title screen's
  Continue and ``dominoes-arcade play --continue`` (the latest save) pick it up;
- every finished game, demos included (marked), appended to the history, which
  the statistics read (a game a bot finished for the player marked too, and a
  game played with the analysis view on); the
  saved game, once finished, is discarded.

And the way back into a game already begun (a save, or a replay taken over at
some step): `lay_steps`. The files' formats are `history`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import history
from ..engine.core import Outcome
from ..engine.match import Match
from ..engine.records import Record
from .events import Notice, SessionEvent

if TYPE_CHECKING:
    from .in_play import GameInPlay


def lay_steps(match: Match, steps: Sequence[str]) -> Match:
    """Play `steps` (a game begun earlier) onto `match`, a fresh match dealt from the
    game's seed (`Match.follow`): a chance step counts as the deck's when the deck
    deals that very tile (a saved game of the client always does), so the tiles
    still to come are the ones the game would have dealt anyway; a step the deck
    would not deal (a record dealt otherwise) is applied as given.

    :raises ReplayError: (a ValueError) for a step that does not parse or that the
        rules refuse.
    """
    match.follow(steps)
    return match


def keeps_games(session: GameInPlay) -> bool:
    """Whether this session's game is the player's own (not a demo, not a replay)."""
    return not session.demo and session.record is None


def give_up(session: GameInPlay, folder: Path | None = None) -> None:
    """The player gave this game up for another (restart, the same deal again, a
    replay taken over): it is not saved when it is left, and the saved game it was
    continued from goes too."""
    session.given_up = True
    if session.continued and not session.match.is_over:
        try:
            history.discard_save(session.game, folder)
        except OSError as error:
            session.events.append(Notice(f"The saved game could not be removed: {error.strerror or error}"))


def save_in_progress(session: GameInPlay, viewer: int | None = None, folder: Path | None = None) -> bool:
    """Save the player's game when it is left before its end (a `Notice` when the
    disk refuses: leaving still works). `viewer`: the seat whose hand the view
    showed (by default the first human's). Returns whether it was saved."""
    if not keeps_games(session) or session.match.is_over or session.error or session.given_up:
        return False
    record = session.match.to_record(session.kinds)
    if viewer is None:
        viewer = (session.human_seats or [0])[0]
    try:
        history.save_game(history.SavedGame(record, list(session.kinds), viewer, assisted=session.assisted), folder)
    except OSError as error:
        session.events.append(Notice(f"The game could not be saved: {error.strerror or error}"))
        return False
    return True


def record_finished(session: GameInPlay, folder: Path | None = None) -> None:
    """Append the session's finished game to the history (demos marked) and discard the save."""
    if session.record is not None or session.error or not session.match.is_over:
        return
    add_to_history(session.match.to_record(session.kinds), session.kinds, session.state.outcome(), session.events,
                   folder, demo=session.demo, finished_by_bot=session.finished_by_bot, assisted=session.assisted,
                   bots_took_over_at=session.bots_took_over_at,
                   discard_save_of=session.game if session.continued else None)


def add_to_history(record: Record, kinds: Sequence[str], outcome: Outcome | None, events: list[SessionEvent],
                   folder: Path | None = None, *, demo: bool = False, finished_by_bot: Sequence[int] = (),
                   assisted: bool = False, bots_took_over_at: int | None = None,
                   discard_save_of: str | None = None) -> None:
    """The one way a finished game goes into the history, a game played here
    (`record_finished`) or online (`remote.online_session`): its line appended
    (`history.history_line`), and the save it was continued from discarded
    (`discard_save_of`: its game). `bots_took_over_at`: the steps played when a
    bot first took a human seat over (`Session.let_bots_finish`), kept so that a
    review from the history stops there too. A disk that refuses is a `Notice`
    in `events`: the game still ends."""
    winners = list(outcome.winners) if outcome is not None else []
    line = history.history_line(record, list(kinds), winners, demo=demo, finished_by_bot=finished_by_bot,
                                assisted=assisted, bots_took_over_at=bots_took_over_at)
    try:
        history.append_history(line, folder)
        if discard_save_of is not None:
            history.discard_save(discard_save_of, folder)  # the saved game is this one, now over
    except OSError as error:
        events.append(Notice(f"The game could not be added to the history: {error.strerror or error}"))
