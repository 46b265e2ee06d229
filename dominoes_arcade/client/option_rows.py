"""A game's variant option as a row of the setup screens (the local game's setup
and the online lobby): a bool becomes a toggle, a list of choices a choice list,
a number range a slider, from the engine's option tables
(`dominoes_arcade.engine.game_options`); and the target score both screens propose
for the number of players (`TargetProposal`)."""

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


def option_widget(game: str, key: str, option, value: Any, on_change: Callable[[Any], None], rect,
                  help: str = "") -> Widget | None:
    """The row for `game`'s option `key` showing `value`; None for a free-text option
    (it keeps its config.toml value)."""
    label = games.option_label(game, key)
    help = help or games.option_help(game, key, option)
    if option.choices:
        choices = [(choice, games.value_text(game, key, choice)) for choice in option.choices]
        return ChoiceList(rect, label, choices, value, on_change, help=help)
    if option.kind is bool:
        return Toggle(rect, label, bool(value), on_change, help=help)
    if option.kind in (int, float) and option.minimum is not None:
        integer = option.kind is int
        step = nice_step(option.minimum, option.maximum, integer)
        return Slider(rect, label, value, option.minimum, option.maximum, step, on_change, help=help,
                      format=(lambda v: str(int(v))) if integer else (lambda v: f"{v:.2f}"))
    return None


class TargetProposal:
    """The target score of a game set up on a screen: proposed for the player count
    (the game's entry's `GameEntry.proposed_targets`, where rounds score more with
    more players: docs/cyprus-target.md) until the player chooses one, on the screen or in
    config.toml (any value but the rules' default); a chosen target is kept
    whatever the player count."""

    def __init__(self, game: str, options: dict[str, Any]):
        default = games.variant_options(game).get("target_score")
        self.chosen = default is not None and options.get("target_score", default.default) != default.default

    def apply(self, game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """`options` with the target proposed for `players` (unchanged once chosen)."""
        proposed = games.proposed_target(game, players)
        if proposed is None or self.chosen:
            return options
        return {**options, "target_score": proposed}

    def help(self, game: str, key: str, players: int) -> str:
        """The option row's help while the target is proposed ("" otherwise)."""
        if key == "target_score" and not self.chosen and games.proposed_target(game, players) is not None:
            return f"Proposed for {players} players, so that a game lasts a few rounds."
        return ""
