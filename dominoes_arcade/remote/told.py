"""`ToldGame`: an online game as one seat was told it, made into a full engine
state a table can draw and animate, built from nothing the seat was not told.

The room server sends a seat each step (its notation, a tile it did not see
written ``?``, and the engine's events as it saw them) and, after each move, its
view (docs/online.md). The table needs a full `State` (every tile somewhere) and,
to animate a step, the engine's events of that step. So `ToldGame` keeps a
*shadow*: a full state consistent with everything the seat was told, its hidden
tiles (another seat's hand, the boneyard) arbitrary and drawn face down.

- A step is played in the shadow when it is legal there and its events, as the
  seat sees them (`seen_events`), are the ones it was told: a step written in full
  is parsed, a masked one (``* deal 2 ?``) is any outcome whose masked notation
  matches. Its events are then real engine events of a consistent world.
- When it is not (another seat plays a tile the shadow had put elsewhere), a new
  shadow is sampled: `engine.determinize` of the latest view, the steps told since
  that view played again on it, until the step fits (`TRIES` samples, seeded).
  A step that reveals hidden tiles (a Cyprus round's end shows every hand) has
  them written into that view first.
- A step that still does not fit is laid without animation (`StepLaid`) and the
  shadow waits for the next view; the record at the game's end (its seed
  revealed) lays the true final state.
- At every view the shadow's view of the seat must be the view told; if it is
  not, the shadow is sampled afresh from it (`Rebuilt`).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from ..bots.protocol import masked, tile_of
from ..engine import CHANCE, Action, Event, IllegalAction, InvalidNotation, determinize, new_game
from ..engine.core import State
from ..engine.match import Match
from ..engine.record_format import parse_step, step_text
from ..engine.records import Record
from ..engine.tiles import BY_NAME
from ..engine.view_json import HIDDEN, ViewError, view_from_json, view_to_json
from ..online_protocol import event_json
from ..session.events import Rebuilt, StepApplied, StepLaid, seen_events

TRIES = 200
"""Shadows sampled from a view before a step is laid without animation."""


def event_from_json(data: dict[str, Any]) -> Event:
    """A told event back as an engine `Event` for the move log's words: its tile a
    number (-1 for ``?``), a result object's fields as attributes."""
    tile = data.get("tile")
    value = data.get("value")
    if isinstance(value, dict):
        value = SimpleNamespace(**value)
    return Event(data["kind"], data["seat"], BY_NAME.get(tile, -1) if isinstance(tile, str) else -1,
                 data.get("from", ""), data.get("to", ""), bool(data.get("face_up", True)), value)


class ToldGame:
    """The game as seat `seat` was told it, with the surface of a `Match` a table
    reads (``game``, ``num_players``, ``state``, ``steps``, ``options``).

    :param game: the room's game; `options` its variant table (``players`` included).
    :param seed: seeds the sampling of hidden tiles (never the game's own seed,
        which the seat is not told).
    """

    def __init__(self, game: str, options: dict[str, Any], seat: int, seed: int = 0):
        self.game, self.seat = game, seat
        self.state: State = new_game(game, options=options)
        """The shadow: a full state consistent with what the seat was told."""
        self.steps: list[str] = []
        """Every step as the seat was told it (a hidden tile written ``?``)."""
        self.told: list[dict[str, Any]] = []
        """Every ``step`` message, in order."""
        self.view: State | None = None
        self.view_message: dict[str, Any] | None = None
        self.view_step = 0
        """The latest view told (`view_from_json`), as JSON, and after how many steps."""
        self.stale = False
        """A step could not be played in the shadow: it waits for the next view."""
        self.anchor: tuple[int, State] | None = None
        """A full state consistent with the first so many steps told, kept where a
        shadow was sampled for a step (a round's end, every hand shown): the steps
        since may be played again on it with other hidden choices."""
        self._laid_for: tuple[int, tuple[Action, list[Event], State]] | None = None
        """The step (its index) the shadow was just laid out for (`_lay_before`), fitted."""
        self.rng = random.Random(seed)
        self.resampled = 0
        """How many times a shadow was sampled afresh (a measure, for the tests)."""

    @property
    def num_players(self) -> int:
        return self.state.num_players

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    def options(self) -> dict:
        return self.state.options_dict()

    # -- a step ------------------------------------------------------------------------------
    def play(self, message: dict[str, Any]) -> list[Rebuilt | StepApplied] | None:
        """Play the ``step`` `message` in the shadow: its `StepApplied`; or, when a
        new shadow had to be sampled, a `Rebuilt` alone (the step is not played yet:
        call again); or None when no shadow fits (nothing changes; `lay` it, or
        wait for a view first)."""
        laid_for, self._laid_for = self._laid_for, None
        if laid_for is not None and laid_for[0] == len(self.steps):
            shown = [self._played(message, *laid_for[1])]  # laid for this step last time: now the step
            self.anchor = (len(self.steps), self.state.clone())
            return shown
        if not self.stale:
            fitted = self._fit(self.state, message)
            if fitted is not None:
                return [self._played(message, *fitted)]
        sampled = self._sample(message)
        if sampled is None:
            return None
        self.resampled += 1
        return self._lay_before(*sampled)

    def _lay_before(self, before: State, fitted: tuple[Action, list[Event], State]) -> list[Rebuilt | StepApplied]:
        """The shadow becomes `before` (a state the step fits), told as `Rebuilt`
        alone: the table lays it out from the state as it is *before* the step, and
        the step itself (`fitted`) comes with the next call to `play`. Together, the
        table would lay out the state after the step and then animate the step over
        it (at a round's end, over the next round's empty table)."""
        self.stale = False
        self.state = before
        self._laid_for = (len(self.steps), fitted)
        return [Rebuilt(len(self.steps))]

    def play_from_record(self, message: dict[str, Any], record: Record) -> list[Rebuilt | StepApplied] | None:
        """Lay the shadow at the true state before the ``step`` `message`, which the
        game's `record` (told at its end, seed included) gives (`Rebuilt`; `play`
        then plays the step): the last steps of a game that show what the views
        never did (the hidden tiles that count at the end)."""
        try:
            state = Match.from_record(record, at=len(self.steps)).state
            true_step = record.steps[len(self.steps)]
        except (ValueError, IndexError):
            return None
        fitted = self._fit(state, {**message, "action": true_step})  # the step itself, not one like it
        if fitted is None:
            return None
        return self._lay_before(state, fitted)

    def lay(self, message: dict[str, Any]) -> StepLaid:
        """Take the ``step`` `message` without playing it: the shadow waits for the next view."""
        self.stale = True
        self._keep(message)
        return StepLaid(len(self.steps), message["actor"], tuple(event_from_json(e) for e in message["events"]))

    def _played(self, message: dict[str, Any], action: Action, events: list[Event], after: State) -> StepApplied:
        self.state = after
        self._keep(message)
        return StepApplied(action, events, len(self.steps) - 1, message["actor"])

    def _keep(self, message: dict[str, Any]) -> None:
        self.steps.append(message["action"])
        self.told.append(message)

    def _fit(self, state: State, message: dict[str, Any],
             shown_later: frozenset[int] = frozenset()) -> tuple[Action, list[Event], State] | None:
        """An action of `state` that is the told step, with the events the seat was
        told, and the state after it (`state` is not changed). A masked step takes
        a tile of `shown_later` (tiles later steps show) only when no other fits."""
        text = message["action"]
        if state.is_terminal:
            return None
        if HIDDEN not in text:
            try:
                candidates = [parse_step(state, text)]
            except (InvalidNotation, ValueError):
                return None
        else:
            actions = ([a for a, _ in state.chance_outcomes()] if state.current_player == CHANCE
                       else state.legal_actions())
            candidates = [a for a in actions if masked(step_text(state, a)) == text]
            self.rng.shuffle(candidates)
            candidates.sort(key=lambda a: a.tile in shown_later)
        for action in candidates:
            trial = state.clone()
            try:
                events = trial.apply(action)
            except IllegalAction:
                continue
            if [event_json(e) for e in seen_events(events, self.seat)] == message["events"]:
                return action, events, trial
        return None

    def _sample(self, message: dict[str, Any]) -> tuple[State, tuple[Action, list[Event], State]] | None:
        """A new shadow: the latest view determinized (or, every other try, the
        `anchor` when it is later), the steps told since played again on it with
        fresh hidden choices; it and `message`'s step fitted on it, or None when
        `TRIES` do not fit."""
        if self.view is None or self.view_step > len(self.steps):
            return None
        view = self._revealed(message) or self.view
        anchor = self.anchor if self.anchor is not None and self.anchor[0] > self.view_step else None
        shown_later = frozenset(BY_NAME[name] for told in [*self.told[self.view_step:], message]
                                if (name := tile_of(told["action"])) in BY_NAME)
        for attempt in range(TRIES):
            if anchor is not None and attempt % 2:
                state, since = anchor[1].clone(), self.told[anchor[0]:]
            else:
                state, since = determinize(view, self.rng), self.told[self.view_step:]
            for told in since:
                fitted = self._fit(state, told, shown_later)
                if fitted is None:
                    break
                state = fitted[2]
            else:
                fitted = self._fit(state, message)
                if fitted is not None:
                    return state, fitted
        return None

    def _revealed(self, message: dict[str, Any]) -> State | None:
        """The latest view with the hands a step's events show (a star game's round
        ending shows every hand) written in, when the step comes right after it."""
        if self.view_message is None or self.view_step != len(self.steps):
            return None
        shown = next((e["value"]["hands"] for e in message["events"]
                      if isinstance(e.get("value"), dict) and "hands" in e["value"]), None)
        data = self.view_message.get("view", {})
        if shown is None or len(shown) != len(data.get("hands", ())):
            return None
        hands = [list(hand) for hand in shown]
        played = message["action"].split()[1:2]
        if message["actor"] >= 0 and played and played[0] in BY_NAME:
            hands[message["actor"]].append(played[0])  # the tile that ended the round was in that hand
        if any(len(hand) != len(before) for hand, before in zip(hands, data["hands"], strict=True)):
            return None
        try:
            return view_from_json({**data, "hands": hands})
        except (ViewError, KeyError, ValueError):
            return None

    # -- a view, the end ----------------------------------------------------------------------
    def take_view(self, message: dict[str, Any]) -> Rebuilt | None:
        """The seat's view after `message["step"]` steps (all of them taken): the
        shadow is checked against it, and sampled afresh from it when it does not
        show exactly that (`Rebuilt`)."""
        self.view_message, self.view_step = message, message["step"]
        self.view = view_from_json(message["view"])
        if not self.stale and view_to_json(self.state.view(self.seat)) == message["view"]:
            return None
        self.state, self.stale = determinize(self.view, self.rng), False
        self.resampled += 1
        return Rebuilt(len(self.steps))

    def end(self, record: Record) -> Rebuilt | None:
        """The game is over and `record` (its seed revealed) was told: the shadow
        becomes the true final state unless it already ends with the same scores."""
        if not self.stale and self.state.is_terminal and self.state.scores() == list(record.scores or []):
            return None
        self.state = Match.from_record(record, at=None).state
        self.stale = False
        return Rebuilt(len(self.steps))
