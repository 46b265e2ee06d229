"""The player's statistics, from the game history (`history.py`).

Counted: games with exactly one human seat ("you") against bots, demos left out
(bots in every seat) and hot-seat games too (several humans: whose result would
it be?). Rows are per game and per opponent difficulty: the bots' common
difficulty, or ``mixed`` when they differ. An online game counts as any other:
its one human seat is you, the other players' seats are ``online``, so a game
against other players only is a row ``online``, and one with bots at the table
too is ``mixed``. A game is a win when you are the only
winner, a draw when you share the win, a loss otherwise. A game a bot finished
for you ("Let the bot finish") is counted apart (``finished_by_bot``): it is
nobody's win or loss, nor part of a streak or a score. So is a game played with
the analysis view on (``assisted``): the move values were shown to you.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .engine import new_game
from .history import HistoryEntry


@cache
def higher_score_wins(game: str) -> bool:
    return bool(type(new_game(game)).higher_score_wins)


def verdict(entry: HistoryEntry, seat: int) -> str:
    """``win``, ``draw`` or ``loss`` for `seat`."""
    if seat not in entry.winners:
        return "loss"
    return "win" if len(entry.winners) == 1 else "draw"


def opponents(entry: HistoryEntry) -> str:
    levels = {kind for seat, kind in enumerate(entry.kinds) if kind != "human"}
    return levels.pop() if len(levels) == 1 else "mixed"


def yours(entries: list[HistoryEntry]) -> list[HistoryEntry]:
    """Your games (one human seat, not a demo), oldest first, bot-finished ones included."""
    return sorted((e for e in entries if not e.demo and len(e.humans) == 1), key=lambda e: e.finished_at)


def counted(entries: list[HistoryEntry]) -> list[HistoryEntry]:
    """The games the statistics count as results, oldest first: yours, played to the
    end by you without the analysis view."""
    return [entry for entry in yours(entries) if not entry.finished_by_bot and not entry.assisted]


@dataclass
class Row:
    game: str
    opponents: str
    results: list[str] = field(default_factory=list)
    """``win``/``draw``/``loss``, oldest first."""
    scores: list[int] = field(default_factory=list)
    finished_by_bot: int = 0
    """Games a bot finished for you: counted apart, in none of the other numbers."""
    assisted: int = 0
    """Games played with the analysis view on (not finished by a bot): counted apart too."""

    @property
    def games(self) -> int:
        return len(self.results)

    def count(self, result: str) -> int:
        return self.results.count(result)

    @property
    def win_rate(self) -> float:
        return self.count("win") / self.games if self.games else 0.0

    @property
    def best_score(self) -> int | None:
        if not self.scores:
            return None
        return max(self.scores) if higher_score_wins(self.game) else min(self.scores)

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def current_streak(self) -> int:
        """Wins in a row up to the latest game."""
        streak = 0
        for result in reversed(self.results):
            if result != "win":
                break
            streak += 1
        return streak

    @property
    def longest_streak(self) -> int:
        longest = run = 0
        for result in self.results:
            run = run + 1 if result == "win" else 0
            longest = max(longest, run)
        return longest

    def apart_words(self) -> str:
        """The row's games counted apart, in words ("1 game finished by the bot, 2
        with move values shown"), or "" when there are none: a row of only such games
        would otherwise read as nothing played."""
        parts = []
        for count, words in ((self.finished_by_bot, "finished by the bot"), (self.assisted, "with move values shown")):
            if count:
                games = "game" if count == 1 else "games"
                parts.append(f"{count} {words}" if parts else f"{count} {games} {words}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        average = self.average_score
        return {"game": self.game, "opponents": self.opponents, "games": self.games, "wins": self.count("win"),
                "draws": self.count("draw"), "losses": self.count("loss"), "win_rate": round(self.win_rate, 4),
                "best_score": self.best_score, "average_score": None if average is None else round(average, 2),
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "finished_by_bot": self.finished_by_bot, "assisted": self.assisted,
                "higher_score_wins": higher_score_wins(self.game)}


def statistics(entries: list[HistoryEntry]) -> list[Row]:
    """One row per game and opponent difficulty, in the order first played."""
    rows: dict[tuple[str, str], Row] = {}
    for entry in yours(entries):
        game = entry.record.game
        row = rows.setdefault((game, opponents(entry)), Row(game, opponents(entry)))
        if entry.finished_by_bot:
            row.finished_by_bot += 1
            continue
        if entry.assisted:
            row.assisted += 1
            continue
        you = entry.humans[0]
        row.results.append(verdict(entry, you))
        row.scores.append(int(entry.record.scores[you]))
    return list(rows.values())


def recent_results(entries: list[HistoryEntry], count: int = 20) -> list[tuple[str, str]]:
    """The latest `count` counted games, oldest first: (game, result)."""
    latest = counted(entries)[-count:]
    return [(entry.record.game, verdict(entry, entry.humans[0])) for entry in latest]
