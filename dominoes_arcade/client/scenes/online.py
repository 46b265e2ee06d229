"""Play online: a small menu (Host a game, Join a game, Back) and the Join screen.

Hosting starts a room server inside the client (`remote.hosting.HostedServer`, where
``[online] host`` and ``port`` say), opens a room on it and goes to the lobby,
which shows the room's code and the addresses to join at. Joining takes an
address (the port is 8765 when none is given) and a room code, typed on the
keyboard or on the screen's key grid (`text_entry`), and goes to the lobby; a
wrong address or code is said in a line on the screen, and what was typed stays.

How the client reaches the network is an `OnlineWiring`: the app's
``online_wiring`` when it has one (tests give a link of their own and a server
whose bots think in a thread), else the real one.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ... import config
from ...remote.hosting import HostedServer, HostError, link_failures
from ..addresses import AddressError, lan_addresses, parse_address, parse_code, url
from ..app import LOGICAL_SIZE
from ..input import Device, Intent
from ..text_entry import CODE_CHARACTERS, KeyGrid, TextField, take_typing
from ..theme import BODY
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
EVERY_NETWORK = ("0.0.0.0", "::", "")
"""Addresses that mean "listen everywhere": this computer reaches them at 127.0.0.1."""


def real_link(address: str) -> Any:
    from ...remote.link import OnlineLink  # the network library only when playing online

    return OnlineLink(address)


@dataclass
class OnlineWiring:
    """How the client reaches the network."""

    link: Callable[[str], Any] = real_link
    """A link to the server at a ``ws://`` address (`remote.link.OnlineLink`)."""
    server_options: dict[str, Any] = field(default_factory=dict)
    """Passed on to a hosted `Server`."""


def wiring(app) -> OnlineWiring:
    return getattr(app, "online_wiring", None) or OnlineWiring()


def server_refused() -> type[BaseException]:
    from ...remote.client import ServerError

    return ServerError


def draw_message(scene: MenuScene, surface: pygame.Surface, text: str, y: int) -> None:
    """A line saying what went wrong, in the danger colour and words."""
    if text:
        style = scene.app.style
        line = style.text(text, BODY, style.palette.danger, bold=True)
        surface.blit(line, line.get_rect(center=(WIDTH // 2, y)))


class OnlineMenuScene(MenuScene):
    name = "online"
    title = "Play online"

    def __init__(self, app):
        self.message = ""
        super().__init__(app)

    def build(self) -> None:
        x, width = WIDTH // 2 - 200, 400
        self.focus.add(Button((x, 200, width, 66), "Host a game", self.host,
                              help="Open a room on this computer; players on your network join it by its code."))
        self.focus.add(Button((x, 290, width, 66), "Join a game", self.join,
                              help="Join a room by its address and code."))
        self.focus.add(Button((x, 380, width, 66), "Back", self.back, help="Back to the title screen."))

    def host(self) -> None:
        online = self.app.settings.online
        hosted = HostedServer(config.user_data_dir() / "online", online.host, online.port,
                              **wiring(self.app).server_options)
        try:
            hosted.start()
        except HostError as error:
            self.message = str(error)
            return
        here = "127.0.0.1" if online.host in EVERY_NETWORK else online.host
        link = wiring(self.app).link(url(here, hosted.port))
        try:
            link.create()
        except link_failures() as error:
            link.close()
            hosted.close()
            self.message = f"The game could not be opened: {error}"
            return
        addresses = lan_addresses() if online.host in EVERY_NETWORK else [online.host]
        self.message = ""
        if hosted.fell_back:
            self.app.toast(f"Port {online.port} was taken: this game is on port {hosted.port}")
        joins = [f"{address}:{hosted.port}/{link.room}" for address in addresses]
        # Said on the terminal too: a player who started the game there can copy it.
        print(f"hosting room {link.room}: others join with dominoes-arcade play --join "
              f"{' or '.join(joins)}", file=sys.stderr, flush=True)
        self.app.open("lobby", link, is_host=True, hosted=hosted,
                      addresses=[f"{address}:{hosted.port}" for address in addresses])

    def join(self) -> None:
        self.message = ""
        self.app.open("join")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_message(self, surface, self.message, 490)


class Joining:
    """A request for a room, answered in a thread: `problem` says what went
    wrong, in a player's words (empty: joined). With `watch`, to watch the room's
    game (a spectator, at any time) instead of taking a player's seat."""

    def __init__(self, link: Any, address: str, code: str, *, watch: bool = False):
        self.link, self.address, self.code, self.watch = link, address, code, watch
        self.problem = ""
        self.done = threading.Event()
        self._abandoned = False
        self._lock = threading.Lock()

    def run(self) -> None:
        try:
            if self.watch:
                self.link.spectate(self.code)
            else:
                self.link.join(self.code)
        except server_refused() as error:
            said = str(error)
            self.problem = f"No room {self.code} on that server" if "no room" in said else f"The server said: {said}"
        except link_failures():  # no server reached, or no answer in time
            self.problem = f"No server answered at {self.address}"
        with self._lock:
            self.done.set()
            if self._abandoned:
                self.link.close()

    def abandon(self) -> None:
        """Nobody waits for the answer any more: the link is closed (now, or once it comes)."""
        with self._lock:
            self._abandoned = True
            if self.done.is_set():
                self.link.close()


class JoinScene(MenuScene):
    """An address, a room code and the key grid; Join goes to the lobby, Watch too
    as a spectator (whose table opens when the game starts, or at once when it has)."""

    name = "join"
    title = "Join a game"

    def __init__(self, app, address: str = "", code: str = "", message: str = ""):
        self.typed = (address, code)
        self.message = message
        self.joining: Joining | None = None
        """The request for the room, while the server has not answered."""
        super().__init__(app)

    def build(self) -> None:
        left, width = WIDTH // 2 - 420, 840
        self.address = self.focus.add(TextField(
            (left, 100, width, 60), "Address", self.typed[0], on_submit=self.address_done,
            placeholder="like 192.168.1.20:8765", help="The host's address, as their lobby shows it."))
        self.code = self.focus.add(TextField(
            (left, 170, width, 60), "Room code", self.typed[1], allowed=CODE_CHARACTERS, max_length=5, upper=True,
            on_submit=self.code_done, placeholder="5 letters, like QTEMG", help="The code the host's lobby shows."))
        self.grid = self.focus.add(KeyGrid((left, 246, width, 198), self.typing_into,
                               help="Type with these keys (on a controller, B deletes and Start joins)."))
        self.focus.add(Button((WIDTH // 2 - 420, 580, 260, 58), "Back", self.back, help="Back to Play online."))
        self.focus.add(Button((WIDTH // 2 - 130, 580, 260, 58), "Watch", self.watch,
                              help="Watch the room's game, without a seat (also once it has started)."))
        self.focus.add(Button((WIDTH // 2 + 160, 580, 260, 58), "Join", self.join,
                              help="Join the room at this address."))
        self.focus.focus(self.code if self.typed[0] and not self.typed[1] else self.address)
        self._typing: TextField = self.address

    def typing_into(self) -> TextField:
        """The field last focused: the key grid types there."""
        return self._typing

    def address_done(self) -> None:
        """Enter on the address: on to the code. A on a controller: type it on the grid."""
        self.focus.focus(self.grid if self.app.input.last_device is Device.CONTROLLER else self.code)

    def code_done(self) -> None:
        """Enter on the code: join. A on a controller: type it on the grid."""
        if self.app.input.last_device is Device.CONTROLLER:
            self.focus.focus(self.grid)
        else:
            self.join()

    def handle(self, event) -> None:
        if event.intent is Intent.PAUSE:  # Start on a controller: join, wherever the focus is
            self.join()
            return
        super().handle(event)

    def take_raw(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        return take_typing(self.focus.focused, events)

    def watch(self) -> None:
        """Ask the server to watch the room (`join`, as a spectator)."""
        self.join(watch=True)

    def join(self, *, watch: bool = False) -> None:
        """Ask the server for the room, in a thread of its own (a server far away,
        or none, must not freeze the screen): `update` takes the answer."""
        if self.joining is not None:
            return
        self.typed = (self.address.value, self.code.value)
        try:
            host, port = parse_address(self.address.value)
            code = parse_code(self.code.value)
        except AddressError as error:
            self.message = str(error)
            return
        self.message = ""
        self.joining = Joining(wiring(self.app).link(url(host, port)), f"{host}:{port}", code, watch=watch)
        threading.Thread(target=self.joining.run, name="joining", daemon=True).start()

    def update(self, dt: float) -> None:
        super().update(dt)
        if isinstance(self.focus.focused, TextField):
            self._typing = self.focus.focused
        for entry in (self.address, self.code):
            entry.active = entry is self._typing
        joining = self.joining
        if joining is not None and joining.done.is_set():
            self.joining = None
            self.changed()
            if joining.problem:
                joining.link.close()
                self.message = joining.problem
            else:
                self.app.scenes.replace(self.app.screens["lobby"](self.app, joining.link, is_host=False))

    def is_animating(self) -> bool:
        return super().is_animating() or self.joining is not None  # the wait's dots move

    def exit(self) -> None:
        if self.joining is not None:  # left while waiting: the answer, when it comes, is dropped
            self.joining.abandon()

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        self.focus.draw(surface, self.app.style)
        draw_message(self, surface, self.message, 476)
        if self.joining is not None:
            style = self.app.style
            dots = "." * (1 + int(self.time * 3) % 3)
            words = style.text(f"Looking for room {self.joining.code} at {self.joining.address}{dots}", BODY,
                               style.palette.accent, bold=True)
            surface.blit(words, words.get_rect(midleft=(WIDTH // 2 - 260, 476)))
        self.draw_help(surface, 520)

    def prompts(self) -> list[tuple[Intent, str]]:
        if self.app.input.last_device is Device.CONTROLLER:
            return [(Intent.CONFIRM, "Type"), (Intent.PAUSE, "Join"), (Intent.BACK, "Delete")]
        words = {self.code: "Join", self.address: "Next"}.get(self.focus.focused, "Choose")
        return [(Intent.CONFIRM, words), (Intent.BACK, "Back")]
