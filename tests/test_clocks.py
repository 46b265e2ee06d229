"""Chess clocks (dominoes_arcade/bots/clock.py, `tournament run --time-control`): the
arithmetic of a clock, what a bot is told, a bot that ignores its clock losing on time
and one that manages it never doing so (in-process bots and protocol programs), the
journal's clocks surviving a resume, and bad time controls refused."""

from __future__ import annotations

import json
import sys
import time
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.bots import make_bot
from dominoes_arcade.bots.base import Bot
from dominoes_arcade.bots.clock import Clock, ClockReading, TimeControl, think_ms
from dominoes_arcade.bots.driver import Watchdog, play_bots
from dominoes_arcade.cli import app
from dominoes_arcade.tournament.results import read_results

TEST_BOT = Path(__file__).parent / "protocol_bot.py"


def test_a_time_control_is_written_as_fastchess_writes_it():
    assert TimeControl.parse("10+0.1") == TimeControl(10.0, 0.1)
    assert TimeControl.parse(" 60 ") == TimeControl(60.0, 0.0)
    assert TimeControl.parse("0.5+0").text() == "0.5+0"
    for bad in ("", "10+", "+1", "ten", "10+0.1+2", "-1+0", "0+1", "1e3", "100000"):
        with pytest.raises(ValueError, match="BASE|base"):
            TimeControl.parse(bad)


def test_a_clock_takes_each_decision_adds_the_increment_and_forgives_within_the_margin():
    clock = Clock(TimeControl(1.0, 0.1), margin=0.05)
    assert clock.spend(0.3) and clock.left == pytest.approx(0.8)
    assert clock.reading(None) == ClockReading(pytest.approx(800), pytest.approx(100), pytest.approx(850))
    assert clock.reading(0.5).limit_ms == pytest.approx(500)  # the move time limit is shorter
    assert clock.spend(0.83) and clock.overruns == 1  # 30 ms over, within the 50 ms margin
    assert clock.left == pytest.approx(0.1)  # the clock stood at 0, then the increment
    assert not clock.spend(0.16)  # 60 ms over: lost on time
    assert clock.left == pytest.approx(0.1) and clock.overruns == 1


def test_a_searching_bot_thinks_its_budget_or_what_the_clock_affords():
    assert think_ms(None, 150) == 150
    assert think_ms(ClockReading(60_000, 1000, 60_000), 150) == 150  # a long clock: its budget
    assert think_ms(ClockReading(3000, 0, 3000), 150) == pytest.approx(100)  # a 30th of the clock
    assert think_ms(ClockReading(300, 100, 300), 150) == pytest.approx(90)  # and most of the increment
    assert think_ms(ClockReading(10, 0, 40), 150) == 1.0  # at least a millisecond
    assert think_ms(ClockReading(100, 1000, 100), 150) == pytest.approx(50)  # never past half its limit


class Thinker(Bot):
    """Takes `seconds` per decision and keeps the clock readings it was told."""

    name = "thinker"

    def __init__(self, *args, seconds: float = 0.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.told: list[ClockReading | None] = []

    def choose(self, view, legal):
        self.told.append(self.clock)
        time.sleep(self.seconds)
        return legal[0]


def test_each_bot_is_told_its_clock_and_the_record_keeps_it():
    bots = [Thinker("necropolis", 0, seconds=0.002), Thinker("necropolis", 1)]
    record = play_bots("necropolis", bots, seed=3, time_control=TimeControl(2.0, 0.5))
    assert "forfeit" not in record.extra
    clocks = record.extra["clock_ms"]
    assert [len(c) for c in clocks] == record.extra["decisions"] == [len(b.told) for b in bots]
    first = bots[0].told[0]
    assert first == ClockReading(2000, 500, 2000)  # no move time limit: the clock alone
    for bot, seat_clocks in zip(bots, clocks, strict=True):
        # Before each decision it is told what the record says the clock held after the one before.
        assert [round(r.left_ms, 3) for r in bot.told[1:]] == seat_clocks[:-1]
        spent = record.extra["decision_ms"][bot.seat]
        for before, after, ms in zip(bot.told, seat_clocks, spent, strict=True):
            assert after == pytest.approx(before.left_ms - ms + 500, abs=0.01)
    assert record.extra["clock_overruns"] == [0, 0]


def test_a_bot_that_ignores_its_clock_loses_on_time_and_one_within_it_never():
    slow = play_bots("necropolis", [Thinker("necropolis", 0, seconds=0.03), Thinker("necropolis", 1)], seed=4,
                     time_control=TimeControl(0.2), time_limit=10.0)
    assert slow.extra["forfeit"]["seat"] == 0 and slow.extra["forfeit"]["kind"] == "time"
    assert "its clock ran out" in slow.extra["forfeit"]["message"]
    # The same thinking with an increment that pays for it never runs out.
    kept = play_bots("necropolis", [Thinker("necropolis", 0, seconds=0.03), Thinker("necropolis", 1)], seed=4,
                     time_control=TimeControl(0.2, 0.5), time_limit=10.0)
    assert "forfeit" not in kept.extra and min(kept.extra["clock_ms"][0]) > 200


def test_auto_spends_its_clock_and_never_runs_out():
    bots = [make_bot("auto:time_ms=200", "necropolis", 0, seed=1), make_bot("greedy", "necropolis", 1)]
    # A clock that leaves a second or so at the end: a loaded machine once held one
    # decision up for 450 ms, which a 0.6 s clock did not survive.
    record = play_bots("necropolis", bots, seed=5, time_control=TimeControl(2.0), time_limit=10.0)
    assert "forfeit" not in record.extra, record.extra["forfeit"]
    thought = sorted(record.extra["decision_ms"][0])
    # A 30th of what is left (67 ms at first, less as it goes), not its 200 ms; the
    # median, as one decision may be held up by a loaded machine.
    assert thought[len(thought) // 2] < 100, thought


@pytest.mark.skipif(not Watchdog.available(), reason="the watchdog needs SIGALRM in the main thread")
def test_a_bot_that_never_returns_is_stopped_when_its_clock_runs_out_not_at_the_move_limit():
    start = time.monotonic()
    with Watchdog(10.0) as watchdog:  # the move limit: 10 s, so the watchdog rings every 2.5 s at first
        record = play_bots("necropolis", [Thinker("necropolis", 0, seconds=8), Thinker("necropolis", 1)], seed=6,
                           time_control=TimeControl(0.3), time_limit=10.0, watchdog=watchdog)
    assert record.extra["forfeit"]["kind"] == "time"
    assert "stopped after" in record.extra["forfeit"]["message"]
    assert time.monotonic() - start < 3


def run(tmp_path: Path, *args: str):
    return CliRunner().invoke(app, ["tournament", "run", "--game", "necropolis", "--workers", "1",
                                    "--out", str(tmp_path / "clock.results.toml"), *args])


def program(think: str) -> str:
    return f"cmd:{sys.executable} {TEST_BOT} none v2 think={think}"


@pytest.mark.slow
def test_a_program_that_ignores_its_clock_forfeits_on_time_and_one_that_manages_it_never(tmp_path):
    # The increment pays for what the one that manages its clock spends (a 40th of the
    # clock and half the increment), with 40 ms a decision to spare on a loaded machine;
    # the other spends 300 ms where it gains 100.
    ignores, manages = program("300"), program("clock")
    result = run(tmp_path, "--bots", f"{ignores},{manages}", "--deals", "1", "--time-control", "0.5+0.1")
    assert result.exit_code == 0, result.output
    document = read_results(tmp_path / "clock.results.toml")
    assert document["tournament"]["time_control"] == "0.5+0.1"
    rows = {row["bot"]: row for row in document["standings"]}
    assert rows[ignores]["time_losses"] == rows[ignores]["games"] == 2
    assert rows[manages]["time_losses"] == 0 and rows[manages]["wins"] == 2
    assert {error["kind"] for error in document["errors"]} == {"time"}
    shown = CliRunner().invoke(app, ["tournament", "show", str(tmp_path / "clock.results.toml")])
    assert "Clocks (0.5+0.1" in shown.output and "lost on time" in shown.output
    with warnings.catch_warnings():  # the programs' long command lines once squeezed the plots to nothing
        warnings.simplefilter("error", UserWarning)
        report = CliRunner().invoke(app, ["tournament", "report", str(tmp_path / "clock.results.toml")])
    assert report.exit_code == 0, report.output
    assert "<h3>Clocks (0.5+0.1" in (tmp_path / "clock.report.html").read_text()


@pytest.mark.slow
def test_a_resumed_run_keeps_the_clocks_of_the_games_it_had(tmp_path):
    args = ("--bots", "greedy,random", "--deals", "3", "--time-control", "1+0.01")
    assert run(tmp_path, *args).exit_code == 0
    journal = tmp_path / "clock.journal.jsonl"
    lines = journal.read_text().splitlines(keepends=True)
    assert all("clock_ms" in json.loads(line) for line in lines)
    # As if killed after half the games: the journal's first lines are all that is left.
    journal.write_text("".join(lines[:3]))
    resumed = run(tmp_path, *args, "--resume")
    assert resumed.exit_code == 0, resumed.output
    again = journal.read_text().splitlines(keepends=True)
    assert again[:3] == lines[:3] and len(again) == len(lines)
    document = read_results(tmp_path / "clock.results.toml")
    games = [json.loads(line) for line in again]
    greedy_left = [g["clock_ms"][g["seats"].index("greedy")][-1] for g in games]
    row = next(row for row in document["standings"] if row["bot"] == "greedy")
    assert row["min_clock_left_ms"] == pytest.approx(min(greedy_left))
    # The journal is another tournament's with another time control: refused, not mixed.
    other = run(tmp_path, *args[:-1], "2+0", "--resume")
    assert other.exit_code == 3 and "journal" in other.output


def test_a_bad_time_control_is_refused_naming_the_flag_or_the_key(tmp_path):
    result = run(tmp_path, "--bots", "random,greedy", "--time-control", "fast")
    assert result.exit_code == 2 and "--time-control" in result.output and "BASE+INC" in result.output
    spec = tmp_path / "clocked.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "greedy"]\ntime_control = 10\n')
    result = CliRunner().invoke(app, ["tournament", "run", str(spec)])
    assert result.exit_code == 3 and "time_control" in result.output
    result = run(tmp_path, "--bots", "random,greedy", "--time-control", "1", "--time-margin", "-1")
    assert result.exit_code == 2 and "--time-margin" in result.output
