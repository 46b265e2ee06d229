"""Bots: players that choose actions from what their seat may see (docs/bots.md, "Writing
a bot"). They import only the engine."""

from .base import Bot, BotError, Param
from .registry import DIFFICULTIES, REGISTRY, BotSpec, check_builds, difficulty_spec, make_bot, parse_spec, register

__all__ = ["DIFFICULTIES", "REGISTRY", "Bot", "BotError", "BotSpec", "Param", "check_builds", "difficulty_spec",
           "make_bot", "parse_spec", "register"]
