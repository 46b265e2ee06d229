"""The analysis view's values in a session (issue 31): asked of the bot worker with
the seat's view only (never the full state), equal to `DecisionAnalysis(view, seed)`
computed here, refined in rounds while the decision stands, dropped when it changes;
and a game played with the view on is marked assisted in the history and counted
apart by ``stats --json``."""

from __future__ import annotations

import json
import time

import pytest
from test_bot_finished import FAST_BOTS, entry
from test_session import drive
from typer.testing import CliRunner

from dominoes_arcade import history, stats
from dominoes_arcade.bots.analysis import DecisionAnalysis, expert_rollouts, hard_rollouts
from dominoes_arcade.cli import app as cli_app
from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.session import Session
from dominoes_arcade.session.bot_worker import BotWorker
from dominoes_arcade.session.move_values import FIRST_SHARE, ROUND_SHARE, analysis_seed

runner = CliRunner()


class WatchedWorker(BotWorker):
    """A thread worker that keeps every request it is sent."""

    def __init__(self):
        self.sent: list[tuple] = []
        super().__init__("thread")

    def _send(self, message):
        self.sent.append(message)
        super()._send(message)


@pytest.fixture
def worker():
    watched = WatchedWorker()
    yield watched
    watched.close()


def analyses_sent(worker: WatchedWorker) -> list[tuple]:
    return [message for message in worker.sent if message[0] == "analyse"]


def wait_for(session: Session, until, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "no analysis came"
        session.poll()
        time.sleep(0.002)


def to_choice(session: Session, timeout: float = 60.0) -> None:
    """Tick `session` on to the human's next decision with a choice (their forced
    moves made)."""
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline and not session.ended, "no decision with a choice came"
        if session.waiting_for_human:
            legal = session.state.legal_actions()
            if len(legal) > 1:
                return
            session.play(legal[0])
        session.tick(0.05)
        session.drain()
        time.sleep(0.001)


def human_decision(tmp_path, worker, game="necropolis", seats=("human", "easy"), seed=5) -> Session:
    """A session at the human's first decision with a choice, the view on."""
    session = Session(game, list(seats), seed=seed, folder=tmp_path, bot_settings=FAST_BOTS, worker=worker)
    to_choice(session)
    session.values.show(True)
    return session


@pytest.mark.parametrize("game, seats", [("necropolis", ("human", "easy")),
                                         ("cyprus", ("easy", "human", "easy", "easy"))])
def test_the_worker_gets_the_seats_view_and_its_values_are_the_in_process_analysis(tmp_path, worker, game, seats):
    session = human_decision(tmp_path, worker, game, seats)
    seat = session.state.current_player
    wait_for(session, lambda: session.values.current() is not None)
    first = analyses_sent(worker)[0]
    view = first[4]
    assert view.viewer == seat and view.current_player == seat, "the seat's view, never the full state"
    shown = session.values.current()
    # The same view, seed and rollouts in this process give the same values.
    expected = DecisionAnalysis(session.state.view(seat), analysis_seed(session.seed, seat, len(session.steps)))
    expected = expected.refine(max(1, hard_rollouts(game) // FIRST_SHARE))
    assert [(m.move, m.value, m.samples) for m in shown.moves] == [(m.move, m.value, m.samples) for m in expected.moves]
    assert shown.best is expected.best
    assert [move.action for move in shown.moves] == session.state.legal_actions(), "every legal move, nothing else"
    # Refined in rounds while the decision stands: later requests bring no view at all.
    wait_for(session, lambda: session.values.current().rollouts > shown.rollouts)
    later = analyses_sent(worker)[1:]
    assert later and all(message[4] is None for message in later)
    assert all(message[6] == max(1, hard_rollouts(game) // ROUND_SHARE) for message in later)


def test_a_seed_repeats_the_values_through_the_worker(tmp_path, worker):
    one = human_decision(tmp_path / "one", worker)
    wait_for(one, lambda: one.values.current() is not None)
    values = [(m.move, m.value) for m in one.values.current().moves]
    one.close()
    other = WatchedWorker()
    try:
        two = human_decision(tmp_path / "two", other)
        wait_for(two, lambda: two.values.current() is not None)
        assert [(m.move, m.value) for m in two.values.current().moves] == values
    finally:
        other.close()


def test_a_move_drops_the_values_and_the_refining_stops_at_experts_budget(tmp_path, worker):
    session = human_decision(tmp_path, worker)
    wait_for(session, lambda: session.values.current() is not None)
    session.play(session.state.legal_actions()[0])
    assert session.values.current() is None, "the values of a decision gone are not shown"
    session.values.show(False)
    session.values.show(True)
    to_choice(session)
    wait_for(session, lambda: session.values.current() is not None and session.values.ticket is None)
    assert session.values.current().rollouts >= expert_rollouts("necropolis")
    assert session.values.current().seat == session.state.current_player


def test_the_view_off_asks_nothing_and_a_bots_turn_is_not_analysed(tmp_path, worker):
    session = Session("necropolis", ["human", "easy"], seed=5, folder=tmp_path, bot_settings=FAST_BOTS, worker=worker)
    to_choice(session)
    session.poll()
    assert analyses_sent(worker) == []
    session.play(session.state.legal_actions()[0])
    assert session.state.current_player != 0
    session.values.show(True)
    session.poll()
    assert analyses_sent(worker) == [] and not session.assisted


def test_the_worker_refuses_a_full_state():
    worker = BotWorker("thread")
    try:
        match = Match("necropolis", seed=1)
        while match.current_player < 0:
            match.resolve_chance()
        state = match.state
        ticket = worker.analyse("key", 1, state, 1, 10)
        deadline = time.monotonic() + 30
        while (answer := worker.analysis_result(ticket)) is None:
            assert time.monotonic() < deadline
            time.sleep(0.002)
        assert answer.analysis is None and "never a full state" in answer.error
    finally:
        worker.close()


def test_an_assisted_game_is_marked_and_counted_apart_in_stats_json(tmp_path, worker, monkeypatch):
    folder = tmp_path / "data"
    session = human_decision(folder, worker)
    wait_for(session, lambda: session.values.current() is not None)
    assert session.assisted
    session.values.show(False)
    drive(session, 5)
    plain = Session("necropolis", ["human", "easy"], seed=6, folder=folder, bot_settings=FAST_BOTS, worker=worker)
    drive(plain, 6)
    entries, notice = history.read_history(folder)
    assert notice is None and [e.assisted for e in entries] == [True, False]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    for item in entries:
        history.append_history(history.history_line(item.record, item.kinds, item.winners, demo=False,
                                                    finished_at=item.finished_at, assisted=item.assisted))
    outcome = runner.invoke(cli_app, ["stats", "--json"])
    assert outcome.exit_code == 0, outcome.output
    (row,) = json.loads(outcome.output)
    assert (row["games"], row["assisted"]) == (1, 1), "the assisted game is in no result"


def test_a_history_line_without_the_mark_loads_as_not_assisted(tmp_path):
    line = json.loads(history.history_line(random_game("necropolis", 1), ["human", "easy"], [0], demo=False))
    del line["assisted"]
    history.append_history(json.dumps(line), tmp_path)
    history.append_history(json.dumps({**line, "assisted": "yes"}), tmp_path)
    entries, notice = history.read_history(tmp_path)
    assert [e.assisted for e in entries] == [False] and "1 damaged line" in notice


def test_the_statistics_leave_assisted_games_out_of_the_results():
    games = [entry(["human", "easy"], [0], [30, 10], 1), entry(["human", "easy"], [1], [5, 40], 2),
             entry(["human", "easy"], [0], [25, 12], 3)]
    games[1].assisted = True
    (row,) = stats.statistics(games)
    assert (row.games, row.count("loss"), row.assisted, row.longest_streak) == (2, 0, 1, 2)
    assert stats.recent_results(games) == [("buildup", "win"), ("buildup", "win")]


def test_a_game_saved_with_the_values_shown_stays_assisted_when_continued(tmp_path, worker):
    session = human_decision(tmp_path, worker)
    wait_for(session, lambda: session.values.current() is not None)
    session.close()  # left before its end: saved
    again, notice = Session.load(tmp_path, worker=worker, bot_settings=FAST_BOTS)
    assert notice is None and again is not None and again.assisted
    drive(again, 5)
    (entry_,), _ = history.read_history(tmp_path)
    assert entry_.assisted
