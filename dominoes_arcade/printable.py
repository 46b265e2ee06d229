"""Text from outside the program, made safe to print: bot and seat names from
results files, journals, the game history and a bot program's hello, and whatever
else an input file says that a command quotes.

A terminal obeys the control characters it is sent: ``ESC ] 0 ; … BEL`` sets its
title, ``ESC [ 2 J`` clears it, and worse. So every such text is printed with its
control characters made visible (`visible`: ``\\x1b``, as Python writes them) and a
name is cut to a sane length (`name`): a bot's hello may name it with two
megabytes. Rich markup is no concern here: the commands print names as rich
`Text` or on a console with markup off, never as markup strings.

Standard library only, so every layer (tournament, bots, stats, the CLI) can
import it without a cycle.
"""

from __future__ import annotations

import re
from typing import Any

NAME_LIMIT = 80
"""The most characters of a name printed (a bot spec with its parameters fits)."""
TEXT_LIMIT = 300
"""The most characters of any other text from a file printed (a forfeit's message)."""

_BIDI_CONTROLS = {"\u061c", "\u200e", "\u200f", *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))}
"""Marks that reorder the text around them ("Trojan Source"): shown, never obeyed."""
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(_BIDI_CONTROLS)) + "]")
"""C0 and C1 control characters (C1's CSI, 0x9b, is an escape to some terminals),
DEL, line and paragraph separators, bidi controls and lone surrogates (which
cannot even be written as UTF-8)."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control character written out (ESC as ``\\x1b``, a newline
    as ``\\x0a``), so printing it shows it instead of obeying it.

    >>> visible("\\x1b]0;PWN\\x07bot")
    '\\\\x1b]0;PWN\\\\x07bot'
    """
    return _HIDDEN.sub(_escape, text)


def shorten(text: str, limit: int) -> str:
    """`text` cut to about `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def name(text: Any, limit: int = NAME_LIMIT) -> str:
    """A name (of a bot, a seat, a game) as it may be printed: cut to `limit`
    characters first (so a huge one costs nothing more), then made `visible`."""
    return visible(shorten(str(text), limit))


def text(value: Any, limit: int = TEXT_LIMIT) -> str:
    """Any other text from a file (a message, a setting) as it may be printed."""
    return visible(shorten(str(value), limit))


NAME_KEYS = frozenset({"bot", "bots", "a", "b", "bot_a", "bot_b", "candidate", "field", "seats", "others_a",
                       "others_b"})
"""The keys of results and comparisons whose strings are names (`cleaned`)."""


def cleaned(value: Any, limit: int = TEXT_LIMIT, name_limit: int = NAME_LIMIT) -> Any:
    """A parsed document (TOML or JSON: tables, lists, strings, numbers) with every
    string made printable: cut to `name_limit` under a key of `NAME_KEYS`, else to
    `limit` (keys too), then made `visible`. What a command that prints much of a
    file (`tournament show`) runs it through once, before printing anything."""
    if isinstance(value, str):
        return text(value, limit)
    if isinstance(value, dict):
        return {text(key, limit): cleaned(item, name_limit if key in NAME_KEYS else limit, name_limit)
                for key, item in value.items()}
    if isinstance(value, list):
        return [cleaned(item, limit, name_limit) for item in value]
    return value
