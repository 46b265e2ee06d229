"""Fit and check the Cyprus/Sebastopol mid-round estimate (bots/heuristics/cyprus.py
`estimate`, `ROUND_ODDS`). Run by hand, never in tests:

    python bench/star_estimate.py sebastopol --games 600
    python bench/star_estimate.py cyprus --games 300 --players 4

Plays greedy self-play games (every seat `rollout_action`, as the rollouts a cut
replaces), keeps about a third of the decision points, and labels each with how its
round ended. Fits the round model: the winner as a conditional logit over the seats
(tiles in hand, pips, tiles that fit an open end, seats after the player to move;
Newton's method) and the winner's points as a line in (the others' pips less its own)
now. Prints the coefficients in `ROUND_ODDS`'s order, the log-likelihood of the
winner (fitted, uniform), and how well `estimate`'s expected round points per seat
predict the points each seat took (mean squared error; predicting none for
comparison).
"""

from __future__ import annotations

import argparse
import math
import random
import sys

sys.path.insert(0, ".")
from buildup_policy import solve  # noqa: E402  (the sibling script: the same small solver)

from dominoes_arcade.bots.heuristics import cyprus  # noqa: E402
from dominoes_arcade.engine import new_game  # noqa: E402
from dominoes_arcade.engine.core import CHANCE, TERMINAL  # noqa: E402
from dominoes_arcade.engine.tiles import NUMBERS_MASK, PIPS  # noqa: E402

FEATURES = 4
"""Per seat: tiles, pips, tiles that fit an open end, seats after the player to move."""


def positions(game: str, players: int | None, games: int, seed: int) -> list[tuple]:
    """(per-seat features, per-seat pips, the round winner relative to the player to
    move or -1, its points, the state) for a third of the decisions of `games` games."""
    rows = []
    for number in range(games):
        rng = random.Random(seed + number)
        state = new_game(game, players)
        pending, last = [], None
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if rng.random() < 0.3:
                pending.append(state.clone())
            state.apply_unchecked(cyprus.rollout_action(state, rng))
            if state.last_round is not last:
                last = state.last_round
                for kept in pending:
                    rows.append((*features(kept), kept, last.winner, last.points))
                pending = []
    return rows


def features(state) -> tuple[list[list[float]], list[int]]:
    """Each seat's features (in seat order) and pips."""
    n, to_move, open_mask = state.num_players, state.seat, state.open_mask
    out, pips = [], []
    for seat, hand in enumerate(state.hands):
        pip = sum(PIPS[t] for t in hand)
        fitting = sum(1 for t in hand if NUMBERS_MASK[t] & open_mask)
        out.append([len(hand), pip, fitting, (seat - to_move) % n])
        pips.append(pip)
    return out, pips


def fit_winner(rows: list[tuple]) -> tuple[list[float], float]:
    """The conditional logit's coefficients and mean log-likelihood (Newton's method)."""
    decided = [(x, winner) for x, _, _, winner, _ in rows if winner >= 0]
    theta = [0.0] * FEATURES
    for _ in range(25):
        grad = [0.0] * FEATURES
        hess = [[0.0] * FEATURES for _ in range(FEATURES)]
        loglik = 0.0
        for x, winner in decided:
            logits = [sum(t * f for t, f in zip(theta, seat, strict=True)) for seat in x]
            top = max(logits)
            weights = [math.exp(v - top) for v in logits]
            norm = sum(weights)
            p = [w / norm for w in weights]
            loglik += math.log(p[winner])
            mean = [sum(p[s] * x[s][k] for s in range(len(x))) for k in range(FEATURES)]
            for k in range(FEATURES):
                grad[k] += x[winner][k] - mean[k]
                for j in range(FEATURES):
                    hess[k][j] += sum(p[s] * (x[s][k] - mean[k]) * (x[s][j] - mean[j]) for s in range(len(x)))
        theta = [t + d for t, d in zip(theta, solve(hess, grad), strict=True)]
    return theta, loglik / len(decided)


def fit_points(rows: list[tuple]) -> tuple[float, float]:
    """The winner's points as slope * (the others' pips less its own, now) + base."""
    xs, ys = [], []
    for _, pips, _, winner, points in rows:
        if winner >= 0:
            xs.append(sum(pips) - 2 * pips[winner])
            ys.append(points)
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
    return slope, my - slope * mx


def estimate_error(rows: list[tuple]) -> tuple[float, float]:
    """Mean squared error of `estimate`'s expected round points per seat (read back
    from its rewards through the totals) against the points each seat took, and that
    of predicting none."""
    model = zero = 0.0
    count = 0
    for _, pips, state, winner, points in rows:
        tiles_w, pips_w, fit_w, order_w, points_w, points_base = cyprus.ROUND_ODDS[state.game]
        x, _ = features(state)
        logits = [tiles_w * f[0] + pips_w * f[1] + fit_w * f[2] + order_w * f[3] for f in x]
        top = max(logits)
        weights = [math.exp(v - top) for v in logits]
        for seat, weight in enumerate(weights):
            expected = weight / sum(weights) * max(points_w * (sum(pips) - 2 * pips[seat]) + points_base, 0.0)
            taken = points if seat == winner else 0
            model += (expected - taken) ** 2
            zero += taken ** 2
            count += 1
    return model / count, zero / count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=("cyprus", "sebastopol"))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, help="Cyprus only (Sebastopol is 4)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    rows = positions(args.game, args.players if args.game == "cyprus" else None, args.games, args.seed)
    theta, loglik = fit_winner(rows)
    slope, base = fit_points(rows)
    print(f"{args.game}: {len(rows)} positions from {args.games} greedy games")
    print(f"  winner logit: tiles {theta[0]:.3f}, pips {theta[1]:.4f}, fitting tiles {theta[2]:.3f}, "
          f"seats after the mover {theta[3]:.3f}; log-likelihood {loglik:.4f} "
          f"(uniform {math.log(1 / len(rows[0][0])):.4f})")
    print(f"  winner's points: {slope:.3f} per pip of (others' less own) + {base:.1f}")
    model, zero = estimate_error(rows)
    print(f"  estimate's round points per seat, squared error: {model:.1f} (predicting none: {zero:.1f})")


if __name__ == "__main__":
    main()
