"""The bot interface (docs/bots.md, "Writing a bot").

A bot is built for one seat of one game::

    bot = MyBot(game="necropolis", seat=0, options={...}, seed=7, **params)

and asked for each decision with what its seat may see::

    action = bot.choose(view, legal)   # view = state.view(seat); legal = state.legal_actions()

It must return one of `legal`. `view` is a masked copy of the state: hidden tiles are
-1, and `view.determinize(rng)` samples a full state consistent with everything the
seat has seen. A bot that wants to follow the game overrides `observe(view)`, called
after every step with the seat's new view, and `game_over(outcome)`. Under a time
control, `clock` holds the seat's clock for the decision asked.

Bots import only the engine.
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import Action, Outcome, State
from .clock import ClockReading


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a search, then resumed as it was.

    A search builds thousands of objects that live until it ends (tree nodes,
    sampled states) and makes no reference cycles: reference counting frees all of
    it. Left on, the collector would walk the growing tree again and again for
    nothing: a tenth of a compiled ISMCTS search's time in Cyprus (docs/speed.md)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class BotError(ValueError):
    """A bad bot spec or parameter: the message names it."""


@dataclass(frozen=True)
class Param:
    """One tunable parameter of a bot: its default, type and meaning."""

    default: Any
    doc: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] = ()
    """The allowed values, when the parameter is one of a few words."""

    def convert(self, bot: str, name: str, value: Any) -> Any:
        kind = type(self.default)
        try:
            if kind is bool and isinstance(value, str):
                if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError
                converted = value.lower() in ("true", "1", "yes")
            else:
                converted = kind(value)
        except (TypeError, ValueError, OverflowError):
            raise BotError(f"{bot}: {name} must be {kind.__name__}, not {value!r}") from None
        if isinstance(converted, float) and not math.isfinite(converted):
            raise BotError(f"{bot}: {name} must be a finite number, not {value!r}")
        if self.minimum is not None and converted < self.minimum:
            raise BotError(f"{bot}: {name} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and converted > self.maximum:
            raise BotError(f"{bot}: {name} must be at most {self.maximum}, not {value!r}")
        if self.choices and converted not in self.choices:
            raise BotError(f"{bot}: {name} must be one of {', '.join(map(str, self.choices))}, not {value!r}")
        return converted

    def describe(self) -> str:
        """What values the parameter takes, e.g. ``int 1..10000000`` or ``one of a, b``."""
        if self.choices:
            return "one of " + ", ".join(map(str, self.choices))
        kind = type(self.default).__name__
        if self.minimum is None and self.maximum is None:
            return kind
        low = "" if self.minimum is None else _plain(self.minimum)
        high = "" if self.maximum is None else _plain(self.maximum)
        return f"{kind} {low}..{high}"


def _plain(number: float) -> str:
    """A bound without exponent or trailing zeros: 10000000, 0.5."""
    return str(int(number)) if float(number).is_integer() else f"{number}"


class Bot:
    """Base class of every bot. Subclasses set `name`, `description`, `params`
    and implement `choose`."""

    name: ClassVar[str] = ""
    """The registered name (`dominoes-arcade bots` lists them)."""
    description: ClassVar[str] = ""
    """One line for `dominoes-arcade bots`."""
    params: ClassVar[dict[str, Param]] = {}
    """Tunable parameters, set from a spec such as ``ismcts:iterations=2000``."""
    games: ClassVar[tuple[str, ...] | None] = None
    """The games it can play; None means every game."""

    def __init__(self, game: str, seat: int, options: dict | None = None, seed: int = 0, **params: Any):
        self.game = game
        self.seat = seat
        self.options = dict(options or {})
        self.seed = seed
        self.rng = random.Random(seed)
        """The bot's own RNG: never the global `random`, so a seed repeats a game."""
        label = self.name or type(self).__name__
        unknown = sorted(set(params) - set(self.params))
        if unknown:
            known = ", ".join(self.params) or "none"
            raise BotError(f"{label}: unknown parameter {unknown[0]!r} (parameters: {known})")
        for key, param in self.params.items():
            value = param.convert(label, key, params[key]) if key in params else param.default
            setattr(self, key, value)
        if self.games is not None and game not in self.games:
            raise BotError(f"{label} does not play {game} (it plays {', '.join(self.games)})")

    clock: ClockReading | None = None
    """The seat's clock for the decision `choose` is asked next, under a time control
    (``tournament run --time-control``): milliseconds left, the increment, and the
    most this decision may take; None without a time control. Set by the driver
    (`tell_clock`) before each `choose`."""

    def choose(self, view: State, legal: list[Action]) -> Action:
        """The decision for `view`'s seat: one of `legal` (never empty)."""
        raise NotImplementedError

    def tell_clock(self, reading: ClockReading) -> None:
        """Before a decision under a time control: the seat's clock (`clock`)."""
        self.clock = reading

    def observe(self, view: State) -> None:
        """The seat's view after a step; the driver calls it only for bots that
        override it."""

    def game_over(self, outcome: Outcome) -> None:
        """The game's end."""

    def decision_figures(self) -> dict[str, int | float] | None:
        """The bot's own figures about its latest decision (e.g. ``{"iterations":
        800}``), asked right after each `choose` and kept in the tournament journal;
        None (the default) when it reports none. At most 8 names, each a lower-case
        word, each value a finite number (`figures.check_figures`); others forfeit."""
        return None

    @classmethod
    def wants_observations(cls) -> bool:
        return cls.observe is not Bot.observe
