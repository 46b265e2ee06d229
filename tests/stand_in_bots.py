"""A failing bot for the server's stand-in tests (loaded by spec as
``<path of this file>:Raises``; not a test module)."""

from __future__ import annotations

from dominoes_arcade.bots import Bot


class Raises(Bot):
    """Raises at every decision, as a broken plug-in or a bug would."""

    def choose(self, view, legal):
        raise RuntimeError("the stand-in cannot think")
