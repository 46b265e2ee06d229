"""Build Up's one-ply policies (bots/heuristics/buildup.py): duels on duplicate deals,
and the fits behind `strong_choose` and `strong_evaluate`. Run by hand, never in
tests:

    python bench/buildup_policy.py --deals 2000                  # strong_choose against greedy
    python bench/buildup_policy.py --imitate 300 --rounds 2      # weights that agree with pimc
    python bench/buildup_policy.py --tune --deals 3000           # weights that beat greedy
    python bench/buildup_policy.py --fit 5000                    # strong_evaluate's forecast

Duels: the policies play full states (no bot, no views): both read only what the
mover may see, so that is the game they would play, a hundred times faster. Each deal
is played twice with the seats swapped; the policies use no randomness, so both games
of a deal draw the same tiles. Prints the first policy's share of decided games with a
Wilson 95% interval, and its mean margin.

``--imitate N`` plays N games of ``pimc:worlds=20`` against itself, keeps every
decision with a choice, and searches the weights (coordinate search, steps halved each
round) for the policy that most often makes pimc's choice there. ``--tune`` searches
for the weights that win most duels against greedy instead. Winning duels is not what
makes a good rollout policy: weights tuned that way won 74-77% of duels against greedy
but did not make pimc stronger at equal time (44-46% of decided games in 120-game
screens at 40 ms), so `strong_choose` uses the imitation weights (its agreement with
pimc's choices 64%, greedy's 33%; 72% of duels against greedy).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from collections.abc import Callable
from functools import partial

from strength import wilson

from dominoes_arcade.bots import make_bot
from dominoes_arcade.bots.heuristics import buildup
from dominoes_arcade.engine import CHANCE, TERMINAL, new_game


def play(policies, seed: int) -> list[int]:
    """One game from `seed`'s deal with ``policies[seat]`` at each seat: the totals."""
    state = new_game("buildup")
    rng = random.Random(seed)
    while True:
        player = state.current_player
        if player == TERMINAL:
            return list(state.totals)
        if player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(policies[player](state, state.legal_actions(), None))


def strong(weights):
    """`strong_choose` with these weights, or greedy's `choose` for None."""
    return buildup.choose if weights is None else partial(buildup.strong_choose, weights=tuple(weights))


def duel_deal(job) -> tuple[int, int, int]:
    """Deal `seed` both ways: (wins, losses, margin) of the first policy."""
    first, second, seed = job
    mine, theirs = strong(first), strong(second)
    wins = losses = margin = 0
    for seat in (0, 1):
        totals = play([mine, theirs] if seat == 0 else [theirs, mine], seed)
        diff = totals[seat] - totals[1 - seat]
        margin += diff
        wins += diff > 0
        losses += diff < 0
    return wins, losses, margin


def duel(pool, first, second, deals: int, seed: int) -> tuple[int, int, float]:
    results = pool.map(duel_deal, [(first, second, seed + d) for d in range(deals)], chunksize=50)
    return sum(r[0] for r in results), sum(r[1] for r in results), sum(r[2] for r in results) / (2 * deals)


def describe(wins: int, losses: int, margin: float) -> str:
    low, high = wilson(wins, wins + losses)
    return (f"{wins} wins {losses} losses: {wins / max(1, wins + losses):.1%} [95% CI {low:.1%}, {high:.1%}], "
            f"mean margin {margin:+.2f}")


def pimc_decisions(games: int, seed: int) -> list[tuple]:
    """Every decision with a choice in `games` games of ``pimc:worlds=20`` against
    itself: (full state, legal actions, index of pimc's choice)."""
    rows = []
    for game in range(seed, seed + games):
        state = new_game("buildup")
        bots = [make_bot("pimc:worlds=20", "buildup", s, state.options_dict(), game * 7 + s) for s in (0, 1)]
        rng = random.Random(game)
        while state.current_player != TERMINAL:
            player = state.current_player
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else bots[player].choose(state.view(player), list(legal))
            if len(legal) > 1:
                rows.append((state.clone(), legal, legal.index(action)))
            state.apply_unchecked(action)
    return rows


def agreement(rows: list[tuple], weights) -> float:
    policy = strong(weights)
    return sum(policy(state, legal, None) is legal[index] for state, legal, index in rows) / len(rows)


def coordinate_search(score: Callable[[list[float]], float], weights: list[float], steps: list[float],
                      rounds: int, show: Callable[[list[float]], str]) -> list[float]:
    """Each round, each weight: move it a step up, else down, while that scores
    higher; the steps halve every round."""
    best = score(weights)
    print("start", weights, show(weights), flush=True)
    for round_ in range(rounds):
        for index in range(len(weights)):
            for sign in (1, -1):
                trial = weights[:]
                trial[index] = round(trial[index] + sign * steps[index], 3)
                value = score(trial)
                if value > best:
                    weights, best = trial, value
                    print(f"round {round_} w{index}", weights, show(weights), flush=True)
                    break
        steps = [s / 2 for s in steps]
    print("best", weights, show(weights), flush=True)
    return weights


def hand_end_rows(policy, seed: int, epsilon: float) -> list[tuple[int, list[float], int]]:
    """One game of `policy` against itself (an `epsilon` share of random moves): at
    each hand end but the last, (hands ended, `buildup.hand_end_features`, final
    margin), all for seat 0."""
    state = new_game("buildup")
    rng = random.Random(seed)
    rows = []
    ended = 0
    while True:
        player = state.current_player
        if player == TERMINAL:
            margin = state.totals[0] - state.totals[1]
            return [(stage, features, margin) for stage, features in rows]
        if state.hand_index != ended:
            ended = state.hand_index
            rows.append((ended, buildup.hand_end_features(state)))
        if player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            if rng.random() < epsilon:
                state.apply_unchecked(legal[rng.randrange(len(legal))])
            else:
                state.apply_unchecked(policy(state, legal, None))


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """The coefficients minimising the squared error (normal equations, Gauss-Jordan),
    with a whisker of ridge so that collinear features (after hand 1 the totals are
    the tops) share their weight instead of dividing by zero."""
    n = len(rows[0])
    matrix = [[sum(r[i] * r[j] for r in rows) + (1e-3 * len(rows) if i == j else 0.0) for j in range(n)]
              for i in range(n)]
    return solve(matrix, [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)])


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """`matrix`⁻¹ `vector` by Gauss-Jordan elimination with partial pivoting (small
    systems: normal equations, Newton steps; bench/star_estimate.py uses it too)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [v - factor * w for v, w in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(policy, games: int, epsilon: float, seed: int) -> None:
    """Print, for each number of hands ended, the forecast's coefficients and spread."""
    by_stage: dict[int, tuple[list, list]] = {1: ([], []), 2: ([], []), 3: ([], [])}
    for game in range(games):
        for stage, features, margin in hand_end_rows(policy, seed + game, epsilon):
            by_stage[stage][0].append(features)
            by_stage[stage][1].append(margin)
    for stage, (rows, targets) in by_stage.items():
        coefficients = least_squares(rows, targets)
        residuals = [t - sum(c * x for c, x in zip(coefficients, r, strict=True))
                     for r, t in zip(rows, targets, strict=True)]
        spread = (sum(e * e for e in residuals) / len(residuals)) ** 0.5
        plain = (sum(t * t for t in targets) / len(targets)) ** 0.5
        print(f"{stage}: (({', '.join(f'{c:.3f}' for c in coefficients)}), {spread:.1f})  "
              f"# {len(rows)} positions, spread without the forecast {plain:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--weights", help="comma-separated weights (default: STRONG_WEIGHTS)")
    parser.add_argument("--against", help="comma-separated weights of the opponent (default: greedy)")
    parser.add_argument("--imitate", type=int, metavar="GAMES", help="search weights that agree with pimc")
    parser.add_argument("--tune", action="store_true", help="search weights that beat --against")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--steps", help="comma-separated first step of each weight (default: a tenth of it, "
                                        "at least 0.1)")
    parser.add_argument("--fit", type=int, metavar="GAMES",
                        help="fit the hand-end forecast on this many games of the policy against itself")
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random moves in --fit games")
    args = parser.parse_args()
    weights = [float(x) for x in args.weights.split(",")] if args.weights else list(buildup.STRONG_WEIGHTS)
    against = [float(x) for x in args.against.split(",")] if args.against else None
    steps = [float(x) for x in args.steps.split(",")] if args.steps else [max(0.1, abs(w) / 10) for w in weights]
    start = time.perf_counter()
    if args.fit:
        fit(strong(weights), args.fit, args.epsilon, args.seed)
    elif args.imitate:
        rows = pimc_decisions(args.imitate, args.seed)
        print(f"{len(rows)} decisions; greedy makes pimc's choice in {agreement(rows, None):.1%}", flush=True)
        coordinate_search(partial(agreement, rows), weights, steps, args.rounds,
                          lambda w: f"agrees in {agreement(rows, w):.1%}")
    else:
        with multiprocessing.Pool(args.workers) as pool:
            if args.tune:
                # The same deals for every candidate: differences between weights, not luck.
                def score(w):
                    wins, losses, _ = duel(pool, w, against, args.deals, args.seed)
                    return wins - losses
                coordinate_search(score, weights, steps, args.rounds,
                                  lambda w: describe(*duel(pool, w, against, args.deals, args.seed)))
            else:
                result = duel(pool, weights, against, args.deals, args.seed)
                print(weights, "vs", against or "greedy", describe(*result))
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
