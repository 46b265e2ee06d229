"""`dominoes-arcade bot check SPEC` (dominoes_arcade/bots/check.py): the example bots
pass it (the test bot speaking version 1, `bot serve` speaking version 2, the
JavaScript example: CI runs the whole suite, so it checks the example bots), and
each fault of the test bot is reported with exit 1."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import toy_game
from typer.testing import CliRunner

from dominoes_arcade.bots.check_positions import find, scenarios
from dominoes_arcade.bots.descendants import NO_COMMAND, Descendants, Found, read_stat
from dominoes_arcade.cli import app
from dominoes_arcade.engine import GAMES
from dominoes_arcade.engine.view_json import view_to_json

ROOT = Path(__file__).resolve().parent.parent
TEST_BOT = Path(__file__).parent / "protocol_bot.py"
PYTHON = sys.executable
PROTOCOL_RANDOM = f"cmd:{PYTHON} {TEST_BOT}"


def check(*args: str):
    return CliRunner().invoke(app, ["bot", "check", *args])


SOUND = ("--games", "1", "--quit-time-limit", "5000")
"""For a program that should pass: a quit time to spare on a loaded machine (the move
time limit is the default, 10 s)."""


def passed(result, protocol: int) -> None:
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert not [line for line in lines if line.startswith("FAULT")], result.output
    assert any(line.startswith("ok     handshake:") and f"protocol {protocol}" in line for line in lines)
    assert any(line.startswith("ok     quit:") for line in lines)
    for game in GAMES:
        assert any(line.startswith(f"ok     {game}: random game 1 ") for line in lines), (game, result.output)
        assert any(line.startswith(f"ok     {game}: scripted: ") for line in lines), (game, result.output)
    assert re.fullmatch(r"ok: \d+ checks: \d+ ok, 0 faults", lines[-1]), lines[-1]


def test_every_scripted_position_is_found():
    for game in GAMES:
        assert scenarios(game), f"{game}'s entry names its scripted positions"
        for scenario in scenarios(game):
            assert scenario.game == game
            for _ in range(2):  # searched, then laid again from the steps found
                match, seat = find(scenario)
                assert match.current_player == seat and match.game == game
                view = view_to_json(match.view(seat))
                view["_step"] = len(match.steps)
                assert scenario.test(view, [action.text for action in match.state.legal_actions()], {}), \
                    (game, scenario.label)
    ten = find(scenarios("cyprus")[0])[0]
    assert ten.num_players == 10


def test_bot_check_plays_a_registered_toy_game_from_the_positions_its_entry_names():
    with toy_game.registered() as toy:
        result = check(f"{PROTOCOL_RANDOM} none v2", "--game", toy.name, *SOUND)  # version 2: its view as JSON
    assert result.exit_code == 0, result.output
    for scenario in toy_game.CHECK_POSITIONS:
        assert f"ok     {toy.name}: scripted: {scenario.label}" in result.output
    assert f"ok     {toy.name}: random game 1 " in result.output


def test_the_protocol_test_bot_passes_speaking_version_1():
    from dominoes_arcade.bots.program import NAMES

    names = dict(NAMES)
    passed(check(PROTOCOL_RANDOM, *SOUND), 1)
    assert NAMES == names  # a check leaves the tables' names of programs alone


@pytest.mark.slow
def test_the_served_greedy_bot_passes_speaking_version_2():
    result = check(f"{PYTHON} -m dominoes_arcade bot serve greedy", *SOUND)  # a plain command
    passed(result, 2)
    assert "its hello names necropolis" in result.output  # bot serve names the games it plays


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="node (Node.js) is not installed")
def test_the_javascript_example_passes():
    passed(check(f"cmd:node {ROOT / 'examples' / 'greedy_bot.js'}", *SOUND), 1)


def test_standard_error_is_free():
    result = check(f"{PROTOCOL_RANDOM} noisy", "--game", "necropolis", "--games", "1")
    assert result.exit_code == 0, result.output


FAULTS = {"nohello": "FAULT  handshake: protocol: expected a hello, got a 'action' message",
          "wrongprotocol": "FAULT  handshake: protocol: speaks protocol 3, not 1 or 2",
          "notjson": "(its decision 2): protocol: not JSON: 'play the double six'",
          "notobject": "(its decision 2): protocol: not a JSON object",
          "illegal": "(its decision 2): illegal_action: 'resign' is not one of the legal decisions",
          "slow": "(its decision 2): timeout: no action within 1000 ms: the program was killed",
          "exit": "(its decision 2): crash: the program exited (exit code 4); its last words on standard "
                  "error: 'giving up'",
          "noquit": "FAULT  quit: still running 1000 ms after quit: killed",
          "badexit": "FAULT  quit: exited with code 3, not 0",
          "badfigures": "(its decision 2): protocol: the action's figures: figure 'iterations' must be a number, "
                        "not 'many'",
          "chatty": "thanks for the game",  # unasked after an end (or, late, taken for the next action)
          # Reported as the unknown message's fault, or, on a loaded machine where the exit
          # comes later than the check waits, the next check's (after the unknown message).
          "strict": "crash: the program exited (exit code 5)"}


@pytest.mark.slow
@pytest.mark.parametrize("fault", list(FAULTS))
def test_each_fault_is_reported_with_exit_1(fault):
    # 1 s, not less: a sound answer can take some hundreds of ms on a loaded machine;
    # the slow program sleeps 30 s either way.
    begun = time.monotonic()
    result = check(f"{PROTOCOL_RANDOM} {fault}", "--game", "buildup", "--games", "1",
                   "--move-time-limit", "1000")
    assert result.exit_code == 1, result.output
    assert FAULTS[fault] in result.output, result.output
    assert result.output.splitlines()[-1].startswith("FAULT: ")
    assert time.monotonic() - begun < 20


def test_a_process_caught_in_its_exec_is_named_by_what_it_runs_at_the_end():
    # A probe can read a child between its fork and its exec, when /proc shows an
    # empty command line (seen once in CI as "(no command line)"): the report reads
    # the command line again.
    child = subprocess.Popen([PYTHON, "-c", "import time; time.sleep(30)"])
    try:
        stat = read_stat(child.pid)
        assert stat is not None
        tracked = Descendants()
        tracked.found[child.pid] = Found(child.pid, stat.start, NO_COMMAND, False)
        [running] = tracked.running()
        assert running.command == f"{PYTHON} -c import time; time.sleep(30)"
    finally:
        child.kill()
        child.wait()


@pytest.mark.slow
def test_a_process_left_running_after_quit_is_reported_and_killed(tmp_path):
    pids = tmp_path / "pids.txt"
    result = check(f"{PROTOCOL_RANDOM} none spawn={pids}", "--game", "necropolis", "--games", "0")
    assert result.exit_code == 1, result.output
    helper = int(pids.read_text().split()[-1])
    assert f"left 1 process running (pid {helper} {PYTHON} -c import time; time.sleep(120)): killed" \
        in result.output, result.output
    deadline = time.monotonic() + 10
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(helper)


def test_a_protocol_version_that_is_not_an_integer_is_refused():
    result = check(f"{PROTOCOL_RANDOM} floatprotocol", "--game", "necropolis", "--games", "0")
    assert result.exit_code == 1, result.output
    assert "FAULT  handshake: protocol: speaks protocol 1.0, not 1 or 2 (nothing else can be checked)" \
        in result.output.splitlines()


@pytest.mark.parametrize("escape", ["setsid", "daemon"])
def test_a_process_that_left_the_programs_group_is_reported_and_killed(tmp_path, escape):
    """A child in a session of its own (setsid), or a daemon (fork, setsid, fork: init's
    child by the time anything looks) outlives a kill of the program's group: the check
    finds it anyway, names it and kills it."""
    pids = tmp_path / "pids.txt"
    begun = time.monotonic()
    result = check(f"{PROTOCOL_RANDOM} none spawn={pids} escape={escape}", "--game", "necropolis", "--games", "0",
                   "--quit-time-limit", "5000")
    assert result.exit_code == 1, result.output
    helper = int(pids.read_text().split()[-1])
    quit_line = next(line for line in result.output.splitlines() if line.startswith("FAULT  quit:"))
    assert quit_line.startswith(f"FAULT  quit: left 1 process running (pid {helper} {PYTHON} -c import os"), quit_line
    assert quit_line.endswith(", out of its process group): killed"), quit_line
    deadline = time.monotonic() + 10
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(helper)
    assert time.monotonic() - begun < 30


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, killed and not yet reaped by init, does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
def test_the_games_of_its_hello_are_checked_and_no_others():
    result = check(f"{PROTOCOL_RANDOM} none games=necropolis,chess", "--games", "1")
    assert result.exit_code == 0, result.output
    assert "ok     games: its hello names necropolis, chess: checking necropolis (unknown here: chess)" \
        in result.output
    assert "skip   buildup: its hello's games do not name it" in result.output
    assert "buildup: scripted" not in result.output
    result = check(f"{PROTOCOL_RANDOM} none games=chess", "--games", "1")
    assert result.exit_code == 1 and "FAULT  games: it plays none of the games checked" in result.output


def test_bad_usage_and_bad_specs():
    for args in (["--game", "chess"], ["--games", "-1"], ["--move-time-limit", "0"], ["--quit-time-limit", "0"]):
        result = check(PROTOCOL_RANDOM, *args)
        assert result.exit_code == 2, (args, result.output)
    result = check("cmd:no-such-program-here --flag")
    assert result.exit_code == 3 and "no program 'no-such-program-here'" in result.output
    result = check("greedy")
    assert result.exit_code == 3 and "cmd:dominoes-arcade bot serve greedy" in result.output
    assert check("cmd:").exit_code == 3


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["slow", "nohello"])
def test_no_program_is_left_running(fault):
    before = children()
    result = check(f"{PROTOCOL_RANDOM} {fault}", "--game", "necropolis", "--games", "1", "--move-time-limit", "1000")
    assert result.exit_code == 1
    assert children() <= before  # killed (a program without a usable hello too) and reaped


def children() -> set[int]:
    """The live processes whose parent is this one."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.add(int(entry))
    return found


@pytest.mark.slow
def test_ctrl_c_ends_the_check_and_the_program_group(tmp_path):
    import signal
    import subprocess

    pids = tmp_path / "pids.txt"
    check_process = subprocess.Popen(
        [PYTHON, "-m", "dominoes_arcade", "bot", "check", f"{PROTOCOL_RANDOM} slow spawn={pids}", "--game", "buildup",
         "--move-time-limit", "60000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while not (pids.exists() and pids.read_text().strip()) and time.monotonic() < deadline:
            time.sleep(0.05)
        helper = int(pids.read_text().split()[0])
        time.sleep(1)  # into the slow decision
        check_process.send_signal(signal.SIGINT)
        out, err = check_process.communicate(timeout=20)
    finally:
        check_process.kill()
        check_process.wait(10)
    assert check_process.returncode == 130, (out, err)
    assert "interrupted" in err and "Traceback" not in err
    deadline = time.monotonic() + 10
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(helper)  # the program's process group was killed with it
