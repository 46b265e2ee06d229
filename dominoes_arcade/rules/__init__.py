"""The rules documents (one Markdown file a game, named by its registry entry), for
the `rules` command, the client's rules pages and the client's lessons.

A document marks the passages a lesson shows with HTML comments, on lines of their
own or inside a line: ``<!-- lesson: draw -->`` ... ``<!-- /lesson -->``. The
marks are the lessons' only source of words about the rules, so a lesson and the
rules never disagree; `rules_text` leaves them out, so no reader ever sees them.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from ..engine import entry

MARK = re.compile(r"<!-- (?:lesson: [a-z0-9-]+|/lesson) -->")
_MARK_LINE = re.compile(r"^[ \t]*<!-- (?:lesson: [a-z0-9-]+|/lesson) -->[ \t]*\n", re.MULTILINE)
_PASSAGE = re.compile(r"<!-- lesson: ([a-z0-9-]+) -->(.*?)<!-- /lesson -->", re.DOTALL)
_EMPHASIS = re.compile(r"\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|`([^`]+)`")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+", re.MULTILINE)


def marked_text(game: str) -> str:
    """The rules document of `game` as written, its lesson marks included.

    :raises UnknownGame: for a game not registered.
    :raises FileNotFoundError: for a game whose document is not written yet.
    """
    where = entry(game).rules
    if where is None:
        raise FileNotFoundError(f"{game} has no rules document yet")
    package, _, name = where.partition(":")
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def rules_text(game: str) -> str:
    """The rules document of `game`, as this program plays it (without the lesson
    marks: a mark alone on its line goes with its line).

    :raises UnknownGame: for a game not registered.
    :raises FileNotFoundError: for a game whose document is not written yet.
    """
    return MARK.sub("", _MARK_LINE.sub("", marked_text(game)))


def plain(markdown: str) -> str:
    """A passage of Markdown as one plain paragraph: emphasis and code spans keep
    their words, list markers go, lines are joined."""
    text = _LIST_MARKER.sub("", markdown.strip())
    text = _EMPHASIS.sub(lambda match: next(group for group in match.groups() if group is not None), text)
    return " ".join(text.split())


def lesson_passages(game: str) -> dict[str, str]:
    """Every passage the rules document of `game` marks for its lesson, by its name,
    as plain text (`plain`).

    :raises ValueError: for a name marked twice.
    """
    return dict(_lesson_passages(game))


@functools.cache
def _lesson_passages(game: str) -> tuple[tuple[str, str], ...]:
    # Once a game: a lesson words its callout every frame it draws, and the documents
    # are part of the installed package (they never change while it runs).
    passages: dict[str, str] = {}
    for match in _PASSAGE.finditer(marked_text(game)):
        name = match.group(1)
        if name in passages:
            raise ValueError(f"the {game} rules mark the lesson passage {name!r} twice")
        passages[name] = plain(MARK.sub("", match.group(2)))
    return tuple(passages.items())
