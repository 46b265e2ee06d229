"""A hand's or round's summary folds away to show the board it scored (issue 29:
"the final board visible ... Hand and round summaries alike"): H, the controller's
Y or the footer's prompt fold it and bring it back; while it is folded the game
stays held, so the player looks as long as they like; Continue goes on."""

from __future__ import annotations

import pygame
import pytest
from test_client_support import animated, click, key, press_pad, run, run_undrawn_until, undrawn

from dominoes_arcade.client.input import Intent
from dominoes_arcade.client.layout_check import FOOTER_LAYER
from dominoes_arcade.client.tables import TableSetup, open_table

SEATS = {"buildup": ["easy", "easy"], "cyprus": ["easy"] * 4}


def texts(app) -> set[str]:
    app.check_layout = True
    try:
        run(app)
        return {mark.what for mark in app.layout_marks if mark.kind == "text" and mark.layer != FOOTER_LAYER}
    finally:
        app.check_layout = False


def to_the_first_summary(app, game: str):
    """The game played to its first summary, undrawn: nothing before it is looked
    at here (the demo and game tests of each table draw every frame of whole games)."""
    options = {**app.settings.game(game), **({"target_score": 1000} if game == "cyprus" else {})}
    table = open_table(app, TableSetup(game, SEATS[game], options, 4))
    run_undrawn_until(app, lambda: table.summary_shown() and not table.tweens.busy, f"a summary in {game}")
    return table


@pytest.mark.parametrize("game", ["buildup", "cyprus"])
@pytest.mark.parametrize("device", ["keyboard", "controller", "mouse"])
def test_a_summary_folds_away_while_the_game_waits_and_comes_back(app_with, game, device):
    app = app_with(animated("fast"))  # summaries are skipped with animations off
    table = to_the_first_summary(app, game)
    if device == "mouse":  # moved, not clicked (a click goes on): the mouse is the device, the footer its own
        run(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(1, 1), buttons=(0, 0, 0))])
    shown = texts(app)
    steps = len(table.session.steps)

    def fold() -> None:
        if device == "keyboard":
            run(app, key(pygame.K_h), frames=2)
        elif device == "controller":
            press_pad(app, pygame.CONTROLLER_BUTTON_Y)
        else:
            areas = [area for area, intent, _glyph, _words in app._prompt_areas if intent is Intent.HINT]
            assert areas, "the footer offers the fold"
            click(app, areas[0].center)

    assert dict(table.prompts())[Intent.HINT] == "See the table"
    fold()
    assert table.summary_folded and dict(table.prompts())[Intent.HINT] == "Show the summary"
    folded = texts(app)
    assert shown - folded, "the summary's words are gone"
    for _ in range(40):  # twenty seconds: longer than any summary waits by itself
        app.step(0.5, [])
    assert table.summary_shown() and len(table.session.steps) == steps, "the game waits while the player looks"
    fold()
    assert not table.summary_folded and shown - folded <= texts(app), "the summary is back"
    run(app, key(pygame.K_RETURN), frames=2)
    with undrawn(app):  # (what is checked is the game, not the screen)
        run(app, frames=200)
    assert not table.summary_shown() or len(table.session.steps) > steps, "Continue goes on"
