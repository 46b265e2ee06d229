"""A history line naming a game this version does not play (a newer version's, or a
damaged line) is one damaged line: reported and left out, while the good games
are still counted, in the table and in ``stats --json`` alike (it raised
`UnknownGame` and showed no statistics at all)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade import history
from dominoes_arcade.cli import app
from dominoes_arcade.engine.match import random_game


@pytest.mark.parametrize("as_json", [False, True])
def test_a_line_of_an_unknown_game_leaves_the_others_counted(as_json):
    for seed in (1, 2):
        history.append_history(history.history_line(random_game("necropolis", seed), ["human", "easy"], [0],
                                                    demo=False))
    unknown = json.loads(history.history_line(random_game("necropolis", 3), ["human", "easy"], [0], demo=False))
    history.append_history(json.dumps({**unknown, "game": "chess"}))
    result = CliRunner().invoke(app, ["stats", *(["--json"] if as_json else [])], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert result.stderr == ("notice: 1 damaged line was left out of the game history; the whole file was kept as "
                             "history.jsonl.damaged-1\n")
    if as_json:
        rows = json.loads(result.stdout)
        assert [(row["game"], row["opponents"], row["games"]) for row in rows] == [("necropolis", "easy", 2)]
    else:
        assert "necropolis" in result.stdout and "chess" not in result.stdout


def test_the_reason_is_kept_with_the_line():
    with pytest.raises(ValueError, match='game "chess" is not a game this version plays'):
        history.entry_from_json(json.dumps({**json.loads(history.history_line(
            random_game("necropolis", 3), ["human", "easy"], [0], demo=False)), "game": "chess"}), 1)
