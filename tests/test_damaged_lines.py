"""A damaged line never stops a reader: `json_lines.parse_line` turns whatever a
line holds into one `ValueError`, `replay --check` reports such a record and goes
on, and every reader (records, journal, history, report, settings and results
files) reads with a bound, so an endless or huge line costs no memory."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from dominoes_arcade import files, history
from dominoes_arcade.engine.json_lines import MAX_DEPTH, MAX_LINE_BYTES, BadLine, parse_line
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.tournament.journal import JournalError, load_journal
from dominoes_arcade.tournament.report_data import journal_games

MEMORY_LIMIT = 1 << 30
"""Address space for a command reading an endless file: a few times what it needs."""


def run_cli(args: list[str], memory: int | None = None) -> subprocess.CompletedProcess:
    def limit() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run([sys.executable, "-m", "dominoes_arcade", *args], capture_output=True, text=True,
                          timeout=120, preexec_fn=limit, env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.parametrize("text,problem", [
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested more than"),
    ('{"seed": ' + "9" * 5000 + "}", "a number of more than 300 digits"),
    ('{"saved_at": -' + "9" * 401 + "}", "a number of more than 300 digits"),
    ('{"steps": ["\\ud800 draw"]}', "lone surrogate (\\ud800)"),
    ('{"\\udfff": 1}', "lone surrogate (\\udfff)"),
    ('{"scores": [NaN]}', "NaN is not a JSON number"),
    ('{"scores": [-Infinity]}', "-Infinity is not a JSON number"),
    ("{not json", "not JSON"),
    (" " * (MAX_LINE_BYTES + 1), "too long"),
])
def test_parse_line_refuses_what_breaks_a_reader_with_one_value_error(text, problem):
    with pytest.raises(BadLine) as caught:
        parse_line(text)
    assert problem in str(caught.value) and len(str(caught.value)) < 300
    str(caught.value).encode("utf-8")  # printable


def test_parse_line_takes_what_records_hold():
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    value = {"seed": 2165004477744313609, "x": "\\ud83d\\ude00 [[[[", "big": 10 ** 299, "f": 1.5e300}
    assert parse_line(json.dumps(value)) == value
    assert parse_line('"\\ud83d\\ude00"') == "\U0001f600"  # a surrogate pair is one character
    assert parse_line(deep + "\n") == json.loads(deep)


def test_replay_check_reports_every_damaged_record_and_goes_on(tmp_path):
    good = random_game("necropolis", 3).to_json()
    data = json.loads(good)
    lines = [good.encode(),
             good.replace('"seed": 3', '"seed": ' + "9" * 5000).encode(),
             json.dumps({**data, "steps": ["\ud800 x", *data["steps"]]}).encode(),
             b"[" * 50_000,
             good.replace('"error": null', '"error": NaN').encode(),
             good.encode() + b" " * (MAX_LINE_BYTES + 10),
             b"\xff" + good.encode(),
             good.encode()]
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = run_cli(["replay", str(path), "--check"])
    assert "Traceback" not in result.stderr and result.returncode == 1, result.stderr
    out = result.stdout.splitlines()
    assert [line.partition(": ")[0] for line in out[:-1]] == [f"record {n}" for n in range(2, 8)], out
    assert all(": not a record: " in line for line in out[:-1]), out
    assert "lone surrogate" in out[1] and "too long" in out[4] and "not UTF-8" in out[5]
    assert out[-1] == "8 records checked: 2 good, 6 bad"


@pytest.mark.parametrize("args,code,problem", [
    (["replay", "/dev/zero", "--check"], 2, "is a device, not a regular file"),
    (["tournament", "show", "/dev/zero"], 2, "is a device, not a regular file"),
    (["config", "check", "/dev/zero"], 3, "is a device, not a regular file"),
])
def test_an_endless_file_is_read_in_bounded_memory(args, code, problem):
    """``/dev/zero`` never ends: it is refused as a device before anything is read
    (exit 2, or 3 for a settings file) instead of filling the memory."""
    result = run_cli(args, memory=MEMORY_LIMIT)
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == code and problem in result.stderr, result.stderr


def test_read_lines_skips_a_long_line_without_keeping_it(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_bytes(b"first\n" + b"x" * 10_000 + b"\nthird\nfourth")
    lines = list(files.read_lines(path, limit=100))
    assert [(line.number, line.text) for line in lines] == [(1, "first"), (2, None), (3, "third"), (4, "fourth")]
    assert "too long" in lines[1].problem and lines[3].start == 6 + 10_001 + 6 and not lines[3].complete


def padded(line: str) -> str:
    """A good line made longer than any reader takes (JSON allows the spaces)."""
    return line + " " * MAX_LINE_BYTES


def test_the_journal_and_the_report_bound_their_lines(tmp_path):
    journal = tmp_path / "t.journal.jsonl"
    journal.write_text(padded(random_game("buildup", 4).to_json()) + "\n")
    with pytest.raises(JournalError, match="line 1 .*too long"):
        load_journal(journal, "key", [])
    assert journal_games(journal) == []


def test_the_history_bounds_its_lines(tmp_path):
    line = history.history_line(random_game("buildup", 4), ["human", "easy"], [0], demo=False)
    (tmp_path / history.HISTORY_FILE).write_text(line + "\n" + padded(line) + "\n")
    entries, notice = history.read_history(tmp_path)
    assert len(entries) == 1 and "1 damaged line was left out" in notice


def test_stats_survives_a_history_line_of_a_lone_surrogate(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    record = random_game("buildup", 5)
    line = history.history_line(record, ["human", "easy"], [0], demo=False)
    history.append_history(line.replace('"easy"', '"\\ud800"'))
    result = run_cli(["stats"])
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "1 damaged line was left out" in result.stderr


def test_a_regular_file_whose_line_runs_on_is_refused_without_being_held(tmp_path, monkeypatch):
    """A regular file can run on too (a device is refused before reading): past
    `MAX_RUN_ON_BYTES` without a newline it is not a file of lines."""
    monkeypatch.setattr(files, "MAX_RUN_ON_BYTES", 50_000)
    path = tmp_path / "endless.jsonl"
    path.write_bytes(b"{}\n" + b"x" * 200_000)
    with pytest.raises(files.FileError, match="line 2 runs on for more than 50,000 bytes"):
        list(files.read_lines(path, limit=100))


@pytest.mark.parametrize("kind", ["fifo", "directory", "link to a device"])
def test_only_a_regular_file_is_opened_for_reading(tmp_path, kind):
    """A FIFO (its open would wait for a writer for ever), a directory and a device
    are refused at once, by what they are."""
    path = tmp_path / "input"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")
    words = {"fifo": "is a FIFO, not a regular file", "directory": "is a directory",
             "link to a device": "is a device, not a regular file"}[kind]
    with pytest.raises(files.FileError, match=words):
        files.read_bytes(path)
    with pytest.raises(files.FileError, match=words):
        list(files.read_lines(path))
