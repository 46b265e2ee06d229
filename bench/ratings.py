"""Time the batch fit and its bootstrap (tournament/ratings.py) on 10,000 simulated
games: `python bench/ratings.py [samples ...]` (docs/ratings.md quotes the figures)."""

from __future__ import annotations

import random
import sys
import time

from dominoes_arcade.tournament.ratings import fitted_ratings
from dominoes_arcade.tournament.standings import GameResult, rank_all


def simulate(bots: int, seats: int, games: int, per_deal: int, seed: int = 1) -> list:
    """Plackett-Luce games of `bots` bots 50 Elo apart, `seats` drawn at random."""
    rng = random.Random(seed)
    strength = [10 ** (50 * i / 400) for i in range(bots)]
    out = []
    for game_id in range(games):
        seated = rng.sample(range(bots), seats)
        left, order = list(seated), []
        while left:
            order.append(left.pop(rng.choices(range(len(left)), [strength[b] for b in left])[0]))
        scores = tuple(seats - order.index(b) for b in seated)
        out.append(GameResult(game_id, game_id // per_deal, 0, tuple(f"b{b}" for b in seated), scores,
                              (seated.index(order[0]),), None, (0.0,) * seats, (0,) * seats, 0.0))
    return rank_all(out, True)


def main() -> None:
    samples = [int(a) for a in sys.argv[1:]] or [200, 500]
    for bots, seats, per_deal in ((4, 4, 4), (8, 2, 2), (8, 4, 4), (8, 4, 280)):
        games = simulate(bots, seats, 10_000, per_deal)
        names = [f"b{b}" for b in range(bots)]
        for b in samples:
            start = time.perf_counter()
            fitted_ratings(games, names, seed=1, samples=b)
            print(f"{bots} bots, {seats} seats, {per_deal} games a deal, B={b}: "
                  f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
