"""Import a plug-in bot's module, and build its bot, in a child process first, when
the command line asks for it (`enable`).

A module may do anything as it is imported. An exception, even `SystemExit` or
`KeyboardInterrupt`, is caught where the plug-in is loaded; but ``os._exit``, a
signal or a crash of an extension ends the process with no exception to catch,
and the command would end with the plug-in's exit code and no word. So the
command line imports each plug-in module once in a throw-away Python first, and
names the spec when that one does not come back (docs/tournaments.md, "Forfeits": a plug-in that fails at
import stops the run before it starts, exit 3, naming the spec).

Off by default: a library user or a worker process (which loads what the command
already checked) pays no extra process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from .base import BotError

_enabled = False

TIMEOUT_SECONDS = 120.0
"""How long an import may take in the child before the spec is refused."""

_MARK = "\x00dominoes-arcade-probe\x00"
"""Starts the child's report on its standard output (after whatever the module printed)."""

_REPORT = r"""
try:
    sys.stdout.flush()
except BaseException:
    pass
os.write(1, (MARK + json.dumps(problem)).encode())
os._exit(0)  # no atexit handler of the plug-in runs
""".replace("MARK", repr(_MARK))
"""How a child ends: `problem` after the mark, whatever the plug-in printed before."""

_CHILD = r"""
import importlib, importlib.util, json, os, sys
target, sys.path[:] = sys.argv[1], json.loads(sys.argv[2])
try:
    if target.endswith(".py"):
        spec = importlib.util.spec_from_file_location("dominoes_arcade_plugin_probe", target)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    else:
        importlib.import_module(target)
    problem = ""
except BaseException as error:
    problem = type(error).__name__ + (f": {error}" if str(error) else "")
""" + _REPORT


_BUILD_CHILD = r"""
import json, os, sys
spec, game, options, sys.path[:] = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
from dominoes_arcade.bots import BotError, make_bot
try:
    make_bot(spec, game, 0, options, 0)
    problem = ""
except BotError as error:
    problem = str(error)
except BaseException:
    problem = ""  # any other failure is the bot's, in each game it plays: a forfeit
""" + _REPORT


def describe(error: BaseException) -> str:
    """``ValueError: why``, or the bare name of an exception with no message."""
    return type(error).__name__ + (f": {error}" if str(error) else "")


def enable(on: bool = True) -> None:
    """Probe every plug-in module in a child process before importing it here."""
    global _enabled
    _enabled = on


def enabled() -> bool:
    return _enabled


def _run_child(code: str, *args: str) -> tuple[str | None, int]:
    """Run `code` in a child Python with `args`: what it reported after `_MARK` (None
    when it ended without reporting) and its exit code.
    :raises subprocess.TimeoutExpired: after `TIMEOUT_SECONDS`. :raises OSError:"""
    done = subprocess.run([sys.executable, "-c", code, *args], stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=TIMEOUT_SECONDS)
    out = done.stdout.decode("utf-8", "replace")
    at = out.rfind(_MARK)
    return (None if at < 0 else out[at + len(_MARK):]), done.returncode


def probe(target: str, failed: str) -> None:
    """Import `target` (a ``.py`` path or a module name) in a child Python.

    :raises BotError: ``failed`` followed by why, when the import raises, ends the
        process, or takes longer than `TIMEOUT_SECONDS`.
    """
    try:
        report, code = _run_child(_CHILD, target, json.dumps(sys.path))
    except subprocess.TimeoutExpired:
        raise BotError(f"{failed}: still importing after {TIMEOUT_SECONDS:.0f} s") from None
    except OSError:
        return  # no child process to be had: the import here still catches every exception
    if report is None:
        how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
        raise BotError(f"{failed}: it ended its process ({how})")
    try:
        problem = json.loads(report)
    except ValueError:
        problem = "its import wrote over the report"
    if problem:
        raise BotError(f"{failed}: {problem}")


def probe_build(spec: str, game: str, options: dict[str, Any]) -> None:
    """Build the bot of plug-in `spec` for seat 0 of `game` in a child Python, as
    `registry.check_builds` does here: a constructor may end its process.

    :raises BotError: what building raised when it was a `BotError` (the bot does not
        play `game`, or refuses a parameter). Any other failure, the child ending its
        process or outlasting `TIMEOUT_SECONDS` included, is the bot's in each game
        it plays (a forfeit), not the spec's: it is left to the games.
    """
    try:
        report, _ = _run_child(_BUILD_CHILD, spec, game, json.dumps(options), json.dumps(sys.path))
    except (subprocess.TimeoutExpired, OSError):
        return
    try:
        problem = json.loads(report) if report is not None else ""
    except ValueError:
        problem = ""
    if problem:
        raise BotError(problem)
