"""The bot protocol, versions 1 and 2 (docs/bot-protocol.md): JSON messages, one
object a line, between us and a bot program; and what a seat may see of the game in
them.

The versions: our ``hello`` is the same for every program (``"protocol": 1``, the
oldest version we speak), and the program's reply names the version it speaks, 1 or
2 (`check_hello`). Version 1 is unchanged; version 2 sends the same messages, but a
``decide``'s ``view`` is the seat's whole engine view (`engine.view_json`, which
holds version 1's summary keys too), so a program needs no rebuilding from the
steps.

What a seat sees of the steps (`seat_steps`): every step of the game, with the tile
of a step written ``?`` unless the seat saw that step when it happened
(`Match.visible`) or that very tile is face up to it now (`State.seen_pieces`). The
second case matters where a tile comes face up without being named again: in
Necropolis an opponent's draw ``* 3-4`` is private, then ``1 left`` lays the held
tile face up, so the draw is shown as ``* 3-4`` from then on, or the steps would
never say which tile went where. So a masked step may be shown later; a step the
seat saw is never masked.

"That very tile", not a tile of the same name: Build Up plays with two double-six
sets, so every name is also in the seat's own colour, face up to it or known in its
boneyard. The engine numbers each physical tile (`Match.piece`, `State.piece`) and
says which ones a view's seat sees; the steps are matched by those numbers.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Collection, Sequence
from typing import Any

from ..engine import State
from ..engine.match import Match
from ..engine.tiles import NAME
from ..engine.view_json import view_to_json
from .clock import ClockReading
from .figures import BadFigures, Figures, check_figures

PROTOCOL = 1
"""The protocol version our ``hello`` names: the oldest we speak, so that a program
written for version 1 sees what it always saw."""
PROTOCOLS = (1, 2)
"""The versions a program may answer our ``hello`` with."""

HIDDEN = "?"
"""A tile the seat may not see, in steps and in the view's zones."""

_TILE = re.compile(r"\d+-\d+")
"""A tile in notation; a step names at most one."""


class ProtocolError(Exception):
    """A message that breaks the protocol. `kind` is the forfeit kind a fault by the
    bot program becomes (``protocol``, ``illegal_action``, ``timeout``, ``crash``)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.forfeit_kind = kind


def masked(step: str) -> str:
    """`step` with its tile written ``?`` (``"* deal 1 4-6"`` -> ``"* deal 1 ?"``)."""
    return _TILE.sub(HIDDEN, step, count=1)


def tile_of(step: str) -> str | None:
    """The tile a step names (``"1 3-4 s7"`` -> ``"3-4"``), ``?`` for a hidden one,
    None when it names none."""
    for word in step.split()[1:]:
        if word == HIDDEN or ("-" in word and word.replace("-", "").isdigit()):
            return word
    return None


class SeatSteps:
    """The steps of one match as one seat sees them, kept up to date step by step.
    Only the steps the seat did not see can change (their tile may come face up, or
    go face down again), and only when their tile changes sides: a decision costs
    the new steps and the tiles that turned, not the whole game."""

    def __init__(self, match: Match, seat: int):
        self.match, self.seat = match, seat
        self.steps: list[str] = []
        self._unseen: dict[int, list[tuple[int, str, str]]] = {}
        """By physical tile (`Match.piece`), the steps moving it that the seat did not
        see happen: (index, the step, the step masked)."""
        self._face_up: set[int] = set()
        """The physical tiles the seat saw at the last update."""

    def update(self, seen: Collection[int] | None = None) -> list[str]:
        """The steps now (the same list, updated in place); `seen`, the physical tiles
        the seat sees now (`State.seen_pieces` of its view), if already at hand."""
        match, seat, steps, unseen = self.match, self.seat, self.steps, self._unseen
        if len(steps) > len(match.steps):  # undone (`Match.undo_to`): the steps kept are unchanged
            del steps[len(match.steps):]
            for piece, entries in list(unseen.items()):
                unseen[piece] = [entry for entry in entries if entry[0] < len(steps)]
        added = len(steps)
        for index in range(added, len(match.steps)):
            step, piece = match.steps[index], match.piece(index)
            steps.append(step)
            if piece >= 0 and not match.visible(index, seat):
                unseen.setdefault(piece, []).append((index, step, masked(step)))
        if unseen:
            face_up = set(match.view(seat).seen_pieces() if seen is None else seen)
            for piece in (face_up ^ self._face_up) & unseen.keys():  # the tiles that turned
                shown = piece in face_up
                for index, step, hidden in unseen[piece]:
                    if index < added:
                        steps[index] = step if shown else hidden
            for index in range(added, len(steps)):  # the new steps
                piece = match.piece(index)
                if piece in unseen and piece not in face_up and not match.visible(index, seat):
                    steps[index] = masked(steps[index])
            self._face_up = face_up
        return steps


def seat_steps(match: Match, seat: int) -> list[str]:
    """Every step of `match` as `seat` may see it now (see the module docstring)."""
    return list(SeatSteps(match, seat).update())


def view_summary(view: State, zones: dict[str, list[int]] | None = None) -> dict[str, Any]:
    """The ``view`` of a ``decide`` message: a convenience summary of what the seat
    sees, the same for every game: its seat, the seat count, the scores so far and
    every zone of the game (`State.zones`) with its tiles, ``?`` for a hidden one.
    A zone ``"NAME P"`` is seat P's (a hand); the zones of each game are listed in
    docs/bot-protocol.md."""
    return {"seat": view.viewer, "players": view.num_players, "scores": list(view.scores()),
            "zones": {zone: [NAME[t] if t >= 0 else HIDDEN for t in tiles]
                      for zone, tiles in (zones or view.zones()).items()}}


# -- messages -------------------------------------------------------------------------------
def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL}


def start(game: str, options: dict, seat: int, seed: int) -> dict[str, Any]:
    return {"type": "start", "game": game, "options": options, "seat": seat, "seed": seed}


def decide(steps: Sequence[str], legal: Sequence[str], time_ms: int, view: dict,
           clock: ClockReading | None = None) -> dict[str, Any]:
    """A ``decide``; under a time control (`clock`), with ``clock_ms`` and ``increment_ms``."""
    message: dict[str, Any] = {"type": "decide", "steps": steps, "legal": legal, "time_ms": time_ms}
    if clock is not None:
        message.update(clock_ms=int(clock.left_ms), increment_ms=int(clock.increment_ms))
    message["view"] = view
    return message


def encode_decide(steps: Sequence[str], legal: Sequence[str], time_ms: int, view: State,
                  zones: dict[str, list[int]] | None = None) -> bytes:
    """`encode(decide(steps, legal, time_ms, view_summary(view, zones)))`, faster:
    the line is joined as text, since notation, zone names and tile names need no
    escaping in JSON (letters, digits, spaces and ``-@*?``)."""
    zones = zones or view.zones()
    summary = ",".join(f'"{zone}":[{_tiles(tiles)}]' for zone, tiles in zones.items())
    return (f'{{"type":"decide","steps":[{_strings(steps)}],"legal":[{_strings(legal)}],"time_ms":{int(time_ms)},'
            f'"view":{{"seat":{view.viewer},"players":{view.num_players},'
            f'"scores":[{",".join(map(str, view.scores()))}],"zones":{{{summary}}}}}}}\n').encode()


def encode_decide_v2(steps: Sequence[str], legal: Sequence[str], time_ms: int, view: State,
                     clock: ClockReading | None = None) -> bytes:
    """A version 2 ``decide``: as version 1's, with the whole view (`view_to_json`)
    and, under a time control, the seat's clock."""
    return encode(decide(steps, legal, int(time_ms), view_to_json(view), clock))


def _strings(texts: Sequence[str]) -> str:
    """A JSON array's insides, for strings that need no escaping."""
    return '"' + '","'.join(texts) + '"' if texts else ""


def _tiles(tiles: list[int]) -> str:
    """A zone's tiles as the insides of a JSON array."""
    if tiles and max(tiles) < 0:
        return _hidden_run(len(tiles))
    quoted = _QUOTED
    return ",".join([quoted[t] for t in tiles])


@functools.cache
def _hidden_run(count: int) -> str:
    """`count` hidden tiles as the insides of a JSON array (a hand or pile seen from outside)."""
    return ",".join([f'"{HIDDEN}"'] * count)


_QUOTED = {**{t: f'"{name}"' for t, name in enumerate(NAME)}, -1: f'"{HIDDEN}"'}
"""Each tile (and a hidden one, -1) as a JSON string."""


def end(scores: Sequence[int], winners: Sequence[int], steps: Sequence[str]) -> dict[str, Any]:
    return {"type": "end", "scores": list(scores), "winners": list(winners), "steps": steps}


QUIT = {"type": "quit"}


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of UTF-8 JSON."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def decode(line: bytes | str) -> dict[str, Any]:
    """One received line as a message (a JSON object with a string ``type``).

    :raises ProtocolError: (kind ``protocol``) for a line that is not JSON, not an
        object, or has no type.
    """
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("protocol", f"not JSON: {_quote(line)} ({error})") from None
    if not isinstance(message, dict):
        raise ProtocolError("protocol", f"not a JSON object: {_quote(line)}")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("protocol", f"a message without a \"type\": {_quote(line)}")
    return message


def action_figures(reply: dict[str, Any]) -> Figures | None:
    """The optional ``figures`` of an ``action`` reply, checked (`figures.check_figures`);
    None when it has none (or null). :raises ProtocolError: (kind ``protocol``)"""
    value = reply.get("figures")
    if value is None:
        return None
    try:
        return check_figures(value)
    except BadFigures as error:
        raise ProtocolError("protocol", f"the action's figures: {error}") from None


def check_hello(message: dict[str, Any]) -> tuple[str, int]:
    """The program's name and protocol version (one of `PROTOCOLS`) from its
    ``hello`` reply. :raises ProtocolError:"""
    if message.get("type") != "hello":
        raise ProtocolError("protocol", f"expected a hello, got a {message.get('type')!r} message")
    version = message.get("protocol")
    # An integer, exactly: 1.0 == 1 and True == 1 in Python, but neither is a version number.
    if type(version) is not int or version not in PROTOCOLS:
        raise ProtocolError("protocol", f"speaks protocol {version!r}, not {' or '.join(map(str, PROTOCOLS))}")
    name = message.get("name")
    return (name if isinstance(name, str) else ""), int(version)


def _quote(line: bytes | str, limit: int = 80) -> str:
    text = line.decode(errors="replace") if isinstance(line, bytes) else line
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "...")
