"""Bots: players that choose actions from what their seat may see (README, "Writing
a bot"). They import only the engine."""

from .base import Bot, BotError, Param
from .registry import REGISTRY, BotSpec, make_bot, parse_spec, register

__all__ = ["REGISTRY", "Bot", "BotError", "BotSpec", "Param", "make_bot", "parse_spec", "register"]
