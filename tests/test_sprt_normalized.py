"""The normalized SPRT model (``--sprt ...,model=normalized``, tournament/sprt.py):
its LLR against a closed form worked by hand and against an independent reference
implementation (Van den Bergh's section 4.1 in 50-digit decimals, from the uniform
distribution as the paper starts, θ by bisection), the nElo scale, the estimate
and the SPRT line, and a simulation (no games) of its error rates."""

from __future__ import annotations

import bisect
import math
import random
from decimal import Decimal, localcontext

import pytest

from dominoes_arcade.tournament.sprt import (
    NELO_SCALE,
    PENTANOMIAL,
    SequentialTest,
    SprtSettings,
    estimate,
    model_llr,
    nelo_to_t,
    normalized_llr,
    normalized_mle,
    parse_sprt,
    percent_of_the_way,
    regularized,
    sprt_status,
)


def reference_mle(values, probs, t):
    """Van den Bergh, "Comments on Normalized Elo", section 4.1, plainly, in 50-digit
    decimals: from the uniform distribution, φ_i = a_i - 1/2 - (t/2) σ (1 + ((a_i - μ)/σ)^2),
    θ by bisection of Σ p̂_i φ_i / (1 + θ φ_i) = 0, p_i = p̂_i / (1 + θ φ_i), until p
    moves less than 1e-30."""
    with localcontext() as context:
        context.prec = 50
        a = [Decimal(v) for v in values]
        observed = [Decimal(p) for p in probs]
        t = Decimal(t)
        p = [Decimal(1) / len(a)] * len(a)
        for _ in range(1000):
            mu = sum(q * x for q, x in zip(p, a, strict=True))
            sigma = sum(q * (x - mu) ** 2 for q, x in zip(p, a, strict=True)).sqrt()
            phi = [x - Decimal("0.5") - t / 2 * sigma * (1 + ((x - mu) / sigma) ** 2) for x in a]
            low, high = -1 / max(phi), -1 / min(phi)
            for _ in range(120):
                mid = (low + high) / 2
                f = sum(q * d / (1 + mid * d) for q, d in zip(observed, phi, strict=True))
                low, high = (mid, high) if f > 0 else (low, mid)
            new = [q / (1 + low * d) for q, d in zip(observed, phi, strict=True)]
            moved = max(abs(x - y) for x, y in zip(new, p, strict=True))
            p = new
            if moved < Decimal("1e-30"):
                return p
    raise AssertionError("the reference did not converge")


def reference_llr(histogram, t0, t1):
    """N Σ p̂_i log(p1_i / p0_i), in decimals."""
    values = sorted(histogram)
    total = sum(histogram.values())
    probs = [histogram[v] / total for v in values]
    p0, p1 = reference_mle(values, probs, t0), reference_mle(values, probs, t1)
    with localcontext() as context:
        context.prec = 50
        return float(Decimal(total) * sum(Decimal(p) * (b.ln() - a.ln()) for p, a, b in zip(probs, p0, p1,
                                                                                              strict=True)))


def random_histograms(seed, count):
    """Count vectors as the runs see them: pentanomial ones (two players, one
    opponent) and tables of 4 in 4 rotations (deal scores k/12), regularized."""
    rng = random.Random(seed)
    for i in range(count):
        if i % 2 == 0:
            counts = [rng.choice([0, 0, 1, 2, 3, 7, 10, 25, 50, 200]) for _ in PENTANOMIAL]
            yield regularized(dict(zip(PENTANOMIAL, counts, strict=True)), True), 2
        else:
            counts = {k / 12: rng.choice([0, 0, 1, 4, 9, 30]) for k in range(13)}
            yield regularized(counts, False), 4


def test_the_llr_agrees_with_the_reference_to_1e_9():
    worst = 0.0
    for k, (histogram, games) in enumerate(random_histograms(seed=11, count=120)):
        nelo0, nelo1 = [(0, 5), (0, 20), (-5, 5), (-10, 0), (0, 60)][k % 5]
        t0, t1 = nelo_to_t(nelo0, games), nelo_to_t(nelo1, games)
        ours, reference = normalized_llr(histogram, t0, t1), reference_llr(histogram, t0, t1)
        worst = max(worst, abs(ours - reference))
        assert ours == pytest.approx(reference, abs=1e-9), (histogram, nelo0, nelo1)
    print(f"normalized LLR, 120 count vectors: max |ours - reference| = {worst:.2e}")


def test_warm_starts_give_the_same_llr_as_cold_ones():
    # A sequential test starts each deal's fixed point from the last deal's answer.
    rng = random.Random(5)
    test = SequentialTest(SprtSettings(0, 10, model="normalized"), pentanomial=True)
    worst = 0.0
    for _ in range(150):
        test.feed(rng.choice(PENTANOMIAL[1:]))
        cold = model_llr(test.histogram, test.settings, True)
        worst = max(worst, abs(test.llr - cold))
        if test.verdict:
            break
    assert worst <= 1e-9, worst


def test_the_mle_has_the_hypothesis_t_and_sums_to_one():
    for histogram, games in random_histograms(seed=12, count=40):
        values = sorted(histogram)
        total = sum(histogram.values())
        probs = [histogram[v] / total for v in values]
        for nelo in (-200, 0, 3, 50, 400):
            t = nelo_to_t(nelo, games)
            p = normalized_mle(values, probs, t)
            mu = sum(q * a for q, a in zip(p, values, strict=True))
            sigma = math.sqrt(sum(q * (a - mu) ** 2 for q, a in zip(p, values, strict=True)))
            assert sum(p) == pytest.approx(1, abs=1e-10)  # 1 + θ φ_i can be a small difference: rounding
            assert (mu - 0.5) / sigma == pytest.approx(t, abs=1e-9)


def test_on_two_outcomes_the_llr_has_a_closed_form():
    # On {0, 1} a distribution is (1 - s, s), and (s - 1/2) / sqrt(s (1 - s)) = t gives
    # s(t) = (1 + t / sqrt(1 + t^2)) / 2: the test is Wald's on s(t0) against s(t1).
    def s(t):
        return (1 + t / math.sqrt(1 + t * t)) / 2

    t1 = 0.2
    assert s(t1) == pytest.approx(0.598058067569092, abs=1e-15)
    by_hand = 60 * math.log(s(t1) / 0.5) + 40 * math.log((1 - s(t1)) / 0.5)
    assert by_hand == pytest.approx(2.012767, abs=1e-6)  # 60 ln 1.196116 + 40 ln 0.803884 = 10.744785 - 8.732019
    assert normalized_llr({0.0: 40, 1.0: 60}, 0.0, t1) == pytest.approx(by_hand, abs=1e-12)


def test_the_pentanomial_scale_is_fastchess_s():
    # fastchess: t = sqrt(2) nElo / (800 / ln 10) for pairs; and its nElo estimate
    # (score - 1/2) / sqrt(2 var) (800 / ln 10) from the same counts.
    assert nelo_to_t(5, 2) == pytest.approx(math.sqrt(2) * 5 / (800 / math.log(10)))
    assert NELO_SCALE == pytest.approx(347.4355855)
    counts = {0.0: 3, 0.25: 10, 0.5: 40, 0.75: 20, 1.0: 7}
    n = sum(counts.values())
    mean = sum(a * c for a, c in counts.items()) / n
    var = sum(c * (a - mean) ** 2 for a, c in counts.items()) / n
    found = estimate(counts, "normalized", 2)
    assert found.value == pytest.approx((mean - 0.5) / math.sqrt(2 * var) * NELO_SCALE)
    half = 1.959963984540054 * math.sqrt(var / n) / math.sqrt(2 * var) * NELO_SCALE
    assert found.error == pytest.approx(half)
    logistic = estimate(counts, "logistic", 2)
    assert logistic.value == pytest.approx(-400 * math.log10(1 / mean - 1))
    assert estimate({0.5: 4}, "normalized") is None  # no variance: no nElo


def test_settings_take_a_model():
    assert parse_sprt("elo0=0,elo1=5,model=normalized").model == "normalized"
    assert parse_sprt("elo0=0,elo1=5").model == "logistic"
    assert parse_sprt({"elo0": 0, "elo1": 5, "model": "normalized"}).text() == \
        "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized"
    with pytest.raises(ValueError, match="model = 'bayesian' is not a model: use logistic or normalized"):
        parse_sprt("elo0=0,elo1=5,model=bayesian")


def test_the_sprt_line_is_fastchess_s():
    table = {"lower": -2.944, "upper": 2.944, "llr": 1.4, "elo0": 0.0, "elo1": 5.0, "elo_model": "normalized",
             "nelo": 3.21, "nelo_low": 1.0, "nelo_high": 5.42, "draw_ratio": 0.3, "pentanomial": [1, 2, 3, 4, 5]}
    assert sprt_status(table) == ("LLR: 1.40 (47.6%) (-2.94, 2.94) [0.00, 5.00], nElo: 3.21 +/- 2.21, "
                                  "DrawRatio: 30.00 %, Ptnml(0-2): [1, 2, 3, 4, 5]")
    assert percent_of_the_way(-2.944, -2.944, 2.944) == pytest.approx(-100)
    old = {"lower": -2.944, "upper": 2.944, "llr": -1.0, "elo0": 0.0, "elo1": 20.0}  # an older results file
    assert sprt_status(old) == "LLR: -1.00 (-34.0%) (-2.94, 2.94) [0.00, 20.00]"
    # A damaged results file's bounds of 0 (show and the report read any file): no division by them.
    assert sprt_status({**old, "lower": 0.0, "upper": 0.0}) == "LLR: -1.00 (0.0%) (0.00, 0.00) [0.00, 20.00]"


# -- simulation -----------------------------------------------------------------------
BASE = (0.05, 0.2, 0.5, 0.2, 0.05)
"""A pentanomial distribution of equal bots (mean 1/2, sigma 0.2236)."""
RUNS = 200
SETTINGS = SprtSettings(0, 150, 0.05, 0.05, "normalized")


def tilted_to_t(values, base, t):
    """`base` exponentially tilted until (mean - 1/2) / sigma = t: a bot stronger by a known nElo."""
    low, high = -50.0, 50.0
    for _ in range(100):
        lam = (low + high) / 2
        weights = [p * math.exp(lam * a) for p, a in zip(base, values, strict=True)]
        total = sum(weights)
        q = [w / total for w in weights]
        mu = sum(w * a for w, a in zip(q, values, strict=True))
        sigma = math.sqrt(sum(w * (a - mu) ** 2 for w, a in zip(q, values, strict=True)))
        low, high = (lam, high) if (mu - 0.5) / sigma < t else (low, lam)
    return q


def run_tests(probs, seed):
    rng = random.Random(seed)
    cumulative = [sum(probs[: i + 1]) for i in range(len(probs))]
    accepted = deals = 0
    for _ in range(RUNS):
        test = SequentialTest(SETTINGS, pentanomial=True)
        while not test.verdict:
            test.feed(PENTANOMIAL[min(bisect.bisect(cumulative, rng.random()), 4)])
        accepted += test.verdict == "H1"
        deals += test.deals
    return accepted / RUNS, deals / RUNS


def test_equal_bots_rarely_pass_and_a_stronger_one_usually_does():
    margin = 3 * math.sqrt(0.05 * 0.95 / RUNS)  # three standard deviations of a rate from RUNS runs
    rate, deals_equal = run_tests(BASE, seed=1)
    assert rate <= SETTINGS.alpha + margin, (rate, deals_equal)
    stronger = tilted_to_t(PENTANOMIAL, BASE, nelo_to_t(SETTINGS.elo1, 2))
    power, deals_stronger = run_tests(stronger, seed=2)
    assert power >= 1 - SETTINGS.beta - margin, (power, deals_stronger)
    print(f"normalized, pentanomial: A/A false positives {rate:.3f} ({deals_equal:.0f} deals), power at elo1 "
          f"{power:.3f} ({deals_stronger:.0f} deals)")


def test_the_table_model_keeps_its_error_rates_too():
    # A table of 4 in its 4 rotations: deal scores k/12, 4 games a deal (t = 2 nElo / (800 / ln 10)).
    values = tuple(k / 12 for k in range(13))
    base = tuple(math.comb(12, k) / 2 ** 12 for k in range(13))
    runs = 100

    def rate_and_deals(probs, seed):
        rng = random.Random(seed)
        cumulative = [sum(probs[: i + 1]) for i in range(len(probs))]
        accepted = deals = 0
        for _ in range(runs):
            test = SequentialTest(SETTINGS, pentanomial=False, games_per_deal=4)
            while not test.verdict:
                test.feed(values[min(bisect.bisect(cumulative, rng.random()), 12)])
            accepted += test.verdict == "H1"
            deals += test.deals
        return accepted / runs, deals / runs

    margin = 3 * math.sqrt(0.05 * 0.95 / runs)
    rate, deals_equal = rate_and_deals(base, seed=3)
    assert rate <= SETTINGS.alpha + margin, (rate, deals_equal)
    power, deals_stronger = rate_and_deals(tilted_to_t(values, base, nelo_to_t(SETTINGS.elo1, 4)), seed=4)
    assert power >= 1 - SETTINGS.beta - margin, (power, deals_stronger)
    print(f"normalized, tables of 4: A/A false positives {rate:.3f} ({deals_equal:.0f} deals), power at elo1 "
          f"{power:.3f} ({deals_stronger:.0f} deals)")
