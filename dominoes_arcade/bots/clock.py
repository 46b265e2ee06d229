"""Chess clocks for bots: a time control (``BASE+INC``, as fastchess's ``tc=``), each
seat's clock in one game, what a bot is told of it, and how a searching bot spends it.

A seat's clock starts at the base time; each of its decisions takes the time it
took, then gives back the increment. A decision that takes more than the clock holds
loses the game on time, unless it overran by no more than the margin (fastchess's
``timemargin``): then the overrun is forgiven and counted, and the clock stands at
zero before the increment. The driver (`driver.BotDriver`) keeps the clocks; the
tournament journal keeps each seat's clock after every decision.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

CONTROL = re.compile(r"(?P<base>\d+(?:\.\d+)?)(?:\+(?P<increment>\d+(?:\.\d+)?))?")
MOST_SECONDS = 86_400.0
"""A base time or increment beyond a day is taken for a slip."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Seconds on each seat's clock at the start of a game, and seconds added after
    each of its decisions."""

    base: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"10+0.1"`` (seconds, then the increment), or ``"10"`` (no increment).

        >>> TimeControl.parse("10+0.1")
        TimeControl(base=10.0, increment=0.1)

        :raises ValueError: one line saying what is wrong."""
        match = CONTROL.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"{text!r} is not BASE+INC: seconds per game, then seconds added after each move "
                             "(10+0.1, or 60 for no increment)")
        base, increment = float(match["base"]), float(match["increment"] or 0)
        if not 0 < base <= MOST_SECONDS or increment > MOST_SECONDS:
            raise ValueError(f"{text!r}: the base must be more than 0 and at most {MOST_SECONDS:.0f} seconds, "
                             f"the increment at most {MOST_SECONDS:.0f}")
        return cls(base, increment)

    def text(self) -> str:
        """The control as it is written (``10+0.1``)."""
        return f"{self.base:g}+{self.increment:g}"


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What a bot is told of its clock before a decision (`Bot.clock`)."""

    left_ms: float
    """Milliseconds left on its clock."""
    increment_ms: float
    """Milliseconds its clock gains after this decision."""
    limit_ms: float
    """The most this decision may take before the bot loses (its clock and the
    margin, or the move time limit where that is shorter)."""


class Clock:
    """One seat's clock in one game."""

    def __init__(self, control: TimeControl, margin: float = 0.0):
        self.control = control
        self.margin = margin
        """Seconds an overrun may last and be forgiven."""
        self.left = control.base
        """Seconds left."""
        self.overruns = 0
        """Overruns forgiven (within the margin)."""

    def allowance(self) -> float:
        """Seconds the next decision may take before the seat loses on time."""
        return self.left + self.margin

    def reading(self, move_limit: float | None) -> ClockReading:
        """What the bot is told before its next decision."""
        limit = self.allowance() if move_limit is None else min(self.allowance(), move_limit)
        return ClockReading(self.left * 1000, self.control.increment * 1000, limit * 1000)

    def spend(self, seconds: float) -> bool:
        """Take a decision's `seconds` off the clock and add the increment; False
        (the clock left as it was) when the seat lost on time."""
        if seconds > self.allowance():
            return False
        if seconds > self.left:
            self.overruns += 1
        self.left = max(self.left - seconds, 0.0) + self.control.increment
        return True


THINK_SHARE = 30
"""A searching bot under a clock plans for this many more decisions of its own (a
Cyprus game can run to several rounds): it thinks for the clock's 1/30th and most
of the increment."""
INCREMENT_SHARE = 0.8
SAFETY_SHARE = 0.5
"""Never more than half of what is left: the search stops a little after its budget."""


def think_ms(reading: ClockReading | None, most_ms: float) -> float:
    """The milliseconds a searching bot (`auto`) spends on its next decision: its own
    budget `most_ms` (what its difficulty means), cut to what the clock can afford.

    >>> think_ms(None, 150), think_ms(ClockReading(3000, 0, 3000), 150)
    (150, 100.0)
    """
    if reading is None:
        return most_ms
    affordable = reading.left_ms / THINK_SHARE + INCREMENT_SHARE * reading.increment_ms
    affordable = min(affordable, SAFETY_SHARE * reading.limit_ms)
    return max(min(most_ms, affordable), 1.0) if math.isfinite(affordable) else most_ms
