"""`tournament report` on damaged results files: numbers that are not finite are
drawn as far as they go, a value of the wrong type is refused in one line, and a
small file that asks for huge figures (99,999,999,999 seats, 200,000 bots) is
refused before anything is built (`report_data.check_size`).

Each case runs as a real process with a timeout and a memory cap, all at once: the
unbounded ones grew without end before they were refused."""

from __future__ import annotations

import contextlib
import resource
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w
from side_by_side import finish_all, once_per_run

EXAMPLES = Path(__file__).parent.parent / "tournaments" / "examples"
TIMEOUT = 60
"""Seconds for the whole batch; each case alone takes a second or two."""
MEMORY = 1 << 30
"""Bytes of address space each case may take (a report takes about 300 MB)."""


def cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def damaged(folder: Path, name: str, change) -> Path:
    """The Necropolis example results (its journal beside them) as `change` leaves them."""
    document = tomllib.loads((EXAMPLES / "necropolis.results.toml").read_text(encoding="utf-8"))
    change(document)
    path = folder / f"{name}.results.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def set_in(*keys_and_value):
    *keys, value = keys_and_value

    def change(document):
        table = document
        for key in keys[:-1]:
            table = table[key]
        table[keys[-1]] = value
    return change


def set_elo(*rows: dict):
    """Fitted ratings in the standings: each row's figures over ``0 [-50, +50]``."""
    def change(document):
        for row, figures in zip(document["standings"], rows, strict=True):
            row.update({"elo": 0.0, "elo_low": -50.0, "elo_high": 50.0, **figures})
    return change


INF, NAN = float("inf"), float("nan")
CASES = {
    "elo inf": set_elo({"elo": INF}, {}, {}),
    "intervals not finite": set_elo({"elo": 420.0, "elo_low": 400.0, "elo_high": INF},  # won every game
                                    {"elo_low": NAN, "elo_high": -INF, "rating_sigma": NAN},
                                    {"elo": -INF, "elo_low": -INF, "win_rate_ci95_low": NAN}),
    "journal 5": set_in("tournament", "journal", 5),
    "players": set_in("tournament", "players", 99999999999),
    "option players": set_in("tournament", "options", "players", 99999999999),
    "200,000 bots": set_in("tournament", "bots", [f"bot{i}" for i in range(200_000)]),
}


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """Every case reported once for the whole run, side by side."""
    return once_per_run(tmp_path_factory, "hostile-reports", report_every_case)


def report_every_case(folder: Path):
    # matplotlib's font cache made first, here: the cases would each make it at once
    # (in this run's own cache folder) and say so on stderr. (Without matplotlib, the
    # cases that draw fail on their own.)
    with contextlib.suppress(ImportError):
        import matplotlib.font_manager  # noqa: F401

    shutil.copy(EXAMPLES / "necropolis.journal.jsonl", folder)
    started = {}
    for name, change in CASES.items():
        path = damaged(folder, name.replace(" ", "-").replace(",", ""), change)
        started[name] = subprocess.Popen([sys.executable, "-m", "dominoes_arcade", "tournament", "report", str(path),
                                          "--out", str(path.with_suffix(".html"))],
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=cap_memory)
    finished, hung = finish_all(started, TIMEOUT)
    done = {name: (*finished[name], Path(started[name].args[-1])) for name in finished}
    return done, hung


@pytest.mark.parametrize("case", ["elo inf", "intervals not finite"])
def test_numbers_that_are_not_finite_are_drawn_as_far_as_they_go(reports, case):
    done, hung = reports
    assert case not in hung
    code, out, err, page = done[case]
    assert (code, err) == (0, ""), err
    assert out == f"wrote {page}\n"
    assert "<svg" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("case,problem", [
    ("journal 5", "tournament.journal = 5 is not a file name"),
    ("players", "tournament.players = 99999999999 is not a number of seats (1 to 10)"),
    ("option players", "tournament.options.players = 99999999999 is not a number of seats (1 to 10)"),
    ("200,000 bots", "tournament.bots lists 200,000 bots: a report is drawn for at most 200 "
                     "(`tournament show` lists any number)"),
])
def test_a_results_file_of_the_wrong_shape_is_refused_in_one_line(reports, case, problem):
    done, hung = reports
    assert case not in hung, f"{case}: still running after {TIMEOUT} s"
    code, out, err, page = done[case]
    assert (code, out) == (2, "")
    assert err == f"error: {page.with_suffix('.toml')}: not a tournament results file: {problem}\n", err
    assert not page.exists()
