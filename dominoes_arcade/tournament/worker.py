"""What runs in a worker (a pool process or a Dask worker): play a batch of
scheduled games and hand back each one's journal line and result.

Bots are built afresh for every game from their spec and their scheduled seed, so a
game depends only on its place in the schedule, never on which worker plays it or
what it played before. A bot that cannot even be built forfeits that game like any
other fault.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.clock import TimeControl
from ..bots.driver import Watchdog, play_bots, user_can_interrupt
from ..engine import GAMES, GameEntry, register
from ..engine.match import Match
from ..engine.records import Record
from . import isolation
from .schedule import GameJob
from .standings import GameResult, summarize


@dataclass(frozen=True, slots=True)
class Batch:
    """Games to play, with what every game of the tournament shares."""

    game: str
    options: dict[str, Any]
    """The resolved variant table, ``players`` included."""
    time_limit: float
    """Seconds a bot may take per decision."""
    key: str
    """The tournament's fingerprint, written into every record (see `journal`)."""
    jobs: tuple[GameJob, ...]
    entry: GameEntry | None = None
    """The game's registry entry, for a worker process that does not know the game
    (one registered at run time, by a test or a plug-in, in a spawned process)."""
    bot_log: str | None = None
    """Where the bots' output goes (see `isolation`); None: nowhere."""
    time_control: TimeControl | None = None
    """Each seat's clock; None: the time limit alone."""
    time_margin: float = 0.0
    """Seconds an overrun of the clock may last and be forgiven."""


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game: its journal line (a record as JSON) and its result."""

    line: str
    result: GameResult


def play_batch(batch: Batch) -> list[Played]:
    """Play every game of `batch`, in order. With a process of its own (the main
    thread), a `Watchdog` stops a bot that overruns the time limit; elsewhere (a Dask
    worker thread) an overrun is found when the bot returns."""
    if batch.entry is not None and batch.game not in GAMES:
        register(batch.entry)
    with bot_output(batch.bot_log):
        if Watchdog.available():
            with Watchdog(batch.time_limit) as watchdog:
                return [play_job(batch, job, watchdog) for job in batch.jobs]
        return [play_job(batch, job, None) for job in batch.jobs]


@contextlib.contextmanager
def bot_output(log_path: str | None) -> Iterator[None]:
    """Where the bots' prints go while a batch plays: our worker processes already
    send theirs to the log (`isolation.start_worker`); elsewhere (a Dask worker)
    Python's streams are pointed at the log, or at nothing, for the batch."""
    if isolation.marking():
        yield
        return
    try:
        sink = open(log_path, "a", encoding="utf-8") if log_path else open(os.devnull, "w")  # noqa: SIM115
    except OSError:
        sink = open(os.devnull, "w")  # noqa: SIM115
    with sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        yield


def play_job(batch: Batch, job: GameJob, watchdog: Watchdog | None) -> Played:
    """One scheduled game as a journal record with the tournament's bookkeeping
    keys: ``tournament_key`` (the fingerprint), ``game_id``, ``deal``, ``table``,
    ``rotation``, ``bot_seeds`` and ``seconds``."""
    start = time.perf_counter()
    record = None
    bots = []
    for seat, spec in enumerate(job.seats):
        key = isolation.mark_build(job.game_id, seat, spec)
        try:
            bot = make_bot(spec, batch.game, seat, batch.options, job.bot_seeds[seat])
        except BaseException as error:  # a plug-in may raise anything (exit, GeneratorExit...): it forfeits
            if isinstance(error, KeyboardInterrupt) and user_can_interrupt():
                raise
            record = unbuilt_bot_record(batch, job, seat, f"cannot build the bot: {type(error).__name__}: {error}")
            break
        bots.append(isolation.MarkedBot(bot, job.game_id, key, batch.time_limit) if isolation.marking() else bot)
    if record is None:
        isolation.mark(job.game_id)
        record = play_bots(batch.game, bots, job.seed, batch.options, names=job.seats,
                           time_limit=batch.time_limit, watchdog=watchdog, time_control=batch.time_control,
                           time_margin=batch.time_margin)
    isolation.mark(isolation.IDLE)
    record.extra.update(tournament_key=batch.key, game_id=job.game_id, deal=job.deal, table=job.table,
                        rotation=job.rotation, bot_seeds=list(job.bot_seeds),
                        seconds=round(time.perf_counter() - start, 6))
    data = record.to_dict()
    return Played(json.dumps(data), summarize(data))


def unbuilt_bot_record(batch: Batch, job: GameJob, seat: int, message: str, kind: str = "exception") -> Record:
    """The record of a game with no steps that `seat` forfeits: its bot could not
    be built, or (kind ``crash``) its process died: the scores of the untouched
    game, a forfeit, and no decision timed (those of a process that died are lost)."""
    players = len(job.seats)
    record = Match(batch.game, options=batch.options, seed=job.seed).to_record(
        job.seats, f"seat {seat} forfeits ({kind}): {message}")
    record.extra.update(decision_seconds=[0.0] * players, decisions=[0] * players,
                        decision_ms=[[] for _ in range(players)],
                        forfeit={"seat": seat, "kind": kind, "message": message})
    return record


def crashed_game(batch: Batch, job: GameJob, seat: int, how: str, kind: str = "crash") -> Played:
    """The forfeit of a game whose process died (`how`) with `seat`'s bot in play;
    or, with kind ``timeout``, was killed because that bot's call (`how`: decision,
    build, observe, game_over) outlived its hard deadline (`isolation.hard_limit`)."""
    seat = max(seat, 0)  # a death outside any bot call (never seen) is put on seat 0
    again = "the game was played again alone and it"
    if kind == "timeout":
        limit = f"{batch.time_limit * 1000:.0f} ms"
        what = f"no decision within {limit}" if how == "decision" else f"its {how} call did not end"
        seconds = isolation.BUILD_SECONDS if how == "build" else isolation.hard_limit(batch.time_limit)
        message = f"{what}, and it did not stop when told: its process was killed after {seconds:.2f} s; " \
                  f"{again} overran again"
    else:
        message = f"the bot's process died ({how}); {again} died again"
    record = unbuilt_bot_record(batch, job, seat, message, kind=kind)
    record.extra.update(tournament_key=batch.key, game_id=job.game_id, deal=job.deal, table=job.table,
                        rotation=job.rotation, bot_seeds=list(job.bot_seeds), seconds=0.0)
    data = record.to_dict()
    return Played(json.dumps(data), summarize(data))
