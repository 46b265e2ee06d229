"""A bot's own figures about one decision (iterations searched, worlds sampled...),
which the tournament journal keeps beside each decision's time (docs/tournaments.md, "Journal and
resume"; docs/bot-protocol.md, "Figures").

Figures are a small table, name -> number: at most `MAX_FIGURES` names, each a short
lower-case word (``iterations``, ``worlds``, ``nodes_per_s``), each value a finite
number no larger than `MAX_VALUE` either way. An in-process bot gives them from
`Bot.decision_figures`; a bot program in the optional ``figures`` of its ``action``.
What breaks these rules is a fault of the bot, never a crash of ours.
"""

from __future__ import annotations

import re
from typing import Any

MAX_FIGURES = 8
"""Names in one decision's figures: the journal keeps every decision's, so few."""
MAX_VALUE = 1e15
"""The largest magnitude of a figure: exact as a double, and more than any count."""
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
"""A figure's name: a lower-case letter, then up to 31 lower-case letters, digits or ``_``."""

Figures = dict[str, int | float]


class BadFigures(ValueError):
    """Figures that break the rules of this module: the message says which rule."""


def check_figures(value: Any) -> Figures:
    """`value` as figures, checked (a new dict: the bot's own is not kept).
    :raises BadFigures: naming what is wrong and quoting it."""
    if not isinstance(value, dict):
        raise BadFigures(f"figures must be an object of names and numbers, not {_quote(value)}")
    if len(value) > MAX_FIGURES:
        raise BadFigures(f"at most {MAX_FIGURES} figures, not {len(value)}")
    checked: Figures = {}
    for name, number in value.items():
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise BadFigures(f"figure name {_quote(name)} is not a lower-case word (a-z, 0-9 and _, "
                             "a letter first, at most 32 characters)")
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise BadFigures(f"figure {name!r} must be a number, not {_quote(number)}")
        if not abs(number) <= MAX_VALUE:  # NaN compares false; a huge int is not made a float
            raise BadFigures(f"figure {name!r} must be a finite number of at most {MAX_VALUE:.0e} either way, "
                             f"not {_quote(number)}")
        checked[name] = number
    return checked


def _quote(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def as_columns(decisions: list[Figures | None]) -> dict[str, list[int | float | None]]:
    """One seat's figures, decision by decision, as the journal keeps them: a column
    per name (in the order the names first came), one value per decision, None where
    that decision did not report the name. ``[{"worlds": 3}, None]`` ->
    ``{"worlds": [3, None]}``."""
    names = list(dict.fromkeys(name for figures in decisions if figures for name in figures))
    return {name: [figures.get(name) if figures else None for figures in decisions] for name in names}
