"""A plug-in bot module that defines no bot: it only imports the base class (a test fixture)."""

from dominoes_arcade.bots import Bot  # noqa: F401 - the name a spec could wrongly point at
