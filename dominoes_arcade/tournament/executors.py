"""Where batches of games run: a local process pool (the default) or a Dask
distributed cluster. Both take a `worker.Batch` and call back when it is done; the
runner never depends on which finishes first.

The process pool starts its workers with a fork server (Linux) or spawns them;
plug-in bots are loaded in each worker from their spec. A worker that dies (a bot
calling ``os._exit``...) costs one forfeit, not the run (`ProcessExecutor`).
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.context
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any, Protocol

from ..engine import GAMES
from . import isolation, lifeline
from .pipelocks import pipe_lock_context
from .worker import Batch, Played, crashed_game, play_batch


class ExecutorUnavailable(RuntimeError):
    """An executor that cannot start here (Dask not installed, scheduler unreachable)."""


class Executor(Protocol):
    slots: int
    """How many batches can run at once."""

    def submit(self, batch: Batch, done: Callable[[Any], None]) -> None:
        """Run `batch`; call `done(handle)` (from any thread) when it finishes."""

    def result(self, handle: Any) -> list[Played]:
        """The finished batch's games; re-raises a failure of the worker."""

    def close(self, *, cancel: bool) -> None:
        """Shut down: wait for running work, or with `cancel` drop it and stop now."""


MARKERS_PREFIX = "dominoes-arcade-workers-"
"""A pool's markers folder in the temporary folder: the prefix, the pid of the run that
made it, a dash and a random part."""


def remove_markers_of_dead_runs(folder: str | None = None) -> list[str]:
    """Remove the markers folders whose run has ended without removing them (killed,
    SIGKILL: nothing ran `close`), and return their paths; a folder of a run still
    alive, or of a name this program does not make, is left alone."""
    folder = folder or tempfile.gettempdir()
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        pid, dash, _ = name.removeprefix(MARKERS_PREFIX).partition("-")
        if not name.startswith(MARKERS_PREFIX) or not dash or not pid.isdigit() or isolation.alive(int(pid)):
            continue
        path = os.path.join(folder, name)
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


class ProcessExecutor:
    """A local pool of worker processes, kept alive through bot faults: when a
    worker dies, the pool is replaced, the games that were in flight are played
    again (each alone in a process of its own when it was running as the pool
    broke), and a game whose lone process dies too is a forfeit (see `isolation`).

    Workers are started by a fork server (on Linux) or spawned, never forked from
    this process, which may be running threads (the progress bar, the pool's own,
    whatever earlier code left behind): forking those is unsafe.

    Nothing outlives it (`lifeline`): the workers hold the read end of a pipe whose
    write end only this process holds, and end themselves when it closes, at
    `close` or when this process dies. A thread (`_watch`) kills a worker whose bot
    is past its hard deadline (`isolation.overdue`): a bot that ignores the
    watchdog's signal; the pool breaks and the crash path takes over.
    """

    def __init__(self, workers: int, bot_log: str | None = None):
        self.context = worker_context()
        self.slots = workers
        self.bot_log = bot_log
        remove_markers_of_dead_runs()
        self.markers = tempfile.mkdtemp(prefix=f"{MARKERS_PREFIX}{os.getpid()}-")
        self.batches: dict[Future, tuple[Batch, int]] = {}
        self.generation = 0
        """How many pools have broken."""
        self.in_flight: dict[int, dict[int, int]] = {}
        """The games in flight when pool number N broke (game id -> seat in play)."""
        self.life, self._life_end = self.context.Pipe(duplex=False)
        self.workers: set[int] = set()
        """The process ids of every pool's workers."""
        self.pool = self._new_pool()
        self._closed = threading.Event()
        threading.Thread(target=self._watch, name="hard-deadlines", daemon=True).start()

    def _new_pool(self) -> ProcessPoolExecutor:
        pool = ProcessPoolExecutor(max_workers=self.slots, mp_context=self.context, initializer=isolation.start_worker,
                                   initargs=(self.markers, self.bot_log, self.life))
        # Start every worker now: a pool that starts them on demand could start one
        # while it is breaking (Python 3.11), which nobody would ever stop.
        for started in [pool.submit(int) for _ in range(self.slots)]:
            started.result()
        self.workers |= set(getattr(pool, "_processes", {}))
        return pool

    def _watch(self, period: float = 0.05) -> None:
        """Kill any pool worker whose bot call is past its hard deadline."""
        while not self._closed.wait(period):
            for pid in list(self.workers):
                if isolation.overdue(os.path.join(self.markers, str(pid))) is not None:
                    lifeline.kill_group(pid)

    def submit(self, batch: Batch, done: Callable[[Future], None]) -> None:
        self._submit(batch).add_done_callback(done)

    def _submit(self, batch: Batch) -> Future:
        try:
            future = self.pool.submit(play_batch, batch)
        except BrokenProcessPool:  # it broke since the last result: replace it now
            self._replace_pool(self.generation)
            future = self.pool.submit(play_batch, batch)
        self.batches[future] = (batch, self.generation)
        return future

    def result(self, handle: Future) -> list[Played]:
        batch, generation = self.batches.pop(handle)
        try:
            return handle.result()
        except BrokenProcessPool:
            suspects = self._replace_pool(generation)
            return self._recover(batch, suspects)

    def _replace_pool(self, generation: int) -> dict[int, int]:
        """After a worker died: once per broken pool, wait for its workers to be gone,
        read which games they were playing, and start a new pool. Returns the games
        in flight when the pool broke (game id -> seat in play)."""
        if generation == self.generation:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.in_flight[generation] = isolation.in_flight(self.markers)  # waits for its workers to end
            self.generation += 1
            self.pool = self._new_pool()
        return self.in_flight[generation]

    def _recover(self, batch: Batch, suspects: dict[int, int]) -> list[Played]:
        """The games of a batch lost with a broken pool: the ones in flight when it
        broke, each alone in a process of its own; the rest in the new pool."""
        played: list[Played] = []
        rest = tuple(job for job in batch.jobs if job.game_id not in suspects)
        if rest:
            played += self.result(self._submit(replace(batch, jobs=rest)))
        for job in batch.jobs:
            if job.game_id in suspects:
                alone = replace(batch, jobs=(job,))
                games, how, seat, kind = isolation.play_alone(self.context, play_batch, alone, self.markers,
                                                              self.bot_log, self.life)
                played += games if games is not None else [crashed_game(batch, job, seat, how, kind)]
        return played

    def close(self, *, cancel: bool) -> None:
        try:
            self._stop(cancel)
        finally:
            # Whatever the workers left behind (a plug-in's helper, a bot program's)
            # ends with them; then the lifeline ends any worker still there.
            self._closed.set()
            for pid in self.workers:
                lifeline.end_worker(pid, os.path.join(self.markers, str(pid)), drain=0.1)
            self._life_end.close()
            shutil.rmtree(self.markers, ignore_errors=True)

    def _stop(self, cancel: bool) -> None:
        if not cancel:
            self.pool.shutdown(wait=True)
            return
        # Stop at once: games in flight are lost (they are not in the journal, so
        # a resume plays them). Python 3.14 has terminate_workers(); before it, the
        # pool's processes are only reachable through its private table.
        results = getattr(self.pool, "_result_queue", None)  # shutdown forgets it
        terminate = getattr(self.pool, "terminate_workers", None)
        if terminate is not None:
            terminate()
        else:
            processes = list(getattr(self.pool, "_processes", {}).values())
            self.pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            for process in processes:
                process.join(timeout=5)
        # A worker stopped half way through sending a result leaves the pool's
        # manager thread reading the rest for ever, and the interpreter's exit joins
        # that thread: the run would print its results and never end. With the
        # workers gone this process holds the pipe's only write end; closing it ends
        # that read (end of file), and the thread with it.
        writer = getattr(results, "_writer", None)
        if writer is not None:
            writer.close()


def worker_context() -> multiprocessing.context.BaseContext:
    """Fork server where there is one (Linux: workers start in milliseconds, forked
    from a clean server that has the package imported), else spawn; either with
    its locks made of pipes (`pipelocks`), so that a run killed with ``kill -9``
    leaves no named semaphore for the resource tracker to clean up and warn of."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        rules = {entry.state.partition(":")[0] for entry in GAMES.values()}
        context.set_forkserver_preload(["dominoes_arcade.tournament.worker", *sorted(rules)])
        return pipe_lock_context(context)
    return pipe_lock_context(multiprocessing.get_context("spawn"))


class DaskExecutor:
    """Batches as tasks on a Dask distributed cluster: the one at `scheduler`, or a
    local cluster of `workers` single-threaded processes on loopback.

    Tasks run in Dask's worker threads, where no signal can stop a bot: a bot that
    overruns the move time limit forfeits when it returns. On a remote cluster every
    worker needs dominoes-arcade installed, and plug-in bot files at the same paths.

    A worker that dies (killed, its machine lost) loses nothing: the scheduler runs
    its tasks again on another worker (up to ``distributed.scheduler.allowed-failures``
    times per task, then the run fails and ``--resume`` continues it). A game is
    handed back once however often it was played: `result` drops a game id it has
    already returned, so the journal never holds a game twice.
    """

    def __init__(self, workers: int, scheduler: str | None):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise ExecutorUnavailable("--executor dask needs Dask: pip install 'dominoes-arcade[dask]'") from None
        self.cluster = None
        try:
            if scheduler:
                self.client = Client(scheduler, timeout=30)
            else:  # every port on loopback, picked by the system (the HTTP server's too, not 8787)
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                            silence_logs=logging.ERROR)
                self.client = Client(self.cluster)
        except (OSError, TimeoutError) as error:
            raise ExecutorUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        self.slots = max(1, sum(self.client.nthreads().values()))
        self.futures: set[Any] = set()
        self.returned: set[int] = set()
        """The game ids already handed back."""

    def submit(self, batch: Batch, done: Callable[[Any], None]) -> None:
        future = self.client.submit(play_batch, batch, pure=False)
        self.futures.add(future)
        future.add_done_callback(done)

    def result(self, handle: Any) -> list[Played]:
        self.futures.discard(handle)
        played = []
        for game in handle.result():
            if game.result.game_id not in self.returned:
                self.returned.add(game.result.game_id)
                played.append(game)
        return played

    def close(self, *, cancel: bool) -> None:
        if cancel and self.futures:
            self.client.cancel(list(self.futures))
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_executor(kind: str, workers: int, scheduler: str | None, bot_log: str | None = None) -> Executor:
    if kind == "dask":
        return DaskExecutor(workers, scheduler)
    return ProcessExecutor(workers, bot_log)
