"""`replay --check` on random mutations of good records (hypothesis): it never
raises, and it reports on every record of the file, the good ones around the
mutated one included."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.engine.match import random_game

GOOD = [random_game(game, seed) for game, seed in (("necropolis", 3), ("buildup", 4), ("sebastopol", 5))]
LINES = [record.to_json() for record in GOOD]
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                           max_leaves=12)


@st.composite
def mutated_line(draw) -> str:
    """A good record's line, changed in one of the ways a hand or a bug changes it."""
    data = json.loads(draw(st.sampled_from(LINES)))
    how = draw(st.sampled_from(["drop key", "replace value", "edit step", "edit option", "cut line", "nest"]))
    if how == "drop key":
        del data[draw(st.sampled_from(sorted(data)))]
    elif how == "replace value":
        data[draw(st.sampled_from(sorted(data)))] = draw(json_values)
    elif how == "edit step":
        index = draw(st.integers(0, len(data["steps"]) - 1))
        step = data["steps"][index]
        data["steps"][index] = draw(st.sampled_from([
            " " + step, step + " ", step.replace(" ", "  ", 1), "0" + step, "\u00b2" + step[1:], step[::-1],
            step[: len(step) // 2], draw(st.text(max_size=20))]))
    elif how == "edit option":
        key = draw(st.sampled_from(sorted(data["options"])))
        if draw(st.booleans()):
            del data["options"][key]
        else:
            data["options"][key] = draw(json_values)
    text = json.dumps(data)
    if how == "cut line":
        text = text[: draw(st.integers(1, len(text) - 1))]
    elif how == "nest":
        depth = draw(st.sampled_from([10, 5000, 100_000]))
        text = "[" * depth + text + "]" * depth
    return text


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=mutated_line())
def test_replay_check_never_raises_and_reports_every_record(tmp_path, line):
    if not line.strip():
        line = "x"  # a blank line is not a record; keep three records in the file
    path = tmp_path / "mutated.jsonl"
    path.write_text("\n".join([LINES[0], line, LINES[1]]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--check"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1), result.output
    lines = result.output.splitlines()
    bad = [text for text in lines if text.startswith("record ")]
    assert all(text.startswith("record 2: ") for text in bad), lines  # the good records stay good
    assert lines[-1] == f"3 records checked: {3 - len(bad)} good, {len(bad)} bad"
    assert result.exit_code == (1 if bad else 0)
    assert all(len(text) < 1000 for text in lines)


def test_good_records_pass_the_check(tmp_path):
    path = tmp_path / "good.jsonl"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--check"])
    assert result.exit_code == 0 and result.output == "3 records checked: 3 good, 0 bad\n", result.output


def test_the_check_refuses_what_the_rules_refuse(tmp_path):
    data = GOOD[0].to_dict()
    cases = {
        "seats": ({**data, "seats": ["a"]}, "bad header: seats names 1 seats; necropolis here has 2"),
        "option key": ({**data, "options": {k: v for k, v in data["options"].items() if k != "max_turns"}},
                       "bad header: options lacks max_turns"),
        "scores null": ({**data, "scores": None}, "scores missing on a finished game"),
        "padded step": ({**data, "steps": [data["steps"][0] + " "] + data["steps"][1:]},
                        "not written as the notation writes it"),
        "actor 01": ({**data, "steps": ["0" + data["steps"][0]] + data["steps"][1:]}, ""),
        "huge step": ({**data, "steps": data["steps"][:1] + ["0 " + "x" * 100_000]}, "(99802 more characters)"),
    }
    path = tmp_path / "wrong.jsonl"
    path.write_text("\n".join(json.dumps(record) for record, _ in cases.values()) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--check"])
    lines = result.output.splitlines()
    assert result.exit_code == 1 and lines[-1] == "6 records checked: 0 good, 6 bad", result.output
    for line, (_, expected) in zip(lines, cases.values(), strict=False):
        assert expected in line and len(line) < 400, line
