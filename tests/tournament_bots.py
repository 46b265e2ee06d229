"""Misbehaving plug-in bots for the tournament tests (loaded by spec as
``tests/tournament_bots.py:Name``; not a test module)."""

from __future__ import annotations

import os
import signal
import subprocess
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


class Spawner(Bot):
    """A slow random bot that starts a helper process (once per process of ours) and
    leaves it running, as a bot wrapping an engine might: the helper must not
    outlive the tournament. Its pid goes into the file named by $SPAWNER_PIDS."""

    helper = None

    def choose(self, view, legal):
        if Spawner.helper is None:
            Spawner.helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
            with open(os.environ["SPAWNER_PIDS"], "a", encoding="utf-8") as pids:
                pids.write(f"{Spawner.helper.pid}\n")
        time.sleep(0.01)
        return legal[self.rng.randrange(len(legal))]


class Stubborn(Bot):
    """Never returns and ignores SIGALRM (the watchdog's signal): only something
    outside its process can stop it."""

    def choose(self, view, legal):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        while True:
            time.sleep(1)


class Closer(Bot):
    """Raises GeneratorExit (a BaseException, not an Exception) at its first decision."""

    def choose(self, view, legal):
        raise GeneratorExit("closed")


class Strange(BaseException):
    pass


class Exotic(Bot):
    """Raises its own BaseException subclass at its first decision."""

    def choose(self, view, legal):
        raise Strange("from elsewhere")


class Loud(Bot):
    """Writes 256 KiB to its standard error at every decision."""

    def choose(self, view, legal):
        os.write(2, b"x" * 1023 + b"\n" * 1 + b"y" * (256 * 1024 - 1024))
        return legal[0]


class Miscounter(Bot):
    """A random bot whose figures break the rules from its second decision on (a
    name that is not a lower-case word)."""

    def choose(self, view, legal):
        self.asked = getattr(self, "asked", 0) + 1
        return legal[self.rng.randrange(len(legal))]

    def decision_figures(self):
        return {"moves": self.asked} if self.asked < 2 else {"Moves": self.asked}


class EndsWhenBuilt(Bot):
    """Ends its whole process in its constructor (a native library that aborts as it
    loads its model): no exception, no clean-up."""

    def __init__(self, *args, **kwargs):
        os._exit(5)
