"""No work when nothing moves (issue 29): the real frame loop (`App.run`) draws a
frame only when something on screen may have changed.

The loop runs on simulated time: `SimulatedClock` stands in for `pacing.FrameClock`
(each iteration is a 60th of a second, drawn or not, with the events scheduled for
it), so seconds of a screen left alone take milliseconds, and the frames drawn
(`App.frames_drawn`) are counted against the loop's iterations (`App.frame`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest
from test_client_support import FRAME, animated, key, pad_button

from dominoes_arcade.client.scenes.title import BOB_SECONDS
from dominoes_arcade.client.tables.base import TableScene
from dominoes_arcade.client.tables.interaction import PULSE_SECONDS

REAL_SECONDS_CAP = 60.0
"""A bot answers in real time (in its worker): a run waiting for one gives up after this."""


class SimulatedClock:
    """`App.run`'s clock on simulated time: every iteration advances `FRAME`,
    hands out the events scheduled at or before that time, and closes the app
    after `seconds` or once `until()` holds. `paced` and `idled` count the
    iterations the loop asked for as animated frames and as idle waits."""

    def __init__(self, app, seconds: float, events: dict[float, list] | None = None,
                 until: Callable[[], bool] | None = None):
        self.app = app
        self.now = 0.0
        self.seconds = seconds
        self.events = dict(events or {})
        self.until = until
        self.paced = self.idled = 0
        self.started = time.monotonic()

    def _next(self) -> tuple[float, list]:
        self.now += FRAME
        due = [at for at in self.events if at <= self.now]
        events = [event for at in sorted(due) for event in self.events.pop(at)]
        done = self.now >= self.seconds or (self.until is not None and self.until())
        if done or time.monotonic() - self.started > REAL_SECONDS_CAP:
            self.app.running = False
        return FRAME, events

    def frame(self) -> tuple[float, list]:
        self.paced += 1
        return self._next()

    def idle(self) -> tuple[float, list]:
        self.idled += 1
        return self._next()


def run_for(app, seconds: float, events: dict[float, list] | None = None, until=None) -> SimulatedClock:
    clock = SimulatedClock(app, seconds, events, until)
    app.running = True
    app.run(clock)
    return clock


def settled_title(app_with):
    """A title screen with normal animations, past its intro."""
    app = app_with(animated("normal"))
    assert app.scenes.top.name == "title"
    run_for(app, BOB_SECONDS + 1)
    return app


def test_a_title_left_alone_draws_no_new_frames_after_its_intro(app_with):
    app = app_with(animated("normal"))
    intro = run_for(app, BOB_SECONDS + 1)
    assert intro.paced > 0.8 * BOB_SECONDS / FRAME, "the intro (the logo falling, the tiles bobbing) is drawn"
    drawn, iterations = app.frames_drawn, app.frame
    alone = run_for(app, 10.0)
    assert app.frame - iterations >= 590, "the loop kept running (timers, the attract demo)"
    assert app.frames_drawn == drawn, "no frame drawn while nothing moves"
    assert alone.paced == 0 and alone.idled >= 590, "the loop slept instead of pacing frames"
    report = app.frames_report()
    assert report["frames"] == app.frames_drawn < report["iterations"] == app.frame


@pytest.mark.parametrize("screen, args", [("settings", ()), ("statistics", ()), ("rules", ()),
                                          ("setup", ("cyprus",))])
def test_a_menu_left_alone_draws_no_new_frames(app_with, screen, args):
    app = settled_title(app_with)
    app.open(screen, *args)
    run_for(app, 2.0)  # the fade between screens
    drawn = app.frames_drawn
    run_for(app, 10.0)
    assert app.scenes.top.name == screen and app.frames_drawn == drawn


def test_the_rules_scrolled_are_drawn_until_the_text_rests(app_with):
    app = settled_title(app_with)
    rules = app.open("rules")
    run_for(app, 2.0)
    drawn = app.frames_drawn
    run_for(app, 3.0, {0.5: key(pygame.K_PAGEDOWN)})
    assert rules.target > 0 and rules.scroll == rules.target, "scrolled a page"
    eased = app.frames_drawn - drawn
    assert 3 < eased < 2.5 / FRAME, "the text eased over frames, then rested"


@pytest.mark.parametrize("what", ["key", "controller", "focus back", "window exposed"])
def test_an_event_draws_exactly_the_frame_it_needs(app_with, what):
    app = settled_title(app_with)
    events = {"key": key(pygame.K_RIGHT), "controller": pad_button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
              "focus back": [pygame.event.Event(pygame.WINDOWFOCUSGAINED)],
              "window exposed": [pygame.event.Event(pygame.WINDOWEXPOSED)]}[what]
    if what == "controller":
        run_for(app, 0.5, {0.1: [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=7)]})
        run_for(app, 4.0)  # the "Controller connected" notice comes and goes
    before = app.screen.copy()
    focused = app.scenes.top.focus.focused
    drawn = app.frames_drawn
    run_for(app, 3.0, {1.0: events})
    assert app.frames_drawn == drawn + 1
    moved = what in ("key", "controller")
    assert (app.scenes.top.focus.focused is not focused) == moved
    changed = pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    assert changed == moved, "the frame drawn shows the focus moved (or the same screen again)"


def test_a_stick_jittering_at_rest_draws_nothing_and_a_push_draws_its_move(app_with):
    app = settled_title(app_with)
    run_for(app, 0.5, {0.1: [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=7)]})
    run_for(app, 4.0)  # the "Controller connected" notice comes and goes
    jitter = {0.1 * n: [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=axis, value=value),
                        pygame.event.Event(pygame.JOYAXISMOTION, instance_id=7, joy=0, axis=axis, value=value / 32767)]
              for n in range(1, 30) for axis, value in [(n % 2, 900 if n % 3 else -700)]}
    focused, drawn = app.scenes.top.focus.focused, app.frames_drawn
    run_for(app, 3.2, jitter)
    assert app.frames_drawn == drawn and app.scenes.top.focus.focused is focused
    push = [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=pygame.CONTROLLER_AXIS_LEFTX,
                               value=32000)]
    run_for(app, 0.2, {0.1: push})
    assert app.frames_drawn == drawn + 1 and app.scenes.top.focus.focused is not focused


def test_a_scene_that_says_it_changed_gets_one_frame(app_with):
    app = settled_title(app_with)
    drawn = app.frames_drawn
    run_for(app, 1.0)
    assert app.frames_drawn == drawn
    app.scenes.top.changed()
    run_for(app, 1.0)
    assert app.frames_drawn == drawn + 1


def human_table(app_with) -> TableScene:
    app = app_with(animated("fast"), game="necropolis", seats=["human", "easy"], seed=3)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    run_for(app, 3600.0, until=lambda: table.can_decide and not table.tweens.running)
    assert table.can_decide, "the human's turn came"
    return table


def test_an_idle_table_waiting_for_the_human_draws_no_new_frames(app_with):
    table = human_table(app_with)
    app = table.app
    run_for(app, PULSE_SECONDS + 0.5)  # the legal moves' rings pulse, then rest
    drawn, iterations = app.frames_drawn, app.frame
    alone = run_for(app, 10.0)
    assert table.can_decide and app.frame - iterations >= 590
    assert app.frames_drawn == drawn, "no frame drawn while the table waits for the human"
    assert alone.paced == 0


def test_the_pause_menu_over_a_table_draws_no_new_frames(app_with):
    table = human_table(app_with)
    app = table.app
    table.open_pause()
    run_for(app, 2.0)
    drawn = app.frames_drawn
    run_for(app, 10.0)
    assert app.scenes.top.name == "pause" and app.frames_drawn == drawn


def test_a_bots_move_still_animates_and_shows(app_with):
    app = app_with(animated("fast"), game="necropolis", demo=True, seed=3)
    table = app.scenes.top
    drawn, iterations = app.frames_drawn, app.frame
    seen: list[tuple[int, int]] = []  # (steps applied, frames drawn) at each iteration

    def bots_moved_four_times() -> bool:  # and 30 iterations since
        seen.append((len(table.session.steps), app.frames_drawn))
        steps = table.session.steps
        return sum(not step.startswith("*") for step in steps[:seen[-30][0]]) >= 4 if len(seen) > 30 else False

    run_for(app, 3600.0, until=bots_moved_four_times)
    decisions = [index for index, step in enumerate(table.session.steps) if not step.startswith("*")][:4]
    assert len(decisions) == 4, "the bots moved"
    assert app.frames_drawn - drawn == app.frame - iterations, "every frame drawn while the bots play"
    shown_at = [next(frames for applied, frames in seen if applied > index) for index in decisions]
    shown_at.append(seen[-1][1])
    gaps = [later - earlier for earlier, later in zip(shown_at, shown_at[1:], strict=False)]
    assert min(gaps) >= 3, "each move animated over frames of its own"
