"""Undo that follows what the player has seen, redo, the deal (shown, played
again), letting the bots finish, and taking a replay over at some step."""

from __future__ import annotations

import pygame
import pytest
from client_drive import check_faces, play, run_until
from test_client_support import KIT_CONFIG, key, pad_added, press_keys, press_pad, run, run_undrawn_until, steer
from test_client_table_kit_replay import journal_record
from test_game_registry import opening
from typer.testing import CliRunner

from dominoes_arcade import cli, history
from dominoes_arcade.client.input import Intent
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.records import parse_step

APP_CONFIG = KIT_CONFIG

# Necropolis, seed 3, seat 0 first: the human (seat 0) and a bot (seat 1) take turns.
HUMAN_NEW = ["0 draw", "* 3-4", "0 new"]
BOT_DRAWS_AND_SHOWS = ["1 draw", "* 0-1", "1 new"]
HUMAN_HIDES = ["0 draw", "* 5-6", "0 hide"]
BOT_DRAWS_AND_HIDES = ["1 draw", "* 2-2", "1 hide"]


@pytest.fixture
def necropolis(app, monkeypatch):
    """A Necropolis table against a bot that never answers by itself (the test
    plays its moves), seat 0 first."""
    options = {**app.settings.game("necropolis"), "first_player": 0}
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], options, 3))
    monkeypatch.setattr(type(table), "think_delay", property(lambda self: 60.0))
    return table


def apply(table, steps) -> None:
    for text in steps:
        table.apply(parse_step(table.session.state, text))


def full_state(table):
    return table.session.state.zones(), table.session.state.current_player, table.session.state.scores()


def test_undo_after_a_bots_hidden_draw_goes_back_and_redo_returns_to_the_same_state(app, necropolis):
    table = necropolis
    apply(table, HUMAN_NEW + BOT_DRAWS_AND_SHOWS + HUMAN_HIDES + BOT_DRAWS_AND_HIDES)
    run(app)
    assert table.session.undo_refusal() is None, "the bot's draw into its own hand showed the player nothing"
    assert (Intent.UNDO, "Undo") in table.prompts()
    before, state = list(table.session.steps), full_state(table)
    press_keys(app, pygame.K_u)
    assert table.session.steps == before[:8], "back to before the player's last decision (0 hide)"
    assert table.can_decide and (Intent.REDO, "Redo") in table.prompts()
    run(app, key(pygame.K_y, pygame.KMOD_LCTRL), frames=2)
    assert table.session.steps == before and full_state(table) == state, "redo: the same steps, the same state"
    assert not table.session.can_redo


@pytest.mark.parametrize("how", ["shift+u", "controller"])
def test_redo_with_shift_u_or_the_controller(app, necropolis, how):
    table = necropolis
    apply(table, HUMAN_NEW + BOT_DRAWS_AND_SHOWS + HUMAN_HIDES + BOT_DRAWS_AND_HIDES)
    before = list(table.session.steps)
    assert table.undo()
    if how == "shift+u":
        run(app, key(pygame.K_u, pygame.KMOD_LSHIFT), frames=2)
    else:
        run(app, [pad_added()])
        press_pad(app, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert table.session.steps == before


def test_undo_after_a_bot_shows_a_tile_the_player_had_not_seen_is_refused_with_the_reason(app, necropolis):
    table = necropolis
    apply(table, HUMAN_NEW + BOT_DRAWS_AND_SHOWS)
    reason = table.session.undo_refusal()
    assert reason == "Cannot undo: 0-1 was revealed after your move."
    steps = list(table.session.steps)
    press_keys(app, pygame.K_u)
    assert table.session.steps == steps and app.toasts[-1][0] == reason


def test_undo_after_the_players_own_draw_is_refused_with_the_reason(app, necropolis):
    table = necropolis
    apply(table, HUMAN_NEW + BOT_DRAWS_AND_SHOWS + ["0 draw", "* 5-6"])
    assert table.session.undo_refusal() == "Cannot undo: you drew 5-6 after that move."
    assert not table.undo() and len(table.session.steps) == 8


def test_a_new_decision_after_undo_forgets_what_redo_had(app, necropolis):
    table = necropolis
    apply(table, HUMAN_NEW + BOT_DRAWS_AND_SHOWS + HUMAN_HIDES + BOT_DRAWS_AND_HIDES)
    assert table.undo() and table.session.can_redo
    other = next(action for action in table.session.state.legal_actions() if str(action) != "hide")
    table.play(other)
    assert not table.session.can_redo


def test_play_this_deal_again_from_the_pause_menu_deals_the_same_tiles(app):
    seed = 2024
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], app.settings.game("necropolis"), seed))
    run_until(app, lambda: table.can_decide)
    dealt = opening(table.session.match.to_record())
    press_keys(app, pygame.K_p)
    pause = app.scenes.top
    assert pause.name == "pause" and pause.deal == seed
    steer(app, "Play this deal again")
    press_keys(app, pygame.K_RETURN)
    steer(app, "Play again")
    press_keys(app, pygame.K_RETURN)
    again = app.scenes.top
    assert again is not table and again.setup.seed == seed
    run_until(app, lambda: again.can_decide)
    assert opening(again.session.match.to_record()) == dealt


def test_the_setup_screen_shows_the_deal_it_starts_and_play_seed_starts_a_given_deal(app):
    app.open("setup", "buildup")
    setup = app.scenes.top
    seed = setup.seed
    setup.start()
    assert app.scenes.top.setup.seed == seed
    app.to_title()
    app.open("setup", "buildup", seed=77)
    assert app.scenes.top.seed == 77


def test_let_the_bot_finish_plays_the_game_to_its_end_and_keeps_it_as_the_players(app):
    table = open_table(app, TableSetup("buildup", ["human", "easy"], app.settings.game("buildup"), 5))
    run_until(app, lambda: table.can_decide)
    press_keys(app, pygame.K_p)
    steer(app, "Let the bot finish")
    press_keys(app, pygame.K_RETURN)
    steer(app, "Let it play")
    press_keys(app, pygame.K_RETURN)
    assert app.scenes.top is table and not table.session.human_seats
    run_until(app, lambda: table.session.ended, limit=20000)
    entries, _ = history.read_history()
    assert len(entries) == 1 and entries[0].kinds == ["human", "easy"]
    assert entries[0].record.steps == table.session.steps


def test_taking_over_a_journal_game_at_step_k_plays_on_from_there_with_the_hidden_tiles_hidden(app):
    record = journal_record("necropolis")
    replay = open_table(app, TableSetup(record.game, list(record.seats), dict(record.options), 0, record=record))
    press_keys(app, pygame.K_RETURN)  # pause the replay
    k = 12
    for _ in range(k):
        press_keys(app, pygame.K_RIGHT)
    assert replay.session.steps == record.steps[:k]
    seat = replay.session.state.current_player
    press_keys(app, pygame.K_h)
    assert app.scenes.top.name == "take over"
    press_keys(app, pygame.K_RETURN)  # "Play from here", the seat to move
    table = app.scenes.top
    assert table is not replay and table.setup.record is None and table.replay is None
    assert table.session.steps == record.steps[:k] and table.setup.seed == record.seed
    assert table.session.human_seats == [seat] and table.shows_hidden(seat) and not table.shows_hidden(1 - seat)
    run(app)
    check_faces(app, table)
    play(app, table, "keyboard", on_frame=check_faces)
    assert table.session.state.is_terminal and table.session.steps[:k] == record.steps[:k]
    entries, _ = history.read_history()
    assert entries[-1].record.steps == table.session.steps and entries[-1].kinds[seat] == "human"
    path = history.data_dir() / history.HISTORY_FILE
    checked = CliRunner().invoke(cli.app, ["replay", str(path), "--check"])
    assert checked.exit_code == 0, checked.output


def test_play_from_here_is_one_click_on_its_footer_prompt_with_the_mouse(app):
    from test_client_support import click

    record = journal_record("buildup")
    replay = open_table(app, TableSetup(record.game, list(record.seats), dict(record.options), 0, record=record))
    click(app, (640, 360))  # the mouse is the device now: the footer shows its prompts
    areas = [area for area, intent, _glyph, words in app._prompt_areas if words == "Play from here"]
    assert areas, "the replay's footer offers Play from here"
    click(app, areas[0].center)
    assert app.scenes.top.name == "take over" and app.scenes.top.table is replay


def test_a_taken_over_cyprus_game_lays_itself_out_again_from_its_own_start(app):
    """Undo and redo rebuild the table; Cyprus then reads the finished rounds again
    from the game's start, which for a taken-over game is not where play began."""
    record = journal_record("cyprus")
    replay = open_table(app, TableSetup(record.game, list(record.seats), dict(record.options), 0, record=record))
    replay.replay.playing = False
    replay.rebuild(60)
    replay.replay.take_over(1, "easy")
    table = app.scenes.top
    assert table.session.steps == record.steps[:60]
    table.rebuild(58)
    assert table.session.steps == record.steps[:58]
    run(app, frames=3)


def test_undo_at_the_start_of_the_next_build_up_hand_is_refused_as_the_player_drew(app):
    """Issue 27: undo from hand 2 went back to hand 1's last move, to be played again
    knowing hand 2's tiles. Both sets hold every name, so the tiles drawn are told
    apart from the same names in the player's own boneyard, and the opponent's."""
    table = open_table(app, TableSetup("buildup", ["human", "easy"], app.settings.game("buildup"), 5))
    def at_hand_2() -> bool:
        if table.can_decide and table.session.state.hand_index == 1:
            return True
        if table.can_decide:
            table.play(table.session.state.legal_actions()[0])
        return False

    # On to hand 2, undrawn: the steps and the refusal are what is looked at.
    run_undrawn_until(app, at_hand_2, "hand 2 coming to the player")
    last = table.session.human_steps[-1]
    drawn = [step for step in table.session.steps[last:] if step.startswith("* hand 0 ")]
    assert drawn, "hand 2 was dealt since the player's last decision"
    reason = table.session.undo_refusal()
    assert reason is not None and reason.startswith("Cannot undo: you drew "), reason
    assert reason.removeprefix("Cannot undo: you drew ").removesuffix(" after that move.") in [
        step.split()[-1] for step in drawn]
    steps = list(table.session.steps)
    assert not table.undo() and table.session.steps == steps
