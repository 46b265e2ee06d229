"""`OnlineSession`: the session a table drives for the player's seat of an online
game. The room server decides the game (docs/online.md); this session only shows
what the seat is told and sends the player's decisions, with the surface the
tables read from `session.Session` (`SessionBase`), so every table plays online
as it plays here. No pygame.

    link = OnlineLink(url)                # joined, the game started (the lobby screens)
    session = OnlineSession(link)
    while True:                           # the table's frame loop
        session.tick(dt)                  # the next step told, its view, the end
        for event in session.drain():     # StepApplied, Rebuilt, StepLaid, Notice, GameOver
            ...
        if session.waiting_for_human:
            session.play(action)          # sent to the server; its step comes back

Its `state` is never the server's: `ToldGame` builds a full state from the seat's
views and steps alone (another seat's tiles arbitrary, drawn face down). Steps come
one a `tick`, so the table animates each before the next. Undo, redo, hints and
letting the bot finish are off (the footer says so); nothing is saved here (the
server keeps the room). A notice of the server (a bot played a turn for a seat that
ran out of time, a move refused), a player dropping or coming back and the link
reconnecting reach the table as `Notice` toasts. At the end (the record told, its
seed revealed) the game goes into the player's history like a local one, the seats
in words: ``human`` for the player, ``online`` for the other players, the bots'
difficulty.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from pathlib import Path
from typing import Any

from ..engine import Action, Event, IllegalAction
from ..engine.records import Record
from ..online_protocol import HOST_LEFT
from ..session.base import SessionBase
from ..session.events import GameGone, GameOver, Notice, StepApplied, StepLaid, TurnChanged
from ..session.seats import BotSeat, HumanSeat, Seat
from .told import ToldGame

UNDO_OFF = "Undo is off in online games."
HINT_OFF = "Hints are off in online games."
BOT_FINISH_OFF = "In an online game a bot plays your turns only when you are away."
STEP_WAIT = 2.0
"""Seconds a step that does not fit the table waits for the view that follows it
(it comes in the same breath) before it is laid without animation."""
PRESENCE = {"reconnecting": "{seat} reconnecting\u2026", "back": "{seat} is back"}
LINK = {"reconnecting": "Connection lost: reconnecting\u2026", "connected": "Reconnected."}
GONE = {None: ("The connection is lost", "The game's server cannot be reached: the game goes on there without you."),
        HOST_LEFT: ("The host left the game", "The game was played on the host's computer, so it cannot go on.")}
"""What the player reads when the link is lost for good, by the link's ``reason``."""


class OnlinePlayer(Seat):
    """Another player of the room, at their own screen."""

    kind = "online"


class OnlineSession(SessionBase):
    """The player's seat of the online game `link` is in (an `OnlineLink`, or an
    object with its ``seat``, ``lobby``, ``told``, ``act`` and ``close``).

    :param folder: where the history is written (by default the user's data directory).
    :param seed: seeds the hidden tiles the table is drawn with (`ToldGame`).
    """

    demo = False
    record = None
    """A session replaying a record has one; an online game is played."""
    keeps_games = False
    """Nothing is saved here: the server keeps the room."""
    hint = None
    hint_ticket = None
    bot_ticket = None
    can_redo = False

    def __init__(self, link: Any, *, folder: Path | None = None, seed: int = 0):
        lobby = link.lobby
        if lobby is None or link.seat is None or link.seat < 0:
            raise ValueError("join a room's player seat before its table opens")
        self.link, self.folder, self.seat = link, folder, link.seat
        self.game = lobby["game"]
        players = len(lobby["seats"])
        self.match = ToldGame(self.game, {**lobby["options"], "players": players}, self.seat, seed)
        self.seats: list[Seat] = [HumanSeat() if seat == self.seat else
                                  OnlinePlayer() if entry["kind"] == "player" else BotSeat(entry["kind"])
                                  for seat, entry in enumerate(lobby["seats"])]
        self.kinds = [seat.kind for seat in self.seats]
        self.events = []
        self.version = 0
        self.ended = False
        self.error: str | None = None
        self.finished_by_bot: list[int] = []
        self.given_up = False
        self.told: Record | None = None
        """The game's record, once the server told it (the game is over)."""
        self.view: dict[str, Any] | None = None
        """The latest ``view`` message taken, with the seat's legal actions."""
        self._read = 0
        self._heard = len(link.told())
        """Messages told before the table opened: the game's are taken, their notices
        (the lobby's comings and goings) are old news and not toasted."""
        self._pending: deque[dict[str, Any]] = deque()
        self._waited = 0.0
        self._acted_at = -1
        self._turn = self.state.current_player

    # -- where the game stands ---------------------------------------------------------------
    @property
    def waiting_for_human(self) -> bool:
        """The player is to move: every step told is shown, and the latest view
        offers actions not yet answered."""
        view = self.view
        return (not self.ended and not self.gone and not self._pending and view is not None and bool(view["legal"])
                and view["step"] == len(self.steps) and view["step"] != self._acted_at)

    @property
    def awaits_others(self) -> bool:
        """Every step told is shown and the player is not to move: the next step,
        view or end comes from the server."""
        return not self._pending and not self.ended and not self.waiting_for_human

    @property
    def is_over(self) -> bool:
        """The record was told and every step before it shown."""
        return self.told is not None and not self._pending

    # -- the game moving on ----------------------------------------------------------------------
    def poll(self) -> None:
        """Take what the link received since: the game's messages wait their turn
        (`tick`), what the player should be told at once becomes a `Notice`."""
        fresh = self.link.told(self._read)
        self._read += len(fresh)
        for index, message in enumerate(fresh, self._read - len(fresh)):
            kind = message.get("type")
            if kind in ("step", "view", "game_over"):
                self._pending.append(message)
            elif index < self._heard:
                continue
            elif kind == "notice":
                self.events.append(Notice(message["text"]))
            elif kind == "presence" and message["seat"] != self.seat and message["status"] in PRESENCE:
                self.events.append(Notice(PRESENCE[message["status"]].format(seat=f"Seat {message['seat'] + 1}")))
            elif kind == "link" and message["status"] == "lost":
                if self.told is None and not any(m["type"] == "game_over" for m in self._pending):
                    self.gone = True  # (a game whose end was told is played out to the end)
                    self.events.append(GameGone(*GONE[message.get("reason")]))
            elif kind == "link":
                self.events.append(Notice(LINK[message["status"]]))
                if message["status"] == "connected":  # a move sent as the line dropped may be lost:
                    self._acted_at = -1                # the view sent again is decided again
            elif kind == "error":  # a move refused: the player decides again on the view
                self._acted_at = -1
                self.version += 1
                self.events.append(Notice(f"The server refused that: {message['message']}"))

    def tick(self, dt: float) -> None:
        """Show the next step told (one a tick: the table animates it before the
        next), taking the views and the end that come before it; at the end, `finish`."""
        self.poll()
        if self.ended:
            return
        while self._pending:
            message = self._pending[0]
            kind = message["type"]
            if kind == "step":
                if message["step"] < len(self.steps):  # told again after a reconnection
                    self._pending.popleft()
                    continue
                if not self._show_step(message, dt):
                    return
                self._pending.popleft()
                self._changed()
                return
            self._pending.popleft()
            if kind == "view" and message["step"] == len(self.steps):
                self.view = message
                rebuilt = self.match.take_view(message)
                if rebuilt is not None:
                    self.events.append(rebuilt)
                self._changed()
            elif kind == "game_over":
                self.told = Record.from_dict(message["record"])
        if self.is_over:
            rebuilt = self.match.end(self.told)
            if rebuilt is not None:
                self.events.append(rebuilt)
            self.finish()

    def _show_step(self, message: dict[str, Any], dt: float) -> bool:
        """Play `message`'s step on the table (animated when it fits, else laid);
        False while it waits for what follows it."""
        shown = self.match.play(message)
        if shown is None:
            record = next((Record.from_dict(m["record"]) for m in self._pending if m["type"] == "game_over"), None)
            if record is not None:
                shown = self.match.play_from_record(message, record)
            elif len(self._pending) == 1 and self._waited < STEP_WAIT:
                self._waited += dt
                return False
            if shown is None:
                shown = [self.match.lay(message)]
        self._waited = 0.0
        self.events += shown
        # A table laid out afresh alone (`Rebuilt`): it shows the state before the
        # step, which is played on the next tick, animated from there.
        return isinstance(shown[-1], StepApplied | StepLaid)

    def _changed(self) -> None:
        self.version += 1
        seat = self.state.current_player
        if seat != self._turn:
            self._turn = seat
            self.events.append(TurnChanged(seat))

    def play(self, action: Action) -> list[Event]:
        """The player's decision, sent to the server (which plays it: its step comes
        back through `tick`).

        :raises IllegalAction: when the player is not to move, or the view does not offer it.
        """
        state = self.state
        if not self.waiting_for_human:
            raise IllegalAction(action, state.current_player, "it is not your turn now")
        assert self.view is not None
        text = str(action)
        if text not in self.view["legal"]:
            raise IllegalAction(action, state.current_player, state.why_illegal(action))
        self.link.act(text, self.view["step"])
        self._acted_at = self.view["step"]
        self.version += 1
        return []

    apply = play
    """An online table applies nothing itself: every step is the server's."""

    def finish(self) -> None:
        """The game is over: into the history (the seats in words), `GameOver` for the view."""
        self.ended = True
        if self.told is not None:
            self._keep(self.told)
        self.events.append(GameOver(self.state.outcome(), self.error))

    def _keep(self, record: Record) -> None:
        from ..session.keeping import add_to_history

        add_to_history(dataclasses.replace(record, seats=list(self.kinds)), self.kinds, self.state.outcome(),
                       self.events, self.folder)

    # -- what the server decides, not this screen ------------------------------------------------
    def undo_refusal(self) -> str | None:
        return UNDO_OFF

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def ask_hint(self) -> None:
        self.events.append(Notice(HINT_OFF))

    def thinking_seconds(self) -> float:
        """The server's bots think there: the table shows no thinking here."""
        return 0.0

    def let_bots_finish(self, kind: str = "") -> None:
        self.events.append(Notice(BOT_FINISH_OFF))

    def save(self, viewer: int | None = None) -> bool:
        return False

    def give_up(self) -> None:
        self.given_up = True

    def close(self, viewer: int | None = None) -> None:
        """The table is left: the link to the server closes (the game goes on there,
        a bot playing this seat's turns once the room's grace period has passed)."""
        self.link.close()
