"""Outputs never clobber what they must not (issue 27, items 3 and 7).

- Every command's output (simulate, tournament run with its journal and bot log,
  tournament report, the client's frame report and screenshots) refuses a path
  that is not a regular file (a device, a FIFO) with one line and exit 1, before
  any work, and leaves it as it was. The device cases use a symlink to /dev/null
  in the test's folder, so even a run that ignores the check (as root) replaces
  only the link, never /dev/null itself.
- `simulate` writes aside and renames: a write that fails half way leaves the
  file that was there whole.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE_RESULTS = Path(__file__).resolve().parent.parent / "tournaments" / "examples" / "necropolis.results.toml"
TOURNAMENT = ["tournament", "run", "--game", "necropolis", "--bots", "random,greedy", "--deals", "1",
              "--workers", "1"]
PLAY = ["play", "--headless", "--max-frames", "2"]


def run_cli(args: list[str], timeout: float = 60, **popen) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([sys.executable, "-m", "dominoes_arcade", *args], capture_output=True, text=True,
                              timeout=timeout, **popen)
    except subprocess.TimeoutExpired:  # a FIFO with no reader blocks the write that should have been refused
        pytest.fail(f"{args} hung writing to a special file")


def special(folder: Path, name: str, kind: str) -> Path:
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(os.devnull)
    return path


def is_unchanged(path: Path, kind: str) -> bool:
    return path.is_fifo() if kind == "fifo" else path.is_symlink() and path.resolve() == Path(os.devnull)


CASES = [
    # (id, arguments with {out}, the special file's name, kind)
    ("simulate-device", ["simulate", "necropolis", "--out", "{out}"], "x.jsonl", "device"),
    ("simulate-fifo", ["simulate", "necropolis", "--out", "{out}"], "x.jsonl", "fifo"),
    ("tournament-results-device", [*TOURNAMENT, "--out", "{out}"], "t.results.toml", "device"),
    ("tournament-results-fifo", [*TOURNAMENT, "--out", "{out}"], "t.results.toml", "fifo"),
    ("tournament-journal-fifo", [*TOURNAMENT, "--out", "{d}/t.results.toml"], "t.journal.jsonl", "fifo"),
    ("tournament-bot-log-fifo", [*TOURNAMENT, "--out", "{d}/t.results.toml"], "t.bots.log", "fifo"),
    ("report-fifo", ["tournament", "report", str(EXAMPLE_RESULTS), "--out", "{out}"], "r.html", "fifo"),
    ("report-device", ["tournament", "report", str(EXAMPLE_RESULTS), "--out", "{out}"], "r.html", "device"),
    ("frames-report-fifo", [*PLAY, "--frames-report", "{out}"], "frames.toml", "fifo"),
    ("screenshot-dir-device", [*PLAY, "--screenshot-every", "1", "--screenshot-dir", "{out}"], "shots", "device"),
]


@pytest.mark.parametrize("args,name,kind", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_output_that_is_not_a_regular_file_is_refused(tmp_path, args, name, kind):
    out = special(tmp_path, name, kind)
    before = sorted(p.name for p in tmp_path.iterdir())
    result = run_cli([a.replace("{out}", str(out)).replace("{d}", str(tmp_path)) for a in args])
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output and output.strip().count("\n") == 0, output
    assert output.startswith(f"error: {out}: is a ") and "refusing to write to it" in output, output
    assert is_unchanged(out, kind)
    # Refused before any work: no journal, bot log, lock or page beside it.
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_screenshot_that_would_land_on_a_fifo_is_refused(tmp_path):
    shots = tmp_path / "shots"
    shots.mkdir()
    fifo = special(shots, "frame-000001.png", "fifo")
    result = run_cli([*PLAY, "--screenshot-every", "1", "--screenshot-dir", str(shots)])
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output, output
    assert output.startswith(f"error: {fifo}: is a FIFO, not a regular file"), output
    assert fifo.is_fifo()


def small_files(limit: int):
    """For a child process: files may grow to `limit` bytes, and a write beyond
    fails (EFBIG; Python ignores SIGXFSZ), as on a full disk."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.slow
def test_simulate_that_fails_half_way_leaves_the_old_file_whole(tmp_path):
    out = tmp_path / "games.jsonl"
    first = run_cli(["simulate", "necropolis", "--games", "3", "--seed", "5", "--out", str(out)])
    assert first.returncode == 0, first.stderr
    before = out.read_bytes()
    assert len(before) < 20_000
    result = run_cli(["simulate", "necropolis", "--games", "100", "--seed", "5", "--out", str(out)],
                     preexec_fn=small_files(20_000))
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output and output.strip().count("\n") == 0, output
    assert output.startswith(f"error: {out}: cannot write"), output
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"], "the temp file is left behind"


LONG_NAME = "n" * 300
"""A file name longer than any file system takes (255 bytes on Linux)."""
TOO_LONG = [
    ("report-out", ["tournament", "report", str(EXAMPLE_RESULTS), "--out", f"{{d}}/{LONG_NAME}.html"]),
    ("tournament-out", [*TOURNAMENT, "--out", f"{{d}}/{LONG_NAME}.results.toml"]),
    ("simulate-out", ["simulate", "necropolis", "--out", f"{{d}}/{LONG_NAME}.jsonl"]),
    ("compare-out", ["tournament", "compare", str(EXAMPLE_RESULTS.with_name("necropolis.journal.jsonl")),
                     str(EXAMPLE_RESULTS.with_name("necropolis.journal.jsonl")), "--out",
                     f"{{d}}/{LONG_NAME}.toml"]),
]


@pytest.mark.parametrize("args", [c[1] for c in TOO_LONG], ids=[c[0] for c in TOO_LONG])
def test_an_output_name_too_long_for_the_file_system_is_one_line_and_exit_1(tmp_path, args):
    result = run_cli([a.replace("{d}", str(tmp_path)) for a in args])
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output and output.strip().count("\n") == 0, output
    assert output.startswith(f"error: {tmp_path}/{LONG_NAME}") and "file name too long" in output, output
    assert list(tmp_path.iterdir()) == []


def test_the_default_report_name_too_long_for_the_file_system_is_one_line_and_exit_1(tmp_path):
    # The results' own name fits (250 bytes); the page's, "<stem>.report.html", does not.
    results = tmp_path / ("r" * 245 + ".toml")
    results.write_bytes(EXAMPLE_RESULTS.read_bytes())
    result = run_cli(["tournament", "report", str(results)])
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output and output.strip().count("\n") == 0, output
    assert output.startswith(f"error: {tmp_path}/{'r' * 245}.report.html: file name too long"), output
