"""`Match`: one game in progress, the only driver of play. `simulate`, the bots'
driver (and so the tournament), the client's tables and replays all play through
it, so a seed deals the same tiles everywhere.

A match owns:

- ``state``: the full engine `State` (bots and screens get ``view(seat)``);
- ``steps``: every step so far in record notation (``"0 draw"``, ``"* 3-4"``), and
  ``actions``, the same steps as interned `Action`s;
- the chance source: a `Deck` shuffled from ``seed`` (as a tournament deals), or,
  while the match follows a record (`from_record`), that record's chance steps.

Driving it is a loop over three cases::

    match = Match("necropolis", seed=7)
    while not match.is_over:
        if match.is_chance:
            action, events = match.resolve_chance()
        else:
            events = match.apply(choose(match.view(match.current_player)))

Chance outcomes are fixed by the seed and the decisions: `undo_to` rebuilds the
deck as it was, so after an undo the same decisions deal the same tiles again, and
other decisions deal from the same shuffled pile (nobody can undo to re-roll a draw).

Steps written down (a record, a saved game, steps undone) are laid with a small
vocabulary, as python-chess's ``Board.push``/``move_stack``:

- `play_step` applies one step (its text, parsed in the state now, or an `Action`)
  and returns its events; `follow` applies a list of them, raising the first that
  fails (``strict``) or returning it. Either way the failure is a `ReplayError`
  numbered as the match counts steps (1-based) and saying its ``kind``
  (notation, spelling, illegal decision, impossible chance outcome).
- `from_record(record, at=N)` lays a record's first N steps (``None``: all of them).
- `state_at(n)` is the state after the first n steps; the match stays as it is.

A chance step laid this way counts as dealt by the deck when the deck deals that
very outcome (a game dealt from the match's seed always does), so the deck stays in
step: after laying a saved game, or undoing, the tiles still to come are the ones
the game would have dealt anyway.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from . import new_game
from .chance import Deck
from .core import CHANCE, Action, Event, IllegalAction, InvalidNotation, State
from .record_format import Record, ReplayError, parse_step, step_text


class Match:
    """A game being played (or replayed): its state, its steps and its chance source.

    :param game: a registered game's name.
    :param players: seats, where the game allows a choice (or ``options["players"]``).
    :param options: the variant table; missing keys take their defaults.
    :param seed: shuffles the `Deck` every chance outcome comes from.
    :param script: the steps of a record being replayed (see `from_record`): while the
        match follows them, chance outcomes come from them rather than the deck.
    :raises UnknownGame, OptionError, ValueError: as `new_game` does.
    """

    def __init__(self, game: str, players: int | None = None, options: dict | None = None, *,
                 seed: int = 0, script: Sequence[str] = ()):
        self._start = new_game(game, players, options)
        self.game = game
        self.seed = seed
        self.state: State = self._start.clone()
        """The full state now (never hand it to a seat: use `view`)."""
        self.steps: list[str] = []
        """Every step applied so far, ``"ACTOR MOVE"``."""
        self.actions: list[Action] = []
        """The same steps as actions."""
        self.script: tuple[str, ...] = tuple(script)
        """The record being replayed (empty for a fresh game)."""
        self._deck: Deck | None = Deck(seed)
        """The deck after every step so far, or None until it is next needed (after an
        undo, or a chance step laid from outside: see `_rebuild_deck`)."""
        self._from_deck: list[bool | None] = []
        """Per step: whether the deck dealt it (an undo deals those again); None for a
        chance step laid from outside, dealt if the deck deals that very outcome."""
        self._hidden_from: list[int] = []
        """Per step: a bit per seat that does not see all of it (a face-down tile)."""
        self._pieces: list[int] = []
        """Per step: the physical tile it moved (`State.piece`), or -1."""
        self._diverged: int | None = None
        """The first step that differs from `script`, or None while it follows it."""

    @classmethod
    def from_record(cls, record: Record, *, at: int | None = 0) -> Match:
        """A match of `record`'s game with its first `at` steps laid (``None``: all of
        them), following its steps: `scripted` gives the next one, `resolve_chance`
        deals the record's outcomes, and `advance_script` lays more. Decisions that
        leave the record (taking over a replay) are allowed; chance then comes from a
        deck shuffled from the record's seed.

        :raises UnknownGame, OptionError, ValueError: as `new_game` does.
        :raises ReplayError: at the first of those steps that fails (see `follow`).
        """
        seed = record.seed if isinstance(record.seed, int) else 0
        match = cls(record.game, options=record.options, seed=seed, script=record.steps)
        if at != 0:
            match.advance_script(at)
        return match

    # -- where the game stands ---------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.state.current_player

    @property
    def is_chance(self) -> bool:
        return self.state.is_chance

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    @property
    def num_players(self) -> int:
        return self.state.num_players

    def options(self) -> dict:
        """The resolved variant table, ``players`` included (a record's ``options``)."""
        return self.state.options_dict()

    # -- who sees what -------------------------------------------------------------------
    def view(self, seat: int) -> State:
        """A copy of the state holding only what `seat` may see (hidden tiles -1)."""
        return self.state.view(seat)

    def visible(self, step: int, seat: int) -> bool:
        """Whether `seat` saw all of step `step` (0-based): False when it moved a tile
        face down that was not `seat`'s own (a deal or draw into another hand, a
        tile hidden in another seat's mastabas)."""
        return not self._hidden_from[step] >> seat & 1

    def piece(self, step: int) -> int:
        """The physical tile step `step` (0-based) moved, as `State.piece` numbers it,
        or -1. Where a game has several sets (Build Up), two steps naming one tile
        may move two tiles: compare pieces, not names, with `State.seen_pieces`."""
        return self._pieces[step]

    # -- playing -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Check `action` (normally the decision of the seat to move; a chance outcome
        is accepted too, e.g. from a test or a record), apply it and return its events.

        :raises IllegalAction: with the reason, when it is not legal now.
        """
        return self._apply(action, dealt=False)

    def resolve_chance(self) -> tuple[Action, list[Event]]:
        """At a chance node: apply the next chance outcome (the record's while the
        match follows it, else the deck's) and return it with its events.

        :raises IllegalAction: at a decision or at the end; or a scripted outcome the
            rules refuse.
        :raises InvalidNotation: a scripted step that does not parse.
        """
        if not self.state.is_chance:
            raise ValueError("resolve_chance: no chance outcome is due now")
        scripted = self.scripted()
        if scripted is not None:
            return scripted, self._apply(scripted, dealt=False)
        if self._deck is None:
            self._deck = self._rebuild_deck()
        action = self._deck.sample(self.state)
        return action, self._apply(action, dealt=True)

    # -- laying steps written down -------------------------------------------------------
    def play_step(self, step: str | Action, *, exact: bool = False) -> list[Event]:
        """Apply one step and return its events: a step's text (``"0 draw"``, parsed in
        the state now, its actor checked) or an `Action`. A chance step counts as dealt
        by the deck when the deck deals that very outcome (see the module's notes).

        :param exact: also refuse a text not written exactly as the notation writes it
            (padding, a seat written ``01``), as ``replay --check`` does.
        :raises ReplayError: numbered ``len(steps) + 1``, with its ``kind``; the
            match is unchanged.
        """
        state = self.state
        number = len(self.steps) + 1
        text = step_text(state, step) if isinstance(step, Action) else step
        try:
            action = step if isinstance(step, Action) else parse_step(state, text)
            if exact:
                written = step_text(state, action)
                if written != text:
                    raise ReplayError(number, text, f'not written as the notation writes it: "{written}"',
                                      ReplayError.SPELLING)
            return self._apply(action, dealt=None if state.is_chance else False)
        except InvalidNotation as error:
            raise ReplayError(number, text, str(error), ReplayError.NOTATION) from None
        except IllegalAction as error:
            if error.seat == CHANCE:
                raise ReplayError(number, text, f"impossible chance outcome: {error.reason}",
                                  ReplayError.CHANCE) from None
            raise ReplayError(number, text, f"illegal decision: {error.reason}", ReplayError.ILLEGAL) from None

    def follow(self, steps: Iterable[str | Action], *, strict: bool = True,
               exact: bool = False) -> ReplayError | None:
        """Apply `steps` in order (texts or actions, as `play_step`) up to the first
        that fails, without returning events. The steps before it stay applied.

        :param strict: raise that step's `ReplayError`; otherwise return it.
        :param exact: as for `play_step`.
        :returns: None when every step applied (or, not strict, the first failure).
        :raises ReplayError: when `strict`, for the first step that fails.
        """
        for step in steps:
            try:
                self.play_step(step, exact=exact)
            except ReplayError as error:
                if strict:
                    raise
                return error
        return None

    def state_at(self, step: int) -> State:
        """A copy of the full state after the first `step` steps (the match is not
        touched): the state as it was before a step, for undo or for analysis.

        :raises ValueError: for a step outside ``0..len(steps)``.
        """
        if not 0 <= step <= len(self.steps):
            raise ValueError(f"state_at({step}): a match of {len(self.steps)} steps")
        if step == len(self.steps):
            return self.state.clone()
        state = self._start.clone()
        for action in self.actions[:step]:
            state.apply_unchecked(action)
        return state

    def _apply(self, action: Action, dealt: bool | None) -> list[Event]:
        text = step_text(self.state, action)
        piece = self.state.piece(action)
        events = self.state.apply(action)
        index = len(self.steps)
        if self._diverged is None and (index >= len(self.script) or self.script[index] != text):
            self._diverged = index
        self.steps.append(text)
        self.actions.append(action)
        self._from_deck.append(dealt)
        if dealt is None:
            self._deck = None  # worked out when next needed
        self._pieces.append(piece)
        hidden = 0
        for event in events:
            if not event.face_up and event.tile >= 0:
                hidden |= ~(1 << event.seat) if event.seat >= 0 else -1
        self._hidden_from.append(hidden & ((1 << self.state.num_players) - 1))
        return events

    # -- replaying a record ----------------------------------------------------------------
    @property
    def follows_script(self) -> bool:
        """Whether every step so far is the record's (always True with no record)."""
        return self._diverged is None

    def scripted(self) -> Action | None:
        """The record's next step as an action, or None when there is no next step or
        the match has left the record.

        :raises InvalidNotation: when that step does not parse here.
        """
        index = len(self.steps)
        if self._diverged is not None or index >= len(self.script):
            return None
        return parse_step(self.state, self.script[index])

    def advance_script(self, until: int | None = None) -> None:
        """Lay the record's steps (`follow`) until `until` steps are applied (default:
        all of them); nothing once the match has left the record.

        :raises ReplayError: at a step the engine refuses; the steps before it stay
            applied.
        """
        if self._diverged is None:
            stop = len(self.script) if until is None else min(until, len(self.script))
            self.follow(self.script[len(self.steps):stop])

    # -- undo ----------------------------------------------------------------------------
    def undo_to(self, step: int) -> None:
        """Keep the first `step` steps and forget the rest: the state, and the deck,
        are rebuilt as they were after them, without events. Chance outcomes dealt
        before `step` stay as they were; applying the same decisions again deals the
        same tiles again.

        :raises ValueError: for a step outside ``0..len(steps)``.
        """
        if not 0 <= step <= len(self.steps):
            raise ValueError(f"undo_to({step}): a match of {len(self.steps)} steps")
        if step < len(self.steps):
            self.state = self.state_at(step)
        else:
            self.state = self.state.clone()  # a rebuilt state is a new object, as promised
        self._deck = None  # rebuilt when next needed
        for kept in (self.steps, self.actions, self._from_deck, self._hidden_from, self._pieces):
            del kept[step:]
        if self._diverged is not None and self._diverged >= step:
            self._diverged = None

    def _rebuild_deck(self) -> Deck:
        """The deck after every step so far: a step it dealt is dealt again (the deck
        moves on exactly as it did), and a chance step laid from outside counts as
        dealt when the deck deals that very outcome (and the step is marked so)."""
        state, deck, flags = self._start.clone(), Deck(self.seed), self._from_deck
        for index, action in enumerate(self.actions):
            dealt = flags[index]
            if dealt is None:
                trial = deck.copy()
                dealt = flags[index] = trial.sample(state) == action
                if dealt:
                    deck = trial
            elif dealt:
                deck.sample(state)
            state.apply_unchecked(action)
        return deck

    # -- the record ----------------------------------------------------------------------
    def to_record(self, seats: Sequence[str] | None = None, error: str | None = None) -> Record:
        """The game so far as a record (its ``scores`` are the totals so far)."""
        names = list(seats) if seats is not None else [f"seat {p}" for p in range(self.num_players)]
        return Record(self.game, self.options(), names, self.seed, list(self.steps), self.state.scores(), error)


def random_game(game: str, seed: int, players: int | None = None, options: dict | None = None) -> Record:
    """A game with uniformly random decisions: chance from the deck of `seed` (as the
    tournament and the client deal), decisions from ``random.Random(seed)``, so the
    same seed gives the same record."""
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        if match.current_player == CHANCE:
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    return match.to_record(["random"] * match.num_players)
