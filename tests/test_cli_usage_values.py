"""Bad values on the command line and in the environment: exit 2 (bad usage) for
every bad command-line value, worded as Typer words its own range checks; an
output folder that cannot be written is exit 1 in one line (docs/cli.md, "Command
line"); an unusable COLUMNS is ignored like any other non-number; never a
traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.client.main import LaunchError, parse_resolution

EXAMPLE = Path(__file__).parent.parent / "tournaments" / "examples" / "necropolis.results.toml"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def usage_error(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Usage: "), result.output
    assert message in " ".join(result.output.replace("│", " ").split()), result.output  # the box may wrap


@pytest.mark.parametrize("flag,value,allowed", [
    ("--deals", "99999999999", "1 to 1000000"),
    ("--workers", "2000", "0 to 1024"),
    ("--seed", str(2**80), f"0 to {2**63 - 1}"),
    ("--move-time-limit", "99999999999", "1 to 3600000"),
])
def test_an_out_of_range_tournament_flag_is_bad_usage(tmp_path, flag, value, allowed):
    result = invoke("tournament", "run", "--game", "necropolis", "--bots", "random,greedy", flag, value,
                    "--out", tmp_path / "t.results.toml")
    usage_error(result, f"Invalid value for '{flag}': {value} is not allowed: use an integer from {allowed}")
    assert not (tmp_path / "t.results.toml").exists()


def test_a_flag_below_its_range_is_bad_usage_too(tmp_path):
    result = invoke("tournament", "run", "--game", "necropolis", "--bots", "random,greedy", "--deals", "0",
                    "--out", tmp_path / "t.results.toml")
    usage_error(result, "Invalid value for '--deals'")


def test_a_spec_file_value_out_of_range_is_still_a_bad_spec(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "greedy"]\ndeals = 99999999999\n', encoding="utf-8")
    result = invoke("tournament", "run", spec)
    assert result.exit_code == 3, result.output
    assert result.output.startswith(f"error: {spec}: deals = 99999999999 is not allowed"), result.output


@pytest.mark.parametrize("text", ["³²⁰x²⁰⁰", "1920x1080²", "x", "1x1"])
def test_a_resolution_that_is_not_digits_is_a_launch_error(text):
    with pytest.raises(LaunchError, match="--resolution"):
        parse_resolution(text)


def test_play_with_superscript_digits_in_the_resolution_is_bad_usage():
    usage_error(invoke("play", "necropolis", "--headless", "--resolution", "³²⁰x²⁰⁰"),
                "--resolution '³²⁰x²⁰⁰': give WIDTHxHEIGHT in pixels")


def test_a_screenshot_folder_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "a_file").write_text("not a folder\n", encoding="utf-8")
    shots = tmp_path / "a_file" / "shots"
    result = invoke("play", "necropolis", "--demo", "--headless", "--max-frames", "2", "--screenshot-dir", shots)
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [f"error: {shots}: cannot create it: "
                                          "a part of the path is not a directory"], result.output


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    # A subprocess: rich reads COLUMNS when a console is made, Typer's included.
    return subprocess.run([sys.executable, "-m", "dominoes_arcade", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env})


@pytest.mark.parametrize("variable", ["COLUMNS", "LINES"])
def test_superscript_digits_in_columns_are_ignored_like_any_non_number(variable):
    shown = run_cli("tournament", "show", str(EXAMPLE), **{variable: "²"})
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    assert "Standings" in shown.stdout
    usage = run_cli("simulate", "necropolis", **{variable: "²"})  # Typer's usage box is drawn by rich too
    assert usage.returncode == 2 and "Missing option '--out'" in usage.stderr, usage.stderr


def test_replay_check_refuses_config(tmp_path):
    records = tmp_path / "games.jsonl"
    assert invoke("simulate", "necropolis", "--out", records).exit_code == 0
    config = tmp_path / "mine.toml"
    config.write_text("[necropolis]\nsite_penalty = 2\n", encoding="utf-8")
    usage_error(invoke("replay", records, "--check", "--config", config),
                "Invalid value for '--config': replay --check checks each record against its own options")


def test_a_record_nested_too_deeply_is_reported_once(tmp_path):
    records = tmp_path / "deep.jsonl"
    records.write_text("[" * 100_000 + "\n", encoding="utf-8")
    result = invoke("replay", records, "--check")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == "record 1: not a record: nested more than 32 levels deep", result.output
