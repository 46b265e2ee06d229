"""The optional compiled build (setup.py): the run that tests it really imports the
compiled modules, not the sources beside them, and the default run the sources;
`--version` says which build is running; and what compiling changes for a Python
caller (states cross process boundaries by pickle) works in both builds.

`.ci/run` sets ``DOMINOES_ARCADE_EXPECT_COMPILED=1`` for its run against the compiled
install; every other run expects pure Python."""

from __future__ import annotations

import importlib
import os
import pickle
import random
import runpy
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.build_info import build_name, is_compiled_module
from dominoes_arcade.cli import app
from dominoes_arcade.engine import GAMES, new_game

ROOT = Path(__file__).resolve().parent.parent
EXPECT_COMPILED = os.environ.get("DOMINOES_ARCADE_EXPECT_COMPILED") == "1"


def compiled_module_names() -> list[str]:
    """The modules setup.py compiles, as import names (its `COMPILED` list, read by
    running setup.py under another name than ``__main__``: it builds nothing then)."""
    paths = runpy.run_path(str(ROOT / "setup.py"), run_name="compiled_list")["COMPILED"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


@pytest.mark.parametrize("name", compiled_module_names())
def test_each_listed_module_comes_from_the_expected_build(name):
    module = importlib.import_module(name)
    assert is_compiled_module(module) is EXPECT_COMPILED, f"{name} was loaded from {module.__file__}"
    if EXPECT_COMPILED:
        # The compiled modules come from the install, never from a source tree.
        assert not Path(module.__file__).resolve().is_relative_to(ROOT / "dominoes_arcade")


def test_the_version_line_names_the_build():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    expected = "compiled (mypyc)" if EXPECT_COMPILED else "pure Python"
    assert build_name() == expected
    assert result.output.strip().endswith(expected)


@pytest.mark.parametrize("game", list(GAMES))
def test_states_views_and_determinizations_survive_pickling(game):
    """Bot worker processes and tournament workers receive states by pickle."""
    rng = random.Random(5)
    for stop in (0, 5, 30, 10_000):
        state = new_game(game)
        for _ in range(stop):
            if state.is_terminal:
                break
            state.apply_unchecked(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        seat = max(state.current_player, 0)
        for original in (state, state.view(seat), state.view(seat).determinize(rng)):
            copy = pickle.loads(pickle.dumps(original))
            assert type(copy) is type(original) and copy.zones() == original.zones()
            assert copy.current_player == original.current_player and copy.viewer == original.viewer
            assert copy.scores() == original.scores() and copy.outcome() == original.outcome()
            if not copy.is_chance:
                assert copy.legal_actions() == original.legal_actions()
