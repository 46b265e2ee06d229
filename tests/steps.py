"""Helpers shared by the rules tests: play steps written in record notation (docs/architecture.md)."""

from __future__ import annotations

from dominoes_arcade.engine import State
from dominoes_arcade.engine.records import parse_step


def run(state: State, *steps: str) -> State:
    """Apply each ``"ACTOR MOVE"`` step through the checked path; returns `state`."""
    for step in steps:
        state.apply(parse_step(state, step))
    return state


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]
