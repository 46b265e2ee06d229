"""The review of a finished game (issue 31): opened from the game-over screen and
from Statistics (any game of the history), computed off the frame loop; the
decisions come costliest first, and stepping through them (keyboard, controller,
mouse) lays the replay table just before each, with the move played and the best
move both marked with their values."""

from __future__ import annotations

import pygame
import pytest
from client_drive import click_at, play, run_until
from test_client_support import KIT_CONFIG, key, pad_button, run

from dominoes_arcade import history
from dominoes_arcade.bots.analysis import Analysis, MoveValue, ReviewedDecision
from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.scenes.review import ReviewScene, open_review
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.match import random_game

APP_CONFIG = KIT_CONFIG


@pytest.fixture(autouse=True)
def quick_review(monkeypatch):
    """A small budget: what is checked is the order and the marks, not the search."""
    monkeypatch.setattr(ReviewScene, "rollouts", 60)


def reviewed(app) -> ReviewScene:
    review = app.scenes.top
    assert review.name == "review"
    run_until(app, lambda: review.decisions is not None, limit=20000)
    run(app, frames=2)
    return review


def check_shown(app, review: ReviewScene) -> None:
    """The table is laid just before the decision shown; the move played and the
    best move are marked with their values."""
    decision = review.decisions[review.index]
    table = review.table
    assert len(table.session.steps) == decision.step - 1
    assert table.session.state.current_player == decision.seat
    words = [text for _item, _rect, text, _best in table.analysis_marks.placed]
    # (in a table's own spot, under a Build Up stack or hand tile, a badge says the value alone)
    assert any(text.startswith("played ") or text[:1].isdigit() for text in words), words
    if decision.best.action is not decision.played.action:
        assert any(text.startswith("\u2605") for text in words), words


def test_the_review_from_game_over_ranks_the_decisions_and_steps_through_them(app):
    app.check_layout = True
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], app.settings.game("necropolis"), 3))
    play(app, table, "keyboard")
    over = app.scenes.top
    assert over.name == "game over"
    click_at(app, next(w for w in over.focus.widgets if w.label == "Review your game").rect.center)
    review = reviewed(app)
    losses = [decision.loss for decision in review.decisions]
    assert len(losses) > 2 and losses == sorted(losses, reverse=True), "costliest first"
    assert all(decision.seat == 0 for decision in review.decisions), "the player's seat only"
    check_shown(app, review)
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []
    run(app, key(pygame.K_RIGHT), frames=2)  # keyboard
    assert review.index == 1
    check_shown(app, review)
    run(app, pad_button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER), frames=2)  # controller
    assert review.index == 2
    click_at(app, review.laid.arrow_rects(review.panel)[0].center)  # the mouse, on the panel's previous arrow
    assert review.index == 1
    check_shown(app, review)
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert app.scenes.top is over, "back to the game-over screen"


def test_any_game_of_the_history_is_reviewed_from_statistics(app):
    for seed in (1, 2):
        record = random_game("buildup", seed)
        history.append_history(history.history_line(record, ["human", "easy"], [0], demo=False, finished_at=seed))
    app.open("statistics")
    run(app, frames=2)
    click_at(app, next(w for w in app.scenes.top.focus.widgets if w.label == "Review a game").rect.center)
    pick = app.scenes.top
    assert pick.name == "review a game"
    older = pick.focus.widgets[1]  # newest first: the game of seed 1
    assert older.label.startswith("Build Up against Easy")
    click_at(app, older.rect.center)
    review = reviewed(app)
    assert review.table.setup.record.steps == random_game("buildup", 1).steps
    assert review.decisions and all(decision.seat == 0 for decision in review.decisions)
    check_shown(app, review)
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert app.scenes.top is pick


def test_a_game_the_bot_finished_is_reviewed_from_statistics_up_to_where_it_took_over(app):
    """Issue 42, item 4: the review from Statistics counted the bot's decisions after
    "Let the bot finish" as the player's (the history did not keep where it took
    over); a line written before it did is still reviewed whole."""
    record = random_game("necropolis", 3)
    took_over = len(record.steps) // 2
    history.append_history(history.history_line(record, ["human", "easy"], [0], demo=False, finished_at=1,
                                                 finished_by_bot=[0]))  # an older line: no step kept
    history.append_history(history.history_line(record, ["human", "easy"], [0], demo=False, finished_at=2,
                                                 finished_by_bot=[0], bots_took_over_at=took_over))
    app.open("statistics")
    run(app, frames=2)
    click_at(app, next(w for w in app.scenes.top.focus.widgets if w.label == "Review a game").rect.center)
    pick = app.scenes.top
    newer, older = pick.focus.widgets[:2]
    assert "finished by the bot" in newer.label and "finished by the bot" in older.label
    for button, steps in ((newer, took_over), (older, len(record.steps))):
        click_at(app, button.rect.center)
        review = app.scenes.top
        assert review.name == "review"
        assert review.job.record.steps == record.steps[:steps]
        assert review.table.setup.record.steps == record.steps, "the whole game on the replay table"
        review.close()
        assert app.scenes.top is pick


def test_the_first_results_show_as_they_come_counted_as_the_replay_bar_counts(app, monkeypatch):
    """The review said "Decision 1 of 35 ... move 23" over a bar saying "move 22 of
    140", waited for every decision before showing one (about 100 s for a long game,
    "Weighing 7 of 35 decisions (20 s)"), and reviewed the bot's decisions after
    "Let the bot finish" as the player's."""
    monkeypatch.setattr(ReviewScene, "rollouts", 8)
    record = random_game("necropolis", 3)
    whole = open_review(app, record, [0])
    run_until(app, lambda: whole.job.done >= 1, limit=20000)
    run(app, frames=2)
    assert whole.decisions is None or whole.job.total == 1, "weighing still"
    if whole.decisions is None:
        heading, _cost, _moves = whole.lines()
        assert heading.startswith(f"Weighing {whole.job.done} of {whole.job.total} decisions, about ")
        assert " left \u00b7 costliest so far: " in heading
    decision = whole.shown_list[whole.index]
    bar = f"move {decision.step - 1} of {len(record.steps)}"
    assert whole.lines()[2].startswith(f"After {bar}, you played ")
    assert len(whole.table.session.steps) == decision.step - 1, "the table is laid as the bar says"
    total = whole.job.total
    whole.close()
    cut = open_review(app, record, [0], until_step=len(record.steps) // 2)  # the bot took over half way
    assert 0 < cut.job.total < total
    cut.close()


def test_the_review_rings_a_site_end_clear_of_its_end_tile(app):
    """Issue 42, item 13: the best move's ring round a Necropolis end overlapped
    the end tile (the end's target takes in that tile; its slot lies a few pixels
    from it). The rings are noted to the layout check as halos, which cut no tile."""
    record = random_game("necropolis", 3)
    table = open_table(app, TableSetup("necropolis", list(record.seats), dict(record.options), record.seed,
                                       record=record))
    table.replay.playing = False
    table.rebuild(18)  # seat 1 holds a drawn tile; its site has one tile
    choices, _rects = table.valued_decision()
    end = next(choice.action for choice in choices if choice.target == ("end", "left"))
    new = next(choice.action for choice in choices if choice.target == "new_site")
    moves = [MoveValue(choice.action, str(choice.action), 0.5, 1) for choice in choices]
    analysis = Analysis(0, 2, moves, end, 1)
    played, best = (next(m for m in moves if m.action is action) for action in (new, end))
    for shown in (ReviewedDecision(19, 0, played, best, 0.05, analysis),  # the ring round the end is the best's
                  ReviewedDecision(19, 0, best, best, 0.0, analysis)):  # and the played one's
        table.analysis_marks.show_review(shown)
        app.check_layout = True
        run(app, frames=2)
        halos = [mark for mark in app.layout_marks if mark.kind == "halo"]
        assert len(halos) == (2 if shown.played is not shown.best else 1), halos
        assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []


def test_a_draw_review_rings_an_end_clear_of_its_end_tile_and_values_a_hand_tile_under_the_felt(app):
    """The ring round an open end of a Draw line cut the end tile (the end's drop
    target reaches over it), and a hand tile's value crossed the felt's bottom
    edge: the line tables keep a ring spot and a badge spot, as Necropolis and Build
    Up do."""
    record = random_game("draw", 3)
    table = open_table(app, TableSetup("draw", list(record.seats), dict(record.options), record.seed, record=record))
    table.replay.playing = False
    table.rebuild(15)  # seat 1 to move, two tiles each playable on either end
    choices, _rects = table.valued_decision()
    left, right = (next(choice.action for choice in choices if choice.target == ("end", side)) for side in (0, 1))
    moves = [MoveValue(choice.action, str(choice.action), 0.5, 1) for choice in choices]
    played, best = (next(m for m in moves if m.action is action) for action in (left, right))
    table.analysis_marks.show_review(ReviewedDecision(16, 0, played, best, 0.05, Analysis(0, 2, moves, right, 1)))
    app.check_layout = True
    run(app, frames=2)
    assert len([mark for mark in app.layout_marks if mark.kind == "halo"]) == 2
    assert problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE)) == []
    felt_bottom = 520  # line_table.AREA
    for tile, rect in table.hand_rects():
        spot = table.badge_spot(("hand", tile), (48, 22))  # "62%", as wide as a tile
        assert spot is not None and felt_bottom < spot.top and spot.bottom < rect.top, (tile, spot, rect)
        assert rect.left <= spot.centerx <= rect.right
