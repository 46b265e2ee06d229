"""Bot specs: a registered name with optional parameters
(``ismcts:iterations=2000,c=0.7``), ``package.module:Class``, or
``path/to/file.py:Class`` for a bot outside the package; a plug-in takes parameters
after one more colon (``mybots.py:Cautious:margin=3``); ``cmd:COMMAND`` for a program
speaking the bot protocol (`program`, docs/bot-protocol.md).

Every bot takes ``salt=N`` (`SALT`), which is not the bot's own parameter: it
changes the seed the bot is built with (`salted_seed`), so that two copies of one
algorithm (``ismcts,ismcts:salt=1``) play different games on the same deals, as an
A/A test needs (docs/sprt.md). A program's is the end of its spec,
``cmd:COMMAND,salt=N`` (`program.split_salt`): the program is sent the salted seed.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import plugin_probe
from .auto import AutoBot
from .base import Bot, BotError
from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .pimc import PimcBot
from .program import ProgramBot, parse_command, split_salt
from .random_bot import RandomBot
from .seeds import stable_seed

REGISTRY: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, GreedyBot, PimcBot, IsmctsBot, AutoBot)}
"""The built-in bots by name."""


SALT = "salt"
"""The spec parameter every bot takes (a whole number, 0 by default: the seed as it is)."""


def salted_seed(seed: int, salt: int) -> int:
    """The seed a bot with `salt` is built with: `seed` itself for salt 0 (so every
    spec without a salt plays as it always did), else another stream derived from it.

    >>> salted_seed(7, 0), salted_seed(7, 1) != 7
    (7, True)
    """
    return seed if salt == 0 else stable_seed(seed, "salt", salt)


def register(cls: type[Bot]) -> type[Bot]:
    REGISTRY[cls.name] = cls
    return cls


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: the text it came from, the bot class and its parameters."""

    text: str
    cls: type[Bot]
    params: tuple[tuple[str, str], ...]
    salt: int = 0
    """`SALT`: changes the bot's seed (`salted_seed`), not one of its parameters."""

    def make(self, game: str, seat: int, options: dict | None = None, seed: int = 0) -> Bot:
        return self.cls(game, seat, options, salted_seed(seed, self.salt), **dict(self.params))


def parse_params(text: str, spec: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BotError(f"bad parameter {item!r} in bot spec {spec!r}: write key=value")
        pairs.append((key.strip(), value.strip()))
    return tuple(pairs)


def parse_spec(spec: str) -> BotSpec:
    """Parse and check a bot spec (class found, parameters known and well typed).

    :raises BotError: naming the spec and what is wrong with it.
    """
    spec = spec.strip()
    if not spec:
        raise BotError("empty bot spec")
    head, _, rest = spec.partition(":")
    if head == "cmd":
        command, salt_text = split_salt(rest)
        params = () if salt_text is None else ((SALT, salt_text),)
        salt, _ = parse_salt(f"cmd:{command}", params, ProgramBot)
        return BotSpec(spec, ProgramBot, (("command", parse_command(command)),), salt)
    if head in REGISTRY:
        cls, params = REGISTRY[head], parse_params(rest, spec)
    elif head.endswith(".py") or "." in head or "/" in head:
        class_name, _, param_text = rest.partition(":")
        if not class_name:
            raise BotError(f"bot spec {spec!r} names no class: write {head}:ClassName")
        cls, params = _load_plugin(head, class_name, spec), parse_params(param_text, spec)
    else:
        raise BotError(f"unknown bot {head!r}: use one of {', '.join(REGISTRY)}, "
                       "package.module:Class, path/to/file.py:Class or cmd:COMMAND")
    # Check the parameters now, so a typo fails before any game is played.
    label = cls.name or cls.__name__
    salt, params = parse_salt(label, params, cls)
    for key, value in params:
        if key not in cls.params:
            known = ", ".join(cls.params) or "none"
            raise BotError(f"{label}: unknown parameter {key!r} (parameters: {known})")
        cls.params[key].convert(label, key, value)
    return BotSpec(spec, cls, params, salt)


def parse_salt(label: str, params: tuple[tuple[str, str], ...],
               cls: type[Bot]) -> tuple[int, tuple[tuple[str, str], ...]]:
    """The spec's salt (0 without one) and its other parameters. A bot with a
    parameter of its own named salt keeps it. :raises BotError:"""
    if SALT in cls.params:
        return 0, params
    salts = [value for key, value in params if key == SALT]
    if not salts:
        return 0, params
    if len(salts) > 1:
        raise BotError(f"{label}: {SALT} is given twice")
    text = salts[0]
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise BotError(f"{label}: {SALT} must be a whole number (at most 18 digits), not {text!r}")
    return int(text), tuple((key, value) for key, value in params if key != SALT)


def _load_plugin(target: str, class_name: str, spec: str) -> type[Bot]:
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():  # a FIFO would hang the import, a device never end it
            problem = "not a regular file" if path.exists() else "no file"
            raise BotError(f"bot spec {spec!r}: {problem} {target}")
        digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
        module_name = f"dominoes_arcade_plugin_{digest}"
        module = sys.modules.get(module_name)
        if module is None:
            failed = f"bot spec {spec!r}: {target} failed to load"
            if plugin_probe.enabled():
                plugin_probe.probe(target, failed)
            loader_spec = importlib.util.spec_from_file_location(module_name, path)
            module = importlib.util.module_from_spec(loader_spec)
            sys.modules[module_name] = module
            try:
                loader_spec.loader.exec_module(module)
            # A module that exits or raises KeyboardInterrupt at import must not end
            # the program: it is a bad spec like any other (exit 3 on the command line).
            except BaseException as error:
                del sys.modules[module_name]
                raise BotError(f"{failed}: {plugin_probe.describe(error)}") from None
    else:
        failed = f"bot spec {spec!r}: cannot import {target}"
        if target not in sys.modules and plugin_probe.enabled():
            plugin_probe.probe(target, failed)
        try:
            module = importlib.import_module(target)
        except BaseException as error:
            raise BotError(f"{failed}: {plugin_probe.describe(error)}") from None
    cls: Any = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotError(f"bot spec {spec!r}: {target} has no Bot subclass {class_name}")
    if cls is Bot:  # it plays no decision: every game would be a forfeit
        raise BotError(f"bot spec {spec!r}: {class_name} is the base class of every bot, not a bot: name a subclass")
    return cls


def make_bot(spec: str, game: str, seat: int, options: dict | None = None, seed: int = 0) -> Bot:
    """A bot from its spec, for `seat` of `game`. :raises BotError:"""
    return parse_spec(spec).make(game, seat, options, seed)


def check_builds(spec: str, game: str, options: dict[str, Any]) -> None:
    """Build the bot of `spec` once for `game` and drop it, so that a bot that does not
    play the game (or refuses a parameter) is refused before a tournament starts.
    With `plugin_probe` enabled (the command line), a plug-in is built in a child
    process: its constructor may end the process (``os._exit``), which must cost its
    games, not the run.

    :raises BotError: building raised a `BotError`. Any other failure is left to the
        games, where the bot forfeits.
    """
    parsed = parse_spec(spec)
    if plugin_probe.enabled() and parsed.cls not in REGISTRY.values() and parsed.cls is not ProgramBot:
        plugin_probe.probe_build(spec, game, options)
        return
    try:
        parsed.make(game, 0, options, 0)
    except BotError:
        raise
    except (Exception, SystemExit):  # a plug-in that fails to build forfeits its games and is reported
        pass


DIFFICULTIES = ("easy", "medium", "hard", "expert")


def difficulty_spec(settings_bots: Any, level: str) -> str:
    """The bot spec that difficulty `level` means in config.toml's ``[bots]``
    (``settings.bots``, or the same table as a dict), checked.

    The client's seats and the tournament both call this, so "hard" is the same bot
    everywhere.

    :raises BotError: for an unknown level, or a spec in the settings that does not
        parse (the message names the key).
    """
    if level not in DIFFICULTIES:
        raise BotError(f"unknown difficulty {level!r}: use one of {', '.join(DIFFICULTIES)}")
    table = settings_bots if isinstance(settings_bots, dict) else vars(settings_bots)
    spec = table[level]
    try:
        parse_spec(spec)
    except BotError as error:
        raise BotError(f"bots.{level} = {spec!r}: {error}") from None
    return spec
