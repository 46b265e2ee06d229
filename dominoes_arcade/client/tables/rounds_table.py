"""`RoundsTable`: the scene machinery a table shares when its game is played in
rounds to a target score, each seat on a plate round the table, and when it draws a
snapshot of its observation (the table's own frozen model, with every hand as the
observation shows it, the totals, and once a round is over, ``revealed``).

What it holds, so a game's table keeps only its own rules' parts:

- the seats: which seat sits at the bottom (the player at this screen), whose
  hand may be drawn face up, where a hand's tiles sit (`hand_place`), the
  decisions (a tile of the hand onto a target, or a button: `choices`);
- the tiles in flight (``flights``): dealt and drawn ones from the boneyard's pile to
  a hand, turned face up for their owner (`fly_in`), played ones from a hand to the
  table, turned over on the way when the viewer could not see them (`fly_from_hand`);
- the notes that fade (`show_note`, `note_seat`: "Pass" by its seat, a new round
  over the felt);
- a round's end: the summary held on screen and the plates' totals counting up
  (`round_over`, `shown_total`), the game-over screen's lines and breakdown;
- keeping up with the session: an undo or a replay's jump lays the table out again
  (`resync`), and in hot-seat the hands follow the seat the screen is handed to.

A step is animated from its events as the observing seat saw them (`seen_events`:
another seat's dealt or drawn tile is -1, its flight keyed by the place it lands in).
At a round's end the engine has already started the next round, so the game's
``end_of_round`` rebuilds the finished one from the last snapshot and the last play.
The game's table gives its modules' functions (`GameParts`: the snapshot, where the
seats' tiles sit), its timings (`Timings`), where its decisions' tiles go
(`target_of`) and how its own moves fly (`animate_move`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, Protocol

import pygame

from ...engine import Action, Event
from ...session.events import seen_events
from ..tween import Sequence, Tween, Wait
from ..verdict import Breakdown, last_columns
from . import TableSetup
from .base import TableScene
from .interaction import Choice
from .sprites import Note, Sprite

BREAKDOWN_ROUNDS = 5
"""Columns of rounds the game-over screen shows: a longer game adds up its first rounds."""
ROUND_HOLD_DEMO = 3.5
"""Seconds a round's summary stays up in a game of bots; with a human at the table it
waits for a press (up to `ROUND_HOLD_HUMAN`)."""
ROUND_HOLD_HUMAN = 60.0
COUNT_UP_DELAY = 0.5
COUNT_UP = 1.2
"""Seconds the plates' totals take to count up to a round's points, after `COUNT_UP_DELAY`."""


class Snapshot(Protocol):
    """What this machinery reads of a table's snapshot (a frozen dataclass)."""

    hands: tuple[tuple[int, ...], ...]
    """Every hand as the observation shows it: one the observer may not see is -1s."""
    totals: tuple[int, ...]
    revealed: bool
    """The round is over and every hand is public."""


@dataclass(frozen=True)
class GameParts:
    """What a game's own modules give its table of rounds: functions of the same
    signatures in each game's snapshot and layout modules."""

    snapshot: Callable[[Any], Snapshot]
    """The snapshot of an observation's view."""
    end_of_round: Callable[[Any, Any, tuple[int, ...], Any], Snapshot]
    """(before, the engine's `RoundResult`, the new totals, the last play (tile, its
    event's value) or None) -> the finished round's snapshot, every hand shown."""
    seat_plates: Callable[[int, int], dict[int, pygame.Rect]]
    """(players, the bottom seat) -> the other seats' plates, by seat."""
    plate_tiles: Callable[[pygame.Rect, int], list[pygame.Rect]]
    """(plate, count) -> that many upright tiles on the plate."""
    hand_tiles: Callable[[int, frozenset[int], Any], list[pygame.Rect]]
    """(count, the indices that stand up, the bottom row) -> the bottom hand's upright tiles."""


@dataclass(frozen=True)
class Timings:
    """How long a table's tiles and notes take, in seconds (the speed setting
    stretches them)."""

    deal_flight: float
    deal_pace: float
    """Between dealt tiles: the deal cascades, each tile still in the air as the next leaves."""
    deal_turn: float
    """A dealt tile turning face up for its owner, from 60% of its flight."""
    draw_flight: float
    draw_turn: float
    """A drawn tile turning face up for its owner, from 55% of its flight."""
    play_flight: float
    """A played tile from its hand to its place (a hidden one turns over in the first half)."""
    seat_note: float
    """A note by a seat ("Pass"), fading out over its last 40%."""
    round_note: tuple[float, float]
    """The new round's note over the felt: how long it stays, then how long it fades."""


class RoundsTable(TableScene):
    """A table of rounds with seats' plates, tiles in flight and notes (the module's
    docstring). A game's table sets ``parts``, ``timings`` and ``row`` (its bottom
    row, with the boneyard's ``pile_centre`` and ``pile_length``), and gives the hooks
    below."""

    parts: GameParts
    timings: Timings
    row: Any
    """The bottom row of the game's layout: the hand's box, the boneyard's pile."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        self.model: Any = self.snapshot()
        """The snapshot drawn now (a `Snapshot`): the tweens fly tiles between two of them."""
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat
        """Whose observation `model`'s hands come from (`_follow_seat`)."""
        self.flights: dict[Hashable, Sprite] = {}
        """The tiles in flight: by tile, or a tile this screen may not know by the place it lands
        in, ``("hand", seat, index)``. A deal's do not hold the game (``hold=False``), so a deal cascades."""
        self.notes: list[Note] = []
        self.totals_from: tuple[int, ...] = self.model.totals
        """The totals before the last round's points, which `shown_total` counts up from."""
        self.summary_up = False
        self.count_up = 1.0
        """0 -> 1 while the plates' totals count up from `totals_from` (`shown_total`)."""
        self.last_move: tuple | None = None
        """Where the last move went: ``("seat", seat)``, or a place the game's table names."""
        self._bottom = self._initial_bottom()

    # -- the game's table says ---------------------------------------------------------------------
    def target_of(self, action: Action) -> Hashable | None:
        """Where a decision puts its tile from the hand (the item it is dropped on),
        or None for a decision made with a button (``("button", action.kind)``)."""
        raise NotImplementedError

    def animate_move(self, event: Event, before: Snapshot, after: Snapshot) -> None:
        """Animate one of the game's own events (a tile played, ...); the rest
        (`on_events`) are this machinery's. Other kinds are left alone."""
        raise NotImplementedError

    def note_place(self, seat: int, text: str) -> tuple[float, float]:
        """Where a note of `text` by `seat` is centred."""
        raise NotImplementedError

    def round_note(self, event: Event) -> Note:
        """The note over the felt that opens round ``event.value``."""
        raise NotImplementedError

    def target_score(self) -> int:
        """The total that wins the game."""
        raise NotImplementedError

    def summary_closed(self) -> None:
        """The round's summary has come down (the game goes on): by default the
        finished round stays on the table until the next round's events."""

    # -- the snapshot and the seats ---------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """The observation drawn now (``self.seen.view``) as the table's snapshot."""
        return self.parts.snapshot(self.seen.view)

    def plates(self) -> dict[int, pygame.Rect]:
        """The other seats' plates now, by seat (the bottom seat's is not among them)."""
        return self.parts.seat_plates(self.seen.num_players, self.bottom_seat)

    def _initial_bottom(self) -> int:
        humans = [seat for seat in range(self.seen.num_players) if self.session.is_human(seat)]
        return humans[0] if humans else 0

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the player at this screen (in hot-seat, the
        one whose turn it is once they have taken the device)."""
        if self.revealed_seat is not None:
            self._bottom = self.revealed_seat
        return self._bottom

    def hand_visible(self, seat: int, model: Snapshot | None = None) -> bool:
        """Whether `seat`'s hand may be drawn face up in `model` (by default the one
        on screen): its owner is at the screen, or the round is over."""
        return (model or self.model).revealed or self.shows_hidden(seat)

    def landing(self, seat: int) -> int:
        """How many of `seat`'s tiles are still in the air towards its hand (a hidden
        hand draws only its first tiles meanwhile: its arrivals land at its end)."""
        hand = self.model.hands[seat]
        known = sum(1 for tile in hand if tile >= 0 and tile in self.flights)
        return known + sum(1 for key in self.flights if isinstance(key, tuple) and key[1] == seat)

    def playable_tiles(self) -> frozenset[int]:
        """Tiles of the bottom hand that some legal move plays (they stand up)."""
        if not self.can_decide or self.seen.current_player != self.bottom_seat or self.model.revealed:
            return frozenset()
        return frozenset(c.action.tile for c in self.current_choices() if c.action.tile >= 0)

    def hand_rects(self, model: Snapshot | None = None) -> list[tuple[int, pygame.Rect]]:
        """The bottom hand's tiles and their places (hidden tiles as -1)."""
        model = model or self.model
        seat = self.bottom_seat
        hand = model.hands[seat]
        if not self.hand_visible(seat, model):
            return [(-1, rect) for rect in self.parts.hand_tiles(len(hand), frozenset(), self.row)]
        playable = self.playable_tiles()
        lifted = frozenset(i for i, t in enumerate(hand) if t in playable)
        return list(zip(hand, self.parts.hand_tiles(len(hand), lifted, self.row), strict=True))

    def hand_place(self, model: Snapshot, seat: int, tile: int) -> tuple[float, float, int]:
        """Centre and length of `tile` in `seat`'s hand in `model`; a hidden hand's
        tiles all come and go at its last place (its order must not tell which tile)."""
        hand = model.hands[seat]
        visible = self.hand_visible(seat, model)
        index = hand.index(tile) if visible and tile in hand else max(0, len(hand) - 1)
        if seat == self.bottom_seat:
            rects = self.parts.hand_tiles(max(1, len(hand)), frozenset(), self.row)
        else:
            rects = self.parts.plate_tiles(self.plates()[seat], max(1, len(hand)))
        rect = rects[min(index, len(rects) - 1)]
        return rect.centerx, rect.centery, rect.height

    # -- the kit's hooks -----------------------------------------------------------------------------
    def choices(self) -> list[Choice]:
        """A tile of the bottom hand onto its target (`target_of`), or a button."""
        if not self.waiting_for_human or self.model.revealed:
            return []
        made: list[Choice] = []
        for action in self.legal:
            target = self.target_of(action)
            if target is None:
                made.append(Choice(action, ("button", action.kind)))
            else:
                made.append(Choice(action, ("hand", action.tile), target))
        return made

    def hand_items(self) -> dict[Hashable, pygame.Rect]:
        """The decision's sources in the bottom hand, ``("hand", tile)``, when it is shown."""
        if not self.hand_visible(self.bottom_seat):
            return {}
        return {("hand", tile): rect for tile, rect in self.hand_rects()}

    def summary_shown(self) -> bool:
        return self.summary_up

    def result_lines(self) -> list[str]:
        outcome = self.seen.outcome
        if self.session.error or outcome is None:
            return super().result_lines()
        rounds = self.seen.view.round_number
        totals = ", ".join(f"{self.seat_name(s)} {score}" for s, score in enumerate(outcome.scores))
        headline = (f"{self.seat_name(outcome.winners[0])} wins" if outcome.winners
                    else "A draw: the highest totals tie")
        return [headline, f"first to {self.target_score()} points, after {rounds} round{'s' * (rounds != 1)}.",
                f"Totals: {totals}"]

    def score_breakdown(self) -> Breakdown:
        """A column for each round (its winner's points), the first rounds of a long
        game added up in one."""
        rounds = self.seen.view.rounds
        parts = [[result.points if result.winner == seat else 0 for result in rounds]
                 for seat in range(self.seen.num_players)]
        columns, parts = last_columns([f"Round {result.number}" for result in rounds], parts, BREAKDOWN_ROUNDS,
                                      "Earlier")
        return Breakdown(columns, parts, list(self.seen.view.totals))

    # -- events -> animations ------------------------------------------------------------------------
    def on_events(self, action: Action, events: list[Event]) -> None:
        events = seen_events(events, self.seen_seat)  # another seat's dealt or drawn tile is -1
        before = self.model
        ended = next((event for event in events if event.kind == "round_over"), None)
        if ended is None:
            after = self.snapshot()
        else:  # the engine has already started the next round: keep the finished one on the table
            last_play = next(((e.tile, e.value) for e in events if e.kind == "play"), None)
            after = self.parts.end_of_round(before, ended.value, tuple(self.seen.view.totals), last_play)
        for event in events:
            kind = event.kind
            if kind == "new_round":
                self.new_round(event)
            elif kind in ("deal", "draw"):
                self.fly_in(event, after)
            elif kind == "pass":
                self.note_seat(event.seat, "Pass")
                self.last_move = ("seat", event.seat)
                self.app.audio.play("move")
            elif kind == "round_over":
                self.round_over(event, before)
            elif kind == "game_over":
                self.app.audio.play("win")
            else:
                self.animate_move(event, before, after)
        self.model = after
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat

    def new_round(self, event: Event) -> None:
        self.summary_up = False
        self.flights.clear()
        self.last_move = None
        self.app.audio.play("shuffle")
        self.show_note(self.round_note(event), *self.timings.round_note, hold=False)

    def fly_in(self, event: Event, after: Snapshot) -> None:
        """A tile from the boneyard to `event.seat`'s hand, turned up for its owner."""
        seat, tile = event.seat, event.tile
        timings = self.timings
        x, y, length = self.hand_place(after, seat, tile)
        visible = self.hand_visible(seat, after)
        flight = self.pile_sprite(tile, seat, length)
        # A tile this screen may not know is keyed by its place in the hand (deals to one seat overlap).
        key = tile if tile >= 0 else ("hand", seat, len(after.hands[seat]) - 1)
        self.flights[key] = flight
        done = self._lander(key)
        if event.kind == "deal":
            self.tweens.add(Tween(flight, timings.deal_flight, easing="out_cubic", x=x, y=y, lift=0.0, zoom=1.0,
                                  on_done=done if not visible else None), hold=False)
            if visible:
                flight.face_to = True
                self.tweens.add(Sequence(Wait(timings.deal_flight * 0.6),
                                         Tween(flight, timings.deal_turn, easing="linear", turn=1.0, on_done=done)),
                                hold=False)
            self.tweens.add(Wait(timings.deal_pace))
            if len(self.flights) % 3 == 1:  # a sound every third tile: a deal's clatter, not a click each
                self.app.audio.play("draw")
            return
        flight.face_to = visible
        self.tweens.tween(flight, timings.draw_flight, easing="out_cubic", x=x, y=y, lift=0.0, zoom=1.0, on_done=done)
        if visible:
            self.tweens.add(Sequence(Wait(timings.draw_flight * 0.55),
                                     Tween(flight, timings.draw_turn, easing="linear", turn=1.0)))
        self.last_move = ("seat", seat)
        self.app.audio.play("draw")

    def pile_sprite(self, tile: int, seat: int, length: int) -> Sprite:
        """`tile` leaving the boneyard's pile, face down, for `seat`'s hand where it is `length` long."""
        x, y = self.row.pile_centre
        return Sprite(tile, x, y, length, face_from=False, face_to=False, turn=0.0, lift=0.6,
                      zoom=self.row.pile_length / length, seat=seat)

    def fly_from_hand(self, event: Event, before: Snapshot, x: float, y: float, length: int, **pose: Any) -> None:
        """`event.tile` from its seat's hand in `before` to its place on the table,
        centred at (`x`, `y`) and `length` long there (`pose`: how it lies there, the
        `Sprite`'s fields), turned face up on the way if the viewer could not see it."""
        seat, tile = event.seat, event.tile
        x0, y0, length0 = self.hand_place(before, seat, tile)
        hidden = not self.hand_visible(seat, before)
        flight = Sprite(tile, x0, y0, length, face_from=not hidden, face_to=True, turn=0.0, lift=1.0,
                        zoom=length0 / length, seat=seat, public=True, **pose)
        self.flights[tile] = flight
        seconds = self.timings.play_flight
        self.tweens.tween(flight, seconds, easing="in_out_cubic", x=x, y=y, lift=0.0, zoom=1.0,
                          on_done=self._lander(tile, "clack"))
        if hidden:
            self.tweens.tween(flight, seconds * 0.5, easing="linear", turn=1.0)

    def _lander(self, key: Hashable, sound: str | None = None):
        def land() -> None:
            self.flights.pop(key, None)
            if sound:
                self.app.audio.play(sound)
        return land

    # -- notes ---------------------------------------------------------------------------------------
    def note_seat(self, seat: int, text: str) -> None:
        """A note by `seat` (`note_place`), holding the game while it shows."""
        x, y = self.note_place(seat, text)
        seconds = self.timings.seat_note
        self.show_note(Note(text, x, y), seconds * 0.6, seconds * 0.4)

    def show_note(self, note: Note, stay: float, fade: float, *, hold: bool = True) -> None:
        """Show `note` for `stay` seconds, then fade it out over `fade` (holding the
        game unless `hold` is False) and drop it."""
        self.notes.append(note)
        self.tweens.add(Sequence(Wait(stay), Tween(note, fade, easing="linear", alpha=0.0,
                                                   on_done=lambda: self._drop_note(note))), hold=hold)

    def _drop_note(self, note: Note) -> None:
        if note in self.notes:
            self.notes.remove(note)

    # -- a round's end -------------------------------------------------------------------------------
    def round_over(self, event: Event, before: Snapshot) -> None:
        """The summary comes up and the plates' totals count up from `before`'s; the
        game waits while it shows."""
        self.summary_up = True
        self.totals_from = before.totals
        self.count_up = 0.0
        self.tweens.add(Sequence(Wait(COUNT_UP_DELAY), Tween(self, COUNT_UP, easing="out_cubic", count_up=1.0)),
                        hold=False)
        self.app.audio.play("score")
        self.hold(ROUND_HOLD_HUMAN if self.session.human_seats else ROUND_HOLD_DEMO)

    def shown_total(self, seat: int) -> int:
        """`seat`'s total as the plates show it: counting up after a round."""
        new = self.model.totals[seat]
        if self.count_up >= 1 or seat >= len(self.totals_from):
            return new
        old = self.totals_from[seat]
        return round(old + (new - old) * self.count_up)

    # -- keeping up with the session -----------------------------------------------------------------
    def _sync_key(self) -> tuple[int, int]:
        """What `model` was taken at: the session's version (bumped by every step and
        rebuild) and its steps."""
        return self.session.version, len(self.session.steps)

    def _follow_seat(self) -> None:
        """Another seat's observation is drawn now (hot-seat: the device changed hands;
        a bot's turn hides every hand): take the hands it shows, leaving what is
        moving in place. A finished round's hands are public and stay."""
        self._model_seat = self.seen_seat
        if not self.model.revealed:
            self.model = replace(self.model, hands=self.snapshot().hands)

    def follow_seen_seat(self) -> None:
        """Before drawing: the pass screen may have shown another hand since the last
        update (a session that moved on waits for `update`'s resync)."""
        if self._synced == self._sync_key() and self._model_seat != self.seen_seat:
            self._follow_seat()

    def update(self, dt: float) -> None:
        if self._synced != self._sync_key():
            self.resync()
        elif self._model_seat != self.seen_seat:
            self._follow_seat()
        super().update(dt)
        if self.summary_up and self.hold_left <= 0 and not self.seen.is_terminal:
            self.summary_up = False
            self.summary_closed()

    def on_rebuild(self) -> None:
        self.resync()

    def on_game_over(self) -> None:
        self.summary_up = False  # the kit's game-over screen takes over; the hands stay shown

    def resync(self) -> None:
        """The state changed under the table (an undo, a replay stepping back): lay
        it out afresh, with no animation."""
        self.tweens.clear()
        self.flights.clear()
        self.notes.clear()
        self.model = self.snapshot()
        self.summary_up = False
        self.count_up = 1.0
        self.last_move = None
        self._synced = self._sync_key()
        self._model_seat = self.seen_seat
