"""`OnlineSession`: the session a table drives for one member of an online game,
a player's seat or a spectator. The room server decides the game (docs/online.md);
this session only shows what its member is told and sends the player's decisions,
with the surface the tables read from `session.Session` (`SessionBase`), so every
table plays online as it plays here. No pygame.

    link = OnlineLink(url)                # joined (or watching), the game started (the lobby screens)
    session = OnlineSession(link)
    while True:                           # the table's frame loop
        session.tick(dt)                  # the next step told, with the view after it; the end
        for event in session.drain():     # StepApplied, TurnChanged, Notice, GameGone, GameOver
            ...
        if session.waiting_for_human:
            session.play(action)          # sent to the server; its step comes back

It holds no full state: what it draws is the member's observation, built from the
last view the server told (`engine.view_json.view_from_json`: another seat's tiles
are -1), and each step comes with the engine's events as the member saw them, so
every step is a `StepApplied` the table animates (the server sends the member's view
after each step: a step waits here for its view, which comes in the same breath).
At the game's end the record is told, its seed with it, and the final state, public
then, is worked out from it. Undo, redo, hints and letting the bot finish are off
(the footer says so); nothing is saved here (the server keeps the room). A notice of
the server (a bot played a turn for a seat that ran out of time, a move refused), a
player dropping or coming back and the link reconnecting reach the table as `Notice`
toasts. At the end a player's game goes into their history like a local one, the
seats in words: ``human`` for the player, ``online`` for the other players, the
bots' difficulty; a spectator's does not (they did not play it).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from pathlib import Path
from typing import Any

from ..engine import EVERY_SEAT, SPECTATOR, Action, Event, IllegalAction, Observation, new_game
from ..engine.core import State
from ..engine.match import Match
from ..engine.record_format import parse_step
from ..engine.records import Record
from ..engine.view_json import HIDDEN, view_from_json
from ..online_protocol import HOST_LEFT, event_from_json
from ..session.base import SessionBase
from ..session.events import GameGone, GameOver, Notice, StepApplied, TurnChanged
from ..session.keeping import add_to_history
from ..session.seats import BotSeat, HumanSeat, Seat

UNDO_OFF = "Undo is off in online games."
HINT_OFF = "Hints are off in online games."
BOT_FINISH_OFF = "In an online game a bot plays your turns only when you are away."
PRESENCE = {"reconnecting": "{seat} reconnecting\u2026", "back": "{seat} is back"}
LINK = {"reconnecting": "Connection lost: reconnecting\u2026", "connected": "Reconnected."}
GONE = {None: ("The connection is lost", "The game's server cannot be reached: the game goes on there without you."),
        HOST_LEFT: ("The host left the game", "The game was played on the host's computer, so it cannot go on.")}
"""What the player reads when the link is lost for good, by the link's ``reason``."""


class OnlinePlayer(Seat):
    """Another player of the room, at their own screen."""

    kind = "online"


@dataclasses.dataclass(frozen=True)
class MaskedStep:
    """The action of a step whose tile the member did not see (``* deal 2 ?``),
    read like an engine `Action` (``game``, ``kind``, ``seat``, ``tile`` -1, ``arg``,
    ``text``): the engine's actions are interned, one for each known tile, so none
    stands for a hidden one. The tables animate a step from its events, not from this."""

    game: str
    kind: str
    text: str
    seat: int = -1
    tile: int = -1
    arg: int = -1

    def __str__(self) -> str:
        return self.text


class SeenGame:
    """The game as one member was told it, with the surface of a `Match` the tables
    read (``game``, ``num_players``, ``steps``, ``state``): the member's latest view,
    and at the end the final state the record gives."""

    def __init__(self, game: str, view: State):
        self.game = game
        self.view = view
        """The member's view after the steps taken (a view: hidden tiles -1)."""
        self.final: State | None = None
        """The full state at the end, once the record is told (every tile is public then)."""
        self.steps: list[str] = []
        """Every step as the member was told it (a tile they did not see written ``?``)."""

    @property
    def num_players(self) -> int:
        return self.view.num_players

    @property
    def state(self) -> State:
        """The latest view (the final state once the record is told). Never a full
        state before the end: a view hides the others' tiles."""
        return self.final if self.final is not None else self.view


class OnlineSession(SessionBase):
    """The member of the online game `link` is in (an `OnlineLink`, or an object
    with its ``seat``, ``lobby``, ``told``, ``act`` and ``close``): a player's seat,
    or a spectator (``seat`` the engine's `SPECTATOR`).

    :param folder: where the history is written (by default the user's data directory).
    """

    demo = False
    record = None
    """A session replaying a record has one; an online game is played."""
    keeps_games = False
    """Nothing is saved here: the server keeps the room."""
    hint = None
    hint_ticket = None
    can_redo = False

    def __init__(self, link: Any, *, folder: Path | None = None):
        lobby = link.lobby
        if lobby is None or link.seat is None or (link.seat < 0 and link.seat != SPECTATOR):
            raise ValueError("join a room's player seat, or watch the room, before its table opens")
        self.link, self.folder, self.seat = link, folder, link.seat
        self.game = lobby["game"]
        options = {**lobby["options"], "players": len(lobby["seats"])}
        # Before the first step nothing is dealt: the game's start, as the member sees it.
        self.match = SeenGame(self.game, new_game(self.game, options=options).view(self.seat))
        self.seats: list[Seat] = [HumanSeat() if seat == self.seat else
                                  OnlinePlayer() if entry["kind"] == "player" else BotSeat(entry["kind"])
                                  for seat, entry in enumerate(lobby["seats"])]
        self.kinds = [seat.kind for seat in self.seats]
        self.events = []
        self.version = 0
        self.ended = False
        self.error: str | None = None
        self.finished_by_bot: list[int] = []
        self.bots_took_over_at: int | None = None  # no bot takes a seat here (`let_bots_finish`)
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
        self._acted_at = -1
        self._turn = self.current_player

    # -- where the game stands ---------------------------------------------------------------
    @property
    def is_spectator(self) -> bool:
        return self.seat == SPECTATOR

    @property
    def current_player(self) -> int:
        return self.match.state.current_player

    def _observation_key(self) -> tuple:
        return self.version, len(self.steps)

    def _observe(self, seat: int | None) -> Observation:
        """What `seat` may see, as far as this member was told: its own observation
        (the latest view, its legal actions when the latest view offers them); for
        another seat, or a spectator, what this member sees and they see too (the
        view narrowed again); every seat's only at the end, from the record."""
        final = self.match.final
        if final is not None:  # the record told: the end is public
            return Observation(seat, final.clone() if seat is EVERY_SEAT else final.view(seat),
                               final.current_player, (), tuple(final.scores()), final.outcome())
        view = self.match.view
        own = seat == self.seat or seat is EVERY_SEAT  # (before the end this member sees no more than its own)
        shown = view if own else view.view(seat)
        legal = self._legal() if seat == self.seat else ()
        return Observation(seat, shown, view.current_player, legal, tuple(shown.scores()),
                           view.outcome() if view.is_terminal else None)

    def _legal(self) -> tuple[Action, ...]:
        """The actions the latest view offers, when it is of the steps taken so far."""
        message = self.view
        if message is None or message["step"] != len(self.steps) or not message["legal"]:
            return ()
        return tuple(self.match.view.parse_action(text) for text in message["legal"])

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
        next) with the view after it, taking the views and the end that come before
        it; at the end, `finish`."""
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
                if not self._show_step(message):
                    return  # its view (and, at the end, the record) come in the same breath
                self._changed()
                return
            self._pending.popleft()
            if kind == "view" and message["step"] == len(self.steps):
                self._take_view(message)
                self._changed()
            elif kind == "game_over":
                self._take_record(message)
        if self.is_over:
            self.finish()

    def _show_step(self, message: dict[str, Any]) -> bool:
        """`message`'s step, shown with the view that follows it (`StepApplied`, its
        events as the member saw them); False while that view, or at the game's end
        the record, has not come yet."""
        step = message["step"]
        after = next((m for m in self._pending if m["type"] == "view" and m["step"] == step + 1), None)
        if after is None:
            return False
        view = view_from_json(after["view"])
        record = next((m for m in self._pending if m["type"] == "game_over"), None)
        if view.is_terminal and record is None and self.told is None:
            return False
        action = self._action(message["action"])
        self._pending.remove(message)
        self._pending.remove(after)
        self.match.steps.append(message["action"])
        self._take_view(after, view)
        if record is not None and view.is_terminal:  # the last step: the end shown with it
            self._pending.remove(record)
            self._take_record(record)
        self.events.append(StepApplied(action, [event_from_json(e) for e in message["events"]], step,
                                       message["actor"]))
        return True

    def _action(self, text: str) -> Action | MaskedStep:
        """The step `text` as an action of the view before it (a `MaskedStep` when
        its tile is hidden from this member)."""
        _, _, move = text.partition(" ")
        words = move.split()
        if HIDDEN not in words:
            return parse_step(self.match.view, text)
        seat = int(words[1]) if len(words) > 1 and words[1].isdigit() else -1
        return MaskedStep(self.game, words[0], move, seat)

    def _take_view(self, message: dict[str, Any], view: State | None = None) -> None:
        self.view = message
        self.match.view = view if view is not None else view_from_json(message["view"])

    def _take_record(self, message: dict[str, Any]) -> None:
        self.told = Record.from_dict(message["record"])
        self.match.final = Match.from_record(self.told, at=None).state
        self.version += 1  # every observation anew: the end is public

    def _changed(self) -> None:
        self.version += 1
        seat = self.current_player
        if seat != self._turn:
            self._turn = seat
            self.events.append(TurnChanged(seat))

    def play(self, action: Action) -> list[Event]:
        """The player's decision, sent to the server (which plays it: its step comes
        back through `tick`).

        :raises IllegalAction: when the player is not to move, or the view does not offer it.
        """
        if not self.waiting_for_human:
            raise IllegalAction(action, self.current_player, "it is not your turn now")
        assert self.view is not None
        text = str(action)
        if text not in self.view["legal"]:
            raise IllegalAction(action, self.current_player, "the server does not offer that move now")
        self.link.act(text, self.view["step"])
        self._acted_at = self.view["step"]
        self.version += 1
        return []

    apply = play
    """An online table applies nothing itself: every step is the server's."""

    def finish(self) -> None:
        """The game is over: a player's into the history (the seats in words),
        `GameOver` for the view."""
        self.ended = True
        if self.told is not None and not self.is_spectator:
            self._keep(self.told)
        self.events.append(GameOver(self.state.outcome(), self.error))

    def _keep(self, record: Record) -> None:
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
