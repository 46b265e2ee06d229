"""Names from the user (bot specs such as ``cmd:... [/x]``, history kinds, option
values) are printed as they are wherever rich prints them: never read as markup,
which fails on a closing tag and styles ``[bold]``."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from dominoes_arcade import history
from dominoes_arcade.cli import app
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.tournament.progress import Progress
from dominoes_arcade.tournament.show import check_shape, print_results
from dominoes_arcade.tournament.standings import GameResult

CLOSING = "cmd:x [/x]"
STYLED = "[bold]b[/bold]"
EXAMPLE = Path(__file__).parent.parent / "tournaments" / "examples" / "necropolis.results.toml"


def test_the_progress_bar_shows_bot_names_as_they_are():
    stream = io.StringIO()
    with Progress("necropolis", 2, 0, False, stream=stream, rich=True) as progress:
        for game_id, scores in enumerate([(3, 9), (2, 8)]):
            progress.advance(GameResult(game_id=game_id, deal=0, table=0, seats=(CLOSING, STYLED), scores=scores,
                                        winners=(0,), forfeit=None, decision_seconds=(0.0, 0.0), decisions=(1, 1),
                                        seconds=0.01))
    assert f"leader {CLOSING}" in stream.getvalue()


def hostile_results() -> dict:
    """The example results with bot names and an option value that look like markup,
    and a forfeit."""
    text = json.dumps(tomllib.loads(EXAMPLE.read_text(encoding="utf-8")), default=str)  # dates as text
    document = json.loads(text.replace('"random"', json.dumps(CLOSING)).replace('"greedy"', json.dumps(STYLED)))
    document["errors"] = [{"game_id": 1, "seat": 0, "bot": CLOSING, "kind": "[/oops]", "message": "[red]m"}]
    check_shape(document)
    return document


def test_tournament_show_prints_names_as_they_are():
    out = io.StringIO()
    print_results(hostile_results(), Console(file=out, width=200))
    text = out.getvalue()
    for name in (CLOSING, STYLED, "[/oops]", "[red]m", f'first_player = "{CLOSING}"', f"{CLOSING} [/oops] x1"):
        assert name in text, name


def test_stats_prints_history_kinds_as_they_are(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for seed, kind in ((1, "[/oops]"), (2, STYLED)):
        record = random_game("necropolis", seed)
        history.append_history(history.history_line(record, ["human", kind], [0], demo=False))
    result = CliRunner().invoke(app, ["stats"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "[/oops]" in result.output and STYLED in result.output
