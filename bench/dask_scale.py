"""Dask scaling: games per second against the number of Dask worker processes, on a
loopback cluster of a `dask scheduler` and N separate `dask worker` processes (one
thread each), next to the process pool's figure.

Run with `make bench` or `python bench/dask_scale.py [--deals N] [--workers 1 2 4]
[--repeats R]`. Never part of the tests: timings depend on the machine (and on
whatever else it is running); on a 2-core machine N=4 shows the cost of more
workers than cores, not a gain.

Each N gets a fresh cluster: the scheduler and its workers listen on 127.0.0.1 only,
on ports the system picks (the scheduler's address is read from its scheduler
file). The same tournament (Necropolis, `random` against `greedy`, the cheapest
bots, so the per-game overhead shows) runs R times through `dominoes-arcade
tournament run --executor dask --scheduler tcp://127.0.0.1:PORT`; the figure is the
median of the runs' `games_per_second` (the results file's: games over the run's
wall time, the client's connection included). Every process started is in a
session of its own and is killed with it at exit, error or Ctrl-C included; every
wait is bounded.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

BOTS = ["random", "greedy"]
RUN_SECONDS = 300
"""The longest one tournament may take."""


class Cluster:
    """A `dask scheduler` and `workers` `dask worker` processes on 127.0.0.1."""

    def __init__(self, folder: Path, workers: int, start_seconds: float = 60.0):
        self.processes: list[subprocess.Popen] = []
        dask = str(Path(sys.executable).with_name("dask"))
        scheduler_file = folder / f"scheduler-{workers}.json"
        logs = open(folder / f"cluster-{workers}.log", "wb")
        self.logs = logs
        self._start([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                     "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(scheduler_file)])
        deadline = time.monotonic() + start_seconds
        while not scheduler_file.exists() or not scheduler_file.read_text().strip():
            self._check(deadline, "the scheduler did not start")
        self.address = json.loads(scheduler_file.read_text())["address"]
        if not self.address.startswith("tcp://127.0.0.1:"):
            raise RuntimeError(f"the scheduler is not on loopback: {self.address}")
        for _ in range(workers):
            self._start([dask, "worker", self.address, "--host", "127.0.0.1", "--nthreads", "1",
                         "--nworkers", "1", "--no-dashboard", "--dashboard-address", "127.0.0.1:0",
                         "--death-timeout", "60"])
        from distributed import Client

        with Client(self.address, timeout=start_seconds) as client:
            client.wait_for_workers(workers, timeout=max(1.0, deadline - time.monotonic()))

    def _start(self, command: list[str]) -> None:
        self.processes.append(subprocess.Popen(command, stdout=self.logs, stderr=subprocess.STDOUT,
                                               stdin=subprocess.DEVNULL, start_new_session=True))

    def _check(self, deadline: float, problem: str) -> None:
        if time.monotonic() > deadline or any(p.poll() is not None for p in self.processes):
            raise RuntimeError(f"{problem} (see {self.logs.name})")
        time.sleep(0.05)

    def close(self) -> None:
        for process in reversed(self.processes):
            try:
                os.killpg(process.pid, signal.SIGKILL)  # the worker's nanny and its process too
            except ProcessLookupError:
                pass
        for process in self.processes:
            process.wait(timeout=10)
        self.logs.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def tournament(folder: Path, name: str, deals: int, flags: list[str]) -> float:
    """One run through the CLI; its games per second."""
    spec = folder / f"{name}.toml"
    spec.write_text(f'game = "necropolis"\nbots = {json.dumps(BOTS)}\ndeals = {deals}\nseed = 1\n')
    done = subprocess.run([sys.executable, "-m", "dominoes_arcade", "tournament", "run", str(spec), *flags],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          text=True, timeout=RUN_SECONDS)
    if done.returncode != 0:  # the progress lines are dropped, an error is shown
        raise RuntimeError(f"{name}: exit {done.returncode}: {done.stderr[-2000:]}")
    with open(folder / f"{name}.results.toml", "rb") as handle:
        results = tomllib.load(handle)
    assert results["run"]["status"] == "complete" and results["tournament"]["games_played"] == 2 * deals
    return results["tournament"]["timing"]["games_per_second"]


def median_of(folder: Path, name: str, deals: int, flags: list[str], repeats: int) -> tuple[float, list[float]]:
    runs = [tournament(folder, f"{name}-{i}", deals, flags) for i in range(repeats)]
    return statistics.median(runs), runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500, help="Necropolis deals per run (two games each)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4], help="the numbers of Dask workers")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (the median is shown)")
    args = parser.parse_args()
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("dask scaling bench skipped: the dask extra is not installed")
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"dask scaling bench ({os.cpu_count()} CPUs, load average {load:.2f} before), "
          f"necropolis {', '.join(BOTS)}, {2 * args.deals} games a run, median of {args.repeats}")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        base = None
        for workers in args.workers:
            with Cluster(folder, workers) as cluster:
                rate, runs = median_of(folder, f"dask-{workers}", args.deals,
                                       ["--executor", "dask", "--scheduler", cluster.address], args.repeats)
            base = base or rate
            print(f"  dask, {workers} worker process{'es' if workers > 1 else ''}: {rate:8.0f} games/s "
                  f"({rate / base:.2f}x N=1; runs {', '.join(f'{r:.0f}' for r in runs)})", flush=True)
        for workers in (1, 2):
            rate, runs = median_of(folder, f"pool-{workers}", args.deals,
                                   ["--executor", "process", "--workers", str(workers)], args.repeats)
            print(f"  process pool, {workers} worker{'s' if workers > 1 else ''}: {rate:8.0f} games/s "
                  f"(runs {', '.join(f'{r:.0f}' for r in runs)})", flush=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  load average {load:.2f} after")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that the clusters' `with` blocks end them
    main()
