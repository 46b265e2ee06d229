"""Thousands of random input events from every device, across every scene: the
client never raises, and the stack always holds a sane top scene."""

from __future__ import annotations

import random

import pygame
import pytest
from test_client_support import PAD, fuzz_step

from dominoes_arcade.client import games
from dominoes_arcade.client.scenes.menu import Dialog
from dominoes_arcade.client.scenes.pause import PauseScene
from dominoes_arcade.client.scenes.rules import RulesScene
from dominoes_arcade.client.scenes.settings import SettingsScene
from dominoes_arcade.client.scenes.setup import SetupScene
from dominoes_arcade.client.scenes.title import TitleScene
from dominoes_arcade.client.tables import TableSetup, open_table

KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
        pygame.K_BACKSPACE, pygame.K_p, pygame.K_h, pygame.K_u, pygame.K_z, pygame.K_TAB, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_q, pygame.K_F1]
MODS = [0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL]
BUTTONS = list(range(pygame.CONTROLLER_BUTTON_MAX))
AXES = list(range(pygame.CONTROLLER_AXIS_MAX))


def random_event(rng: random.Random, held: set) -> pygame.event.Event:
    roll = rng.random()
    pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
    if roll < 0.3:
        k = rng.choice(KEYS)
        if k in held and rng.random() < 0.6:
            held.discard(k)
            return pygame.event.Event(pygame.KEYUP, key=k, mod=0)
        held.add(k)
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=rng.choice(MODS))
    if roll < 0.45:
        buttons = (1, 0, 0) if rng.random() < 0.3 else (0, 0, 0)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
                                  buttons=buttons)
    if roll < 0.6:
        kind = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP])
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5, 6]))
    if roll < 0.65:
        y = rng.choice([-3, -1, 1, 2])
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y), flipped=False)
    if roll < 0.8:
        kind = rng.choice([pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP])
        return pygame.event.Event(kind, instance_id=rng.choice([PAD, PAD, 3]), button=rng.choice(BUTTONS))
    if roll < 0.93:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=rng.choice(AXES),
                                  value=rng.randint(-32768, 32767))
    if roll < 0.97:
        return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=PAD)
    if roll < 0.995:
        return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)


def scene_makers(app):
    def table(game):
        low, _ = games.player_range(game)
        return lambda: open_table(app, TableSetup(game, ["human"] + ["easy"] * (low - 1), app.settings.game(game), 5))

    choices = [("Yes", lambda: None), ("No", lambda: None)]
    makers = [lambda: app.scenes.push(SettingsScene(app)), lambda: app.scenes.push(RulesScene(app)),
              lambda: app.scenes.push(Dialog(app, "Sure?", "A question.", choices)),
              lambda: app.open("join", "127.0.0.1:9", "")]  # typing, the key grid (nothing listens on port 9)
    for game in games.games():
        makers.append(lambda game=game: app.scenes.push(SetupScene(app, game)))
        makers.append(table(game))
        makers.append(lambda game=game: app.scenes.push(PauseScene(app, game)))
    return makers


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_across_every_scene_never_raises(app, seed):
    rng = random.Random(seed)
    makers = scene_makers(app)
    held: set = set()
    visited = set()
    try:
        for round_number in range(len(makers) * 2):
            if not app.scenes:
                app.scenes.push(TitleScene(app))
            makers[round_number % len(makers)]()
            for frame in range(30):
                events = [random_event(rng, held) for _ in range(rng.randrange(0, 5))]
                fuzz_step(app, rng.choice([0.0, 1 / 240, 1 / 60, 1 / 30, 0.5]), events, frame)
                if not app.scenes:
                    app.scenes.push(TitleScene(app))
                visited.add(app.scenes.top.name)
                assert app.screen.get_size() == (1280, 720)
    finally:
        app.close()
    assert {"title", "setup", "settings", "rules", "table", "pause", "dialog", "join"} <= visited
