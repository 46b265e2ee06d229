"""A FIFO (or any special file) where the program reads a file never hangs it: every
file is opened by `files.open_regular` (``O_NONBLOCK``, then ``fstat``) and refused
at once. An input named on the command line is refused with one line and its
documented exit code (docs/cli.md, "Exit codes"); the player's own files (settings, saved
games, history, lessons) are forgiven with a notice, as a broken one is.

Each command runs as a real process with a timeout, all of them at once, so a
hang fails its case instead of stopping the suite."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from side_by_side import finish_all, once_per_run

EXAMPLES = Path(__file__).parent.parent / "tournaments" / "examples"
TIMEOUT = 30
"""Seconds for the whole batch (each command alone takes about one)."""
REFUSED = "is a FIFO, not a regular file: refusing to read it"


def fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def run_all(cases: dict[str, tuple[list[str], dict[str, str]]]) -> dict[str, subprocess.CompletedProcess]:
    """Each case's command (``dominoes-arcade ARGS`` in its own environment), run
    side by side; a case still running after `TIMEOUT` is killed and fails."""
    started = {name: subprocess.Popen([sys.executable, "-m", "dominoes_arcade", *args], env=env,
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
               for name, (args, env) in cases.items()}
    finished, hung = finish_all(started, TIMEOUT)
    done = {name: subprocess.CompletedProcess(started[name].args, code, out, err)
            for name, (code, out, err) in finished.items()}
    assert not hung, f"hung on a FIFO: {', '.join(hung)}"
    return done


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "COLUMNS": "120"}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every case run once for the whole run: the inputs named on the command line
    as FIFOs, and the player's own files as FIFOs (each case with a home of its own)."""
    return once_per_run(tmp_path_factory, "fifos", run_every_case)


def run_every_case(root: Path):
    pipe = fifo(root / "inputs" / "fifo")  # no suffix: `tournament show` must not guess from one
    plugin = fifo(root / "inputs" / "bot.py")
    journal_run = root / "journal-fifo"
    journal_run.mkdir()
    shutil.copy(EXAMPLES / "necropolis.results.toml", journal_run / "necropolis.results.toml")
    fifo(journal_run / "necropolis.journal.jsonl")

    def home(name: str, *fifos: str) -> dict[str, str]:
        where = root / name
        for relative in fifos:
            fifo(where / relative)
        return environment(where)

    plain = home("plain")
    cases = {
        # The player's own files: forgiven.
        "user settings": (["bots"], home("user", "config/dominoes-arcade/config.user.toml")),
        "user settings, config check": (["config", "check"], home("user-check",
                                                                  "config/dominoes-arcade/config.user.toml")),
        "saved game": (["play", "--continue", "--headless", "--max-frames", "3"],
                       home("save", "data/dominoes-arcade/saved-game-necropolis.json")),
        "lessons": (["play", "necropolis", "--headless", "--max-frames", "3"],
                    home("lessons", "data/dominoes-arcade/lessons.json")),
        "history": (["stats"], home("history", "data/dominoes-arcade/history.jsonl")),
        "history, json": (["stats", "--json"], home("history-json", "data/dominoes-arcade/history.jsonl")),
        # Files named on the command line: refused.
        "--config": (["simulate", "necropolis", "--config", str(pipe), "--out", str(root / "x.jsonl")], plain),
        "config check": (["config", "check", str(pipe)], plain),
        "spec": (["tournament", "run", str(pipe)], plain),
        "plug-in": (["tournament", "run", "--game", "necropolis", "--bots", f"random,{plugin}:Bot",
                     "--out", str(root / "t.results.toml")], plain),
        "analyse": (["analyse", str(pipe)], plain),
        "replay --check": (["replay", str(pipe), "--check"], plain),
        "tournament show": (["tournament", "show", str(pipe)], plain),
        "tournament report": (["tournament", "report", str(pipe), "--out", str(root / "r.html")], plain),
        "report, journal": (["tournament", "report", str(journal_run / "necropolis.results.toml"),
                             "--out", str(root / "j.html")], plain),
        "tournament compare": (["tournament", "compare", str(pipe), str(EXAMPLES / "necropolis.journal.jsonl")],
                               plain),
    }
    return root, pipe, run_all(cases)


@pytest.mark.parametrize("case,code", [("--config", 3), ("config check", 3), ("spec", 3), ("analyse", 2),
                                       ("replay --check", 2), ("tournament show", 2), ("tournament report", 2),
                                       ("tournament compare", 2)])
def test_a_fifo_named_on_the_command_line_is_refused_in_one_line(results, case, code):
    _, pipe, done = results
    result = done[case]
    assert (result.returncode, result.stdout, result.stderr) == (code, "", f"error: {pipe}: {REFUSED}\n")


def test_a_fifo_as_a_plug_in_or_a_journal_is_refused_in_one_line(results):
    root, _, done = results
    plugin = done["plug-in"]
    assert plugin.returncode == 3
    assert len(plugin.stderr.splitlines()) == 1, plugin.stderr
    assert plugin.stderr.endswith(f": not a regular file {root}/inputs/bot.py\n"), plugin.stderr
    journal = done["report, journal"]
    assert journal.returncode == 2
    assert journal.stderr == f"error: cannot read the journal: {root}/journal-fifo/necropolis.journal.jsonl: " \
                             f"{REFUSED}\n"


def test_the_players_own_fifos_are_forgiven_with_a_notice(results):
    root, _, done = results
    settings = done["user settings"]
    assert settings.returncode == 0 and "difficulties" in settings.stdout
    assert settings.stderr == (f"notice: {root}/user/config/dominoes-arcade/config.user.toml: {REFUSED} "
                               "(using the defaults instead)\n")
    check = done["user settings, config check"]  # `config check` reports the user's file, as a broken one
    assert check.returncode == 3
    assert check.stderr == f"error: {root}/user-check/config/dominoes-arcade/config.user.toml: {REFUSED}\n"
    for case, kept in (("saved game", "saved-game-necropolis.json"), ("history", "history.jsonl"),
                       ("history, json", "history.jsonl")):
        assert done[case].returncode == 0, (case, done[case].stderr)
        data = root / case.replace(", json", "-json").replace("saved game", "save") / "data" / "dominoes-arcade"
        assert (data / f"{kept}.damaged-1").exists(), case  # set aside, as a damaged file is
    assert "notice: the game history could not be read to its end (is a FIFO" in done["history"].stderr
    assert done["history, json"].stdout.strip() == "[]"
    assert done["lessons"].returncode == 0, done["lessons"].stderr
    assert "Traceback" not in "".join(result.stderr for result in done.values())
