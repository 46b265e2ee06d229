"""The package as a user gets it: a wheel that carries everything the program reads
at run time and works from any directory, an sdist that carries its tests, and the
package list in pyproject.toml that matches the folders."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
pytestmark = pytest.mark.slow


def build(kind: str, out: Path) -> Path:
    """Build the wheel or the sdist with the setuptools backend, as pip would: the
    default, pure-Python build, whatever the environment asks."""
    script = f"from setuptools import build_meta; print(build_meta.build_{kind}({str(out)!r}))"
    env = {key: value for key, value in os.environ.items() if key != "DOMINOES_ARCADE_COMPILE"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return out / done.stdout.strip().splitlines()[-1]


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "dominoes_arcade").rglob("__init__.py")}
    data_only = {"dominoes_arcade.assets", "dominoes_arcade.assets.fonts", "dominoes_arcade.rules"}
    assert found | data_only == listed


def build_once(kind: str, tmp_path_factory) -> Path:
    """`build(kind)` once for the whole run, by whichever test asks first. The
    parallel workers (pytest-xdist) share the parent of their temporary folders: a
    lock there makes the others wait, then take the same file. The lock also keeps
    two builds from writing the checkout's build/ folder and egg-info at once."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    out, built = base / f"built-{kind}", base / f"built-{kind}.txt"
    with open(base / "packaging.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not built.exists():
            out.mkdir()
            built.write_text(build(kind, out).name, encoding="utf-8")
        return out / built.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    return build_once("wheel", tmp_path_factory)


@pytest.fixture(scope="session")
def sdist(tmp_path_factory) -> Path:
    return build_once("sdist", tmp_path_factory)


def test_the_wheel_carries_fonts_rules_and_licences(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("dominoes_arcade/assets/fonts/DejaVuSans.ttf", "dominoes_arcade/assets/fonts/DejaVuSans-Bold.ttf",
                   "dominoes_arcade/assets/fonts/LICENSE-DejaVu.txt", "dominoes_arcade/rules/necropolis.md",
                   "dominoes_arcade/rules/buildup.md", "dominoes_arcade/rules/cyprus.md",
                   "dominoes_arcade/rules/sebastopol.md"):
        assert needed in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = next(zipfile.ZipFile(wheel).read(n) for n in names if n.endswith(".dist-info/METADATA")).decode()
    assert "License-Expression: MIT" in metadata
    assert not any(n.startswith(("tests/", "config.toml", "research/", "bench/")) for n in names)


def test_the_default_wheel_is_pure_python_and_the_sdist_can_build_the_compiled_one(wheel, sdist):
    # Without DOMINOES_ARCADE_COMPILE (setup.py) nothing is compiled: one wheel for
    # every platform, no compiler needed.
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not any(n.endswith((".so", ".pyd", ".c")) for n in zipfile.ZipFile(wheel).namelist())
    with tarfile.open(sdist) as archive:
        assert any(name.endswith("/setup.py") for name in archive.getnames())


def test_the_sdist_carries_what_its_tests_need(sdist):
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("LICENSE", "config.toml", "Makefile", "tests/steps.py", "tests/client_drive.py",
                   "tests/tournament_bots.py", "tests/conftest.py", "assets/fonts/DejaVuSans.ttf"):
        assert needed in names
    assert any(n.startswith("tests/data/") for n in names)


def test_the_installed_wheel_runs_from_a_folder_with_another_programs_config(wheel, tmp_path):
    """Installed from the wheel into a fresh venv, run from an empty folder that holds
    some other program's config.toml: the CLI and a headless client demo work, the
    fonts come from the package, and the settings go to the user config directory."""
    env_dir = tmp_path / "venv"
    # No pip in the new venv: the running pip installs into it (`--python`), which
    # spares the ensurepip bootstrap (about half the test's time); the wheel and its
    # dependencies still come into this venv alone.
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    # --no-compile: the byte-compiling of every installed module (pygame's, rich's, ...) was
    # half the install's time; the commands below compile what they import, as Python does.
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                              "--no-compile", str(wheel)], capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr[-3000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    (work / "config.toml").write_text("[server]\nport = 8080\n", encoding="utf-8")
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"), "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": ""}
    command = env_dir / "bin" / "dominoes-arcade"

    def run(*args: str) -> str:
        done = subprocess.run([str(command), *args], cwd=work, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done.stdout

    assert run("--version").strip() == f"dominoes-arcade {PYPROJECT['project']['version']}, pure Python"
    assert "built-in defaults" in run("config", "check")
    paths = run("config", "paths")
    assert "checkout: none" in paths and str(tmp_path / "xdg-config" / "dominoes-arcade" / "config.user.toml") in paths
    run("simulate", "cyprus", "--players", "5", "--games", "2", "--out", "games.jsonl")
    assert "2 good, 0 bad" in run("replay", "games.jsonl", "--check")
    assert run("rules", "necropolis").startswith("# Necropolis")
    run("play", "necropolis", "--demo", "--headless", "--max-frames", "120")
    probe = ("from dominoes_arcade.client.theme import FONT_FILES; from dominoes_arcade import config; "
             "print(FONT_FILES[False].is_file(), FONT_FILES[False]); print(config.user_config_path())")
    done = subprocess.run([str(python), "-c", probe], cwd=work, env=env, capture_output=True, text=True, timeout=60)
    found, font = done.stdout.splitlines()[0].split(" ", 1)
    assert found == "True" and str(env_dir) in font, done
    assert done.stdout.splitlines()[1] == str(tmp_path / "xdg-config" / "dominoes-arcade" / "config.user.toml")
    assert sorted(p.name for p in work.iterdir()) == ["config.toml", "games.jsonl"]  # nothing else written here
