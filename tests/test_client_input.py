"""The input mapper (keyboard, mouse, controllers, auto-repeat, deadzone,
hot-plug), button prompts, and geometric focus moves."""

from __future__ import annotations

import pygame
import pytest
import test_client_support  # noqa: F401  (dummy SDL drivers before pygame starts)
from hypothesis import given, settings
from hypothesis import strategies as st
from test_client_support import PAD, key, pad_added, pad_button, pad_removed

from dominoes_arcade.client.focus import FocusGroup, nearest
from dominoes_arcade.client.input import Device, InputEvent, InputMapper, Intent
from dominoes_arcade.client.prompts import pad_family, prompt_label
from dominoes_arcade.client.widgets import Button, Slider


@pytest.fixture(autouse=True, scope="module")
def video():
    pygame.display.init()
    yield
    pygame.display.quit()


def down(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def up(k, mod=0):
    return pygame.event.Event(pygame.KEYUP, key=k, mod=mod)


def intents(events):
    return [e.intent for e in events]


def test_keys_map_to_intents():
    mapper = InputMapper()
    table = {pygame.K_UP: Intent.UP, pygame.K_s: Intent.DOWN, pygame.K_a: Intent.LEFT, pygame.K_RIGHT: Intent.RIGHT,
             pygame.K_RETURN: Intent.CONFIRM, pygame.K_SPACE: Intent.CONFIRM, pygame.K_ESCAPE: Intent.BACK,
             pygame.K_BACKSPACE: Intent.BACK, pygame.K_p: Intent.PAUSE, pygame.K_h: Intent.HINT,
             pygame.K_u: Intent.UNDO, pygame.K_PAGEDOWN: Intent.PAGE_DOWN}
    for k, intent in table.items():
        assert intents(mapper.map([down(k), up(k)])) == [intent]
    assert intents(mapper.map([down(pygame.K_z, pygame.KMOD_LCTRL)])) == [Intent.UNDO]
    assert intents(mapper.map([down(pygame.K_TAB)])) == [Intent.DOWN]
    assert intents(mapper.map([down(pygame.K_TAB, pygame.KMOD_LSHIFT)])) == [Intent.UP]
    assert mapper.map([down(pygame.K_F5), down(pygame.K_z)]) == []
    assert mapper.last_device is Device.KEYBOARD


def test_a_held_direction_repeats_after_300_ms_then_every_100_ms():
    mapper = InputMapper(repeat_delay=0.3, repeat_rate=0.1)
    assert intents(mapper.map([down(pygame.K_DOWN)])) == [Intent.DOWN]
    assert mapper.update(0.29) == []
    repeats = mapper.update(0.02)  # 310 ms held
    assert intents(repeats) == [Intent.DOWN] and repeats[0].repeat
    assert mapper.update(0.05) == []  # 360 ms
    assert intents(mapper.update(0.05)) == [Intent.DOWN]  # 410 ms: the second repeat at 400 ms
    mapper.map([up(pygame.K_DOWN)])
    assert mapper.update(1.0) == []


def test_confirm_does_not_repeat_and_release_all_lets_go():
    mapper = InputMapper()
    mapper.map([down(pygame.K_RETURN)])
    assert mapper.update(1.0) == []
    mapper.map([down(pygame.K_LEFT)])
    mapper.release_all()
    assert mapper.update(1.0) == []


def test_the_newest_held_direction_is_the_one_that_repeats():
    mapper = InputMapper(repeat_delay=0.3, repeat_rate=0.1)
    mapper.map([down(pygame.K_DOWN)])
    mapper.update(0.2)
    mapper.map([down(pygame.K_RIGHT)])
    assert intents(mapper.update(0.31)) == [Intent.RIGHT]


def test_mouse_buttons_motion_and_wheel():
    mapper = InputMapper()
    events = mapper.map([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1),
                         pygame.event.Event(pygame.MOUSEMOTION, pos=(15, 20), rel=(5, 0), buttons=(1, 0, 0)),
                         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(15, 20), button=1),
                         pygame.event.Event(pygame.MOUSEMOTION, pos=(16, 20), rel=(1, 0), buttons=(0, 0, 0)),
                         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(16, 20), button=3)])
    assert intents(events) == [Intent.PRESS, Intent.DRAG, Intent.RELEASE, Intent.POINT, Intent.PRESS, Intent.BACK]
    assert events[1].rel == (5, 0) and events[0].pos == (10, 20)
    wheel = mapper.map([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0, flipped=False)])
    assert intents(wheel) == [Intent.SCROLL] and wheel[0].amount == 2.0
    assert mapper.last_device is Device.MOUSE


def test_controller_buttons_by_position_and_hot_plug():
    mapper = InputMapper()
    added = mapper.map([pad_added()])
    assert intents(added) == [Intent.DEVICE_ADDED] and PAD in mapper.controllers
    assert mapper.map([pad_added()]) == []  # announced twice: still one pad
    presses = mapper.map(pad_button(pygame.CONTROLLER_BUTTON_A) + pad_button(pygame.CONTROLLER_BUTTON_B)
                         + pad_button(pygame.CONTROLLER_BUTTON_START) + pad_button(pygame.CONTROLLER_BUTTON_Y)
                         + pad_button(pygame.CONTROLLER_BUTTON_X) + pad_button(pygame.CONTROLLER_BUTTON_DPAD_UP))
    assert intents(presses) == [Intent.CONFIRM, Intent.BACK, Intent.PAUSE, Intent.HINT, Intent.UNDO, Intent.UP]
    assert mapper.last_device is Device.CONTROLLER
    assert mapper.map([pad_removed(instance=12345)]) == []  # a pad we never saw
    assert intents(mapper.map([pad_removed()])) == [Intent.DEVICE_LOST]
    assert not mapper.controllers and mapper.last_device is Device.KEYBOARD


def axis(value, which=pygame.CONTROLLER_AXIS_LEFTY):
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=which, value=value)


def test_stick_deadzone_hysteresis_and_repeat():
    mapper = InputMapper(deadzone=0.5, repeat_delay=0.3, repeat_rate=0.1)
    assert mapper.map([axis(int(0.45 * 32767))]) == []  # inside the deadzone
    assert intents(mapper.map([axis(int(0.6 * 32767))])) == [Intent.DOWN]
    assert mapper.map([axis(int(0.9 * 32767)), axis(int(0.45 * 32767))]) == []  # still held (above 0.4)
    assert intents(mapper.update(0.31)) == [Intent.DOWN]
    assert mapper.map([axis(int(0.3 * 32767))]) == []  # released
    assert mapper.update(1.0) == []
    assert intents(mapper.map([axis(-32768)])) == [Intent.UP]
    assert intents(mapper.map([axis(32767, pygame.CONTROLLER_AXIS_LEFTX)])) == [Intent.RIGHT]
    assert mapper.map([axis(32767, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)]) == []


def test_the_left_trigger_is_a_button_that_shows_the_move_values():
    mapper = InputMapper()
    left = pygame.CONTROLLER_AXIS_TRIGGERLEFT
    assert mapper.map([axis(int(0.4 * 32767), left)]) == []  # a finger resting on it
    assert intents(mapper.map([axis(int(0.6 * 32767), left)])) == [Intent.VALUES]
    assert mapper.last_device is Device.CONTROLLER
    assert mapper.map([axis(32767, left), axis(int(0.45 * 32767), left)]) == [], "held: one press"
    assert mapper.update(1.0) == [], "it does not repeat"
    assert mapper.map([axis(0, left)]) == []
    assert intents(mapper.map([axis(32767, left)])) == [Intent.VALUES], "pulled again"
    assert intents(mapper.map(key(pygame.K_v))) == [Intent.VALUES]
    assert prompt_label(Intent.VALUES, Device.CONTROLLER, "playstation") == "L2"
    assert prompt_label(Intent.VALUES, Device.KEYBOARD) == "V"


def test_prompts_follow_the_device_and_the_label_setting():
    assert prompt_label(Intent.CONFIRM, Device.KEYBOARD) == "Enter"
    assert prompt_label(Intent.CONFIRM, Device.MOUSE) == "Click"
    assert prompt_label(Intent.CONFIRM, Device.CONTROLLER, "xbox") == "A"
    assert prompt_label(Intent.CONFIRM, Device.CONTROLLER, "playstation") == "cross"
    # SDL's A is the bottom button; Nintendo prints B there.
    assert prompt_label(Intent.CONFIRM, Device.CONTROLLER, "nintendo") == "B"
    assert prompt_label(Intent.BACK, Device.CONTROLLER, "nintendo") == "A"
    assert prompt_label(Intent.PAUSE, Device.CONTROLLER, "playstation") == "Options"
    assert pad_family("auto", "PS5 Controller") == "playstation"
    assert pad_family("auto", "Nintendo Switch Pro Controller") == "nintendo"
    assert pad_family("auto", "Xbox Series X Controller") == "xbox"
    assert pad_family("nintendo", "Xbox Series X Controller") == "nintendo"


# -- focus ---------------------------------------------------------------------------


def grid(columns=3, rows=3):
    group = FocusGroup()
    cells = {}
    for r in range(rows):
        for c in range(columns):
            cells[r, c] = group.add(Button((100 + c * 200, 100 + r * 80, 180, 60), f"{r},{c}", lambda: None))
    return group, cells


def move(group, intent):
    group.handle(focus_event(intent))
    return group.focused.label


def focus_event(intent=Intent.DOWN):
    from dominoes_arcade.client.input import InputEvent

    return InputEvent(intent, Device.KEYBOARD)


def test_focus_moves_to_the_neighbour_in_a_grid_and_wraps():
    group, cells = grid()
    assert group.focused is cells[0, 0]
    assert move(group, Intent.RIGHT) == "0,1"
    assert move(group, Intent.DOWN) == "1,1"
    assert move(group, Intent.DOWN) == "2,1"
    assert move(group, Intent.DOWN) == "0,1"  # wraps to the top of the same column
    assert move(group, Intent.LEFT) == "0,0"
    assert move(group, Intent.LEFT) == "0,2"  # wraps to the far end of the row


def test_straight_ahead_beats_nearer_but_off_to_the_side():
    origin = Button((0, 0, 100, 40), "origin", lambda: None)
    ahead = Button((0, 300, 100, 40), "ahead", lambda: None)
    aside = Button((400, 120, 100, 40), "aside", lambda: None)
    assert nearest(origin.rect, [ahead, aside], Intent.DOWN) is ahead
    assert nearest(origin.rect, [ahead, aside], Intent.UP) is None


def test_a_slider_keeps_left_and_right_for_its_value():
    group = FocusGroup()
    slider = group.add(Slider((0, 0, 400, 50), "Volume", 0.5, 0.0, 1.0, 0.1, lambda v: None))
    group.add(Button((500, 0, 100, 50), "Other", lambda: None))
    move(group, Intent.RIGHT)
    assert group.focused is slider and slider.value == pytest.approx(0.6)
    move(group, Intent.LEFT)
    move(group, Intent.LEFT)
    assert slider.value == pytest.approx(0.4)


def test_disabled_widgets_are_skipped():
    group, cells = grid(columns=3, rows=1)
    cells[0, 1].enabled = False
    assert move(group, Intent.RIGHT) == "0,2"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 11), st.integers(0, 7)), min_size=2, max_size=20, unique=True),
       st.sampled_from([Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT]))
def test_a_focus_move_without_wrap_always_goes_the_way_pressed(cells, intent):
    group = FocusGroup(wrap=False)
    for column, row in cells:
        group.add(Button((column * 100, row * 80, 90, 60), f"{column},{row}", lambda: None))
    for start in list(group.widgets):
        group.focus(start)
        before = start.rect.center
        moved = group.move(intent)
        after = group.focused.rect.center
        dx, dy = {Intent.UP: (0, -1), Intent.DOWN: (0, 1), Intent.LEFT: (-1, 0), Intent.RIGHT: (1, 0)}[intent]
        if moved:
            assert (after[0] - before[0]) * dx + (after[1] - before[1]) * dy > 0
        else:
            # Nothing lay that way at all.
            assert all((w.rect.centerx - before[0]) * dx + (w.rect.centery - before[1]) * dy <= 0
                       for w in group.widgets)


def test_a_click_whose_action_rebuilds_the_buttons_is_taken_in_stride():
    """A button's action may clear the group and add new buttons (a screen that
    folds away): the release that ran it must not touch the group it replaced."""
    group = FocusGroup()

    def rebuild() -> None:
        group.clear()
        group.add(Button((0, 0, 100, 40), "after", lambda: None))

    group.add(Button((0, 0, 100, 40), "before", rebuild))
    for intent in (Intent.PRESS, Intent.RELEASE):
        assert group.handle(InputEvent(intent, Device.MOUSE, pos=(50, 20), button=1))
    assert [widget.label for widget in group.widgets] == ["after"] and group.captured is None
