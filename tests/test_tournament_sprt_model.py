"""`tournament run --sprt ...,model=normalized` and `--rating-interval` through the
real command: the verdict and the nElo estimate in the results, the SPRT line as
fastchess prints it in `show` and in the progress, the standings every N games, a
resume that reaches the same verdict, bad values refused (exit 2 for a flag, 3 for
a spec file), and older results files still shown."""

from __future__ import annotations

import pytest
import tomli_w
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.progress import RATING_INTERVAL
from dominoes_arcade.tournament.results import comparable, read_results

runner = CliRunner()
RUN = ["tournament", "run", "--game", "necropolis", "--bots", "greedy,random", "--max-deals", "200", "--seed", "5",
       "--workers", "1"]


@pytest.fixture(scope="module")
def normalized(tmp_path_factory):
    """A normalized SPRT run with the standings every 10 games: its output and results."""
    out = tmp_path_factory.mktemp("normalized") / "n.results.toml"
    result = runner.invoke(app, [*RUN, "--sprt", "elo0=0,elo1=100,model=normalized", "--rating-interval", "10",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    return result, out


def test_a_normalized_run_stops_with_h1_and_records_its_model_and_nelo(normalized):
    result, out = normalized
    sprt = read_results(out)["sprt"]
    assert sprt["verdict"] == "H1" and sprt["llr"] >= sprt["upper"]
    assert sprt["elo_model"] == "normalized" and sprt["model"].startswith("normalized Elo (nElo)")
    assert sprt["games_per_deal"] == 2 and sum(sprt["pentanomial"]) == sprt["deals"]
    assert "nelo" in sprt or sprt["pentanomial"][4] == sprt["deals"]  # every pair won 2-0: no variance, no nElo
    assert 0 <= sprt["draw_ratio"] <= 1
    assert "; SPRT H1 after " in result.output


def test_the_progress_prints_the_standings_and_the_sprt_line_every_n_games(normalized):
    result, _ = normalized
    assert "necropolis: standings after 10 of 400 games" in result.stderr
    assert "necropolis: standings after 20 of 400 games" in result.stderr
    assert "elo (95%)" in result.stderr and "win rate (95%)" in result.stderr and "draws" in result.stderr
    line = next(line for line in result.stderr.splitlines() if line.startswith("SPRT LLR: "))
    assert "(-2.94, 2.94) [0.00, 100.00], nElo: " in line and ", DrawRatio: " in line and ", Ptnml(0-2): [" in line


def test_show_prints_the_sprt_line_like_fastchess(normalized):
    _, out = normalized
    shown = runner.invoke(app, ["tournament", "show", str(out)], env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    assert "alpha 0.05, beta 0.05 (normalized Elo, nElo)" in shown.output
    assert "H1 accepted" in shown.output
    sprt = read_results(out)["sprt"]
    assert f"LLR: {sprt['llr']:.2f} ({100 * sprt['llr'] / sprt['upper']:.1f}%) (-2.94, 2.94) [0.00, 100.00]" \
        in shown.output
    assert f"Ptnml(0-2): [{', '.join(map(str, sprt['pentanomial']))}]" in shown.output
    assert "of games drawn" in shown.output  # the standings' title


def test_a_logistic_run_shows_elo_with_its_interval(tmp_path):
    out = tmp_path / "l.results.toml"
    result = runner.invoke(app, [*RUN, "--sprt", "elo0=0,elo1=100", "--rating-interval", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "standings after" not in result.stderr  # 0: never
    sprt = read_results(out)["sprt"]
    assert sprt["elo_model"] == "logistic" and sprt["elo_low"] <= sprt["elo"] <= sprt["elo_high"]
    shown = runner.invoke(app, ["tournament", "show", str(out)], env={"COLUMNS": "160"})
    assert "(logistic Elo)" in shown.output and ", Elo: " in shown.output


def test_a_resumed_normalized_run_reaches_the_same_verdict(tmp_path):
    spec = {"game": "necropolis", "bots": ["greedy", "random"], "deals": 400, "seed": 3, "workers": 2,
            "sprt": "elo0=0,elo1=20,model=normalized", "rating_interval": 0}
    whole = resolve_plan(None, {**spec, "out": str(tmp_path / "whole.results.toml")})
    assert run_tournament(whole, progress=False).status == "complete"
    uninterrupted = read_results(whole.results_path)
    assert uninterrupted["sprt"]["verdict"] in ("H1", "H0") and uninterrupted["sprt"]["deals"] > 10
    # A run that got 21 games into its journal (a duplicate pair cut in half), then resumed.
    cut = resolve_plan(None, {**spec, "out": str(tmp_path / "cut.results.toml")})
    lines = whole.journal_path.read_text().splitlines(keepends=True)
    cut.journal_path.write_text("".join(lines[:21]))
    report = run_tournament(cut, resume=True, progress=False)
    assert report.status == "complete"
    resumed = read_results(cut.results_path)
    assert resumed["sprt"]["llr_by_deal"] == uninterrupted["sprt"]["llr_by_deal"]
    assert comparable(resumed) == comparable(uninterrupted)


@pytest.mark.parametrize(("flags", "named"), [
    (["--sprt", "elo0=0,elo1=5,model=bayesian"], "--sprt"),
    (["--sprt", "elo0=0,elo1=5,model=normalized,model=logistic"], "--sprt"),
    (["--rating-interval", "-1"], "--rating-interval"),
    (["--rating-interval", "ten"], "--rating-interval"),
])
def test_bad_values_are_exit_2_naming_the_flag(tmp_path, flags, named):
    result = runner.invoke(app, [*RUN, *flags, "--out", str(tmp_path / "x.results.toml")])
    assert result.exit_code == 2, result.output
    assert named in result.output


def test_a_spec_file_takes_the_model_and_the_rating_interval(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('game = "necropolis"\nbots = ["greedy", "random"]\nrating_interval = 7\n'
                    '[sprt]\nelo0 = 0\nelo1 = 5\nmodel = "normalized"\n')
    plan = resolve_plan(spec, {})
    assert plan.rating_interval == 7 and plan.sprt.model == "normalized"
    assert resolve_plan(spec, {"rating_interval": 0}).rating_interval == 0  # the flag wins
    assert resolve_plan(None, {"game": "necropolis", "bots": ["greedy", "random"]}).rating_interval \
        == RATING_INTERVAL
    for bad, says in [("rating_interval = -3", "rating_interval = -3 is not allowed"),
                      ("rating_interval = true", "rating_interval = True is not allowed"),
                      ('sprt = "elo0=0,elo1=5,model=probit"', "sprt: model = 'probit' is not a model")]:
        spec.write_text(f'game = "necropolis"\nbots = ["greedy", "random"]\n{bad}\n')
        result = runner.invoke(app, ["tournament", "run", str(spec)])
        assert result.exit_code == 3, result.output
        assert says in result.output


def test_help_explains_the_flags():
    shown = runner.invoke(app, ["tournament", "run", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    assert "--rating-interval" in shown.output and "model=normalized" in shown.output


def test_an_older_results_file_is_still_shown(normalized, tmp_path):
    # Files written before the models: no elo_model (they were all logistic), no estimate.
    _, out = normalized
    document = read_results(out)
    for key in ("elo_model", "nelo", "nelo_low", "nelo_high", "draw_ratio", "games_per_deal"):
        document["sprt"].pop(key, None)
    document["sprt"]["model"] = "logistic Elo, GSPRT (Van den Bergh), pentanomial for one opponent at two seats"
    old = tmp_path / "old.results.toml"
    old.write_text(tomli_w.dumps(document))
    shown = runner.invoke(app, ["tournament", "show", str(old)], env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    assert "(logistic Elo)" in shown.output and "LLR: " in shown.output and "Elo: " not in shown.output


def test_a_gauntlet_of_two_opponents_normalizes_by_its_four_games_a_deal(tmp_path):
    plan = resolve_plan(None, {"game": "necropolis", "bots": ["random", "ismcts:iterations=2"], "gauntlet": ["greedy"],
                               "deals": 60, "seed": 2, "workers": 1, "rating_interval": 0,
                               "sprt": "elo0=0,elo1=40,model=normalized", "out": str(tmp_path / "g.results.toml")})
    assert run_tournament(plan, progress=False).status == "complete"
    sprt = read_results(plan.results_path)["sprt"]
    assert sprt["games_per_deal"] == 4 and "pentanomial" not in sprt
    assert sprt["verdict"] in ("H1", "H0", "max deals") and len(sprt["llr_by_deal"]) == sprt["deals"]


def test_the_standings_print_above_a_rich_bar_without_markup():
    import io

    from dominoes_arcade.tournament.progress import Progress
    from dominoes_arcade.tournament.standings import GameResult

    stream = io.StringIO()
    bots = ("cmd:./bot [/x]", "random")
    with Progress("necropolis", 4, 0, False, stream=stream, rich=True, rating_interval=2,
                  sprt_status=lambda: "LLR: 0.10 (3.4%)") as progress:
        for game_id in range(4):
            progress.advance(GameResult(game_id, game_id // 2, 0, bots, (0, 1), (game_id % 2,), None, (0.0, 0.0),
                                        (1, 1), 0.0))
    text = stream.getvalue()
    assert "standings after 2 of 4 games" in text and "standings after 4 of 4 games" in text
    assert "cmd:./bot [/x]" in text and "SPRT LLR: 0.10 (3.4%)" in text
