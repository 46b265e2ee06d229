"""How many rounds a Cyprus game lasts, by player count and target score (issue 29):
the measurement behind the client's proposed target (docs/cyprus-target.md).

Each game is played by bots of the client's default difficulty (config.toml's
[bots] medium, the setup screen's default seat) played to the largest candidate
target, and the totals after each round are kept: a game to target T would have
ended after the first round where a total reaches T. (The bots of that difficulty
never look at the target, so one long game answers every candidate.) Prints, for
each player count, the median rounds per game (and the 25th and 75th percentiles)
at each candidate target. Run `python bench/cyprus_rounds.py [--games N]`.
Never part of the tests: it is a measurement.
"""

from __future__ import annotations

import argparse
import statistics

from dominoes_arcade.bots import difficulty_spec
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.config import load_settings

CANDIDATES = (75, 100, 125, 150, 175, 200, 250, 300)
"""Target scores tried: the rules' default (100) and tidy numbers around it."""
PLAYERS = range(4, 11)


def rounds_to_reach(round_totals: list[tuple[int, ...]], target: int) -> int | None:
    """The round after which some total first reaches `target` (rounds count from
    1), or None when no round did."""
    for number, totals in enumerate(round_totals, start=1):
        if max(totals) >= target:
            return number
    return None


def long_game(players: int, seed: int, spec: str) -> list[tuple[int, ...]]:
    """Every seat's total after each round of one game played to the largest
    candidate target."""
    states = []
    play_specs("cyprus", [spec] * players, seed, {"players": players, "target_score": max(CANDIDATES)},
               on_step=lambda state, step: states.append(state) if not states else None)
    state = states[0]  # the match's one state, played to its end
    totals = [0] * players
    out = []
    for result in state.rounds:
        if result.winner >= 0:
            totals[result.winner] += result.points
        out.append(tuple(totals))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spec = difficulty_spec(load_settings(include_user=False).bots, "medium")
    print(f"median rounds per game (25th-75th percentile), {args.games} games of '{spec}' bots per count")
    print("players | " + " | ".join(f"{t:>12}" for t in CANDIDATES))
    for players in PLAYERS:
        games = [long_game(players, args.seed * 1000 + game, spec) for game in range(args.games)]
        cells = []
        for target in CANDIDATES:
            rounds = [rounds_to_reach(game, target) for game in games]
            if None in rounds:
                cells.append(f"{'-':>12}")
                continue
            q1, median, q3 = statistics.quantiles(rounds, n=4, method="inclusive")
            cells.append(f"{median:g} ({q1:g}-{q3:g})".rjust(12))
        print(f"{players:>7} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
