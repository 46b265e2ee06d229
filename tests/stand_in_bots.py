"""A failing bot and a slow one for the server's bot tests (loaded by spec as
``<path of this file>:Raises`` or ``:Slow``; not a test module)."""

from __future__ import annotations

from dominoes_arcade.bots import Bot


class Raises(Bot):
    """Raises at every decision, as a broken plug-in or a bug would."""

    def choose(self, view, legal):
        raise RuntimeError("the stand-in cannot think")


class Slow(Bot):
    """Thinks `SECONDS` (asleep: its thread lets the others run), then plays the first legal action."""

    SECONDS = 0.3

    def choose(self, view, legal):
        import time

        time.sleep(self.SECONDS)
        return legal[0]
