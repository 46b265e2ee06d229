"""The analysis view on the table (issue 31): V, the left trigger and the pause
menu's "Show move values" toggle it; a badge at each legal source (and at each
target of the source picked up) says its value, the best one starred; the layout
check finds nothing covered; it works in replays (for the seat to move) and after
"Play from here"; it is off in demos."""

from __future__ import annotations

import pygame
import pytest
from client_drive import run_until
from test_client_support import KIT_CONFIG, PAD, key, run
from test_client_table_kit import to_decision

from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.tables.analysis_marks import PLACE_LEGEND, WIN_CHANCE_LEGEND
from dominoes_arcade.client.tables.interaction import sources, targets_of
from dominoes_arcade.engine.match import random_game

APP_CONFIG = KIT_CONFIG


def trigger(value: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_TRIGGERLEFT,
                              value=value)


def values_shown(app, table) -> bool:
    """Frames until the first values are drawn."""
    run_until(app, lambda: table.session.values.current() is not None, limit=6000)
    run(app, frames=2)
    return bool(table.analysis_marks.placed)


def play_table(app, game="necropolis", seats=("human", "easy"), seed=4):
    table = open_table(app, TableSetup(game, list(seats), app.settings.game(game), seed))
    to_decision(app, table, lambda t: len(sources(t.current_choices())) > 1)
    return table


@pytest.mark.parametrize("device", ["key", "trigger", "pause"])
def test_each_device_toggles_the_values_and_a_badge_sits_at_each_source(app, device):
    table = play_table(app)

    def toggle():
        if device == "key":
            run(app, key(pygame.K_v), frames=2)
        elif device == "trigger":
            run(app, [trigger(32767), trigger(0)], frames=2)
        else:
            run(app, key(pygame.K_p), frames=2)
            pause = app.scenes.top
            (entry,) = [w for w in pause.focus.widgets if w.label in ("Show move values", "Hide move values")]
            entry.on_press()
            run(app, frames=2)
            assert app.scenes.top is table

    toggle()
    assert table.session.values.on
    assert values_shown(app, table)
    choices = table.current_choices()
    assert [item for item, *_ in table.analysis_marks.placed] == [s for s in sources(choices)
                                                                 if s in table.item_rects()]
    assert sum(best for *_, best in table.analysis_marks.placed) == 1, "one best move, starred"
    assert table.footer_note()[0] == WIN_CHANCE_LEGEND
    # The badge is drawn: its pixels differ from the frame without values.
    where = table.analysis_marks.placed[0][1]
    with_values = app.screen.copy()
    toggle()
    assert not table.session.values.on
    run(app, frames=2)
    scale = app.screen.get_width() / LOGICAL_SIZE[0]
    centre = (int(where.centerx * scale), int(where.centery * scale))
    assert with_values.get_at(centre) != app.screen.get_at(centre)
    assert table.session.assisted, "the game counts apart"


def test_a_source_picked_up_shows_a_value_at_each_of_its_targets_and_nothing_is_covered(app):
    app.check_layout = True
    table = play_table(app)
    run(app, key(pygame.K_v), frames=2)
    values_shown(app, table)
    choices = table.current_choices()
    source = next(s for s in sources(choices) if len(targets_of(choices, s)) > 1)
    table.picker.selected = source
    run(app, frames=2)
    placed = [item for item, *_ in table.analysis_marks.placed]
    assert placed == [t for t in targets_of(choices, source) if t in table.item_rects()]
    words = [text for _item, _rect, text, _best in table.analysis_marks.placed]
    assert all(text.rstrip("%").lstrip("\u2605").isdigit() for text in words), words
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []


def test_places_at_four_players_and_the_layout_holds(app):
    app.check_layout = True
    table = play_table(app, "cyprus", ("human", "easy", "easy", "easy"), seed=2)
    run(app, key(pygame.K_v), frames=2)
    values_shown(app, table)
    assert table.footer_note()[0] == PLACE_LEGEND
    for _item, _rect, text, _best in table.analysis_marks.placed:
        assert 1.0 <= float(text.lstrip("\u2605")) <= 4.0
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []


def test_a_replay_values_the_seat_to_move_and_play_from_here_keeps_the_view(app):
    record = random_game("necropolis", 3)
    table = open_table(app, TableSetup("necropolis", list(record.seats), dict(record.options), record.seed,
                                       record=record))
    table.replay.playing = False
    while table.session.state.current_player < 0 or len(table.session.state.legal_actions()) < 2:
        table.replay.step_forward()
        run(app)
    run(app, key(pygame.K_v), frames=2)
    assert values_shown(app, table)
    assert table.session.values.current().seat == table.session.state.current_player
    assert not table.session.assisted, "watching a replay with the values is no assisted game"
    table.replay.take_over(table.session.state.current_player, "easy")
    game = app.scenes.top
    assert game is not table and game.session.values.on, "the view stays on after Play from here"
    to_decision(app, game)
    assert values_shown(app, game)


def test_the_view_is_refused_in_a_demo(app):
    table = open_table(app, TableSetup("necropolis", ["easy", "easy"], app.settings.game("necropolis"), 1,
                                       demo=True))
    run(app, key(pygame.K_v), frames=2)
    assert not table.session.values.on and app.toasts[-1][0] == "Move values are for your own games and replays."


@pytest.mark.parametrize("game", ["necropolis", "buildup"])
def test_each_target_s_badge_sits_in_a_spot_of_its_own_inside_its_panel(app, game):
    """Issue 42, item 10: the badge for hiding floated on the border between the
    Necropolis panels; Build Up's top-row badges crossed the line's edge and the
    bottom row's read as the top row's. Hiding's badge is inside the mastabas
    tray; a stack's is under its own tile, inside its line. A leftover: a Build
    Up hand tile's badge sat on the player's name plate; each now goes under its
    own tile."""
    app.check_layout = True
    table = open_table(app, TableSetup(game, ["human", "easy"], app.settings.game(game), 5))
    wanted = "mastabas" if game == "necropolis" else ("stack", 0)  # hiding; a tile for both lines
    to_decision(app, table, lambda t: any(choice.target == wanted for choice in t.current_choices()))
    run(app, key(pygame.K_v), frames=2)
    values_shown(app, table)
    # Each source's badge first (a Build Up hand tile's sat on the player's name plate).
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []
    if game == "buildup":
        hand = [(item, where) for item, where, _text, _best in table.analysis_marks.placed if item[0] == "hand"]
        assert len(hand) > 1
        for item, where in hand:  # under its own tile, clear of the focus marker round it
            tile = table.item_rects()[item]
            assert where.centerx == tile.centerx and 10 <= where.top - tile.bottom <= 14, (item, where, tile)
    choices = table.current_choices()
    source = next(choice.source for choice in choices if choice.target == wanted)
    table.picker.selected = source
    run(app, frames=2)
    placed = {item: where for item, where, _text, _best in table.analysis_marks.placed}
    layout = table.layout
    if game == "necropolis":
        assert layout.trays[table.seen.view.seat].contains(placed["mastabas"])
    else:
        stacks = [item for item in placed if item[0] == "stack"]
        assert {stack // 6 for _kind, stack in stacks} == {0, 1}, "targets in both lines"
        for item in stacks:
            tile, where = layout.stack_rect(item[1]), placed[item]
            assert layout.line_rect(item[1] // 6).contains(where), item
            assert where.centerx == tile.centerx and 0 <= where.top - tile.bottom <= 4, (item, where, tile)
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []
