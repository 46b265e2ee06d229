"""Tune and measure a Cyprus/Sebastopol one-ply policy against greedy at greedy speed.
Run by hand, never in tests:

    python bench/star_policy.py cyprus --deals 300 --players 4 -w follow=3 -w flex=1

One seat plays `strong_choose` with the given weights, every other seat greedy; every
deal is played with the strong seat in each position (duplicate chance from
`engine.chance.Deck`). Prints the strong seat's mean rank (1 = first; equal seats 2.5
at 4 players) with a 95% interval over deals.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, ".")
from bench.strength import mean_interval, ranks  # noqa: E402
from dominoes_arcade.bots.heuristics import cyprus  # noqa: E402
from dominoes_arcade.engine import new_game  # noqa: E402
from dominoes_arcade.engine.chance import Deck  # noqa: E402
from dominoes_arcade.engine.core import CHANCE, TERMINAL  # noqa: E402


def play(game: str, players: int, seed: int, strong_seat: int, weights: dict | None) -> float:
    """The strong seat's rank in one game (weights None: greedy everywhere)."""
    state = new_game(game, players if game == "cyprus" else None)
    deck = Deck(seed)
    while True:
        player = state.current_player
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply_unchecked(deck.sample(state))
            continue
        legal = state.legal_actions()
        if player == strong_seat and weights is not None:
            action = cyprus.strong_choose(state, legal, None, weights)
        else:
            action = cyprus.choose(state, legal)
        state.apply_unchecked(action)
    outcome = state.outcome()
    return ranks(list(outcome.scores), list(outcome.winners), True)[strong_seat]


def deal_mean(job) -> float:
    game, players, seed, weights = job
    return statistics.fmean(play(game, players, seed, seat, weights) for seat in range(players))


def measure(game: str, players: int, deals: int, seed: int, weights: dict, pool) -> tuple[float, float]:
    jobs = [(game, players, seed + d, weights) for d in range(deals)]
    means = pool.map(deal_mean, jobs, chunksize=4) if pool else list(map(deal_mean, jobs))
    return mean_interval(means)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("-w", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    weights = dict(cyprus.STRONG_WEIGHTS)
    for pair in args.w:
        key, _, value = pair.partition("=")
        weights[key] = float(value)
    start = time.perf_counter()
    with Pool(args.workers) if args.workers > 1 else _NoPool() as pool:
        mean, half = measure(args.game, args.players, args.deals, args.seed, weights, pool)
    print(f"{args.game} {args.players}p {args.deals} deals {weights}: mean rank {mean:.3f} ± {half:.3f} "
          f"({time.perf_counter() - start:.0f} s)")


class _NoPool:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


if __name__ == "__main__":
    main()
