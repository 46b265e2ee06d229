"""Running a tournament: resume from the journal, hand the missing games to the
executor in batches, journal each game as it comes back, and write the results.

- **Batches.** Games go out in batches sized from the games seen so far to take
  about `BATCH_SECONDS` each, so per-task overhead stays small for fast games while
  a slow game still comes back (and is journaled) soon; at most two batches per
  worker are in flight, and batches shrink near the end so workers finish together.
- **Order.** Results come back in any order; the figures are computed from the
  games sorted by their place in the schedule, so they never depend on it.
- **Ctrl-C and SIGTERM.** The first one stops cleanly: nothing new is started,
  games in flight are dropped (a resume plays them), the results so far are
  written with ``status = "interrupted"``. A second one aborts at once.
- **One run at a time.** A run holds the tournament's lock (`lock.RunLock`) from
  before it reads the journal until its results are written.
- **Outputs that fail.** A journal that cannot be written (a full disk) stops the
  run: the results are written as ``failed`` if they can be, and the journal's
  error is raised (exit 1); what was journaled stays, so a resume continues.
- **Sequential tests.** With an SPRT (`sequential`), the test is fed each deal once
  all its games are in, in schedule order, and games go out a duplicate pair (or
  one table's rotations) at a time, no more than `WINDOW_PER_SLOT` per worker ahead
  of the deal the test reads next (`sequential.DealWindow`); when it stops, nothing
  new is started, the few groups in flight are finished and journaled (they count
  nowhere), and a resume of a stopped run plays nothing.
- **Deal sets.** A resume on other deals than the run was started on (a deals file
  that changed, given or left out) is refused before the journal is read
  (`results.check_same_deal_set`).
- **Resume repairs.** The results are always rebuilt from the journal: a resume
  with nothing left to play rewrites results that disagree with the journal (a
  run killed after its last journal line, a damaged file), and otherwise leaves
  them as they are.
"""

from __future__ import annotations

import math
import queue
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .. import files
from ..engine import entry
from .executors import Executor, make_executor
from .isolation import bot_log_path
from .journal import Journal, load_journal
from .lock import RunLock, lock_path_for
from .progress import Progress
from .results import agrees_with, build_results, check_same_deal_set, read_results, utc_now, write_results
from .schedule import GameJob
from .sequential import DealFeed, DealWindow, counted, evaluate, sprt_table
from .spec import Plan
from .sprt import sprt_status
from .standings import GameResult
from .worker import Batch, Played

BATCH_SECONDS = 0.2
"""The work one batch aims at."""
MAX_BATCH = 256
FIRST_BATCH = 2
"""The batch size before any game has been timed."""
WINDOW_PER_SLOT = 2
"""An SPRT run starts at most this many duplicate pairs (or one table's rotations of
a deal) per worker beyond the deal its test reads next: what it may play past the
decision."""


@dataclass
class RunReport:
    status: str
    """``complete``, ``interrupted`` or ``failed``."""
    results_path: Path
    games_planned: int
    games_played: int
    """Games in the results (this run and earlier ones)."""
    games_this_run: int
    message: str = ""
    verdict: str = ""
    """An SPRT run's test in words (``SPRT H1 after 12 deals, LLR 2.96``), or ""."""


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""Ctrl-C, and what `kill`, `timeout` and job schedulers send: both stop cleanly,
so the results are never left saying "running"."""


class StopSignal:
    """The first SIGINT or SIGTERM asks for a clean stop; the second raises
    KeyboardInterrupt. `notify` is called with the signal's name ("SIGINT")
    at the first. A no-op outside the main thread (signals can only be handled
    there)."""

    def __init__(self, notify: Callable[[str], None] | None = None):
        self.requested = False
        self.notify = notify
        self._previous: dict[int, Any] = {}

    def _handle(self, signum, frame) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True
        if self.notify is not None:
            self.notify(signal.Signals(signum).name)

    def __enter__(self) -> StopSignal:
        if threading.current_thread() is threading.main_thread():
            for number in STOP_SIGNALS:
                self._previous[number] = signal.signal(number, self._handle)
        return self

    def __exit__(self, *exc_info) -> None:
        for number, previous in self._previous.items():
            signal.signal(number, previous)
        self._previous = {}


class BatchSizer:
    """Batch sizes from the mean time of the games timed so far."""

    def __init__(self, slots: int):
        self.slots = slots
        self.seconds = 0.0
        self.games = 0

    def observe(self, played: Sequence[Played]) -> None:
        self.seconds += sum(p.result.seconds for p in played)
        self.games += len(played)

    def next_size(self, remaining: int) -> int:
        if self.games == 0 or self.seconds <= 0:
            size = FIRST_BATCH
        else:
            size = int(BATCH_SECONDS / (self.seconds / self.games))
        # Near the end, smaller batches keep every worker busy until the last game.
        tail = math.ceil(remaining / (2 * self.slots))
        return max(1, min(size, MAX_BATCH, tail, remaining))

    def take(self, pending: deque[GameJob]) -> tuple[GameJob, ...]:
        """The next batch, off the front of `pending`."""
        return tuple(pending.popleft() for _ in range(self.next_size(len(pending))))


class Batcher(Protocol):
    """How the games still to play are cut into batches (`BatchSizer`, or an SPRT's
    `sequential.DealWindow`)."""

    def observe(self, played: Sequence[Played]) -> None:
        """A batch came back."""

    def take(self, pending: deque[GameJob]) -> tuple[GameJob, ...]:
        """The next batch, off the front of `pending` (schedule order); () to start none now."""


def drive(executor: Executor, jobs: Sequence[GameJob], make_batch: Callable[[tuple[GameJob, ...]], Batch],
          stop: StopSignal, poll_seconds: float = 0.1, halt: Callable[[], bool] = lambda: False,
          batcher: Batcher | None = None) -> Iterator[list[Played]]:
    """Yield each batch's games as it finishes, until all are done or a stop is
    requested. At most two batches per slot are in flight, cut by `batcher` (by
    default a `BatchSizer`). Once `halt()` (an SPRT that stopped), nothing new is
    started and the batches in flight are yielded."""
    pending = deque(jobs)
    finished: queue.Queue = queue.Queue()
    in_flight = 0
    batcher = batcher or BatchSizer(executor.slots)
    while (pending and not halt()) or in_flight:
        while pending and in_flight < 2 * executor.slots and not stop.requested and not halt():
            batch = batcher.take(pending)
            if not batch:
                break
            executor.submit(make_batch(batch), finished.put)
            in_flight += 1
        if stop.requested:
            return
        try:
            handle = finished.get(timeout=poll_seconds)
        except queue.Empty:
            continue
        in_flight -= 1
        played = executor.result(handle)
        batcher.observe(played)
        yield played


def run_tournament(plan: Plan, *, resume: bool = False, command: str = "",
                   progress: bool | None = None, executor_factory: Callable[[], Executor] | None = None
                   ) -> RunReport:
    """Run (or finish, with `resume`) the tournament of `plan` and write its
    results. `progress`: True for the rich bar, False for plain lines, None to
    choose by whether stderr is a terminal.

    :raises files.FileError: an output that cannot be written (before any game, or
        the journal during the run), or another run holding the tournament's lock.
    """
    # Every output is checked before any game is played, not after the last (the bot
    # log too: a worker opening a FIFO there would wait for a reader for ever).
    bot_log = bot_log_path(plan.journal_path)
    lock = lock_path_for(plan.journal_path)
    for output in (plan.results_path, plan.journal_path, bot_log, lock):
        files.prepare_output(output)
    with RunLock(lock, plan.results_path):
        return locked_run(plan, resume, command, progress, executor_factory, str(bot_log))


def locked_run(plan: Plan, resume: bool, command: str, progress: bool | None,
               executor_factory: Callable[[], Executor] | None, bot_log: str) -> RunReport:
    """`run_tournament`, with the tournament's lock held."""
    schedule = plan.schedule
    if resume:
        check_same_deal_set(plan)
    done: dict[int, GameResult] = load_journal(plan.journal_path, plan.key, schedule) if resume else {}
    resumes = previous_resumes(plan.results_path) + 1 if resume and done else 0
    feed = evaluate(plan, done.values())  # an SPRT: the test so far, fed as games come in
    halted = feed is not None and feed.stop_deal is not None
    todo = [] if halted else [job for job in schedule if job.game_id not in done]
    if resume and not todo and agrees_with(plan.results_path, plan, list(done.values())):
        # Nothing left to play: the results already say everything, timing included.
        games_counted = len(counted(feed, done.values()))
        return RunReport("complete", plan.results_path, len(schedule), games_counted, 0, "",
                         verdict_text(feed, len(done) - games_counted))
    # Otherwise the results are written from the journal below, even with no game to play.
    started_at, started = utc_now(), time.perf_counter()
    game_seconds = 0.0
    played_now = 0
    status, message = "complete", ""
    failure: files.FileError | None = None

    def make_batch(jobs: tuple[GameJob, ...]) -> Batch:
        return Batch(plan.game, plan.options, plan.move_time_limit_ms / 1000, plan.key, jobs,
                     entry=entry(plan.game), bot_log=bot_log, time_control=plan.time_control,
                     time_margin=plan.time_margin_ms / 1000)

    display = Progress(plan.game, len(schedule), len(done), plan.higher_score_wins, rich=progress,
                       rating_interval=plan.rating_interval,
                       sprt_status=None if feed is None else lambda: sprt_status(sprt_table(feed, plan)))
    for result in sorted(done.values(), key=lambda r: r.game_id):
        display.add_known(result)
    slots = plan.workers
    if todo:
        # The results say "running" (with this resume counted) until the run ends, so
        # a run that is killed still counts among the resumes.
        run = {"started_at": started_at, "resumes": resumes, "executor": plan.executor}
        write_results(plan.results_path, build_results(plan, list(done.values()), status="running", run=run,
                                                       timing={}, command=command))

    def notice(name: str) -> None:
        how = "Ctrl-C (press it again to abort)" if name == "SIGINT" else f"{name} (another one aborts)"
        print(f"\nstopping after {how}", file=display.stream, flush=True)

    executor = None
    if todo:
        executor = executor_factory() if executor_factory else make_executor(plan.executor, plan.workers,
                                                                              plan.scheduler, bot_log)
        slots = executor.slots
    with Journal(plan.journal_path, fresh=not resume) as journal, StopSignal(notice) as stop, display:
        if executor is not None:
            cancel = True
            try:
                window = DealWindow(feed, WINDOW_PER_SLOT * executor.slots) if feed is not None else None
                for played in drive(executor, todo, make_batch, stop, batcher=window,
                                    halt=lambda: feed is not None and feed.stop_deal is not None):
                    for game in played:
                        journal.append(game.line)
                        done[game.result.game_id] = game.result
                        game_seconds += game.result.seconds
                        played_now += 1
                        display.advance(game.result)
                        if feed is not None:
                            feed.add(game.result)
                    if feed is not None:
                        feed.advance()
                cancel = stop.requested
            except files.FileError as error:  # the journal cannot be written (a full disk)
                status, message, failure = "failed", str(error), error
            except Exception as error:  # a worker that died or a bug: keep what was journaled
                status, message = "failed", f"{type(error).__name__}: {error}"
            finally:
                executor.close(cancel=cancel)
        if stop.requested:
            status = "interrupted"
    wall = time.perf_counter() - started
    run = {"started_at": started_at, "finished_at": utc_now(), "games_this_run": played_now, "resumes": resumes,
           "executor": plan.executor}
    if message:
        run["message"] = message
    timing = timing_figures(played_now, game_seconds, wall, slots)
    document = build_results(plan, list(done.values()), status=status, run=run, timing=timing, command=command,
                             workers=slots)
    try:
        write_results(plan.results_path, document)
    except files.FileError:
        if failure is None:
            raise
        # The disk that refused the journal may refuse the results too; the journal's
        # error is the one to report, and a resume rewrites the results.
    if failure is not None:
        raise files.FileError(failure.path, f"{failure.problem} (--resume continues from the journal)", failure.code)
    games_counted = len(counted(feed, done.values()))
    return RunReport(status, plan.results_path, len(schedule), games_counted, played_now, message,
                     verdict_text(feed, len(done) - games_counted))


def verdict_text(feed: DealFeed | None, past_stop: int = 0) -> str:
    """The test's state in a few words, for the command's last line."""
    if feed is None:
        return ""
    test = feed.test
    past = f" ({past_stop} more games played past the decision are journaled, not counted)" if past_stop else ""
    return f"SPRT {test.verdict or 'no verdict'} after {test.deals} deals, LLR {test.llr:.3f}{past}"


def timing_figures(games: int, game_seconds: float, wall: float, workers: int) -> dict[str, float]:
    """This run's speed: games per second, mean game time, and the share of the
    workers' time spent inside games (the rest is start-up, transport, journal)."""
    timing: dict[str, float] = {"wall_seconds": round(wall, 3)}
    if games and wall > 0:
        timing.update(games_per_second=round(games / wall, 2), mean_game_ms=round(1000 * game_seconds / games, 3),
                      busy_share=round(game_seconds / (wall * workers), 4))
    return timing


def previous_resumes(path: Path) -> int:
    """How many times the tournament was resumed before, from its results file."""
    try:
        resumes = read_results(path).get("run", {}).get("resumes", 0)
    except files.FileError:
        return 0
    return resumes if isinstance(resumes, int) and resumes >= 0 else 0
