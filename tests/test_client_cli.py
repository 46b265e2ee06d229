"""`dominoes-arcade play` headless: frame reports, screenshots, demo to the end,
and the exit codes for bad options and bad config."""

from __future__ import annotations

import tomllib

import pytest
import test_client_support  # noqa: F401  (dummy SDL drivers before pygame starts)
from typer.testing import CliRunner

from dominoes_arcade.cli import app as cli

runner = CliRunner()


def quiet_config(tmp_path, extra: str = ""):
    path = tmp_path / "play.toml"
    path.write_text('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n' + extra, encoding="utf-8")
    return path


def test_play_headless_writes_a_frames_report_and_screenshots(tmp_path):
    report = tmp_path / "frames.toml"
    shots = tmp_path / "shots"
    result = runner.invoke(cli, ["play", "--headless", "--max-frames", "6", "--frames-report", str(report),
                                 "--screenshot-dir", str(shots), "--screenshot-every", "3",
                                 "--config", str(quiet_config(tmp_path))])
    assert result.exit_code == 0, result.output
    frames = tomllib.loads(report.read_text(encoding="utf-8"))["frames"]
    # Six iterations of the loop, fewer frames drawn: with animations off nothing
    # moves on the title once shown (and the window's events: shown, focused).
    assert frames["iterations"] == 6 and 1 <= frames["frames"] < 6
    assert 0 < frames["median_ms"] <= frames["p95_ms"] <= frames["p99_ms"] <= frames["max_ms"]
    assert frames["first_frame_ms"] > 0
    assert sorted(p.name for p in shots.iterdir()) == ["frame-000003.png", "frame-000006.png"]


@pytest.mark.slow
def test_a_demo_plays_to_the_end_and_exits(tmp_path):
    report = tmp_path / "frames.toml"
    result = runner.invoke(cli, ["play", "necropolis", "--demo", "--headless", "--exit-when-over", "--seed", "3",
                                 "--max-frames", "5000", "--frames-report", str(report),
                                 "--config", str(quiet_config(tmp_path))])
    assert result.exit_code == 0, result.output
    frames = tomllib.loads(report.read_text(encoding="utf-8"))["frames"]["frames"]
    assert frames < 5000, "the game ended before the frame limit"


def test_bad_seats_and_player_counts_are_usage_errors(tmp_path):
    config = str(quiet_config(tmp_path))
    bad_seat = runner.invoke(cli, ["play", "necropolis", "--seats", "human,wizard", "--headless", "--config", config])
    assert bad_seat.exit_code == 2 and "wizard" in bad_seat.output
    too_many = runner.invoke(cli, ["play", "cyprus", "--players", "11", "--headless", "--config", config])
    assert too_many.exit_code == 2 and "4 to 10" in too_many.output
    mismatch = runner.invoke(cli, ["play", "cyprus", "--players", "5", "--seats", "human,hard,hard,hard",
                                   "--headless", "--config", config])
    assert mismatch.exit_code == 2


def test_a_bad_config_exits_3_with_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[display]\ntheme = "neon"\n', encoding="utf-8")
    result = runner.invoke(cli, ["play", "--headless", "--config", str(bad)])
    assert result.exit_code == 3
    assert result.output.strip().count("\n") == 0
    assert "display.theme" in result.output and result.output.startswith("error:")


def test_resolution_sets_the_screen_and_the_screenshots_size(tmp_path):
    shots = tmp_path / "shots"
    result = runner.invoke(cli, ["play", "--headless", "--max-frames", "2", "--resolution", "2560x1080",
                                 "--screenshot-dir", str(shots), "--screenshot-every", "2",
                                 "--config", str(quiet_config(tmp_path))])
    assert result.exit_code == 0, result.output
    import pygame

    assert pygame.image.load(str(shots / "frame-000002.png")).get_size() == (2560, 1080)
    for bad in ("1920", "1920x", "ax1080", "10x10"):
        result = runner.invoke(cli, ["play", "--headless", "--max-frames", "1", "--resolution", bad,
                                     "--config", str(quiet_config(tmp_path))])
        assert result.exit_code == 2 and "WIDTHxHEIGHT" in result.output, (bad, result.output)
