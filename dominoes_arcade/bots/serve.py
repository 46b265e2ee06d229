"""``dominoes-arcade bot serve SPEC``: any bot of ours as a bot program, speaking the
bot protocol (docs/bot-protocol.md) on standard input and output, so that it plays
in other people's tools, and so that the protocol is tested against itself.

It speaks version 2: each ``decide`` carries the seat's engine view as JSON, which
`view_json.view_from_json` builds back, and the bot decides on that view exactly as
it would in our own process. Its ``action`` carries the bot's own ``figures`` when
it reports them (iterations, worlds), as in our own journal.
"""

from __future__ import annotations

import json
import random
import sys
from typing import IO, Any

from ..engine import GAMES, InvalidNotation, State, new_game
from ..engine.view_json import ViewError, view_from_json
from . import protocol
from .base import BotError
from .clock import ClockReading
from .figures import check_figures
from .registry import BotSpec

SERVED_PROTOCOL = 2
"""The protocol version `bot serve` answers a hello with."""


class BadMessage(ValueError):
    """A message from the other side that `bot serve` cannot use: says what is wrong."""


def serve(spec: BotSpec, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Answer protocol messages from `stdin` with the bot of `spec` until ``quit``
    or the end of the input; the exit code.

    A malformed message is the other side's fault, not a reason to stop: it is
    reported on standard error, one line, and serving goes on. A ``decide`` that
    lists legal decisions is always answered (by a random one when no game could be
    started); one that lists none cannot be, and gets no reply."""
    bot = game = None
    for line in stdin:
        try:
            message = protocol.decode(line)
        except protocol.ProtocolError as error:
            log(f"ignored: {error}")
            continue
        kind = message["type"]
        reply: dict[str, Any] | None = None
        if kind == "hello":
            reply = {"type": "hello", "protocol": SERVED_PROTOCOL, "name": spec.text,
                     "author": "dominoes-arcade (bot serve)", "games": list(GAMES)}
        elif kind == "start":
            bot = game = None  # a new game, good or bad, ends the one before
            try:
                bot, game = start(spec, message)
            except BadMessage as error:
                log(f"ignored: a bad start: {error}")
        elif kind == "decide":
            legal = message.get("legal")
            if not (isinstance(legal, list) and legal and all(isinstance(text, str) for text in legal)):
                log(f"ignored: a decide without legal decisions (legal = {protocol_text(legal)}): "
                    "nothing to answer with")
                continue
            if bot is None or game is None:
                log("a decide with no game started; playing a random legal decision")
                reply = {"type": "action", "action": random.choice(legal)}
            else:
                reply = decide(bot, game, message)
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


def start(spec: BotSpec, message: dict[str, Any]) -> tuple[Any, State]:
    """The bot for a ``start`` message, and the game as it starts (for its name,
    options and seats). :raises BadMessage:"""
    game, options = message.get("game"), message.get("options")
    options = {} if options is None else options
    if game not in GAMES:
        raise BadMessage(f"unknown game {game!r}: the games are {', '.join(GAMES)}")
    if not isinstance(options, dict):
        raise BadMessage(f"options must be a JSON object, not {protocol_text(options)}")
    seat, seed = whole_number(message, "seat"), whole_number(message, "seed")
    try:
        state = new_game(game, options=options)
        if not 0 <= seat < state.num_players:
            raise BadMessage(f"seat {seat} is not a seat of the game (0 to {state.num_players - 1})")
        return spec.make(game, seat, options, seed), state
    except (ValueError, BotError) as error:  # OptionError included: it names the option
        raise BadMessage(str(error)) from None
    except Exception as error:  # the bot's own constructor failed
        raise BadMessage(f"the bot could not be built ({type(error).__name__}: {error})") from None


def decide_view(game: State, seat: int, message: dict[str, Any]) -> State:
    """The seat's engine view, built back from a ``decide`` message's ``view``
    (version 2). :raises BadMessage:"""
    view = message.get("view")
    if not isinstance(view, dict):
        raise BadMessage(f"view must be a JSON object, not {protocol_text(view)}")
    if "current_player" not in view:
        raise BadMessage("the view is a version 1 summary, without the seat's view (the other side speaks "
                         "protocol 1 only)")
    try:
        state = view_from_json(view)
    except ViewError as error:
        raise BadMessage(f"the view cannot be read ({error})") from None
    if state.game != game.game or state.options_dict() != game.options_dict() or state.viewer != seat:
        raise BadMessage(f"the view is of another game or seat ({state.game}, seat {state.viewer}) than the one "
                         f"started ({game.game}, seat {seat})")
    return state


def decide(bot: Any, game: State, message: dict[str, Any]) -> dict[str, Any]:
    """The ``action`` reply to a ``decide`` message (its ``legal`` checked): the bot's
    decision as notation, with the bot's own ``figures`` when it reports them
    (`Bot.decision_figures`; left out, and logged, when they break the rules)."""
    legal_texts = list(message["legal"])
    try:
        view = decide_view(game, bot.seat, message)
        try:
            legal = [view.parse_action(text) for text in legal_texts]
        except InvalidNotation as error:
            raise BadMessage(f"legal lists a decision that is not one: {error}") from None
        if "clock_ms" in message:  # under a time control: the bot budgets from its clock
            bot.tell_clock(ClockReading(whole_number(message, "clock_ms"), whole_number(message, "increment_ms"),
                                        whole_number(message, "time_ms")))
        reply = {"type": "action", "action": bot.choose(view, legal).text}
    except BadMessage as error:
        log(f"{error}; playing a random legal decision")
    except Exception as error:  # the bot failed: the game goes on, the log says why
        log(f"the bot failed ({type(error).__name__}: {error}); playing a random legal decision")
    else:
        try:
            figures = bot.decision_figures()
            if figures is not None:
                reply["figures"] = check_figures(figures)
        except Exception as error:  # figures are extra: the decision stands without them
            log(f"the bot's figures are left out ({type(error).__name__}: {error})")
        return reply
    return {"type": "action", "action": random.choice(legal_texts)}
