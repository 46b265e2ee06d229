"""Progress on stderr: a rich progress bar on a terminal (games done, rate, time
left, the current leader), plain one-line reports otherwise (logs, CI, pipes).

The leader shown is the bot with the best mean place among the games finished so
far, in the order they finished: a live hint, not the standings.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .standings import GameResult, rank_game

PLAIN_EVERY_SECONDS = 5.0
"""How often the plain report prints a line."""


class LeaderBoard:
    """Running mean place per bot."""

    def __init__(self, higher_score_wins: bool):
        self.higher_score_wins = higher_score_wins
        self.place_sum: dict[str, float] = {}
        self.seats: dict[str, int] = {}

    def add(self, result: GameResult) -> None:
        places, _ = rank_game(result, self.higher_score_wins)
        for bot, place in zip(result.seats, places, strict=True):
            self.place_sum[bot] = self.place_sum.get(bot, 0.0) + place
            self.seats[bot] = self.seats.get(bot, 0) + 1

    def leader(self) -> str:
        if not self.seats:
            return "-"
        best = min(self.seats, key=lambda bot: (self.place_sum[bot] / self.seats[bot], bot))
        return f"{best} (mean rank {self.place_sum[best] / self.seats[best]:.2f})"


def format_seconds(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Progress:
    """Shows progress of `total` games of which `already` were done before."""

    def __init__(self, label: str, total: int, already: int, higher_score_wins: bool,
                 stream: TextIO | None = None, rich: bool | None = None):
        self.label = label
        self.total = total
        self.already = already
        self.done = already
        self.board = LeaderBoard(higher_score_wins)
        self.stream = stream or sys.stderr
        self.rich = self.stream.isatty() if rich is None else rich
        self.started = time.perf_counter()
        self.last_print = self.started
        self._bar = None
        self._task = None

    def __enter__(self) -> Progress:
        self.started = self.last_print = time.perf_counter()
        if self.rich:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as RichProgress
            from rich.table import Column

            # Fixed widths for the figures; the leader (bot specs can be long) takes
            # what is left and is cut short first. No markup: a bot spec is the
            # user's text (``cmd:./bot [/x]`` is no closing tag).
            self._bar = RichProgress(
                TextColumn("{task.description}", style="bold", markup=False), BarColumn(bar_width=24),
                MofNCompleteColumn(), TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                TextColumn("leader {task.fields[leader]}", markup=False,
                           table_column=Column(ratio=1, no_wrap=True, overflow="ellipsis")),
                console=Console(file=self.stream), transient=False, expand=True)
            self._bar.start()
            self._task = self._bar.add_task(self.label, total=self.total, completed=self.already,
                                            rate="", leader="-")
        return self

    def add_known(self, result: GameResult) -> None:
        """A game finished before this run (from the journal): counts for the leader."""
        self.board.add(result)

    def advance(self, result: GameResult) -> None:
        self.board.add(result)
        self.done += 1
        now = time.perf_counter()
        if self._bar is not None:
            self._bar.update(self._task, completed=self.done, rate=f"{self.rate(now):.1f} games/s",
                             leader=self.board.leader())
        elif now - self.last_print >= PLAIN_EVERY_SECONDS:
            self.last_print = now
            self.print_line(now)

    def rate(self, now: float) -> float:
        elapsed = now - self.started
        return (self.done - self.already) / elapsed if elapsed > 0 else 0.0

    def print_line(self, now: float) -> None:
        rate = self.rate(now)
        left = format_seconds((self.total - self.done) / rate) if rate > 0 else "?"
        percent = 100 * self.done / self.total if self.total else 100.0
        print(f"{self.label}: {self.done}/{self.total} games ({percent:.0f}%), {rate:.1f} games/s, "
              f"{left} left, leader {self.board.leader()}", file=self.stream, flush=True)

    def __exit__(self, *exc_info) -> None:
        if self._bar is not None:
            self._bar.stop()
        else:
            self.print_line(time.perf_counter())
