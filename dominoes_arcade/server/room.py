"""A room: its members, the host's setup in the lobby, and once started one game
`Session` whose remote seats are the members' seats.

Everything here is synchronous and answers a bad request with `RoomError` (the
server turns it into an ``error`` message; nothing changes). What each member is
sent is built by `online_protocol`, from what its seat may see. The server drives the
game (`advance`) and the timers (`overdue`; `ask_stand_in` and `take_over` for the bot
that plays an overdue turn).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from .. import online_protocol as protocol
from ..bots import DIFFICULTIES
from ..bots.seeds import stand_in_seed
from ..engine import CHANCE, SPECTATOR, InvalidNotation, OptionError, UnknownGame, game_options, parse_action
from ..engine.match import Match
from ..engine.record_format import shorten
from ..session import ActionRefused, BotFailed, GameOver, RemoteSeat, Session, StepApplied
from ..session.bot_worker import BotWorker, Decision, shared_worker
from .members import Member, new_token

PLAYER = "player"
"""A seat kind in the host's setup: a person who joins (the session's remote seat)."""
DEFAULT_GRACE = 30.0
"""Seconds a player may stay disconnected on their turn before a bot plays it."""
MAX_TIMER = 3600.0
SPECTATORS_PER_ROOM = 20
"""Spectators a room holds: a family or a class watching one game. Past it, the
spectator away longest makes way for a new one (a spectator holds no seat), and
when every one is connected, a new one is refused."""


def room_of_key(key: Any) -> str | None:
    """The code of the room whose bots ask the bot worker under `key` (`Room.worker_key`,
    `Room.stand_in_key`), or None for another key (a table of the client's)."""
    if isinstance(key, tuple) and len(key) >= 2 and key[0] == "room" and isinstance(key[1], str):
        return key[1]
    return None


class RoomError(ValueError):
    """A request the room refuses, in the words the player is told."""


def _is_seconds(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class Setup(NamedTuple):
    """A room's setup, checked (`checked_setup`): what the host chose in the lobby."""

    game: str
    options: dict[str, Any]
    kinds: list[str]
    """Each seat's kind: `PLAYER` or a bot difficulty (never a bot spec: a room
    names no program to run)."""
    turn_timer: float | None
    grace: float
    bot: str


def checked_setup(game: Any, options: Any, kinds: Any, turn_timer: Any, grace: Any, bot: Any) -> Setup:
    """The setup these values make, checked as the lobby checks a host's ``setup``
    (a room file kept by the server is checked the same way when it is loaded).

    :raises RoomError: saying which value is wrong.
    """
    if not isinstance(options, dict) or not isinstance(kinds, list) or not kinds:
        raise RoomError("options is an object and seats a list of seat kinds")
    for kind in kinds:
        if kind != PLAYER and kind not in DIFFICULTIES:
            raise RoomError(f"a seat is {PLAYER!r} or a bot: {', '.join(DIFFICULTIES)}, not {shown(kind)}")
    try:
        match = Match(str(game), options=session_options(str(game), options, len(kinds)), seed=0)
    except (UnknownGame, OptionError, ValueError, TypeError) as error:
        raise RoomError(f"that game cannot be set up: {error}") from None
    if match.num_players != len(kinds):
        raise RoomError(f"{game} is played by {match.num_players}, not {len(kinds)}")
    if turn_timer is not None and (not _is_seconds(turn_timer) or not 1 <= turn_timer <= MAX_TIMER):
        raise RoomError(f"the turn timer is off (null) or 1 to {MAX_TIMER:g} seconds, not {shown(turn_timer)}")
    if not _is_seconds(grace) or not 0 <= grace <= MAX_TIMER:
        raise RoomError(f"the grace period is 0 to {MAX_TIMER:g} seconds, not {shown(grace)}")
    if bot not in DIFFICULTIES:
        raise RoomError(f"the stand-in bot is one of {', '.join(DIFFICULTIES)}, not {shown(bot)}")
    return Setup(str(game), dict(options), list(kinds), turn_timer, float(grace), bot)


def session_options(game: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """The session's options: ``players`` is the seat count where the game has it."""
    return {**options, "players": players} if "players" in game_options(game) else dict(options)


def shown(value: Any) -> str:
    """`value` quoted in an error, cut short (a value may come from anyone, or a file)."""
    return shorten(repr(value), 40)


class Room:
    """One room: its code, members, setup and game.

    :param seed: deals the game; secret until the game ends (then in the record).
    :param worker: where the session's bot seats think.
    :param history: the folder the finished game's history line goes to.
    :param changed: called after anything that must be kept (the server writes the room).
    """

    def __init__(self, code: str, seed: int, *, worker: BotWorker | None = None, history: Path | None = None,
                 changed: Callable[[Room], None] = lambda room: None, hosted: bool = False,
                 spectators: int = SPECTATORS_PER_ROOM):
        self.code, self.seed, self.worker, self.history, self.changed = code, seed, worker, history, changed
        self.spectators = spectators
        """The most spectators the room holds (`watch`)."""
        self.hosted = hosted
        """The server runs in the host's own client: when the host goes, the room goes."""
        self.game, self.options = "necropolis", {}
        self.kinds: list[str] = [PLAYER, PLAYER]
        """Each seat's kind: `PLAYER` or a bot difficulty."""
        self.turn_timer: float | None = None
        """Seconds a player has for a turn before a bot plays it (None: no timer)."""
        self.grace = DEFAULT_GRACE
        self.bot = "medium"
        """The difficulty of the bot that plays a turn for a player out of time or away."""
        self.members: dict[str, Member] = {}
        self.host: str | None = None
        self.session: Session | None = None
        self.unkept: str | None = None
        """Why a change of the room could not be put on disk (None: every one was). The
        server closes such a room: what that change numbered is never sent."""
        self.turn_began = time.monotonic()
        self._turn = (-1, -1)

    # -- who is in the room -----------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.session is not None

    @property
    def players(self) -> list[Member]:
        return [m for m in self.members.values() if m.seat != SPECTATOR]

    def member(self, token: Any) -> Member:
        found = self.members.get(token) if isinstance(token, str) else None
        if found is None:
            raise RoomError("that token holds no seat in this room")
        return found

    def join(self) -> Member:
        """A new player, in the next free player seat (the first is the host's); the
        caller tells the room (`tell_lobby`) once the player is connected."""
        if self.started:
            raise RoomError("the game has started: you can watch it instead")
        free = [seat for seat, kind in enumerate(self.kinds) if kind == PLAYER
                and seat not in {m.seat for m in self.players}]
        if not free:
            raise RoomError("every seat is taken")
        member = Member(new_token(), free[0])
        self.members[member.token] = member
        if self.host is None:
            self.host = member.token
        return member

    def watch(self) -> Member:
        """A new spectator. A room holds `spectators` of them: past that, the one away
        longest is forgotten (its token holds nothing any more), so the members a room
        keeps stay bounded whoever keeps asking to watch."""
        watching = [m for m in self.members.values() if m.seat == SPECTATOR]
        if len(watching) >= self.spectators:
            away = [m for m in watching if not m.connected]
            if not away:
                raise RoomError(f"the room is full: {len(watching)} spectators are watching, the most a room "
                                f"may have")
            del self.members[min(away, key=lambda m: m.away_since or 0.0).token]
        member = Member(new_token(), SPECTATOR)
        self.members[member.token] = member
        return member

    @property
    def has_unkept_numbers(self) -> bool:
        """Whether a member was sent a message numbered past what the room last handed
        to the store (the server keeps the room before such a message goes out, and
        the message waits until that is on disk)."""
        return any(member.sent != member.kept for member in self.members.values())

    def numbers_kept(self) -> None:
        """Every member's last sequence number is handed to the store (`Store.save`)."""
        for member in self.members.values():
            member.kept = member.sent

    @property
    def is_empty(self) -> bool:
        return not any(member.connected for member in self.members.values())

    def away_since(self) -> float:
        """Since when nobody has been connected (the room closes after a while)."""
        return max((m.away_since or 0.0 for m in self.members.values()), default=0.0)

    def presence(self, member: Member, status: str) -> None:
        """Tell the others that a player is ``reconnecting``, ``back`` or has ``joined``."""
        if member.seat == SPECTATOR:
            return
        told = protocol.dump({"type": "presence", "seat": member.seat, "status": status})
        for other in self.members.values():
            if other is not member:
                other.send(told)

    # -- the lobby --------------------------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        """The ``room`` message: the setup and who sits where."""
        taken = {m.seat: m for m in self.players}
        return {"type": "room", "room": self.code, "game": self.game, "options": self.options,
                "seats": [{"kind": kind, "taken": seat in taken, "connected": seat in taken and taken[seat].connected}
                          for seat, kind in enumerate(self.kinds)],
                "turn_timer": self.turn_timer, "grace": self.grace, "bot": self.bot, "started": self.started,
                "hosted": self.hosted}

    def tell_lobby(self) -> None:
        message = protocol.dump(self.lobby())
        for member in self.members.values():
            member.send(message)

    def setup(self, token: Any, message: dict[str, Any]) -> None:
        """The host sets the game, its options, the seats (`PLAYER` or a bot
        difficulty, seat by seat), the turn timer, the grace and the stand-in bot."""
        self._host_only(token)
        if self.started:
            raise RoomError("the game has already started")
        setup = checked_setup(message.get("game", self.game), message.get("options", self.options),
                              message.get("seats", self.kinds), message.get("turn_timer", self.turn_timer),
                              message.get("grace", self.grace), message.get("bot", self.bot))
        players = self.players
        if setup.kinds.count(PLAYER) < len(players):
            raise RoomError(f"{len(players)} players have joined: keep at least {len(players)} player seats")
        self.set_up(setup)
        seats = [seat for seat, kind in enumerate(setup.kinds) if kind == PLAYER]
        for member, seat in zip(players, seats, strict=False):  # in the order they joined
            member.seat = seat
        self.tell_lobby()
        self.changed(self)

    def set_up(self, setup: Setup) -> None:
        """Take `setup` (checked by `checked_setup`) as the room's."""
        self.game, self.options, self.kinds = setup.game, setup.options, setup.kinds
        self.turn_timer, self.grace, self.bot = setup.turn_timer, setup.grace, setup.bot

    def start(self, token: Any, steps: list[str] | None = None) -> None:
        """The host starts the game once every player seat is taken (`steps`: a game
        resumed after a restart, laid again)."""
        if steps is None:
            self._host_only(token)
            if self.started:
                raise RoomError("the game has already started")
            empty = [seat_name(s) for s, kind in enumerate(self.kinds)
                     if kind == PLAYER and s not in {m.seat for m in self.players}]
            if empty:
                raise RoomError(f"waiting for players: {', '.join(empty)} still empty")
        kinds = ["remote" if kind == PLAYER else kind for kind in self.kinds]
        self.session = Session(self.game, kinds, session_options(self.game, self.options, len(kinds)), self.seed,
                               start=steps or None, worker=self.worker, folder=self.history, key=self.worker_key)
        self.session.drain()
        if steps is None:
            self.tell_lobby()
            self._clock_turn()
            for member in self.members.values():  # a game whose first step is a player's, not chance, waits for it
                member.send(self.view_for(member))
        self.changed(self)

    def _host_only(self, token: Any) -> None:
        if token != self.host:
            raise RoomError("only the host can do that")

    # -- the game ------------------------------------------------------------------------------
    def act(self, token: Any, message: dict[str, Any]) -> None:
        """A player's decision, checked (their seat, their turn, the step it was
        decided at, the rules) and handed to the session.

        ``step`` must be the number of steps so far (a view's ``step``): a message
        decided on an older view, or sent twice, is refused as stale.
        """
        member = self.member(token)
        session = self.session
        if session is None:
            raise RoomError("the game has not started")
        if member.seat == SPECTATOR:
            raise RoomError("spectators cannot play")
        if session.is_over:
            raise RoomError("the game is over")
        step = message.get("step")
        if step != len(session.steps):
            raise RoomError(f"stale: that was decided at step {step!r}, the game is at step {len(session.steps)}")
        if session.current_player != member.seat:
            raise RoomError("it is not your turn")
        if self._sent_already(member.seat):
            raise RoomError(f"stale: a move was already sent at step {step}")
        text = message.get("action")
        if not isinstance(text, str):
            raise RoomError("an action is a string in the game's notation")
        try:
            action = parse_action(session.state, text)
        except InvalidNotation as error:
            raise RoomError(str(error)) from None
        if action not in session.state.legal_actions():
            raise RoomError(f"not allowed now: {session.state.why_illegal(action)}")
        session.submit(member.seat, action)

    def _sent_already(self, seat: int) -> bool:
        """A decision of `seat` is waiting for the game's next move (`advance`)."""
        player = self.session.seats[seat] if self.session is not None else None
        return isinstance(player, RemoteSeat) and bool(player.inbox)

    def advance(self, most: int = 10_000) -> bool:
        """Move the game on as far as it goes without waiting (chance, bots that have
        answered, submitted decisions), at most `most` steps (the default: a whole
        game's chance steps between two decisions), telling every member; True when it moved."""
        session = self.session
        if session is None or session.ended:
            return False
        moved = False
        for _ in range(most):
            before = (len(session.steps), session.ended)
            session.tick(0.0)
            events = session.drain()
            self._publish(events)
            if (len(session.steps), session.ended) == before:
                break
            moved = True
        if moved:
            self._clock_turn()
            self.changed(self)
        return moved

    def _publish(self, events: list) -> None:
        match = self.session.match if self.session else None
        for event in events:
            if isinstance(event, StepApplied) and match is not None:
                latest = event.step == len(match.steps) - 1
                after = match.state if latest else match.state_at(event.step + 1)
                told: dict[int, tuple[str, str]] = {}
                """Each viewer's step and view, encoded once (the spectators share theirs)."""
                for member in self.members.values():
                    seat = member.seat
                    if seat not in told:
                        told[seat] = (
                            protocol.dump(protocol.step_message(match, event.step, event.seat, event.events, seat)),
                            protocol.dump(protocol.view_message(after, event.step + 1, seat, latest=latest)))
                    step, view = told[seat]
                    member.send(step)
                    member.send(view)
            elif isinstance(event, ActionRefused):
                self._notice(f"{seat_name(event.seat)}: that move was refused ({event.reason}).")
            elif isinstance(event, BotFailed):
                self._notice(f"The bot in {seat_name(event.seat)} failed and a random move was played.")
            elif isinstance(event, GameOver):
                over = protocol.dump(self.game_over())  # the whole record: encoded once for everyone
                for member in self.members.values():
                    member.send(over)

    def game_over(self) -> dict[str, Any]:
        """The ``game_over`` message: the scores and the record, its seed included."""
        record = self.record()
        return {"type": "game_over", "scores": record["scores"], "record": record}

    def _clock_turn(self) -> None:
        """The turn clock restarts when the turn changed. (Each member is sent its
        view with each step: `_publish`.)"""
        if self.session is None or self.session.ended:
            return
        turn = (self.session.current_player, len(self.session.steps))
        if turn[0] != self._turn[0]:
            self.turn_began = time.monotonic()
        self._turn = turn

    def steps_since(self, first: int, viewer: int) -> list[dict[str, Any]]:
        """The ``step`` messages of steps `first` on as `viewer` is told them, each
        followed by `viewer`'s view after it: for a member the server can no longer
        resend (sent before a restart), and for a spectator arriving mid-game. The
        engine's events are worked out again."""
        session = self.session
        if session is None:
            return []
        match = session.match
        first = max(0, min(first, len(match.steps)))
        state = match.state_at(first)
        told = []
        for step in range(first, len(match.steps)):
            actor = CHANCE if match.steps[step].startswith("*") else int(match.steps[step].split()[0])
            events = state.apply(match.actions[step])
            told.append(protocol.step_message(match, step, actor, events, viewer))
            told.append(protocol.view_message(state, step + 1, viewer, latest=step == len(match.steps) - 1))
        return told

    def view_for(self, member: Member) -> dict[str, Any]:
        """`member`'s view now (a player's or a spectator's), once the game started."""
        assert self.session is not None, "no view before the game starts"
        match = self.session.match
        return protocol.view_message(match.state, len(match.steps), member.seat)

    def _notice(self, text: str) -> None:
        told = protocol.dump({"type": "notice", "text": text})
        for member in self.members.values():
            member.send(told)

    def record(self) -> dict[str, Any]:
        """The game's record, its seed included (sent once the game is over)."""
        assert self.session is not None
        return self.session.to_record().to_dict()

    # -- timers ----------------------------------------------------------------------------------
    def _player_to_move(self) -> int | None:
        """The seat to move when a player (not a bot) holds it in a game still going:
        the only seat a clock runs for."""
        session = self.session
        if session is None or session.is_over or session.current_player < 0:
            return None
        seat = session.current_player
        return seat if self.kinds[seat] == PLAYER else None

    def overdue(self, now: float) -> tuple[int, str] | None:
        """The player seat to move whose turn a bot must play now, and why: its turn
        timer ran out (``"timer"``) or its player has been away past the grace
        period (``"away"``)."""
        seat = self._player_to_move()
        if seat is None:
            return None
        if self.turn_timer is not None and now - self.turn_began >= self.turn_timer:
            return seat, "timer"
        holder = next((m for m in self.players if m.seat == seat), None)
        if holder is None or (holder.away_since is not None and now - holder.away_since >= self.grace):
            return seat, "away"
        return None

    def next_deadline(self, now: float) -> float | None:
        """Seconds until `overdue` may name a seat, or None when no clock runs."""
        seat = self._player_to_move()
        if seat is None:
            return None
        waits = []
        if self.turn_timer is not None:
            waits.append(self.turn_began + self.turn_timer - now)
        holder = next((m for m in self.players if m.seat == seat), None)
        if holder is not None and holder.away_since is not None:
            waits.append(holder.away_since + self.grace - now)
        return max(0.0, min(waits)) if waits else None

    @property
    def worker_key(self) -> tuple:
        """The bot worker's key for this room's bot seats (`room_of_key` reads it back)."""
        return ("room", self.code)

    @property
    def stand_in_key(self) -> tuple:
        """The worker's key for this room's stand-in bots (apart from the session's seats)."""
        return (*self.worker_key, "stand-in")

    def ask_stand_in(self, seat: int, spec: str) -> int:
        """Ask the bot `spec` to play `seat`'s turn, through the bot worker (so the
        driver's time limit and legality check hold, as for every bot): a fresh bot
        seeded from the game's seed, the seat and the step (`seeds.stand_in_seed`).
        Returns the worker's ticket; the answer goes to `take_over`."""
        session = self.session
        assert session is not None
        state, step = session.state, len(session.steps)
        steps = None
        if spec.startswith("cmd:"):  # a bot program (a difficulty set to one) is sent its seat's steps
            from ..bots.protocol import seat_steps

            steps = seat_steps(session.match, seat)
        return self.bot_worker.choose(self.stand_in_key, spec, state.game, seat, state.options_dict(),
                                      stand_in_seed(self.seed, seat, step), state.view(seat),
                                      state.legal_actions(), steps)

    @property
    def bot_worker(self) -> BotWorker:
        if self.worker is None:
            self.worker = shared_worker()
        return self.worker

    def take_over(self, seat: int, step: int, decision: Decision, reason: str) -> None:
        """The stand-in bot's `decision` (asked at `step`, `ask_stand_in`) for `seat`,
        whose turn ran out or whose player is away: played, and everyone told. A
        stand-in that failed (raised, chose something illegal, overran, never
        answered: `decision.error`) does not hold the game up: a random legal move is
        played for the seat instead, as for a failed bot seat, and everyone is told."""
        session = self.session
        if session is None or len(session.steps) != step or session.current_player != seat \
                or self._sent_already(seat):
            return  # the player moved meanwhile
        why = "ran out of time" if reason == "timer" else "is away"
        legal = session.state.legal_actions()
        action = decision.action
        if action is None or action not in legal:
            action = session.rng.choice(legal)  # the session's stream for a failed bot's random move
            self._notice(f"{seat_name(seat)} {why}: the stand-in bot failed ({shorten(str(decision.error), 200)}), "
                         f"so a random move was played.")
        else:
            self._notice(f"{seat_name(seat)} {why}: a bot played their turn.")
        session.submit(seat, action)
