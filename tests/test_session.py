"""The game session (issue 28): whole games of every game played through
`dominoes_arcade.session` alone, as a view would drive it (ticks, drained events,
the human's intents), with undo, redo, a save and its resumption, and pygame never
imported (each game runs in a fresh interpreter that checks ``sys.modules``)."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_arcade import history
from dominoes_arcade.engine import CHANCE, IllegalAction
from dominoes_arcade.engine.records import replay
from dominoes_arcade.session import (
    ActionRefused,
    BotFailed,
    GameOver,
    RedoDone,
    RemoteSeat,
    Session,
    StepApplied,
    TurnChanged,
    UndoDone,
)
from dominoes_arcade.session.bot_worker import BotWorker, Decision

TABLES = [("necropolis", 2, 11), ("buildup", 2, 11), ("cyprus", 4, 11), ("cyprus", 5, 7), ("cyprus", 7, 4),
          ("sebastopol", 4, 1)]
"""Each game and table size, and the seed it is dealt from."""
TESTS = Path(__file__).resolve().parent


def decide(session: Session, seed: int):
    """The decision a test's player makes: random, but the same for the same step."""
    legal = session.state.legal_actions()
    return random.Random(f"{seed}:{len(session.steps)}").choice(legal)


def drive(session: Session, seed: int, *, stop=None, on_human=None, timeout: float = 120.0) -> list:
    """Drive `session` as a view does until it ends (or `stop(session)`): tick it,
    drain its events, make the human's and the remote seats' decisions. Returns the
    events. `on_human(session)` runs right after each human decision, before the
    next seat moves (when a player takes a move back)."""
    events: list = []
    deadline = time.monotonic() + timeout
    while not session.ended and not (stop and stop(session)):
        assert time.monotonic() < deadline, f"stuck at step {len(session.steps)}"
        before = len(session.steps)
        seat = session.current_player
        if seat >= 0 and isinstance(session.seats[seat], RemoteSeat) and not session.seats[seat].inbox:
            session.submit(seat, decide(session, seed))
        session.tick(0.05)
        events += session.drain()
        if session.waiting_for_human and not session.ended:
            session.play(decide(session, seed))
            events += session.drain()
            if on_human is not None:
                on_human(session)
                events += session.drain()
        if len(session.steps) == before and not session.waiting_for_human:
            time.sleep(0.001)  # a bot thinking in the worker
    return events


def seats_for(players: int, others: str) -> list[str]:
    """A human at seat 0, then `others`: ``"bots"`` (medium and easy in turn: the
    kinds a save keeps), ``"remote"`` or ``"human"`` (hot-seat)."""
    if others == "bots":
        return ["human"] + [("medium" if seat % 2 else "easy") for seat in range(1, players)]
    return ["human"] + [others] * (players - 1)


class UndoOnce:
    """Right after the human's decisions: undo (when allowed: not after their own
    draw) once the game is a few decisions in, check it went back, then redo and
    check it came back to the same state."""

    def __init__(self):
        self.done = False
        self.refusals: list[str] = []

    def __call__(self, session: Session) -> None:
        if self.done or len(session.human_steps) < 2:
            return
        reason = session.undo_refusal()
        if reason is not None:
            self.refusals.append(reason)
            assert not session.undo()
            return
        steps, zones, decision = list(session.steps), session.state.zones(), session.human_steps[-1]
        assert session.undo()
        assert session.steps == steps[:decision] and session.can_redo
        assert any(isinstance(event, UndoDone) and event.step == decision for event in session.drain())
        assert session.waiting_for_human, "back to the human's decision"
        assert session.redo()
        assert session.steps == steps and session.state.zones() == zones, "redo: the same steps, the same state"
        assert any(isinstance(event, RedoDone) for event in session.drain())
        assert not session.can_redo
        self.done = True


def play_through(game: str, players: int, seed: int, folder: str) -> None:
    """A whole game of `game` through the session: a human and bots, undo and redo
    on the way, saved half-way and resumed in a new session that
    finishes it; its record replays, the history has it, the save is gone."""
    folder_path = Path(folder)
    worker = BotWorker("thread")
    try:
        first = Session(game, seats_for(players, "bots"), seed=seed, worker=worker, folder=folder_path)
        undo = UndoOnce()
        events = drive(first, seed, stop=lambda s: undo.done and len(s.human_steps) >= 4, on_human=undo)
        assert undo.done, f"undo and redo were tried (refused: {undo.refusals})"
        assert any(isinstance(event, StepApplied) and event.seat == CHANCE for event in events)
        assert any(isinstance(event, TurnChanged) for event in events)
        assert not first.ended, f"{game}: the game ended before it was saved"
        assert first.save(), "saved half-way"
        first.close()
        resumed, notice = Session.load(folder_path, worker=worker)
        assert notice is None and resumed is not None and resumed.continued
        assert resumed.steps == first.steps and resumed.kinds == first.kinds
        events = drive(resumed, seed)
        over = [event for event in events if isinstance(event, GameOver)]
        assert len(over) == 1 and over[0].outcome is not None and resumed.ended
        record = resumed.to_record()
        assert record.steps[:len(first.steps)] == first.steps
        assert replay(record).is_terminal, "the record replays to the end"
        entries, problem = history.read_history(folder_path)
        assert problem is None and [entry.record.steps for entry in entries] == [record.steps]
        assert entries[0].kinds == seats_for(players, "bots")
        assert not history.has_save(folder_path), "the saved game, finished, is discarded"
    finally:
        worker.close()


@pytest.mark.parametrize(("game", "players", "seed"), TABLES)
def test_a_whole_game_through_the_session_never_imports_pygame(game, players, seed, tmp_path):
    script = (f"import sys; sys.path.insert(0, {str(TESTS)!r}); import test_session; "
              f"test_session.play_through({game!r}, {players}, {seed}, {str(tmp_path)!r}); "
              "leaked = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'dominoes_arcade') "
              "and (m.startswith('pygame') or m.startswith('dominoes_arcade.client'))); "
              "assert not leaked, leaked; print('played')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "played" in done.stdout, done.stderr[-4000:]


@pytest.mark.parametrize(("game", "players", "seed"), TABLES)
def test_a_resumed_game_ends_with_the_record_it_would_have_had(game, players, seed, tmp_path):
    """Without bots (whose memory a resumption starts afresh), a game saved half-way
    and finished in a new session has the steps and scores of the same decisions
    played straight through (there by remote players: a save keeps only the kinds
    the client seats, so the halves are played hot-seat)."""
    straight = Session(game, seats_for(players, "remote"), seed=seed, folder=tmp_path / "straight")
    drive(straight, seed)
    half = Session(game, seats_for(players, "human"), seed=seed, folder=tmp_path / "halves")
    drive(half, seed, stop=lambda s: len(s.steps) >= len(straight.steps) // 2)
    assert half.save()
    resumed, notice = Session.load(tmp_path / "halves")
    assert notice is None and resumed.steps == half.steps
    drive(resumed, seed)
    expected = straight.to_record()
    record = resumed.to_record()
    assert (record.steps, record.scores, record.seed, record.options) == \
        (expected.steps, expected.scores, expected.seed, expected.options)
    kept = history.read_history(tmp_path / "halves")[0]
    assert [(entry.record.steps, entry.record.scores) for entry in kept] == [(record.steps, record.scores)]
    assert kept[0].kinds == seats_for(players, "human") and not history.has_save(tmp_path / "halves")


def to_decision(session: Session) -> None:
    while session.current_player < 0:
        session.tick(0.0)


def refused_action(session: Session, seed: int):
    """A decision of an earlier turn that is not legal now: play on (by `decide`)
    until there is one."""
    to_decision(session)
    earlier = session.state.legal_actions()
    for _ in range(200):
        seat = session.current_player
        session.apply(decide(session, seed))
        to_decision(session)
        if session.current_player == seat:
            stale = [action for action in earlier if action not in session.state.legal_actions()]
            if stale:
                return stale[0]
        earlier = session.state.legal_actions() if session.current_player == seat else earlier
    raise AssertionError("no stale action found")


def test_a_human_intent_is_checked_with_the_reason():
    elsewhere = Session("necropolis", ["human", "remote"], seed=3, options={"first_player": 1})
    to_decision(elsewhere)
    with pytest.raises(IllegalAction, match="no human is to move"):
        elsewhere.play(elsewhere.state.legal_actions()[0])
    session = Session("necropolis", ["human", "human"], seed=3, options={"first_player": 0})
    stale = refused_action(session, 3)
    steps = list(session.steps)
    with pytest.raises(IllegalAction) as refused:
        session.play(stale)
    assert refused.value.reason == session.state.why_illegal(stale) and session.steps == steps
    session.play(session.state.legal_actions()[0])
    assert len(session.steps) == len(steps) + 1


def test_a_remote_seats_illegal_decision_is_refused_and_the_next_one_played():
    session = Session("necropolis", ["remote", "remote"], seed=3, options={"first_player": 0})
    stale = refused_action(session, 3)
    seat, steps = session.current_player, len(session.steps)
    session.drain()
    session.seats[seat].submit(stale)
    session.submit(seat, session.state.legal_actions()[0])
    session.tick(0.0)
    events = session.drain()
    assert len(session.steps) == steps + 1
    refused = [event for event in events if isinstance(event, ActionRefused)]
    assert [(e.seat, e.action) for e in refused] == [(seat, stale)] and refused[0].reason
    with pytest.raises(ValueError, match="not a remote seat"):
        Session("necropolis", ["human", "easy"]).submit(0, stale)


class FailingWorker:
    """A worker whose bots always fail."""

    def choose(self, *args, **kwargs) -> int:
        return 1

    def result(self, ticket):
        return Decision(None, 0.0, "RuntimeError: boom")

    def cancel(self, ticket) -> None:
        pass

    def forget(self, key) -> None:
        pass

    def game_over(self, key, outcome, steps) -> None:
        pass


def test_a_failing_bot_plays_a_random_move_and_says_so():
    session = Session("buildup", ["easy", "easy"], seed=4, worker=FailingWorker(), think_delay=0.2)
    to_decision(session)
    steps = len(session.steps)
    session.tick(0.1)
    assert len(session.steps) == steps, "the think delay paces the bot"
    session.tick(0.1)
    assert len(session.steps) == steps + 1
    failed = [e for e in session.drain() if isinstance(e, BotFailed)]
    assert failed and failed[0].error == "RuntimeError: boom"


def test_the_session_imports_neither_the_client_nor_pygame_anywhere():
    """Imports inside functions included (the bot worker's process imports the
    session's module too)."""
    import ast

    package = TESTS.parent / "dominoes_arcade" / "session"
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            else:
                continue
            for name in names:
                assert not name.startswith("pygame"), f"{path.name} imports {name}"
                assert "client" not in name.split("."), f"{path.name} imports {name}"


def test_a_save_written_before_the_session_existed_still_loads_and_plays_to_the_end(tmp_path):
    """saved-game.json as the client wrote it (version 1): the record so far, the
    kinds, the viewer."""
    import json

    straight = Session("buildup", ["human", "remote"], seed=8, folder=tmp_path / "straight")
    drive(straight, 8, stop=lambda s: len(s.human_steps) >= 3)
    record = straight.match.to_record(["human", "easy"]).to_dict()
    (tmp_path / history.SAVE_FILE).write_text(json.dumps(
        {"save_version": 1, "record": record, "kinds": ["human", "easy"], "viewer": 0, "saved_at": 1.5}) + "\n",
        encoding="utf-8")
    resumed, notice = Session.load(tmp_path, worker=BotWorker("thread"))
    try:
        assert notice is None and resumed.steps == straight.steps and resumed.kinds == ["human", "easy"]
        drive(resumed, 8)
        assert resumed.ended and replay(resumed.to_record()).is_terminal
        assert not history.has_save(tmp_path) and len(history.read_history(tmp_path)[0]) == 1
    finally:
        resumed.bots.worker.close()
