"""The report's HTML pieces, shared by the page (`report`) and its sections
(`report_time`): escaped text, a table, a figure with its caption."""

from __future__ import annotations

import html
from typing import Any


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def table(headers: list[str], rows: list[list[Any]], names: int = 1) -> str:
    """An HTML table; the first `names` columns are left-aligned text."""
    def cell(tag: str, i: int, value: Any) -> str:
        return f'<{tag} class="name">{esc(value)}</{tag}>' if i < names else f"<{tag}>{esc(value)}</{tag}>"

    head = "".join(cell("th", i, h) for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{esc(caption)}</figcaption></figure>"
