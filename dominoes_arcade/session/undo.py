"""Undo and redo for a game against bots, following what the player has seen.

Undo goes back to the player's previous decision, unless a tile they could not
see at that decision has been shown to them since: their own draw, a tile turned
face up, a bot playing a tile from its hand. Going back then would let them
choose again knowing it (chance outcomes stay fixed: `Match.undo_to` keeps the
deck, so the same draw would come again). What stays hidden from them, such as a
bot's draw into its own hand, does not block it.

Redo steps forward again through what was undone, the bots' moves and the
chance outcomes included, to the player's next decision: the same state as
before the undo. A new decision that differs from the undone one forgets the
rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Action
from ..engine.core import State
from ..engine.tiles import NAME, piece_tile
from .events import RedoDone, UndoDone

if TYPE_CHECKING:
    from .in_play import GameInPlay


def known_tiles(state: State, seat: int) -> dict[int, str]:
    """Every physical tile `seat` can see in `state` (its hand, the table, face-up
    piles), each with its zone (`State.seen_pieces`). Physical tiles, not names:
    Build Up's two sets hold every name, so a tile drawn into the hand has the name
    of a tile already seen (the other colour's), or listed in the own boneyard,
    which is face down and not seen."""
    return state.view(seat).seen_pieces()


class UndoRedo:
    """A session's undo and redo (``session.undo_redo``)."""

    def __init__(self, session: GameInPlay):
        self.session = session
        self.future: list[Action] = []
        """The steps undone, oldest first: what redo applies again."""
        self._refusal_for: int | None = None
        self._refusal: str | None = None
        self._known_at: dict[int, dict[int, str]] = {}
        """What the player could see just before each of their decisions, by step."""

    # -- undo ------------------------------------------------------------------------
    def refusal(self) -> str | None:
        """Why undo is not possible now, or None when it is (worked out once per state)."""
        session = self.session
        if self._refusal_for != session.version:
            self._refusal_for = session.version
            self._refusal = self._why_not()
        return self._refusal

    def _why_not(self) -> str | None:
        session = self.session
        if session.record is not None or not session.human_seats:
            return "Nothing to undo: no human plays here."
        if session.hot_seat:
            return "Undo is for games against bots."
        if session.ended or session.state.is_terminal:
            return "The game is over."
        decisions = session.human_steps
        if not decisions:
            return "Nothing to undo yet."
        seat = session.human_seats[0]
        known = known_tiles(session.state, seat)
        shown = known.keys() - self.known_before(decisions[-1], seat).keys()
        if not shown:
            return None
        piece = min(shown)
        name = NAME[piece_tile(piece)]
        if known[piece].endswith(f" {seat}"):  # in a zone of the player's own: a hand, mastabas
            return f"Cannot undo: you drew {name} after that move."
        return f"Cannot undo: {name} was revealed after your move."

    def deciding(self, seat: int) -> None:
        """`seat` is about to make a decision: note what it can see (so a refusal
        does not replay the game to find out)."""
        if self.session.is_human(seat):
            self._known_at[len(self.session.steps)] = known_tiles(self.session.state, seat)

    def known_before(self, step: int, seat: int) -> dict[int, str]:
        known = self._known_at.get(step)
        if known is None:  # a decision made before this session began (a saved game, a replay taken over)
            known = self._known_at[step] = known_tiles(self.state_at(step), seat)
        return known

    def rebuilt(self, step: int) -> None:
        """The match went back to `step` steps: later notes belong to steps undone."""
        self._known_at = {index: known for index, known in self._known_at.items() if index < step}

    def state_at(self, step: int) -> State:
        """The full state after the match's first `step` steps (the match is not touched)."""
        return self.session.match.state_at(step)

    def undo(self) -> bool:
        """Back to before the player's last decision; False when it cannot be
        (`refusal` says why)."""
        session = self.session
        if self.refusal() is not None:
            return False
        decision = session.human_steps[-1]
        self.future[:0] = session.match.actions[decision:]
        session.rebuild(decision, event=UndoDone(decision))
        self.rebuilt(decision)
        session.bots.forget()  # fresh bots: the old ones saw moves that are gone
        session.think_left = session.think_delay()
        return True

    # -- redo ------------------------------------------------------------------------
    @property
    def can_redo(self) -> bool:
        session = self.session
        return bool(self.future) and not session.ended and not session.hot_seat and bool(session.human_seats)

    def redo(self) -> bool:
        """Forward again through the undone steps to the player's next decision;
        False when there is nothing to redo."""
        session = self.session
        if not self.can_redo:
            return False
        match = session.match
        count = 1
        while count < len(self.future) and not self._is_human_decision(count):
            count += 1
        match.follow(self.future[:count])  # chance as the deck dealt it before: never re-shuffled
        del self.future[:count]
        session.rebuild(len(match.steps), event=RedoDone(len(match.steps)))
        session.bots.forget()
        session.think_left = session.think_delay()
        return True

    def _is_human_decision(self, index: int) -> bool:
        """Whether ``future[index]`` is a decision of a human seat, found by replaying
        the undone steps before it on a copy of the state."""
        state = self.session.state.clone()
        for action in self.future[:index]:
            state.apply_unchecked(action)
        seat = state.current_player
        return seat >= 0 and self.session.is_human(seat)

    def played(self, action: Action) -> None:
        """A step was applied in play: the undone steps stay while play follows them."""
        if self.future:
            if self.future[0] == action:
                del self.future[0]
            else:
                self.future.clear()

    def forget(self) -> None:
        self.future.clear()
