"""A damaged line never stops a reader: `json_lines.parse_line` turns whatever a
line holds into one `ValueError`, and `replay --check` reports such a record and
goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from dominoes_arcade.engine.json_lines import MAX_DEPTH, MAX_LINE_BYTES, BadLine, parse_line
from dominoes_arcade.engine.match import random_game


def run_cli(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dominoes_arcade", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})


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
