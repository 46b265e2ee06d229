"""Sequential probability ratio tests (SPRT) between a candidate bot and its
opponents, on duplicate deals (docs/sprt.md has the formulas and their sources).

- **What is observed.** Each deal gives one number in [0, 1]: the candidate's mean
  *game score* over every game it played on that deal (every table, every seat
  rotation), where a game score is the share of its opponents it placed above, ties
  counting half: ``(players - place) / (players - 1)``. In a two-player game that
  is 1 for a win, 0.5 for a draw and 0 for a loss, and with one opponent a deal (two
  games, seats swapped) scores 0, 1/4, 1/2, 3/4 or 1: the pentanomial model of
  fastchess and fishtest.
- **The test.** H0: the candidate's expected deal score is ``s0 = score(elo0)``, H1:
  ``s1 = score(elo1)``, with the logistic Elo ``score(e) = 1 / (1 + 10^(-e/400))``.
  The log-likelihood ratio is the generalized SPRT (GSPRT) of M. Van den Bergh,
  "Comments on Normalized Elo" (proposition 1.1), as fastchess computes it
  (``getLLR_logistic``): the maximum-likelihood distribution on the observed
  outcomes under each mean, and ``LLR = N * sum_i p̂_i * log(p1_i / p0_i)``.
- **Stopping.** After each deal in schedule order: ``LLR >= log((1-beta)/alpha)``
  accepts H1, ``LLR <= log(beta/(1-alpha))`` accepts H0. The deals are taken in
  schedule order only: the test never depends on which game finished first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SPRT_KEYS = ("elo0", "elo1", "alpha", "beta")
MODEL = "logistic Elo, GSPRT (Van den Bergh), pentanomial for one opponent at two seats"
PENTANOMIAL = (0.0, 0.25, 0.5, 0.75, 1.0)
MAX_ELO = 1000
"""Elo differences beyond this (an expected score within 0.3% of 0 or 1) are refused."""
REGULARIZE = 1e-3
"""The count given to an outcome never seen (as fastchess does), so that both
means stay inside the outcomes' range."""


@dataclass(frozen=True)
class SprtSettings:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def text(self) -> str:
        return ",".join(f"{key}={getattr(self, key):g}" for key in SPRT_KEYS)


def parse_sprt(value: Any) -> SprtSettings:
    """``"elo0=0,elo1=20[,alpha=0.05,beta=0.05]"`` (or a table of those keys) to
    settings. :raises ValueError: one line saying what is wrong."""
    if isinstance(value, SprtSettings):
        return value
    table: dict[str, Any] = {}
    if isinstance(value, str):
        for piece in (p.strip() for p in value.split(",")):
            key, sep, text = piece.partition("=")
            if not sep:
                raise ValueError(f"{piece!r} is not KEY=VALUE (keys: {', '.join(SPRT_KEYS)})")
            if key.strip() in table:  # the last one would win without a word: which was meant?
                raise ValueError(f"{key.strip()} is given twice: give each of {', '.join(SPRT_KEYS)} once")
            try:
                table[key.strip()] = float(text)
            except ValueError:
                raise ValueError(f"{key.strip()} = {text.strip()!r} is not a number") from None
    elif isinstance(value, dict):
        table = dict(value)
    else:
        raise ValueError("give elo0=E0,elo1=E1[,alpha=A,beta=B] (a string, or a table of those keys)")
    for key, number in table.items():
        if key not in SPRT_KEYS:
            raise ValueError(f"unknown key {key}: use {', '.join(SPRT_KEYS)}")
        if isinstance(number, bool) or not isinstance(number, int | float) or not math.isfinite(number):
            raise ValueError(f"{key} must be a finite number")
    for key in ("elo0", "elo1"):
        if key not in table:
            raise ValueError(f"{key} is missing: give elo0=E0,elo1=E1[,alpha=A,beta=B]")
    settings = SprtSettings(**{key: float(number) for key, number in table.items()})
    for key in ("elo0", "elo1"):
        if abs(getattr(settings, key)) > MAX_ELO:
            raise ValueError(f"{key} must be between -{MAX_ELO} and {MAX_ELO}")
    if settings.elo0 >= settings.elo1:
        raise ValueError(f"elo0 ({settings.elo0:g}) must be less than elo1 ({settings.elo1:g})")
    for key in ("alpha", "beta"):
        if not 0 < getattr(settings, key) < 1:
            raise ValueError(f"{key} must be between 0 and 1 (exclusive)")
    if settings.alpha + settings.beta >= 1:
        raise ValueError("alpha + beta must be less than 1")
    return settings


def elo_to_score(elo: float) -> float:
    """The expected score of a logistic Elo difference."""
    return 1 / (1 + 10 ** (-elo / 400))


def _theta(values: Sequence[float], probs: Sequence[float], s: float) -> float:
    """The root of ``sum p̂_i (a_i - s) / (1 + θ (a_i - s)) = 0`` (Van den Bergh, eq.
    1.3): a decreasing function on ``(-1/(max a - s), -1/(min a - s))``; Newton's
    steps kept inside a shrinking bracket, with bisection when one leaves it."""
    low, high = -1 / (max(values) - s), -1 / (min(values) - s)
    terms = [(p, a - s) for a, p in zip(values, probs, strict=True)]
    theta = 0.0
    for _ in range(200):
        f = slope = 0.0
        for p, d in terms:
            r = d / (1 + theta * d)
            f += p * r
            slope -= p * r * r
        if f > 0:
            low = theta
        else:
            high = theta
        if abs(f) < 1e-13 or high - low < 1e-15:
            break
        step = theta - f / slope if slope else math.nan
        theta = step if low < step < high else (low + high) / 2
    return theta


def llr(histogram: Mapping[float, float], s0: float, s1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (mean `s1`) against H0 (mean `s0`) for
    outcomes `histogram` (value in [0, 1] -> count; both means must lie strictly
    between the smallest and the largest value)."""
    values = sorted(histogram)
    counts = [histogram[v] for v in values]
    total = sum(counts)
    probs = [c / total for c in counts]
    result = 0.0
    t0, t1 = _theta(values, probs, s0), _theta(values, probs, s1)
    for a, p in zip(values, probs, strict=True):
        # p1_i / p0_i = (1 + θ0 (a - s0)) / (1 + θ1 (a - s1))
        result += p * (math.log(1 + t0 * (a - s0)) - math.log(1 + t1 * (a - s1)))
    return total * result


def regularized(counts: Mapping[float, int], pentanomial: bool) -> dict[float, float]:
    """The histogram of deal scores (score -> deals), every pentanomial outcome (or,
    for other scores, the ends 0 and 1) given `REGULARIZE` when never seen."""
    histogram: dict[float, float] = {value: REGULARIZE for value in (PENTANOMIAL if pentanomial else (0.0, 1.0))}
    histogram.update({value: n for value, n in counts.items() if n})
    return histogram


def pentanomial_llr(counts: Sequence[int], settings: SprtSettings) -> float:
    """The LLR of pentanomial counts: deal pairs scoring 0, 1/2, 1, 3/2 and 2 points."""
    return llr(regularized(dict(zip(PENTANOMIAL, counts, strict=True)), True),
               elo_to_score(settings.elo0), elo_to_score(settings.elo1))


@dataclass
class SequentialTest:
    """The test fed one deal score at a time, in schedule order."""

    settings: SprtSettings
    pentanomial: bool
    histogram: dict[float, int] = field(default_factory=dict)
    """Deal score -> deals."""
    total: float = 0.0
    """The sum of the deal scores."""
    history: list[float] = field(default_factory=list)
    """The LLR after each deal."""
    verdict: str = ""
    """``H1``, ``H0`` or "" (no decision yet)."""

    def feed(self, score: float) -> str:
        """Add the next deal's score; the verdict (once reached, later deals are refused)."""
        if self.verdict:
            raise ValueError("the test has already stopped")
        self.histogram[score] = self.histogram.get(score, 0) + 1
        self.total += score
        s0, s1 = elo_to_score(self.settings.elo0), elo_to_score(self.settings.elo1)
        value = llr(regularized(self.histogram, self.pentanomial), s0, s1)
        self.history.append(value)
        if value >= self.settings.upper:
            self.verdict = "H1"
        elif value <= self.settings.lower:
            self.verdict = "H0"
        return self.verdict

    @property
    def llr(self) -> float:
        return self.history[-1] if self.history else 0.0

    @property
    def deals(self) -> int:
        return len(self.history)

    def counts(self) -> list[int]:
        """The pentanomial counts: deals scoring 0, 1/4, 1/2, 3/4 and 1."""
        return [self.histogram.get(v, 0) for v in PENTANOMIAL]
