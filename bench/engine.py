"""Engine speed: random play, deal included, and `clone` (issue: aim 250,000
player decisions/s and clone under 5 µs per game). Reports medians of repeated runs.

Random play runs twice: through the trusting path (`apply_unchecked`) and through
the checked public one (`apply`, which checks and returns events; chance steps from
`sample_chance`), with the ratio of the two (issue 18: checked within 1.3x). Then the
checked path against abw333's `dominoes` package (random `make_move`s, its checked
API) in the same run, when it is installed (`pip install -e '.[bench]'`).

Times are CPU time of this process (`time.process_time`), which other work on a
shared machine disturbs less than wall time. Run with `make bench` or `python
bench/engine.py [--seconds S]`. Never part of the tests: timings depend on the machine.

`--instructions` counts instead of timing: each case's seeded random games, played
once per path under valgrind's cachegrind (installed separately), less a run that
only imports; instructions per decision do not move with the machine's load, so a
change to either path shows even on a busy machine (they leave out the cache misses
and allocation stalls that time includes, so their ratio runs a little below it).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

from dominoes_arcade.engine import CHANCE, TERMINAL, new_game

# (label, game, players, options): every game adds its cases here.
CASES = [
    ("necropolis", "necropolis", None, {}),
    ("necropolis mastaba_phase", "necropolis", None, {"after_empty": "mastaba_phase"}),
    ("cyprus 4 players", "cyprus", 4, {}),
    ("cyprus 10 players", "cyprus", 10, {}),
    ("sebastopol", "sebastopol", None, {}),
    ("buildup", "buildup", None, {}),
    ("buildup greater_or_equal trailing", "buildup", None,
     {"nondouble_on_double": "greater_or_equal", "later_hands_first": "trailing"}),
]


def playout(game, players, options, rng, checked=False):
    """One random game through the trusting fast path, or the checked `apply`;
    returns player decisions."""
    state = new_game(game, players, options)
    decisions = 0
    choice = rng.choice
    step = state.apply if checked else state.apply_unchecked
    while True:
        player = state.current_player
        if player == TERMINAL:
            return decisions, state
        if player == CHANCE:
            step(state.sample_chance(rng))
        else:
            step(choice(state.legal_actions()))
            decisions += 1


def mid_game_states(game, players, options, rng, count=50):
    """States taken part way through random games, to time `clone` on."""
    states = []
    while len(states) < count:
        state = new_game(game, players, options)
        stop = rng.randrange(5, 60)
        steps = 0
        while not state.is_terminal and steps < stop:
            if state.is_chance:
                state.apply_unchecked(state.sample_chance(rng))
            else:
                state.apply_unchecked(rng.choice(state.legal_actions()))
            steps += 1
        states.append(state)
    return states


def play_rates(game, players, options, seconds, repeats):
    """Median decisions/s of random play through the trusting path and through the
    checked one, the median of the rounds' ratios (the checked path's cost), and
    games/s of the first; the two alternate run by run, so a change in the machine's
    load falls on both, and each round's ratio compares runs made side by side."""
    rng = random.Random(12345)
    rates: dict[bool, list[float]] = {False: [], True: []}
    game_rates = []
    for _ in range(repeats):
        for checked in (False, True):
            decisions = games = 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                made, _ = playout(game, players, options, rng, checked)
                decisions += made
                games += 1
            elapsed = time.process_time() - start
            rates[checked].append(decisions / elapsed)
            if not checked:
                game_rates.append(games / elapsed)
    cost = statistics.median(u / c for u, c in zip(rates[False], rates[True], strict=True))
    return statistics.median(rates[False]), statistics.median(rates[True]), cost, statistics.median(game_rates)


def abw333_rate(seconds, repeats):
    """Median moves/s of random play with abw333's `dominoes` (4 players, double-six,
    its checked `make_move`), or None when the package is not installed."""
    try:
        import dominoes
    except ImportError:
        return None
    rng = random.Random(12345)
    rates = []
    for _ in range(repeats):
        random.seed(rng.random())  # its deal shuffles with the global RNG
        moves = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = dominoes.Game.new()
            while state.result is None:
                state.make_move(*rng.choice(state.valid_moves))
                moves += 1
        rates.append(moves / (time.process_time() - start))
    return statistics.median(rates)


def measure(game, players, options, seconds, repeats):
    rng = random.Random(12345)
    rate, checked, cost, games = play_rates(game, players, options, seconds, repeats)
    states = mid_game_states(game, players, options, rng)
    clone_times = []
    for _ in range(repeats):
        n = 0
        start = time.process_time()
        for _ in range(200):
            for state in states:
                state.clone()
                n += 1
        clone_times.append((time.process_time() - start) / n * 1e6)
    return rate, checked, cost, games, statistics.median(clone_times)


def count_playouts(label: str, path: str, games: int) -> None:
    """The child of `--instructions`: `games` seeded random games of case `label`
    through `path` ("unchecked", "checked", or "none": the import alone); prints the
    decisions made."""
    _, game, players, options = next(case for case in CASES if case[0] == label)
    new_game(game, players, options)  # the game module's import, outside the difference
    rng = random.Random(7)
    played = games if path != "none" else 0
    print(sum(playout(game, players, options, rng, path == "checked")[0] for _ in range(played)))


def instructions(label: str, games: int) -> tuple[float, float]:
    """Instructions per decision of the trusting and the checked path in case `label`."""
    counted = {}
    for path in ("none", "unchecked", "checked"):
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, __file__, "--count-playouts", path, "--only", label,
                              "--games", str(games)], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": "0"})
        refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        assert refs is not None, run.stderr
        counted[path] = int(refs.group(1).replace(",", "")), int(run.stdout.split()[-1] or 0)
    base, _ = counted["none"]
    (unchecked, made), (checked, _) = counted["unchecked"], counted["checked"]
    return (unchecked - base) / made, (checked - base) / made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per case; the median is reported")
    parser.add_argument("--only", default="", help="only the cases whose label contains this")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per decision under cachegrind instead of timing")
    parser.add_argument("--games", type=int, default=20, help="games per path with --instructions")
    parser.add_argument("--count-playouts", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count_playouts:
        count_playouts(args.only, args.count_playouts, args.games)
        return
    if args.instructions:
        print(f"engine: instructions per decision of random play, {args.games} seeded games per path (cachegrind)")
        print(f"{'case':32} {'unchecked':>10} {'checked':>10} {'cost':>6}")
        for label, *_ in CASES:
            if args.only in label:
                unchecked, checked = instructions(label, args.games)
                print(f"{label:32} {unchecked:10,.0f} {checked:10,.0f} {checked / unchecked:5.2f}x", flush=True)
        return
    print(f"engine: random play, medians of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'case':32} {'decisions/s':>12} {'vs 250k':>8} {'checked/s':>10} {'cost':>6} {'games/s':>9} "
          f"{'clone µs':>9}")
    checked_rates = {}
    for label, game, players, options in CASES:
        if args.only not in label:
            continue
        rate, checked, cost, games, clone = measure(game, players, options, args.seconds, args.repeats)
        checked_rates[label] = checked
        print(f"{label:32} {rate:12,.0f} {rate / 250_000:7.2f}x {checked:10,.0f} {cost:5.2f}x "
              f"{games:9,.1f} {clone:9.2f}", flush=True)
    if "cyprus 4 players" not in checked_rates:
        return
    theirs = abw333_rate(args.seconds, args.repeats)
    if theirs is None:
        print("abw333's dominoes is not installed (pip install -e '.[bench]'): comparison skipped")
    else:
        ours = checked_rates["cyprus 4 players"]
        print(f"abw333 dominoes 4 players, random make_move: {theirs:,.0f} moves/s; "
              f"cyprus 4 players checked: {ours:,.0f} decisions/s = {ours / theirs:.2f}x")


if __name__ == "__main__":
    main()
