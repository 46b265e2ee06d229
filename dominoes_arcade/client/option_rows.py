"""A game's variant option as a row of the setup screens (the local game's setup
and the online lobby): a bool becomes a toggle, a list of choices a choice list,
a number range a slider, from the engine's option tables
(`dominoes_arcade.engine.game_options`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import games
from .widgets import ChoiceList, Slider, Toggle, Widget


def nice_step(minimum: float, maximum: float, integer: bool) -> float:
    """A round step giving at most about 100 positions over the range."""
    span = maximum - minimum
    if span <= 0:
        return 1
    raw = span / 100
    if integer and raw <= 1:
        return 1
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            step = factor * power
            return int(step) if integer else step
    return 10 * power


def option_widget(key: str, option, value: Any, on_change: Callable[[Any], None], rect,
                  help: str = "") -> Widget | None:
    """The row for option `key` showing `value`; None for a free-text option (it
    keeps its config.toml value)."""
    label = games.option_label(key)
    help = help or games.option_help(key, option)
    if option.choices:
        choices = [(choice, games.value_text(key, choice)) for choice in option.choices]
        return ChoiceList(rect, label, choices, value, on_change, help=help)
    if option.kind is bool:
        return Toggle(rect, label, bool(value), on_change, help=help)
    if option.kind in (int, float) and option.minimum is not None:
        integer = option.kind is int
        step = nice_step(option.minimum, option.maximum, integer)
        return Slider(rect, label, value, option.minimum, option.maximum, step, on_change, help=help,
                      format=(lambda v: str(int(v))) if integer else (lambda v: f"{v:.2f}"))
    return None
