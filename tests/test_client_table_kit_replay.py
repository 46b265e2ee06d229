"""Replays on the table (a tournament journal's game stepped to the end and back,
the jump to the next hand, speed, play/pause) and the bot worker (legal answers
from every game in a process and in a thread, a failing bot, frames that keep
coming while a hard bot thinks)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest
from client_drive import KitTable, click_at
from test_client_support import KIT_CONFIG, run

from dominoes_arcade.client.main import watch_replay
from dominoes_arcade.client.tables import TableSetup
from dominoes_arcade.client.tables.replay import SPEEDS
from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.files import read_records
from dominoes_arcade.session.bot_worker import BotWorker

APP_CONFIG = KIT_CONFIG

JOURNALS = Path(__file__).resolve().parent.parent / "tournaments" / "examples"


def journal_record(game: str, index: int = 0):
    line, record = read_records(JOURNALS / f"{game}.journal.jsonl")[index]
    assert record.extra, "a journal line: a record with the tournament's bookkeeping"
    return record


def open_replay(app, record) -> KitTable:
    table = KitTable(app, TableSetup(record.game, list(record.seats), dict(record.options), 0, record=record))
    app.scenes.push(table)
    return table


def press(app, k: int, times: int = 1) -> None:
    for _ in range(times):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0), pygame.event.Event(pygame.KEYUP, key=k)])


# -- replays -----------------------------------------------------------------------------------------


def test_a_journal_game_steps_to_the_end_and_back_to_the_start(app):
    record = journal_record("necropolis")
    table = open_replay(app, record)
    press(app, pygame.K_RETURN)  # pause: only the step keys move it now
    assert not table.replay.playing and table.session.steps == []
    for count in range(1, len(record.steps) + 1):
        press(app, pygame.K_RIGHT)
        assert table.session.steps == record.steps[:count]
    run(app, frames=3)
    assert table.session.state.is_terminal and table.session.state.scores() == record.scores and table.session.ended
    assert app.scenes.top is table, "a replay keeps its controls at the end"
    for count in range(len(record.steps) - 1, -1, -1):
        press(app, pygame.K_LEFT)
        assert table.session.steps == record.steps[:count]
        assert not table.session.ended
    assert table.session.state.current_player == new_game("necropolis", options=record.options).current_player


def test_every_seat_is_face_up_in_a_replay(app):
    table = open_replay(app, journal_record("buildup"))
    run(app, frames=40)
    hidden = [(tile, face_up) for tile, face_up, seat in table.render_log if seat >= 0 and tile >= 0]
    assert hidden and all(face_up for _tile, face_up in hidden)


def test_next_round_stops_at_the_step_that_scores_the_hand(app):
    record = journal_record("buildup")
    # Independently: the steps that end a hand are those whose events score it.
    state, ends = new_game("buildup", options=record.options), []
    for index, text in enumerate(record.steps):
        if any(event.kind in ("hand_scored", "game_over") for event in state.apply(parse_step(state, text))):
            ends.append(index + 1)
    table = open_replay(app, record)
    press(app, pygame.K_RETURN)
    for end in ends[:3]:
        press(app, pygame.K_PAGEDOWN)
        assert len(table.session.steps) == end


@pytest.mark.parametrize(("game", "button", "prompt"), [("necropolis", None, None), ("buildup", "Hand", "Next hand"),
                                                        ("cyprus", "Round", "Next round")])
def test_the_skip_to_the_next_part_is_offered_only_where_a_game_has_parts(app, game, button, prompt):
    """Necropolis is one game with no rounds or hands: it offered "Round \u25b6\u25b6" all the same."""
    from dominoes_arcade.client.tables import open_table

    record = journal_record(game)
    table = open_table(app, TableSetup(record.game, list(record.seats), dict(record.options), 0, record=record))
    skips = [b.label() for b in table.replay.buttons if b.label().endswith("\u25b6\u25b6")]
    assert skips == ([f"{button} \u25b6\u25b6"] if button else [])
    prompts = [text for _intent, text in table.replay.prompts()]
    assert (prompt in prompts) if prompt else not any(text.startswith("Next ") for text in prompts)


def test_speed_and_play_pause_by_mouse(app):
    table = open_replay(app, journal_record("necropolis"))
    controls = table.replay
    speed = next(b for b in controls.buttons if b.label().startswith("Speed"))
    toggle = next(b for b in controls.buttons if b.label() in ("Pause", "Play"))
    before = controls.speed
    click_at(app, speed.rect.center)
    assert controls.speed == SPEEDS[SPEEDS.index(before) + 1]
    click_at(app, toggle.rect.center)
    assert not controls.playing
    steps = len(table.session.steps)
    run(app, frames=30)
    assert len(table.session.steps) == steps, "paused"
    click_at(app, toggle.rect.center)
    run(app, frames=60)
    assert len(table.session.steps) > steps, "playing again"


def test_watch_replay_opens_the_chosen_journal_line_headless(tmp_path):
    config = tmp_path / "kit.toml"
    config.write_text(KIT_CONFIG, encoding="utf-8")
    records = read_records(JOURNALS / "buildup.journal.jsonl")
    assert watch_replay(records, index=2, config=config, headless=True, max_frames=20) == 0
    assert watch_replay(records, index=len(records) + 1, config=config, headless=True, max_frames=5) == 2


# -- the bot worker -------------------------------------------------------------------------------------


def position(game: str, players: int, seed: int):
    """A state some random steps into a game, with a player (not chance) to move."""
    rng = random.Random(seed)
    state = new_game(game, players)
    for _ in range(rng.randrange(5, 60)):
        if state.is_terminal:
            break
        state.apply(state.sample_chance(rng) if state.current_player < 0 else rng.choice(state.legal_actions()))
    while not state.is_terminal and state.current_player < 0:
        state.apply(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_the_worker_answers_with_a_legal_action_for_every_game(mode):
    worker = BotWorker(mode)
    try:
        for seed, (game, players) in enumerate([("necropolis", 2), ("buildup", 2), ("cyprus", 5), ("sebastopol", 4)]):
            state = position(game, players, seed)
            if state.is_terminal:
                continue
            seat = state.current_player
            legal = state.legal_actions()
            ticket = worker.choose("test", "greedy", game, seat, state.options_dict(), seed, state.view(seat), legal)
            decision = worker.wait(ticket, timeout=20)
            assert decision is not None and decision.error is None
            assert any(decision.action is action for action in legal), "the same interned action comes back"
    finally:
        worker.close()


def test_a_bot_that_fails_is_reported_and_the_worker_goes_on(tmp_path):
    plugin = tmp_path / "broken.py"
    plugin.write_text("from dominoes_arcade.bots import Bot\n\n"
                      "class Broken(Bot):\n    def choose(self, view, legal):\n        raise RuntimeError('boom')\n",
                      encoding="utf-8")
    worker = BotWorker("process")
    try:
        state = position("buildup", 2, 3)
        seat, legal = state.current_player, state.legal_actions()
        bad = worker.wait(worker.choose("t", f"{plugin}:Broken", "buildup", seat, {}, 1, state.view(seat), legal))
        assert bad is not None and bad.action is None and "boom" in bad.error
        good = worker.wait(worker.choose("t", "random", "buildup", seat, {}, 1, state.view(seat), legal))
        assert good is not None and good.action in legal
    finally:
        worker.close()


def test_frames_keep_coming_while_a_hard_bot_thinks(app_with):
    app = app_with(KIT_CONFIG.replace('hard = "ismcts:iterations=40"', 'hard = "ismcts:time_ms=500"'))
    try:
        table = KitTable(app, TableSetup("buildup", ["hard", "hard"], app.settings.game("buildup"), 3, demo=True))
        app.scenes.push(table)
        while table.session.bots.ticket is None:
            run(app)
        started, frame_times = time.perf_counter(), []
        steps = len(table.session.steps)
        while len(table.session.steps) == steps and time.perf_counter() - started < 10:
            begin = time.perf_counter()
            app.step(1 / 60, [])
            frame_times.append(time.perf_counter() - begin)
        thought = time.perf_counter() - started
        assert len(table.session.steps) == steps + 1, "the bot's move arrived"
        assert thought >= 0.4 and len(frame_times) >= 20, "the frames went on while it thought"
        assert max(frame_times) < 0.25, f"no frame waited for the bot: longest {max(frame_times) * 1000:.0f} ms"
    finally:
        app.close()


def test_a_worker_process_that_dies_is_started_again_and_asked_again(tmp_path):
    plugin = tmp_path / "slow.py"
    plugin.write_text("import time\nfrom dominoes_arcade.bots import Bot\n\n"
                      "class Slow(Bot):\n    def choose(self, view, legal):\n        time.sleep(0.3)\n"
                      "        return legal[-1]\n", encoding="utf-8")
    worker = BotWorker("process")
    try:
        state = position("necropolis", 2, 4)
        seat, legal = state.current_player, state.legal_actions()
        ticket = worker.choose("t", f"{plugin}:Slow", "necropolis", seat, {}, 1, state.view(seat), legal)
        worker._process.kill()  # as if a bot had crashed the interpreter mid-thought
        worker._process.wait()
        decision = worker.wait(ticket, timeout=20)
        assert decision is not None and decision.action is legal[-1]
        assert worker.restarts == 1 and worker.alive and worker.mode == "process"
    finally:
        worker.close()
