"""A human plays Necropolis to the end with the mouse only, then with a controller
only: the driver reads the decision from the scene (`current_choices`,
`item_rects`, the focus ring) and sends the events a person would. Every decision
kind of dominoes_arcade/rules/necropolis.md is reached: draw then left / right / hide / new, play
and new site from the mastabas, exchange, and pass in the mastaba phase."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from client_drive import click_at, decide, drag
from test_client_support import key, pad_added, press_pad, run

from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import BY_NAME, NAME

EVERY_KIND = {"draw", "left", "right", "hide", "new", "play", "new_from", "exchange"}


def kind_of(action) -> str:
    return action.text if action.kind == "attach" else action.kind


def pick(choices, seen: set[str], rng: random.Random):
    """A player exploring the game: a kind of decision not made yet when there is
    one, else any; a drawn tile mostly goes to the site or the mastabas (so there
    are mastaba tiles to play, found sites with and exchange)."""
    fresh = [c for c in choices if kind_of(c.action) not in seen]
    if fresh and rng.random() < 0.7:
        return rng.choice(fresh)
    keep = [c for c in choices if c.action.kind in ("attach", "hide", "play")]
    return rng.choice(keep if keep and rng.random() < 0.7 else choices)


# -- the games -------------------------------------------------------------------------------------
def play_to_the_end(app, table, device: str, rng: random.Random, seen: set[str]) -> None:
    """Make every human decision of `table`'s game with `device` alone, adding each
    decision's kind to `seen`, until the game-over screen is up."""
    for _ in range(3000):
        if table.session.ended:
            break
        run(app)
        if not table.can_decide:
            continue
        choices = table.current_choices()
        choice = pick(choices, seen, rng)
        steps = len(table.session.steps)
        decide(app, table, choice, device, use_drag=device == "mouse" and rng.random() < 0.5)
        assert table.session.human_steps[-1] == steps, f"{choice} was not made"
        assert table.session.steps[steps] == f"0 {choice.action}"  # (a draw's chance step may follow at once)
        seen.add(kind_of(choice.action))
    assert table.session.state.is_terminal and table.session.ended
    run(app, frames=10)
    assert app.scenes.top.name == "game over"


def play_again(app, device: str) -> None:
    """The game-over screen's "Play again", as a person presses it."""
    if device == "mouse":
        button = next(w for w in app.scenes.top.focus.widgets if w.label == "Play again")
        click_at(app, button.rect.center)
    else:
        press_pad(app, pygame.CONTROLLER_BUTTON_A)  # the focus starts on "Play again"
    assert app.scenes.top.name == "table"


@pytest.mark.parametrize("device", ["mouse", "controller"])
def test_a_human_plays_to_the_end_with_one_device_only(app, device):
    """Whole games, with Play again between them, until every decision kind was made."""
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], app.settings.game("necropolis"), 11))
    if device == "controller":
        run(app, [pad_added()], frames=2)
    rng, seen = random.Random(11), set()
    for _game in range(4):
        play_to_the_end(app, table, device, rng, seen)
        if seen >= EVERY_KIND:
            break
        play_again(app, device)
        table = app.scenes.top
    assert seen >= EVERY_KIND, f"never made: {EVERY_KIND - seen}"


def mastaba_phase_table(app):
    """The necropolis is empty and seat 0 (human) cannot attach: pass is the only move
    (the position of test_client_necropolis's pass test)."""
    options = {**app.settings.game("necropolis"), "first_player": 0, "after_empty": "mastaba_phase"}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    sixes = [n for n in NAME[:28] if "6" in n and n != "6-6"]
    others = [n for n in NAME[:28] if "6" not in n and n not in ("3-4", "0-1")]
    steps = ["0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new"]
    for name_0, name_1 in zip(others[:12] + ["6-6"], sixes + others[12:], strict=True):
        steps += ["0 draw", f"* {name_0}", "0 new" if name_0 == "6-6" else "0 hide", "1 draw", f"* {name_1}", "1 hide"]
    for text in steps:
        table.apply(parse_step(table.session.state, text))
    run(app, frames=2)
    return table


def test_pass_with_the_mouse(app):
    table = mastaba_phase_table(app)
    assert [str(c.action) for c in table.current_choices()] == ["pass"]
    before = len(table.session.steps)
    click_at(app, table.item_rects()[("button", "pass")].center)
    assert table.session.steps[before] == "0 pass"  # (the bot may have answered already)


def test_pass_with_the_keyboard(app):
    table = mastaba_phase_table(app)
    before = len(table.session.steps)
    run(app, key(pygame.K_RETURN), frames=2)  # forced: one press
    assert table.session.steps[before] == "0 pass"


def test_an_illegal_drop_is_refused_with_the_engine_reason(app):
    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    for text in ("0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new", "0 draw", "* 0-5"):
        table.apply(parse_step(table.session.state, text))
    run(app, frames=2)
    rects = table.item_rects()
    drag(app, rects["held"].center, rects[("end", "left")].center)
    assert table.session.steps[-1] == "* 0-5", "0-5 does not match 3-4: nothing was played"
    assert any("does not match" in text for text, _ in app.toasts)
    drag(app, rects["held"].center, rects["mastabas"].center)
    assert table.session.steps[8] == "0 hide"


def test_undo_puts_the_tile_back_where_it_was(app, monkeypatch):
    """U right after a move that revealed nothing: the state and the table go back
    to the human's decision (the new site from the mastabas is undone)."""
    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    # The bot must not answer before U: a warm worker process replies within a frame,
    # and a bot's draw would (rightly) make the undo refuse.
    monkeypatch.setattr(type(table), "think_delay", property(lambda self: 60.0))
    for text in ("0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new", "0 draw", "* 5-6", "0 hide", "1 draw",
                 "* 2-2", "1 hide"):
        table.apply(parse_step(table.session.state, text))
    run(app, frames=2)
    tile = BY_NAME["5-6"]
    rects = table.item_rects()
    drag(app, rects[("mastaba", tile)].center, rects["new_site"].center)
    assert table.session.steps[12] == "0 new 5-6"
    run(app, key(pygame.K_u), frames=2)
    assert len(table.session.steps) == 12 and table.session.steps[-1] == "1 hide"
    assert table.session.state.mastabas[0] == [tile] and len(table.session.state.sites[0]) == 1
    place = table.tiles.key_of(0, tile)
    assert table.layout.places[place].zone == "mastabas" and table.sprites.at[place].tile == tile
    assert table.sprites.at[place].rect() == table.item_rects()[("mastaba", tile)]


def test_hint_names_one_of_the_choices_on_the_table(app):
    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    for text in ("0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new", "0 draw", "* 4-5"):
        table.apply(parse_step(table.session.state, text))
    run(app, key(pygame.K_h))
    for _ in range(600):
        if table.session.hint is not None:
            break
        time.sleep(0.01)
        run(app)
    assert table.session.hint in table.session.state.legal_actions()
    hinted = [c for c in table.current_choices() if c.action is table.session.hint]
    assert len(hinted) == 1 and hinted[0].source == "held", "a drawn tile's decision: the hint moves it"
    assert hinted[0].target in table.item_rects()


def test_a_refused_undo_s_reason_gives_way_to_the_moves_prompt(app, monkeypatch):
    """Seen in a real window (a leftover of issue 42, item 14): with the values on,
    'Cannot undo: 4-4 was revealed after your move' filled the footer and the Moves
    prompt dropped out; the refusal is said shorter then (pressing U says why)."""
    from dominoes_arcade.client.input import Intent

    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    for text in ("0 draw", "* 3-4", "0 new", "1 draw", "* 0-1", "1 new", "0 draw", "* 4-5"):
        table.apply(parse_step(table.session.state, text))
    run(app, key(pygame.K_v), frames=2)  # the values' legend takes room after the device's name
    # Held at its longest, "Move values: thinking…": the compiled build's search can be
    # done within the two frames, and "Win chance" leaves the footer room for both.
    monkeypatch.setattr(table.analysis_marks.values, "current", lambda: None)
    assert table.session.undo_refusal() == "Cannot undo: you drew 4-5 after that move."
    prompts = dict(table.prompts())
    assert prompts[Intent.MOVES] == "Moves" and prompts[Intent.UNDO] == "Cannot undo"
