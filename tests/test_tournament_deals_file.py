"""Fixed deal sets (`--deals-file`, a spec's `deals_file`): the file's deals played
in its order, `--deals` taking the first N, records naming their deal by their seed,
every bad file refused with one line naming the line (exit 3), a resume on a changed
file refused, and a run killed with SIGKILL and resumed giving the same results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_tournament_resume import finish, killed_after, start
from typer.testing import CliRunner

from dominoes_arcade.cli import app
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.deal_sets import digest, read_deal_set
from dominoes_arcade.tournament.journal import tournament_key
from dominoes_arcade.tournament.results import comparable, read_results
from dominoes_arcade.tournament.schedule import deal_seed, make_schedule

runner = CliRunner()
SEEDS = [907, 11, 5_000_000_000_000, 0, 42]
ROOT = Path(__file__).resolve().parent.parent


def deals_file(folder: Path, seeds=SEEDS, name: str = "deals.txt", head: str = "# five deals\n\n") -> Path:
    path = folder / name
    path.write_text(head + "".join(f"{seed}\n" for seed in seeds))
    return path


def run_cli(*args) -> object:
    return runner.invoke(app, ["tournament", "run", *map(str, args)])


def necropolis(folder: Path, *flags) -> object:
    return run_cli("--game", "necropolis", "--bots", "random,greedy", "--workers", 1,
                   "--out", folder / "t.results.toml", *flags)


def journal_records(folder: Path, name: str = "t") -> list[dict]:
    records = [json.loads(line) for line in (folder / f"{name}.journal.jsonl").read_text().splitlines()]
    return sorted(records, key=lambda r: r["game_id"])


def test_a_deals_file_plays_its_deals_in_order_and_the_results_name_it(tmp_path):
    path = deals_file(tmp_path)
    result = necropolis(tmp_path, "--deals-file", path)
    assert result.exit_code == 0, result.output
    records = journal_records(tmp_path)
    assert [r["seed"] for r in records] == [seed for seed in SEEDS for _ in range(2)]  # both seatings of each
    assert [r["deal"] for r in records] == [deal for deal in range(5) for _ in range(2)]
    tournament = read_results(tmp_path / "t.results.toml")["tournament"]
    assert tournament["deals"] == 5 and tournament["games_played"] == 10  # no --deals: the whole file
    assert tournament["deals_file"] == "deals.txt" and tournament["deals_in_file"] == 5
    assert tournament["deals_sha256"] == digest(tuple(SEEDS))
    shown = runner.invoke(app, ["tournament", "show", str(tmp_path / "t.results.toml")])
    # Joined: the line wraps where the terminal is narrow (as under xdist).
    assert "5 deals, from deals.txt (5 in the file, sha256 " in " ".join(shown.output.split())


def test_deals_takes_the_first_n_and_more_than_the_file_holds_is_refused(tmp_path):
    path = deals_file(tmp_path)
    assert necropolis(tmp_path, "--deals-file", path, "--deals", 2).exit_code == 0
    assert [r["seed"] for r in journal_records(tmp_path)] == [907, 907, 11, 11]
    result = necropolis(tmp_path, "--deals-file", path, "--deals", 6)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (f"error: flags: deals = 6 is more than the 5 deals in {path}: "
                                             "ask for at most 5, or leave deals out to play them all")


def test_a_spec_files_deals_file_is_relative_to_the_spec(tmp_path, monkeypatch):
    folder = tmp_path / "specs"
    (folder / "deals").mkdir(parents=True)
    deals_file(folder / "deals", SEEDS[:3])
    spec = folder / "n.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "greedy"]\nworkers = 1\n'
                    'deals_file = "deals/deals.txt"\n')
    monkeypatch.chdir(tmp_path)
    result = run_cli(spec)
    assert result.exit_code == 0, result.output
    assert [r["seed"] for r in journal_records(folder, "n")][::2] == SEEDS[:3]
    assert read_results(folder / "n.results.toml")["tournament"]["deals_file"] == "deals/deals.txt"
    spec.write_text(spec.read_text() + "deals = 4\n")
    too_many = run_cli(spec)
    assert too_many.exit_code == 3 and too_many.output.startswith(f"error: {spec}: deals = 4 is more than the 3")


def test_a_journal_as_a_deals_file_plays_the_same_deals_as_their_seeds(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert necropolis(tmp_path / "a", "--deals-file", deals_file(tmp_path)).exit_code == 0
    journal = tmp_path / "a" / "t.journal.jsonl"  # each deal twice: a record of a deal already named adds nothing
    result = necropolis(tmp_path / "b", "--deals-file", journal)
    assert result.exit_code == 0, result.output
    a, b = (read_results(tmp_path / name / "t.results.toml") for name in ("a", "b"))
    assert b["tournament"]["deals_file"] == "../a/t.journal.jsonl"
    assert comparable(a) == comparable(b)  # the same deals (and sha256): the same games


@pytest.mark.parametrize("text,problem", [
    ("11\nseven\n", "line 2: 'seven' is neither a deal seed (a whole number from 0 to 9223372036854775807) "
                    "nor a game record (a JSON object)"),
    ("# fine\n-3\n", "line 2: '-3' is neither a deal seed"),
    ("9223372036854775808\n", "line 1: seed 9223372036854775808 is out of range"),
    ("1\n2\n\n1\n", "line 4: deal 1 is already on line 1: a deal set plays each deal once"),
    ("1\n{not json\n", "line 2: not a game record: "),
    ('{"game": "buildup", "options": {}, "steps": [], "seed": 3}\n', "line 1: a record of 'buildup', not of "
                                                                     "'necropolis'"),
    ('{"game": "necropolis", "options": {}, "steps": ["* first 0"]}\n',
     "line 1: a record without a seed: its chance steps fix only the tiles that one game dealt"),
    ("# nothing but comments\n\n", "no deals in it: write one deal seed (or game record) a line"),
    (b"1\n\xff\n", "line 2: not UTF-8 text (byte 0xff)"),
])
def test_a_bad_deals_file_exits_3_naming_the_line(tmp_path, text, problem):
    path = tmp_path / "bad.txt"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = necropolis(tmp_path, "--deals-file", path)
    assert result.exit_code == 3, result.output
    assert result.output.splitlines()[0].startswith(f"error: {path}: {problem}"), result.output
    assert not (tmp_path / "t.results.toml").exists()


def test_a_missing_deals_file_exits_3(tmp_path):
    result = necropolis(tmp_path, "--deals-file", tmp_path / "nothing.txt")
    assert result.exit_code == 3
    assert result.output.splitlines()[0] == f"error: deals file {tmp_path / 'nothing.txt'}: no such file"
    spec = tmp_path / "n.toml"
    spec.write_text('game = "necropolis"\nbots = ["random", "greedy"]\ndeals_file = "gone.txt"\n')
    result = run_cli(spec)
    assert result.exit_code == 3 and f"deals file {tmp_path / 'gone.txt'}: no such file" in result.output


def test_resume_on_a_changed_deals_file_is_refused(tmp_path):
    path = deals_file(tmp_path)
    assert necropolis(tmp_path, "--deals-file", path, "--deals", 2).exit_code == 0
    journal = (tmp_path / "t.journal.jsonl").read_bytes()
    # Comments, blank lines and a deal written as a record leave the deal set as it was.
    record = json.loads(journal.splitlines()[0])
    path.write_text("# the same five deals\n" + json.dumps(record) + "\n" + "".join(f"\n{s}" for s in SEEDS[1:]))
    resumed = necropolis(tmp_path, "--deals-file", path, "--resume")
    assert resumed.exit_code == 0 and "complete: 10 of 10 games (6 this run)" in resumed.output

    deals_file(tmp_path, [SEEDS[1], SEEDS[0], *SEEDS[2:]])  # two deals swapped
    result = necropolis(tmp_path, "--deals-file", path, "--resume")
    assert result.exit_code == 3
    line = result.output.splitlines()[0]
    assert line.startswith(f"error: {tmp_path / 't.results.toml'}: cannot resume: the run was played on the deals "
                           f"of deals.txt (sha256 {digest(tuple(SEEDS))[:12]}…, 5 deals), and {path} now holds "
                           "other deals (sha256 "), line
    assert line.endswith("resume with the deals it was started on, or run without --resume to start over")
    without = necropolis(tmp_path, "--resume")
    assert without.exit_code == 3 and "and no deals file is given now" in without.output
    assert (tmp_path / "t.journal.jsonl").read_bytes().count(b"\n") == 10  # nothing played, nothing cut


def test_resume_with_a_deals_file_of_a_run_dealt_from_its_seed_is_refused(tmp_path):
    assert necropolis(tmp_path, "--deals", 2).exit_code == 0
    result = necropolis(tmp_path, "--deals-file", deals_file(tmp_path), "--deals", 2, "--resume")
    assert result.exit_code == 3
    assert "the run was played on deals from its seed (1), with no deals file, and the deals file" in result.output
    # With the results gone, the journal's fingerprint (the deal set is in it) still refuses it.
    (tmp_path / "t.results.toml").unlink()
    result = necropolis(tmp_path, "--deals-file", deals_file(tmp_path), "--deals", 2, "--resume")
    assert result.exit_code == 3 and "belongs to another tournament" in result.output


def test_a_deal_set_is_in_the_fingerprint_and_the_schedule():
    assert tournament_key("necropolis", {}, ["a", "b"], 1, 100) == tournament_key("necropolis", {}, ["a", "b"], 1, 100,
                                                                                  0, deal_set=None)
    assert tournament_key("necropolis", {}, ["a", "b"], 1, 100, 0, deal_set=digest((1,))) != \
        tournament_key("necropolis", {}, ["a", "b"], 1, 100)
    schedule = make_schedule(["a", "b"], 2, 2, 7, deal_seeds=[5, 6, 7])
    assert [job.seed for job in schedule] == [5, 5, 6, 6]
    assert [job.seed for job in make_schedule(["a", "b"], 2, 1, 7)] == [deal_seed(7, 0)] * 2
    with pytest.raises(ValueError):
        make_schedule(["a", "b"], 2, 4, 7, deal_seeds=[5, 6, 7])


@pytest.mark.parametrize("game", ["necropolis", "buildup", "cyprus", "sebastopol"])
def test_the_shipped_deal_sets_hold_200_deals_and_say_how_they_were_made(game):
    path = ROOT / "tournaments" / "deals" / f"{game}-200.txt"
    assert len(read_deal_set(path, game).seeds) == 200
    header = [line for line in path.read_text().splitlines() if line.startswith("#")]
    assert any(line.startswith(f"# Made by: python bench/deal_balance.py {game} ") for line in header)


@pytest.mark.slow
def test_killed_half_way_and_resumed_with_a_deals_file_gives_identical_results(tmp_path):
    seeds = [deal_seed(45, deal) for deal in range(300)]
    deals = deals_file(tmp_path, seeds)
    spec_text = 'game = "necropolis"\nbots = ["random", "greedy"]\nworkers = 1\ndeals_file = "deals.txt"\n'
    (tmp_path / "whole").mkdir()
    whole = tmp_path / "whole" / "n.toml"
    whole.write_text(spec_text.replace('"deals.txt"', '"../deals.txt"'))
    plan = resolve_plan(whole, {})
    assert run_tournament(plan, progress=False).status == "complete"
    uninterrupted = comparable(read_results(plan.results_path))

    spec = tmp_path / "n.toml"
    spec.write_text(spec_text)
    journal = tmp_path / "n.journal.jsonl"
    kept = killed_after(spec, journal, 60)
    assert kept < 600, "the run finished before it could be killed"
    with open(journal, "ab") as handle:  # a write cut short by the kill
        handle.write(b'{"game": "necropolis", "options": {"first_pl')
    resumed = start(spec, "--resume")
    out, err = finish(resumed, 120)
    assert resumed.returncode == 0, (out, err)
    assert out.startswith(f"complete: 600 of 600 games ({600 - kept} this run)")
    assert comparable(read_results(tmp_path / "n.results.toml")) == uninterrupted
    assert deals.read_bytes().count(b"\n") == 302
