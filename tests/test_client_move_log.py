"""The move log's drawer at the tables (dominoes_arcade/client/tables/move_log.py):
opened and scrolled by keyboard, wheel and controller, taken back by undo with
the "Last:" line (issue 29, defect 7), the hot-seat pass screen's recap, and no
collision with the drawer open at every screen size."""

from __future__ import annotations

import pygame
import pytest
from client_drive import mouse_down, mouse_up
from test_client_layout import APP_CONFIG as LAYOUT_CONFIG
from test_client_layout import Watch, play_game
from test_client_support import KIT_CONFIG, key, pad_added, press_pad, run
from test_client_undo_redo import BOT_DRAWS_AND_HIDES, BOT_DRAWS_AND_SHOWS, HUMAN_HIDES, HUMAN_NEW, apply

from dominoes_arcade.client.input import Intent
from dominoes_arcade.client.tables import TableSetup, open_table

APP_CONFIG = KIT_CONFIG


@pytest.fixture
def necropolis(app, monkeypatch):
    """A Necropolis table against a bot that never answers by itself (the test
    plays its moves), seat 0 first."""
    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    monkeypatch.setattr(type(table), "think_delay", property(lambda self: 60.0))
    return table


def wheel(amount: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=amount, flipped=False, precise_x=0.0,
                               precise_y=float(amount))]


def test_undo_takes_the_undone_moves_out_of_the_last_line_the_ring_and_the_log(app, necropolis):
    """Defect 7: after an undo the "Last:" line named the move undone (and the
    last-move ring stayed on its tile)."""
    table = necropolis
    apply(table, [*HUMAN_NEW, *BOT_DRAWS_AND_SHOWS, "0 draw", "* 5-6"])
    run(app)
    last, ring, log = table.last_text, table.last_move_rect(), list(table.moves.lines())
    assert last and ring is not None
    apply(table, ["0 hide", *BOT_DRAWS_AND_HIDES])
    run(app)
    assert table.last_text != last and table.last_move_rect() != ring
    assert table.undo()
    run(app)
    assert table.session.steps[-1] == "* 5-6"
    assert table.last_text == last
    assert table.last_move_rect() == ring
    assert table.moves.lines() == log


def test_the_drawer_opens_with_l_and_scrolls_by_keyboard_and_wheel(app, necropolis):
    table = necropolis
    apply(table, [*HUMAN_NEW, *BOT_DRAWS_AND_SHOWS])
    while len(table.moves.rows()) <= table.moves.visible_rows + 4:
        seat = table.session.state.current_player
        if seat < 0:
            table.session.tick(0.0)
        else:
            table.apply(table.session.state.legal_actions()[0])
    run(app)
    drawer = table.moves
    assert not drawer.is_open and (Intent.MOVES, "Moves") in table.prompts()
    run(app, key(pygame.K_l))
    assert drawer.is_open and (Intent.MOVES, "Hide moves") in table.prompts()
    most = len(drawer.rows()) - drawer.visible_rows
    run(app, key(pygame.K_PAGEUP))
    assert drawer.scroll == min(most, drawer.visible_rows - 1)
    run(app, key(pygame.K_PAGEDOWN))
    assert drawer.scroll == 0
    run(app, wheel(1))
    assert drawer.scroll == min(most, 3)
    run(app, wheel(-1) + wheel(-1))
    assert drawer.scroll == 0
    run(app, key(pygame.K_l))
    assert not drawer.is_open
    run(app, wheel(1))
    assert drawer.scroll == 0, "closed, the wheel does not scroll it"
    run(app, key(pygame.K_l))
    steps = list(table.session.steps)
    centre = table.move_log_rect.center
    run(app, [mouse_down(centre, 1), mouse_up(centre, 1)])  # a click closes it, and plays nothing
    assert not drawer.is_open and table.picker.selected is None and table.session.steps == steps


def test_the_drawer_opens_and_scrolls_with_a_controller(app, necropolis):
    table = necropolis
    # Undo allowed (the bot's draw was hidden): a short footer, with room for the log's prompt.
    apply(table, [*HUMAN_NEW, *BOT_DRAWS_AND_SHOWS, *HUMAN_HIDES, *BOT_DRAWS_AND_HIDES])
    run(app, [pad_added()])
    press_pad(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert table.moves.is_open
    assert dict(table.prompts())[Intent.MOVES] == "Hide moves"
    press_pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # nothing older to show: it stays
    assert table.moves.scroll == 0
    press_pad(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert not table.moves.is_open


def test_the_mouse_alone_opens_the_drawer_from_the_footer_and_closes_it_with_a_click(app, necropolis):
    from test_client_support import click

    table = necropolis
    apply(table, [*HUMAN_NEW, *BOT_DRAWS_AND_SHOWS, *HUMAN_HIDES, *BOT_DRAWS_AND_HIDES])
    click(app, (640, 700))  # the mouse is the device now: the footer shows its prompts
    areas = [area for area, intent, _glyph, words in app._prompt_areas if intent is Intent.MOVES]
    assert areas, "the footer offers the move log"
    click(app, areas[0].center)
    assert table.moves.is_open
    click(app, table.move_log_rect.center)
    assert not table.moves.is_open


def test_the_pass_screen_recaps_the_moves_since_that_players_last_turn(app_with):
    app = app_with(KIT_CONFIG)
    options = {**app.settings.game("cyprus"), "target_score": 20}
    table = open_table(app, TableSetup("cyprus", ["human", "easy", "human", "easy"], options, 2))
    recaps = 0
    for _ in range(4000):
        top = app.scenes.top
        if top.name == "pass":
            steps = table.session.steps
            since = max((i for i, step in enumerate(steps) if step.split()[0] == str(top.seat)), default=-1)
            expected = [line for _, line in table.moves.log.lines(-1, table.seat_name, since + 1)]
            assert top.recap == expected[-len(top.recap):] if top.recap else not expected
            recaps += bool(top.recap)
            run(app, key(pygame.K_RETURN))
        elif top is table and table.can_decide:
            table.play(table.session.state.legal_actions()[0])
            run(app)
        else:
            run(app)
        if recaps >= 3:
            break
    assert recaps >= 3


RESOLUTIONS = [None, (1280, 800), (2560, 1440), (2560, 1080)]
DRAWERS = [(game, players, None) for game, players in (("necropolis", 2), ("buildup", 2), ("sebastopol", 4))] + [
    ("cyprus", 10, resolution) for resolution in RESOLUTIONS]
"""Every game at the layout's size (1280x720), and the most crowded table, ten at
Cyprus, at every kind of screen besides: the marks are in logical units, the same at
any size (`canvas`), so another size adds the scaled drawing, which one game covers:
1 time with bars above and below (1280x800), 2 times with none (2560x1440), 1.5
times with bars at the sides (2560x1080). Not 1920x1080 as well: 1.5 times with no
bars takes no path those three do not, and its marks are those of 2560x1080 and
2560x1440 (the same, mark for mark, over a Cyprus replay)."""


@pytest.mark.parametrize(("game", "players", "resolution"), DRAWERS,
                         ids=[f"{g}-{p}-{r[0]}x{r[1]}" if r else f"{g}-{p}-1280x720" for g, p, r in DRAWERS])
def test_the_open_drawer_collides_with_nothing(app_with, game, players, resolution):
    """A short game with the drawer open from the start, every sampled frame checked."""
    app = app_with(LAYOUT_CONFIG, "layout.toml", resolution=resolution)
    short = {"target_score": 20, "hands": 1}
    settings = {**app.settings.game(game), **{k: v for k, v in short.items() if k in app.settings.game(game)}}
    table = open_table(app, TableSetup(game, ["human"] + ["easy"] * (players - 1), settings, 3))
    watch = Watch(app)
    watch.step(key(pygame.K_l))
    assert table.moves.is_open
    play_game(watch, table, 20000)
    watch.assert_clean()


@pytest.mark.parametrize("game", ["buildup", "cyprus"])
def test_the_moves_prompt_stays_in_a_full_replay_footer_with_every_device(app, game):
    """It dropped out of a Cyprus replay's footer (keyboard, controller) and a Build
    Up replay's (controller): the footer was thought full from a fixed 260 units."""
    from dominoes_arcade.client.input import Device
    from dominoes_arcade.client.prompts import layout_prompts
    from dominoes_arcade.engine.match import random_game

    record = random_game(game, 1, players=4 if game == "cyprus" else 2)
    table = open_table(app, TableSetup(game, list(record.seats), dict(record.options), 0, record=record))
    for device in (Device.MOUSE, Device.KEYBOARD, Device.CONTROLLER):
        app.input.last_device = device
        prompts = table.prompts()
        assert Intent.MOVES in [intent for intent, _words in prompts], device
        placed = layout_prompts(app.style, prompts, device, app.button_family, 1264, 0)
        assert placed[0][0].x >= app.footer_prompts_start(), "clear of the device's name"
