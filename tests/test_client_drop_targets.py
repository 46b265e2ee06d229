"""Where a tile may go, as the player sees it: Necropolis's ends take a drop on the
site's end tile as well as on the slot beside it; while a tile is dragged, the
target under the pointer shows before the release whether the move is legal
(a thick ring) or not (dimmed, ringed red); Build Up's legal stacks are ringed
with a halo around them, never tinted over, so their pips look as they do unlit."""

from __future__ import annotations

import pygame
from client_drive import drag, frames, motion, mouse_down, mouse_up
from test_client_buildup import open_buildup, until_decision
from test_client_necropolis import OPENED, table_at
from test_client_support import key, run

from dominoes_arcade.client.tables.interaction import ILLEGAL_COLOUR, TARGET_COLOUR
from dominoes_arcade.client.tables.necropolis_pieces import site_key
from dominoes_arcade.engine.tiles import BY_NAME, NAME

# -- Necropolis: the end tile is part of the end -------------------------------------------------

LONG_SITE = (*OPENED, "0 draw", "* 4-5", "0 right", "1 draw", "* 1-2", "1 right", "0 draw", "* 3-6")
"""Seat 0's site is 3-4 4-5; seat 0 holds 3-6, which goes on the left end (the 3)."""


def test_a_drop_on_the_sites_end_tile_plays_the_move_on_that_end(app):
    table = table_at(app, *LONG_SITE)
    assert ("held", ("end", "left")) in {(c.source, c.target) for c in table.current_choices()}
    end_tile = table.layout.places[site_key(BY_NAME["3-4"])].rect()
    assert not table.layout.ends[0]["left"].collidepoint(end_tile.center), "the tile, not the slot beside it"
    played = len(table.session.steps)
    drag(app, table.item_rects()["held"].center, end_tile.center)
    assert table.session.steps[played:played + 1] == ["0 left"]


def test_on_a_one_tile_site_each_end_takes_its_half_of_the_tile(app):
    table = table_at(app, *OPENED, "0 draw", "* 4-6")  # site 3-4 alone; 4-6 goes on either end
    tile = table.layout.places[site_key(BY_NAME["3-4"])].rect()
    played = len(table.session.steps)
    drag(app, table.item_rects()["held"].center, (tile.right - 3, tile.centery))
    assert table.session.steps[played:played + 1] == ["0 right"]


# -- the drop shown before the release -----------------------------------------------------------


def ring_colour(app, rect: pygame.Rect, grow: int):
    """The colour on a ring `grow` pixels outside `rect`'s top edge, at its middle."""
    return tuple(app.screen.get_at((rect.centerx, rect.top - grow + 1))[:3])


def brightness(app, rect: pygame.Rect) -> float:
    inside = rect.inflate(-10, -10)
    colours = [app.screen.get_at((x, y)) for x in range(inside.left, inside.right, 3)
               for y in range(inside.top, inside.top + inside.height // 3, 3)]
    return sum(c.r + c.g + c.b for c in colours) / len(colours)


def buildup_with_a_legal_and_an_illegal_stack(app):
    """A Build Up table where the human's hand tile `source` may cover stack
    `legal` but not stack `illegal`."""
    table = open_buildup(app, ["human", "easy"], seed=5)
    for _ in range(40):
        assert until_decision(app, table)
        choices = table.current_choices()
        for source in dict.fromkeys(c.source for c in choices if c.target is not None):
            targets = {c.target[1] for c in choices if c.source == source and c.target is not None}
            if 0 < len(targets) < 12:
                return table, source, min(targets), min(set(range(12)) - targets)
        table.play(choices[0].action)
    raise AssertionError("no decision with a stack the tile may not cover")


def hold_over(app, table, source, rect: pygame.Rect) -> None:
    """Press on `source` and drag it, the button held, to the bottom of `rect`
    (the dragged tile then hangs below the ring at the top of `rect`)."""
    start, end = table.item_rects()[source].center, (rect.centerx, rect.bottom - 4)
    frames(app, [motion(start), mouse_down(start)])
    for step in range(1, 5):
        t = step / 4
        frames(app, [motion((start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t),
                            buttons=(1, 0, 0), rel=(3, 3))])
    frames(app, [], count=2)


def test_dragging_over_an_illegal_stack_shows_it_is_illegal_and_over_a_legal_one_that_it_is_legal(app):
    table, source, legal, illegal = buildup_with_a_legal_and_an_illegal_stack(app)
    legal_rect, illegal_rect = (table.item_rects()[("stack", s)] for s in (legal, illegal))
    unlit = brightness(app, illegal_rect)

    hold_over(app, table, source, illegal_rect)
    assert ring_colour(app, illegal_rect, 2) == ILLEGAL_COLOUR, "an illegal target is ringed red"
    assert brightness(app, illegal_rect) < 0.8 * unlit, "and dimmed (colour is not the only cue)"
    assert table.picker.drop_preview() == (("stack", illegal), False)

    end = (legal_rect.centerx, legal_rect.bottom - 4)
    frames(app, [motion(end, buttons=(1, 0, 0), rel=(3, 3))], count=2)
    assert ring_colour(app, legal_rect, 3) == TARGET_COLOUR, "a legal one gets its thick ring"
    assert ring_colour(app, illegal_rect, 2) != ILLEGAL_COLOUR, "the pointer has left the illegal one"
    assert table.picker.drop_preview() == (("stack", legal), True)

    played = len(table.session.steps)
    frames(app, [mouse_up(end)], count=2)
    assert table.session.steps[played].startswith("0 ") and table.session.steps[played].endswith(f" s{legal}")


# -- Build Up: lit stacks keep their pips --------------------------------------------------------


def test_a_legal_stacks_top_tile_looks_the_same_lit_or_not(app):
    table, source, legal, _illegal = buildup_with_a_legal_and_an_illegal_stack(app)
    lit_stacks = [c.target for c in table.current_choices() if c.source == source]
    # Each top tile's face with its pips, inside the tile's rounded corners (which a ring may graze).
    faces = [table.item_rects()[stack].inflate(-12, -12) for stack in lit_stacks]
    table.picker.focused = source
    run(app, frames=2)

    def pixels():
        return [[tuple(app.screen.get_at((x, y))) for x in range(face.left, face.right)
                 for y in range(face.top, face.bottom)] for face in faces]

    unlit = pixels()
    run(app, key(pygame.K_RETURN), frames=2)  # pick the tile up: its stacks light up
    assert table.picker.selected == source
    lit = pixels()
    dark = sum(1 for face in unlit for c in face if sum(c[:3]) < 150)
    assert dark > 20 * len(faces), "the faces looked at show their pips"
    for stack, before, after in zip(lit_stacks, unlit, lit, strict=True):
        changed = sum(a != b for a, b in zip(before, after, strict=True))
        assert changed == 0, f"{changed} pixels of {stack}'s face changed colour when it lit up"


# -- Build Up: a hand tile no move takes ---------------------------------------------------------


def test_a_hand_tile_that_cannot_be_played_lifts_and_says_why_it_goes_nowhere(app):
    """It started no drag, and a drop or click on it said nothing."""
    table = open_buildup(app, ["human", "easy"], seed=5)
    for _ in range(40):
        assert until_decision(app, table)
        stuck = [item for item in table.item_rects() if item[0] == "hand" and item not in
                 {choice.source for choice in table.current_choices()}]
        if stuck:
            break
        table.play(table.current_choices()[0].action)
    else:
        raise AssertionError("no decision with a hand tile that no stack takes")
    tile, played = stuck[0], len(table.session.steps)
    hold_over(app, table, tile, table.item_rects()[("stack", 0)])
    assert table.dragged_source == tile, "it lifts under the pointer"
    assert any(logged[0] == tile[1] for logged in table.render_log), "drawn where it is dragged"
    stack = table.item_rects()[("stack", 0)]
    frames(app, [mouse_up((stack.centerx, stack.bottom - 4))], count=2)
    assert len(table.session.steps) == played and table.dragged_source is None
    assert app.toasts and "s0" not in app.toasts[-1][0], "the engine's reason, in the board's words"
    reason = app.toasts[-1][0]
    frames(app, [motion(table.item_rects()[tile].center), mouse_down(table.item_rects()[tile].center)])
    frames(app, [mouse_up(table.item_rects()[tile].center)], count=2)
    assert app.toasts[-1][0] == f"Your {NAME[tile[1]]} cannot be played anywhere now." != reason
