"""Progress on stderr: a rich progress bar on a terminal (games done, rate, time
left, the current leader), plain one-line reports otherwise (logs, CI, pipes).

The leader shown is the bot with the best mean place among the games finished so
far, in the order they finished: a live hint, not the standings.

Every `rating_interval` finished games (``--rating-interval``, as fastchess's
``-ratinginterval``) it also prints the standings so far, each bot with its Elo and
win rate and their 95% intervals and its draw ratio, and, for an SPRT run, the SPRT
line (`sprt.sprt_status`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from .sprt import estimate
from .standings import GameResult, rank_game, wilson_interval

PLAIN_EVERY_SECONDS = 5.0
"""How often the plain report prints a line."""


RATING_INTERVAL = 100
"""The default of ``--rating-interval``: fastchess's is 10 games, but our bots often
play a game in a millisecond, and 10 would print hundreds of tables a minute."""


class LeaderBoard:
    """Running mean place, verdicts and game scores per bot."""

    def __init__(self, higher_score_wins: bool):
        self.higher_score_wins = higher_score_wins
        self.place_sum: dict[str, float] = {}
        self.seats: dict[str, int] = {}
        self.verdicts: dict[str, dict[str, int]] = {}
        """bot -> win, draw, loss -> games."""
        self.scores: dict[str, dict[float, int]] = {}
        """bot -> game score (share of opponents placed below, ties half) -> games."""

    def add(self, result: GameResult) -> None:
        places, verdicts = rank_game(result, self.higher_score_wins)
        players = len(result.seats)
        for bot, place, verdict in zip(result.seats, places, verdicts, strict=True):
            self.place_sum[bot] = self.place_sum.get(bot, 0.0) + place
            self.seats[bot] = self.seats.get(bot, 0) + 1
            tally = self.verdicts.setdefault(bot, {"win": 0, "draw": 0, "loss": 0})
            tally[verdict] = tally.get(verdict, 0) + 1
            score = (players - place) / (players - 1)
            self.scores.setdefault(bot, {})[score] = self.scores.setdefault(bot, {}).get(score, 0) + 1

    def standings_lines(self) -> list[str]:
        """The standings so far, best mean place first: Elo of the mean game score
        and the win rate, each with its 95% interval (games taken as independent:
        a live view; the results file has the careful figures), and the draws."""
        order = sorted(self.seats, key=lambda bot: (self.place_sum[bot] / self.seats[bot], bot))
        width = max([len(bot) for bot in order] + [3])
        lines = [f"{'#':>3} {'bot':<{width}} {'elo (95%)':>18} {'games':>6} {'W-D-L':>13} {'win rate (95%)':>21} "
                 f"{'draws':>6} {'mean rank':>9}"]
        for rank, bot in enumerate(order, 1):
            games, tally = self.seats[bot], self.verdicts[bot]
            found = estimate(self.scores[bot], "logistic")
            elo = f"{found.value:+.0f} [{found.low:+.0f}, {found.high:+.0f}]" if found is not None else "-"
            low, high = wilson_interval(tally["win"], games)
            wdl = f"{tally['win']}-{tally['draw']}-{tally['loss']}"
            rate = f"{tally['win'] / games:.3f} [{low:.2f}, {high:.2f}]"
            lines.append(f"{rank:>3} {bot:<{width}} {elo:>18} {games:>6} {wdl:>13} {rate:>21} "
                         f"{100 * tally['draw'] / games:5.1f}% {self.place_sum[bot] / games:9.2f}")
        return lines

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
                 stream: TextIO | None = None, rich: bool | None = None, rating_interval: int = 0,
                 sprt_status: Callable[[], str] | None = None):
        self.label = label
        self.rating_interval = rating_interval
        """Print the standings (and `sprt_status`) every this many finished games; 0: never."""
        self.sprt_status = sprt_status
        """The SPRT line of the test as it stands (an SPRT run), or None."""
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
        if self.rating_interval and self.done % self.rating_interval == 0:
            self.print_standings()

    def print_standings(self) -> None:
        """The standings so far and the SPRT line, as fastchess prints them every
        ``-ratinginterval`` games (above the bar on a terminal)."""
        lines = [f"{self.label}: standings after {self.done} of {self.total} games", *self.board.standings_lines()]
        if self.sprt_status is not None:
            lines.append(f"SPRT {self.sprt_status()}")
        text = "\n".join(lines)
        if self._bar is not None:
            from rich.text import Text

            self._bar.console.print(Text(text), highlight=False)  # bot specs are the user's text: no markup
        else:
            print(text, file=self.stream, flush=True)

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
