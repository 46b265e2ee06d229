"""The pure-Python and the compiled build side by side (issues 18 and 44): ISMCTS
iterations per second at the positions of bench/bots.py, `pimc` rollouts per second
in the star games, random play through the trusting and
the checked engine paths at bench/engine.py's settings, and the checked Cyprus
4-player path against abw333's `dominoes`, for each build, with the ratio of the two.

Each build runs in its own interpreter: ``--pure`` (default .venv, `make test`'s) and
``--compiled`` (default .venv-compiled, `make compiled`'s). The two alternate, one
round each in turn, so a change in the machine's load falls on both; every figure is
the median over the rounds of CPU time of the measuring process. The load average is
printed before and after. Run with `make bench-compiled` or
``python bench/builds.py [--rounds N]``. Never part of the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# One round of one build, run by that build's interpreter with -P (the checkout is not
# put on sys.path, so the installed package is the one measured) from the checkout,
# whose bench/ scripts it loads by path.
ROUND = """
import importlib.util, json, sys
from dominoes_arcade.build_info import build_name

def load(name):
    spec = importlib.util.spec_from_file_location(name, f"bench/{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

engine, bots = load("engine"), load("bots")
positions, iterations, seconds, repeats = (float(a) for a in sys.argv[1:5])
out = {"build": build_name()}
for label, game, players, options in bots.CASES:
    states = bots.positions(game, players, options, int(positions), seed=7)
    out["ismcts " + label] = bots.iteration_rate(f"ismcts:iterations={int(iterations)}", states)
    if game in ("cyprus", "sebastopol"):
        out["pimc rollouts " + label] = bots.rollout_rate(game, states)
    if game == "cyprus":
        out["ismcts depth=6 " + label] = bots.iteration_rate(f"ismcts:iterations={int(iterations)},depth=6", states)
for label, game, players, options in engine.CASES:
    unchecked, checked, cost, _ = engine.play_rates(game, players, options, seconds, int(repeats))
    out["unchecked " + label], out["checked " + label], out["cost " + label] = unchecked, checked, cost
abw333 = engine.abw333_rate(seconds, int(repeats))
if abw333 is not None:
    out["abw333 4 players"] = abw333
print(json.dumps(out))
"""


def one_round(python: str, args: argparse.Namespace) -> dict:
    done = subprocess.run([python, "-P", "-c", ROUND, str(args.positions), str(args.iterations), str(args.seconds),
                           str(args.repeats)], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pure", default=str(ROOT / ".venv/bin/python"), help="the pure-Python build's interpreter")
    parser.add_argument("--compiled", default=str(ROOT / ".venv-compiled/bin/python"),
                        help="the compiled build's interpreter")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each build, alternating")
    parser.add_argument("--positions", type=int, default=10, help="ISMCTS decision points per game")
    parser.add_argument("--iterations", type=int, default=2000, help="ISMCTS iterations per decision")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one timed engine run")
    parser.add_argument("--repeats", type=int, default=3, help="engine runs per case and round")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    runs: dict[str, list[dict]] = {"pure": [], "compiled": []}
    for _ in range(args.rounds):
        for build, python in (("pure", args.pure), ("compiled", args.compiled)):
            runs[build].append(one_round(python, args))
    print(f"load average after: {os.getloadavg()}")
    names = {build: rounds[0]["build"] for build, rounds in runs.items()}
    print(f"builds: pure = {names['pure']}, compiled = {names['compiled']}; medians of {args.rounds} "
          "alternating rounds, CPU time")
    median = {build: {key: statistics.median(r[key] for r in rounds) for key in rounds[0] if key != "build"}
              for build, rounds in runs.items()}
    print(f"{'measure (per second)':44} {'pure':>10} {'compiled':>10} {'ratio':>6}")
    for key, pure in median["pure"].items():
        if key.startswith("cost "):
            continue
        compiled = median["compiled"][key]
        print(f"{key:44} {pure:10,.0f} {compiled:10,.0f} {compiled / pure:5.2f}x")
    # The cost is the median of each round's unchecked/checked ratio (bench/engine.py's
    # runs side by side), steadier under load than a ratio of the two medians.
    print(f"{'checked cost (unchecked / checked)':44} {'pure':>10} {'compiled':>10}")
    for key in median["pure"]:
        if key.startswith("cost "):
            label = key.removeprefix("cost ")
            print(f"  {label:42} {median['pure'][key]:9.2f}x {median['compiled'][key]:9.2f}x")
    if all("abw333 4 players" in median[b] for b in median):
        print("checked cyprus 4 players / abw333's checked make_move (same run): "
              + ", ".join(f"{b} {median[b]['checked cyprus 4 players'] / median[b]['abw333 4 players']:.2f}x"
                          for b in ("pure", "compiled")))
        # Issue 44's yardstick: search iterations against abw333's random moves.
        print("ismcts it/s cyprus 4 players / abw333's moves/s (same run): "
              + ", ".join(f"{b} {median[b]['ismcts cyprus 4 players'] / median[b]['abw333 4 players']:.3f}x"
                          for b in ("pure", "compiled")))


if __name__ == "__main__":
    main()
