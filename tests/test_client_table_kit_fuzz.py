"""Random input on the tables: every game's table
against bots, in hot-seat and as a replay, and the kit's test table. Besides the
noise of every device, a share of the events press, drag and release on the
table's own items, so the picker's paths are walked. The client never raises, a
sane scene is always on top, and on the kit's table no hidden tile shows face up
for the wrong player in hot-seat."""

from __future__ import annotations

import random

import pygame
import pytest
from client_drive import KitTable
from test_client_fuzz import random_event
from test_client_support import KIT_CONFIG, fuzz_step
from test_client_table_kit_flow import HiddenTileWatch

from dominoes_arcade.client import games
from dominoes_arcade.client.scenes.title import TitleScene
from dominoes_arcade.client.tables import TableSetup, table_class
from dominoes_arcade.engine.match import random_game


def aimed_event(rng: random.Random, table) -> pygame.event.Event:
    """A pointer event on one of the table's items (or a key the table uses)."""
    rects = list(table.item_rects().values()) if table.app.scenes.top is table else []
    if not rects or rng.random() < 0.2:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice([pygame.K_RETURN, pygame.K_h, pygame.K_u,
                                                                  pygame.K_LEFT, pygame.K_PAGEDOWN]), mod=0)
    x, y = rng.choice(rects).center
    kind = rng.choice(["down", "down", "up", "drag"])
    if kind == "down":
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    if kind == "up":
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(5, 5), buttons=(1, 0, 0))


def setups(app) -> list[tuple[type, TableSetup]]:
    out = []
    for game in games.games():
        low, high = games.player_range(game)
        options = app.settings.game(game)
        record = random_game(game, 7, players=low)
        cls = table_class(game)
        out += [(cls, TableSetup(game, ["human"] + ["easy"] * (low - 1), options, 5)),
                (cls, TableSetup(game, ["human", "human"] + ["easy"] * (high - 2), options, 6)),
                (cls, TableSetup(game, list(record.seats), dict(record.options), 0, record=record)),
                (KitTable, TableSetup(game, ["human", "human"] + ["easy"] * (low - 2), options, 8))]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_on_every_table_never_raises(app_with, seed):
    rng = random.Random(seed)
    app = app_with(KIT_CONFIG)
    held: set = set()
    try:
        for cls, setup in setups(app):
            app.scenes.pop_until(lambda scene: isinstance(scene, TitleScene))
            table = cls(app, setup)
            app.scenes.push(table)
            watch = HiddenTileWatch() if cls is KitTable else None
            for frame in range(60):
                events = [aimed_event(rng, table) if rng.random() < 0.5 else random_event(rng, held)
                          for _ in range(rng.randrange(0, 4))]
                events = [e for e in events if not (e.type == pygame.KEYDOWN and e.key == pygame.K_F11)]
                dt = rng.choice([0.0, 1 / 240, 1 / 60, 1 / 30])
                if watch is None:
                    fuzz_step(app, dt, events, frame)
                else:  # the watch reads every frame's drawing
                    app.step(dt, events)
                if not app.scenes:
                    app.scenes.push(TitleScene(app))
                assert app.scenes.top is not None and app.screen.get_size() == (1280, 720)
                if watch is not None and table in app.scenes:
                    watch(app, table)
    finally:
        app.close()
