"""The table kit's decision input, on the kit's plain test table (`KitTable`):
selecting and unselecting with each device; a drop where the tile cannot go
refused with the engine's reason; a release off every target cancelling; the
forced move in one press; the last-move marker."""

from __future__ import annotations

import pygame
from client_drive import ACTIONS, KitTable, click_at, drag, frames, run_until
from test_client_support import FRAME, KIT_CONFIG, PAD, key, pad_button, run

from dominoes_arcade.client.input import Intent
from dominoes_arcade.client.tables import TableSetup
from dominoes_arcade.client.tables.interaction import LAST_MOVE_COLOUR, Choice, choice_for, sources, targets_of

APP_CONFIG = KIT_CONFIG


def open_kit(app, game: str, seats: list[str], seed: int = 3) -> KitTable:
    table = KitTable(app, TableSetup(game, seats, app.settings.game(game), seed))
    app.scenes.push(table)
    return table


def to_decision(app, table: KitTable, wanted=lambda table: True) -> None:
    """Frames until the human may decide (and `wanted(table)` holds there); human
    decisions on the way are made with the first choice."""
    for _ in range(3000):
        if table.can_decide and not table.tweens.busy:
            if wanted(table):
                return
            table.play(table.current_choices()[0].action)
        run(app)
    raise AssertionError("no such decision came")


# -- the helpers of the contract ---------------------------------------------------------------


def test_sources_and_targets_keep_first_seen_order_without_repeats():
    a, b, c = (ACTIONS[("buildup", "place", 4, stack)] for stack in (0, 1, 2))
    choices = [Choice(a, ("tile", 4), ("stack", 0)), Choice(b, ("tile", 4), ("stack", 1)),
               Choice(c, ("tile", 5), None)]
    assert sources(choices) == [("tile", 4), ("tile", 5)]
    assert targets_of(choices, ("tile", 4)) == [("stack", 0), ("stack", 1)]
    assert targets_of(choices, ("tile", 5)) == []
    assert choice_for(choices, ("tile", 4), ("stack", 1)).action is b
    assert choice_for(choices, ("tile", 5), None).action is c
    assert choice_for(choices, ("tile", 5), ("stack", 0)) is None


# -- the mouse ---------------------------------------------------------------------------------------


def test_a_click_selects_a_source_and_another_click_on_it_or_a_right_click_puts_it_back(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table, lambda t: any(c.target is not None for c in t.current_choices()))
    source = next(c.source for c in table.current_choices() if c.target is not None)
    centre = table.item_rects()[source].center
    click_at(app, centre)
    assert table.selected_source == source
    click_at(app, centre)
    assert table.selected_source is None
    click_at(app, centre)
    frames(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)])
    assert table.selected_source is None and app.scenes.top is table, "right-click unselects, no pause"


def test_click_source_then_target_plays_that_choice(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table, lambda t: any(c.target is not None for c in t.current_choices()))
    choice = next(c for c in table.current_choices() if c.target is not None)
    rects = table.item_rects()
    click_at(app, rects[choice.source].center)
    assert table.selected_source == choice.source
    click_at(app, rects[choice.target].center)
    assert table.session.steps[table.session.human_steps[-1]] == f"0 {choice.action}"


def test_a_drag_onto_a_target_plays_and_the_dragged_tile_follows_the_pointer(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table, lambda t: any(c.target is not None for c in t.current_choices()))
    choice = next(c for c in table.current_choices() if c.target is not None)
    rects = table.item_rects()
    start, end = rects[choice.source].center, rects[choice.target].center
    frames(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(1, 1), buttons=(0, 0, 0)),
                 pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    resting = table.render_log.count((choice.action.tile, True, 0))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2 - 40)
    frames(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(9, 9), buttons=(1, 0, 0))])
    assert table.dragged_source == choice.source
    assert table.render_log.count((choice.action.tile, True, 0)) == resting + 1, "the tile in the air, too"
    frames(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert table.session.steps[table.session.human_steps[-1]] == f"0 {choice.action}"


def test_a_drop_where_the_tile_cannot_go_is_refused_with_the_engines_reason(app):
    table = open_kit(app, "buildup", ["human", "easy"])

    def has_refusable(t):
        legal = t.session.state.legal_actions()
        return any(ACTIONS[("buildup", "place", c.action.tile, stack)] not in legal
                   for c in t.current_choices() if c.action.kind == "place" for stack in range(12))

    to_decision(app, table, has_refusable)
    legal = table.session.state.legal_actions()
    tile, stack = next((c.action.tile, stack) for c in table.current_choices() if c.action.kind == "place"
                       for stack in range(12) if ACTIONS[("buildup", "place", c.action.tile, stack)] not in legal)
    steps = list(table.session.steps)
    rects = table.item_rects()
    drag(app, rects[("tile", tile)].center, rects[("spot", "place", stack)].center)
    reason = table.session.state.why_illegal(ACTIONS[("buildup", "place", tile, stack)])
    assert reason, "the engine says why the tile cannot go on that stack"
    assert app.toasts and app.toasts[-1][0].lower() == reason.lower()
    assert table.session.steps == steps and table.can_decide, "nothing was played"


def test_a_release_off_every_target_cancels_the_drag_quietly(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table)
    source = table.current_choices()[0].source
    steps = list(table.session.steps)
    drag(app, table.item_rects()[source].center, (1200, 120))  # bare felt
    assert table.session.steps == steps and table.selected_source is None and table.dragged_source is None
    assert not app.toasts


# -- keyboard and controller -----------------------------------------------------------------------


def test_keyboard_selects_moves_among_targets_and_back_unselects(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table, lambda t: sum(c.target is not None for c in t.current_choices()) >= 2)
    picker = table.picker
    start = picker.focused
    assert start in sources(table.current_choices()), "a new decision focuses a source"
    source = next(c.source for c in table.current_choices() if c.target is not None)
    while picker.focused != source:
        run(app, key(pygame.K_PAGEDOWN), frames=2)
    run(app, key(pygame.K_RETURN), frames=2)
    assert table.selected_source == source
    targets = targets_of(table.current_choices(), source)
    assert picker.focused in targets, "selecting moves the focus to the source's targets"
    seen = {picker.focused}
    for _ in range(len(targets) * 2):
        run(app, key(pygame.K_RIGHT), frames=2)
        seen.add(picker.focused)
    assert seen <= set(targets) and len(seen) > 1, "directions walk the targets only"
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert table.selected_source is None and picker.focused == source
    assert app.scenes.top is table, "back with a selection unselects instead of pausing"
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert app.scenes.top.name == "pause"


def test_controller_a_on_a_target_plays_and_b_unselects(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    app.step(FRAME, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=PAD)])
    to_decision(app, table, lambda t: any(c.target is not None for c in t.current_choices()))
    choice = next(c for c in table.current_choices() if c.target is not None)
    while table.picker.focused != choice.source:
        run(app, pad_button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER), frames=2)
    run(app, pad_button(pygame.CONTROLLER_BUTTON_A), frames=2)
    run(app, pad_button(pygame.CONTROLLER_BUTTON_B), frames=2)
    assert table.selected_source is None
    run(app, pad_button(pygame.CONTROLLER_BUTTON_A), frames=2)
    while table.picker.focused != choice.target:
        run(app, pad_button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER), frames=2)
    run(app, pad_button(pygame.CONTROLLER_BUTTON_A), frames=2)
    assert table.session.steps[table.session.human_steps[-1]] == f"0 {choice.action}"


# -- the forced move -----------------------------------------------------------------------------------


def test_a_forced_move_is_one_press_wherever_the_focus_is_and_the_prompt_says_what(app):
    table = open_kit(app, "necropolis", ["human", "easy"])
    to_decision(app, table, lambda t: len(t.session.state.legal_actions()) == 1)
    only = table.session.state.legal_actions()[0]
    confirm = [words for intent, words in table.prompts() if intent is Intent.CONFIRM]
    assert confirm and str(only).lower() in confirm[0].lower() and "only move" in confirm[0]
    table.picker.focused = None
    decided = len(table.session.human_steps)
    run(app, key(pygame.K_RETURN), frames=1)
    session = table.session
    assert len(session.human_steps) == decided + 1 and session.steps[session.human_steps[-1]] == f"0 {only}"


def test_a_forced_move_by_controller_and_by_a_click_on_its_source(app):
    table = open_kit(app, "necropolis", ["human", "easy"])
    to_decision(app, table, lambda t: len(t.session.state.legal_actions()) == 1)
    decided = len(table.session.human_steps)
    run(app, pad_button(pygame.CONTROLLER_BUTTON_A), frames=1)
    assert len(table.session.human_steps) == decided + 1
    to_decision(app, table, lambda t: len(t.session.state.legal_actions()) == 1)
    only = table.current_choices()[0]
    frames(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.item_rects()[only.source].center, button=1)])
    assert table.session.steps[table.session.human_steps[-1]] == f"0 {only.action}", "the press itself plays it"


# -- marks ---------------------------------------------------------------------------------------------------


def test_the_last_move_is_marked_where_the_table_says(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table)
    run(app)
    rect = table.last_move_rect()
    colour_at = [app.screen.get_at((rect.inflate(2 * grow, 2 * grow).left, rect.centery))[:3] for grow in (3, 5, 7)]
    # Two rings (3 and 7 px out) with the felt between them: a shape no other mark has.
    assert colour_at[0] == colour_at[2] == LAST_MOVE_COLOUR != colour_at[1]


def test_legal_sources_are_ringed_and_a_selection_shows_its_targets(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table, lambda t: any(c.target is not None for c in t.current_choices()))
    choice = next(c for c in table.current_choices() if c.target is not None)
    rects = table.item_rects()
    felt = app.screen.get_at((rects[choice.target].centerx, rects[choice.target].top - 20))
    click_at(app, rects[choice.source].center)
    ring = rects[choice.source].inflate(8, 8)
    assert app.screen.get_at((ring.left + 1, ring.centery))[:3] == (255, 255, 255), "the selection's white ring"
    target = rects[choice.target]
    assert app.screen.get_at((target.left - 2, target.centery)) != felt, "the target is ringed"
    run_until(app, lambda: True)
