"""Misbehaving plug-in bots for the tournament tests (loaded by spec as
``tests/tournament_bots.py:Name``; not a test module)."""

from __future__ import annotations

import os
import sys
import time

from dominoes_arcade.bots import Bot
from dominoes_arcade.engine.core import lookup_action


class Raiser(Bot):
    """Plays randomly, then raises at its third decision."""

    def choose(self, view, legal):
        self.asked = getattr(self, "asked", 0) + 1
        if self.asked == 3:
            raise RuntimeError("the third decision is too hard")
        return legal[self.rng.randrange(len(legal))]


class Sleeper(Bot):
    """Never returns, and swallows ordinary exceptions while it waits: only a hard
    limit stops it."""

    def choose(self, view, legal):
        while True:
            try:
                time.sleep(1)
            except Exception:
                pass


class Cheater(Bot):
    """Answers with a Necropolis move that is never legal in the default variant."""

    def choose(self, view, legal):
        return lookup_action("necropolis", "pass")


class Unbuildable(Bot):
    """Cannot even be built: forfeits every game."""

    def __init__(self, *args, **kwargs):
        raise OSError("no such model file")


class Slow(Bot):
    """A random bot that takes 2 ms per decision, so a run lasts long enough to
    be interrupted."""

    def choose(self, view, legal):
        time.sleep(0.002)
        return legal[self.rng.randrange(len(legal))]


class Quitter(Bot):
    """Calls sys.exit() when asked to decide, as a careless script might."""

    def choose(self, view, legal):
        sys.exit(3)


class BadObserver(Bot):
    """Follows the game through `observe`, which fails on the first step."""

    def observe(self, view):
        raise ValueError("cannot read the table")

    def choose(self, view, legal):
        return legal[0]


class Vanisher(Bot):
    """Ends its whole process at its second decision, as a crashing C extension
    would: no exception, no clean-up."""

    def choose(self, view, legal):
        self.asked = getattr(self, "asked", 0) + 1
        if self.asked == 2:
            os._exit(7)
        return legal[0]


class Interrupter(Bot):
    """Raises KeyboardInterrupt when asked to decide, as if Ctrl-C had been pressed."""

    def choose(self, view, legal):
        raise KeyboardInterrupt("pretending to be Ctrl-C")


class Chatty(Bot):
    """Prints on both streams at every decision, from Python and below it."""

    def choose(self, view, legal):
        print("chatty thinks aloud")
        print("chatty complains", file=sys.stderr)
        os.write(1, b"chatty writes to fd 1\n")
        return legal[0]
