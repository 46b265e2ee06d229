"""The driver: one game between bots, into a record (docs/architecture.md, "Engine": resolve
chance, ask the seat, inform the others), and `BotDriver`, the one way any part of the
product drives a bot (the tournament, simulate, the client's and the online server's bots
through `session.bot_worker`, a lesson's laid turns, the headless online client's bot).

Faults are part of the result, not exceptions: a bot that raises, returns an illegal
decision or overruns `move_time_limit` forfeits, and the record says so in `error`
with the bookkeeping key ``forfeit`` = {seat, kind, message}.

Every decision is timed here, once, whatever the bot (the time limit's own
measure): the record keeps each decision's milliseconds and the bot's own figures
about it (`Bot.decision_figures`), the tournament's per-move telemetry. Under a time
control (`clock.TimeControl`) each seat has a `clock.Clock`, kept here too: a bot is
told its clock before each decision, and one whose clock runs out forfeits (kind
``time``).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence

from ..engine import Action, State, new_game
from ..engine.match import Match
from ..engine.records import Record
from .base import Bot
from .clock import Clock, TimeControl
from .figures import BadFigures, Figures, as_columns, check_figures
from .seeds import bot_seed

DECISION_TIME_LIMIT = 10.0
"""Seconds a decision may take where its caller sets no limit of its own: every bot
`session.bot_worker` drives (the client's seats and hints, the online server's seats
and stand-in), a lesson's laid turns and the headless online client's bot. The
tournament's default ``move_time_limit_ms`` and a bot program's default limit
(`program.DEFAULT_TIME_LIMIT`), so a bot that plays a tournament in time plays here
in time."""


class Forfeit(Exception):
    def __init__(self, seat: int, kind: str, message: str, seconds: float | None = None):
        self.seat, self.kind, self.message = seat, kind, message
        self.seconds = seconds
        """How long the decision that faulted took; None for a fault outside a decision."""
        super().__init__(f"seat {seat} forfeits ({kind}): {message}")


Answer = tuple[Action, float, Figures | None]
"""A bot's answer to one decision: the action, the seconds it took (as the time limit
measures it) and the bot's own figures about it (`Bot.decision_figures`, checked;
None: none). A plain tuple: a named one cost 3% of a random bot's decision
(`python bench/telemetry.py --instructions`)."""


class Overrun(BaseException):
    """Raised inside a bot by the `Watchdog`. A BaseException, so that a bot's own
    ``except Exception`` cannot swallow it."""


class Watchdog:
    """A hard move time limit: stops a bot that never returns, where the soft check
    in `ask` (which measures after `choose` returns) cannot.

    While started, SIGALRM rings every quarter of the limit; when a decision in
    progress has run longer than its limit, the handler raises `Overrun` inside the
    bot. So a bot is stopped between 1 and 1.25 times the limit after it was asked
    (later if it sits in one long C call). One timer per game, not per decision, as
    setting a timer per decision would cost more than a random bot's move; only a
    decision with less time than that (its clock running low) sets a faster one.
    Only for the main thread of a process (`available()`), e.g. a worker process.
    """

    def __init__(self, limit: float):
        self.limit = limit
        self.deadline = limit
        """The decision in progress's limit (`watch`)."""
        self.period = max(limit / 4, 0.001)
        self.started = 0.0
        self.armed = False
        self._previous = None

    @staticmethod
    def available() -> bool:
        return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def __enter__(self) -> Watchdog:
        self._previous = signal.signal(signal.SIGALRM, self._ring)
        signal.setitimer(signal.ITIMER_REAL, self.period, self.period)
        return self

    def watch(self, started: float, deadline: float) -> None:
        """Watch the decision begun at `started` (perf_counter seconds), allowed
        `deadline` seconds."""
        self.started, self.deadline = started, deadline
        if deadline / 4 < self.period:
            self.period = max(deadline / 4, 0.001)
            signal.setitimer(signal.ITIMER_REAL, self.period, self.period)
        self.armed = True

    def __exit__(self, *exc_info) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous)

    def _ring(self, signum, frame) -> None:
        if self.armed and time.perf_counter() - self.started > self.deadline:
            self.armed = False
            raise Overrun


def _no_clock(reading) -> None:
    """Where a bot has no `Bot.tell_clock` (a plug-in of its own making): it is not told."""


def user_can_interrupt() -> bool:
    """Whether a KeyboardInterrupt here may be the user's Ctrl-C. It cannot be in a
    thread other than the main one (signals are handled only there), nor in a
    process that ignores SIGINT (a tournament worker): there it was raised by bot
    code, and is a fault like any other exception."""
    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN)


def as_forfeit(seat: int, error: BaseException, during: str = "") -> Forfeit:
    """The forfeit of `seat` whose bot raised `error` (`during` says in which call,
    e.g. " in observe"). A KeyboardInterrupt that may be the user's Ctrl-C is raised
    again; anything else a plug-in may raise (exit, GeneratorExit, its own) forfeits."""
    if isinstance(error, KeyboardInterrupt):
        if user_can_interrupt():
            raise error
        return Forfeit(seat, "exception", f"KeyboardInterrupt raised by the bot{during}: {error}")
    kind = getattr(error, "forfeit_kind", None)  # a bot program's fault names its kind (bots.protocol)
    if kind:
        return Forfeit(seat, kind, str(error))
    return Forfeit(seat, "exception", f"{type(error).__name__}{during}: {error}" if during
                   else f"{type(error).__name__}: {error}")


class BotDriver:
    """One bot in one seat, and the one way to drive it: the tournament (`play_bots`),
    simulate, the bot worker (`session.bot_worker`: the client's seats and hints, the
    online server's seats and its stand-in for a player out of time), a lesson's laid
    turns (`client.lessons.short_start`) and the headless online client's bot
    (`remote.client.bot_decider`) all ask, inform and end through here, so the
    legality check, the time limit and what a fault means exist once. What a caller
    does with a fault is its own: the tournament records a forfeit; a table and a room
    play a random legal move for the seat and say so.

    A fault is a `Forfeit` (data: seat, kind, message), never the bot's own
    exception: a bot that raises, returns an illegal decision or overruns
    `time_limit` forfeits, and so does one whose `clock` runs out. With a started
    `watchdog` (`Watchdog`), a bot that never returns is stopped; without one, an
    overrun is found when it returns.
    """

    def __init__(self, bot: Bot, time_limit: float | None = None, watchdog: Watchdog | None = None,
                 seat: int | None = None, clock: Clock | None = None):
        self.bot = bot
        self.seat = bot.seat if seat is None else seat
        self.time_limit = time_limit
        self.watchdog = watchdog
        self.clock = clock
        """The seat's clock, under a time control (told to the bot, spent here)."""
        self.observes = bot.wants_observations()
        """Whether the bot follows the game (`inform` is a no-op for the others)."""
        figures = getattr(bot, "decision_figures", None)
        # Asked only of a bot that reports figures: the others are spared a call per decision.
        self._figures = None if getattr(figures, "__func__", None) is Bot.decision_figures else figures

    def ask(self, state: State) -> Answer:
        """The bot's decision at `state` (its seat to move), the seconds it took and
        its figures. :raises Forfeit: on a fault."""
        return self.decide(state.view(state.current_player), state.legal_actions(), state.why_illegal)

    def decide(self, view: State, legal: Sequence[Action],
               why_illegal: Callable[[Action], str] | None = None) -> Answer:
        """`ask` given only what the seat sees: its `view` and the `legal` actions (a
        bot process has no full state; `why_illegal` explains a refused action).
        :raises Forfeit: on a fault (its `seconds`, the decision's time)."""
        seat, watchdog, time_limit, clock = self.seat, self.watchdog, self.time_limit, self.clock
        on_clock = clock is not None and (time_limit is None or clock.allowance() < time_limit)
        """The clock, not the move time limit, is what this decision may not overrun."""
        limit = clock.allowance() if clock is not None and on_clock else time_limit
        start = time.perf_counter()
        try:
            if watchdog is not None:
                watchdog.watch(start, limit if limit is not None else watchdog.limit)
            try:
                if clock is not None:
                    clock_reading = clock.reading(time_limit)
                    getattr(self.bot, "tell_clock", _no_clock)(clock_reading)
                action = self.bot.choose(view, list(legal))
                # Asked inside the watched time: a plug-in's report could hang too.
                figures = self._figures() if self._figures is not None else None
                if figures is not None:
                    figures = check_figures(figures)
            finally:
                # Disarmed before any handler below runs: a ring while one of them builds
                # the Forfeit would raise an Overrun that no handler here catches.
                if watchdog is not None:
                    watchdog.armed = False
        except Overrun:
            spent = time.perf_counter() - start
            raise self._overran(spent, f"stopped after {spent * 1000:.0f} ms", on_clock) from None
        except BadFigures as error:
            raise Forfeit(seat, "exception", f"its decision_figures: {error}", time.perf_counter() - start) from None
        except BaseException as error:
            fault = as_forfeit(seat, error)
            spent = time.perf_counter() - start
            if on_clock and limit is not None and spent > limit:
                # Out of time on its clock whatever it says: a program gives up waiting at its limit.
                raise self._overran(spent, f"{spent * 1000:.0f} ms", on_clock) from None
            fault.seconds = spent
            raise fault from None
        spent = time.perf_counter() - start
        if limit is not None and spent > limit:
            raise self._overran(spent, f"{spent * 1000:.0f} ms", on_clock)
        if not any(action is a for a in legal):
            if not hasattr(action, "kind"):
                raise Forfeit(seat, "illegal_action", f"{action!r} is not an action", spent)
            reason = why_illegal(action) if why_illegal is not None else "not one of the legal actions"
            raise Forfeit(seat, "illegal_action", f"{action!r} is not legal: {reason}", spent)
        if clock is not None:
            clock.spend(spent)
        return action, spent, figures

    def _overran(self, spent: float, took: str, on_clock: bool) -> Forfeit:
        """The forfeit of a decision that took `spent` seconds, past its clock
        (kind ``time``) or past the move time limit (``timeout``)."""
        clock = self.clock
        if on_clock and clock is not None:
            margin = f" and a margin of {clock.margin * 1000:.0f} ms" if clock.margin else ""
            return Forfeit(self.seat, "time", f"its clock ran out: {clock.left * 1000:.0f} ms left{margin}, "
                           f"no decision within them ({took})", spent)
        limit = self.time_limit or 0.0
        return Forfeit(self.seat, "timeout", f"no decision within {limit * 1000:.0f} ms ({took})", spent)

    def inform(self, state: State) -> None:
        """Show the bot its seat's view after a step. :raises Forfeit: if it fails."""
        if self.observes:
            self.observe(state.view(self.seat))

    def observe(self, view: State) -> None:
        """Show the bot its seat's `view`. :raises Forfeit: if it fails."""
        try:
            self.bot.observe(view)
        except BaseException as error:
            raise as_forfeit(self.seat, error, " in observe") from None

    def game_over(self, outcome) -> None:
        """Tell the bot the game's end; whatever it raises, the result stands."""
        try:
            self.bot.game_over(outcome)
        except BaseException as error:
            as_forfeit(self.seat, error)  # raises a real Ctrl-C; anything else is ignored


def ask(bot: Bot, state: State, time_limit: float | None, watchdog: Watchdog | None = None) -> Answer:
    """`bot`'s decision at `state`, the seconds it took and its figures (`BotDriver.ask`)."""
    return BotDriver(bot, time_limit, watchdog, seat=state.current_player).ask(state)


def inform(bot: Bot, state: State) -> None:
    """Show `bot` its seat's view after a step (`BotDriver.observe`)."""
    BotDriver(bot).observe(state.view(bot.seat))


def play_bots(game: str, bots: Sequence[Bot], seed: int, options: dict | None = None,
              names: Sequence[str] | None = None, *, time_limit: float | None = None,
              on_step: Callable[[State, str], None] | None = None, watchdog: Watchdog | None = None,
              start: Sequence[str] = (), time_control: TimeControl | None = None, time_margin: float = 0.0
              ) -> Record:
    """Play one game of `game` with `bots[i]` in seat i, through a `Match`: chance
    comes from its deck, shuffled from `seed`, so the same seed deals the same tiles
    whoever sits where. `start`: steps already played (the record begins with them,
    `on_step` is not called for them; the bots take the game up from there).

    The record's bookkeeping keys: ``winners`` (the winning seats, empty for a
    draw; absent after a forfeit), ``decision_seconds`` (each seat's total time),
    ``decisions`` (each seat's count), ``decision_ms`` (per seat, each decision's
    milliseconds in order, to the microsecond, the one a seat forfeited on included)
    and, when a bot reported any, ``decision_figures`` (per seat, name -> one value
    per decision of ``decision_ms``, null where it reported none; `figures.as_columns`).
    Under a `time_control` (`time_margin`: seconds of overrun forgiven), also
    ``clock_ms`` (per seat, its clock's milliseconds after each of its decisions) and
    ``clock_overruns`` (per seat, the overruns forgiven)."""
    match = Match(game, len(bots), options, seed=seed)
    for step in start:
        match.play_step(step)
    for bot in bots:
        if getattr(bot, "wants_steps", False):  # a bot program: it is sent the steps its seat saw
            bot.follow(match, time_limit)
    clocks = [Clock(time_control, time_margin) if time_control is not None else None for _ in bots]
    seats = [BotDriver(bot, time_limit, watchdog, seat=seat, clock=clock)
             for seat, (bot, clock) in enumerate(zip(bots, clocks, strict=True))]
    observers = [seat for seat in seats if seat.observes]
    spent = [0.0] * len(bots)
    decisions = [0] * len(bots)
    # Milliseconds as floats, not microseconds as integers: a reader parses every
    # integer of a line through a Python hook (json_lines.parse_line), a float in C.
    millis: list[list[float]] = [[] for _ in bots]
    clock_ms: list[list[float]] = [[] for _ in bots]  # per seat: its clock after each decision
    figures: list[dict[int, Figures]] = [{} for _ in bots]  # per seat: decision index -> its figures
    error = forfeit = None
    try:
        for observer in observers if start else ():  # where the game stands when they take it up
            observer.inform(match.state)
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
            else:
                seat = match.current_player
                action, seconds, reported = seats[seat].ask(match.state)
                spent[seat] += seconds
                decisions[seat] += 1
                if reported is not None:
                    figures[seat][len(millis[seat])] = reported
                millis[seat].append(round(seconds * 1e6) / 1000)  # to the microsecond; quicker than round(x, 3)
                clock = clocks[seat]
                if clock is not None:
                    clock_ms[seat].append(round(clock.left * 1e6) / 1000)
                match.apply(action)
            if on_step is not None:
                on_step(match.state, match.steps[-1])
            for observer in observers:
                observer.inform(match.state)
    except Forfeit as fault:
        error = str(fault)
        forfeit = {"seat": fault.seat, "kind": fault.kind, "message": fault.message}
        if fault.seconds is not None:  # the decision it forfeited on: an overrun is shown as one
            millis[fault.seat].append(round(fault.seconds * 1e6) / 1000)
    state = match.state
    outcome = state.outcome()
    if outcome is not None:
        for seat in seats:
            seat.game_over(outcome)
    record = match.to_record(names or [b.name for b in bots], error)
    if outcome is not None:
        record.extra["winners"] = list(outcome.winners)
    record.extra["decision_seconds"] = [round(s, 6) for s in spent]
    record.extra["decisions"] = decisions
    record.extra["decision_ms"] = millis
    if any(figures):
        record.extra["decision_figures"] = [as_columns([reported.get(index) for index in range(len(seat))])
                                            for reported, seat in zip(figures, millis, strict=True)]
    if time_control is not None:
        record.extra["clock_ms"] = clock_ms
        record.extra["clock_overruns"] = [clock.overruns if clock is not None else 0 for clock in clocks]
    if forfeit is not None:
        record.extra["forfeit"] = forfeit
    return record


def play_specs(game: str, specs: Sequence[str], seed: int, options: dict | None = None,
               bot_seeds: Sequence[int] | None = None, **kwargs) -> Record:
    """`play_bots` with bots built from spec strings (see `registry.parse_spec`),
    seeded by `seeds.bot_seed` from `seed` and the seat unless `bot_seeds` are given."""
    from .registry import make_bot

    state = new_game(game, len(specs), options)
    resolved = state.options_dict()
    seeds = bot_seeds or [bot_seed(seed, seat) for seat in range(len(specs))]
    bots = [make_bot(spec, game, seat, resolved, seeds[seat]) for seat, spec in enumerate(specs)]
    return play_bots(game, bots, seed, options, names=list(specs), **kwargs)
