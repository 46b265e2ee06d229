"""Bad inputs through the real command line, each in a subprocess: the documented
exit code, the first line of the message, and never a traceback (exit codes: 1
failed or an output that cannot be written, 2 bad usage or an unreadable input,
3 bad settings or spec)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PLUGINS = Path(__file__).parent / "tournament_bots.py"
EXITS_AT_IMPORT = Path(__file__).parent / "data" / "plugins" / "exits_at_import.py"
GOOD = ('{"game": "necropolis", "options": {"first_player": 0, "site_penalty": 1, "allow_exchange": true, '
        '"after_empty": "end", "tie_break": "draw", "max_turns": 400}, "seats": ["a", "b"], "seed": 1, '
        '"steps": [], "scores": null, "error": "stopped"}')


def make_files(folder: Path) -> None:
    """Every bad file the cases below name, in `folder`."""
    (folder / "latin1.toml").write_bytes(b"\xff[cyprus]\n")
    (folder / "bad_hard.toml").write_text('[bots]\nhard = "nosuchbot"\n')
    (folder / "bad_iterations.toml").write_text('[bots]\nhard = "ismcts:iterations=-5"\n')
    (folder / "a_file").write_text("not a directory\n")
    (folder / "a_dir.toml").mkdir()
    (folder / "standings5.results.toml").write_text("standings = 5\n")
    (folder / "missing_keys.results.toml").write_text('[[standings]]\nrank = 1\nbot = "random"\n')
    (folder / "clash.journal.jsonl").mkdir()
    hostile = [GOOD, '{"game": ["necropolis"], "options": {}, "steps": []}',
               GOOD.replace('"scores": null, "error": "stopped"', '"scores": 5, "error": null'),
               GOOD.replace('"steps": []', '"steps": ["\u00b2 draw"]'), "[" * 200_000, GOOD]
    (folder / "hostile.jsonl").write_text("\n".join(hostile) + "\n")


CASES = [
    # (arguments, exit code, start of the first line of output; {d} is the folder)
    (["config", "check", "{d}/latin1.toml"], 3, "error: {d}/latin1.toml: not UTF-8 text"),
    (["simulate", "necropolis", "--config", "{d}/latin1.toml", "--out", "{d}/x.jsonl"], 3,
     "error: {d}/latin1.toml: not UTF-8 text"),
    (["tournament", "run", "--game", "necropolis", "--bots", "random,greedy", "--config", "{d}/latin1.toml",
      "--out", "{d}/t.results.toml"], 3, "error: {d}/latin1.toml: not UTF-8 text"),
    (["tournament", "run", "{d}/latin1.toml"], 3, "error: {d}/latin1.toml: not UTF-8 text"),
    (["tournament", "show", "{d}/latin1.toml"], 2, "error: {d}/latin1.toml: not UTF-8 text"),
    (["config", "check", "{d}/a_dir.toml"], 3, "error: {d}/a_dir.toml: is a directory"),
    (["bots", "--config", "{d}/a_dir.toml"], 3, "error: {d}/a_dir.toml: is a directory"),
    (["config", "check", "{d}/none.toml"], 3, "error: {d}/none.toml: no such file"),
    (["simulate", "necropolis", "--out", "{d}"], 1, "error: {d}: is a directory"),
    (["simulate", "necropolis", "--out", "{d}/a_file/x.jsonl"], 1, "error: {d}/a_file/x.jsonl: cannot create"),
    (["tournament", "run", "--game", "necropolis", "--bots", "random,greedy", "--deals", "1",
      "--out", "{d}/clash.results.toml"], 1, "error: {d}/clash.journal.jsonl: is a directory"),
    (["tournament", "show", "{d}/standings5.results.toml"], 2,
     "error: {d}/standings5.results.toml: not a tournament results file: standings must be a list"),
    (["tournament", "show", "{d}/missing_keys.results.toml"], 2,
     "error: {d}/missing_keys.results.toml: not a tournament results file: standings row 1 lacks games"),
    (["tournament", "show", "{d}/none.results.toml"], 2, "error: {d}/none.results.toml: no such file"),
    (["tournament", "report", "{d}/latin1.toml", "--out", "{d}/r.html"], 2, "error: {d}/latin1.toml: not UTF-8"),
    (["tournament", "report", "{d}/standings5.results.toml", "--out", "{d}/r.html"], 2,
     "error: {d}/standings5.results.toml: not a tournament results file: standings must be a list"),
    (["replay", "{d}/none.jsonl", "--check"], 2, "error: {d}/none.jsonl: no such file"),
    (["replay", "{d}/hostile.jsonl", "--check"], 1, "record 2: not a record: game must be a game name"),
    (["config", "check", "{d}/bad_hard.toml"], 3, 'error: {d}/bad_hard.toml: bots.hard = "nosuchbot" is not a bot'),
    (["config", "check", "{d}/bad_iterations.toml"], 3,
     'error: {d}/bad_iterations.toml: bots.hard = "ismcts:iterations=-5" is not a bot'),
    (["bots", "--config", "{d}/bad_hard.toml"], 3, 'error: {d}/bad_hard.toml: bots.hard = "nosuchbot"'),
    (["tournament", "run", "--game", "necropolis", "--bots", "random,ismcts:c=nan", "--out", "{d}/n.results.toml"],
     3, "error: flags: bots: ismcts: c must be a finite number, not 'nan'"),
    (["tournament", "run", "--game", "necropolis", "--bots", f"random,{EXITS_AT_IMPORT}:Bot",
      "--out", "{d}/n.results.toml"], 3, f"error: flags: bots: bot spec '{EXITS_AT_IMPORT}:Bot'"),
    # One rule for player counts and for missing options, in every command.
    (["simulate", "cyprus", "--players", "11", "--out", "{d}/x.jsonl"], 2, "Usage: dominoes-arcade simulate"),
    (["play", "cyprus", "--players", "11", "--headless"], 2, "Usage: dominoes-arcade play"),
    (["tournament", "run", "--game", "cyprus", "--bots", "random,greedy", "--players", "11"], 2,
     "Usage: dominoes-arcade tournament run"),
    (["tournament", "run", "--bots", "random,greedy"], 2, "Usage: dominoes-arcade tournament run"),
    (["simulate", "necropolis"], 2, "Usage: dominoes-arcade simulate"),
]
USAGE_MESSAGES = {
    "--players": "Invalid value for '--players': cyprus is played by 4 to 10 players, not 11",
    "--bots random,greedy": "Missing option '--game' (or a spec file)",
    "necropolis": "Missing option '--out'",
}


def run_cli(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dominoes_arcade", *args], capture_output=True, text=True,
                          timeout=120, env=env)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bad_inputs")
    make_files(path)
    return path


@pytest.mark.parametrize("args,code,first", CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_a_bad_input_is_one_clear_error(folder, args, code, first):
    args = [a.replace("{d}", str(folder)) for a in args]
    result = run_cli(args)
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    assert result.returncode == code, output
    first_line = (result.stdout or result.stderr).splitlines()[0] if first.startswith("record") else \
        output.splitlines()[0]
    assert first_line.startswith(first.replace("{d}", str(folder))), output
    if first.startswith("Usage"):
        message = next(text for key, text in USAGE_MESSAGES.items() if key in " ".join(args))
        assert message in " ".join(output.split()), output  # the usage box may wrap the line


def test_bots_with_a_bad_config_prints_only_the_error(folder):
    result = run_cli(["bots", "--config", str(folder / "bad_hard.toml")])
    assert result.returncode == 3 and result.stdout == "", result.stdout


def test_replay_check_reports_every_hostile_record_and_goes_on(folder):
    result = run_cli(["replay", str(folder / "hostile.jsonl"), "--check"])
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == ["record 2", "record 3", "record 4", "record 5"]
    assert "scores must be a list of integers, not 5" in lines[1]
    assert "actor '\u00b2' is neither a seat number nor *" in lines[2]
    assert "nested more than 32 levels deep" in lines[3]
    assert lines[-1] == "6 records checked: 2 good, 4 bad"
    assert all(len(line) < 500 for line in lines)


@pytest.mark.slow
def test_play_without_a_display_says_so():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    result = run_cli(["play", "necropolis", "--seats", "human,easy", "--windowed"], env=env)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == ["error: no display found: set DISPLAY, or use --headless"]


@pytest.mark.slow
def test_play_without_a_sound_device_is_quiet():
    """SDL picks a real audio driver (no SDL_AUDIODRIVER); where there is no sound
    card, the libraries under it must not print on the command's stderr."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"} | {"SDL_VIDEODRIVER": "dummy"}
    result = run_cli(["play", "necropolis", "--demo", "--max-frames", "5", "--windowed"], env=env)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
