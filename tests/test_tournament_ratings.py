"""The batch fit (tournament/ratings.py): it recovers known strengths from simulated
games (Plackett-Luce at four seats, Bradley-Terry with draws), its bootstrap interval
covers the truth in most seeded simulations, it does not depend on the order games
arrive in, and the likelihood of superiority of a much stronger bot is near 1."""

from __future__ import annotations

import math
import random

import pytest
from rich.console import Console
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament import standings as figures
from dominoes_arcade.tournament.ratings import OPEN_BOUND, fitted_ratings
from dominoes_arcade.tournament.results import read_results
from dominoes_arcade.tournament.show import print_results
from dominoes_arcade.tournament.standings import Forfeit, GameResult


def result(game_id, deal, seats, order, forfeit=None):
    """A game whose seats finish in `order` (bot names, best first)."""
    n = len(seats)
    scores = tuple(n - order.index(bot) for bot in seats)
    return GameResult(game_id, deal, 0, tuple(seats), scores, (seats.index(order[0]),), forfeit,
                      (0.0,) * n, (0,) * n, 0.0)


def plackett_luce(rng, elos, seats):
    left, order = list(seats), []
    while left:
        pick = rng.choices(range(len(left)), weights=[10 ** (elos[b] / 400) for b in left])[0]
        order.append(left.pop(pick))
    return order


def four_seat_games(elos, games, seed):
    rng = random.Random(seed)
    bots = list(elos)
    out = []
    for game_id in range(games):
        seats = rng.sample(bots, len(bots))
        out.append(result(game_id, game_id // 4, seats, plackett_luce(rng, elos, seats)))
    return figures.rank_all(out, True)


def two_seat_games(elos, games, seed, draw_share=0.3):
    """Bradley-Terry with draws: a draw with probability `draw_share`, else BT."""
    rng = random.Random(seed)
    bots = list(elos)
    out = []
    for game_id in range(games):
        seats = rng.sample(bots, 2)
        if rng.random() < draw_share:
            out.append(GameResult(game_id, game_id // 2, 0, tuple(seats), (1, 1), (), None, (0.0,) * 2, (0,) * 2, 0.0))
        else:
            out.append(result(game_id, game_id // 2, seats, plackett_luce(rng, elos, seats)))
    return figures.rank_all(out, True)


def centred(elos):
    mean = sum(elos.values()) / len(elos)
    return {bot: value - mean for bot, value in elos.items()}


TRUTH = {"a": 300.0, "b": 100.0, "c": 0.0, "d": -150.0}


def test_plackett_luce_at_four_seats_recovers_the_strengths():
    fitted = fitted_ratings(four_seat_games(TRUTH, 4000, seed=1), list(TRUTH), seed=1, samples=50)
    for bot, value in centred(TRUTH).items():
        assert fitted["elo"][bot][0] == pytest.approx(value, abs=20), bot


def test_bradley_terry_with_draws_recovers_the_strengths():
    # A draw counts half a win each way, which is Bradley-Terry's expectation when
    # draws fall evenly; with 30% draws the fitted gaps shrink by about 0.7.
    fitted = fitted_ratings(two_seat_games(TRUTH, 6000, seed=2, draw_share=0.0), list(TRUTH), seed=2, samples=20)
    for bot, value in centred(TRUTH).items():
        assert fitted["elo"][bot][0] == pytest.approx(value, abs=25), bot
    drawn = fitted_ratings(two_seat_games(TRUTH, 6000, seed=3), list(TRUTH), seed=3, samples=20)
    assert [bot for bot, _ in sorted(drawn["elo"].items(), key=lambda kv: -kv[1][0])] == ["a", "b", "c", "d"]
    assert drawn["elo"]["a"][0] - drawn["elo"]["d"][0] < fitted["elo"]["a"][0] - fitted["elo"]["d"][0]


def test_a_two_seat_draw_is_half_a_win_each_way():
    games = figures.rank_all([GameResult(0, 0, 0, ("x", "y"), (1, 1), (), None, (0.0,) * 2, (0,) * 2, 0.0)], True)
    fitted = fitted_ratings(games, ["x", "y"], seed=0, samples=10)
    assert fitted["elo"]["x"][0] == pytest.approx(0.0, abs=1e-6) == fitted["elo"]["y"][0]


def test_the_bootstrap_interval_covers_the_truth_in_most_simulations():
    covered = trials = 0
    for seed in range(10):
        fitted = fitted_ratings(four_seat_games(TRUTH, 400, seed=100 + seed), list(TRUTH), seed=seed, samples=100)
        for bot, value in centred(TRUTH).items():
            _, low, high = fitted["elo"][bot]
            covered += low <= value <= high
            trials += 1
    # 95% intervals; the pseudo-games pull slightly towards 0, so allow some slack.
    assert covered >= 0.8 * trials, (covered, trials)


def test_the_fit_does_not_depend_on_the_order_games_arrive_in():
    games = four_seat_games(TRUTH, 300, seed=4)
    shuffled = list(games)
    random.Random(9).shuffle(shuffled)
    assert fitted_ratings(games, list(TRUTH), seed=4, samples=30) == \
        fitted_ratings(shuffled, list(TRUTH), seed=4, samples=30)


def test_the_seed_fixes_the_bootstrap():
    games = four_seat_games(TRUTH, 300, seed=5)
    one = fitted_ratings(games, list(TRUTH), seed=1, samples=30)
    assert one == fitted_ratings(games, list(TRUTH), seed=1, samples=30)
    assert one != fitted_ratings(games, list(TRUTH), seed=2, samples=30)


def test_a_much_stronger_bot_is_superior_with_likelihood_near_one():
    elos = {"strong": 600.0, "weak": 0.0, "weaker": -50.0}
    games = four_seat_games(elos, 300, seed=6)
    fitted = fitted_ratings(games, list(elos), seed=6, samples=200)
    los = {(row["a"], row["b"]): row["los"] for row in fitted["superiority"]}
    assert los[("strong", "weak")] >= 0.99 and los[("strong", "weaker")] >= 0.99


def test_a_forfeit_is_a_loss_in_last_place():
    # x wins every finished game but forfeits as often: x and y end level.
    games = []
    for i in range(20):
        games.append(result(2 * i, i, ("x", "y"), ["x", "y"]))
        games.append(result(2 * i + 1, i, ("x", "y"), ["x", "y"], forfeit=Forfeit(0, "timeout", "slow")))
    fitted = fitted_ratings(figures.rank_all(games, True), ["x", "y"], seed=0, samples=20)
    assert fitted["elo"]["x"][0] == pytest.approx(0.0, abs=1e-3)


def test_a_bot_that_never_wins_gets_a_finite_rating():
    games = figures.rank_all([result(i, i, ("x", "y"), ["x", "y"]) for i in range(10)], True)
    fitted = fitted_ratings(games, ["x", "y"], seed=0, samples=20)
    assert -1000 < fitted["elo"]["y"][0] < 0 < fitted["elo"]["x"][0] < 1000


def test_show_prints_fitted_ratings_and_superiority_with_names_literally():
    name = "cmd:./bot [/x] [bold]"
    document = {
        "tournament": {"bots": [name, "greedy"]},
        "run": {"status": "complete"},
        "standings": [
            {"rank": 1, "bot": name, "games": 2, "wins": 2, "draws": 0, "losses": 0, "win_rate": 1.0,
             "rating": 20.0, "rating_mu": 27.0, "rating_sigma": 2.0, "elo": 61.3, "elo_low": 12.0, "elo_high": 140.5},
            {"rank": 2, "bot": "greedy", "games": 2, "wins": 0, "draws": 0, "losses": 2, "win_rate": 0.0,
             "rating": 10.0, "rating_mu": 23.0, "rating_sigma": 2.0, "elo": -61.3, "elo_low": -140.5,
             "elo_high": -12.0}],
        "ratings": {"bootstrap": 200},
        "superiority": [{"a": name, "b": "greedy", "los": 0.985}],
    }
    for width, interval in ((160, True), (130, True), (80, False)):
        console = Console(width=width, record=True)
        print_results(document, console)
        text = console.export_text()
        assert name in text and "+61" in text and "0.985" in text and "Likelihood of superiority" in text
        assert ("[+12, +140]" in text) == interval
        assert ("(27.0 ± 2.0)" in text) == (width >= 160)  # openskill's mu ± sigma gives way first
        assert max(len(line) for line in text.splitlines()) <= width


def test_a_malformed_superiority_or_elo_is_a_shape_error_not_a_crash():
    from dominoes_arcade.tournament.show import ResultsShapeError, check_shape

    row = {"rank": 1, "bot": "x", "games": 1, "wins": 1, "draws": 0, "losses": 0, "win_rate": 1.0,
           "rating": 1.0, "rating_mu": 1.0, "rating_sigma": 1.0}
    with pytest.raises(ResultsShapeError, match="los"):
        check_shape({"standings": [row], "superiority": [{"a": "x", "b": "y", "los": "high"}]})
    with pytest.raises(ResultsShapeError, match="elo"):
        check_shape({"standings": [{**row, "elo": "strong"}]})
    with pytest.raises(ResultsShapeError, match="ratings"):
        check_shape({"standings": [row], "ratings": 3})


def test_no_games_yet_gives_level_ratings_and_no_bootstrap():
    fitted = fitted_ratings([], ["x", "y"], seed=0)
    assert fitted["elo"] == {"x": (0.0, 0.0, 0.0), "y": (0.0, 0.0, 0.0)} and fitted["bootstrap"] == 0
    assert fitted["superiority"] == [{"a": "x", "b": "y", "los": 0.5}]


def stages_of_every_order(groups, bots):
    """The tie split as its definition says, for small games: every order of each
    group's seats (distinct orders of the bots they hold), each with an equal share,
    read as Plackett-Luce stages."""
    from itertools import permutations, product

    from dominoes_arcade.tournament.ratings import Stages

    stages = Stages(bots)
    orders = list(product(*(sorted(set(permutations(group))) for group in groups)))
    for blocks in orders:
        order = [bot for block in blocks for bot in block]
        for stage, bot in enumerate(order[:-1]):
            stages.wins[bot] += 1 / len(orders)
            key = tuple(sorted(order[stage:]))
            stages.sets[key] = stages.sets.get(key, 0) + 1 / len(orders)
    return stages


def test_tied_seats_count_every_order_with_an_equal_share():
    from dominoes_arcade.tournament.ratings import Stages, game_groups

    rng = random.Random(4)
    bots = ["a", "b", "c", "d"]
    for game_id in range(300):
        seats = [rng.choice(bots) for _ in range(rng.randint(2, 6))]  # a bot may sit twice
        scores = tuple(rng.randint(0, 2) for _ in seats)  # many ties
        game = figures.rank_all([GameResult(game_id, 0, 0, tuple(seats), scores, (), None, (0.0,) * len(seats),
                                            (0,) * len(seats), 0.0)], True)[0]
        groups = game_groups(game, {bot: i for i, bot in enumerate(bots)})
        stages = Stages(len(bots))
        stages.add_game(groups)
        expected = stages_of_every_order(groups, len(bots))
        assert stages.wins == pytest.approx(expected.wins), (seats, scores)
        assert stages.sets.keys() == expected.sets.keys(), (seats, scores)
        assert [stages.sets[k] for k in expected.sets] == pytest.approx(list(expected.sets.values()))


def test_ten_tied_seats_are_fitted_without_listing_their_orders():
    # Ten seats that tie have 3.6 million orders; the fit listed them all, and a
    # Cyprus run at ten seats took minutes to write its results. In a child with a
    # bound far above what it takes now (well under a second), far below what
    # listing them took (about a minute a game).
    import subprocess
    import sys

    code = """
from dominoes_arcade.tournament import standings as figures
from dominoes_arcade.tournament.ratings import fitted_ratings
from dominoes_arcade.tournament.standings import GameResult
bots = [f"b{i}" for i in range(10)]
games = [GameResult(g, g, 0, tuple(bots[g:] + bots[:g]), (0,) * 10, (), None, (0.0,) * 10, (0,) * 10, 0.0)
         for g in range(3)]
fitted = fitted_ratings(figures.rank_all(games, True), bots, 1)
print(sorted({round(value, 6) for value, _, _ in fitted["elo"].values()}))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[0.0]"  # ten equal bots


def test_a_bot_that_won_every_game_has_no_upper_bound_and_one_that_lost_every_game_no_lower():
    """Every bootstrap sample of one-sided games is one-sided too: the interval would be
    a point set by the prior (+420 [+420, +420]); the open side is infinite instead."""
    games = figures.rank_all([result(i, i, ("x", "y"), ["x", "y"]) for i in range(10)], True)
    fitted = fitted_ratings(games, ["x", "y"], seed=0, samples=20)["elo"]
    assert fitted["x"][2] == math.inf and math.isfinite(fitted["x"][1])
    assert fitted["y"][1] == -math.inf and math.isfinite(fitted["y"][2])
    # x and y trade wins, z loses to both: the pair has no upper bound, z no lower one.
    orders = [["x", "y", "z"], ["y", "x", "z"]] * 6
    games = figures.rank_all([result(i, i, ("x", "y", "z"), order) for i, order in enumerate(orders)], True)
    fitted = fitted_ratings(games, ["x", "y", "z"], seed=0, samples=20)["elo"]
    assert [math.isinf(fitted[b][2]) for b in "xyz"] == [True, True, False]
    assert [math.isinf(fitted[b][1]) for b in "xyz"] == [False, False, True]
    # Once z wins a game every bot meets every other: every interval is finite.
    games = figures.rank_all([result(i, i, ("x", "y", "z"), order)
                              for i, order in enumerate([*orders, ["z", "x", "y"]])], True)
    fitted = fitted_ratings(games, ["x", "y", "z"], seed=0, samples=20)["elo"]
    assert all(math.isfinite(v) for b in "xyz" for v in fitted[b])


def test_show_and_the_report_say_an_open_interval_runs_to_infinity(tmp_path):
    plan = resolve_plan(None, {"game": "necropolis", "bots": ["greedy", "random"], "deals": 6, "seed": 1,
                               "workers": 1, "out": str(tmp_path / "o.results.toml")})
    assert run_tournament(plan, progress=False).status == "complete"
    document = read_results(plan.results_path)  # TOML holds inf as it is
    greedy, rand = document["standings"]
    assert (greedy["bot"], greedy["wins"], greedy["games"]) == ("greedy", 12, 12)  # it won every game
    assert greedy["elo_high"] == math.inf and rand["elo_low"] == -math.inf
    assert greedy["elo_low"] <= greedy["elo"] and rand["elo"] <= rand["elo_high"]
    shown = CliRunner().invoke(app, ["tournament", "show", str(plan.results_path)], env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    assert f"{greedy['elo']:+.0f} [{greedy['elo_low']:+.0f}, +inf]" in shown.output
    assert f"{rand['elo']:+.0f} [-inf, {rand['elo_high']:+.0f}]" in shown.output
    assert " ".join(f"elo: {OPEN_BOUND}".split()) in " ".join(shown.output.split())
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    page = tmp_path / "o.html"
    written = CliRunner().invoke(app, ["tournament", "report", str(plan.results_path), "--out", str(page)])
    assert written.exit_code == 0 and "Traceback" not in written.output, written.output
    assert "An arrow to the edge: an interval running to +inf or -inf" in page.read_text(encoding="utf-8")
