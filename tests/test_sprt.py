"""The sequential test (tournament/sprt.py): its LLR against values worked out by
hand and by an independent implementation, its settings, and a simulation (no
games: deal outcomes drawn from known distributions) of its false-positive rate
on equal bots and its power on a bot stronger by a known Elo."""

from __future__ import annotations

import bisect
import math
import random
import re

import pytest

from dominoes_arcade.tournament.sprt import (
    PENTANOMIAL,
    SequentialTest,
    SprtSettings,
    elo_to_score,
    llr,
    parse_sprt,
    pentanomial_llr,
)


def test_bounds_are_walds():
    settings = SprtSettings(0, 20, 0.05, 0.05)
    assert settings.lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944439)
    assert settings.upper == pytest.approx(2.944439)
    assert SprtSettings(0, 5, 0.05, 0.1).lower == pytest.approx(math.log(0.1 / 0.95))


def test_on_two_outcomes_the_llr_is_the_binomial_one():
    # On {0, 1} the distribution with mean s is (1 - s, s) whatever the data, so the
    # GSPRT is Wald's test of a proportion: w log(s1/s0) + l log((1-s1)/(1-s0)).
    s0, s1 = 0.5, elo_to_score(50)
    assert s1 == pytest.approx(0.571463, abs=1e-6)
    expected = 60 * math.log(s1 / s0) + 40 * math.log((1 - s1) / (1 - s0))
    assert llr({0.0: 40, 1.0: 60}, s0, s1) == pytest.approx(expected, rel=1e-9)
    assert expected == pytest.approx(1.8463, abs=1e-4)


def reference_llr(counts, s0, s1):
    """fastchess's getLLR_logistic written out plainly: bisection for theta
    (Van den Bergh, eq. 1.3), then p_i = p̂_i / (1 + theta (a_i - s))."""
    counts = [c if c else 1e-3 for c in counts]
    total = sum(counts)
    probs = [c / total for c in counts]

    def mle(s):
        low, high = -1 / (1 - s) + 1e-15, -1 / (0 - s) - 1e-15
        for _ in range(200):
            mid = (low + high) / 2
            f = sum(p * (a - s) / (1 + mid * (a - s)) for a, p in zip(PENTANOMIAL, probs, strict=True))
            low, high = (mid, high) if f > 0 else (low, mid)
        return [p / (1 + low * (a - s)) for a, p in zip(PENTANOMIAL, probs, strict=True)]

    p0, p1 = mle(s0), mle(s1)
    return total * sum(p * math.log(b / a) for p, a, b in zip(probs, p0, p1, strict=True))


@pytest.mark.parametrize("counts", [(10, 20, 40, 25, 15), (0, 3, 10, 4, 0), (7, 1, 0, 2, 9), (0, 0, 0, 0, 5)])
def test_pentanomial_llr_matches_an_independent_implementation(counts):
    settings = SprtSettings(0, 20)
    got = pentanomial_llr(counts, settings)
    assert got == pytest.approx(reference_llr(counts, 0.5, elo_to_score(20)), rel=1e-7, abs=1e-9)


def test_pentanomial_llr_by_hand():
    # 10 pairs 1.5-0.5 and 10 pairs 0.5-1.5 around the mean 0.5: the deal score has
    # the mean 1/2 and the variance 1/16. For a small Elo step the GSPRT is, to first
    # order, the normal one (Van den Bergh): N (s1-s0) (2 m - s0 - s1) / (2 var).
    settings = SprtSettings(0, 10)
    s0, s1 = 0.5, elo_to_score(10)
    by_hand = 20 * (s1 - s0) * (2 * 0.5 - s0 - s1) / (2 / 16)
    assert pentanomial_llr((0, 10, 0, 10, 0), settings) == pytest.approx(by_hand, rel=0.05)
    assert by_hand == pytest.approx(-0.03312, abs=1e-5)
    # 30 pairs all won 2-0: the distribution of mean s nearest to that puts s on 1 and
    # the rest on 0 (the regularized, never seen, outcome), so LLR = 30 log(s1/s0).
    assert pentanomial_llr((0, 0, 0, 0, 30), settings) == pytest.approx(30 * math.log(s1 / s0), rel=1e-3)
    assert pentanomial_llr((0, 0, 0, 0, 30), SprtSettings(0, 100)) > settings.upper


def test_settings_parse_and_refuse():
    assert parse_sprt("elo0=0,elo1=20") == SprtSettings(0, 20, 0.05, 0.05)
    assert parse_sprt({"elo0": -5, "elo1": 5, "alpha": 0.1}) == SprtSettings(-5, 5, 0.1, 0.05)
    for bad, says in [("elo0=20,elo1=0", "less than"), ("elo1=3", "elo0 is missing"), ("elo0=0,elo1=x", "number"),
                      ("elo0=0,elo1=5,alpha=1", "alpha"), ("elo0=0,elo1=5,gamma=1", "unknown key gamma"),
                      ("elo0=0,elo1=5,alpha=0.6,beta=0.5", "alpha + beta"), ("elo0=0,elo1=inf", "finite"),
                      ("elo0=0,elo1=5000", "between -1000 and 1000")]:
        with pytest.raises(ValueError, match=re.escape(says)):
            parse_sprt(bad)


# -- simulation -----------------------------------------------------------------------
BASE = (0.05, 0.2, 0.5, 0.2, 0.05)
"""A pentanomial distribution of equal bots (mean 1/2; variance of the deal score 0.05)."""
RUNS = 500
SETTINGS = SprtSettings(0, 60, 0.05, 0.05)
TABLE_VALUES = tuple(k / 12 for k in range(13))
"""A table of 4 played in its 4 rotations: the mean share of 3 opponents beaten over 4 games."""
TABLE_BASE = tuple(math.comb(12, k) / 2 ** 12 for k in range(13))
"""Equal bots at such a table (symmetric about 1/2)."""


def tilted(values, base, mean):
    """`base` exponentially tilted to the mean `mean` (a bot stronger by a known amount)."""
    low, high = -50.0, 50.0
    for _ in range(100):
        lam = (low + high) / 2
        weights = [p * math.exp(lam * a) for p, a in zip(base, values, strict=True)]
        m = sum(w * a for w, a in zip(weights, values, strict=True)) / sum(weights)
        low, high = (lam, high) if m < mean else (low, lam)
    total = sum(weights)
    return [w / total for w in weights]


def run_tests(values, probs, seed, runs=RUNS):
    """How many of `runs` tests accept H1, and the mean number of deals they took."""
    rng = random.Random(seed)
    cumulative = [sum(probs[: i + 1]) for i in range(len(probs))]
    accepted = deals = 0
    for _ in range(runs):
        test = SequentialTest(SETTINGS, pentanomial=values == PENTANOMIAL)
        while not test.verdict and test.deals < 5000:
            test.feed(values[min(bisect.bisect(cumulative, rng.random()), len(values) - 1)])
        accepted += test.verdict == "H1"
        deals += test.deals
    return accepted, deals / runs


def margin(p, runs=RUNS):
    """Three standard deviations of a rate p estimated from `runs` runs."""
    return 3 * math.sqrt(p * (1 - p) / runs)


def test_equal_bots_rarely_pass_and_a_stronger_one_usually_does():
    false_positives, deals_equal = run_tests(PENTANOMIAL, BASE, seed=1)
    rate = false_positives / RUNS
    assert rate <= SETTINGS.alpha + margin(SETTINGS.alpha), (rate, deals_equal)  # 0.05 + 0.029
    stronger = tilted(PENTANOMIAL, BASE, elo_to_score(SETTINGS.elo1))
    assert sum(p * a for p, a in zip(stronger, PENTANOMIAL, strict=True)) == pytest.approx(elo_to_score(60))
    passed, deals_stronger = run_tests(PENTANOMIAL, stronger, seed=2)
    power = passed / RUNS
    assert power >= 1 - SETTINGS.beta - margin(SETTINGS.beta), (power, deals_stronger)
    print(f"pentanomial: A/A false positives {rate:.3f} ({deals_equal:.0f} deals), power at elo1 {power:.3f} "
          f"({deals_stronger:.0f} deals)")


def test_the_table_model_keeps_its_error_rates_too():
    runs = 250
    false_positives, deals_equal = run_tests(TABLE_VALUES, TABLE_BASE, seed=3, runs=runs)
    rate = false_positives / runs
    assert rate <= SETTINGS.alpha + margin(SETTINGS.alpha, runs), (rate, deals_equal)
    stronger = tilted(TABLE_VALUES, TABLE_BASE, elo_to_score(SETTINGS.elo1))
    passed, deals_stronger = run_tests(TABLE_VALUES, stronger, seed=4, runs=runs)
    power = passed / runs
    assert power >= 1 - SETTINGS.beta - margin(SETTINGS.beta, runs), (power, deals_stronger)
    print(f"tables of 4: A/A false positives {rate:.3f} ({deals_equal:.0f} deals), power at elo1 {power:.3f} "
          f"({deals_stronger:.0f} deals)")
