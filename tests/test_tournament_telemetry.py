"""Per-move telemetry: every decision's time and the bot's own figures in the
tournament journal (bots/driver.py, bots/figures.py), through the bot protocol's
optional ``figures`` (checked by `bot check`), into the report's time-use section
(tournament/report_time.py), which flags the moves over the limit; journals and
results written before telemetry still show and report."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sys
from pathlib import Path

import pytest
from test_tournament_resume import start, wait_for_lines
from typer.testing import CliRunner

from dominoes_arcade.bots.driver import play_bots, play_specs
from dominoes_arcade.bots.figures import BadFigures, check_figures
from dominoes_arcade.bots.registry import make_bot
from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament

TESTS = Path(__file__).parent
BEFORE = TESTS / "data" / "before-telemetry"
"""Results and journal written by the version before telemetry (its README says how)."""
SLOW = f"{TESTS / 'tournament_bots.py'}:Slow"
PROTOCOL_BOT = f"cmd:{sys.executable} {TESTS / 'protocol_bot.py'}"


def journal(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def decisions_in_steps(record: dict, seat: int) -> int:
    """How many decisions `seat` made, read from the steps (``"P move"``)."""
    return sum(step.split()[0] == str(seat) for step in record["steps"])


def tournament(folder: Path, bots: list[str], *, limit_ms: int = 10_000, deals: int = 1, **spec) -> Path:
    plan = resolve_plan(None, {"game": "necropolis", "bots": bots, "deals": deals, "seed": 4, "workers": 1,
                               "move_time_limit_ms": limit_ms, "out": str(folder / "t.results.toml"), **spec})
    assert run_tournament(plan, progress=False).status == "complete"
    return plan.results_path


@pytest.fixture(scope="module")
def searched(tmp_path_factory) -> Path:
    """A round robin of a bot without figures and the two searches that report theirs."""
    return tournament(tmp_path_factory.mktemp("searched"), ["random", "ismcts:iterations=12", "pimc:worlds=3"])


def test_the_journal_has_one_timing_per_decision_of_each_seat(searched):
    records = journal(searched.with_name("t.journal.jsonl"))
    assert len(records) == 6
    for record in records:
        assert record["error"] is None
        for seat in range(2):
            millis = record["decision_ms"][seat]
            assert len(millis) == record["decisions"][seat] == decisions_in_steps(record, seat) > 0
            assert all(isinstance(ms, float) and ms >= 0 for ms in millis)
            # The same clock as the seat's total, to the microsecond each decision is rounded to.
            assert abs(sum(millis) / 1000 - record["decision_seconds"][seat]) <= 1e-6 * (len(millis) + 1)


def test_the_searches_figures_are_in_the_journal_decision_by_decision(searched):
    seen = set()
    for record in journal(searched.with_name("t.journal.jsonl")):
        figures = record["decision_figures"]
        for seat, bot in enumerate(record["seats"]):
            count = len(record["decision_ms"][seat])
            if bot == "random":
                assert figures[seat] == {}
            elif bot.startswith("ismcts"):
                assert set(figures[seat]) == {"iterations"} and len(figures[seat]["iterations"]) == count
                assert set(figures[seat]["iterations"]) <= {0, 12}  # 0: a forced decision, no search
                seen.add("ismcts")
            else:
                worlds, rollouts = figures[seat]["worlds"], figures[seat]["rollouts"]
                assert len(worlds) == len(rollouts) == count and set(worlds) <= {0, 3}
                # Every legal action is rolled out on every world, and a search has two at least.
                assert all(r >= 2 * w for w, r in zip(worlds, rollouts, strict=True))
                seen.add("pimc")
            searched_any = [v for v in figures[seat].get("iterations", figures[seat].get("worlds", [])) if v]
            assert bot == "random" or searched_any
    assert seen == {"ismcts", "pimc"}


def test_a_game_without_figures_has_no_figures_key():
    record = play_specs("necropolis", ["random", "greedy"], seed=3)
    assert "decision_figures" not in record.extra
    assert [len(seat) for seat in record.extra["decision_ms"]] == record.extra["decisions"]


def test_the_decision_a_bot_forfeits_on_is_timed():
    bots = [make_bot(SLOW, "necropolis", 0, None, 1), make_bot("random", "necropolis", 1, None, 2)]
    record = play_bots("necropolis", bots, seed=5, time_limit=0.001)
    assert record.extra["forfeit"]["kind"] == "timeout"
    slow = record.extra["decision_ms"][0]
    assert len(slow) == record.extra["decisions"][0] + 1 and slow[-1] > 1


@pytest.mark.parametrize(("figures", "words"), [
    ([1, 2], "must be an object"),
    ({"Iterations": 1}, "is not a lower-case word"),
    ({"iterations": "many"}, "must be a number, not 'many'"),
    ({"iterations": True}, "must be a number, not True"),
    ({"iterations": float("nan")}, "must be a finite number"),
    ({"iterations": 10 ** 400}, "must be a finite number"),
    ({f"f{i}": i for i in range(9)}, "at most 8 figures"),
])
def test_figures_that_break_the_rules_are_refused_with_the_reason(figures, words):
    with pytest.raises(BadFigures, match=words):
        check_figures(figures)
    assert check_figures({"iterations": 800, "depth": -1.5}) == {"iterations": 800, "depth": -1.5}


def test_a_plug_in_whose_figures_break_the_rules_forfeits_saying_so():
    bots = [make_bot(f"{TESTS / 'tournament_bots.py'}:Miscounter", "necropolis", 0, None, 1),
            make_bot("random", "necropolis", 1, None, 2)]
    record = play_bots("necropolis", bots, seed=5)
    forfeit = record.extra["forfeit"]
    assert forfeit["seat"] == 0 and forfeit["kind"] == "exception"
    assert forfeit["message"].startswith("its decision_figures: figure name 'Moves' is not a lower-case word")
    assert record.extra["decision_figures"][0] == {"moves": [1, None]}  # the faulted decision has none


def test_a_programs_figures_pass_through_to_the_record():
    bots = [make_bot(f"{PROTOCOL_BOT} figures", "necropolis", 0, None, 1), make_bot("random", "necropolis", 1, None, 2)]
    record = play_bots("necropolis", bots, seed=5, time_limit=10)
    assert record.error is None
    count = record.extra["decisions"][0]
    assert record.extra["decision_figures"][0] == {"iterations": list(range(1, count + 1)), "depth": [1.5] * count}


def test_a_programs_malformed_figures_forfeit_as_a_protocol_fault():
    bots = [make_bot(f"{PROTOCOL_BOT} badfigures", "necropolis", 0, None, 1),
            make_bot("random", "necropolis", 1, None, 2)]
    record = play_bots("necropolis", bots, seed=5, time_limit=10)
    assert record.extra["forfeit"] == {
        "seat": 0, "kind": "protocol",
        "message": "the action's figures: figure 'iterations' must be a number, not 'many'"}


@pytest.mark.slow
def test_bot_check_names_a_programs_figures_and_reports_malformed_ones():
    good = CliRunner().invoke(app, ["bot", "check", f"{PROTOCOL_BOT} figures", "--game", "necropolis",
                                    "--games", "1", "--quit-time-limit", "5000"])
    assert good.exit_code == 0, good.output
    assert "; figures: iterations, depth" in good.output
    bad = CliRunner().invoke(app, ["bot", "check", f"{PROTOCOL_BOT} badfigures", "--game", "necropolis",
                                   "--games", "1", "--quit-time-limit", "5000"])
    assert bad.exit_code == 1, bad.output
    assert ("(its decision 2): protocol: the action's figures: figure 'iterations' must be a number, not 'many'"
            in bad.output), bad.output


def test_bot_serve_gives_its_bots_figures():
    from dominoes_arcade.engine.match import Match

    record = play_bots("necropolis", [make_bot(f"cmd:{sys.executable} -m dominoes_arcade bot serve pimc:worlds=2",
                                               "necropolis", 0, None, 1), make_bot("random", "necropolis", 1, None, 2)],
                       seed=5, time_limit=10)
    assert record.error is None and Match.from_record(record) is not None
    worlds = record.extra["decision_figures"][0]["worlds"]
    assert len(worlds) == record.extra["decisions"][0] and set(worlds) == {0, 2}


# -- the report ------------------------------------------------------------------------------------------
def report(results: Path) -> str:
    outcome = CliRunner().invoke(app, ["tournament", "report", str(results)])
    assert outcome.exit_code == 0, outcome.output
    return Path(outcome.output.strip().removeprefix("wrote ")).read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_report_shows_time_use_and_flags_a_move_over_the_limit(tmp_path):
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    # Slow sleeps 2 ms a decision: over a 1 ms limit, so its first decision forfeits each game.
    results = tournament(tmp_path, ["random", "ismcts:iterations=12", SLOW], limit_ms=1)
    page = report(results)
    assert "<h2>Time a decision</h2>" in page and "median ms" in page and "p90 ms" in page
    distribution, by_move = page.index("the diamond the 90th percentile"), page.index("The median time of each bot")
    assert page.rfind("<svg", 0, distribution) > page.rfind("</figure>", 0, distribution)  # each with its picture
    assert page.rfind("<svg", 0, by_move) > distribution
    assert re.search(r"<td>iterations \d+ \(max \d+\)</td>", page)  # ismcts's own figures
    over = [record for record in journal(results.with_name("t.journal.jsonl"))
            if record.get("forfeit", {}).get("kind") == "timeout"]
    assert len(over) >= 4  # Slow's four games at least
    assert f"{len(over)} move{'s' * (len(over) != 1)} over the 1 ms limit" in page
    assert f'<td class="name">{SLOW}</td><td>1</td>' in page  # a flagged move: Slow's first decision
    assert "replay t.journal.jsonl --index" in page


@pytest.mark.slow
def test_results_and_journal_written_before_telemetry_still_show_and_report(tmp_path):
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    for name in ("main.results.toml", "main.journal.jsonl"):
        shutil.copy(BEFORE / name, tmp_path / name)
    shown = CliRunner().invoke(app, ["tournament", "show", str(tmp_path / "main.results.toml")],
                               env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    page = report(tmp_path / "main.results.toml")
    assert "no time for each decision" in page and "each game's mean is shown" in page
    assert "median ms" not in page and "Forfeits" in page


def test_an_old_journals_timeouts_still_count_as_moves_over_the_limit():
    from dominoes_arcade.tournament.report_data import read_report_data

    data = read_report_data(BEFORE / "main.results.toml")
    use = data.time_use
    assert use is not None and use.timed_games == 0 and use.untimed_games == 12
    assert len(use.over) == 11 and all(move.ms is None and move.decision is None for move in use.over)


# -- resume ------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_run_killed_and_resumed_keeps_the_telemetry_of_every_game(tmp_path):
    spec = tmp_path / "n.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "pimc:worlds=2"]\ndeals = 60\nseed = 9\nworkers = 1\n')
    lines = tmp_path / "n.journal.jsonl"
    process = start(spec)
    wait_for_lines(lines, 10, process)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    before = lines.read_bytes()
    kept = before[:before.rfind(b"\n") + 1]  # a line cut short by the kill is dropped on resume
    resumed = CliRunner().invoke(app, ["tournament", "run", str(spec), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    after = lines.read_bytes()
    assert after.startswith(kept)
    records = journal(lines)
    assert sorted(record["game_id"] for record in records) == list(range(120))
    for record in records:
        for seat in range(2):
            assert len(record["decision_ms"][seat]) == decisions_in_steps(record, seat)
        pimc = record["seats"].index("pimc:worlds=2")
        assert len(record["decision_figures"][pimc]["worlds"]) == len(record["decision_ms"][pimc])
