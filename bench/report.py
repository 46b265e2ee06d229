"""Tournament report speed (the report issue's aim: a 10,000-game journal in under
5 s): the median time of `tournament report` over a few runs, and its ratio to
the aim.

Run with `make bench` or `python bench/report.py [--games N] [--runs R]`. Never part
of the tests. The tournament is played first (random against greedy in Necropolis,
the quickest games there are), so the journal holds real records of real length.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.report import write_report

AIM_SECONDS = 5.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the journal (two a deal)")
    parser.add_argument("--runs", type=int, default=5, help="report runs to take the median of")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "big.results.toml"
        plan = resolve_plan(None, {"game": "necropolis", "bots": ["random", "greedy"], "deals": args.games // 2,
                                   "seed": 1, "workers": 0, "out": str(results)})
        report = run_tournament(plan, progress=False)
        assert report.status == "complete", report.message
        size = plan.journal_path.stat().st_size / 2**20
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            page = write_report(results)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        page_kb = page.stat().st_size / 1024
        print(f"report of {report.games_played} games ({size:.1f} MB journal, page {page_kb:.0f} KB): "
              f"median {median:.2f} s of {args.runs} runs (min {min(times):.2f}, max {max(times):.2f}); "
              f"{median / AIM_SECONDS:.2f} of the {AIM_SECONDS:.0f} s aim")


if __name__ == "__main__":
    main()
