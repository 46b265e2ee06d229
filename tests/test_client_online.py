"""An online game at the real table (issue 32), headless under SDL's dummy
drivers: the player's seat of a room on a server in a thread of the test, the
human's moves made with the mouse through the table's picker, the server's bot
and other players around it. The table ends at the game-over screen with the game
in the player's history; the footer says undo is off; a player who drops is
announced in a toast; leaving says the game goes on without the player."""

from __future__ import annotations

import asyncio
import random
import time

from client_drive import check_faces, confirm_overlay, decide
from server_drive import LIMIT, finish_others, open_linked_room, serving
from test_client_support import run

from dominoes_arcade import history
from dominoes_arcade.client.input import Intent
from dominoes_arcade.client.tables import online_setup, open_table
from dominoes_arcade.remote.online_session import OnlineSession


def play_online_table(app, table, rng: random.Random, limit: float = LIMIT) -> int:
    """Play the table's online game to the game-over screen with the mouse: each
    decision a random choice, made once the server's step for it came back.
    Returns how many decisions the human made."""
    decisions = 0
    end = time.monotonic() + limit
    while app.scenes.top.name != "game over":
        step = len(table.session.steps)
        assert time.monotonic() < end, f"not over after {limit} s (step {step}, {app.scenes.top.name})"
        top = app.scenes.top
        if top is not table:
            confirm_overlay(app, table, "mouse", check_faces)
            continue
        if table.can_decide and not table.tweens.busy:
            assert "Undo is off in online games" in [words for _, words in table.prompts()]
            assert Intent.HINT not in [intent for intent, _ in table.prompts()], "no hint online"
            choice = rng.choice(table.current_choices())
            mine = len(table.session.human_steps)
            decide(app, table, choice, "mouse", use_drag=decisions % 2 == 1, on_frame=check_faces)
            decisions += 1
            while len(table.session.human_steps) == mine:  # the server plays it, and tells the table
                assert time.monotonic() < end, f"{choice.action} was sent but never played"
                run(app)
                time.sleep(0.001)
            assert table.session.steps[table.session.human_steps[mine]] == f"{table.session.seat} {choice.action}"
            continue
        run(app)
        check_faces(app, table)
        time.sleep(0.001)
    return decisions


def test_a_whole_online_necropolis_game_at_the_table(app):
    with serving(seed=11) as served:
        link, others, games = open_linked_room(served, "necropolis", ["player", "medium"])
        table = open_table(app, online_setup(link))
        try:
            assert isinstance(table.session, OnlineSession) and table.online
            assert [table.kind_label(seat) for seat in range(2)] == ["You", "Medium bot"]
            decisions = play_online_table(app, table, random.Random(4))
            labels = [widget.label for widget in app.scenes.top.focus.widgets]
            assert "Menu" in labels and "Play again" not in labels, "a room is hosted or joined from the menu"
        finally:
            table.exit()
        finish_others(served, others, games)
    assert decisions > 5 and table.session.ended and table.session.state.is_terminal
    assert table.session.state.scores() == link.record["scores"]
    entries, _ = history.read_history()
    assert [entry.kinds for entry in entries] == [["human", "medium"]]
    assert entries[0].record.steps == link.record["steps"] and entries[0].record.seed == 11


def test_a_player_who_drops_is_announced_at_the_table(app):
    with serving(seed=5) as served:
        link, others, games = open_linked_room(served, "necropolis", ["player", "player"], grace=600)
        table = open_table(app, online_setup(link))
        try:
            assert table.kind_label(1) == "Online player"
            table.open_pause()
            pause = app.scenes.top
            labels = [widget.label for widget in pause.focus.widgets]
            assert "Restart" not in labels and "Let the bot finish" not in labels and "Leave game" in labels
            assert pause.leave_words()[1] == ("The game goes on without you: after the room's grace period a bot "
                                              "plays your turns.")
            app.scenes.pop()
            served.loop.call_soon_threadsafe(others[0].socket.transport.abort)  # as a cable pulled out
            end = time.monotonic() + 20
            while not any(text == "Seat 2 reconnecting\u2026" for text, _ in app.toasts):
                assert time.monotonic() < end, f"no toast: {app.toasts}"
                run(app)
                time.sleep(0.005)
            end = time.monotonic() + 20
            while not any(text == "Seat 2 is back" for text, _ in app.toasts):
                assert time.monotonic() < end, f"no toast: {app.toasts}"
                run(app)
                time.sleep(0.005)
            assert not [text for text, _ in app.toasts if "joined" in text], "the lobby's news is not toasted"
        finally:
            table.exit()
            for game in games:
                served.loop.call_soon_threadsafe(game.cancel)


def test_a_whole_online_cyprus_game_at_the_table_shows_each_round_end_as_told(app):
    """Cyprus online at the table, three players and a bot: a step that needs a new
    sample of the hidden tiles is laid out from the state *before* it and then
    animated (laid from the state after it, a round's last tile was animated onto
    the next round's empty star: IndexError); every frame's faces are checked
    against what the seat was told."""
    with serving(seed=3) as served:
        link, others, games = open_linked_room(served, "cyprus", ["player", "player", "player", "easy"])
        table = open_table(app, online_setup(link))
        try:
            decisions = play_online_table(app, table, random.Random(3))
        finally:
            table.exit()
        finish_others(served, others, games)
    assert decisions > 5 and table.session.state.is_terminal and table.session.state.round_number >= 2
    assert table.session.state.scores() == link.record["scores"]


def test_a_guest_whose_host_leaves_is_told_at_once_and_goes_back_to_the_title(app):
    """A room on the host's own server (``hosted``): the server going away (the host
    quit) ends the game at the guest's table at once, with a dialog that says so
    and takes the player back to the title; the status line stops saying anyone is
    thinking."""
    from test_client_support import click

    with serving(seed=5, hosted=True) as served:
        link, others, games = open_linked_room(served, "necropolis", ["player", "player"])
        table = open_table(app, online_setup(link))
        assert link.lobby["hosted"] is True
        for game in games:
            served.loop.call_soon_threadsafe(game.cancel)
        served.run(served.server.close())  # the host quit: its server closes (code 1001)
        end = time.monotonic() + 20
        while app.scenes.top.name != "dialog":
            assert time.monotonic() < end, f"no dialog: {app.toasts}"
            run(app)
            time.sleep(0.005)
    dialog = app.scenes.top
    assert dialog.title == "The host left the game"
    assert table.session.gone and not table.waiting_for_human
    assert table.stopped_words() == "The game has stopped"
    [button] = dialog.focus.widgets
    assert button.label == "Back to the title"
    click(app, button.rect.center)
    assert app.scenes.top.name == "title"


def test_a_table_waiting_on_another_player_draws_nothing_until_the_server_tells_it_more(app):
    """While another computer decides, nothing at this table moves: the real loop
    (frames drawn only when something changed) draws none, where it drew every
    frame (a headless host drew 5,367 frames in a game a local one plays in 784).
    The other player's move, once told, is drawn and animated."""
    from dominoes_arcade.remote.client import OnlineClient, bot_decider
    from dominoes_arcade.remote.link import OnlineLink

    with serving(seed=3) as served:
        link = OnlineLink(served.url, timeout=10.0)
        code = link.create()
        link.setup(game="necropolis", options={"first_player": 1}, seats=["player", "player"])
        other = OnlineClient(served.url)
        served.run(other.join(code))
        link.start()
        table = open_table(app, online_setup(link))
        game = None
        try:
            end = time.monotonic() + 20
            while not (table.session.awaits_others and not table.is_animating()):  # the deal shown, seat 2 to move
                assert time.monotonic() < end, "the table never settled on the other player's turn"
                app.step(1 / 60, [], only_if_changed=True)
                time.sleep(0.002)
            assert table.session.state.current_player == 1 and not table.can_decide
            drawn, steps = len(app.frame_ms), len(table.session.steps)
            for _ in range(30):
                app.step(1 / 60, [], only_if_changed=True)
                time.sleep(0.002)
            assert len(app.frame_ms) == drawn and len(table.session.steps) == steps

            async def follow():
                return asyncio.get_running_loop().create_task(other.follow(bot_decider("greedy", seed=1), limit=60))

            game = served.run(follow())
            end = time.monotonic() + 20
            while len(table.session.steps) == steps:
                assert time.monotonic() < end, "the other player's move never reached the table"
                app.step(1 / 60, [], only_if_changed=True)
                time.sleep(0.002)
            assert len(app.frame_ms) > drawn  # the move told is drawn
        finally:
            table.exit()
            if game is not None:
                served.loop.call_soon_threadsafe(game.cancel)
