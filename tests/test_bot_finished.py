""""Let the bot finish" (issue 29): the hard bot plays the player's seat to the end,
the history marks the game as finished by a bot (old history lines, without the
mark, still load), and the statistics (`stats`, ``stats --json``, the Statistics
screen) count such games apart from the player's own results."""

from __future__ import annotations

import json

import pygame
import pytest
from test_client_support import KIT_CONFIG, run
from test_session import drive
from typer.testing import CliRunner

from dominoes_arcade import history, stats
from dominoes_arcade.cli import app as cli_app
from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.engine.records import Record
from dominoes_arcade.session import Session

FAST_BOTS = {"easy": "random", "medium": "greedy", "hard": "greedy", "think_delay_ms": 0}
"""A fast `hard` (the kind is what is checked, not how well it plays)."""
runner = CliRunner()


def test_the_hard_bot_finishes_your_seat_and_the_history_says_so(tmp_path):
    session = Session("necropolis", ["human", "easy"], seed=3, folder=tmp_path, bot_settings=FAST_BOTS)
    drive(session, 3, stop=lambda s: len(s.human_steps) >= 2)
    took_over = len(session.steps)
    session.let_bots_finish()
    assert [seat.kind for seat in session.seats] == ["hard", "easy"], "your seat: hard, whatever the opponents"
    drive(session, 3)
    (entry,), notice = history.read_history(tmp_path)
    assert notice is None and entry.finished_by_bot == [0] and entry.kinds == ["human", "easy"]
    assert entry.bots_took_over_at == took_over, "where the bot took over: a review from Statistics stops there"


def finished_line(kinds: list[str], seed: int, **keys) -> str:
    record = random_game("necropolis", seed)
    return history.history_line(record, kinds, [0], demo=False, finished_at=seed, **keys)


def test_a_history_line_written_before_the_mark_existed_still_loads(tmp_path):
    old = json.loads(finished_line(["human", "easy"], 1))
    del old["finished_by_bot"]
    marked = finished_line(["human", "easy"], 2, finished_by_bot=[0])
    (tmp_path / history.HISTORY_FILE).write_text(json.dumps(old) + "\n" + marked + "\n", encoding="utf-8")
    entries, notice = history.read_history(tmp_path)
    assert notice is None and [entry.finished_by_bot for entry in entries] == [[], [0]]
    assert [entry.bots_took_over_at for entry in entries] == [None, None]


@pytest.mark.parametrize("took_over", [-1, 10_000, True, "3"])
def test_a_takeover_step_outside_the_game_is_a_damaged_line(tmp_path, took_over):
    bad = json.loads(finished_line(["human", "easy"], 2, finished_by_bot=[0]))
    bad["bots_took_over_at"] = took_over
    (tmp_path / history.HISTORY_FILE).write_text(json.dumps(bad) + "\n", encoding="utf-8")
    entries, notice = history.read_history(tmp_path)
    assert entries == [] and "1 damaged line" in notice


def test_a_mark_on_a_seat_that_was_not_human_is_a_damaged_line(tmp_path):
    bad = finished_line(["human", "easy"], 2, finished_by_bot=[1])
    (tmp_path / history.HISTORY_FILE).write_text(bad + "\n", encoding="utf-8")
    entries, notice = history.read_history(tmp_path)
    assert entries == [] and "1 damaged line" in notice


def entry(kinds, winners, scores, at, by_bot=()) -> history.HistoryEntry:
    return history.HistoryEntry(Record("buildup", {}, kinds, 1, [], scores), kinds, winners, False, at, 0,
                                list(by_bot))


def bot_finished_history() -> list[history.HistoryEntry]:
    return [entry(["human", "easy"], [0], [30, 10], 1),
            entry(["human", "easy"], [1], [5, 40], 2, by_bot=[0]),  # a loss the bot played out: apart
            entry(["human", "easy"], [0], [25, 12], 3)]


def test_the_statistics_count_bot_finished_games_apart():
    (row,) = stats.statistics(bot_finished_history())
    data = row.to_dict()
    assert (data["games"], data["wins"], data["losses"], data["finished_by_bot"]) == (2, 2, 0, 1)
    assert data["longest_streak"] == 2 and data["average_score"] == 27.5, "the bot's game in no number"
    assert stats.recent_results(bot_finished_history()) == [("buildup", "win"), ("buildup", "win")]


@pytest.mark.parametrize("resolution", [(1920, 1080), (1280, 800)])
def test_stats_json_and_the_statistics_screen_show_the_games_apart(app_with, resolution):
    for item in bot_finished_history():
        history.append_history(history.history_line(
            Record("buildup", {}, item.kinds, 1, random_game("buildup", 1).steps, item.record.scores), item.kinds,
            item.winners, demo=False, finished_at=item.finished_at, finished_by_bot=item.finished_by_bot))
    outcome = runner.invoke(cli_app, ["stats", "--json"])
    assert outcome.exit_code == 0, outcome.output
    (row,) = json.loads(outcome.output)
    assert (row["games"], row["finished_by_bot"]) == (2, 1)
    from dominoes_arcade.client.scenes.statistics import apart_note

    app = app_with(KIT_CONFIG, resolution=resolution)
    app.open("statistics")
    app.check_layout = True
    run(app, frames=2)
    assert app.scenes.top.name == "statistics"
    note = "Not counted above: 1 game finished by the bot (Build Up 1)."
    assert apart_note(app.scenes.top.rows) == note
    assert note in [mark.what for mark in app.layout_marks if mark.kind == "text"], "drawn on the screen"
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []


def test_a_players_only_game_finished_by_the_bot_is_said_not_shown_as_nothing(app_with):
    """Both the screen and `stats` said "0 games, 0-0-0, 0%" for it, and nothing else."""
    item = bot_finished_history()[1]
    history.append_history(history.history_line(
        Record("buildup", {}, item.kinds, 1, random_game("buildup", 1).steps, item.record.scores), item.kinds,
        item.winners, demo=False, finished_at=2, finished_by_bot=[0]))
    for columns in ("120", "60"):  # the table, and a row's paragraph
        outcome = runner.invoke(cli_app, ["stats"], env={"COLUMNS": columns})
        assert outcome.exit_code == 0 and "1 game finished by the bot" in outcome.output, outcome.output
        assert "0%" not in outcome.output and "0-0-0" not in outcome.output
    app = app_with(KIT_CONFIG)
    app.open("statistics")
    app.check_layout = True
    run(app, frames=2)
    drawn = [mark.what for mark in app.layout_marks if mark.kind == "text"]
    assert "1 game finished by the bot" in drawn and "0%" not in drawn and "0-0-0" not in drawn
    # The chart of the last games counted said nothing at all (seen in a real window).
    assert "No game counted yet: those above are counted apart." in drawn
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []
