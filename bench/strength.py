"""Bot strength on duplicate deals (issue 5's targets). Run by hand, never in tests:

    python bench/strength.py necropolis greedy random --deals 200
    python bench/strength.py buildup ismcts greedy --deals 200 --workers 2
    python bench/strength.py cyprus ismcts greedy random greedy --deals 50

Two bots (2-player games): every deal is played twice with the seats swapped; the
same seed deals the same tiles (`engine.chance.Deck`), so luck cancels out. Prints
the first bot's wins, draws and losses, and its share of the decided games with a
Wilson 95% interval.

Three or more bots (one table, e.g. Cyprus): every deal is played in every cyclic
rotation of the seats. Prints each bot's mean rank (1 = first; tied seats share their
ranks) with a 95% interval (normal approximation), and how often it won.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time

from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.engine import new_game


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def ranks(scores: list[int], winners: list[int], higher_wins: bool) -> list[float]:
    """Each seat's rank from 1, winners first, then by score; ties share."""
    sign = 1 if higher_wins else -1
    keys = [(seat in winners, sign * score) for seat, score in enumerate(scores)]
    out = []
    for key in keys:
        better = sum(other > key for other in keys)
        equal = sum(other == key for other in keys)
        out.append(1 + better + (equal - 1) / 2)
    return out


def play_one(job: tuple) -> tuple:
    """One game: (rotation, scores, winners, error, seconds per seat, decisions per seat)."""
    game, specs, seed, rotation, options = job
    seated = specs[rotation:] + specs[:rotation]
    record = play_specs(game, seated, seed, options)
    return (rotation, record.scores, record.extra.get("winners"), record.error,
            record.extra["decision_seconds"], record.extra["decisions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("bots", nargs="+", help="bot specs, one per seat")
    parser.add_argument("--deals", type=int, default=200, help="deals; each is played in every seat rotation")
    parser.add_argument("--seed", type=int, default=1, help="deal i uses seed + i")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option (integers are read as numbers)")
    args = parser.parse_args()
    options = {}
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    specs = list(args.bots)
    n = len(specs)
    state = new_game(args.game, n, options)
    options = state.options_dict()
    higher_wins = state.higher_score_wins
    jobs = [(args.game, specs, args.seed + deal, rotation, options)
            for deal in range(args.deals) for rotation in range(n)]
    start = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.workers) as pool:
        # Each game as it finishes, on stderr: a long run shows its progress, and an
        # interrupted one leaves its games behind.
        for result in pool.imap_unordered(play_one, jobs, chunksize=1):
            results.append(result)
            rotation, scores, winners, error = result[:4]
            print(f"game {len(results)}/{len(jobs)}: rotation {rotation} scores {list(scores)} "
                  f"winners {winners} error {error}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start

    rank_lists: list[list[float]] = [[] for _ in specs]
    first = [0] * n
    seconds = [0.0] * n
    decisions = [0] * n
    errors = 0
    for rotation, scores, winners, error, spent, made in results:
        if error is not None:
            errors += 1
            print(f"error: {error}")
            continue
        seat_ranks = ranks(scores, winners, higher_wins)
        for seat in range(n):
            bot = (seat + rotation) % n
            rank_lists[bot].append(seat_ranks[seat])
            seconds[bot] += spent[seat]
            decisions[bot] += made[seat]
            if seat in winners:
                first[bot] += 1
    games = len(results) - errors
    print(f"{args.game} {options}: {games} games ({args.deals} deals x {n} rotations), "
          f"{errors} errors, {elapsed:.0f} s with {args.workers} workers")
    if n == 2:
        wins = sum(r == 1 for r in rank_lists[0])
        losses = sum(r == 2 for r in rank_lists[0])
        draws = games - wins - losses
        low, high = wilson(wins, wins + losses)
        rate = wins / (wins + losses) if wins + losses else float("nan")
        print(f"{specs[0]} vs {specs[1]}: {wins} wins, {draws} draws, {losses} losses; "
              f"{rate:.1%} of decided games (95% CI {low:.1%}..{high:.1%})")
    for bot, spec in enumerate(specs):
        values = rank_lists[bot]
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
        ms = 1000 * seconds[bot] / decisions[bot] if decisions[bot] else 0.0
        print(f"  seat list #{bot} {spec:32} mean rank {mean:.3f} ± {half:.3f}, won {first[bot]}/{len(values)}, "
              f"{ms:.1f} ms per decision")


if __name__ == "__main__":
    main()
