"""The Necropolis table (client/tables/necropolis.py): its decisions as the kit's
Choices, worked positions from dominoes_arcade/rules/necropolis.md, the layout (every tile on the
canvas, none overlapping), and hidden tiles never drawn face up for the wrong seat."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_client_support import animated, key, run

from dominoes_arcade.client.tables import TableSetup, open_table, table_class
from dominoes_arcade.client.tables.necropolis import NecropolisTable
from dominoes_arcade.client.tables.necropolis_draw import summary_line
from dominoes_arcade.client.tables.necropolis_layout import lay_out
from dominoes_arcade.client.tables.necropolis_pieces import HELD, mastaba_key, site_key
from dominoes_arcade.client.tables.replay import BAR as REPLAY_BAR
from dominoes_arcade.engine import EVERY_SEAT, new_game
from dominoes_arcade.engine.necropolis import DRAWN
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import BY_NAME, NAME
from dominoes_arcade.files import read_records

JOURNALS = Path(__file__).resolve().parent.parent / "tournaments" / "examples"
CANVAS = pygame.Rect(0, 0, 1280, 720 - 48)
"""The table's part of the screen: the footer's prompts take the bottom 48 px."""


def table_at(app, *steps: str, seats=("human", "easy"), **options) -> NecropolisTable:
    """A table with seat 0 opening, after `steps` in record notation."""
    options = {**app.settings.game("necropolis"), "first_player": 0, **options}
    table = open_table(app, TableSetup("necropolis", list(seats), options, seed=3))
    for text in steps:
        table.apply(parse_step(table.session.state, text))
    run(app, frames=2)
    return table


OPENED = ("0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new")
"""Seat 0's site is 3-4, seat 1's is 0-1; seat 0 to move."""


def confirm_pass_screens(app) -> None:
    """Hot-seat: the next human presses Enter on the "Pass to" screen."""
    while app.scenes.top.name == "pass":
        run(app, key(pygame.K_RETURN), frames=2)


def decision(table) -> dict[tuple, str]:
    """(source, target) -> the move's notation, for the decision on the table."""
    return {(c.source, c.target): str(c.action) for c in table.choices()}


def test_registered_as_the_necropolis_table():
    assert table_class("necropolis") is NecropolisTable


def test_opening_is_the_pile_then_the_new_site_slot(app):
    table = table_at(app)
    assert decision(table) == {("pile", None): "draw"}
    table.apply(parse_step(table.session.state, "0 draw"))
    table.apply(parse_step(table.session.state, "* 3-4"))
    assert decision(table) == {("held", "new_site"): "new"}, "the opening tile can only found site #1"


def test_drawn_tile_goes_to_either_end_the_mastabas_or_a_new_site(app):
    table = table_at(app, *OPENED, "0 draw", "* 4-6")  # one-tile site 3-4: both ends share the 4
    assert decision(table) == {("held", ("end", "left")): "left", ("held", ("end", "right")): "right",
                               ("held", "mastabas"): "hide", ("held", "new_site"): "new"}


def test_a_drop_on_an_end_that_does_not_match_is_refused_with_the_engine_reason(app):
    table = table_at(app, *OPENED, "0 draw", "* 0-5")  # 0-5 shares nothing with 3-4
    assert set(decision(table)) == {("held", "mastabas"), ("held", "new_site")}
    rects = table.item_rects()
    assert ("end", "left") in rects and ("end", "right") in rects, "illegal targets still have a place"
    action = table.action_for("held", ("end", "left"))
    assert str(action) == "left" and action not in table.session.state.legal_actions()
    assert "does not match" in table.session.state.why_illegal(action)
    assert table.action_for("held", "pile") is None, "a drawn tile cannot go back to the necropolis"


def test_a_mastaba_tile_plays_to_an_end_founds_a_site_or_is_exchanged(app):
    # Seat 0 hides 5-6, seat 1 hides 2-2; then seat 0's mastaba tile 5-6 can start a
    # new site or be exchanged, and draws stay possible; it cannot attach to 3-4.
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide")
    tile = BY_NAME["5-6"]
    assert decision(table) == {("pile", None): "draw", (("mastaba", tile), "new_site"): "new 5-6",
                               (("mastaba", tile), "pile"): "exchange 5-6"}
    assert str(table.action_for(("mastaba", tile), ("end", "right"))) == "play 5-6 right"
    assert "does not match" in table.session.state.why_illegal(table.action_for(("mastaba", tile), ("end", "right")))
    # With 4-5 on the right end, 5-6 attaches there.
    table.apply(parse_step(table.session.state, "0 draw"))
    table.apply(parse_step(table.session.state, "* 4-5"))
    table.apply(parse_step(table.session.state, "0 right"))
    for text in ("1 draw", "* 0-0", "1 hide"):
        table.apply(parse_step(table.session.state, text))
    assert decision(table)[(("mastaba", tile), ("end", "right"))] == "play 5-6 right"


def test_exchange_off_by_variant_is_no_choice_and_its_drop_says_why(app):
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", allow_exchange=False)
    tile = BY_NAME["5-6"]
    assert (("mastaba", tile), "pile") not in decision(table)
    assert "exchange" in table.session.state.why_illegal(table.action_for(("mastaba", tile), "pile"))


def test_pass_button_in_the_mastaba_phase(app):
    state = new_game("necropolis", options={"first_player": 0, "after_empty": "mastaba_phase"})
    # Empty the pile: seat 0 hides twelve tiles without a 6, then founds a new site
    # with 6-6; seat 1 hides the other sixes and the rest. Seat 0 then cannot attach.
    sixes = [n for n in NAME[:28] if "6" in n and n != "6-6"]
    others = [n for n in NAME[:28] if "6" not in n and n not in ("3-4", "0-1")]
    mine, theirs = others[:12] + ["6-6"], sixes + others[12:]
    steps = list(OPENED)
    for name_0, name_1 in zip(mine, theirs, strict=True):
        steps += ["0 draw", f"* {name_0}", "0 new" if name_0 == "6-6" else "0 hide", "1 draw", f"* {name_1}", "1 hide"]
    for text in steps:
        state.apply(parse_step(state, text))
    assert not state.pile and [str(a) for a in state.legal_actions()] == ["pass"], "6-6 site: nothing attaches"
    table = table_at(app, *steps, after_empty="mastaba_phase")
    assert decision(table) == {(("button", "pass"), None): "pass"}
    assert ("button", "pass") in table.item_rects()


def test_every_choice_has_a_place_and_means_its_action(app):
    """Random games: at every human decision, one Choice per legal action; every
    source and target is on the canvas; a drop of each source on each target is
    exactly its action."""
    rng = random.Random(5)
    for seed in range(3):
        table = open_table(app, TableSetup("necropolis", ["human", "human"], app.settings.game("necropolis"), seed))
        for _ in range(400):
            if table.session.state.is_terminal:
                break
            run(app)
            confirm_pass_screens(app)
            if not table.waiting_for_human:
                continue
            choices, rects, legal = table.choices(), table.item_rects(), table.session.state.legal_actions()
            assert sorted(map(str, (c.action for c in choices))) == sorted(map(str, legal))
            for choice in choices:
                assert choice.source in rects and (choice.target is None or choice.target in rects)
                assert CANVAS.contains(rects[choice.source])
                assert table.action_for(choice.source, choice.target) is choice.action
            table.play(rng.choice(legal))
        assert table.session.state.is_terminal
        table.to_menu()


def places_of(state, bottom_seat: int = 0, replay: bool = False, viewer: int = 0):
    """The layout of what `viewer` sees of `state`."""
    return lay_out(state.view(viewer), bottom_seat, replay)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), hide_bias=st.floats(0, 1), stop=st.integers(10, 400), replay=st.booleans())
def test_layout_keeps_every_tile_on_the_canvas_and_apart(seed, hide_bias, stop, replay):
    """Whatever the game (many sites, long sites, full mastabas), every tile that
    is not in the necropolis has a place on the canvas, and no two overlap; in a
    replay none lies under the replay controls."""
    rng = random.Random(seed)
    state = new_game("necropolis", options={"max_turns": 10_000})
    for _ in range(stop):
        if state.is_terminal:
            break
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        keep = [a for a in legal if a.kind in ("hide", "attach", "play")]
        state.apply(rng.choice(keep) if keep and rng.random() < hide_bias else rng.choice(legal))
    layout = places_of(state, replay=replay, viewer=1)
    # A place for every tile out of the necropolis (an exchange's returned tile is on
    # its way into it: none), keyed by where it is: seat 1 cannot name seat 0's tiles.
    outside = [t for t in range(28) if t not in state.pile and t != state.returning]
    expected = {site_key(t) for sites in state.sites for site in sites for t, _top in site}
    expected |= {mastaba_key(seat, index) for seat in (0, 1) for index in range(len(state.mastabas[seat]))}
    expected |= {HELD} if state.phase == DRAWN else set()
    assert set(layout.places) == expected and len(expected) == len(outside)
    rects = {where: place.rect() for where, place in layout.places.items()}
    for where, rect in rects.items():
        assert CANVAS.contains(rect), f"{where} at {rect} leaves the table"
        assert not (replay and rect.colliderect(REPLAY_BAR)), f"{where} under the replay controls"
    tiles = list(rects)
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            assert not rects[a].colliderect(rects[b]), f"{a} and {b} overlap"


def test_site_is_drawn_left_to_right_with_matched_numbers_lined_up():
    # Worked example (dominoes_arcade/rules/necropolis.md, "Matching"): site 3-4, then 4-6 on the right
    # and 1-3 on the left; each drawn with the shared number lined up with its neighbour's.
    state = new_game("necropolis", options={"first_player": 0})
    for text in OPENED + ("0 draw", "* 4-6", "0 right", "1 draw", "* 5-5", "1 hide", "0 draw", "* 1-3", "0 left"):
        state.apply(parse_step(state, text))
    layout = places_of(state)
    site = [t for t, _ in state.active_site(0)]
    assert [NAME[t] for t in site] == ["1-3", "3-4", "4-6"]
    xs = [layout.places[site_key(t)].x for t in site]
    assert xs == sorted(xs), "the row reads left to right as the site"
    # 3-4 founded the site with 3 on top; 1-3 joined its left end on the 3, so its 3
    # is on top (high number first: flipped); 4-6 joined the right end, where 3-4's
    # top is 3 and its bottom 4: neither 3 on 4-6, so it lines up bottom to bottom,
    # the 4 below and the 6 on top.
    assert [layout.places[site_key(t)].flipped for t in site] == [True, False, True]


def hidden_owner(state, tile: int) -> int | None:
    """The seat whose private tile `tile` is (mastabas, the drawn tile), or None."""
    for seat in (0, 1):
        if tile in state.mastabas[seat] or (tile == state.held and state.seat == seat):
            return seat
    return None


def check_render_log(app, table) -> int:
    """Every tile drawn face up this frame is public or shown to its owner; returns
    how many private tiles were drawn face up."""
    if table not in app.scenes.visible():
        return 0  # not drawn this frame (the pass screen hides it)
    seen = table.seen
    if not table.session.state.is_terminal:  # the observation the table reads holds no secret it may not show
        assert seen.seat is not EVERY_SEAT and set(seen.view.pile) <= {-1}
        for tile in {t for tiles in seen.view.zones().values() for t in tiles if t >= 0}:
            owner = hidden_owner(table.session.state, tile)
            assert owner is None or table.shows_hidden(owner), f"{NAME[tile]} of seat {owner} in the observation"
    shown = 0
    for tile, face_up, _seat in table.render_log:
        owner = hidden_owner(table.session.state, tile) if tile >= 0 else None
        if face_up and owner is not None and not table.session.state.is_terminal:
            assert table.shows_hidden(owner), f"{NAME[tile]} of seat {owner} drawn face up"
            shown += 1
        if tile in table.session.state.pile:
            assert not face_up, f"{NAME[tile]} in the necropolis drawn face up"
    return shown


@pytest.mark.parametrize("seats", [("human", "easy"), ("easy", "easy"), ("human", "human")])
def test_hidden_tiles_are_face_up_only_for_their_owner(app, seats):
    """A whole game, every frame: the render log never shows a private tile face up
    to anyone but its owner; hot-seat confirms each pass screen as a player would."""
    table = open_table(app, TableSetup("necropolis", list(seats), app.settings.game("necropolis"), 8))
    rng, own_shown, passes = random.Random(8), 0, 0
    for _ in range(900):
        run(app)
        own_shown += check_render_log(app, table)
        if table.session.state.is_terminal:
            break
        if app.scenes.top.name == "pass":
            passes += 1
            confirm_pass_screens(app)
        if table.waiting_for_human and table.can_decide:
            legal = table.session.state.legal_actions()
            table.play(next((a for a in legal if a.kind == "hide"), rng.choice(legal)))
    assert table.session.state.is_terminal
    if "human" in seats:
        assert own_shown > 0, "a human sees their own mastabas"
    else:
        assert own_shown == 0, "a bot-only demo shows no hidden tile face up"
    if seats == ("human", "human"):
        assert passes >= table.session.state.turns - 1, "a pass screen before each human's turn"


def test_hot_seat_draws_only_the_revealed_seats_tiles_face_up(app):
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", seats=("human", "human"))
    for revealed in (0, 1, None):
        table.revealed_seat = revealed
        table.draw(app.screen)
        faces = {tile: face for tile, face, _ in table.render_log}
        # Face up to its owner; to anyone else not even its number reaches the screen.
        assert faces.get(BY_NAME["5-6"]) is (True if revealed == 0 else None)
        assert faces.get(BY_NAME["2-2"]) is (True if revealed == 1 else None)


@pytest.mark.parametrize("kind", ["easy", "medium"])
def test_a_demo_game_reaches_the_game_over_screen(app, kind):
    table = open_table(app, TableSetup("necropolis", [kind, kind], app.settings.game("necropolis"), 21, demo=True))
    for _ in range(3000):
        run(app)
        if app.scenes.top.name == "game over":
            break
    assert table.session.state.is_terminal and table.session.error is None
    assert app.scenes.top.name == "game over" and app.scenes.top.table is table
    outcome = table.session.state.outcome()
    assert table.result_lines()[0].startswith("A draw" if outcome.is_draw else f"Seat {outcome.winners[0] + 1} wins")


def test_rebuilding_the_state_puts_every_tile_in_its_place(app):
    """Undo and a replay's step back rebuild the state without events: the table
    lays itself out again, no tile left in the air or on the wrong side."""
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 new", "0 draw", "* 4-6",
                     "0 right")
    assert BY_NAME["4-6"] in [t for t, _ in table.session.state.active_site(0)]
    table.rebuild(14)  # back to seat 0 holding the drawn 4-6
    run(app)
    assert table.session.state.held == BY_NAME["4-6"]
    layout = table.layout
    assert set(table.sprites.at) == set(layout.places) and not table.sprites.leaving
    for where, sprite in table.sprites.at.items():
        assert sprite.rect() == layout.places[where].rect() and sprite.lift == 0 and not sprite.turning
    assert layout.places[HELD].zone == "held" and table.sprites.at[HELD].tile == BY_NAME["4-6"]
    assert [sprite.tile for where, sprite in table.sprites.at.items() if where[0] == "mastabas"] == [BY_NAME["5-6"]]
    table.rebuild(6)  # both sites founded, nothing else
    run(app)
    assert sorted(NAME[sprite.tile] for sprite in table.sprites.at.values()) == ["0-1", "3-4"]


def test_running_scores_show_only_what_the_viewer_may_know(app):
    # Seat 0 (the human) hid 5-6 and has one site: 11 + 1. Seat 1 hid 2-2 and has
    # one site: the screen may show only the site's 1 (the panel adds "+ ?").
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide")
    assert table.visible_scores() == [12, 1]
    table.revealed_seat = None  # nobody at the screen (a bot-only demo, a hot-seat pass)
    assert table.visible_scores() == [1, 1]


def test_final_summary_counts_the_score_as_the_rules_do(app):
    """A whole game written out (dominoes_arcade/rules/necropolis.md): seat 0 hides twelve tiles
    without a 6 and founds a second site with 6-6; seat 1 hides the six other sixes
    and seven tiles more; the game ends when the last tile is hidden."""
    sixes = [n for n in NAME[:28] if "6" in n and n != "6-6"]
    others = [n for n in NAME[:28] if "6" not in n and n not in ("3-4", "0-1")]
    steps = list(OPENED)
    for name_0, name_1 in zip(others[:12] + ["6-6"], sixes + others[12:], strict=True):
        steps += ["0 draw", f"* {name_0}", "0 new" if name_0 == "6-6" else "0 hide", "1 draw", f"* {name_1}", "1 hide"]
    table = table_at(app, *steps)
    assert table.session.state.is_terminal
    # Seat 0: 0-0 1-1 0-2 1-2 2-2 0-3 1-3 2-3 3-3 0-4 1-4 2-4 = 44 pips, 2 sites: 46.
    # Seat 1: sixes 0-6..5-6 = 51, then 4-4 0-5 1-5 2-5 3-5 4-5 5-5 = 53: 104 pips, 1 site: 105.
    assert table.result_lines() == ["Seat 1 wins, 46 to 105", "The necropolis is empty. Lowest score wins.",
                                    "Seat 1: 44 pips in 12 tiles + 2 sites = 46",
                                    "Seat 2: 104 pips in 13 tiles + 1 site = 105"]
    run(app, frames=3)
    faces = {tile: face for tile, face, _ in table.render_log}
    assert all(faces[BY_NAME[name]] for name in sixes), "the final reveal turns every mastaba face up"


def test_the_final_reveal_adds_up_at_every_moment_of_its_count():
    """The count-up showed half-counted sums ("3 pips + 2 sites x 1 = 4"): the
    sites' part counted up with the pips, so the total was not the sum of the line."""
    for step in range(21):
        line = summary_line("Seat 1", 44, 2, 1, step / 20)
        pips, sites, penalty, total = map(int, re.search(r"(\d+) pips? .* (\d+) sites? x (\d+) += +(\d+)",
                                                         line).groups())
        assert pips + sites * penalty == total, line
    assert summary_line("Seat 1", 44, 2, 1, 1.0).endswith("=  46")


def test_a_journal_game_replays_on_the_table_to_the_end_and_back(app):
    """A tournament journal's game on this table: every step forward animates, every
    step back re-lays the table; every hidden tile is face up in a replay."""
    _line, record = read_records(JOURNALS / "necropolis.journal.jsonl")[0]
    table = open_table(app, TableSetup("necropolis", list(record.seats), dict(record.options), 0, record=record))
    run(app, key(pygame.K_RETURN))  # pause: the step keys move it now
    private_face_up = 0
    for count in range(1, len(record.steps) + 1):
        run(app, key(pygame.K_RIGHT), frames=2)
        assert table.session.steps == record.steps[:count]
        for tile, face_up, _seat in table.render_log:
            assert face_up or tile < 0, f"{NAME[tile]} face down in a replay"
            private_face_up += tile >= 0 and hidden_owner(table.session.state, tile) is not None
    assert table.session.state.is_terminal and table.session.state.scores() == record.scores
    assert private_face_up > 0
    for count in range(len(record.steps) - 1, -1, -1):
        run(app, key(pygame.K_LEFT))
        assert table.session.steps == record.steps[:count]
        assert set(table.sprites.at) == set(table.layout.places)
        assert all(sprite.rect() == table.layout.places[where].rect() for where, sprite in table.sprites.at.items())
    assert not table.sprites.at, "back at the start every tile is in the necropolis"


def test_a_change_of_viewer_never_counts_through_hidden_pips(app):
    """Hot-seat: when the screen passes from one human to the other, each panel's
    score jumps to what the new viewer may know; counting from one value to the
    other would show the hidden pips on the way."""
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", seats=("human", "human"))
    table.revealed_seat = 0
    table.count_scores(None)
    assert table.shown_scores == [12, 1]  # seat 1's hidden 2-2 does not count for seat 0's eyes
    for revealed, expected in ((1, [1, 5]), (0, [12, 1]), (None, [1, 1])):
        table.revealed_seat = revealed
        table.count_scores(1 / 60)  # one frame
        assert table.shown_scores == expected


def test_scores_count_up_frame_by_frame(app_with):
    app = app_with(animated("normal"))
    try:
        table = table_at(app, *OPENED, "0 draw", "* 5-6")
        table.count_scores(None)
        assert table.shown_scores[0] == 1
        table.apply(parse_step(table.session.state, "0 hide"))  # 5-6 into seat 0's mastabas: 1 + 11
        seen = []
        for _ in range(120):
            table.count_scores(1 / 60)
            seen.append(table.shown_scores[0])
        assert seen[0] > 1 and seen[-1] == 12
        assert any(1 < value < 12 for value in seen), "it counts up, not jumps"
        assert seen == sorted(seen)
    finally:
        app.close()


def test_a_hidden_tile_is_followed_by_its_place_and_turned_over_when_named(app):
    """Seat 1's mastaba tile has no number on seat 0's screen; when seat 1 lays it,
    the sprite at its place goes to the site and only then gets its number."""
    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "human"], options, 3))
    table.revealed_seat = 0  # seat 0 at the screen throughout (no bot to race the test)
    for text in (*OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 hide", "0 draw", "* 0-0", "0 hide"):
        table.apply(parse_step(table.session.state, text))
    run(app, frames=2)
    hidden = table.sprites.at[("mastabas", 1, 0)]
    assert hidden.tile == -1 and table.sprites.at[("mastabas", 0, 0)].tile == BY_NAME["5-6"]
    table.apply(parse_step(table.session.state, "1 new 2-2"))
    assert table.sprites.at[site_key(BY_NAME["2-2"])] is hidden and hidden.tile == BY_NAME["2-2"]
    assert ("mastabas", 1, 0) not in table.sprites.at
    assert table.tiles.marked == site_key(BY_NAME["2-2"])


def test_the_seat_shown_when_a_step_comes_is_the_one_whose_eyes_move_the_tiles(app):
    """Hot-seat: seat 0 comes to the screen and plays its first mastaba tile before
    any frame: the sprite that goes is the one at that tile's place, not a guess
    made with the previous seat's eyes (to whom both tiles were hidden)."""
    table = table_at(app, *OPENED, "0 draw", "* 5-6", "0 hide", "1 draw", "* 2-2", "1 new", "0 draw", "* 0-0",
                     "0 hide", "1 draw", "* 1-1", "1 new", seats=("human", "human"))
    table.revealed_seat = 1
    run(app)
    assert [table.sprites.at[("mastabas", 0, index)].tile for index in (0, 1)] == [-1, -1]
    first, second = table.sprites.at[("mastabas", 0, 0)], table.sprites.at[("mastabas", 0, 1)]
    table.revealed_seat = 0
    table.apply(parse_step(table.session.state, "0 new 5-6"))
    assert table.sprites.at[site_key(BY_NAME["5-6"])] is first
    assert table.sprites.at[("mastabas", 0, 0)] is second and second.tile == BY_NAME["0-0"]


def test_the_drawn_tiles_label_clears_the_focus_brackets_and_the_piles_count(app):
    """The focus brackets (up to 12 px round the tile) cut into "Seat 1's drawn tile",
    which sat tight against "Necropolis: 25" beside it."""
    table = table_at(app, *OPENED, "0 draw", "* 4-5")
    app.check_layout = True
    run(app, frames=2)
    texts = {mark.what: mark.rect for mark in app.layout_marks if mark.kind == "text"}
    label = texts["Seat 1's drawn tile"]
    count = next(rect for text, rect in texts.items() if text.startswith("Necropolis: "))
    assert label.top >= table.item_rects()["held"].bottom + 12
    assert label.left - count.right >= 16 or label.top >= count.bottom
