"""Which build of the package is running: the pure-Python default, or the optional
compiled one (the engine, ISMCTS and the rollout heuristics compiled with mypyc:
``DOMINOES_ARCADE_COMPILE=1 pip install .``, see setup.py). Benchmarks and bug
reports say which, since the two differ in speed, never in results."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType

from .engine import core


def is_compiled_module(module: ModuleType) -> bool:
    """Whether `module` was loaded from a compiled extension rather than its .py source."""
    return (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def build_name() -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``, judged by the engine's core module,
    which the compiled build always includes."""
    return "compiled (mypyc)" if is_compiled_module(core) else "pure Python"
