"""What the pause menu says about leaving is what happens (issue 29, defect 6): a
demo is never saved, so neither the pause menu nor its dialog says it is, and a
game of the player's own is saved, as both say."""

from __future__ import annotations

import pygame
from test_client_support import KIT_CONFIG, focus_label, key, run, steer

from dominoes_arcade import history
from dominoes_arcade.client.tables import TableSetup, open_table


def leave_words(app) -> tuple[str, str]:
    """The pause menu's help under "Leave game" and the message of the dialog it opens."""
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert app.scenes.top.name == "pause"
    steer(app, "Leave game")
    help = app.scenes.top.focus.focused.help
    run(app, key(pygame.K_RETURN), frames=2)
    assert app.scenes.top.name == "dialog"
    return help, app.scenes.top.message


def test_leaving_a_demo_says_it_is_not_saved_and_it_is_not(app_with):
    app = app_with(KIT_CONFIG)
    open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 2, demo=True))
    run(app, frames=5)
    help, message = leave_words(app)
    for words in (help, message):
        assert "not saved" in words and "Saved" not in words.replace("not saved", ""), words
    steer(app, "Leave")
    run(app, key(pygame.K_RETURN), frames=2)
    assert app.scenes.top.name == "title" and not history.has_save()


def test_leaving_your_own_game_says_it_is_saved_and_it_is(app_with):
    app = app_with(KIT_CONFIG)
    open_table(app, TableSetup("buildup", ["human", "easy"], app.settings.game("buildup"), 2))
    run(app, frames=5)
    help, message = leave_words(app)
    for words in (help, message):
        assert "Continue" in words and "not saved" not in words and "lost" not in words, words
    assert focus_label(app) == "Keep playing"
    steer(app, "Leave")
    run(app, key(pygame.K_RETURN), frames=2)
    assert app.scenes.top.name == "title" and history.has_save()
