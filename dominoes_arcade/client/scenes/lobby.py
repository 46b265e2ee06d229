"""The lobby of an online game: the room's code (and, for the host, the addresses
to join at), the seats filling as players join, and the game's setup.

The host chooses the game, the number of seats, the variant options (the setup
screen's rows, `option_rows`), each empty seat open for a player or a bot, the
turn timer and the bot that plays a turn a player runs out of time on, then
starts once every player seat is taken. The others see the same settings, read
only. The room's state is the server's (the link's ``lobby``, the ``room``
message of docs/online.md): the link is polled every frame, never waited on;
the host's changes go to the server a few times a second at most (a slider
dragged would otherwise send a message a frame).

A spectator (Watch on the Join screen, ``play --join ... --spectate``) waits here
too, and its table, drawn from the spectator's observation, opens the same way.

When the game starts, the lobby opens the table over itself; leaving the lobby
(or the app) closes the link, and the host's server with it.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...bots.registry import DIFFICULTIES
from ...engine import SPECTATOR
from ...remote.hosting import link_failures
from .. import games
from ..app import LOGICAL_SIZE
from ..gfx import rect as fill_rect
from ..input import Intent
from ..option_rows import TargetProposal, option_widget
from ..tables import online_setup, open_table
from ..theme import BODY, HEADING, LARGE, SMALL, fitted
from ..widgets import Button, ChoiceList, Widget
from .menu import Dialog, MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
LEFT = pygame.Rect(40, 124, 560, 440)
RIGHT = pygame.Rect(640, 124, 600, 440)
PLAYER = "player"
BOT_WORDS = {"easy": "Easy bot", "medium": "Medium bot", "hard": "Hard bot", "expert": "Expert bot"}
TIMERS = [(None, "Off"), (30, "30 s"), (60, "60 s"), (120, "120 s")]
SEND_EVERY = 0.25
"""Seconds between two of the host's setup messages (the server takes 30 a second)."""


class InfoRow(Widget):
    """A setting shown to a player who may not change it: its label and value."""

    focusable = False

    def __init__(self, rect, label: str, value: str, *, text_size: int = BODY):
        super().__init__(rect, label)
        self.value = value
        self.text_size = text_size

    def draw(self, surface: pygame.Surface, style) -> None:
        fill_rect(surface, (18, 40, 31), self.rect, border_radius=10)
        half = self.rect.width * 0.46
        label = style.text(fitted(style, self.label, self.text_size, round(half) - 30, bold=True), self.text_size,
                           style.palette.text_dim, bold=True)
        surface.blit(label, label.get_rect(midleft=(self.rect.x + 20, self.rect.centery)))
        value = style.text(fitted(style, self.value, self.text_size, round(self.rect.width - half) - 24, bold=True),
                           self.text_size, style.palette.text, bold=True)
        surface.blit(value, value.get_rect(midright=(self.rect.right - 20, self.rect.centery)))


def seat_status(seat: dict[str, Any]) -> str:
    """A player seat's state in words."""
    if not seat.get("taken"):
        return "Waiting for a player"
    return "Player joined" if seat.get("connected") else "Reconnecting\u2026"


def timer_value(timer: Any) -> int | None:
    return None if timer is None else round(timer)


class LobbyScene(MenuScene):
    name = "lobby"
    title = "Online game"

    def __init__(self, app, link, *, is_host: bool, hosted=None, addresses: list[str] = ()):
        self.link = link
        self.is_host = is_host
        self.hosted = hosted
        """The server this client started for the game (`remote.hosting.HostedServer`), or None."""
        self.addresses = list(addresses)
        self.room: dict[str, Any] = dict(link.lobby or {})
        """The room as the server last said (the ``room`` message)."""
        self.wanted: dict[str, Any] = {}
        """The host's setup not yet sent (sent at most every `SEND_EVERY` seconds)."""
        self.since_sent = SEND_EVERY
        self.started = False
        self.configured = False
        """The host's own variants (config.toml) went into the room's setup."""
        self.target: TargetProposal | None = None
        """The host's target score, proposed for the seats until chosen (as on the setup screen)."""
        super().__init__(app)
        self.configure()

    # -- the room ------------------------------------------------------------------------
    @property
    def setup(self) -> dict[str, Any]:
        """The setup shown: the server's, with the host's changes not yet sent over it."""
        return {**self.room, **self.wanted}

    @property
    def kinds(self) -> list[str]:
        return list(self.setup.get("kinds") or [seat["kind"] for seat in self.room.get("seats", [])])

    @property
    def fixed(self) -> int:
        """How many seats, from the first, the host may no longer change: up to the
        last one a player took. The server gives the players their seats again, in
        the order they came, after every change of the seats, and tells no one: a
        player must never be moved."""
        taken = [seat for seat, info in enumerate(self.room.get("seats", [])) if info["taken"]]
        return max(taken, default=-1) + 1

    @property
    def can_start(self) -> bool:
        seats = self.room.get("seats", [])
        return bool(seats) and all(seat["taken"] for seat in seats if seat["kind"] == PLAYER) and not self.wanted

    def configure(self) -> None:
        """Once the room is known, the host's own variants (config.toml) for its game."""
        if self.is_host and self.room and not self.configured:
            self.configured = True
            game = self.room["game"]
            self.target = TargetProposal(game, self.host_variants(game))
            self.change(options=self.game_options(game, len(self.kinds)))

    def host_variants(self, game: str) -> dict[str, Any]:
        """The host's variants of `game` (config.toml)."""
        settings = self.app.settings.game(game)
        return {key: settings[key] for key in games.variant_options(game)}

    def game_options(self, game: str, seats: int) -> dict[str, Any]:
        """The options a game set up here starts with: the host's variants, the target
        score proposed for `seats` unless the host chose one (as on the setup screen)."""
        options = self.host_variants(game)
        return TargetProposal(game, options).apply(game, seats, options)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_sent += dt
        if self.wanted and self.since_sent >= SEND_EVERY:
            self.send()
        messages = self.link.poll()
        for message in messages:  # who comes and goes shows in the seats' rows
            if message.get("type") == "notice":
                self.app.toast(message["text"])
            elif message.get("type") == "link" and message.get("status") == "reconnecting":
                self.app.toast("Connection to the game lost: trying again\u2026")
            elif message.get("type") == "link" and message.get("status") == "lost":
                self.app.toast("The host left the game." if message.get("reason") == "host_left"
                               else "The game's server cannot be reached.")
        lobby = self.link.lobby
        if lobby is not None and lobby != self.room:
            self.room = dict(lobby)
            self.rebuild()
            self.configure()
        if self.room.get("started") and not self.started:
            self.begin()
        if messages:
            self.changed()

    def change(self, **fields: Any) -> None:
        """The host changed the setup: shown now, sent soon."""
        self.wanted.update(fields)
        self.rebuild()

    def send(self) -> None:
        fields = {"game": self.setup["game"], "options": self.setup["options"], "seats": self.kinds,
                  "turn_timer": self.setup.get("turn_timer"), "bot": self.setup.get("bot", "medium"),
                  "grace": self.app.settings.online.grace}
        self.wanted, self.since_sent = {}, 0.0
        try:
            self.link.setup(**fields)
        except link_failures() as error:  # the server's refusal, or a lost connection, in its words
            self.app.toast(f"Not changed: {error}")
        self.rebuild()

    def start(self) -> None:
        try:
            self.link.start()
        except link_failures() as error:
            self.app.toast(f"Not started: {error}")

    def begin(self) -> None:
        """The game started: its table over the lobby, this seat played here, the
        other players' over the network, the bots' by the server."""
        self.started = True
        open_table(self.app, online_setup(self.link))

    # -- widgets -------------------------------------------------------------------------
    def build(self) -> None:
        if not self.room:
            return
        self._build_seats()
        self._build_settings()
        self.focus.add(Button((WIDTH // 2 - 330, 606, 300, 58), "Leave", self.back,
                              help="Leave the game." + (" The room closes for everyone." if self.is_host else "")))
        if self.is_host:
            start = self.focus.add(Button((WIDTH // 2 + 30, 606, 300, 58), "Start game", self.start,
                                          enabled=self.can_start,
                                          help="Deal the tiles and play." if self.can_start
                                          else "Every seat open for a player must be taken first."))
            if self.can_start:
                self.focus.focus(start)

    @staticmethod
    def rows(rect: pygame.Rect, count: int) -> tuple[int, int, bool]:
        """The row height, the gap and whether it is compact, for `count` rows in `rect`."""
        gap = 8 if count <= 7 else 4
        row = min(50, (rect.bottom - 12 - (rect.y + 56)) // max(1, count) - gap)
        return row, gap, row < 44

    def _build_seats(self) -> None:
        seats = self.room["seats"]
        row, gap, compact = self.rows(LEFT, len(seats))
        size = SMALL + 1 if compact else BODY
        for seat, info in enumerate(seats):
            rect = (LEFT.x + 16, LEFT.y + 56 + seat * (row + gap), LEFT.width - 32, row)
            label = f"Seat {seat + 1}" + (" (you)" if seat == self.link.seat else "")
            kind = self.kinds[seat] if seat < len(self.kinds) else info["kind"]
            if self.is_host and seat >= self.fixed:
                choices = [(PLAYER, "Open for a player"), *((d, BOT_WORDS[d]) for d in DIFFICULTIES)]
                self.focus.add(ChoiceList(rect, label, choices, kind, self._seat_setter(seat), split=0.36,
                                          text_size=size, help="Keep this seat for a player, or give it to a bot."))
                continue
            value = BOT_WORDS.get(kind) or ("Host" if seat == 0 else seat_status(info))
            self.focus.add(InfoRow(rect, label, value, text_size=size))

    def _build_settings(self) -> None:
        setup = self.setup
        game = setup["game"]
        low, high = games.player_range(game)
        option_table = games.variant_options(game)
        count = 3 + len(option_table) + (high > low)
        row, gap, compact = self.rows(RIGHT, count)
        y = RIGHT.y + 56
        place = (RIGHT.x + 16, 0, RIGHT.width - 32, row)
        rows: list[tuple[str, list[tuple[Any, str]], Any, Any]] = [
            ("Game", [(name, games.info(name).title) for name in games.games()
                      if games.player_range(name)[1] >= self.fixed], game, self.set_game)]
        if high > low:
            rows.append(("Players", [(n, str(n)) for n in range(max(low, self.fixed), high + 1)], len(self.kinds),
                         self.set_players))
        for label, choices, value, setter in rows:
            self._add_row((place[0], y, place[2], row), label, choices, value, setter, compact)
            y += row + gap
        options = setup.get("options", {})
        for key, option in option_table.items():
            value = options.get(key, option.default)
            if self.is_host:
                help = self.target.help(game, key, len(self.kinds)) if self.target is not None else ""
                widget = option_widget(game, key, option, value, self._option_setter(key), (place[0], y, place[2], row),
                                       help)
                if widget is None:
                    continue
                if compact:
                    widget.text_size = SMALL + 1
                self.focus.add(widget)
            else:
                self.focus.add(InfoRow((place[0], y, place[2], row), games.option_label(game, key),
                                       games.value_text(game, key, value), text_size=SMALL + 1 if compact else BODY))
            y += row + gap
        self._add_row((place[0], y, place[2], row), "Turn timer", TIMERS, timer_value(setup.get("turn_timer")),
                      lambda timer: self.change(turn_timer=timer), compact,
                      help="Time for each turn; when it runs out, a bot plays that turn.")
        y += row + gap
        self._add_row((place[0], y, place[2], row), "Late turns played by",
                      [(d, BOT_WORDS[d]) for d in DIFFICULTIES], setup.get("bot", "medium"),
                      lambda bot: self.change(bot=bot), compact,
                      help="The bot that plays a turn for a player out of time or away.")

    def _add_row(self, rect, label: str, choices, value, setter, compact: bool, help: str = "") -> None:
        size = SMALL + 1 if compact else BODY
        if self.is_host:
            self.focus.add(ChoiceList(rect, label, choices, value, setter, text_size=size, help=help))
        else:
            text = next((words for choice, words in choices if choice == value), str(value))
            self.focus.add(InfoRow(rect, label, text, text_size=size))

    def _seat_setter(self, seat: int):
        def set_seat(kind: str) -> None:
            kinds = self.kinds
            kinds[seat] = kind
            self.change(kinds=kinds)
        return set_seat

    def _option_setter(self, key: str):
        def set_option(value) -> None:
            if key == "target_score" and self.target is not None:
                self.target.chosen = True
            self.change(options={**self.setup.get("options", {}), key: value})
        return set_option

    def set_game(self, game: str) -> None:
        low, high = games.player_range(game)
        count = max(low, min(high, len(self.kinds)), self.fixed)
        self.target = TargetProposal(game, self.host_variants(game))
        self.change(game=game, options=self.game_options(game, count), kinds=self.resized(count))

    def set_players(self, count: int) -> None:
        options = self.setup.get("options", {})
        if self.target is not None:
            options = self.target.apply(self.setup["game"], count, options)
        self.change(kinds=self.resized(count), options=options)

    def resized(self, count: int) -> list[str]:
        """The seats, `count` of them: new ones open for a player."""
        return (self.kinds + [PLAYER] * count)[:count]

    # -- leaving -------------------------------------------------------------------------
    def back(self) -> None:
        if self.is_host:
            self.app.scenes.push(Dialog(self.app, "Leave this game?", "The room closes for everyone in it.",
                                        [("Leave", self.leave), ("Stay", lambda: None)]))
        else:
            self.leave()

    def leave(self) -> None:
        self.app.audio.play("back")
        self.app.scenes.pop()

    def exit(self) -> None:
        # The host's server first: its goodbye tells the others the host left (the
        # host's link closed first, they were told the host was reconnecting).
        if self.hosted is not None:
            self.hosted.close()
        self.link.close()

    # -- drawing -------------------------------------------------------------------------
    def static_key(self) -> tuple:
        return (self.app.style.theme, self.room.get("room"))

    def draw_static(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        style = self.app.style
        code = style.shadow_text(f"Room {self.room.get('room', '')}", HEADING)
        surface.blit(code, code.get_rect(center=(WIDTH // 2, 46)))
        if self.is_host:
            line = self.join_line()
        else:
            line = "The host sets the game and starts it."
        words = style.text(fitted(style, line, BODY, WIDTH - 80), BODY, style.palette.accent, bold=True)
        surface.blit(words, words.get_rect(center=(WIDTH // 2, 94)))
        for panel, heading in ((LEFT, "Seats"), (RIGHT, "Game")):
            self.app.panels.draw(surface, panel)
            surface.blit(style.text(heading, LARGE, style.palette.text, bold=True), (panel.x + 22, panel.y + 14))

    def join_line(self) -> str:
        """Where and how the others join: this computer's network addresses, and
        127.0.0.1 for another window on this computer."""
        code = self.room.get("room", "")
        network = [address for address in self.addresses if not address.startswith("127.")]
        here = [address for address in self.addresses if address.startswith("127.")]
        if not network:
            return f"Join at {', '.join(here)} with the code {code} (on this computer only)"
        return f"Players join at {', '.join(network[:2])} with the code {code}" + \
            (f" (this computer: {here[0]})" if here else "")

    def draw(self, surface: pygame.Surface) -> None:
        self.blit_static(surface)
        self.focus.draw(surface, self.app.style)
        self.draw_help(surface, LEFT.bottom + 20)
        style = self.app.style
        if self.started:
            fill_rect(surface, (12, 30, 22), (40, 74, WIDTH - 80, 42), border_radius=10)
            line = style.text("The game has started.", BODY, style.palette.accent, bold=True)
            surface.blit(line, line.get_rect(center=(WIDTH // 2, 94)))
        elif not self.is_host:
            words = "Watching: the game shows when it starts\u2026" \
                if self.link.seat == SPECTATOR else "Waiting for the host to start the game\u2026"
            line = style.text(words, BODY, style.palette.text_dim, bold=True)
            surface.blit(line, line.get_rect(midleft=(WIDTH // 2 + 30, 635)))

    def prompts(self) -> list[tuple[Intent, str]]:
        if self.is_host:
            return [(Intent.LEFT, "Change"), (Intent.CONFIRM, "Choose"), (Intent.BACK, "Leave")]
        return [(Intent.BACK, "Leave")]
