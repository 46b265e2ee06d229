"""Where batches of games run: a local process pool (the default) or a Dask
distributed cluster. Both take a `worker.Batch` and call back when it is done; the
runner never depends on which finishes first.

On Linux the process pool forks its workers (they start in milliseconds, with
everything already imported, plug-in bots included), all of them at once when it
is created, before the runner starts any thread (the progress bar, the pool's own
manager), since forking a process that runs threads is unsafe. Elsewhere it spawns
them.
"""

from __future__ import annotations

import logging
import multiprocessing
import sys
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol

from .worker import Batch, Played, ignore_interrupts, play_batch


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


class ProcessExecutor:
    """A local pool of worker processes."""

    def __init__(self, workers: int):
        context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
        self.slots = workers
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=ignore_interrupts)
        # The first task starts every worker (a forking pool starts them all at
        # once), so none is forked later from a parent running threads.
        self.pool.submit(int).result()

    def submit(self, batch: Batch, done: Callable[[Future], None]) -> None:
        self.pool.submit(play_batch, batch).add_done_callback(done)

    def result(self, handle: Future) -> list[Played]:
        return handle.result()

    def close(self, *, cancel: bool) -> None:
        if not cancel:
            self.pool.shutdown(wait=True)
            return
        # Stop at once: games in flight are lost (they are not in the journal, so a
        # resume plays them). Python 3.14 has terminate_workers(); before it, the
        # pool's processes are only reachable through its private table.
        terminate = getattr(self.pool, "terminate_workers", None)
        if terminate is not None:
            terminate()
            return
        processes = list(getattr(self.pool, "_processes", {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)


class DaskExecutor:
    """Batches as tasks on a Dask distributed cluster: the one at `scheduler`, or a
    local cluster of `workers` single-threaded processes on loopback.

    Tasks run in Dask's worker threads, where no signal can stop a bot: a bot that
    overruns the move time limit forfeits when it returns. On a remote cluster every
    worker needs dominoes-arcade installed, and plug-in bot files at the same paths.
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
            else:
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            host="127.0.0.1", dashboard_address=None,
                                            silence_logs=logging.ERROR)
                self.client = Client(self.cluster)
        except (OSError, TimeoutError) as error:
            raise ExecutorUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        self.slots = max(1, sum(self.client.nthreads().values()))
        self.futures: set[Any] = set()

    def submit(self, batch: Batch, done: Callable[[Any], None]) -> None:
        future = self.client.submit(play_batch, batch, pure=False)
        self.futures.add(future)
        future.add_done_callback(done)

    def result(self, handle: Any) -> list[Played]:
        self.futures.discard(handle)
        return handle.result()

    def close(self, *, cancel: bool) -> None:
        if cancel and self.futures:
            self.client.cancel(list(self.futures))
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_executor(kind: str, workers: int, scheduler: str | None) -> Executor:
    if kind == "dask":
        return DaskExecutor(workers, scheduler)
    return ProcessExecutor(workers)
