"""Parsing one line of a JSON Lines file (records, a tournament journal, the client's
history, its saved game) without letting a damaged line crash the program.

`json.loads` alone lets through, or fails with something other than a
`json.JSONDecodeError` on, input that then breaks whatever uses it:

- nesting thousands deep: `RecursionError` in the parser, or later in any code
  that walks or prints the value;
- an integer of more than 4,300 digits: a plain `ValueError`; of a few hundred:
  parsed, then `float()` of it raises `OverflowError`;
- a lone surrogate escape (``"\\ud800"``): a string that cannot be encoded, so
  printing or writing it raises `UnicodeEncodeError`;
- ``NaN`` and ``Infinity``, which are not JSON, and a number too big for a float
  (``1e999``), which Python reads as infinity;
- a line of any length.

`parse_line` refuses all of them with one `BadLine` (a `ValueError`) whose
message is short and printable, so every reader catches one exception and
reports the line. The checks on the raw text are cheap and only a line that
might hold one of these problems is looked at more closely, since a tournament
report parses tens of thousands of lines (this costs about 1.7 times
`json.loads` alone). Stdlib only, like the whole engine.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_LINE_BYTES = 4_000_000
"""The longest line any reader takes (the longest games write a few hundred
thousand characters); a longer one is reported and skipped unread."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects (records and journal lines use 4)."""
MAX_INT_DIGITS = 300
"""The longest integer (seeds use about 20 digits); shorter than a float's range,
so a number read from a line always converts to a float."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_BIG_EXPONENT = re.compile(r"[eE]\+?\d{3}")
"""An exponent of three digits or more: the only way a JSON number overflows a float."""


class BadLine(ValueError):
    """A line that is not a usable JSON value; ``str()`` says why in a few words."""


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise BadLine(f"a number of more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _no_constant(name: str) -> Any:
    raise BadLine(f"not JSON: {name} is not a JSON number")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise BadLine(f"not JSON: {text[:20]} is not a finite number")
    return number


def _check_depth(text: str, depth: int) -> None:
    if text.count("[") + text.count("{") <= depth:
        return  # too few brackets to nest too deeply: the common case, at once
    level = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub('""', text)):
        level += 1 if bracket in "[{" else -1
        if level > depth:
            raise BadLine(f"nested more than {depth} levels deep")


def _check_strings(value: Any) -> None:
    """Refuse a string (value or key) holding a lone surrogate, iteratively (the
    value is at most `MAX_DEPTH` deep, but its lists may be long)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                raise BadLine(f"a string holds a lone surrogate (\\u{ord(item[error.start]):04x}), "
                              "which is not text") from None


def parse_line(text: str, limit: int = MAX_LINE_BYTES, depth: int = MAX_DEPTH) -> Any:
    """The JSON value of one line of text (its newline may be left on).

    :raises BadLine: for text that is not JSON, longer than `limit` characters,
        nested more than `depth` deep, with an integer of more than
        `MAX_INT_DIGITS` digits, ``NaN``, ``Infinity`` or a number beyond a float's
        range, or a lone surrogate.
    """
    if len(text) > limit:
        raise BadLine(f"too long: {len(text)} characters (at most {limit})")
    _check_depth(text, depth)
    # A float hook would cost a call per float (a journal line holds hundreds): only
    # a line with a long exponent can overflow, and only such a line gets it.
    floats = _finite_float if _BIG_EXPONENT.search(text) else None
    try:
        # The integer hook costs a call per integer, a third more than `json.loads`
        # alone; looking for a long run of digits first cost more.
        value = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant, parse_float=floats)
    except json.JSONDecodeError as error:
        raise BadLine(f"not JSON: {error}") from None
    except RecursionError:  # the depth check counts brackets as JSON does: a safety net
        raise BadLine(f"nested more than {depth} levels deep") from None
    if _SURROGATE_ESCAPE.search(text):  # UTF-8 text itself cannot hold a surrogate: only an escape can
        _check_strings(value)
    return value
