"""The player's files: the history of finished games (append, read back, replay,
damaged lines set aside) and the saved game (atomic, damaged files set aside), and
the statistics counted from the history."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade import files, history, stats
from dominoes_arcade.cli import app
from dominoes_arcade.engine.records import Record, replay
from dominoes_arcade.files import read_records

runner = CliRunner()


def simulated(tmp_path, game: str, games: int, seed: int = 1) -> list[Record]:
    out = tmp_path / f"{game}-{seed}.jsonl"
    outcome = runner.invoke(app, ["simulate", game, "--games", str(games), "--seed", str(seed), "--out", str(out)])
    assert outcome.exit_code == 0, outcome.output
    return [record for _, record in read_records(out)]


def winners(record: Record) -> list[int]:
    return list(replay(record).outcome().winners)


def test_finished_games_append_read_back_and_replay(tmp_path):
    records = simulated(tmp_path, "necropolis", 3)
    for record in records:
        history.append_history(history.history_line(record, ["human", "hard"], winners(record), demo=False),
                               tmp_path)
    entries, notice = history.read_history(tmp_path)
    assert notice is None and [e.record.steps for e in entries] == [r.steps for r in records]
    assert [e.line for e in entries] == [1, 2, 3] and entries[0].kinds == ["human", "hard"]
    check = runner.invoke(app, ["replay", str(tmp_path / history.HISTORY_FILE), "--check"])
    assert check.exit_code == 0 and "3 good, 0 bad" in check.output


def test_a_damaged_line_is_left_out_with_one_notice_and_the_file_kept_aside(tmp_path):
    record = simulated(tmp_path, "buildup", 1)[0]
    line = history.history_line(record, ["human", "easy"], winners(record), demo=False)
    path = tmp_path / history.HISTORY_FILE
    path.write_text(line + "\n" + "{not json\n" + json.dumps({"history_version": 99}) + "\n" + line + "\n")
    entries, notice = history.read_history(tmp_path)
    assert len(entries) == 2 and "2 damaged lines" in notice and "history.jsonl.damaged-1" in notice
    assert (tmp_path / "history.jsonl.damaged-1").read_text().count("\n") == 4  # nothing lost
    assert history.read_history(tmp_path) == (entries, None)  # the notice shows once


def test_a_last_line_cut_short_by_a_crash_is_dropped_quietly(tmp_path):
    record = simulated(tmp_path, "necropolis", 1)[0]
    line = history.history_line(record, ["human", "hard"], winners(record), demo=False)
    path = tmp_path / history.HISTORY_FILE
    path.write_text(line + "\n" + line[: len(line) // 2])
    entries, notice = history.read_history(tmp_path)
    assert len(entries) == 1 and notice is None
    history.append_history(line, tmp_path)
    assert len(history.read_history(tmp_path)[0]) == 2  # the next game does not land on the torn line


def test_a_line_that_is_not_utf8_spoils_only_itself(tmp_path):
    record = simulated(tmp_path, "buildup", 1)[0]
    line = history.history_line(record, ["human", "easy"], winners(record), demo=False).encode()
    path = tmp_path / history.HISTORY_FILE
    path.write_bytes(line + b"\n" + b"\xff\xfe garbage\n" + line + b"\n")
    entries, notice = history.read_history(tmp_path)
    assert len(entries) == 2 and "1 damaged line was left out" in notice
    assert (tmp_path / "history.jsonl.damaged-1").read_bytes().count(b"\n") == 3  # nothing lost
    assert history.read_history(tmp_path) == (entries, None)  # the good games stay, the notice shows once
    history.append_history(line.decode(), tmp_path)
    assert len(history.read_history(tmp_path)[0]) == 3


@pytest.mark.parametrize("ending", ["torn", "unterminated"])
def test_the_next_game_never_joins_a_last_line_without_its_newline(tmp_path, ending):
    """A crash mid-write (a torn line) or a file edited by hand (a whole last line
    without its newline): the next finished game starts a line of its own."""
    record = simulated(tmp_path, "necropolis", 1)[0]
    line = history.history_line(record, ["human", "hard"], winners(record), demo=False)
    path = tmp_path / history.HISTORY_FILE
    path.write_text(line + "\n" + (line[: len(line) // 2] if ending == "torn" else line))
    history.append_history(line, tmp_path)
    entries, notice = history.read_history(tmp_path)
    if ending == "torn":  # the torn line, now amid the others, is left out and kept aside
        assert len(entries) == 2 and "1 damaged line" in notice
    else:
        assert len(entries) == 3 and notice is None


def hostile_history_lines(good: str) -> list[str]:
    """History lines that parse with `json.loads` (or nearly) but used to break
    whatever read them: deep nesting, huge integers, a lone surrogate."""
    data = json.loads(good)
    big = '"finished_at": ' + "9" * 401
    return [
        "[" * 100_000 + "]" * 100_000,
        good.replace('"history_version": 1', '"history_version": ' + "1" * 5000),
        json.dumps({**data, "finished_at": 0}).replace('"finished_at": 0', big),
        json.dumps({**data, "kinds": ["human", "hard\ud800"]}),
        json.dumps({**data, "options": {"deep": json.loads("[" * 900 + "]" * 900)}}),
        good.replace('"demo": false', '"demo": NaN'),
    ]


def test_stats_counts_the_good_games_of_a_history_with_hostile_lines(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    record = simulated(tmp_path, "necropolis", 1, seed=5)[0]
    good = history.history_line(record, ["human", "hard"], winners(record), demo=False)
    history.append_history(good)
    for line in hostile_history_lines(good):
        history.append_history(line)
    history.append_history(good)
    outcome = runner.invoke(app, ["stats", "--json"])
    assert outcome.exit_code == 0, outcome.output
    (row,) = json.loads(outcome.stdout)
    assert row["games"] == 2
    assert "6 damaged lines were left out" in outcome.stderr
    table = runner.invoke(app, ["stats"])
    assert table.exit_code == 0 and "necropolis" in table.output, table.output


def test_saved_game_round_trip_and_damaged_saves(tmp_path):
    record = simulated(tmp_path, "cyprus", 1)[0]
    partial = Record(record.game, record.options, record.seats, record.seed, record.steps[:60])
    history.save_game(history.SavedGame(partial, ["human", "hard", "medium", "easy"], viewer=0), tmp_path)
    assert history.has_save(tmp_path)
    loaded, notice = history.load_save(tmp_path)
    assert notice is None and loaded.record.steps == partial.steps and loaded.kinds[1] == "hard"
    history.discard_save("cyprus", tmp_path)
    assert history.load_save(tmp_path) == (None, None)

    finished = history.SavedGame(record, ["human", "hard", "medium", "easy"])
    bad_step = Record(record.game, record.options, record.seats, record.seed, [*record.steps[:10], "0 9-9 @7"])
    for damaged in ("", "{", json.dumps({"save_version": 0}), finished.to_json(),
                    history.SavedGame(bad_step, ["human"] * 4).to_json()):
        (tmp_path / history.SAVE_FILE).write_text(damaged)
        loaded, notice = history.load_save(tmp_path)
        assert loaded is None and notice.startswith("the saved game could not be used")
        assert not history.has_save(tmp_path)


def partial_save(tmp_path, kinds=("human", "hard", "medium", "easy")) -> history.SavedGame:
    record = simulated(tmp_path, "cyprus", 1)[0]
    return history.SavedGame(Record(record.game, record.options, record.seats, record.seed, record.steps[:60]),
                             list(kinds))


def test_a_hostile_save_is_set_aside_not_raised(tmp_path):
    """Deep nesting (RecursionError), a saved_at of 401 digits (OverflowError), a
    huge integer, a lone surrogate, a save too big to read: each one notice."""
    text = partial_save(tmp_path).to_json()
    data = json.loads(text)
    hostile = ["[" * 100_000 + "]" * 100_000,
               json.dumps({**data, "saved_at": 0}).replace('"saved_at": 0', '"saved_at": ' + "9" * 401),
               json.dumps({**data, "viewer": 0}).replace('"viewer": 0', '"viewer": ' + "9" * 5000),
               json.dumps({**data, "kinds": ["human", "hard", "medium", "\ud800"]}),
               text + " " * files.MAX_LINE_BYTES]
    for number, content in enumerate(hostile, 1):
        (tmp_path / history.SAVE_FILE).write_text(content)
        loaded, notice = history.load_save(tmp_path)
        assert loaded is None and notice.endswith(f"it was kept as {history.SAVE_FILE}.damaged-{number}"), notice
        assert not history.has_save(tmp_path)


def test_a_save_that_names_a_program_is_refused_unless_the_settings_name_it(tmp_path):
    marker = tmp_path / "ran"
    command = f"/bin/sh -c 'touch {marker}'"
    history.save_game(partial_save(tmp_path, ["human", "hard", f"cmd:{command}", "easy"]), tmp_path)
    allowed, notice = history.load_save(tmp_path, programs=[command])
    assert notice is None and allowed.kinds[2] == f"cmd:{command}", "a program of the settings' [bots] programs"
    loaded, notice = history.load_save(tmp_path, programs=["node examples/greedy_bot.js"])
    assert loaded is None and "never starts a program" in notice and "damaged-1" in notice
    history.save_game(partial_save(tmp_path, ["human", "hard", "wizard", "easy"]), tmp_path)
    loaded, notice = history.load_save(tmp_path)
    assert loaded is None and "seat 3 is 'wizard'" in notice
    assert not marker.exists()


def entry(game: str, kinds: list[str], winners: list[int], scores: list[int], at: float,
          demo: bool = False) -> history.HistoryEntry:
    record = Record(game, {}, kinds, 1, [], scores)
    return history.HistoryEntry(record, kinds, winners, demo, at, 0)


def test_statistics_per_game_and_difficulty_with_streaks():
    entries = [
        entry("necropolis", ["human", "hard"], [0], [4, 9], 1),
        entry("necropolis", ["hard", "human"], [1], [8, 2], 2),
        entry("necropolis", ["human", "hard"], [1], [12, 3], 3),
        entry("necropolis", ["human", "hard"], [0], [5, 7], 4),
        entry("necropolis", ["human", "hard"], [0, 1], [6, 6], 5),
        entry("necropolis", ["human", "easy"], [0], [1, 30], 6),
        entry("necropolis", ["hard", "hard"], [0], [1, 30], 7, demo=True),
        entry("necropolis", ["human", "human"], [0], [1, 30], 8),
        entry("cyprus", ["human", "hard", "medium", "easy"], [2], [10, 0, 120, 5], 9),
    ]
    rows = {(r.game, r.opponents): r.to_dict() for r in stats.statistics(entries)}
    assert set(rows) == {("necropolis", "hard"), ("necropolis", "easy"), ("cyprus", "mixed")}
    hard = rows["necropolis", "hard"]
    assert (hard["games"], hard["wins"], hard["draws"], hard["losses"]) == (5, 3, 1, 1)
    assert hard["best_score"] == 2  # Necropolis: lower is better
    assert hard["average_score"] == pytest.approx((4 + 2 + 12 + 5 + 6) / 5)
    assert (hard["current_streak"], hard["longest_streak"]) == (0, 2)
    assert rows["cyprus", "mixed"]["best_score"] == 10 and rows["cyprus", "mixed"]["losses"] == 1
    assert stats.recent_results(entries, 2) == [("necropolis", "win"), ("cyprus", "loss")]


def test_stats_command_reads_the_user_history(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    records = simulated(tmp_path, "necropolis", 4, seed=9)
    for i, record in enumerate(records):
        kinds = ["human", "medium"] if i < 3 else ["medium", "medium"]
        history.append_history(history.history_line(record, kinds, winners(record), demo=i == 3))
    outcome = runner.invoke(app, ["stats", "--json"])
    assert outcome.exit_code == 0, outcome.output
    (row,) = json.loads(outcome.output)
    assert row["game"] == "necropolis" and row["opponents"] == "medium" and row["games"] == 3
    assert row["wins"] + row["draws"] + row["losses"] == 3
    table = runner.invoke(app, ["stats"])
    assert table.exit_code == 0 and "necropolis" in table.output and "medium" in table.output
