"""``dominoes-arcade bot serve SPEC``: any bot of ours as a bot program, speaking the
bot protocol (docs/bot-protocol.md) on standard input and output, so that it plays
in other people's tools, and so that the protocol is tested against itself.

A bot of ours decides from an engine view, which the protocol does not send: a
`shadow.Shadow` rebuilds the seat's game from the steps, kept from one decision to
the next.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import IO, Any

from ..engine import GAMES
from . import protocol
from .base import BotError
from .protocol import HIDDEN
from .registry import BotSpec
from .shadow import Shadow, ShadowError


class BadMessage(ValueError):
    """A message from the other side that `bot serve` cannot use: says what is wrong."""


def serve(spec: BotSpec, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Answer protocol messages from `stdin` with the bot of `spec` until ``quit``
    or the end of the input; the exit code.

    A malformed message is the other side's fault, not a reason to stop: it is
    reported on standard error, one line, and serving goes on. A ``decide`` that
    lists legal decisions is always answered (by a random one when no game could be
    started); one that lists none cannot be, and gets no reply."""
    bot = shadow = None
    for line in stdin:
        try:
            message = protocol.decode(line)
        except protocol.ProtocolError as error:
            log(f"ignored: {error}")
            continue
        kind = message["type"]
        reply: dict[str, Any] | None = None
        if kind == "hello":
            reply = {"type": "hello", "protocol": protocol.PROTOCOL, "name": spec.text,
                     "author": "dominoes-arcade (bot serve)"}
        elif kind == "start":
            bot = shadow = None  # a new game, good or bad, ends the one before
            try:
                bot, shadow = start(spec, message)
            except BadMessage as error:
                log(f"ignored: a bad start: {error}")
        elif kind == "decide":
            legal = message.get("legal")
            if not (isinstance(legal, list) and legal and all(isinstance(text, str) for text in legal)):
                log(f"ignored: a decide without legal decisions (legal = {protocol_text(legal)}): "
                    "nothing to answer with")
                continue
            if bot is None:
                log("a decide with no game started; playing a random legal decision")
                action = random.choice(legal)
            else:
                action = decide(bot, shadow, message)
            reply = {"type": "action", "action": action}
        elif kind == "quit":
            return 0
        if reply is not None:
            stdout.write(json.dumps(reply) + "\n")
            stdout.flush()
    return 0


def log(text: str) -> None:
    print(f"bot serve: {text}", file=sys.stderr, flush=True)


def protocol_text(value: Any, limit: int = 60) -> str:
    text = json.dumps(value) if value is not None else "missing"
    return text if len(text) <= limit else text[:limit] + "..."


def whole_number(message: dict[str, Any], key: str) -> int:
    value = message.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMessage(f"{key} must be an integer, not {protocol_text(value)}")
    return value


def start(spec: BotSpec, message: dict[str, Any]) -> tuple[Any, Shadow]:
    """The bot and its shadow game for a ``start`` message. :raises BadMessage:"""
    game, options = message.get("game"), message.get("options")
    options = {} if options is None else options
    if game not in GAMES:
        raise BadMessage(f"unknown game {game!r}: the games are {', '.join(GAMES)}")
    if not isinstance(options, dict):
        raise BadMessage(f"options must be a JSON object, not {protocol_text(options)}")
    seat, seed = whole_number(message, "seat"), whole_number(message, "seed")
    try:
        shadow = Shadow(game, options, seat)
        if not 0 <= seat < shadow.start.num_players:
            raise BadMessage(f"seat {seat} is not a seat of the game (0 to {shadow.start.num_players - 1})")
        return spec.make(game, seat, options, seed), shadow
    except (ValueError, BotError) as error:  # OptionError included: it names the option
        raise BadMessage(str(error)) from None
    except Exception as error:  # the bot's own constructor failed
        raise BadMessage(f"the bot could not be built ({type(error).__name__}: {error})") from None


def decide_inputs(message: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """The steps and the view of a ``decide`` message. :raises BadMessage:"""
    steps, view = message.get("steps"), message.get("view")
    view = {} if view is None else view
    if not (isinstance(steps, list) and all(isinstance(step, str) for step in steps)):
        raise BadMessage(f"steps must be a list of strings, not {protocol_text(steps)}")
    if not isinstance(view, dict):
        raise BadMessage(f"view must be a JSON object, not {protocol_text(view)}")
    zones = view.get("zones", {})
    if not (isinstance(zones, dict) and all(isinstance(tiles, list) and all(isinstance(t, str) for t in tiles)
                                            for tiles in zones.values())):
        raise BadMessage(f"view.zones must map zones to lists of tiles, not {protocol_text(zones)}")
    scores = view.get("scores")
    if scores is not None and not (isinstance(scores, list) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in scores)):
        raise BadMessage(f"view.scores must be a list of integers, not {protocol_text(scores)}")
    return steps, view


def decide(bot: Any, shadow: Shadow, message: dict[str, Any]) -> str:
    """The bot's decision for a ``decide`` message (its ``legal`` checked), as notation."""
    legal_texts = list(message["legal"])
    time_ms = message.get("time_ms")
    if not isinstance(time_ms, (int, float)) or isinstance(time_ms, bool):
        log(f"time_ms must be a number, not {protocol_text(time_ms)}: thinking up to 5 s")
        time_ms = 10_000
    deadline = time.perf_counter() + time_ms / 2000
    try:
        steps, view = decide_inputs(message)
        face_up = {tile for tiles in view.get("zones", {}).values() for tile in tiles if tile != HIDDEN}
        state = shadow.update(steps, face_up, view.get("scores"), deadline)
        legal = [a for a in state.legal_actions() if a.text in legal_texts]
        if legal:
            return bot.choose(state.view(shadow.seat), legal).text
    except (BadMessage, ShadowError) as error:
        log(f"{error}; playing a random legal decision")
    except Exception as error:  # the bot failed: the game goes on, the log says why
        log(f"the bot failed ({type(error).__name__}: {error}); playing a random legal decision")
    return random.choice(legal_texts)
