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
from pathlib import Path

# mypyc (part of mypy) is needed only to build; the compiled modules do not import it.
MYPY = "mypy==2.4.1"

HERE = Path(__file__).resolve().parent
ENGINE_KEPT_PURE = ("__init__.py", "json_lines.py", "match.py", "observation.py", "record_check.py",
                    "record_format.py", "records.py", "registry.py", "view_codec.py", "view_json.py")
"""The engine's bookkeeping around the games: the registry, the driver, records and
views as JSON (a game's own ``*_view.py`` too)."""


def compiled_sources() -> list[str]:
    """The modules that profile hot in search and random play, each compiled whole:
    every game's rules with the pieces they are built from (the engine's modules but
    its bookkeeping, `ENGINE_KEPT_PURE`), the two searches, and every game's knowledge
    for the bots (`bots/heuristics/`). They are found by folder, so a new game's rules
    and knowledge are compiled with no edit here. The rest (the engine's bookkeeping,
    the bots' drivers, the CLI, the client) stays pure Python: it is not where the time
    goes, and some of it must stay dynamic. Paths from this folder, in a fixed order."""
    engine = [path for path in sorted((HERE / "dominoes_arcade" / "engine").glob("*.py"))
              if path.name not in ENGINE_KEPT_PURE and not path.name.endswith("_view.py")]
    searches = [HERE / "dominoes_arcade" / "bots" / name for name in ("ismcts.py", "pimc.py")]
    knowledge = [path for path in sorted((HERE / "dominoes_arcade" / "bots" / "heuristics").glob("*.py"))
                 if path.name != "__init__.py"]
    return [path.relative_to(HERE).as_posix() for path in (*engine, *searches, *knowledge)]


COMPILED = compiled_sources()


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


# Run by pip's build (setuptools runs this file as __main__); tests/test_build_compiled.py
# runs it under another name to read `COMPILED`, and builds nothing.
if __name__ == "__main__":
    from setuptools import setup

    extensions, build_requires = compiled_extensions()
    setup(ext_modules=extensions, setup_requires=build_requires)
