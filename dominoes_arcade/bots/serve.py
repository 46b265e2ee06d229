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

from . import protocol
from .protocol import HIDDEN
from .registry import BotSpec
from .shadow import Shadow, ShadowError


def serve(spec: BotSpec, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Answer protocol messages from `stdin` with the bot of `spec` until ``quit``
    or the end of the input; the exit code."""
    bot = shadow = None
    for line in stdin:
        try:
            message = protocol.decode(line)
        except protocol.ProtocolError as error:
            print(f"bot serve: ignored: {error}", file=sys.stderr)
            continue
        kind = message["type"]
        reply: dict[str, Any] | None = None
        if kind == "hello":
            reply = {"type": "hello", "protocol": protocol.PROTOCOL, "name": spec.text,
                     "author": "dominoes-arcade (bot serve)"}
        elif kind == "start":
            options, seat = message.get("options") or {}, int(message.get("seat", 0))
            bot = spec.make(message["game"], seat, options, int(message.get("seed", 0)))
            shadow = Shadow(message["game"], options, seat)
        elif kind == "decide" and bot is not None:
            reply = {"type": "action", "action": decide(bot, shadow, message)}
        elif kind == "quit":
            return 0
        if reply is not None:
            stdout.write(json.dumps(reply) + "\n")
            stdout.flush()
    return 0


def decide(bot: Any, shadow: Shadow, message: dict[str, Any]) -> str:
    """The bot's decision for a ``decide`` message, as notation."""
    legal_texts = list(message["legal"])
    view = message.get("view") or {}
    zones = view.get("zones", {})
    face_up = {tile for tiles in zones.values() for tile in tiles if tile != HIDDEN}
    time_ms = message.get("time_ms")
    deadline = time.perf_counter() + (time_ms / 2000 if isinstance(time_ms, (int, float)) else 5.0)
    try:
        state = shadow.update(message["steps"], face_up, view.get("scores"), deadline)
        legal = [a for a in state.legal_actions() if a.text in legal_texts]
        if legal:
            return bot.choose(state.view(shadow.seat), legal).text
    except ShadowError as error:
        print(f"bot serve: {error}; playing a random legal decision", file=sys.stderr)
    except Exception as error:  # the bot failed: the game goes on, the log says why
        print(f"bot serve: the bot failed ({type(error).__name__}: {error}); playing a random legal decision",
              file=sys.stderr)
    return random.choice(legal_texts)
