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
  With ``model=normalized`` (fastchess's default) elo0 and elo1 are normalized Elo
  (nElo): H0 and H1 fix ``t = (mean - 1/2) / sigma`` of the deal score, at
  ``sqrt(games per deal) * nElo / (800 / ln 10)``, and the maximum-likelihood
  distributions are those of Van den Bergh's section 4.1 (``getLLR_normalized``),
  iterated to convergence. logistic stays the default.
- **Stopping.** After each deal in schedule order: ``LLR >= log((1-beta)/alpha)``
  accepts H1, ``LLR <= log(beta/(1-alpha))`` accepts H0. The deals are taken in
  schedule order only: the test never depends on which game finished first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .standings import Z95

SPRT_KEYS = ("elo0", "elo1", "alpha", "beta", "model")
NUMBER_KEYS = SPRT_KEYS[:4]
MODELS = {
    "logistic": "logistic Elo, GSPRT (Van den Bergh), pentanomial for one opponent at two seats",
    "normalized": "normalized Elo (nElo), GSPRT (Van den Bergh, section 4.1), pentanomial for one opponent "
                  "at two seats",
}
"""``model=`` -> the words the results' ``[sprt] model`` says. logistic is the default:
a run without ``model=`` means what it always did."""
MODEL = MODELS["logistic"]
NELO_SCALE = 800 / math.log(10)
"""nElo per unit of t = (mean - 1/2) / sigma of one game (fastchess, fishtest)."""
MLE_TOLERANCE = 1e-14
"""The normalized model's fixed point stops when no probability moves more than this."""
MLE_FLOOR = 1e-9
"""...unless rounding stops it first, below this (see `normalized_mle`)."""
MLE_ITERATIONS = 10_000
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
    model: str = "logistic"
    """``logistic`` (elo0 and elo1 in logistic Elo) or ``normalized`` (in nElo)."""

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def text(self) -> str:
        text = ",".join(f"{key}={getattr(self, key):g}" for key in NUMBER_KEYS)
        return text if self.model == "logistic" else f"{text},model={self.model}"


def parse_sprt(value: Any) -> SprtSettings:
    """``"elo0=0,elo1=20[,alpha=0.05,beta=0.05][,model=normalized]"`` (or a table of
    those keys) to settings. :raises ValueError: one line saying what is wrong."""
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
            if key.strip() == "model":
                table["model"] = text.strip()
                continue
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
        if key == "model":
            if number not in MODELS:
                raise ValueError(f"model = {number!r} is not a model: use {' or '.join(MODELS)}")
            continue
        if isinstance(number, bool) or not isinstance(number, int | float) or not math.isfinite(number):
            raise ValueError(f"{key} must be a finite number")
    for key in ("elo0", "elo1"):
        if key not in table:
            raise ValueError(f"{key} is missing: give elo0=E0,elo1=E1[,alpha=A,beta=B]")
    settings = SprtSettings(**{key: number if key == "model" else float(number) for key, number in table.items()})
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


def score_to_elo(score: float) -> float:
    """The logistic Elo difference of an expected score (±inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def nelo_to_t(nelo: float, games_per_deal: int) -> float:
    """The normalized model's t = (mean - 1/2) / sigma of a deal score for `nelo`:
    ``sqrt(games per deal) * nElo / (800 / ln 10)`` (fastchess's pentanomial
    ``sqrt(2) * nElo / (800 / ln 10)`` for a deal of two games; docs/sprt.md)."""
    return math.sqrt(games_per_deal) * nelo / NELO_SCALE


def _theta(deviations: Sequence[float], probs: Sequence[float]) -> float:
    """The root of ``sum p̂_i d_i / (1 + θ d_i) = 0`` (Van den Bergh, eq. 1.3 with
    ``d_i = a_i - s``, eq. 4.9 with ``d_i = φ_i``): a decreasing function on
    ``(-1/max d, -1/min d)``; Newton's steps kept inside a shrinking bracket, with
    bisection when one leaves it, to the last bit.
    :raises ValueError: when the d_i do not change sign."""
    if not min(deviations) < 0 < max(deviations):
        raise ValueError("no distribution on these outcomes has that mean")
    low, high = -1 / max(deviations), -1 / min(deviations)
    terms = list(zip(probs, deviations, strict=True))
    theta = 0.0
    for _ in range(400):
        f = slope = 0.0
        for p, d in terms:
            r = d / (1 + theta * d)
            f += p * r
            slope -= p * r * r
        if f == 0:
            break
        if f > 0:
            low = theta
        else:
            high = theta
        step = theta - f / slope if slope else math.nan
        if not low < step < high:
            step = (low + high) / 2
        if step == theta or not low < step < high:  # to the last bit: nothing left between
            break
        theta = step
    return theta


def logistic_mle(values: Sequence[float], probs: Sequence[float], s: float) -> list[float]:
    """The distribution on `values` of mean `s` most likely to give the frequencies
    `probs` (Van den Bergh, proposition 1.1): ``p_i = p̂_i / (1 + θ (a_i - s))``."""
    deviations = [a - s for a in values]
    theta = _theta(deviations, probs)
    return [p / (1 + theta * d) for p, d in zip(probs, deviations, strict=True)]


def normalized_mle(values: Sequence[float], probs: Sequence[float], t: float,
                   start: Sequence[float] | None = None) -> list[float]:
    """The distribution on `values` with ``(mu - 1/2) / sigma = t`` most likely to
    give the frequencies `probs` (Van den Bergh, section 4.1): iterate
    ``φ_i = a_i - 1/2 - (t/2) σ (1 + ((a_i - μ)/σ)^2)`` (μ, σ of the current p),
    θ solving ``Σ p̂_i φ_i / (1 + θ φ_i) = 0`` and ``p_i = p̂_i / (1 + θ φ_i)``
    until no p_i moves more than `MLE_TOLERANCE`, or (rounding) no longer gets
    closer. The start is `start` (the answer for the same outcomes and t with one
    deal fewer: a sequential test's warm start, a few iterations from the answer),
    else `tilted_start`: either already has this t, so the first θ exists.
    :raises ValueError: when it does not converge."""
    p = list(start) if start is not None else tilted_start(values, probs, t)
    smallest, stalled = math.inf, 0
    for _ in range(MLE_ITERATIONS):
        mu = sum(q * a for q, a in zip(p, values, strict=True))
        sigma = math.sqrt(sum(q * (a - mu) ** 2 for q, a in zip(p, values, strict=True)))
        phi = [a - 0.5 - t / 2 * (sigma + (a - mu) ** 2 / sigma) for a in values]
        theta = _theta(phi, probs)
        new = [q / (1 + theta * f) for q, f in zip(probs, phi, strict=True)]
        moved = max(abs(a - b) for a, b in zip(new, p, strict=True))
        p = new
        if moved <= MLE_TOLERANCE:
            return p
        # Where the fitted p_i is many times p̂_i (an outcome never seen, regularized),
        # 1 + θ φ_i is a small difference and rounding keeps p moving by ~1e-12 for ever.
        stalled = stalled + 1 if moved >= smallest else 0
        smallest = min(smallest, moved)
        if stalled >= 3 and smallest <= MLE_FLOOR:
            return p
    raise ValueError(f"the normalized model's distribution for t = {t:g} did not converge")


def tilted_start(values: Sequence[float], probs: Sequence[float], t: float) -> list[float]:
    """`probs` exponentially tilted, ``p_i ∝ p̂_i e^(λ a_i)``, with λ such that
    ``(mu - 1/2) / sigma = t``: a start from which the first θ exists (Σ p φ = 0
    there, so the φ_i change sign). Van den Bergh starts from the uniform
    distribution, which fails once t is beyond what it can reach in one step."""
    def t_of(lam: float) -> tuple[float, list[float]]:
        top = max(lam * a for a in values)
        weights = [p * math.exp(lam * a - top) for p, a in zip(probs, values, strict=True)]
        total = sum(weights)
        q = [w / total for w in weights]
        mu = sum(w * a for w, a in zip(q, values, strict=True))
        sigma = math.sqrt(sum(w * (a - mu) ** 2 for w, a in zip(q, values, strict=True)))
        return (mu - 0.5) / sigma if sigma > 0 else math.copysign(math.inf, mu - 0.5), q

    low, high = -1.0, 1.0
    while t_of(low)[0] > t:
        low *= 2
    while t_of(high)[0] < t:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        reached, q = t_of(mid)
        if abs(reached - t) <= 1e-6 * (1 + abs(t)) or mid in (low, high):
            return q  # close enough: a start, not the answer
        if reached < t:
            low = mid
        else:
            high = mid
    return q


def llr(histogram: Mapping[float, float], s0: float, s1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (mean `s1`) against H0 (mean `s0`) for
    outcomes `histogram` (value in [0, 1] -> count; both means must lie strictly
    between the smallest and the largest value)."""
    values = sorted(histogram)
    total = sum(histogram.values())
    probs = [histogram[v] / total for v in values]
    return _llr(total, probs, logistic_mle(values, probs, s0), logistic_mle(values, probs, s1))


def normalized_llr(histogram: Mapping[float, float], t0: float, t1: float,
                   starts: dict[Any, list[float]] | None = None) -> float:
    """The GSPRT log-likelihood ratio of H1 (``(mean - 1/2) / sigma = t1``) against H0
    (``= t0``) for outcomes `histogram` (value in [0, 1] -> count). `starts`: the
    last answers by (outcomes, t), used as warm starts and updated (a
    `SequentialTest` keeps them from one deal to the next)."""
    values = sorted(histogram)
    total = sum(histogram.values())
    probs = [histogram[v] / total for v in values]
    found = []
    for t in (t0, t1):
        key = (tuple(values), t)
        p = normalized_mle(values, probs, t, None if starts is None else starts.get(key))
        if starts is not None:
            starts[key] = p
        found.append(p)
    return _llr(total, probs, found[0], found[1])


def _llr(total: float, probs: Sequence[float], p0: Sequence[float], p1: Sequence[float]) -> float:
    """``N * sum_i p̂_i * log(p1_i / p0_i)``."""
    return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, p0, p1, strict=True))


def regularized(counts: Mapping[float, int], pentanomial: bool) -> dict[float, float]:
    """The histogram of deal scores (score -> deals), every pentanomial outcome (or,
    for other scores, the ends 0 and 1) given `REGULARIZE` when never seen."""
    histogram: dict[float, float] = {value: REGULARIZE for value in (PENTANOMIAL if pentanomial else (0.0, 1.0))}
    histogram.update({value: n for value, n in counts.items() if n})
    return histogram


def model_llr(histogram: Mapping[float, int], settings: SprtSettings, pentanomial: bool,
              games_per_deal: int = 2, starts: dict[Any, list[float]] | None = None) -> float:
    """The LLR of deal scores `histogram` (score -> deals) under `settings`' model
    (`starts`: `normalized_llr`'s)."""
    counts = regularized(histogram, pentanomial)
    if settings.model == "normalized":
        return normalized_llr(counts, nelo_to_t(settings.elo0, games_per_deal),
                              nelo_to_t(settings.elo1, games_per_deal), starts)
    return llr(counts, elo_to_score(settings.elo0), elo_to_score(settings.elo1))


def pentanomial_llr(counts: Sequence[int], settings: SprtSettings) -> float:
    """The LLR of pentanomial counts: deal pairs scoring 0, 1/2, 1, 3/2 and 2 points."""
    return model_llr(dict(zip(PENTANOMIAL, counts, strict=True)), settings, True)


@dataclass(frozen=True)
class Estimate:
    """The candidate's strength from the deal scores so far, with a 95% interval:
    logistic Elo, or nElo for the normalized model (as fastchess prints them)."""

    value: float
    low: float
    high: float

    @property
    def error(self) -> float:
        """Half the interval's width: fastchess's ``+/-``."""
        return (self.high - self.low) / 2


def estimate(histogram: Mapping[float, int], model: str, games_per_deal: int = 2) -> Estimate | None:
    """Elo (``logistic``) or nElo (``normalized``) of the mean deal score `m`, its
    interval from ``m ± 1.96 sqrt(var / N)`` (var: the deal scores' variance over N,
    as fastchess's); None before the first deal, or for nElo while every deal scored
    the same (no variance to normalize by)."""
    total = sum(histogram.values())
    if not total:
        return None
    mean = sum(a * n for a, n in histogram.items()) / total
    variance = sum(n * (a - mean) ** 2 for a, n in histogram.items()) / total
    half = Z95 * math.sqrt(variance / total)
    if model == "normalized":
        if variance <= 0:
            return None
        scale = NELO_SCALE / math.sqrt(games_per_deal * variance)
        return Estimate((mean - 0.5) * scale, (mean - half - 0.5) * scale, (mean + half - 0.5) * scale)
    return Estimate(score_to_elo(mean), score_to_elo(mean - half), score_to_elo(mean + half))


@dataclass
class SequentialTest:
    """The test fed one deal score at a time, in schedule order."""

    settings: SprtSettings
    pentanomial: bool
    games_per_deal: int = 2
    """The candidate's games in one deal: the normalized model's sqrt(games) (docs/sprt.md)."""
    histogram: dict[float, int] = field(default_factory=dict)
    """Deal score -> deals."""
    total: float = 0.0
    """The sum of the deal scores."""
    history: list[float] = field(default_factory=list)
    """The LLR after each deal."""
    verdict: str = ""
    """``H1``, ``H0`` or "" (no decision yet)."""
    starts: dict[Any, list[float]] = field(default_factory=dict, repr=False)
    """The normalized model's last distributions, the next deal's warm starts."""

    def feed(self, score: float) -> str:
        """Add the next deal's score; the verdict (once reached, later deals are refused)."""
        if self.verdict:
            raise ValueError("the test has already stopped")
        self.histogram[score] = self.histogram.get(score, 0) + 1
        self.total += score
        value = model_llr(self.histogram, self.settings, self.pentanomial, self.games_per_deal, self.starts)
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

    def estimate(self) -> Estimate | None:
        """Elo or nElo (by the model) with its 95% interval."""
        return estimate(self.histogram, self.settings.model, self.games_per_deal)

    def draw_ratio(self) -> float:
        """The share of deals scoring exactly 1/2 (pentanomial: the pairs 1-1, a win
        and a loss or two draws, fastchess's DrawRatio)."""
        even = sum(n for a, n in self.histogram.items() if abs(a - 0.5) < 1e-9)
        return even / self.deals if self.deals else 0.0


def percent_of_the_way(llr_value: float, lower: float, upper: float) -> float:
    """How far the LLR has gone towards the bound it is heading for, in percent:
    ``100 llr / upper`` above 0, ``-100 llr / lower`` below (so -100% at the lower
    bound), as fastchess prints it; 0 for a bound of 0 (only a damaged results file
    has one)."""
    bound = upper if llr_value >= 0 else -lower
    return 100 * llr_value / bound if bound else 0.0


def sprt_status(table: Mapping[str, Any]) -> str:
    """The SPRT line as fastchess prints it, from a results' ``[sprt]`` table:
    ``LLR: 1.23 (41.8%) (-2.94, 2.94) [0.00, 5.00], Elo: 12.3 +/- 8.1, DrawRatio:
    30.0 %, Ptnml(0-2): [LL, LD, WL+DD, WD, WW]`` (nElo for the normalized model;
    the estimate, the draw ratio and Ptnml only when the table holds them)."""
    lower, upper, value = table.get("lower", 0.0), table.get("upper", 0.0), table.get("llr", 0.0)
    parts = [f"LLR: {value:.2f} ({percent_of_the_way(value, lower, upper):.1f}%) ({lower:.2f}, {upper:.2f}) "
             f"[{table.get('elo0', 0):.2f}, {table.get('elo1', 0):.2f}]"]
    name = "nelo" if table.get("elo_model") == "normalized" else "elo"
    label = "nElo" if name == "nelo" else "Elo"
    if all(isinstance(table.get(key), int | float) for key in (name, f"{name}_low", f"{name}_high")):
        low, high = table[f"{name}_low"], table[f"{name}_high"]
        if math.isfinite(low) and math.isfinite(high):
            parts.append(f"{label}: {table[name]:.2f} +/- {(high - low) / 2:.2f}")
        else:  # a score of 0 or 1 within the interval: no symmetric +/-
            parts.append(f"{label}: {table[name]:.2f} [{low:.2f}, {high:.2f}]")
    elif "elo_model" in table:
        parts.append(f"{label}: -")
    if isinstance(table.get("draw_ratio"), int | float):
        parts.append(f"DrawRatio: {100 * table['draw_ratio']:.2f} %")
    if isinstance(table.get("pentanomial"), list):
        parts.append(f"Ptnml(0-2): [{', '.join(map(str, table['pentanomial']))}]")
    return ", ".join(parts)
