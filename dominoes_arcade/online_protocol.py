"""The messages between the room server and its clients: JSON objects, one a
WebSocket text message, each with a ``type`` (docs/online.md lists every type with
its fields and an example).

What a seat is sent is built here from the engine alone, so that what each seat
may see is decided in one place: a step's notation with its tile written ``?``
when the seat did not see it (`Match.visible`), the engine's events as the seat saw
them (`session.events.seen_events`), the seat's view (`State.view`, as
`engine.view_json` writes it). A spectator (the engine's `SPECTATOR`) is told what
every player sees: each step and, after it, the spectator's view.

Both sides read it, the server (`dominoes_arcade.server`) and the client's side
(`dominoes_arcade.remote`), so it is a layer below both, in neither package: each
side depends on the messages, never on the other side.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from .bots.protocol import masked
from .engine import Event
from .engine.core import SPECTATOR, State, Termination
from .engine.json_lines import BadLine, parse_line
from .engine.match import Match
from .engine.tiles import BY_NAME, NAME
from .engine.view_json import HIDDEN, NOBODY, view_to_json
from .session.events import seen_events

MAX_MESSAGE = 4096
"""The longest message a client may send, in characters (an action is a few words)."""
MAX_DEPTH = 16
"""The deepest a message (or a room file) may nest arrays and objects: none needs
more than three levels (`engine.json_lines.parse_line` reads both)."""
HOST_LEFT = "host_left"
"""The ``reason`` of a link lost for good because its room went with its host's
client (`link.OnlineLink`, read by `online_session`)."""
CLIENT_TYPES = ("create", "join", "spectate", "resume", "setup", "start", "act", "view", "ping")
"""The messages a client may send (docs/online.md)."""


class BadMessage(ValueError):
    """A client's message the server cannot take (the error message says why)."""


def parse(text: Any) -> dict[str, Any]:
    """A client's message as a dict with a known ``type``.

    :raises BadMessage: for anything else (binary, too long, not JSON, a number
        that is not finite, nested too deeply, no type).
    """
    if not isinstance(text, str):
        raise BadMessage("messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise BadMessage(f"message too long ({len(text)} characters, at most {MAX_MESSAGE})")
    try:
        message = parse_line(text, MAX_MESSAGE, MAX_DEPTH)
    except BadLine as problem:
        raise BadMessage(f"message is {problem}") from None
    if not isinstance(message, dict):
        raise BadMessage("a message is a JSON object")
    if message.get("type") not in CLIENT_TYPES:
        raise BadMessage(f"unknown message type {message.get('type')!r}")
    return message


def dump(message: dict[str, Any]) -> str:
    """`message` as JSON text; never ``NaN`` or ``Infinity``, which are not JSON
    (:raises ValueError: instead, as no message the server builds holds one)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def seat_json(seat: int) -> int:
    """`seat` as a message writes it: a spectator's (`SPECTATOR`) as `NOBODY` (-1),
    nobody's seat, as the protocol always wrote it (docs/online.md)."""
    return NOBODY if seat == SPECTATOR else seat


def seat_from_json(number: int) -> int:
    """A message's seat number back: `NOBODY` is a spectator (`SPECTATOR`)."""
    return SPECTATOR if number == NOBODY else number


def error(text: str, ref: Any = None) -> dict[str, Any]:
    """An error answer: the request (its ``id`` as `ref`) was ignored and nothing changed."""
    return {"type": "error", "message": text, "ref": ref}


def event_json(event: Event) -> dict[str, Any]:
    """An engine event as JSON: its tile by name, ``?`` when hidden, null when none."""
    moves = bool(event.src or event.dst)
    return {"kind": event.kind, "seat": event.seat,
            "tile": NAME[event.tile] if event.tile >= 0 else HIDDEN if moves else None,
            "from": event.src, "to": event.dst, "face_up": event.face_up, "value": _value(event.value)}


def _value(value: Any) -> Any:
    """An event's value as JSON: numbers and words as they are, a round's or a hand's
    result as an object; the hands a finished round shows (every hand is shown then)
    by tile name."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Termination):
        return value.name.lower()
    fields = getattr(value, "_fields", None) or getattr(value, "__dataclass_fields__", None)
    if fields:
        return {name: [[NAME[t] for t in hand] for hand in getattr(value, name)] if name == "hands"
                else _value(getattr(value, name)) for name in fields}
    if isinstance(value, tuple | list):
        return [_value(item) for item in value]
    return str(value)


def event_from_json(data: dict[str, Any]) -> Event:
    """An event as `event_json` wrote it, back as an engine `Event` for a table to
    animate: its tile a number (-1 for ``?``); a round's or a hand's result an object
    with the same fields (`_value_back`)."""
    tile = data.get("tile")
    return Event(data["kind"], data["seat"], BY_NAME.get(tile, -1) if isinstance(tile, str) else -1,
                 data.get("from") or "", data.get("to") or "", bool(data.get("face_up", True)),
                 _value_back(data.get("value")))


def _value_back(value: Any) -> Any:
    """What `_value` wrote, read back: an object's fields as attributes (the hands by
    tile number, a termination as `Termination`), a list as a tuple."""
    if isinstance(value, dict):
        return SimpleNamespace(**{
            name: tuple(tuple(BY_NAME.get(t, -1) for t in hand) for hand in field) if name == "hands"
            else Termination[field.upper()] if name == "termination" and isinstance(field, str)
            else _value_back(field) for name, field in value.items()})
    if isinstance(value, list):
        return tuple(_value_back(item) for item in value)
    return value


def step_text(match: Match, step: int, viewer: int) -> str:
    """Step `step` in record notation as `viewer` saw it: its tile ``?`` when some
    tile of it was hidden from the viewer (from a spectator: from any seat)."""
    seats = range(match.num_players) if viewer == SPECTATOR else (viewer,)
    text = match.steps[step]
    return text if all(match.visible(step, seat) for seat in seats) else masked(text)


def step_message(match: Match, step: int, actor: int, events: list[Event], viewer: int) -> dict[str, Any]:
    """What `viewer` is told of step `step` (``seq`` is added when it is sent)."""
    seen = seen_events(events, viewer)
    return {"type": "step", "step": step, "actor": actor, "action": step_text(match, step, viewer),
            "events": [event_json(event) for event in seen]}


def view_message(state: State, step: int, viewer: int, *, latest: bool = True) -> dict[str, Any]:
    """The game as `viewer` (a seat or `SPECTATOR`) sees it after `step` steps
    (`state`, the full state then), with the actions it may take when it is to move
    there; none in a view of the past (`latest` False): the seat decides on the
    latest view only."""
    legal = [str(action) for action in state.legal_actions()] \
        if latest and viewer >= 0 and state.current_player == viewer and not state.is_terminal else []
    return {"type": "view", "step": step, "view": view_to_json(state.view(viewer)), "legal": legal}
