"""The driver: one game between bots, into a record (docs/architecture.md, "Engine": resolve
chance, ask the seat, inform the others).

Faults are part of the result, not exceptions: a bot that raises, returns an illegal
decision or overruns `move_time_limit` forfeits, and the record says so in `error`
with the bookkeeping key ``forfeit`` = {seat, kind, message}.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Callable, Sequence

from ..engine import Action, State, new_game
from ..engine.match import Match
from ..engine.records import Record
from .base import Bot


class Forfeit(Exception):
    def __init__(self, seat: int, kind: str, message: str):
        self.seat, self.kind, self.message = seat, kind, message
        super().__init__(f"seat {seat} forfeits ({kind}): {message}")


class Overrun(BaseException):
    """Raised inside a bot by the `Watchdog`. A BaseException, so that a bot's own
    ``except Exception`` cannot swallow it."""


class Watchdog:
    """A hard move time limit: stops a bot that never returns, where the soft check
    in `ask` (which measures after `choose` returns) cannot.

    While started, SIGALRM rings every quarter of the limit; when a decision in
    progress has run longer than the limit, the handler raises `Overrun` inside the
    bot. So a bot is stopped between 1 and 1.25 times the limit after it was asked
    (later if it sits in one long C call). One timer per game, not per decision, as
    setting a timer per decision would cost more than a random bot's move.
    Only for the main thread of a process (`available()`), e.g. a worker process.
    """

    def __init__(self, limit: float):
        self.limit = limit
        self.started = 0.0
        self.armed = False
        self._previous = None

    @staticmethod
    def available() -> bool:
        return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def __enter__(self) -> Watchdog:
        self._previous = signal.signal(signal.SIGALRM, self._ring)
        period = max(self.limit / 4, 0.001)
        signal.setitimer(signal.ITIMER_REAL, period, period)
        return self

    def __exit__(self, *exc_info) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous)

    def _ring(self, signum, frame) -> None:
        if self.armed and time.perf_counter() - self.started > self.limit:
            self.armed = False
            raise Overrun


def user_can_interrupt() -> bool:
    """Whether a KeyboardInterrupt here may be the user's Ctrl-C. It cannot be in a
    thread other than the main one (signals are handled only there), nor in a
    process that ignores SIGINT (a tournament worker): there it was raised by bot
    code, and is a fault like any other exception."""
    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN)


def ask(bot: Bot, state: State, time_limit: float | None, watchdog: Watchdog | None = None) -> tuple[Action, float]:
    """`bot`'s decision at `state` and the seconds it took; `Forfeit` on a fault.
    With a started `watchdog`, a bot that overruns its limit is stopped."""
    seat = state.current_player
    legal = state.legal_actions()
    view = state.view(seat)
    start = time.perf_counter()
    try:
        if watchdog is not None:
            watchdog.started, watchdog.armed = start, True
        try:
            action = bot.choose(view, list(legal))
        finally:
            # Disarmed before any handler below runs: a ring while one of them builds
            # the Forfeit would raise an Overrun that no handler here catches.
            if watchdog is not None:
                watchdog.armed = False
    except Overrun:
        spent = time.perf_counter() - start
        raise Forfeit(seat, "timeout", f"no decision within {time_limit * 1000:.0f} ms "
                      f"(stopped after {spent * 1000:.0f} ms)") from None
    except KeyboardInterrupt as error:
        if user_can_interrupt():
            raise  # a real Ctrl-C
        raise Forfeit(seat, "exception", f"KeyboardInterrupt raised by the bot: {error}") from None
    except BaseException as error:  # a plug-in may raise anything (exit, GeneratorExit, its own); it forfeits
        kind = getattr(error, "forfeit_kind", None)  # a bot program's fault names its kind (bots.protocol)
        raise Forfeit(seat, kind or "exception", str(error) if kind else f"{type(error).__name__}: {error}") from None
    spent = time.perf_counter() - start
    if time_limit is not None and spent > time_limit:
        raise Forfeit(seat, "timeout", f"no decision within {time_limit * 1000:.0f} ms ({spent * 1000:.0f} ms)")
    if not any(action is a for a in legal):
        raise Forfeit(seat, "illegal_action", f"{action!r} is not legal: {state.why_illegal(action)}"
                      if hasattr(action, "kind") else f"{action!r} is not an action")
    return action, spent


def inform(bot: Bot, state: State) -> None:
    """Show `bot` its seat's view after a step; a bot that fails at it forfeits."""
    try:
        bot.observe(state.view(bot.seat))
    except KeyboardInterrupt as error:
        if user_can_interrupt():
            raise
        raise Forfeit(bot.seat, "exception", f"KeyboardInterrupt raised by the bot in observe: {error}") from None
    except BaseException as error:  # anything else a plug-in raises, as in `ask`
        raise Forfeit(bot.seat, "exception", f"{type(error).__name__} in observe: {error}") from None


def play_bots(game: str, bots: Sequence[Bot], seed: int, options: dict | None = None,
              names: Sequence[str] | None = None, *, time_limit: float | None = None,
              on_step: Callable[[State, str], None] | None = None, watchdog: Watchdog | None = None) -> Record:
    """Play one game of `game` with `bots[i]` in seat i, through a `Match`: chance
    comes from its deck, shuffled from `seed`, so the same seed deals the same tiles
    whoever sits where.

    The record's bookkeeping keys: ``winners`` (the winning seats, empty for a
    draw; absent after a forfeit), ``decision_seconds`` (each seat's total time)
    and ``decisions`` (each seat's count)."""
    match = Match(game, len(bots), options, seed=seed)
    for bot in bots:
        if getattr(bot, "wants_steps", False):  # a bot program: it is sent the steps its seat saw
            bot.follow(match, time_limit)
    observers = [bot for bot in bots if bot.wants_observations()]
    spent = [0.0] * len(bots)
    decisions = [0] * len(bots)
    error = forfeit = None
    try:
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
            else:
                seat = match.current_player
                action, seconds = ask(bots[seat], match.state, time_limit, watchdog)
                spent[seat] += seconds
                decisions[seat] += 1
                match.apply(action)
            if on_step is not None:
                on_step(match.state, match.steps[-1])
            for bot in observers:
                inform(bot, match.state)
    except Forfeit as fault:
        error = str(fault)
        forfeit = {"seat": fault.seat, "kind": fault.kind, "message": fault.message}
    state = match.state
    outcome = state.outcome()
    if outcome is not None:
        for bot in bots:
            try:
                bot.game_over(outcome)
            except KeyboardInterrupt:
                if user_can_interrupt():
                    raise
            except BaseException:  # whatever the bot raises, the game is over and its result stands
                pass
    record = match.to_record(names or [b.name for b in bots], error)
    if outcome is not None:
        record.extra["winners"] = list(outcome.winners)
    record.extra["decision_seconds"] = [round(s, 6) for s in spent]
    record.extra["decisions"] = decisions
    if forfeit is not None:
        record.extra["forfeit"] = forfeit
    return record


def play_specs(game: str, specs: Sequence[str], seed: int, options: dict | None = None,
               bot_seeds: Sequence[int] | None = None, **kwargs) -> Record:
    """`play_bots` with bots built from spec strings (see `registry.parse_spec`)."""
    from .registry import make_bot

    state = new_game(game, len(specs), options)
    resolved = state.options_dict()
    seeds = bot_seeds or [random.Random(seed * 31 + i).getrandbits(63) for i in range(len(specs))]
    bots = [make_bot(spec, game, seat, resolved, seeds[seat]) for seat, spec in enumerate(specs)]
    return play_bots(game, bots, seed, options, names=list(specs), **kwargs)
