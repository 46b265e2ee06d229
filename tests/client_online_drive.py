"""What the client's online screens' tests share (no tests here): an app whose
hosted servers listen on 127.0.0.1 (any free port) with their bots thinking in a
thread, frames run until the network has answered (bounded), and typing as each
device types."""

from __future__ import annotations

import time

import pygame
from test_client_support import FRAME, PAD_DIRECTIONS, press_keys, press_pad, run

from dominoes_arcade.client.scenes.online import OnlineWiring
from dominoes_arcade.client.text_entry import KeyGrid
from dominoes_arcade.session.bot_worker import shared_worker

ONLINE_CONFIG = ('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n'
                 '[online]\nhost = "127.0.0.1"\nport = 0\n')
"""Animations off, and a hosted game on this computer only, on any free port."""
WAIT = 30.0
"""Seconds a test waits for the network."""


def online_app(app_with):
    app = app_with(ONLINE_CONFIG, "online.toml")
    app.online_wiring = OnlineWiring(server_options={"worker": shared_worker("thread")})
    return app


def frames_until(app, done, limit: float = WAIT) -> None:
    """Run frames (a little apart, for the network's threads) until `done()`."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"still waiting after {limit} s on {app.scenes.top.name}"
        run(app)
        time.sleep(0.005)


def text_events(text: str) -> list[pygame.event.Event]:
    """What SDL sends when `text` is typed: for each character, a KEYDOWN (its
    ``unicode`` filled) and the TEXTINPUT after it."""
    events = []
    for character in text:
        events.append(pygame.event.Event(pygame.KEYDOWN, key=ord(character.lower()), mod=0, unicode=character,
                                         scancode=0))
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=character))
        events.append(pygame.event.Event(pygame.KEYUP, key=ord(character.lower()), mod=0, unicode="", scancode=0))
    return events


def type_on_keyboard(app, text: str) -> None:
    run(app, text_events(text), frames=2)


def grid_of(app) -> KeyGrid:
    return next(w for w in app.scenes.top.focus.widgets if isinstance(w, KeyGrid))


def type_with_mouse(app, text: str) -> None:
    from test_client_support import click

    grid = grid_of(app)
    for character in text.upper():
        click(app, grid.key_rect(grid.keys.index(character)).center)


def type_with_controller(app, text: str) -> None:
    """The d-pad over the grid to each key (the focus must be on the grid), A on it."""
    grid = grid_of(app)
    assert app.scenes.top.focus.focused is grid
    for character in text.upper():
        goal = grid.keys.index(character)
        for _ in range(40):
            if grid.cursor == goal:
                break
            row, column = divmod(grid.cursor, grid.columns)
            goal_row, goal_column = divmod(goal, grid.columns)
            direction = ("down" if goal_row > row else "up") if goal_row != row else \
                ("right" if goal_column > column else "left")
            press_pad(app, PAD_DIRECTIONS[direction])
        assert grid.cursor == goal, f"the grid's cursor never reached {character!r}"
        press_pad(app, pygame.CONTROLLER_BUTTON_A)


__all__ = ["FRAME", "frames_until", "online_app", "press_keys", "type_on_keyboard", "type_with_controller",
           "type_with_mouse"]
