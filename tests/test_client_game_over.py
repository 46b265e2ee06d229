"""The game-over screen says what happened to the player (issue 29): "You won!",
"You lost, 3 to 7", "2nd of 6"; in hot-seat each human; in a demo who won. The
scores, taken apart by hand, round or part, count up; a win is celebrated (not
with animations off); the screen folds away to show the final board and comes
back, by mouse, keyboard or controller alone; it passes the layout check."""

from __future__ import annotations

import pygame
import pytest
from test_client_support import click_widget, key, pad_added, pad_button, press_keys, run, run_undrawn_until

from dominoes_arcade.client.app import LOGICAL_SIZE
from dominoes_arcade.client.layout_check import problems
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.verdict import last_columns, places, verdict

QUICK = '[display]\nanimation_speed = "{speed}"\n[bots]\nthink_delay_ms = 0\nhard = "greedy"\n'
NAMES = [f"Seat {seat}" for seat in range(1, 7)]


# -- the words ----------------------------------------------------------------------------------
def test_the_words_say_what_happened_to_you():
    assert verdict(NAMES[:2], [7, 3], [0], True, [0]).headline == "You won!"
    assert verdict(NAMES[:2], [7, 3], [0], True, [1]).headline == "You lost, 3 to 7"
    assert verdict(NAMES[:2], [12, 8], [1], False, [0]).headline == "You lost, 12 to 8", "Necropolis: lower wins"
    assert verdict(NAMES[:2], [5, 5], [0, 1], True, [0]).headline == "A draw, 5 all"
    six = [40, 90, 100, 60, 90, 10]
    assert verdict(NAMES, six, [2], True, [1]).headline == "2nd of 6"
    assert verdict(NAMES, six, [2], True, [4]).headline == "2nd of 6", "equal scores share a place"
    assert verdict(NAMES, six, [2], True, [3]).headline == "4th of 6"
    assert places(six, [2], True) == [5, 2, 1, 4, 2, 6]


def test_a_demo_is_neutral_and_hot_seat_speaks_to_each_human():
    assert verdict(NAMES[:4], [10, 0, 120, 5], [2], True, []) .headline == "Seat 3 won"
    assert not verdict(NAMES[:4], [10, 0, 120, 5], [2], True, []).celebrate
    hot = verdict(NAMES[:4], [10, 0, 120, 5], [2], True, [0, 2])
    assert hot.headline == "Seat 3 won" and hot.lines == ["Seat 1: 2nd of 4", "Seat 3 wins!"] and hot.celebrate


def test_a_long_game_adds_up_its_first_rounds_in_one_column():
    columns, parts = last_columns([f"Round {n}" for n in range(1, 10)], [list(range(1, 10))], 6, "Earlier")
    assert columns == ["Earlier", "Round 5", "Round 6", "Round 7", "Round 8", "Round 9"]
    assert parts == [[1 + 2 + 3 + 4, 5, 6, 7, 8, 9]]


# -- the screen -----------------------------------------------------------------------------------
def finished(app, game: str, seats: list[str], seed: int = 4, **options):
    """A game of `game` played to its end by bots (the humans' seats by the hard bot),
    its frames undrawn: the game-over screen is what the tests look at."""
    table = open_table(app, TableSetup(game, seats, {**app.settings.game(game), **options}, seed))
    if table.session.human_seats:
        table.let_bots_finish()
    run_undrawn_until(app, lambda: app.scenes.top.name == "game over", "the game over screen")
    return app.scenes.top


@pytest.mark.parametrize("game", ["necropolis", "buildup", "cyprus"])
def test_the_scores_are_taken_apart_and_count_up(app_with, game):
    app = app_with(QUICK.format(speed="normal"))
    seats = ["human", "easy", "easy", "easy"] if game == "cyprus" else ["human", "easy"]
    over = finished(app, game, seats, target_score=30) if game == "cyprus" else finished(app, game, seats)
    outcome = over.table.session.state.outcome()
    breakdown = over.breakdown
    assert breakdown.totals == list(outcome.scores) and breakdown.columns
    assert [sum(parts) for parts in breakdown.parts] == breakdown.totals, "the parts add up to the totals"
    you = over.verdict.headline
    assert you.startswith("You ") or you.startswith("A draw"), you
    assert "The hard bot finished the game for you." in over.reason
    assert over.counted < 1.0, "still counting up"
    run(app, frames=int(3 / (1 / 60)))
    assert over.counted == 1.0


def test_with_animations_off_the_scores_show_at_once_and_nothing_celebrates(app_with):
    app = app_with(QUICK.format(speed="off"))
    over = finished(app, "necropolis", ["human", "human"])
    assert over.verdict.celebrate or over.verdict.headline.startswith("A draw")
    run(app)
    assert over.counted == 1.0 and (over.confetti is None or over.confetti.done)


def test_a_win_is_celebrated_for_a_few_seconds(app_with):
    app = app_with(QUICK.format(speed="normal"))
    over = finished(app, "necropolis", ["human", "human"], seed=5)  # hot-seat: one of the two wins
    if over.confetti is None:
        pytest.skip("a draw: nobody to celebrate")
    run(app, frames=30)
    assert 0 < over.confetti.elapsed < 3.5
    run(app, frames=4 * 60)
    assert over.confetti.done


def test_a_demo_says_who_won(app_with):
    app = app_with(QUICK.format(speed="off"))
    over = finished(app, "buildup", ["easy", "easy"])
    assert over.verdict.headline in ("Seat 1 won", "Seat 2 won") or over.verdict.headline.startswith("A draw")
    assert over.confetti is None


def middle_pixel(app) -> tuple:
    return tuple(app.screen.get_at((app.screen.get_width() // 2, app.screen.get_height() // 3)))


@pytest.mark.parametrize("device", ["mouse", "keyboard", "controller"])
def test_the_screen_folds_away_to_show_the_board_and_comes_back(app_with, device):
    app = app_with(QUICK.format(speed="off"))
    over = finished(app, "buildup", ["human", "easy"])
    run(app, frames=2)
    covered = middle_pixel(app)
    if device == "controller":
        run(app, [pad_added()], frames=2)

    def fold(label: str) -> None:
        if device == "mouse":
            click_widget(app, label)
        elif device == "keyboard":
            press_keys(app, pygame.K_h)
        else:
            run(app, pad_button(pygame.CONTROLLER_BUTTON_Y), frames=2)

    fold("Look at the table")
    assert over.collapsed and app.scenes.top is over
    assert over.panel.top > LOGICAL_SIZE[1] // 2, "a bar at the bottom"
    shown = middle_pixel(app)
    app.scenes.pop()
    run(app)
    assert shown == middle_pixel(app), "the board shows as it is, not dimmed"
    assert shown != covered
    app.scenes.push(over)
    fold("Show results")
    assert not over.collapsed


@pytest.mark.parametrize("resolution", [(1920, 1080), (1280, 800)])
@pytest.mark.parametrize(("game", "seats", "options"), [
    ("buildup", ["human", "easy"], {}),
    ("cyprus", ["human", "human"] + ["easy"] * 8, {"target_score": 20}),
    ("necropolis", ["easy", "easy"], {}),
    ("cyprus", ["human", "easy", "easy", "easy"], {"target_score": 600})])  # many rounds: "Round 10" fits
def test_the_game_over_screen_passes_the_layout_check(app_with, resolution, game, seats, options):
    app = app_with(QUICK.format(speed="off"), resolution=resolution)
    over = finished(app, game, seats, **options)
    assert len(over.breakdown.columns) <= 5
    app.check_layout = True
    for _ in range(2):  # open, then folded
        run(app, frames=2)
        found = problems(app.layout_marks, pygame.Rect((0, 0), LOGICAL_SIZE))
        assert found == [], f"{'folded' if over.collapsed else 'open'}: {found}"
        if over.collapsed:  # the bar cut Necropolis's Seat 1 plate ("tes started: 2")
            cut = [mark.what for mark in app.layout_marks if mark.kind == "text" and mark.layer != over_layer(app)
                   and mark.rect.colliderect(over.panel) and not over.panel.contains(mark.rect)]
            assert cut == [], f"the folded bar cuts the table's words: {cut}"
        run(app, key(pygame.K_h))


def over_layer(app) -> str:
    """The layer the game-over screen's marks are in (the layer of its buttons' labels)."""
    return next(mark.layer for mark in app.layout_marks if mark.kind == "text" and mark.what == "Show results")


# -- hand and round summaries ----------------------------------------------------------------------
def test_hand_and_round_words_speak_to_you():
    from dominoes_arcade.client.verdict import hand_words, round_words

    assert hand_words(2, 4, NAMES[:2], (34, 21), [0]) == "You took hand 2 of 4, 34 to 21"
    assert hand_words(2, 4, NAMES[:2], (34, 21), [1]) == "Seat 1 took hand 2 of 4, 34 to 21"
    assert hand_words(3, 4, NAMES[:2], (20, 20), [0]) == "Hand 3 of 4 shared, 20 all"
    assert round_words(3, True, 0, 24, NAMES, [0]) == "Round 3: you domino, +24"
    assert round_words(3, True, 3, 24, NAMES, [0]) == "Round 3: Seat 4 dominoes, +24"
    assert round_words(1, False, 0, 18, NAMES, [0]) == "Round 1 blocked: you have the lowest hand, +18"


def drawn_text(app) -> list[str]:
    return [mark.what for mark in app.layout_marks if mark.kind == "text"]


def test_the_build_up_hand_summary_says_who_took_the_hand(app_with):
    app = app_with(QUICK.format(speed="fast"))
    table = open_table(app, TableSetup("buildup", ["human", "easy"], app.settings.game("buildup"), 4))
    table.let_bots_finish()
    run_undrawn_until(app, lambda: table.summary is not None, "the hand summary")
    app.check_layout = True
    run(app, frames=2)
    first, second = table.summary.scores
    expected = ("Hand 1 of 4 shared" if first == second else
                f"You took hand 1 of 4, {first} to {second}" if first > second else
                f"Seat 2 took hand 1 of 4, {second} to {first}")
    assert any(text.startswith(expected) for text in drawn_text(app)), drawn_text(app)


def test_the_cyprus_round_summary_says_when_you_won_the_round(app_with):
    app = app_with(QUICK.format(speed="fast"))  # a summary shows for a while only with animations on
    table = open_table(app, TableSetup("cyprus", ["human", "easy", "easy", "easy"],
                                       {**app.settings.game("cyprus"), "target_score": 1000}, 6))
    table.let_bots_finish()
    app.check_layout = True
    for _ in range(12):  # rounds, until seat 1 (you) wins one (the frames between summaries undrawn)
        run_undrawn_until(app, lambda: table.summary_up, "a round summary")
        run(app)
        result = table.model.result
        if result.winner == 0:
            assert any(text.startswith(f"Round {result.number}") and "you" in text for text in drawn_text(app))
            return
        run_undrawn_until(app, lambda: not table.summary_up, "the next round")
    pytest.fail("you won no round in twelve")
