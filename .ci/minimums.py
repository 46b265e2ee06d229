"""CI step: install exactly the declared minimum version of every dependency (and of
the `report` extra, and of the test extra's import-linter) into a fresh venv, then run
a smoke test of the CLI and a headless client demo, the import contract
(`lint-imports`), and the tests that touch the libraries most (CLI, settings, input
and controllers, tournaments and their report, the room server over websockets).

Usage: python .ci/minimums.py [VENV_DIR]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/test_cli.py", "tests/test_config.py", "tests/test_client_input.py", "tests/test_client_scenes.py",
         "tests/test_tournament_run.py", "tests/test_tournament_report.py",
         "tests/test_server_games.py", "tests/test_server_hostile.py"]
EXTRAS = ["report"]
TEST_TOOLS = ["import-linter"]
"""The test extra's tools pinned at their minimum too: those run here (the rest of the
test extra, pytest's plugins, is the newest release)."""


def minimum_pins() -> list[str]:
    """`name>=X` of every runtime dependency as `name==X`; a dependency without a
    minimum is a mistake here, since its oldest release was never tried."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = []
    extras = [r for extra in EXTRAS for r in project["optional-dependencies"][extra]]
    extras += [r for r in project["optional-dependencies"]["test"] if re.split(r"[<>=\[ ]", r)[0] in TEST_TOOLS]
    for requirement in [*project["dependencies"], *extras]:
        match = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)>=([0-9][0-9.]*)", requirement.replace(" ", ""))
        if not match:
            sys.exit(f"minimums: {requirement!r} has no plain '>=' minimum")
        pins.append(f"{match[1]}=={match[2]}")
    return pins


def run(*command: str, cwd: Path = ROOT, env: dict | None = None) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, env=env, check=True)


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="minimums-")) / "venv"
    venv.create(target, with_pip=True)
    python, command = str(target / "bin" / "python"), str(target / "bin" / "dominoes-arcade")
    pins = minimum_pins()
    run(python, "-m", "pip", "install", "--quiet", *pins, "pytest", "hypothesis")
    run(python, "-m", "pip", "install", "--quiet", "--no-deps", ".")
    run(python, "-m", "pip", "check")
    installed = subprocess.run([python, "-m", "pip", "freeze"], capture_output=True, text=True, check=True).stdout
    for pin in pins:
        name, version = pin.split("==")
        if not re.search(rf"(?im)^{re.escape(name)}=={re.escape(version)}$", installed.replace("_", "-")):
            sys.exit(f"minimums: {pin} was not what got installed")
    work = Path(tempfile.mkdtemp(prefix="minimums-work-"))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(work / "config"), "XDG_DATA_HOME": str(work / "data")}
    smoke = [
        ["--version"], ["--help"], ["serve", "--help"], ["config", "check"], ["config", "paths"], ["bots"],
        ["simulate", "necropolis", "--games", "3", "--out", "games.jsonl"],
        ["replay", "games.jsonl", "--check"],
        ["tournament", "run", "--game", "buildup", "--bots", "random,greedy", "--deals", "2", "--workers", "2",
         "--out", "t.results.toml"],
        ["tournament", "show", "t.results.toml"],
        ["tournament", "report", "t.results.toml"],
        ["play", "cyprus", "--players", "5", "--demo", "--headless", "--max-frames", "300"],
    ]
    for args in smoke:
        run(command, *args, cwd=work, env=env)
    # The layers ([tool.importlinter] in pyproject.toml), read from the checkout: lint-imports puts
    # the folder it runs in first on its path.
    run(str(target / "bin" / "lint-imports"), "--no-cache", env=env)
    # The tests run against the installed package, not the checkout.
    run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS, env={**env, "PYTHONSAFEPATH": "1"})
    print(f"minimums: ok with {', '.join(pins)}")


if __name__ == "__main__":
    main()
