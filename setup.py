"""The optional compiled build: with ``DOMINOES_ARCADE_COMPILE=1`` in the environment,
``pip install .`` compiles the hot modules (the engine's rules, ISMCTS and the
heuristics its rollouts call) to C extensions with mypyc: ISMCTS runs two to three
times as fast, random play 1.3 to 1.8 times (bench/builds.py); the .py sources ship
beside them in the wheel, and the results are the same.

Without the variable this file adds nothing: the package is pure Python (a
``py3-none-any`` wheel) and needs no compiler. Everything else about the package is
declared in pyproject.toml.
"""

from __future__ import annotations

import os

from setuptools import setup

# mypyc (part of mypy) is needed only to build; the compiled modules do not import it.
MYPY = "mypy==2.4.1"

# The modules that profile hot in search and random play, each compiled whole. The
# rest (registries, records, the CLI, the client) stays pure Python: it is not where
# the time goes, and some of it must stay dynamic.
COMPILED = [
    "dominoes_arcade/engine/core.py",
    "dominoes_arcade/engine/tiles.py",
    "dominoes_arcade/engine/chance.py",
    "dominoes_arcade/engine/necropolis.py",
    "dominoes_arcade/engine/buildup.py",
    "dominoes_arcade/engine/buildup_matrix.py",
    "dominoes_arcade/engine/cyprus.py",
    "dominoes_arcade/engine/cyprus_knowledge.py",
    "dominoes_arcade/engine/star_tables.py",
    "dominoes_arcade/engine/draw_block.py",
    "dominoes_arcade/bots/ismcts.py",
    "dominoes_arcade/bots/pimc.py",
    "dominoes_arcade/bots/heuristics/necropolis.py",
    "dominoes_arcade/bots/heuristics/buildup.py",
    "dominoes_arcade/bots/heuristics/cyprus.py",
    "dominoes_arcade/bots/heuristics/draw_block.py",
]


def compiled_extensions() -> tuple[list, list[str]]:
    """The extension modules and the extra build requirement, or nothing when the
    compiled build was not asked for."""
    if os.environ.get("DOMINOES_ARCADE_COMPILE", "") in ("", "0"):
        return [], []
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip's first pass (build requirements, in an isolated environment without
        # mypy): declare mypy, and pip installs it before the build proper.
        return [], [MYPY]
    # The type check that mypyc compiles from reads [tool.mypy] in pyproject.toml.
    return mypycify(["--config-file", "pyproject.toml", *COMPILED], opt_level="3"), [MYPY]


extensions, build_requires = compiled_extensions()
setup(ext_modules=extensions, setup_requires=build_requires)
