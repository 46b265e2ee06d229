"""Cyprus: the Pass button's label stays readable words on the button after a
seat's "Pass" bubble has faded (the bubble and the label are the same cached
text; the fade once left it drawn as a solid box of the text's colour)."""

from __future__ import annotations

import random

from test_client_support import KEY_DIRECTIONS, animated, press_keys, run

from dominoes_arcade.client.input import Device
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.theme import BODY

PASS = ("button", "pass")


def to_forced_pass_after_a_pass_bubble(app, table, rng: random.Random, limit: int = 20000) -> None:
    """Play random human moves until Pass is the human's only move and a seat's
    "Pass" bubble has been on the table before it."""
    bubble_seen = False
    for _ in range(limit):
        bubble_seen = bubble_seen or any(note.text == "Pass" for note in table.notes)
        if table.can_decide and not table.tweens.busy:
            choices = table.current_choices()
            if bubble_seen and [choice.source for choice in choices] == [PASS]:
                return
            table.play(rng.choice(choices).action)
        run(app)
    raise AssertionError("no forced pass after a Pass bubble came")


def test_the_focused_only_move_pass_shows_its_label_on_the_button(app_with):
    app = app_with(animated("fast"))
    table = open_table(app, TableSetup("cyprus", ["human", "easy", "easy", "easy"], app.settings.game("cyprus"), 1))
    to_forced_pass_after_a_pass_bubble(app, table, random.Random(3))
    press_keys(app, KEY_DIRECTIONS["down"])  # the keyboard's focus ring shows on the only move
    assert table.picker.focused == PASS and app.input.last_device is Device.KEYBOARD

    style, palette = app.style, app.style.palette
    button = table.item_rects()[PASS]
    label = style.text("Pass", BODY, palette.text, bold=True).get_rect(center=button.center)
    colours = [app.screen.get_at((x, y))[:3] for x in range(label.left, label.right)
               for y in range(label.top, label.bottom)]
    body = colours.count(palette.button_top) / len(colours)
    letters = colours.count(palette.text) / len(colours)
    assert body > 0.4, f"the button shows round the letters on only {body:.0%} of the label's box"
    assert 0.05 < letters < 0.4, f"the label's colour covers {letters:.0%} of its box"
