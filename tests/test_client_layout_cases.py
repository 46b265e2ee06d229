"""Collisions a new player met (issue 29, defect 3), each set up where it showed
and checked with the layout check (dominoes_arcade/client/layout_check.py): the
"Pass" bubble over a Cyprus seat plate's labels and tiles, the last-move ring
through the status line of a replay, a setup seat's help over the deal number,
the Play-from-here dialog's help over the dimmed status line, and the focus
marker touching the labels of the title's buttons."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from test_client_support import key, run

from dominoes_arcade.client import games
from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.match import random_game

APP_CONFIG = '[display]\nanimation_speed = "normal"\n[bots]\nthink_delay_ms = 0\n'


def checked(app, frames: int = 1, events=()) -> list[str]:
    """The layout's problems over `frames` frames (the first with `events`), each once."""
    found: dict[str, None] = {}
    app.check_layout = True
    try:
        for index in range(frames):
            run(app, events if index == 0 else ())
            found.update(dict.fromkeys(problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))))
    finally:
        app.check_layout = False
    return list(found)


def open_replay(app, players: int, seed: int = 1):
    record = random_game("cyprus", seed, players=players)
    table = open_table(app, TableSetup("cyprus", list(record.seats), dict(record.options), 0, record=record))
    table.replay.playing = False
    return table, record


@pytest.mark.parametrize("players", [4, 7, 10])
def test_a_pass_in_a_cyprus_replay_covers_no_label_tile_or_status(app, players):
    """Each pass says "Pass" by its seat (a plate, or the bottom seat's hand) and
    rings the seat: nothing over the plate's difficulty label or its tiles, and
    no ring through "Seat N to move"."""
    table, record = open_replay(app, players)
    passes = [index for index, step in enumerate(record.steps) if step.endswith(" pass")][:6]
    seats = {int(record.steps[index].split()[0]) for index in passes}
    assert 0 in seats and len(seats) > 1  # the bottom seat and a plate
    found: list[str] = []
    for index in passes:
        table.rebuild(index)
        run(app, frames=2)
        found += checked(app, 40, key(pygame.K_RIGHT))  # the pass, animated, and its bubble
    assert not found, "\n".join(found)


def test_a_setup_seats_help_clears_the_deal_number(app):
    scene = app.open("setup", "cyprus", players=8)
    found: list[str] = []
    for widget in scene.focus.widgets:
        scene.focus.focus(widget)
        found += checked(app, 2)
    assert not found, "\n".join(found)


def test_the_play_from_here_dialog_keeps_its_help_off_the_status_line(app):
    table, record = open_replay(app, 4)
    table.rebuild(len(record.steps) // 3)
    run(app, frames=30)
    found = checked(app, 30, key(pygame.K_h))
    assert app.scenes.top.name != table.name
    for _ in range(3):  # each of the dialog's rows and buttons in focus, with its help
        found += checked(app, 4, key(pygame.K_DOWN))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("saved", [False, True])
def test_the_focus_marker_touches_no_button_label_on_the_title(app, saved):
    if saved:  # a game to continue: a sixth, narrower button
        open_table(app, TableSetup("necropolis", ["human", "easy"], app.settings.game("necropolis"), 11))
        run(app, frames=120)
        app.to_title()  # the game is saved on leaving
        assert any(widget.label == "Continue" for widget in app.scenes.top.focus.widgets)
    run(app, frames=120)  # the title slides in
    found: list[str] = []
    for _ in range(10):  # along the buttons and the game cards
        found += checked(app, 3, key(pygame.K_RIGHT))
    found += checked(app, 3, key(pygame.K_DOWN))
    for _ in range(7):
        found += checked(app, 3, key(pygame.K_RIGHT))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("saved", [False, True])
def test_each_row_of_the_title_draws_its_labels_at_one_size_that_fits(app, saved):
    """Watch a demo, the longest label of the narrower row of six, was drawn smaller
    than the others; Learn to play ran past its card. Each row now shares one size,
    the largest at which every label of the row fits."""
    from dominoes_arcade.client.scenes.title import Card

    if saved:
        open_table(app, TableSetup("necropolis", ["human", "easy"], app.settings.game("necropolis"), 11))
        run(app, frames=120)
        app.to_title()
    run(app, frames=120)
    title, style = app.scenes.top, app.style
    cards = [w for w in title.focus.widgets if isinstance(w, Card)]
    buttons = [w for w in title.focus.widgets if w.rect.y == 470]
    assert len(cards) == len(games.games()) + 2 and len(buttons) == (6 if saved else 5)
    for row in (cards, buttons):
        sizes = {widget.label_size(style) for widget in row}
        assert len(sizes) == 1, [(w.label, w.label_size(style)) for w in row]
        assert sizes == {min(widget.fitting_size(style) for widget in row)}
        # A card's name may take two lines when eight cards share the row; each line fits.
        assert all(style.font(widget.label_size(style), True).size(line)[0] <= widget.rect.width
                   for widget in row for line in (widget.name_lines(style, widget.label_size(style))
                                                  if isinstance(widget, Card) else [widget.label]))


class WeighedJob:
    """A review whose decisions are the test's (`ReviewScene.job`): no search, so
    the frames checked are the review's marks, not its wait."""

    decisions: list = []

    def __init__(self, record, seats, rollouts=None):
        self.record, self.done, self.total, self.error = record, 0, 0, None
        self.finished = True
        self.decisions = list(WeighedJob.decisions)

    def poll(self) -> None:
        pass

    def stop(self) -> None:
        pass


def buildup_review_decisions(record) -> list:
    """Decisions of seat 0 to review, marking what crowds a stack most: the move
    played and the best move on the tallest stacks (their tiles peeking out above,
    their height badges), on neighbouring stacks, and on one stack."""
    from dominoes_arcade.bots.analysis import Analysis, MoveValue, ReviewedDecision
    from dominoes_arcade.engine.records import replay

    found = []
    for step in range(len(record.steps)):
        state = replay(dataclasses.replace(record, steps=record.steps[:step]), check_end=False)
        placements = [action for action in state.legal_actions() if action.tile >= 0] \
            if state.current_player == 0 and not state.is_terminal else []
        if len(placements) < 2:
            continue
        heights = [len(stack) for stack in state.stacks]
        tallest = sorted(placements, key=lambda action: -heights[action.arg])
        neighbour = next((action for action in placements if abs(action.arg - tallest[0].arg) == 1
                          and action.arg // 6 == tallest[0].arg // 6), tallest[1])
        for played, best in ((tallest[1], tallest[0]), (neighbour, tallest[0]), (tallest[0], tallest[0])):
            moves = [MoveValue(action, str(action), 1.0 if action is best else 0.35, 1) for action in placements]
            chosen = {move.action: move for move in moves}
            found.append(ReviewedDecision(step + 1, 0, chosen[played], chosen[best], 0.65,
                                          Analysis(0, 2, moves, best, 1)))
    return found


def review_problems(app, review) -> list[str]:
    """What is wrong with the review's frame on screen: the layout check's problems,
    a mark of the review (a ring, a badge) or anything the table shows (a word, a
    tile, a badge) under the review's panel, unless the table keeps that place for
    it (Build Up's score sheet), the table's words cut by it, two badges one over
    the other, a status line saying someone thinks, the last move ringed."""
    found = checked(app, 1)
    panel, spot = review.panel, review.table.review_spot()
    marks = review.table.analysis_marks.placed
    found += [f"under the review's panel: {words} at {where}" for _item, where, words, _best in marks
              if where.colliderect(panel)]
    # (a badge in the table's own spot is opaque: one put over another hides it from the layout check)
    found += [f"one badge over another: {marks}" for index, (_item, where, _words, _best) in enumerate(marks)
              if where.collidelist([other[1] for other in marks[index + 1:]]) >= 0]
    table_marks = [mark for mark in app.layout_marks if mark.layer.startswith("table")]
    found += [f"under the review's panel: {mark}" for mark in table_marks
              if mark.kind in ("halo", "text", "tile", "badge") and mark.rect.colliderect(panel)
              and not (spot is not None and spot.contains(mark.rect))]
    found += [f"cut by the review's panel: {mark}" for mark in table_marks
              if mark.kind == "text" and mark.rect.colliderect(panel) and not panel.contains(mark.rect)]
    # A review's table is a record paused: nobody is thinking there.
    found += [f"thinking under a review: {mark}" for mark in app.layout_marks
              if mark.kind == "text" and "thinking" in mark.what]
    # The move played is ringed as the last move is: the previous move's rings would read as the player's.
    found += [f"the last move ringed too: {mark}" for mark in app.layout_marks if mark.what == "last move"]
    return found


@pytest.mark.parametrize("resolution", [None, (3440, 1440)])
def test_a_buildup_review_rings_and_badges_cross_nothing(app_with, monkeypatch, resolution):
    """Issue 42, item 2: the review's rings (halos) round a Build Up stack crossed
    its number and its height badge and cut the tiles peeking out above it; a
    badge put beside a top stack went under the review's panel (and two moves onto
    one stack would put both badges in its one spot); the line saying
    the moves ran to the panel's sides, and the panel's bottom cut the top line's
    name; the previous move's rings, in the played move's colour, lay round the
    stack the review ringed. Leftovers seen after it: a ring round a stack's badge
    ran past its line's bottom; the status line said the seat to move was
    thinking; the panel hid the top seat's name plate and hand (it goes over the
    score sheet now)."""
    from dominoes_arcade.client.scenes import review as review_scene

    app = app_with(APP_CONFIG, "review.toml", resolution=resolution)
    record = random_game("buildup", 1)
    WeighedJob.decisions = buildup_review_decisions(record)
    assert len(WeighedJob.decisions) > 30
    monkeypatch.setattr(review_scene, "ReviewJob", WeighedJob)
    review = review_scene.open_review(app, record, [0])
    run(app)  # the review takes its decisions
    found: list[str] = []
    for index in range(0, len(WeighedJob.decisions), 4 if resolution is None else 19):  # each kind in turn
        review.show(index)
        found += review_problems(app, review)
    assert not found, "\n".join(dict.fromkeys(found))


def review_decisions(record, count: int) -> list:
    """`count` decisions of seat 0 to review, spread over the game: the first legal
    move played, the last one best."""
    from dominoes_arcade.bots.analysis import Analysis, MoveValue, ReviewedDecision
    from dominoes_arcade.engine.records import replay

    steps = []
    for step in range(len(record.steps)):
        state = replay(dataclasses.replace(record, steps=record.steps[:step]), check_end=False)
        if not state.is_terminal and state.current_player == 0 and len(state.legal_actions()) > 1:
            steps.append((step, state.legal_actions()))
    found = []
    for step, legal in steps[::max(1, len(steps) // count)][:count]:
        moves = [MoveValue(action, str(action), 0.9 if action is legal[-1] else 0.3, 1) for action in legal]
        players = int(record.options.get("players", 2))
        found.append(ReviewedDecision(step + 1, 0, moves[0], moves[-1], 0.6, Analysis(0, players, moves, legal[-1], 1)))
    return found


@pytest.mark.parametrize(("game", "players", "seed"), [("cyprus", 4, 2), ("cyprus", 7, 2), ("necropolis", 2, 5)])
def test_the_review_s_panel_leaves_the_table_in_view(app, monkeypatch, game, players, seed):
    """Leftovers of issue 42: the review's panel, over the top of the table, hid a
    Cyprus arm's end tile and the top seats' name plates and tiles (and Build Up's,
    above). It goes where it covers nothing of the table now, nor the review's
    marks: the layout check and the checks of the Build Up review, a few decisions
    spread over a game."""
    from dominoes_arcade.client.scenes import review as review_scene

    record = random_game(game, seed, players=players)
    WeighedJob.decisions = review_decisions(record, 4)
    monkeypatch.setattr(review_scene, "ReviewJob", WeighedJob)
    review = review_scene.open_review(app, record, [0])
    run(app)
    found: list[str] = []
    for index in range(len(WeighedJob.decisions)):
        review.show(index)
        found += review_problems(app, review)
    assert not found, "\n".join(dict.fromkeys(found))
