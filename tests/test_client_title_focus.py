"""Arrows on the title screen go where a player looks: to the nearest button in
that direction, in the same row for left and right, and straight up or down to
the button of the next row most nearly in line, wrapping round at the edges;
with and without a saved game (Continue adds a button to the menu's row); Learn
to play's card is the last of the cards' row."""

from __future__ import annotations

import pygame
import pytest
from test_client_support import KEY_DIRECTIONS, focus_label, press_keys

from dominoes_arcade import history
from dominoes_arcade.engine.match import random_game
from dominoes_arcade.engine.records import Record


def rows_of(widgets) -> list[list]:
    """The title's buttons as rows, top to bottom, each left to right (a button
    joins a row when its centre lies within the row's first button's height)."""
    rows: list[list] = []
    for widget in sorted(widgets, key=lambda w: (w.rect.centery, w.rect.centerx)):
        if rows and rows[-1][0].rect.top <= widget.rect.centery <= rows[-1][0].rect.bottom:
            rows[-1].append(widget)
        else:
            rows.append([widget])
    return [sorted(row, key=lambda w: w.rect.centerx) for row in rows]


def expected_neighbours(widgets) -> dict:
    """What a player expects from each arrow, read off the rows: left and right
    step along the row (round to its other end), up and down go to the next row
    (round to the other end of the screen), to its button whose centre is nearest
    in line (the left one of two as near)."""
    rows = rows_of(widgets)
    expected = {}
    for r, row in enumerate(rows):
        for c, widget in enumerate(row):
            expected[widget, "left"] = row[(c - 1) % len(row)]
            expected[widget, "right"] = row[(c + 1) % len(row)]
            for name, step in (("up", -1), ("down", 1)):
                other = rows[(r + step) % len(rows)]
                expected[widget, name] = min(other, key=lambda w: abs(w.rect.centerx - widget.rect.centerx))
    return expected


def save_a_game() -> None:
    record = random_game("buildup", 12)
    history.save_game(history.SavedGame(Record(record.game, record.options, record.seats, record.seed,
                                                  record.steps[:30]), ["human", "easy"]))


def check_every_arrow(app) -> None:
    title = app.scenes.top
    assert title.name == "title"
    widgets = [w for w in title.focus.widgets if w.can_focus]
    assert len(rows_of(widgets)) >= 2, "the title has a row of game cards and a row of buttons"
    wrong = []
    for (origin, direction), target in expected_neighbours(widgets).items():
        title.focus.focus(origin)
        press_keys(app, KEY_DIRECTIONS[direction])
        if title.focus.focused is not target:
            wrong.append(f"{direction} from {origin.label!r} went to {focus_label(app)!r}, not {target.label!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("saved", [False, True], ids=["no saved game", "a saved game"])
def test_every_arrow_from_every_title_button_goes_to_its_nearest_neighbour(app_with, saved):
    if saved:
        save_a_game()
    app = app_with()
    assert any(w.label == "Continue" for w in app.scenes.top.focus.widgets) is saved
    check_every_arrow(app)


def test_left_from_rules_goes_to_statistics_not_up_to_a_game_card(app_with):
    app = app_with()
    title = app.scenes.top
    title.focus.focus(next(w for w in title.focus.widgets if w.label == "Rules"))
    press_keys(app, pygame.K_LEFT)
    assert focus_label(app) == "Statistics"
