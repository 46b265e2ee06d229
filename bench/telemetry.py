"""Per-move telemetry's cost: games per second through the driver (`play_specs`, what
every tournament game runs) with the quickest bots, where timing each decision and
asking for the bot's figures weigh the most, and the bytes a journal line gains.

Run with `python bench/telemetry.py [--games N] [--runs R]`; never part of the tests.
To compare with a version before telemetry, run the same script with that version
first on the path (`PYTHONPATH=../old python bench/telemetry.py`): it prints its
games per second, and a line size ratio of 1. `--instructions` counts instead of
timing (under valgrind's cachegrind, installed separately): the instructions per
decision of the first case, less a run that only imports, which the machine's load
does not move.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

from dominoes_arcade.bots.driver import play_specs

CASES = [("necropolis", ["random", "greedy"]), ("necropolis", ["random", "ismcts:iterations=20"]),
         ("cyprus", ["random", "greedy", "random", "greedy"])]
TELEMETRY_KEYS = ("decision_ms", "decision_figures")


def instructions(games: int) -> float:
    """Instructions per decision of the first case's `games` games (cachegrind)."""
    counted = []
    for played in (0, games):
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, __file__, "--play", str(played)], capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        assert refs is not None, run.stderr
        counted.append((int(refs.group(1).replace(",", "")), int(run.stdout.split()[-1])))
    (base, _), (total, decisions) = counted
    return (total - base) / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games a run (an ismcts case plays a tenth)")
    parser.add_argument("--runs", type=int, default=5, help="runs to take the median of")
    parser.add_argument("--instructions", action="store_true", help="count instructions per decision instead")
    parser.add_argument("--play", type=int, default=-1, help=argparse.SUPPRESS)  # the child of --instructions
    args = parser.parse_args()
    if args.play >= 0:
        game, bots = CASES[0]
        print(sum(sum(play_specs(game, bots, seed=seed).extra["decisions"]) for seed in range(args.play)))
        return
    if args.instructions:
        game, bots = CASES[0]
        print(f"{game} {','.join(bots)}: {instructions(args.games // 10):,.0f} instructions a decision "
              f"({args.games // 10} games, cachegrind)")
        return
    for game, bots in CASES:
        games = args.games // 10 if any(bot.startswith("ismcts") for bot in bots) else args.games
        rates, sizes, bare = [], [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            records = [play_specs(game, bots, seed=seed) for seed in range(games)]
            rates.append(games / (time.perf_counter() - start))
        for record in records:
            data = record.to_dict()
            sizes.append(len(json.dumps(data)))
            bare.append(len(json.dumps({k: v for k, v in data.items() if k not in TELEMETRY_KEYS})))
        print(f"{game} {','.join(bots)}: median {statistics.median(rates):,.0f} games/s of {args.runs} runs "
              f"({games} games each); journal line {statistics.mean(sizes):,.0f} bytes on average, "
              f"{sum(sizes) / sum(bare):.2f}x the line without telemetry")


if __name__ == "__main__":
    main()
