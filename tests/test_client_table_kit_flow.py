"""The table kit around the decisions: hot-seat pass screens (and never a hidden
tile face up for the wrong player), undo against bots (refused past a reveal),
the hint, the game-over screen's buttons, Restart in the pause menu, demos that
cycle through the games."""

from __future__ import annotations

import pygame
import pytest
from client_drive import KitTable, click_at, play, run_until
from test_client_support import KIT_CONFIG, key, run
from test_client_table_kit import open_kit, to_decision

from dominoes_arcade.client.input import Intent
from dominoes_arcade.client.tables import TableSetup
from dominoes_arcade.client.tables.interaction import HINT_COLOUR
from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.records import parse_step

APP_CONFIG = KIT_CONFIG


def replayed(game: str, options: dict, steps: list[str]):
    """A fresh engine state after `steps` (independent of the table)."""
    state = new_game(game, options=options)
    for text in steps:
        state.apply(parse_step(state, text))
    return state


# -- hot-seat -------------------------------------------------------------------------------------------


class HiddenTileWatch:
    """After every frame: while a pass screen is up the table is not drawn at all;
    otherwise a seat's hidden tile is face up only if that seat's player was the
    last to confirm a pass screen. Counts the pass screens shown."""

    def __init__(self):
        self.pending: int | None = None
        self.confirmed: int | None = None
        self.passes: list[int] = []
        self.face_up_frames = 0

    def __call__(self, app, table) -> None:
        top = app.scenes.top
        if top.name == "pass":
            if self.pending != top.seat:
                self.pending = top.seat
                self.passes.append(top.seat)
            assert table not in app.scenes.visible(), "the pass screen hides the table"
            return
        if self.pending is not None:
            self.confirmed, self.pending = self.pending, None
        if table not in app.scenes.visible():
            return
        shown = {seat for tile, face_up, seat in table.render_log if face_up and seat >= 0}
        assert shown <= {self.confirmed}, f"seat {shown} face up, but {self.confirmed} is at the screen"
        if shown and table.session.hot_seat:
            # Hands face down otherwise: only on that player's own turn (chance steps
            # in it included), or while their last move plays out.
            actors = [int(step.split()[0]) for step in table.session.steps if not step.startswith("*")]
            on_turn = table.session.state.current_player == self.confirmed or (actors and actors[-1] == self.confirmed)
            assert on_turn, f"seat {self.confirmed}'s tiles face up on seat {table.session.state.current_player}'s turn"
        self.face_up_frames += bool(shown)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats"), [("buildup", ["human", "human"]),
                                             ("sebastopol", ["human", "easy", "human", "easy"])])
def test_hot_seat_passes_the_screen_before_each_new_human_and_hides_the_others_tiles(app, game, seats):
    watch = HiddenTileWatch()
    table = KitTable(app, TableSetup(game, seats, app.settings.game(game), 5))
    app.scenes.push(table)
    play(app, table, "mouse", on_frame=watch)
    deciders = [int(table.session.steps[index].split()[0]) for index in table.session.human_steps]
    turns = [seat for index, seat in enumerate(deciders) if index == 0 or seat != deciders[index - 1]]
    assert watch.passes == turns, "one pass screen before each change of human, the first one included"
    assert watch.face_up_frames > 0, "each human did see their own tiles"


def test_the_first_pass_screen_comes_before_any_hidden_tile_and_back_opens_the_pause_menu(app):
    table = KitTable(app, TableSetup("necropolis", ["human", "human"], app.settings.game("necropolis"), 2))
    app.scenes.push(table)
    run_until(app, lambda: app.scenes.top.name == "pass")
    assert not table.shows_hidden(0) and not table.shows_hidden(1)
    seat = app.scenes.top.seat
    assert seat == table.session.state.current_player
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert app.scenes.top.name == "pause"
    run(app, key(pygame.K_p), frames=2)
    assert app.scenes.top.name == "pass", "resume returns to the pass screen, not to the table"
    run(app, key(pygame.K_RETURN), frames=2)
    assert app.scenes.top is table and table.shows_hidden(seat) and not table.shows_hidden(1 - seat)


def test_against_bots_the_single_humans_tiles_show_without_pass_screens(app):
    table = open_kit(app, "necropolis", ["easy", "human"])
    to_decision(app, table)
    assert table.shows_hidden(1) and not table.shows_hidden(0)


def test_a_bot_only_demo_shows_nobodys_hidden_tiles(app):
    table = KitTable(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 2, demo=True))
    app.scenes.push(table)
    for _ in range(40):
        run(app)
        assert not any(face_up for _tile, face_up, seat in table.render_log if seat >= 0)


# -- undo ---------------------------------------------------------------------------------------------------


def test_undo_goes_back_to_before_the_humans_last_decision(app):
    table = open_kit(app, "buildup", ["human", "easy"], seed=4)

    def undoable(t):  # no draw since, and the bot showed no tile the human had not seen (`undo_refusal`)
        session = t.session
        return (session.human_steps and not any(s.startswith("*") for s in session.steps[session.human_steps[-1] + 1:])
                and session.undo_refusal() is None)

    to_decision(app, table, undoable)
    decision = table.session.human_steps[-1]
    before = table.session.steps[:decision]
    run(app, key(pygame.K_u), frames=1)
    session = table.session
    assert session.steps == before and session.human_steps == [i for i in session.human_steps if i < decision]
    fresh = replayed("buildup", table.session.state.options_dict(), before)
    assert table.session.state.current_player == 0 == fresh.current_player
    state = table.session.state
    assert state.legal_actions() == fresh.legal_actions() and state.scores() == fresh.scores()
    run(app)
    assert table.can_decide, "the human decides again"


def test_undo_after_the_players_own_draw_is_refused_and_the_footer_says_why(app):
    table = open_kit(app, "necropolis", ["human", "easy"])
    to_decision(app, table,
                lambda t: t.session.human_steps and t.session.steps[t.session.human_steps[-1]].endswith(" draw"))
    # The draw puts a tile of the pile in the player's hand (the chance step right after it).
    drawn = table.session.steps[table.session.human_steps[-1] + 1]
    assert drawn.startswith("* ")
    steps = list(table.session.steps)
    reason = f"Cannot undo: you drew {drawn.split()[1]} after that move."
    assert (Intent.UNDO, reason.removesuffix(".")) in table.prompts(), "the footer keeps the prompt, with the reason"
    run(app, key(pygame.K_u), frames=1)
    assert table.session.steps == steps
    assert app.toasts and app.toasts[-1][0] == reason


def test_undo_in_hot_seat_is_refused(app):
    table = KitTable(app, TableSetup("buildup", ["human", "human"], app.settings.game("buildup"), 2))
    app.scenes.push(table)
    assert table.session.undo_refusal() == "Undo is for games against bots."
    assert not table.undo()


# -- hint ------------------------------------------------------------------------------------------------------


def test_hint_asks_the_hard_bot_off_the_frame_loop_and_rings_its_choice_until_the_human_moves(app):
    table = open_kit(app, "buildup", ["human", "easy"])
    to_decision(app, table, lambda t: len(t.current_choices()) > 1)
    run(app, key(pygame.K_h), frames=1)
    # asked (a fast build may have its answer)
    assert table.session.hint_ticket is not None or table.session.hint is not None
    run_until(app, lambda: table.session.hint is not None, limit=3000)
    assert table.session.hint in table.session.state.legal_actions()
    run(app)
    hinted = next(c for c in table.current_choices() if c.action is table.session.hint)
    ring = table.item_rects()[hinted.source].inflate(20, 20)
    assert app.screen.get_at((ring.left + 1, ring.centery))[:3] == HINT_COLOUR
    table.play(hinted.action)
    assert table.session.hint is None


def test_hint_is_not_offered_while_a_bot_is_to_move(app):
    table = open_kit(app, "buildup", ["easy", "human"])

    def bot_to_move() -> bool:
        if table.can_decide:  # the human may have the first move: make it
            table.play(table.current_choices()[0].action)
        return table.session.state.current_player == 0

    run_until(app, bot_to_move)
    table.ask_hint()
    assert table.session.hint_ticket is None


# -- the end of a game --------------------------------------------------------------------------------------------


def finish(app, table):
    play(app, table, "keyboard")
    assert app.scenes.top.name == "game over"
    return app.scenes.top


def test_game_over_shows_the_result_and_play_again_starts_the_same_seats_with_the_next_seed(app):
    table = open_kit(app, "necropolis", ["human", "easy"], seed=8)
    over = finish(app, table)
    outcome = table.session.state.outcome()
    assert over.breakdown.totals == list(outcome.scores)
    assert over.verdict.headline.startswith(("You won", "You lost", "A draw"))
    click_at(app, next(w for w in over.focus.widgets if w.label == "Play again").rect.center)
    new = app.scenes.top
    assert isinstance(new, KitTable) and new is not table
    assert (new.setup.game, new.setup.seats, new.setup.seed) == ("necropolis", ["human", "easy"], 9)
    assert [scene.name for scene in app.scenes] == ["title", "table"]


def test_game_over_menu_returns_to_the_title(app):
    over = finish(app, open_kit(app, "buildup", ["human", "easy"]))
    click_at(app, next(w for w in over.focus.widgets if w.label == "Menu").rect.center)
    assert [scene.name for scene in app.scenes] == ["title"]


def test_restart_from_the_pause_menu_after_a_confirmation(app):
    table = open_kit(app, "buildup", ["human", "easy"], seed=11)
    to_decision(app, table)
    run(app, key(pygame.K_p), frames=2)
    pause = app.scenes.top
    click_at(app, next(w for w in pause.focus.widgets if w.label == "Restart").rect.center)
    assert app.scenes.top.name == "dialog"
    run(app, key(pygame.K_LEFT) + key(pygame.K_RETURN), frames=2)
    new = app.scenes.top
    assert new is not table and new.setup.seed == 12 and [s.name for s in app.scenes] == ["title", "table"]


@pytest.mark.slow
def test_a_finished_demo_moves_on_to_the_next_game(app):
    from dominoes_arcade.client import games

    names = games.games()
    table = KitTable(app, TableSetup(names[0], ["easy", "easy"], app.settings.game(names[0]), 2, demo=True))
    app.scenes.push(table)
    run_until(app, lambda: app.scenes.top.name == "game over", limit=5000)
    run_until(app, lambda: app.scenes.top.name == "table", limit=400)  # a few seconds of the result
    following = app.scenes.top
    assert following.setup.game == names[1] and following.setup.demo
    assert following.setup.players == games.player_range(names[1])[0]
