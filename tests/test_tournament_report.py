"""`tournament report`: one self-contained HTML page per results file, with the
pictures and the numbers of the results, for two-player and table games."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament

pytest.importorskip("matplotlib", reason="the report extra is not installed")

runner = CliRunner()
LOADING_TAGS = {"script", "link", "img", "iframe", "object", "embed", "audio", "video", "source", "image", "use"}
LOADING_ATTRIBUTES = {"src", "href", "xlink:href", "data", "srcset", "poster", "action", "background"}


class References(HTMLParser):
    """Every tag and every attribute that could load something."""

    def __init__(self):
        super().__init__()
        self.tags: dict[str, int] = {}
        self.external: list[str] = []
        self.in_style = False
        self.style = ""

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self.in_style = tag == "style"
        for name, value in attrs:
            if name in LOADING_ATTRIBUTES and not (value or "").startswith(("#", "data:")):
                self.external.append(f"<{tag} {name}={value!r}>")

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        if self.in_style:
            self.style += data


def tournament(tmp_path: Path, name: str, **spec) -> Path:
    plan = resolve_plan(None, {"seed": 3, "workers": 1, "out": str(tmp_path / f"{name}.results.toml"), **spec})
    assert run_tournament(plan, progress=False).status == "complete"
    return plan.results_path


def report(results: Path, *extra: str) -> tuple[str, References]:
    outcome = runner.invoke(app, ["tournament", "report", str(results), *extra])
    assert outcome.exit_code == 0, outcome.output
    page = Path(outcome.output.strip().removeprefix("wrote ")).read_text(encoding="utf-8")
    parsed = References()
    parsed.feed(page)
    return page, parsed


def assert_self_contained(page: str, parsed: References) -> None:
    assert parsed.external == []
    assert not (set(parsed.tags) - {"use"}) & LOADING_TAGS  # <use> points inside the page, checked above
    assert "@import" not in parsed.style and not re.search(r"url\((?!#)", page)
    assert not re.search(r"\b(?:https?|file|ftp)://(?!www\.w3\.org/)", page)  # only SVG namespace names


@pytest.fixture(scope="module")
def two_player(tmp_path_factory):
    folder = tmp_path_factory.mktemp("two")
    return tournament(folder, "n", game="necropolis", bots=["random", "greedy", "ismcts:iterations=20"], deals=4)


@pytest.fixture(scope="module")
def two_player_report(two_player):
    """The two-player tournament's report, written beside its results once for the
    tests that read it (the same page for each)."""
    return report(two_player)


@pytest.mark.slow
def test_two_player_report_is_self_contained_with_pictures_and_the_results_numbers(two_player, two_player_report):
    page, parsed = two_player_report
    assert_self_contained(page, parsed)
    assert (two_player.parent / "n.report.html").exists()  # the default: beside the results
    assert parsed.tags["svg"] >= 5  # ratings, head to head, scores, seats, time a decision
    results = tomllib.loads(two_player.read_text(encoding="utf-8"))
    for row in results["standings"]:
        assert f"<td class=\"name\">{row['bot']}</td>" in page
        assert f"{row['win_rate']:.3f} [{row['win_rate_ci95_low']:.2f}, {row['win_rate_ci95_high']:.2f}]" in page
    for pair in results["pairs"]:
        assert f"{pair['mean_diff']:+.2f} [{pair['ci95_low']:+.1f}, {pair['ci95_high']:+.1f}]" in page
    assert "Distribution of scores" in page and "Standings so far" not in page
    watch = re.findall(r"replay n\.journal\.jsonl --index (\d+)", page)
    assert watch and all(1 <= int(n) <= results["tournament"]["games_played"] for n in watch)


@pytest.mark.slow
def test_cyprus_five_player_report_shows_places_and_placed_above_shares(tmp_path):
    results = tournament(tmp_path, "c", game="cyprus", players=5, bots=["random", "greedy"], deals=2,
                         options={"target_score": 20})
    page, parsed = report(results, "--out", str(tmp_path / "page.html"))
    assert_self_contained(page, parsed)
    assert parsed.tags["svg"] >= 5 and "Distribution of finishing places" in page
    assert "placed above the column bot" in page
    shares = re.findall(r"<td>(\d+)% (\d+)/(\d+)</td>", page)
    assert shares and all(round(100 * int(w) / int(t)) == int(p) for p, w, t in shares)


@pytest.mark.slow
def test_an_interrupted_run_is_marked_as_standings_so_far(two_player, tmp_path):
    text = two_player.read_text(encoding="utf-8").replace('status = "complete"', 'status = "interrupted"')
    copy = tmp_path / "n.results.toml"
    copy.write_text(text, encoding="utf-8")
    (tmp_path / "n.journal.jsonl").write_bytes((two_player.parent / "n.journal.jsonl").read_bytes())
    page, _ = report(copy)
    assert "Standings so far: this run is interrupted" in page


def test_not_a_results_file_and_missing_matplotlib_are_one_line_errors(tmp_path, two_player, monkeypatch):
    bad = tmp_path / "x.toml"
    bad.write_text("[display]\nfps = 60\n", encoding="utf-8")
    outcome = runner.invoke(app, ["tournament", "report", str(bad)])
    assert outcome.exit_code == 2 and "not a tournament results file" in outcome.output
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    outcome = runner.invoke(app, ["tournament", "report", str(two_player), "--out", str(tmp_path / "r.html")])
    assert outcome.exit_code == 1 and "pip install -e '.[report]'" in outcome.output
    assert not (tmp_path / "r.html").exists()


@pytest.mark.slow
def test_the_report_shows_the_fitted_ratings_and_the_superiority_table(two_player, two_player_report):
    page, parsed = two_player_report
    assert_self_contained(page, parsed)
    results = tomllib.loads(two_player.read_text(encoding="utf-8"))
    assert "Fitted ratings" in page and "Likelihood of superiority" in page
    for row in results["standings"]:
        assert f"{row['elo']:+.0f} [{row['elo_low']:+.0f}, {row['elo_high']:+.0f}]" in page
    for row in results["superiority"]:
        assert f"<td class=\"name\">{row['a']}</td><td class=\"name\">{row['b']}</td><td>{row['los']:.3f}</td>" \
            in page


EXAMPLES = sorted((Path(__file__).parent.parent / "tournaments" / "examples").glob("*.results.toml"))


@pytest.mark.slow
@pytest.mark.parametrize("results", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_results_written_before_the_fit_still_report(results, tmp_path):
    assert "elo" not in results.read_text(encoding="utf-8")  # written before the batch fit
    page, parsed = report(results, "--out", str(tmp_path / "old.html"))
    assert_self_contained(page, parsed)
    assert "Standings" in page and "Fitted ratings" not in page
