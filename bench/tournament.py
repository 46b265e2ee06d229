"""Tournament speed (the tournament issue's aims): games per second with 1 and 2
workers (aim: 2 workers at least 1.8 times 1 worker), the share of the workers'
time spent outside the games (aim: under 10%), and the time to resume a tournament
killed half way.

Run with `make bench` or `python bench/tournament.py [--deals N]`. Never part of the
tests: timings depend on the machine (and on whatever else it is running).

The bots are `random` and `greedy`, the cheapest there are, so the games are as
short as they get (about a millisecond for Necropolis) and per-game overhead shows
up as much as it can. `busy share` is the workers' time inside games over the
wall time times the workers; the rest is start-up, transport and journaling.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.journal import load_journal
from dominoes_arcade.tournament.results import read_results

BOTS = ["random", "greedy"]
CASES = [("necropolis", {}, 2), ("cyprus", {"target_score": 20}, 4)]


def measure(folder: Path, game: str, options: dict, players: int, deals: int, workers: int) -> dict:
    plan = resolve_plan(None, {"game": game, "bots": BOTS, "players": players, "deals": deals, "seed": 1,
                               "workers": workers, "options": options,
                               "out": str(folder / f"{game}-{workers}.results.toml")})
    report = run_tournament(plan, progress=False)
    assert report.status == "complete", report.message
    return read_results(plan.results_path)["tournament"]["timing"] | {"games": report.games_this_run}


def resume_after_kill(folder: Path, deals: int) -> dict:
    """Kill a 1-worker Necropolis run (SIGKILL to its process group) once half its
    games are journaled, then time the resume: reading the journal, and the whole
    run to the end."""
    spec = folder / "killed.toml"
    spec.write_text(f'game = "necropolis"\nbots = {json.dumps(BOTS)}\ndeals = {deals}\nseed = 3\nworkers = 1\n')
    journal = folder / "killed.journal.jsonl"
    total = 2 * deals
    process = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "tournament", "run", str(spec)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    while not journal.exists() or journal.read_bytes().count(b"\n") < total // 2:
        if process.poll() is not None:
            raise RuntimeError("the run ended before half way")
        time.sleep(0.002)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    kept = journal.read_bytes().count(b"\n")
    plan = resolve_plan(spec, {})
    start = time.perf_counter()
    load_journal(plan.journal_path, plan.key, plan.schedule)
    loading = time.perf_counter() - start
    start = time.perf_counter()
    report = run_tournament(plan, resume=True, progress=False)
    whole = time.perf_counter() - start
    assert report.status == "complete" and report.games_played == total
    return {"games": total, "kept": kept, "load_seconds": loading, "resume_seconds": whole,
            "replayed": report.games_this_run}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500, help="Necropolis deals (Cyprus gets a tenth)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"tournament bench ({os.cpu_count()} CPUs, load average {load:.2f} before), bots {', '.join(BOTS)}")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for game, options, players in CASES:
            deals = args.deals if game == "necropolis" else max(1, args.deals // 10)
            rates, busy = {}, {}
            for workers in (1, 2):
                timing = measure(folder, game, options, players, deals, workers)
                rates[workers], busy[workers] = timing["games_per_second"], timing["busy_share"]
                outside = 100 * (1 - timing["busy_share"])
                print(f"  {game:10} {workers} worker{'s' * (workers > 1)}: {timing['games']:5d} games in "
                      f"{timing['wall_seconds']:6.2f} s = {timing['games_per_second']:8.1f} games/s, "
                      f"{timing['mean_game_ms']:6.2f} ms a game, outside games {outside:4.1f}%")
            # On a machine shared with other work the workers' games slow down; had
            # each worker a free core, games would take as long as with 1 worker and
            # the speed-up would be 2 x the ratio of the busy shares.
            print(f"  {game:10} speed-up with 2 workers: {rates[2] / rates[1]:.2f}x measured (aim 1.8x); "
                  f"{2 * busy[2] / busy[1]:.2f}x on two free cores, from the busy shares")
        resumed = resume_after_kill(folder, args.deals)
        print(f"  resume after kill -9 at {resumed['kept']}/{resumed['games']} games: journal read in "
              f"{1000 * resumed['load_seconds']:.0f} ms, {resumed['replayed']} games left, "
              f"finished in {resumed['resume_seconds']:.2f} s")


if __name__ == "__main__":
    main()
