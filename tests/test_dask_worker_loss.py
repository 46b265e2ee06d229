"""A Dask worker killed mid-run loses nothing: on a loopback cluster of two
single-threaded worker processes, one is killed (SIGKILL) while it plays a batch;
the scheduler plays its games again on the other, the run completes, every game is
in the journal exactly once, and the results are those of an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.executors import DaskExecutor
from dominoes_arcade.tournament.results import comparable, read_results

SPEC = {"game": "necropolis", "bots": ["random", "greedy"], "deals": 40, "seed": 11}


class KillingOne(DaskExecutor):
    """The Dask executor, which kills (SIGKILL) a worker process that is running a
    task when the first batch comes back, so that the rest of the run goes on with
    a worker lost in the middle of its games."""

    def __init__(self, scheduler: str):
        super().__init__(workers=0, scheduler=scheduler)
        self.killed: tuple[str, int, int] | None = None
        """The address and pid of the worker killed, and how many tasks it held."""

    def result(self, handle):
        played = super().result(handle)
        if self.killed is None:
            self._kill_a_busy_worker()
        return played

    def _kill_a_busy_worker(self, within: float = 60.0) -> None:
        """Kill the first worker seen running a task, looking only while a batch is
        still out (one not back yet runs on a worker, or soon will). With every batch
        back, nothing can become busy while the run waits here for this call (it
        submits no more meanwhile): return, and the next batch back tries again. (The
        first batches are of two games each and may all be back at once: waiting a
        fixed 5 s for a busy worker then waited for nothing, once or several times.)"""
        pids = self.client.run(os.getpid)  # worker address -> pid
        deadline = time.monotonic() + within
        while time.monotonic() < deadline and not all(future.done() for future in self.futures):
            busy = {address: keys for address, keys in self.client.processing().items() if keys}
            if busy:
                address, keys = sorted(busy.items())[0]
                os.kill(pids[address], signal.SIGKILL)
                self.killed = (address, pids[address], len(keys))
                return
            time.sleep(0.01)


def run(tmp_path: Path, name: str, executor_factory=None, **flags) -> tuple[dict, list[dict]]:
    plan = resolve_plan(None, {**SPEC, "out": str(tmp_path / f"{name}.results.toml"), **flags})
    report = run_tournament(plan, progress=False, executor_factory=executor_factory)
    assert report.status == "complete", report.message
    records = [json.loads(line) for line in plan.journal_path.read_text().splitlines()]
    return read_results(plan.results_path), records


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_nothing_and_counts_nothing_twice(tmp_path):
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        executors: list[KillingOne] = []

        def factory() -> KillingOne:
            executors.append(KillingOne(cluster.scheduler_address))
            return executors[0]

        started = time.monotonic()
        killed_run, records = run(tmp_path, "killed", executor_factory=factory, executor="dask")
        assert time.monotonic() - started < 120
    (executor,) = executors
    assert executor.killed is not None, "no worker was busy to be killed"
    address, pid, tasks = executor.killed
    assert tasks >= 1
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # it is gone (its nanny started a new one in its place)

    planned = 2 * SPEC["deals"]
    assert sorted(record["game_id"] for record in records) == list(range(planned))  # each exactly once
    assert killed_run["tournament"]["games_played"] == planned

    uninterrupted, _ = run(tmp_path, "whole", workers=1)
    assert comparable(killed_run) == comparable(uninterrupted)


def test_a_game_handed_back_twice_is_returned_once():
    """Dask may play a task again (its worker lost, or thought lost while it was
    still playing): the executor hands each game id back once."""
    from types import SimpleNamespace

    class Done:
        def __init__(self, ids):
            self.games = [SimpleNamespace(result=SimpleNamespace(game_id=i)) for i in ids]

        def result(self):
            return self.games

    executor = DaskExecutor.__new__(DaskExecutor)
    executor.futures, executor.returned = set(), set()
    first, again = Done([0, 1, 2]), Done([1, 2, 3])
    assert [g.result.game_id for g in executor.result(first)] == [0, 1, 2]
    assert [g.result.game_id for g in executor.result(again)] == [3]
