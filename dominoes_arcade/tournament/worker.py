"""What runs in a worker (a pool process or a Dask worker): play a batch of
scheduled games and hand back each one's journal line and result.

Bots are built afresh for every game from their spec and their scheduled seed, so a
game depends only on its place in the schedule, never on which worker plays it or
what it played before. A bot that cannot even be built forfeits that game like any
other fault.
"""

from __future__ import annotations

import json
import signal
import time
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.driver import Watchdog, play_bots
from ..engine import GAMES, GameEntry, register
from ..engine.match import Match
from ..engine.records import Record
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


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game: its journal line (a record as JSON) and its result."""

    line: str
    result: GameResult


def ignore_interrupts() -> None:
    """Pool initializer: Ctrl-C reaches the whole process group, but only the parent
    should act on it (it stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_batch(batch: Batch) -> list[Played]:
    """Play every game of `batch`, in order. With a process of its own (the main
    thread), a `Watchdog` stops a bot that overruns the time limit; elsewhere (a Dask
    worker thread) an overrun is found when the bot returns."""
    if batch.entry is not None and batch.game not in GAMES:
        register(batch.entry)
    if Watchdog.available():
        with Watchdog(batch.time_limit) as watchdog:
            return [play_job(batch, job, watchdog) for job in batch.jobs]
    return [play_job(batch, job, None) for job in batch.jobs]


def play_job(batch: Batch, job: GameJob, watchdog: Watchdog | None) -> Played:
    """One scheduled game as a journal record with the tournament's bookkeeping
    keys: ``tournament_key`` (the fingerprint), ``game_id``, ``deal``, ``table``,
    ``rotation``, ``bot_seeds`` and ``seconds``."""
    start = time.perf_counter()
    record = None
    bots = []
    for seat, spec in enumerate(job.seats):
        try:
            bots.append(make_bot(spec, batch.game, seat, batch.options, job.bot_seeds[seat]))
        except Exception as error:  # a plug-in's constructor may raise anything: it forfeits
            record = unbuilt_bot_record(batch, job, seat, f"cannot build the bot: {type(error).__name__}: {error}")
            break
    if record is None:
        record = play_bots(batch.game, bots, job.seed, batch.options, names=job.seats,
                           time_limit=batch.time_limit, watchdog=watchdog)
    record.extra.update(tournament_key=batch.key, game_id=job.game_id, deal=job.deal, table=job.table,
                        rotation=job.rotation, bot_seeds=list(job.bot_seeds),
                        seconds=round(time.perf_counter() - start, 6))
    data = record.to_dict()
    return Played(json.dumps(data), summarize(data))


def unbuilt_bot_record(batch: Batch, job: GameJob, seat: int, message: str) -> Record:
    """The record of a game that never started because the bot in `seat` could
    not be built: no steps, the scores of the untouched game, a forfeit."""
    players = len(job.seats)
    record = Match(batch.game, options=batch.options, seed=job.seed).to_record(
        job.seats, f"seat {seat} forfeits (exception): {message}")
    record.extra.update(decision_seconds=[0.0] * players, decisions=[0] * players,
                        forfeit={"seat": seat, "kind": "exception", "message": message})
    return record
