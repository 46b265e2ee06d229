"""A batch fit of every game: Plackett-Luce ratings (Bradley-Terry at two seats) with
95% intervals from a bootstrap over deals, and the likelihood of superiority of
every pair (docs/ratings.md says why and how, and why no library).

A game is its seats in place order (`RankedGame.places`, so a forfeit is last, as in
the standings). Tied seats are split: every order of them counts, each with an equal
share of the game (a two-seat draw is half a win each way, as in Elo). The fit is
Hunter's (2004) MM algorithm, with one pseudo-game each way between every bot and
a virtual bot of strength 1 (a weak prior, as in R's PlackettLuce `npseudo = 1`), so a
bot that never wins still gets a finite rating. Strengths go out as Elo-like numbers,
400·log10(strength), centred on a mean of 0 over the bots.

**What the data cannot bound** (`open_sides`). A bot that no other bot ever placed
above (it won every game), or a group of bots that nobody outside it ever beat, has
no finite maximum-likelihood rating: the prior alone holds it where it is, and every
bootstrap sample, drawn from the same one-sided games, agrees, so the interval would
shrink to a point (``+420 [+420, +420]``). Its upper bound is written as +inf
instead; a bot that never placed above another gets -inf as its lower bound.

Everything is a pure function of the games in schedule order and the tournament
seed: the same for any number of workers."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from .standings import RankedGame

OPEN_BOUND = ("an interval running to +inf or -inf: the games set no bound on that side (a bot that never "
              "placed below the rest, or never above): its elo is the prior's, not a measurement (docs/ratings.md)")
"""What `tournament show` and the report say under ratings with an open side."""
BOOTSTRAP = 200
"""Bootstrap samples (docs/ratings.md measures the cost)."""
PSEUDO = 1.0
"""Pseudo-games each way between each bot and the virtual bot."""
TOLERANCE = 1e-6
"""Largest change of a log-strength at convergence (0.0002 Elo)."""
MAX_ITERATIONS = 2000

def game_groups(game: RankedGame, index: dict[str, int]) -> list[list[int]]:
    """The game's seats as bot indices in groups of equal place, best first."""
    groups: dict[float, list[int]] = {}
    for seat, place in enumerate(game.places):
        groups.setdefault(place, []).append(index[game.result.seats[seat]])
    return [groups[place] for place in sorted(groups)]


class Stages:
    """Games as Plackett-Luce stages: each bot's (weighted) choices, and the weight
    of each choice set (sorted bot indices). The likelihood needs nothing else, and
    a tournament has far fewer choice sets than games."""

    def __init__(self, bots: int) -> None:
        self.wins = [0.0] * bots
        self.sets: dict[tuple[int, ...], float] = {}

    def add_game(self, groups: Sequence[Sequence[int]]) -> None:
        """A game as its groups of tied seats, best first, every order of each group
        counting with an equal share: the expected stages of a random order. In a
        group of k, each seat wins one stage (in the last group, k - 1 of the k
        stages are choices, so (k - 1)/k each), and the stage that leaves m of the
        group to choose from is equally likely any m of its seats: 2^k choice sets
        instead of the k! orders (3.6 million for ten tied seats)."""
        for at, group in enumerate(groups):
            below = [bot for later in groups[at + 1:] for bot in later]
            last = at == len(groups) - 1
            size = len(group)
            for bot in group:
                self.wins[bot] += (size - 1) / size if last else 1.0
            for left in range(size, 1 if last else 0, -1):
                choices = list(combinations(group, left))
                for members in choices:
                    key = tuple(sorted((*members, *below)))
                    self.sets[key] = self.sets.get(key, 0.0) + 1 / len(choices)

    def add(self, other: Stages, times: int = 1) -> None:
        for bot, value in enumerate(other.wins):
            self.wins[bot] += times * value
        for key, weight in other.sets.items():
            self.sets[key] = self.sets.get(key, 0.0) + times * weight


def fit(stages: Stages, start: Sequence[float] | None = None) -> list[float]:
    """Strengths (the virtual bot's fixed at 1) maximising the Plackett-Luce
    likelihood of the `stages` plus the pseudo-games, by MM iterations from `start`
    (all 1 by default)."""
    wins = [PSEUDO + w for w in stages.wins]
    sets = list(stages.sets.items())
    gamma = list(start) if start else [1.0] * len(wins)
    for _ in range(MAX_ITERATIONS):
        denominator = [2 * PSEUDO / (g + 1.0) for g in gamma]
        for members, weight in sets:
            share = weight / sum(gamma[bot] for bot in members)
            for bot in members:
                denominator[bot] += share
        new = _rescaled([w / d for w, d in zip(wins, denominator, strict=True)])
        change = max(abs(math.log(n / g)) for n, g in zip(new, gamma, strict=True))
        gamma = new
        if change < TOLERANCE:
            break
    return gamma


def _rescaled(gamma: list[float]) -> list[float]:
    """`gamma` times the factor that maximises the likelihood along the common
    scale, which only the pseudo-games see (an exact step of coordinate ascent: MM
    alone crawls along that direction)."""
    low, high = -60.0, 60.0  # log of the factor; the root of a decreasing function
    for _ in range(60):
        middle = (low + high) / 2
        c = math.exp(middle)
        if sum((1 - c * g) / (1 + c * g) for g in gamma) > 0:
            low = middle
        else:
            high = middle
    c = math.exp((low + high) / 2)
    return [c * g for g in gamma]


def elo(gamma: Sequence[float]) -> list[float]:
    """400·log10 of each strength, centred on a mean of 0."""
    values = [400 * math.log10(g) for g in gamma]
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def _percentile(sorted_values: Sequence[float], share: float) -> float:
    """Linear interpolation between order statistics."""
    position = share * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def open_sides(groups_by_game: Sequence[Sequence[Sequence[int]]], bots: int) -> list[tuple[bool, bool]]:
    """For each bot: whether the games leave its rating without a lower bound, and
    without an upper one.

    Bot a *meets* bot b when a placed above b in some game, or tied with it (a tie
    is half a win each way). The likelihood has a finite maximum only when every
    bot can reach every other through such meetings (Hunter 2004, assumption 1).
    Otherwise the bots fall into groups (the strongly connected components): a group
    that no bot outside it ever met from above (a source) can be raised without
    limit, so its bots have no upper bound, and a group that never met anyone
    outside it from above (a sink) can be lowered without limit. A bot of no game
    is both."""
    beats: list[set[int]] = [set() for _ in range(bots)]
    for groups in groups_by_game:
        for at, group in enumerate(groups):
            for bot in group:
                beats[bot].update(other for other in group if other != bot)  # a tie: each way
                beats[bot].update(other for later in groups[at + 1:] for other in later if other != bot)
    reach = []
    for start in range(bots):
        seen, todo = {start}, [start]
        while todo:
            for other in beats[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        reach.append(seen)
    sides = []
    for bot in range(bots):
        group = {other for other in reach[bot] if bot in reach[other]}
        if len(group) == bots:  # everyone reaches everyone: a finite maximum
            sides.append((False, False))
            continue
        from_outside = any(bot in reach[other] for other in range(bots) if other not in group)
        to_outside = any(other not in group for other in reach[bot])
        sides.append((not to_outside, not from_outside))
    return sides


def fitted_ratings(ranked: Sequence[RankedGame], bots: Sequence[str], seed: int,
                   samples: int = BOOTSTRAP) -> dict[str, Any]:
    """``elo``: {bot: (elo, low, high)}, low -inf or high +inf where the games set
    no bound on that side (`open_sides`); ``superiority``: rows {a, b, los} for every
    pair (a before b in `bots`); ``bootstrap``: how many samples. LOS is the share of
    bootstrap samples where a's rating exceeds b's (ties count half)."""
    index = {bot: i for i, bot in enumerate(bots)}
    by_deal: dict[int, Stages] = {}
    every_game = []
    for game in sorted(ranked, key=lambda g: g.result.game_id):
        stages = by_deal.setdefault(game.result.deal, Stages(len(bots)))
        every_game.append(game_groups(game, index))
        stages.add_game(every_game[-1])
    deals = sorted(by_deal)
    total = Stages(len(bots))
    for deal in deals:
        total.add(by_deal[deal])
    strengths = fit(total)
    point = elo(strengths)
    rng = random.Random(f"ratings:{seed}")
    draws: list[list[float]] = []
    for _ in range(samples if deals else 0):
        times = Counter(rng.choices(deals, k=len(deals)))
        sample = Stages(len(bots))
        for deal in deals:
            if times[deal]:
                sample.add(by_deal[deal], times[deal])
        draws.append(elo(fit(sample, strengths)))
    # Before any game nothing is open: there is nothing to claim, all are 0.
    sides = open_sides(every_game, len(bots)) if every_game else [(False, False)] * len(bots)
    result: dict[str, tuple[float, float, float]] = {}
    for i, bot in enumerate(bots):
        column = sorted(d[i] for d in draws) or [point[i]]
        no_floor, no_ceiling = sides[i]
        result[bot] = (point[i], -math.inf if no_floor else _percentile(column, 0.025),
                       math.inf if no_ceiling else _percentile(column, 0.975))
    superiority = []
    for i, a in enumerate(bots):
        for j in range(i + 1, len(bots)):
            above = sum((d[i] > d[j]) + 0.5 * (d[i] == d[j]) for d in draws)
            superiority.append({"a": a, "b": bots[j], "los": above / len(draws) if draws else 0.5})
    return {"elo": result, "superiority": superiority, "bootstrap": len(draws)}
