"""Statistics: the player's results from the game history (`dominoes_arcade.stats`),
one row per game and opponent difficulty (games, wins-draws-losses, win rate,
best and average score, current and longest winning streak), and under it a
chart of the latest results, oldest on the left.

Demos and hot-seat games are not counted (as ``dominoes-arcade stats``); the
games a bot finished for the player, and those played with the move values
shown (the analysis view), are counted apart, in a line under the rows. Up and
down (or Page Up / Page Down, the wheel) scroll the rows when there are more than
fit; "Watch the last game" replays the latest game of the history, "Review a game"
reviews any game of yours in it (`review`).
"""

from __future__ import annotations

import pygame

from ... import history, stats
from .. import games, gfx
from ..app import LOGICAL_SIZE
from ..input import InputEvent, Intent
from ..tables import TableSetup, open_table
from ..theme import BODY, LARGE, SMALL, plural
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
TABLE = pygame.Rect(60, 96, 1160, 330)
CHART = pygame.Rect(60, 438, 1160, 132)
ROW_HEIGHT = 34
VISIBLE_ROWS = (TABLE.height - 64) // ROW_HEIGHT
COLUMNS = (("Game", 170, "left"), ("Against", 130, "left"), ("Games", 90, "right"), ("W-D-L", 140, "right"),
           ("Win %", 100, "right"), ("Best", 100, "right"), ("Average", 120, "right"), ("Streak", 100, "right"),
           ("Longest", 110, "right"))
RESULT_COLOURS = {"win": (96, 196, 120), "draw": (240, 196, 80), "loss": (214, 92, 70)}
RESULT_HEIGHTS = {"win": 1.0, "draw": 0.6, "loss": 0.3}
"""Bar heights too, so the chart reads without telling colours apart."""
RECENT = 30


def game_title(game: str) -> str:
    return games.info(game).title if game in games.games() else game


def chart_mark(game: str) -> str:
    """The letters under a game's bar in the chart: the shortest start of its title
    that no other game's title shares ("N" for Necropolis, "Bu" for Build Up when
    another title starts with a B too)."""
    title = game_title(game)
    others = [game_title(other) for other in games.games() if other != game]
    for length in range(1, len(title) + 1):
        mark = title[:length].strip()
        if not any(other.startswith(mark) for other in others):
            return mark
    return title


def row_cells(row: stats.Row) -> list[str]:
    """The row's cells; for a row of only games counted apart, the game and the
    opponents, then the words for those games ("1 game finished by the bot"), which
    take the figures' columns (`StatisticsScene.draw_rows`)."""
    if not row.games:
        return [game_title(row.game), row.opponents.capitalize(), row.apart_words()]
    data = row.to_dict()
    average = "" if data["average_score"] is None else f"{data['average_score']:.1f}"
    best = "" if data["best_score"] is None else str(data["best_score"])
    return [game_title(row.game), row.opponents.capitalize(), str(row.games),
            f"{data['wins']}-{data['draws']}-{data['losses']}", f"{row.win_rate:.0%}", best, average,
            str(row.current_streak), str(row.longest_streak)]


def apart_note(rows: list[stats.Row]) -> str:
    """The games the rows leave out, or "": those a bot finished for the player,
    and those played with the move values shown."""
    parts = []
    for field, words in (("finished_by_bot", "finished by the bot"), ("assisted", "with move values shown")):
        by_game: dict[str, int] = {}
        for row in rows:
            if getattr(row, field):
                by_game[game_title(row.game)] = by_game.get(game_title(row.game), 0) + getattr(row, field)
        total = sum(by_game.values())
        if total:
            games_text = ", ".join(f"{title} {count}" for title, count in by_game.items())
            parts.append(f"{plural(total, 'game')} {words} ({games_text})")
    return f"Not counted above: {'; '.join(parts)}." if parts else ""


class StatisticsScene(MenuScene):
    name = "statistics"
    title = "Statistics"

    def __init__(self, app):
        self.entries, notice = history.read_history()
        if notice:
            app.toast(notice)
        self.rows = stats.statistics(self.entries)
        self.recent = stats.recent_results(self.entries, RECENT)
        self.first_row = 0
        super().__init__(app)

    def build(self) -> None:
        self.focus.add(Button((WIDTH // 2 - 480, 584, 300, 54), "Back", self.back, help="Back to the title screen."))
        if self.entries:
            self.focus.add(Button((WIDTH // 2 - 150, 584, 300, 54), "Watch the last game", self.watch_last,
                                  help="Replay the latest game of your history, every hand face up."))
            self.focus.add(Button((WIDTH // 2 + 180, 584, 300, 54), "Review a game", self.review,
                                  help="Your decisions in a game of yours, the costliest first."))

    def watch_last(self) -> None:
        """The latest finished game (demos included) in the replay viewer, where
        "Play from here" can take it over."""
        record = self.entries[-1].record
        seats = list(record.seats) or ["record"] * int(record.options.get("players", 2))
        open_table(self.app, TableSetup(record.game, seats, dict(record.options),
                                        record.seed if isinstance(record.seed, int) else 0, record=record))

    def review(self) -> None:
        """Choose a game of the history to review (`review.ReviewPickScene`)."""
        from .review import ReviewPickScene

        self.app.scenes.push(ReviewPickScene(self.app, self.entries))

    def scroll(self, by: int) -> None:
        self.first_row = max(0, min(max(0, len(self.rows) - VISIBLE_ROWS), self.first_row + by))

    def handle(self, event: InputEvent) -> None:
        moves = {Intent.UP: -1, Intent.DOWN: 1, Intent.PAGE_UP: -VISIBLE_ROWS, Intent.PAGE_DOWN: VISIBLE_ROWS}
        if event.intent in moves and len(self.rows) > VISIBLE_ROWS:
            self.scroll(moves[event.intent])
        elif event.intent is Intent.SCROLL:
            self.scroll(-round(event.amount))
        else:
            super().handle(event)

    # -- drawing ---------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, 52)
        self.app.panels.draw(surface, TABLE)
        self.app.panels.draw(surface, CHART)

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        self.draw_rows(surface)
        self.draw_chart(surface)
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface, 656)

    def draw_rows(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        y = TABLE.y + 18
        self._draw_cells(surface, [heading for heading, _w, _a in COLUMNS], y, p.accent, bold=True)
        gfx.line(surface, p.panel_border, (TABLE.x + 16, y + 32), (TABLE.right - 16, y + 32), 2)
        if not self.rows:
            text = ("No games counted yet: play a game against the bots and it shows here. "
                    "(Demos and hot-seat games are not counted.)")
            for index, line in enumerate(style.wrap(text, TABLE.width - 80, BODY)):
                surface.blit(style.text(line, BODY, p.text_dim), (TABLE.x + 40, y + 60 + index * 30))
            return
        for index, row in enumerate(self.rows[self.first_row:self.first_row + VISIBLE_ROWS]):
            self._draw_cells(surface, row_cells(row), y + 44 + index * ROW_HEIGHT, p.text)
        apart = apart_note(self.rows)
        if apart:
            text = style.text(apart, SMALL, p.text_dim)
            surface.blit(text, text.get_rect(bottomleft=(TABLE.x + 24, TABLE.bottom - 8)))
        if len(self.rows) > VISIBLE_ROWS:
            more = f"rows {self.first_row + 1}-{min(len(self.rows), self.first_row + VISIBLE_ROWS)} " \
                   f"of {len(self.rows)} \u00b7 \u2191\u2193 scroll"
            text = style.text(more, SMALL, p.text_dim)
            surface.blit(text, text.get_rect(bottomright=(TABLE.right - 18, TABLE.bottom - 8)))

    def _draw_cells(self, surface, cells: list[str], y: int, colour, bold: bool = False) -> None:
        style = self.app.style
        x = TABLE.x + 24
        # A row of only games counted apart has fewer cells: its words, then nothing (`row_cells`).
        for index, ((_heading, width, align), cell) in enumerate(zip(COLUMNS, cells, strict=False)):
            text = style.text(cell, BODY - 1, colour, bold=bold)
            if len(cells) < len(COLUMNS) and index == len(cells) - 1:
                surface.blit(text, (x, y))  # words over the figures' columns, from the first of them
            elif align == "left":
                surface.blit(text, (x, y))
            else:
                surface.blit(text, text.get_rect(topright=(x + width - 12, y)))
            x += width

    def draw_chart(self, surface: pygame.Surface) -> None:
        style = self.app.style
        p = style.palette
        heading = f"Your last {len(self.recent)} games" if self.recent else "Your last games"
        surface.blit(style.text(heading, LARGE - 4, p.text, bold=True), (CHART.x + 22, CHART.y + 12))
        key_x = CHART.right - 22
        for result in ("loss", "draw", "win"):
            label = style.text(result.capitalize(), SMALL, p.text_dim)
            key_x -= label.get_width()
            surface.blit(label, (key_x, CHART.y + 16))
            key_x -= 22
            gfx.rect(surface, RESULT_COLOURS[result], (key_x, CHART.y + 18, 14, 14), border_radius=3)
            key_x -= 18
        if not self.recent:  # (an empty chart read as nothing to see: say why)
            words = "No game counted yet" + (": those above are counted apart." if self.rows else ".")
            text = style.text(words, BODY - 1, p.text_dim)
            surface.blit(text, text.get_rect(midleft=(CHART.x + 22, CHART.centery + 14)))
            return
        base = CHART.bottom - 18
        tallest = CHART.height - 64
        width = min(32, (CHART.width - 44) // RECENT - 4)
        for index, (game, result) in enumerate(self.recent):
            height = round(tallest * RESULT_HEIGHTS[result])
            bar = pygame.Rect(CHART.x + 22 + index * (width + 4), base - height, width, height)
            gfx.rect(surface, RESULT_COLOURS[result], bar, border_radius=4)
            mark = style.text(chart_mark(game), SMALL - 2, p.text_dark, bold=True)
            surface.blit(mark, mark.get_rect(midbottom=(bar.centerx, bar.bottom - 2)))

    def prompts(self) -> list[tuple[Intent, str]]:
        prompts = [(Intent.CONFIRM, "Choose"), (Intent.BACK, "Back")]
        if len(self.rows) > VISIBLE_ROWS:
            prompts.insert(0, (Intent.UP, "Scroll"))
        return prompts
