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
"""

from __future__ import annotations

import argparse
import random
import statistics
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
    checked one, and games/s of the first; the two alternate run by run, so a
    change in the machine's load falls on both."""
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
    return statistics.median(rates[False]), statistics.median(rates[True]), statistics.median(game_rates)


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
    rate, checked, games = play_rates(game, players, options, seconds, repeats)
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
    return rate, checked, games, statistics.median(clone_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per case; the median is reported")
    parser.add_argument("--only", default="", help="only the cases whose label contains this")
    args = parser.parse_args()
    print(f"engine: random play, medians of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'case':32} {'decisions/s':>12} {'vs 250k':>8} {'checked/s':>10} {'cost':>6} {'games/s':>9} "
          f"{'clone µs':>9}")
    checked_rates = {}
    for label, game, players, options in CASES:
        if args.only not in label:
            continue
        rate, checked, games, clone = measure(game, players, options, args.seconds, args.repeats)
        checked_rates[label] = checked
        print(f"{label:32} {rate:12,.0f} {rate / 250_000:7.2f}x {checked:10,.0f} {rate / checked:5.2f}x "
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
