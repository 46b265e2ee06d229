"""A small Markdown reader for the rules screen: headings, paragraphs, bullet and
numbered lists, simple tables, code blocks and rules, with **bold** and `code`
spans. `parse` turns text into blocks; `layout` turns blocks into positioned
line surfaces for a given width, which the rules screen scrolls and blits (only
the visible ones).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from . import gfx
from .canvas import scalable
from .layout_check import label
from .theme import BODY, HEADING, LARGE, Style

SPAN = re.compile(r"(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)")
CODE_COLOUR = (255, 214, 140)


@dataclass
class Block:
    kind: str
    """heading, paragraph, bullet, table, code or rule."""
    text: str = ""
    level: int = 0
    """Heading level (1..6), or a list item's indent depth."""
    marker: str = ""
    """A list item's bullet or number."""
    rows: list[list[str]] = field(default_factory=list)


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("paragraph", " ".join(s.strip() for s in paragraph)))
            paragraph.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("```"):
            flush()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            blocks.append(Block("code", "\n".join(code)))
        elif re.match(r"#{1,6}\s", stripped):
            flush()
            hashes = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Block("heading", stripped[hashes:].strip(), level=hashes))
        elif re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", stripped):
            flush()
            blocks.append(Block("rule"))
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            blocks.append(Block("table", rows=rows))
            continue
        elif (item := re.match(r"(\s*)([-*+]|\d+[.)])\s+(.*)", line)) is not None:
            flush()
            depth = len(item.group(1).expandtabs(4)) // 2
            marker = "\u2022" if item.group(2) in "-*+" else item.group(2)
            text_lines = [item.group(3)]
            # Continuation lines: indented text that is not a new item.
            while i + 1 < len(lines) and lines[i + 1].startswith("  ") and lines[i + 1].strip() and \
                    not re.match(r"\s*([-*+]|\d+[.)])\s+", lines[i + 1]):
                i += 1
                text_lines.append(lines[i].strip())
            blocks.append(Block("bullet", " ".join(text_lines), level=depth, marker=marker))
        else:
            paragraph.append(line)
        i += 1
    flush()
    return blocks


def spans(text: str) -> list[tuple[str, str]]:
    """Inline styles: (text, "normal" | "bold" | "code" | "italic")."""
    out = []
    for piece in SPAN.split(text):
        if not piece:
            continue
        if piece.startswith("**") and piece.endswith("**") and len(piece) > 4:
            out.append((piece[2:-2], "bold"))
        elif piece.startswith("`") and piece.endswith("`") and len(piece) > 2:
            out.append((piece[1:-1], "code"))
        elif piece.startswith("*") and piece.endswith("*") and len(piece) > 2:
            out.append((piece[1:-1], "italic"))
        else:
            out.append((piece, "normal"))
    return out


class Layout:
    """Positioned line surfaces: ``items`` are (y, x, surface); ``height`` is the total."""

    def __init__(self) -> None:
        self.items: list[tuple[int, int, pygame.Surface]] = []
        self.height = 0

    def visible(self, top: int, bottom: int):
        for y, x, surface in self.items:
            if y + surface.get_height() >= top and y <= bottom:
                yield y, x, surface


def _render_runs(style: Style, text: str, width: int, size: int, colour, bold_all: bool = False) -> list:
    """Word-wrap styled text: one surface per line."""
    words: list[tuple[str, str]] = []
    for piece, kind in spans(text):
        if piece[:1].isspace() and words and not words[-1][0][-1:].isspace():
            # The space after a styled span belongs to it, so "**stacks** in" keeps its gap.
            words[-1] = (words[-1][0] + " ", words[-1][1])
        for word in re.findall(r"\S+\s*", piece):
            words.append((word, "bold" if bold_all and kind == "normal" else kind))
    # Words with no space between them ("(" and a bold "spinner", a code span and its
    # comma) are one unit: a line never breaks inside it (it broke after "(").
    units: list[list[tuple[str, str]]] = []
    for word, kind in words:
        if units and not units[-1][-1][0][-1:].isspace():
            units[-1].append((word, kind))
        else:
            units.append([(word, kind)])
    lines: list[list[tuple[str, str]]] = [[]]
    x = 0
    for unit in units:
        widths = [style.font(size, kind == "bold").size(word)[0] for word, kind in unit]
        last = unit[-1][0]
        w = sum(widths[:-1]) + style.font(size, unit[-1][1] == "bold").size(last.rstrip())[0]
        space = style.font(size).size(" ")[0] if last[-1:].isspace() else 0
        if x and x + w > width:
            lines.append([])
            x = 0
        lines[-1].extend(unit)
        x += w + space
    surfaces = []
    for line in lines:
        surface = _render_line(style, line, size, colour)
        scalable(surface, lambda scale, line=line: _render_line(style, line, max(1, round(size * scale)), colour))
        surfaces.append(label(surface, "".join(word for word, _kind in line)))
    return surfaces


def _render_line(style: Style, line: list[tuple[str, str]], size: int, colour) -> pygame.Surface:
    """One wrapped line's styled words side by side, at font `size`."""
    parts = []
    for word, kind in line:
        tint = CODE_COLOUR if kind == "code" else colour
        parts.append(style.font(size, kind in ("bold", "code")).render(word, True, tint))
    surface = pygame.Surface((max(1, sum(p.get_width() for p in parts)), style.font(size).get_linesize()),
                             pygame.SRCALPHA)
    x = 0
    for part in parts:
        surface.blit(part, (x, 0))
        x += part.get_width()
    return surface


def layout(blocks: list[Block], width: int, style: Style) -> Layout:
    p = style.palette
    out = Layout()
    y = 0
    for block in blocks:
        if block.kind == "heading":
            size = {1: HEADING, 2: LARGE + 4}.get(block.level, LARGE)
            y += 18 if out.items else 0
            for surface in _render_runs(style, block.text, width, size, p.accent, bold_all=True):
                out.items.append((y, 0, surface))
                y += surface.get_height()
            y += 8
        elif block.kind == "paragraph":
            for surface in _render_runs(style, block.text, width, BODY, p.text):
                out.items.append((y, 0, surface))
                y += surface.get_height()
            y += 10
        elif block.kind == "bullet":
            indent = 28 + 28 * block.level
            marker = style.text(block.marker, BODY, p.accent, bold=True)
            out.items.append((y, indent - marker.get_width() - 10, marker))
            for surface in _render_runs(style, block.text, width - indent, BODY, p.text):
                out.items.append((y, indent, surface))
                y += surface.get_height()
            y += 4
        elif block.kind == "code":
            for line in block.text.splitlines() or [""]:
                surface = style.text(line or " ", BODY - 2, CODE_COLOUR)
                out.items.append((y, 20, surface))
                y += surface.get_height()
            y += 10
        elif block.kind == "rule":
            line = pygame.Surface((width, 2), pygame.SRCALPHA)
            line.fill((*p.panel_border, 255))
            out.items.append((y + 8, 0, line))
            y += 20
        elif block.kind == "table" and block.rows:
            y = _layout_table(block.rows, width, style, out, y) + 12
    out.height = y
    return out


def _layout_table(rows: list[list[str]], width: int, style: Style, out: Layout, y: int) -> int:
    p = style.palette
    columns = max(len(r) for r in rows)
    rows = [r + [""] * (columns - len(r)) for r in rows]
    pad = 12
    natural = [max(style.font(BODY).size(re.sub(r"[*`]", "", r[c]))[0] for r in rows) + 2 * pad
               for c in range(columns)]
    total = sum(natural)
    if total > width:
        # Shrink the wide columns first: every column keeps at least its share.
        fair = width / columns
        spare = width - sum(min(n, fair) for n in natural)
        wide = sum(n - fair for n in natural if n > fair) or 1
        natural = [n if n <= fair else fair + (n - fair) * spare / wide for n in natural]
    widths = [int(n) for n in natural]
    for index, row in enumerate(rows):
        cells = [_render_runs(style, cell, widths[c] - 2 * pad, BODY, p.text, bold_all=index == 0)
                 for c, cell in enumerate(row)]
        height = max(sum(s.get_height() for s in cell) for cell in cells) + 10
        band = pygame.Surface((sum(widths), height), pygame.SRCALPHA)
        band.fill((255, 255, 255, 34) if index == 0 else (255, 255, 255, 12 if index % 2 else 0))
        gfx.line(band, (*p.panel_border, 160), (0, height - 1), (band.get_width(), height - 1))
        out.items.append((y, 0, band))
        x = 0
        for c, cell in enumerate(cells):
            cy = y + 5
            for surface in cell:
                out.items.append((cy, x + pad, surface))
                cy += surface.get_height()
            x += widths[c]
        y += height
    return y
