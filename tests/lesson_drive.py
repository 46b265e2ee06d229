"""Take a lesson as a person would, for the lesson tests (no tests here).

`take_lesson(app, game, device)` opens the lesson from the title screen (its Learn
to play card, then the game in the chooser) and plays it to "Lesson complete" with
one device alone ("mouse", "keyboard" or "controller"): Next on each stage that
explains (a click on the callout's button, Enter, A), the move each stage asks for
(read from the stage, made through the table's own input by `client_drive.decide`),
then the short game with the table's choices (`client_drive.play` does the same
for whole games), then Done.
"""

from __future__ import annotations

import random
import time

import pygame
from client_drive import click_at, confirm_overlay, decide, frames, press
from test_client_support import FRAME, PAD, UNDRAWN_SECONDS, click_widget, run, run_undrawn_until, steer, undrawn

from dominoes_arcade.client import games


def add_controller(app) -> None:
    app.step(FRAME, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=PAD)])


def press_callout(app, table, device: str, label: str) -> None:
    """The callout's button `label`, as `device` presses it (CONFIRM is its first)."""
    if device == "mouse":
        button = next(b for b in table.callout.buttons if b.label == label)
        click_at(app, button.rect.center)
    else:
        press(app, table, device, "confirm")


def wait_for(app, done, limit: int = 3000, *, drawn: bool = True) -> None:
    """Frames until `done()`, at most `limit`; undrawn unless `drawn`, for a `done`
    that reads nothing drawing sets (the callout's buttons are laid out as it is
    drawn), and then bounded in seconds (`run_undrawn_until`), not frames."""
    if not drawn:
        run_undrawn_until(app, done, "the lesson's next stage")
        return
    for _ in range(limit):
        if done():
            return
        run(app)
    raise AssertionError("the lesson stopped moving")


def the_choice(table, action):
    return next(choice for choice in table.current_choices() if choice.action is action)


def guided_hand(app, table, device: str, on_stage=None) -> int:
    """The guided hand to its end; returns the number of stages passed.
    `on_stage(app, table)` is called as each stage comes up."""
    passed = 0
    while table.guide.stage is not None:
        wait_for(app, lambda: table.ready, drawn=False)  # (the moves in between are not looked at)
        if on_stage is not None:
            on_stage(app, table)
        stage, index = table.guide.stage, table.guide.index
        if stage.asks_move:
            taught = table.guide.taught(table.legal) or table.session.state.legal_actions()[:1]
            decide(app, table, the_choice(table, taught[0]), device)
        else:
            run(app)  # the callout is drawn with its buttons
            press_callout(app, table, device, "Next")
        assert table.guide.index == index + 1, f"{device}: stage {index} did not pass"
        assert table.lesson_note is None
        passed += 1
    return passed


def short_game(app, table, device: str, seed: int = 1, seconds: float = UNDRAWN_SECONDS) -> None:
    """The short game to its end: each decision a random one of the table's choices.
    Bounded in seconds, not frames: the frames between the player's moves are
    undrawn, next to no time, and the easy bot answers in real time."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if table.complete:
            return
        top = app.scenes.top
        if top is not table:
            confirm_overlay(app, table, device)
            continue
        if table.can_decide and not table.tweens.busy:
            before = table.session.version
            decide(app, table, rng.choice(table.current_choices()), device)
            assert table.session.version != before, f"{device}: the short game's move was not made"
            continue
        if table.summary_shown():
            press(app, table, device, "confirm") if device != "mouse" else click_at(app, (640, 360))
            continue
        with undrawn(app):  # the bots' moves and the animations: not looked at (each press and click is drawn)
            frames(app, [])
    raise AssertionError(f"the short game did not end in {seconds:g} s")


def take_lesson(app, game: str, device: str) -> tuple[float, int]:
    """The lesson of `game` start to end with `device`; returns its seconds of
    scripted play and the stages passed. The title must be on top."""
    started = time.perf_counter()
    if device == "controller":
        add_controller(app)
    for label in ("Learn to play", games.info(game).title):  # the title's card, then the chooser's game
        if device == "mouse":
            click_widget(app, label)
        else:
            steer(app, label, device)
            press(app, None, device, "confirm")
    table = app.scenes.top
    assert table.name == "table" and table.lesson.game == game, f"{device}: the lesson did not open"
    stages = guided_hand(app, table, device)
    wait_for(app, lambda: table.callout.buttons and table.callout.buttons[0].label == "Play")
    press_callout(app, table, device, "Play")
    short = app.scenes.top
    assert short is not table and short.short, "the short game did not open"
    short_game(app, short, device)
    run(app, frames=2)
    assert short.callout.buttons[0].label == "Done"
    press_callout(app, short, device, "Done")
    run(app, frames=2)
    assert app.scenes.top.name == "title"
    return time.perf_counter() - started, stages
