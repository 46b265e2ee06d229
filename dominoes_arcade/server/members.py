"""Who is in a room: `Member`s (a player's seat or a spectator), each held by an
unguessable token, each with the numbered messages it has been sent (its outbox),
so that a member who drops and comes back with its token gets what it missed.

A member's live connection is any object with ``put(message)`` (the server's
`Connection`), so the rooms are plain synchronous code, tested without a network.
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Protocol

from ..online_protocol import dump

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A room code's letters: no 0/O or 1/I to misread when it is said aloud."""
CODE_LENGTH = 5
KEPT = 100
"""The most messages kept for a member to resend: one who missed more is sent the
steps since the last it was told and its view afresh (as after a restart)."""


PROCESSES = len(CODE_LETTERS)
"""The most `serve` processes behind one proxy: each makes the codes that begin with
a letter of its own (`process_letter`), and the proxy routes a room's code by it."""


def process_letter(process: int) -> str:
    """The letter every room code of process `process` (0 to `PROCESSES` - 1) begins with."""
    if not 0 <= process < PROCESSES:
        raise ValueError(f"a process is numbered 0 to {PROCESSES - 1}, not {process}")
    return CODE_LETTERS[process]


def new_code(taken: set[str] | dict[str, Any], first: str = "") -> str:
    """A short room code not in `taken` (32^5 codes: a room is joined by its code,
    and a seat is held by its token, which is what cannot be guessed), beginning
    with `first` (a process's letter, `process_letter`: 32^4 codes left)."""
    while (code := first + "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH - len(first)))) in taken:
        pass
    return code


def is_code(text: object) -> bool:
    """Whether `text` is a room code as `new_code` makes them (so it names a file in
    the server's data folder and nothing else)."""
    return isinstance(text, str) and len(text) == CODE_LENGTH and all(letter in CODE_LETTERS for letter in text)


TOKEN_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
"""The letters of a token (`new_token`: URL-safe base64)."""
TOKEN_LENGTH = 32


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_LENGTH * 3 // 4)


def is_token(text: object) -> bool:
    """Whether `text` is a seat's token as `new_token` makes them."""
    return isinstance(text, str) and len(text) == TOKEN_LENGTH and TOKEN_LETTERS.issuperset(text)


class Outlet(Protocol):
    """Where a member's messages go while it is connected (as JSON text)."""

    def put(self, message: dict[str, Any] | str) -> None: ...


class Member:
    """A seat's player or a spectator (``seat`` the engine's `SPECTATOR`).

    :param token: what the member proves itself with (`new_token`).
    :param sent: how many messages it was sent before this server started (a room
        resumed after a restart: those are gone, and a member asking for them is
        sent the whole view again instead).
    """

    def __init__(self, token: str, seat: int, sent: int = 0):
        self.token, self.seat = token, seat
        self.base = sent
        """The sequence number of the first message kept in `outbox`, less one (the
        older ones are no longer kept: `KEPT`)."""
        self.kept = sent
        """The last sequence number handed to the store for the room's files: a message
        numbered past it may go out only once it is handed and on disk
        (`Room.has_unkept_numbers`), so a server killed and started again never
        numbers two messages alike."""
        self.outbox: list[str] = []
        """The messages kept for a resend, as the JSON text sent (a third of the
        memory of the objects)."""
        self.outlet: Outlet | None = None
        self.away_since: float | None = time.monotonic()
        """When it dropped (or the room was resumed without it); None while connected."""

    @property
    def sent(self) -> int:
        """The sequence number of the last message it was sent."""
        return self.base + len(self.outbox)

    @property
    def connected(self) -> bool:
        return self.outlet is not None

    def send(self, message: dict[str, Any] | str) -> None:
        """Number `message` (``seq``), keep it, and send it if connected. `message` may
        be an object's JSON text already (`dump`): a message told to several members
        is encoded once, and each copy only numbered."""
        body = message if isinstance(message, str) else dump(message)
        numbered = f'{body[:-1]},"seq":{self.sent + 1}}}'  # as dump({**message, "seq": n}) writes it
        self.outbox.append(numbered)
        if len(self.outbox) > KEPT:
            dropped = len(self.outbox) - KEPT // 2
            del self.outbox[:dropped]
            self.base += dropped
        if self.outlet is not None:
            self.outlet.put(numbered)

    def attach(self, outlet: Outlet) -> None:
        self.outlet, self.away_since = outlet, None

    def detach(self) -> None:
        self.outlet, self.away_since = None, time.monotonic()

    def missed(self, since: int) -> list[str] | None:
        """The messages after sequence number `since`, or None when some of them are
        no longer kept (sent before a restart, or more than `KEPT` ago)."""
        if since < self.base or since > self.sent:
            return None
        return self.outbox[since - self.base:]
