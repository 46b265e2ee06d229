"""Engine speed: random play, deal included, and `clone` (issue: aim 250,000
player decisions/s and clone under 5 µs per game). Reports medians of repeated runs.

Run with `make bench` or `python bench/engine.py [--seconds S]`. Never part of the
tests: timings depend on the machine.
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


def playout(game, players, options, rng):
    """One random game through the trusting fast path; returns player decisions."""
    state = new_game(game, players, options)
    decisions = 0
    choice = rng.choice
    while True:
        player = state.current_player
        if player == TERMINAL:
            return decisions, state
        if player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(choice(state.legal_actions()))
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


def measure(game, players, options, seconds, repeats):
    rng = random.Random(12345)
    rates, game_rates = [], []
    for _ in range(repeats):
        decisions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            made, _ = playout(game, players, options, rng)
            decisions += made
            games += 1
        elapsed = time.perf_counter() - start
        rates.append(decisions / elapsed)
        game_rates.append(games / elapsed)
    states = mid_game_states(game, players, options, rng)
    clone_times = []
    for _ in range(repeats):
        n = 0
        start = time.perf_counter()
        for _ in range(200):
            for state in states:
                state.clone()
                n += 1
        clone_times.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(rates), statistics.median(game_rates), statistics.median(clone_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per case; the median is reported")
    args = parser.parse_args()
    print(f"engine: random play, medians of {args.repeats} runs of {args.seconds:g} s")
    print(f"{'case':32} {'decisions/s':>12} {'vs 250k':>8} {'games/s':>9} {'clone µs':>9}")
    for label, game, players, options in CASES:
        rate, games, clone = measure(game, players, options, args.seconds, args.repeats)
        print(f"{label:32} {rate:12,.0f} {rate / 250_000:7.2f}x {games:9,.1f} {clone:9.2f}")


if __name__ == "__main__":
    main()
