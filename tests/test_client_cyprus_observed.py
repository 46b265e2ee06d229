"""The Cyprus and Sebastopol table draws from its observation only (dominoes_arcade/rules/cyprus.md
and sebastopol.md; issue 39): it never reads the full state (no client test may:
`client_reads_no_full_state` in conftest.py), its model holds no
tile the observing seat may not see (another seat's hand is its count of -1), a
dealt tile this screen may not know flies keyed by the place it lands in, and in
hot-seat the hand of the player who took the device shows as soon as they have."""

from __future__ import annotations

import pygame
from test_client_cyprus import HANDS, HiddenWatch, deal_steps, scripted_start
from test_client_support import animated, key, run

from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.tiles import BY_NAME

APP_CONFIG = animated("fast")


def test_a_spectators_table_knows_no_hidden_tile_until_the_round_reveals_the_hands(app):
    """A bots-only Sebastopol demo, watched as a spectator, to its first round's summary."""
    table = open_table(app, TableSetup("sebastopol", ["easy"] * 4, app.settings.game("sebastopol"), 3, demo=True))
    watch = HiddenWatch(table)
    place_keys = set()
    for _ in range(20000):
        run(app)
        watch()
        place_keys |= {key for key in table.flights if isinstance(key, tuple)}
        if table.model.revealed:
            break
        assert all(tile == -1 for hand in table.model.hands for tile in hand)
    assert table.model.revealed and table.summary_up
    # The summary shows the round's true hands, from its result: every tile is known then.
    state_hands = table.model.result.hands
    assert table.model.hands == state_hands and all(tile >= 0 for hand in state_hands for tile in hand)
    # The deal's flights were keyed by place: ("hand", seat, index in the hand), several to a seat at once.
    assert {seat for _kind, seat, _index in place_keys} == {0, 1, 2, 3}
    assert {index for _kind, _seat, index in place_keys} == set(range(7))


def test_in_hot_seat_the_hand_of_who_took_the_device_shows(app, monkeypatch):
    options = app.settings.game("cyprus")
    table = open_table(app, TableSetup("cyprus", ["human", "human", "easy", "easy"], options, 5))
    monkeypatch.setattr(type(table), "think_delay", property(lambda self: 60.0))
    scripted_start(app, table, deal_steps(HANDS))
    if app.scenes.top.name == "pass":
        run(app, key(pygame.K_RETURN), frames=2)
    assert table.bottom_seat == 0 and BY_NAME["9-9"] in dict(table.hand_rects())
    assert table.model.hands[1] == (-1,) * 9  # seat 1's hand: not seat 0's to see
    table.play(table.preset.set_spinner)
    for _ in range(200):
        run(app)
        if app.scenes.top.name == "pass":
            break
    assert app.scenes.top.name == "pass"
    run(app, key(pygame.K_RETURN), frames=30)
    assert table.bottom_seat == 1 and table.can_decide
    assert table.model.hands[1] == tuple(table.session.state.hands[1])
    assert table.model.hands[0] == (-1,) * 8  # the first player's hand is hidden again
    assert {tile for tile, _rect in table.hand_rects()} == set(table.session.state.hands[1])
