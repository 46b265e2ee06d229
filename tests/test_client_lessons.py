"""Learn to play (dominoes_arcade/client/lessons/): a player with one device alone
(mouse, keyboard, controller) takes each game's lesson from the title screen to
"Lesson complete": Next on each stage that explains, the move each stage asks for
through the table's own input, then the short game against the easy bot, each
decision a random one of the table's choices, to its end. A move the stage does
not teach is explained in the callout and not made; the finished lesson is
remembered by the next app; the setup screen offers a lesson once."""

from __future__ import annotations

import re
from itertools import pairwise

import pygame
import pytest
from client_drive import click_at, drag
from lesson_drive import add_controller, guided_hand, take_lesson, wait_for
from test_client_support import animated, click_widget, key, run, widget

from dominoes_arcade.client.layout_check import callout_problems, problems
from dominoes_arcade.client.lessons import games_with_lessons, lesson_for, progress, short_start
from dominoes_arcade.engine.tiles import BY_NAME

GAMES = games_with_lessons()


@pytest.mark.parametrize("device", ["mouse", "keyboard", "controller"])
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_taken_start_to_end_with_one_device(app, game, device):
    seconds, stages = take_lesson(app, game, device)
    assert stages == len(lesson_for(game).stages)
    assert progress.load().finished == {game}


def open_buildup_lesson(app):
    table = app.open("lesson", "buildup")
    while table.guide.index < 2:  # the colours, the stacks: Next twice
        wait_for(app, lambda: table.ready)
        run(app)
        click_at(app, table.callout.buttons[0].rect.center)
    wait_for(app, lambda: table.ready and table.can_decide)
    return table


def test_a_legal_move_the_stage_does_not_teach_is_explained_and_not_made(app):
    table = open_buildup_lesson(app)
    steps, stage = list(table.session.steps), table.guide.index
    rects = table.item_rects()
    drag(app, rects[("hand", BY_NAME["2-4"])].center, rects[("stack", 1)].center)  # legal, but not 3-4 on s7
    assert table.session.steps == steps and table.guide.index == stage
    assert table.lesson_note == "That is legal, but this time try the move the arrow shows."
    app.check_layout = True
    run(app)
    app.check_layout = False
    shown = [mark.what for mark in app.layout_marks if mark.kind == "text"]
    assert any(line.startswith("That is legal, but") for line in shown), "the callout says why (wrapped to its width)"


def test_an_illegal_move_gets_the_engines_reason_and_the_stage_waits(app):
    table = open_buildup_lesson(app)
    steps, stage = list(table.session.steps), table.guide.index
    rects = table.item_rects()
    drag(app, rects[("hand", BY_NAME["1-3"])].center, rects[("stack", 0)].center)  # 1-3 on 5-6
    assert table.session.steps == steps and table.guide.index == stage
    # The stack as the board numbers it (1..12), not as the record writes it (s0).
    assert table.lesson_note == "1-3 may not cover 5-6 on stack 1: a non-double needs at least as many pips."
    assert not app.toasts, "the reason is in the callout, not in a toast"
    rects = table.item_rects()
    drag(app, rects[("hand", BY_NAME["3-4"])].center, rects[("stack", 7)].center)  # tried again: the taught move
    assert table.session.steps[len(steps)] == "0 3-4 s7" and table.guide.index == stage + 1
    assert table.lesson_note is None


def test_a_refused_move_in_the_short_game_says_why_in_a_toast(app):
    """Seen in a real window (issue 42, item 6): in the short game after the guided
    hand, a tile dropped where it cannot go said nothing (its reason went to the
    callout, which the short game does not show)."""
    table = app.open("lesson", "cyprus")
    table.open_short_game()
    short = app.scenes.top
    assert short.short and short.callout_words() is None
    short.refuse("That tile fits no arm.")
    assert app.toasts and app.toasts[-1][0] == "That tile fits no arm."


def test_an_illegal_move_names_the_stack_as_the_board_does(app):
    table = open_buildup_lesson(app)
    rects = table.item_rects()
    drag(app, rects[("hand", BY_NAME["1-3"])].center, rects[("stack", 9)].center)  # 1-3 on 0-5: too few pips
    note = table.lesson_note
    assert note is not None and "on stack 10" in note, note  # the board's label under s9
    assert not re.search(r"\bs\d", note), note
    app.check_layout = True
    run(app)
    app.check_layout = False
    shown = " ".join(mark.what for mark in app.layout_marks if mark.kind == "text")
    assert "stack 10" in shown and not re.search(r"\bs\d", shown), "the callout shows the board's numbers"


def test_a_callout_waiting_for_next_draws_nothing_new(app):
    table = app.open("lesson", "cyprus")
    wait_for(app, lambda: table.ready)
    run(app, frames=3)
    assert table.callout.buttons[0].label == "Next" and not table.is_animating()


def test_next_is_pressed_at_once_while_the_table_still_shows_something(app_with):
    """A confirm on a table first skips what it still shows without holding the game
    (a deal cascading); Next is the callout's, so one press goes to the next stage."""
    app = app_with(animated("fast"))
    table = app.open("lesson", "necropolis")
    wait_for(app, lambda: table.ready)

    class Glow:
        alpha = 0.0

    table.tweens.tween(Glow(), 2.0, hold=False, alpha=1.0)  # shown, not holding the game
    run(app, key(pygame.K_RETURN))
    assert table.guide.index == 1


def test_undo_and_hints_do_not_take_the_guided_hand_off_its_script(app):
    table = open_buildup_lesson(app)
    rects = table.item_rects()
    drag(app, rects[("hand", BY_NAME["3-4"])].center, rects[("stack", 7)].center)
    wait_for(app, lambda: table.ready and table.can_decide)
    steps = list(table.session.steps)
    run(app, key(pygame.K_u))
    run(app, key(pygame.K_h))
    run(app, frames=5)
    assert table.session.steps == steps and table.session.hint is None


def test_escape_asks_to_skip_the_lesson_and_skipping_remembers_nothing(app):
    table = app.open("lesson", "necropolis")
    run(app, key(pygame.K_ESCAPE))
    assert app.scenes.top.name == "dialog"
    click_widget(app, "Keep learning")
    assert app.scenes.top is table
    run(app, key(pygame.K_ESCAPE))
    click_widget(app, "Skip lesson")
    assert app.scenes.top.name == "title"
    assert progress.load().finished == set()


def test_a_finished_lesson_is_remembered_by_the_next_app(app_with):
    first = app_with()
    take_lesson(first, "cyprus", "keyboard")
    first.close()
    app = app_with()
    click_widget(app, "Learn to play")
    assert app.scenes.top.name == "lessons"
    assert [(w.label, w.finished) for w in app.scenes.top.focus.widgets[:3]] == \
        [("Necropolis", False), ("Build Up", False), ("Cyprus", True)]
    app.scenes.pop()
    app.open("setup", "cyprus")
    assert not [w for w in app.scenes.top.focus.widgets if w.label in ("Learn", "Not now")]


def offers(app) -> bool:
    return any(w.label == "Not now" for w in app.scenes.top.focus.widgets)


def test_the_setup_screen_offers_a_lesson_once(app_with):
    app = app_with()
    app.open("setup", "necropolis")
    assert offers(app) and widget(app, "Start game").focused  # the offer never stands in the way
    app.scenes.pop()
    app.open("setup", "necropolis")
    assert not offers(app)
    app.scenes.pop()
    app.open("setup", "buildup")
    click_widget(app, "Not now")
    assert not offers(app) and app.scenes.top.name == "setup"
    app.close()
    app = app_with()
    app.open("setup", "buildup")
    assert not offers(app)
    app.scenes.pop()
    app.open("setup", "sebastopol")  # a game with no lesson
    assert not offers(app)
    app.scenes.pop()
    app.open("setup", "cyprus", players=10)  # ten seats leave no room: not offered, so offered later
    assert not offers(app)
    app.scenes.pop()
    app.open("setup", "cyprus")
    click_widget(app, "Learn")
    assert app.scenes.top.name == "table" and app.scenes.top.lesson.game == "cyprus"


@pytest.mark.parametrize("game", GAMES)
def test_the_callout_collides_with_nothing_and_covers_no_item_to_pick(app, game):
    """No callout covers a tile or a word of the table (but whole panels a docked
    callout replaces) nor sends its arrow across one (`callout_problems`), in every
    game's lesson. Build Up's hid stack 12's top tile, stack 6's and Seat 2's
    boneyard, and its arrow crossed stacks 9 to 11; Draw's arrow crossed the line;
    Necropolis's hid the opponent's active site (stages 7, 9, 11) and the
    "Abandoned sites" label (stage 10); Cyprus's the bottom of Seat 2's hand on its
    plate (stage 4)."""
    add_controller(app)
    table = app.open("lesson", game)
    found = {}

    def check(app, table) -> None:
        app.check_layout = True
        run(app)
        app.check_layout = False
        found_now = problems(app.layout_marks, pygame.Rect(0, 0, 1280, 720)) + callout_problems(app.layout_marks)
        for problem in found_now:
            found.setdefault(str(problem).split(" at ")[0], f"stage {table.guide.index}: {problem}")
        if table.callout.rect is not None:
            for rect in table.avoided_rects() if table.can_decide else []:
                assert not table.callout.rect.colliderect(rect), f"stage {table.guide.index} covers {rect}"

    guided_hand(app, table, "controller", on_stage=check)
    assert not found, "\n".join(found.values())


def test_the_callout_stays_in_its_dock_while_the_opening_deal_turns_tiles_over(app_with):
    """Build Up's first callout floated over stack 1 and Seat 1's plate for most of
    the opening deal, docking only once it was over: a tile turning over is drawn
    on a sprite of its own first, at (0, 0), and the lesson took it for a tile at
    the screen's corner, under the score sheet's dock."""
    app = app_with(animated("fast"))
    table = app.open("lesson", "buildup")
    docks = []
    for _ in range(600):  # the deal takes about 3 s at normal speed
        run(app)
        if table.ready:
            break
        if table.callout.rect is not None:
            docks.append(table.callout.dock)
    assert table.ready and len(docks) > 30, "the deal did not end, or showed no callout"
    assert set(docks) == {"score sheet"}, f"{docks.count(None)} of {len(docks)} frames floated"


KEPT_IN_VIEW = {"buildup": lambda text: "move" in text.lower(),
                "cyprus": lambda text: text.startswith("\u00d7") or "in hand" in text or text.startswith("Boneyard"),
                "necropolis": lambda text: text.startswith("Necropolis:") or "to move" in text.lower()}
"""The words a callout never covers, by game: whose move it is on the seats'
plates, the counts of tiles (a seat's, a pile's) and Build Up's stack numbers (its
table is too full for the callout to cover no word at all: its scores panel's rows
may go under it). Necropolis's callout may take the status panel's place, "your
move" with it: the seat's panel says "To move"."""


@pytest.mark.parametrize("game", GAMES)
def test_the_callout_and_its_arrow_leave_the_tables_words_in_view(app, game):
    """The callout covered Build Up's "Your move" plate, Cyprus's tile counts and
    "Necropolis: 20", and its arrow ran across Build Up's stack numbers."""
    table = app.open("lesson", game)
    found = []

    def check(app, table) -> None:
        run(app)
        callout, marks = table.callout, table.table_label_marks()
        covered = [mark.what for mark in marks if callout.rect is not None and callout.rect.colliderect(mark.rect)
                   and KEPT_IN_VIEW[game](mark.what)]
        runs = list(pairwise(callout.arrow)) if callout.arrow is not None else []
        crossed = [mark.what for mark in marks if any(mark.rect.clipline(*run) for run in runs)]
        if covered or crossed:
            found.append(f"stage {table.guide.index + 1}: covers {covered}, the arrow crosses {crossed}")

    guided_hand(app, table, "keyboard", on_stage=check)
    assert not found, "\n".join(found)


def test_the_chooser_collides_with_nothing_and_ticks_only_the_finished(app):
    progress.finish("buildup")
    click_widget(app, "Learn to play")
    app.check_layout = True
    run(app, frames=2)
    assert not problems(app.layout_marks, pygame.Rect(0, 0, 1280, 720))
    assert [(w.label, w.finished) for w in app.scenes.top.focus.widgets[:3]] == \
        [("Necropolis", False), ("Build Up", True), ("Cyprus", False)]
    run(app, key(pygame.K_ESCAPE))
    assert app.scenes.top.name == "title"


@pytest.mark.parametrize("game", ["necropolis", "buildup"])
def test_undo_in_a_short_game_never_goes_back_into_the_turns_laid_for_the_player(app, game):
    """The turns laid before the short game (`short_start`) were not the player's:
    undo has nothing to take back until the player has moved, then only that move."""
    table = app.open("lesson", game)
    guided_hand(app, table, "keyboard")
    wait_for(app, lambda: table.callout.buttons and table.callout.buttons[0].label == "Play")
    click_at(app, table.callout.buttons[0].rect.center)
    short = app.scenes.top
    wait_for(app, lambda: short.can_decide and not short.tweens.busy)
    laid = short.session.first_own_step
    assert laid == len(short_start(short.lesson, short.lesson.seed + 1)) > 0
    assert short.session.human_steps == [] and short.session.undo_redo.refusal() == "Nothing to undo yet."
    moved_at = len(short.session.steps)
    assert short.play(short.session.state.legal_actions()[0])
    run(app, frames=2)
    assert short.session.human_steps == [moved_at] and moved_at >= laid


@pytest.mark.parametrize("game", GAMES)
def test_the_focus_waits_on_what_the_arrow_shows_so_confirm_alone_takes_the_guided_hand(app, game):
    """A keyboard or controller player is put on the taught move's source, then on
    its target once it is picked up: Enter alone, pressed whenever the lesson waits,
    takes the guided hand to its end without a move refused."""
    table = app.open("lesson", game)
    for _ in range(200):
        if table.guide.over:
            break
        wait_for(app, lambda: table.ready)
        if table.can_decide and table.guide.taught(table.legal):
            taught = table.guide.taught(table.legal)[0]
            choice = next(c for c in table.current_choices() if c.action is taught)
            assert table.picker.focused == (choice.source if table.picker.selected is None else choice.target)
        run(app, key(pygame.K_RETURN), frames=2)
        assert table.lesson_note is None, table.lesson_note
    assert table.guide.over
