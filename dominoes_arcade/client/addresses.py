"""Where an online game is: a server's address as a player types it
(``192.168.1.20``, ``192.168.1.20:8765``, ``ws://host:port``), a room code, and
``ADDRESS/CODE`` for ``dominoes-arcade play --join``; this computer's own
addresses for the players who join a game it hosts. No pygame, no network."""

from __future__ import annotations

import socket

DEFAULT_PORT = 8765
"""The port when an address gives none (the ``serve`` command's and ``[online] port``'s default)."""
CODE_LENGTH = 5


class AddressError(ValueError):
    """An address or room code that is not one: the message says what to type."""


def parse_address(text: str) -> tuple[str, int]:
    """(host, port) from what the player typed. :raises AddressError:"""
    address = text.strip()
    if address.lower().startswith("ws://"):
        address = address[5:]
    address = address.rstrip("/")
    host, colon, port = address.rpartition(":")
    if not colon:
        host, port = address, str(DEFAULT_PORT)
    if not host or not all(c.isascii() and (c.isalnum() or c in ".-") for c in host):
        raise AddressError(f"{text.strip() or 'An empty address'!s} is not an address: type one like "
                           f"192.168.1.20 or 192.168.1.20:{DEFAULT_PORT}")
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise AddressError(f"{port or 'Nothing'} after ':' is not a port: a number from 1 to 65535")
    return host, int(port)


def parse_code(text: str) -> str:
    """A room code in capitals. :raises AddressError:"""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or not (code.isascii() and code.isalnum()):
        raise AddressError(f"A room code is {CODE_LENGTH} letters and digits, like QTEMG")
    return code


def parse_join(text: str) -> tuple[str, int, str]:
    """``ADDRESS/CODE`` as (host, port, code). :raises AddressError:"""
    address, slash, code = text.strip().rpartition("/")
    if not slash or not address.rstrip("/") or address.lower().rstrip("/") == "ws:":
        raise AddressError(f"{text!r}: give ADDRESS/CODE, e.g. 192.168.1.20:{DEFAULT_PORT}/QTEMG")
    host, port = parse_address(address)
    return host, port, parse_code(code)


def url(host: str, port: int) -> str:
    return f"ws://{host}:{port}"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses others may join at, found from its own name
    (no traffic sent), then 127.0.0.1 (this computer itself)."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except (OSError, UnicodeError):
        infos = []
    for *_rest, address in infos:
        ip = str(address[0])
        if not ip.startswith("127.") and ip not in found:
            found.append(ip)
    return [*found, "127.0.0.1"]
