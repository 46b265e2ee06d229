"""Build Up's table in detail (issue 8): the layout holds the largest cases, every
engine event is animated the way the rules' zones say (dominoes_arcade/rules/buildup.md), the
hand summary reveals and counts, the last-move marker and the stack history follow
the steps, undo and replays re-lay the table, an illegal drop gets the engine's
reason. Whole games by mouse and controller are in test_client_buildup.py."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest
from client_drive import check_faces, drag
from server_drive import finish_others, open_linked_room, serving
from test_client_buildup import open_buildup, until_decision
from test_client_online import play_online_table
from test_client_support import animated, run, run_undrawn_until

from dominoes_arcade.client import gfx
from dominoes_arcade.client.input import Device
from dominoes_arcade.client.layout_check import MARKER_GAP
from dominoes_arcade.client.tables import TableSetup, buildup_layout, interaction, online_setup, open_table
from dominoes_arcade.client.tables.buildup import BuildUpTable
from dominoes_arcade.engine.buildup import LINE_LENGTH, PLACE, STACK_COUNT
from dominoes_arcade.engine.tiles import BY_NAME, PIPS
from dominoes_arcade.files import read_records
from dominoes_arcade.session.events import seen_events

CANVAS = pygame.Rect(0, 0, 1280, 720 - 48)
"""The 1280x720 canvas above the footer of button prompts."""
EXAMPLES = Path(__file__).resolve().parent / "data" / "examples" / "buildup.jsonl"


def recording_tiles(table: BuildUpTable) -> list[tuple[int, pygame.Rect]]:
    """Make the painter's `draw_tile` (the kit's, which it was given) also note where
    each tile went."""
    drawn: list[tuple[int, pygame.Rect]] = []
    kit_draw_tile = table.painter.draw_tile

    def draw_tile(surface, tile, rect_or_pos, length, **kwargs):
        where = kit_draw_tile(surface, tile, rect_or_pos, length, **kwargs)
        drawn.append((tile, where))
        return where

    table.painter.draw_tile = draw_tile
    return drawn


def test_layout_holds_the_tallest_stacks_and_never_overlaps_items(app):
    table = open_buildup(app, ["human", "easy"], seed=5)
    assert until_decision(app, table)
    rects = table.item_rects()
    assert all(CANVAS.contains(rect) for rect in rects.values())
    items = list(rects.items())
    for index, (item, rect) in enumerate(items):
        for other, other_rect in items[index + 1:]:
            assert not rect.colliderect(other_rect), f"{item} overlaps {other}"
    # The tallest stack the rules allow: a line tile and all 44 tiles drawn by both
    # seats on one stack. Its history lists every tile inside the history panel.
    tall = 2
    table.session.state.stacks[tall] = ((0, 0),) + tuple((t % 28, t % 2) for t in range(44))
    table.session.version += 1  # a new position: the table's observation is built anew
    drawn = recording_tiles(table)
    run(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.stack_rect(tall).center, rel=(1, 1),
                                 buttons=(0, 0, 0))])
    assert table.history_stack() == tall
    listed = [where for _, where in drawn if buildup_layout.HISTORY.contains(where)]
    assert len(listed) == 45
    assert all(CANVAS.contains(where) for _, where in drawn)


def test_a_placement_flies_from_the_hand_slot_to_the_stack_and_lands_there(app_with):
    app = app_with(animated("normal"))
    table = open_buildup(app, ["human", "easy"], seed=6)
    assert until_decision(app, table)
    choice = table.choices()[-1]
    before = table.item_rects()
    start = before[choice.source].center
    goal = table.layout.stack_centre(choice.target[1])
    assert table.play(choice.action)
    # The tiles staying in the hand slide from their old slots to their new ones.
    after = table.hand_faces(0)
    shifts = table.reflow[0]["shifts"]
    assert table.reflow[0]["t"] == 1.0 and len(shifts) == len(after)
    for index, tile in enumerate(after):
        assert shifts[index] == before[("hand", tile)].centerx - table.layout.hand_rect(0, index, len(after)).centerx
    flights = [f for f in table.flights if f.lands_on == choice.target]
    assert len(flights) == 1
    flight = flights[0]
    assert (round(flight.x), round(flight.y)) == start and flight.face_to and flight.face_from
    distances = []
    while flight in table.flights:
        distances.append(abs(flight.x - goal[0]) + abs(flight.y - goal[1]))
        run(app)
        check_faces(app, table)
    assert distances == sorted(distances, reverse=True) and len(distances) > 5
    assert (round(flight.x), round(flight.y)) == goal
    assert table.session.state.stacks[choice.target[1]][-1] == (choice.action.tile, 0)


def check_hands_before_steps(table: BuildUpTable, monkeypatch) -> tuple[set[str], list]:
    """Make the table check, at every step it animates, that the hands it rebuilds as
    they were before the step (from the observation and the step's events as the
    screen's seat saw them: no full state) are the hands it drew just before. Returns
    the kinds of events seen and the covers of a tile the screen had shown as a back."""
    drawn_before = [table.hand_faces(seat) for seat in (0, 1)]
    kinds: set[str] = set()
    from_backs: list = []
    animate = table.on_events

    def checking(action, events):
        seen = seen_events(events, table.seen_seat)
        rebuilt = [table.hand_faces(seat, table._hand_before(seat, seen)) for seat in (0, 1)]
        assert rebuilt == drawn_before, (action, rebuilt, drawn_before)
        kinds.update(event.kind for event in seen)
        from_backs.extend(e for e in seen if e.kind == "cover" and e.tile not in rebuilt[e.seat])
        animate(action, events)
        drawn_before[:] = [table.hand_faces(seat) for seat in (0, 1)]

    monkeypatch.setattr(table, "on_events", checking)
    return kinds, from_backs


@pytest.mark.parametrize("seats", [["easy", "easy"], ["human", "easy"]])
def test_a_step_starts_from_the_hands_the_screen_showed(app, monkeypatch, seats):
    """The hands before a step are the hands drawn just before it: in a bots' game
    seen by a spectator (both hands backs but the first-player draws), and at a
    human's seat (the bot's hand hidden), until tiles were drawn, placed from a
    hidden hand and set aside at a hand's end."""
    table = open_buildup(app, seats, seed=7)
    kinds, from_backs = check_hands_before_steps(table, monkeypatch)
    for _ in range(6000):
        if "set_aside" in kinds or table.is_over:
            break
        if table.can_decide and not table.tweens.busy:
            table.play(table.choices()[0].action)
        run(app)
        check_faces(app, table)
    assert {"draw", "cover", "set_aside"} <= kinds and from_backs


def test_an_online_game_animates_every_step_from_what_the_player_was_told(app, monkeypatch):
    """At the player's seat of an online room, the table animates each step the
    server tells it from the player's observation and the events as told (the
    bot's draws unknown), to the game-over screen."""
    with serving(seed=5) as served:
        link, others, games = open_linked_room(served, "buildup", ["player", "easy"])
        table = open_table(app, online_setup(link))
        try:
            kinds, from_backs = check_hands_before_steps(table, monkeypatch)
            assert play_online_table(app, table, random.Random(3)) > 5
        finally:
            table.exit()
        finish_others(served, others, games)
    assert {"draw", "cover"} <= kinds and from_backs


def test_draws_fly_face_down_for_a_bot_and_turn_face_up_for_the_human(app_with):
    app = app_with(animated("fast"))
    table = open_buildup(app, ["human", "easy"], seed=7)
    flights = []  # kept alive, so that every flight seen is a distinct object
    for _ in range(3000):
        flights += [f for f in table.flights if f.lands_on[0] == "hand" and all(f is not g for g in flights)]
        if table.can_decide and not table.tweens.busy:
            break
        run(app)
        check_faces(app, table)
    values = [(f.owner, f.tile, f.face_from, f.face_to, f.seat >= 0) for f in flights]
    # Both hands hold 6 tiles; the first-player draws among them were shown to both.
    first_draws = bin(table.session.state.shown[0]).count("1") + bin(table.session.state.shown[1]).count("1")
    assert len(values) == 12 and first_draws >= 2
    public = [v for v in values if not v[4]]
    assert len(public) == first_draws and all(v[1] >= 0 and v[3] for v in public)
    secret = [v for v in values if v[4]]
    assert all(v[1] >= 0 and v[3] and not v[2] for v in secret if v[0] == 0), "the human sees their draws turn over"
    assert all(v[1] == -1 and not v[3] for v in secret if v[0] == 1), "the bot's draws stay backs, tile unknown"


@pytest.mark.slow
def test_the_hand_summary_reveals_the_tiles_counts_up_and_holds_the_game(app_with):
    app = app_with(animated("fast"))
    table = open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 8))
    totals_seen = []
    # (The first hand undrawn: nothing before its summary is looked at here.)
    run_undrawn_until(app, lambda: table.summary is not None and table.summary.hand == 1, "the first hand's summary")
    summary = table.summary
    assert summary is not None and table.session.state.hand_scores
    # dominoes_arcade/rules/buildup.md, Scoring: each colour scores its pips on top of the 12 stacks.
    for seat in (0, 1):
        assert sum(PIPS[tile] for _, tile in summary.tops[seat]) == summary.scores[seat]
        assert summary.aside[seat] == list(table.session.state.set_aside[seat])
    assert sum(len(tops) for tops in summary.tops) == STACK_COUNT
    steps = len(table.session.steps)
    while table.summary is not None:
        totals_seen.append(tuple(table.shown_totals))
        run(app)
        assert len(table.session.steps) == steps or table.summary is None, "the game waits while the summary is up"
    final = tuple(float(t) for t in summary.totals)
    assert totals_seen[0] == (0.0, 0.0) and totals_seen[-1] == final
    assert any(0 < seen[0] < final[0] or 0 < seen[1] < final[1] for seen in totals_seen), "totals count up"


@pytest.mark.slow
def test_a_press_dismisses_the_summary(app_with):
    app = app_with(animated("normal"))
    table = open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 9))
    run_undrawn_until(app, lambda: table.summary is not None and not table.tweens.busy, "the first hand's summary")
    assert table.summary is not None and table.hold_left > 0
    steps = len(table.session.steps)
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], frames=2)
    assert table.summary is None and table.hold_left == 0
    run(app, frames=3)
    assert len(table.session.steps) > steps


def test_last_move_marker_and_history_follow_the_steps(app):
    table = open_buildup(app, ["human", "easy"], seed=10)
    assert until_decision(app, table)
    placed = passed = new_hand = False
    for _ in range(3000):
        if table.session.ended:
            break
        run(app)
        if not table.session.steps or table.summary is not None:
            continue
        last = table.session.steps[-1]
        actor, _, move = last.partition(" ")
        if actor == "*" and move.startswith("hand") and table.session.state.hand_index > 0:
            assert table.last_move_rect() is None and table.history_stack() is None
            new_hand = True
        elif actor == "1" and move != "pass":
            stack = int(move.rsplit("s", 1)[1])
            assert table.last_move_rect() == table.layout.stack_rect(stack) and table.history_stack() == stack
            placed = True
        elif actor == "1":
            assert table.last_move_rect() == table.layout.plate_rect(1)
            passed = True
        if table.can_decide:
            table.play(table.choices()[0].action)
    assert placed and new_hand
    del passed  # whether the bot passed depends on the deal


@pytest.mark.slow
def test_undo_re_lays_the_table_with_nothing_in_the_air(app_with):
    app = app_with(animated("normal"))
    table = open_buildup(app, ["human", "easy"], seed=11)
    assert until_decision(app, table)
    hand = list(table.session.state.hands[0])
    before = list(table.session.steps)
    table.play(table.choices()[0].action)
    assert table.flights
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="", scancode=0)])
    assert table.session.steps == before and table.session.state.hands[0] == hand
    assert not table.flights and table.summary is None
    assert sorted(item[1] for item in table.item_rects() if item[0] == "hand") == hand


def test_an_illegal_drop_is_refused_with_the_engines_reason(app):
    for seed in range(12, 30):
        table = open_buildup(app, ["human", "easy"], seed)
        assert until_decision(app, table)
        legal = set(table.session.state.legal_actions())
        playable = [t for t in table.session.state.hands[0] if any(PLACE[t][s] in legal for s in range(STACK_COUNT))]
        wrong = [(t, s) for t in playable for s in range(STACK_COUNT) if PLACE[t][s] not in legal]
        if wrong:
            break
        app.scenes.pop()
    tile, stack = wrong[0]
    rects = table.item_rects()
    steps = len(table.session.steps)
    drag(app, rects[("hand", tile)].center, rects[("stack", stack)].center)
    assert len(table.session.steps) == steps
    said = [text for text, _ in app.toasts if "may not cover" in text]
    assert said, "the toast says why"
    # The stack as the board numbers it (1..12), never the record's s0..s11.
    assert f"on stack {stack + 1}" in said[-1] and not re.search(r"\bs\d", said[-1]), said[-1]
    assert table.describe(PLACE[tile][stack]).endswith(f"on stack {stack + 1}"), "hints and prompts alike"


@pytest.mark.slow
def test_a_record_replays_to_the_end_with_every_hand_face_up(app_with):
    _, record = read_records(EXAMPLES)[0]
    app = app_with(animated("off"))
    table = open_table(app, TableSetup("buildup", ["record", "record"], dict(record.options), 1, record=record))
    shown = set()
    for _ in range(3000):
        if table.session.ended:
            break
        run(app)
        shown.update(seat for _, face_up, seat in table.render_log if face_up and seat >= 0)
    assert table.session.ended and table.session.error is None and table.session.state.is_terminal
    assert shown == {0, 1}
    assert table.session.steps == record.steps
    # Stepping back (the replay's LEFT) rebuilds the state; the table lays it out again.
    for _ in range(30):
        run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)])
    assert table.session.steps == record.steps[:-30] and not table.session.state.is_terminal
    assert not table.flights and table.summary is None
    hand_tiles = [t for t, face_up, seat in table.render_log if seat in (0, 1) and face_up]
    assert sorted(hand_tiles) == sorted(table.session.state.hands[0] + table.session.state.hands[1])


def test_directions_browse_stack_histories_while_bots_play(app):
    table = open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 13, demo=True))
    run(app, frames=20)

    def press(key):
        run(app, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])

    press(pygame.K_RIGHT)
    assert table.browsed == table.bottom * LINE_LENGTH and table.history_stack() == table.browsed
    press(pygame.K_RIGHT)
    press(pygame.K_UP)
    assert table.browsed == (1 - table.bottom) * LINE_LENGTH + 1
    assert table.layout.stack_rect(table.browsed).y < table.layout.stack_rect(table.bottom * LINE_LENGTH).y
    for _ in range(8):
        press(pygame.K_LEFT)
    assert table.browsed == (1 - table.bottom) * LINE_LENGTH


@pytest.mark.slow
def test_summaries_follow_the_variant_scoring(app_with):
    """``scoring = "played_this_hand"`` with ``unplayed_penalty``: a hand scores the
    pips each seat placed in it, less the pips it set aside (dominoes_arcade/rules/buildup.md,
    Variants), and the summary shows exactly that."""
    app = app_with(animated("fast"))
    options = {**app.settings.game("buildup"), "scoring": "played_this_hand", "unplayed_penalty": True,
               "later_hands_first": "alternate", "nondouble_on_double": "greater_or_equal"}
    table = open_table(app, TableSetup("buildup", ["easy", "easy"], options, 14))
    checked, hand_start = [], 0

    def check_each_summary() -> bool:
        """After each frame (undrawn: what is checked is each summary's figures, not
        the screen), a new summary checked and dismissed; True once the game ends."""
        nonlocal hand_start
        summary = table.summary
        if summary is not None and summary.hand not in checked:
            placed = [0, 0]
            for step in table.session.steps[hand_start:]:
                actor, _, move = step.partition(" ")
                if actor in ("0", "1") and move != "pass":
                    placed[int(actor)] += PIPS[BY_NAME[move.split(" ")[0]]]
            aside = [sum(PIPS[t] for t in summary.aside[seat]) for seat in (0, 1)]
            assert summary.scores == (placed[0] - aside[0], placed[1] - aside[1])
            checked.append(summary.hand)
            hand_start = len(table.session.steps)
            enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
            run(app, [enter], frames=2)
            run(app, [enter], frames=2)  # the first press finishes the count, the second dismisses
        return table.session.ended

    run_undrawn_until(app, check_each_summary, "the end of the game")
    assert checked == [1, 2, 3, 4]


def test_the_hint_marks_a_tile_and_a_stack_of_the_table(app_with):
    app = app_with('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\nhard = "greedy"\n')
    table = open_buildup(app, ["human", "easy"], seed=15)
    assert until_decision(app, table)
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="", scancode=0)])
    for _ in range(600):
        if table.session.hint is not None:
            break
        run(app)
    choice = next(c for c in table.choices() if c.action is table.session.hint)
    rects = table.item_rects()
    assert choice.source in rects and choice.target in rects
    hand = table.session.state.hands[0]
    assert rects[choice.source].colliderect(table.layout.hand_rect(0, hand.index(choice.action.tile), len(hand)))


def test_height_badges_are_drawn_above_the_rings(app, monkeypatch):
    """A ring around a stack (the last move, a target, the focus) would cross the
    stack's height badge at its corner, so the badges come after every ring."""
    table = open_buildup(app, ["human", "easy"], seed=10)
    assert until_decision(app, table)
    table.play(table.choices()[0].action)  # a placement: its stack is 2 high now
    for _ in range(600):
        run(app)
        if table.can_decide and table.last_move_rect() is not None:
            break
    assert table.last_move_rect() is not None
    calls: list[str] = []
    ring = interaction.draw_ring
    monkeypatch.setattr(interaction, "draw_ring", lambda *a, **k: (calls.append("ring"), ring(*a, **k)))
    badges = table.painter.draw_badges
    monkeypatch.setattr(table.painter, "draw_badges",
                        lambda surface: (calls.append(f"badges {len(table.painter.badges)}"), badges(surface)))
    run(app)
    assert "ring" in calls and calls[-1].startswith("badges") and calls[-1] != "badges 0", calls


def test_the_focus_marker_round_a_stack_keeps_clear_of_its_height_badge_and_number(app, monkeypatch):
    """Seen in a real window (issue 42): the keyboard's focus brackets round a stack
    touched its height badge (the "2" on its top-right corner), and the marker's
    ring and brackets cut into the stack's number under it. Read off what is drawn
    in the focus's colour: each bracket keeps `MARKER_GAP` from the badge and the
    number, and the ring goes round the number or clear of it."""
    table = open_buildup(app, ["human", "easy"], seed=10)
    assert until_decision(app, table)
    table.play(table.choices()[0].action)  # a placement: its stack is 2 high now, with a badge
    assert until_decision(app, table)
    stacks = table.seen.view.stacks
    choice = next(c for c in table.choices() if c.target[0] == "stack" and len(stacks[c.target[1]]) > 1)
    app.input.last_device = Device.KEYBOARD
    table.picker.selected, table.picker.focused = choice.source, choice.target
    brackets, rings = [], []
    line, rect = gfx.line, gfx.rect

    def spy_line(surface, colour, start, end, width=1):
        if tuple(colour) == interaction.FOCUS_COLOUR and width == 5:
            brackets.append(pygame.Rect(start, (1, 1)).union(pygame.Rect(end, (1, 1))).inflate(width - 1, width - 1))
        return line(surface, colour, start, end, width)

    def spy_rect(surface, colour, area, width=0, border_radius=0):
        if tuple(colour) == interaction.FOCUS_COLOUR and width == 3:
            rings.append(pygame.Rect(area))
        return rect(surface, colour, area, width, border_radius)

    monkeypatch.setattr(gfx, "line", spy_line)
    monkeypatch.setattr(gfx, "rect", spy_rect)
    app.check_layout = True
    run(app)
    app.check_layout = False
    tile = table.layout.stack_rect(choice.target[1])
    number = next(mark.rect for mark in app.layout_marks if mark.kind == "text" and mark.rect.top >= tile.bottom
                  and mark.what == str(buildup_layout.stack_number(choice.target[1]))
                  and tile.left <= mark.rect.centerx <= tile.right)
    centre = min((centre for centre, _owner, _height in table.painter.badges),
                 key=lambda at: abs(at[0] - tile.right) + abs(at[1] - tile.top))
    badge = pygame.Rect(centre[0] - 13, centre[1] - 13, 26, 26)
    assert brackets and rings, "the focus marker is drawn"
    keep_off = [badge.inflate(2 * MARKER_GAP, 2 * MARKER_GAP), number.inflate(2 * MARKER_GAP, 2 * MARKER_GAP)]
    assert not [bracket for bracket in brackets if bracket.collidelist(keep_off) >= 0], (brackets, keep_off)
    assert all(ring.contains(number) or not ring.colliderect(number) for ring in rings)
