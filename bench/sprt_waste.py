"""Games played past an SPRT's decision: how many games a `--sprt` run plays against
how many its test counts, and how long it takes to decide.

Run with `python bench/sprt_waste.py [--workers 2] [--seeds 5] [--sprt elo0=0,elo1=100]`.
Never part of the tests: the figures depend on the machine's speed and load (a
game past the decision is one a worker started before the test stopped).

The tournament is Necropolis, `greedy` against `random` (fast bots, so many games
finish in the time the test takes to read a deal: the worst case for waste), with
`--max-deals 2000` and seeds 1 to N. Each run prints the games in its journal
(played), the games its results count, and its wall time; the last line gives the
medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominoes_arcade.tournament import resolve_plan, run_tournament  # noqa: E402
from dominoes_arcade.tournament.results import read_results  # noqa: E402


def one_run(folder: Path, seed: int, workers: int, sprt: str) -> tuple[int, int, int, float]:
    """(played, counted, deals, wall seconds) of one SPRT run."""
    plan = resolve_plan(None, {"game": "necropolis", "bots": ["greedy", "random"], "deals": 2000, "seed": seed,
                               "workers": workers, "sprt": sprt, "out": str(folder / f"s{seed}.results.toml")})
    started = time.perf_counter()
    run_tournament(plan, progress=False)
    wall = time.perf_counter() - started
    document = read_results(plan.results_path)
    played = plan.journal_path.read_bytes().count(b"\n")
    return played, document["tournament"]["games_played"], document["sprt"]["deals"], wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--sprt", default="elo0=0,elo1=100")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(1, args.seeds + 1):
            played, counted, deals, wall = one_run(Path(folder), seed, args.workers, args.sprt)
            rows.append((played, counted, played - counted, wall))
            print(f"seed {seed}: {played} played, {counted} counted ({deals} deals), "
                  f"{played - counted} past the decision, {wall:.2f} s", flush=True)
    played, counted, past, wall = (statistics.median(column) for column in zip(*rows, strict=True))
    print(f"median of {args.seeds}, {args.workers} workers, --sprt {args.sprt}: {played:g} played, "
          f"{counted:g} counted, {past:g} past the decision, {wall:.2f} s")


if __name__ == "__main__":
    main()
