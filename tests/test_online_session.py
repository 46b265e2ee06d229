"""The online table's session (issues 32 and 39), headless: whole games against a
room server on 127.0.0.1 (a thread of the test), the players' seats decided from
their views, the server's bots around them, a spectator watching. After every step
each member's observation is exactly the engine's (`observe` of the server's state
for that seat, or for `SPECTATOR`): the session holds no full state and shows no
tile its member may not see. Every step told is animated (`StepApplied`, its events
as told), the game ends with the server's record (which replays), and goes into a
player's history with the seats in words; not into a spectator's."""

from __future__ import annotations

import time

import pytest
from server_drive import LIMIT, finish_others, open_linked_room, serving
from typer.testing import CliRunner

from dominoes_arcade import history
from dominoes_arcade.cli import app
from dominoes_arcade.engine import SPECTATOR, observe, parse_action
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.records import Record
from dominoes_arcade.engine.tiles import BY_NAME
from dominoes_arcade.engine.view_json import view_from_json, view_to_json
from dominoes_arcade.remote.client import bot_decider
from dominoes_arcade.remote.link import OnlineLink
from dominoes_arcade.remote.online_session import UNDO_OFF, OnlineSession
from dominoes_arcade.session import GameOver, Notice, Rebuilt, StepApplied

GAMES = [
    ("necropolis", ["player", "medium"], {}),
    ("necropolis", ["player", "player"], {}),
    ("buildup", ["player", "easy"], {}),
    ("sebastopol", ["player", "easy", "player", "medium"], {"target_score": 20}),
    ("cyprus", ["player", "medium", "player", "easy"], {"target_score": 30}),
    ("cyprus", ["player", "easy", "player", "player", "medium", "player", "easy", "player", "player", "easy"],
     {"target_score": 30}),
]


def play_online(session: OnlineSession, decide, limit: float = LIMIT, on_tick=None) -> list:
    """Drive `session` as a table does (tick, drain, decide) until the game is over;
    every event drained. At every view the state must show the seat what it was told."""
    events: list = []
    checked = -1
    end = time.monotonic() + limit
    while not session.ended:
        assert time.monotonic() < end, (f"not over after {limit} s, at step {len(session.steps)}; last told "
                                        f"{[(m['type'], m.get('step')) for m in session.link.told()[-8:]]}")
        session.tick(0.02)
        drained = session.drain()
        events += drained
        view = session.view
        if view is not None and view["step"] == len(session.steps) and view["step"] != checked:
            checked = view["step"]
            seen = session.observation(session.seat).view
            if session.match.final is None:  # (at the end: the final state, public then)
                assert view_to_json(seen) == view["view"], f"the view at step {checked}"
        if session.waiting_for_human:
            text = decide(view)
            session.play(parse_action(view_from_json(view["view"]), text))
        if on_tick is not None:
            on_tick(session, drained)
        time.sleep(0.002)
    return events


@pytest.mark.parametrize("game, seats, options", GAMES,
                         ids=[f"{game}-{len(seats)}-{seats.count('player')}p" for game, seats, _ in GAMES])
def test_a_whole_online_game_through_the_tables_session(tmp_path, game, seats, options):
    with serving(seed=23) as served:
        link, others, games = open_linked_room(served, game, seats, options)
        try:
            session = OnlineSession(link, folder=tmp_path)
            assert session.kinds == ["human", *("online" if kind == "player" else kind for kind in seats[1:])]
            events = play_online(session, bot_decider("greedy"))
        finally:
            session.close()
        records = finish_others(served, others, games)
    record = link.record
    assert all(other == record for other in records)
    assert len(session.steps) == len(record["steps"])
    told = [m for m in link.told() if m["type"] == "step"]
    assert [m["action"] for m in told] == session.steps, "every step told, in order"
    assert not any(isinstance(e, Rebuilt) for e in events), "no step laid without animation"
    shown = [e for e in events if isinstance(e, StepApplied)]
    assert [e.step for e in shown] == list(range(len(told))), "every step animated, in order"
    for event in shown:  # its events as the seat was told them
        assert [(e.kind, e.seat, e.tile) for e in event.events] == \
            [(e["kind"], e["seat"], -1 if e["tile"] in (None, "?") else BY_NAME[e["tile"]])
             for e in told[event.step]["events"]]
    assert isinstance(events[-1], GameOver) and events[-1].outcome is not None
    assert session.state.scores() == record["scores"]
    entries, notice = history.read_history(tmp_path)
    assert notice is None and len(entries) == 1
    entry = entries[0]
    assert entry.kinds == session.kinds and entry.record.seats == session.kinds
    assert entry.record.steps == record["steps"] and entry.record.seed == 23
    checked = CliRunner().invoke(app, ["replay", str(tmp_path / history.HISTORY_FILE), "--check"])
    assert checked.exit_code == 0, checked.output


WATCHED = [
    ("necropolis", ["player", "player"], {}),
    ("buildup", ["player", "player"], {}),
    ("cyprus", ["player", "medium", "player", "easy"], {"target_score": 20}),
    ("sebastopol", ["player", "easy", "player", "medium"], {"target_score": 20}),
]


@pytest.mark.parametrize("game, seats, options", WATCHED, ids=[game for game, _, _ in WATCHED])
def test_host_guest_and_spectator_each_see_exactly_their_observation_after_every_step(tmp_path, game, seats,
                                                                                       options):
    """Two players (each an `OnlineLink` and its `OnlineSession`, as the client holds
    them) and a spectator (the same, watching): after every step each session's
    observation is the engine's `observe` of the server's state for its member: no
    hidden tile beyond what that member may see, and nothing less. Every step is
    animated in every session."""
    with serving(seed=31) as served:
        host = OnlineLink(served.url, timeout=10.0)
        code = host.create()
        host.setup(game=game, options=options, seats=seats)
        guest, watcher = OnlineLink(served.url, timeout=10.0), OnlineLink(served.url, timeout=10.0)
        guest.join(code)
        watcher.spectate(code)
        assert watcher.seat == SPECTATOR
        host.start()
        sessions = [OnlineSession(link, folder=tmp_path / str(n)) for n, link in enumerate((host, guest, watcher))]
        seen: list[dict[int, dict]] = [{} for _ in sessions]
        animated: list[list[int]] = [[] for _ in sessions]
        deciders = [bot_decider("greedy", seed=n) for n in range(2)]
        end = time.monotonic() + LIMIT
        try:
            while not all(session.ended for session in sessions):
                assert time.monotonic() < end, f"not over after {LIMIT} s"
                for n, session in enumerate(sessions):
                    session.tick(0.02)
                    for event in session.drain():
                        assert not isinstance(event, Rebuilt)
                        if isinstance(event, StepApplied):
                            animated[n].append(event.step)
                            seen[n][len(session.steps)] = view_to_json(session.observation(session.seat).view)
                    if session.waiting_for_human:
                        text = deciders[n](session.view)
                        session.play(parse_action(view_from_json(session.view["view"]), text))
                time.sleep(0.002)
        finally:
            for session in sessions:
                session.close()
    record = Record.from_dict(host.record)
    match = Match.from_record(record)
    states = [match.state.clone()]
    while (action := match.scripted()) is not None:
        match.apply(action)
        states.append(match.state.clone())
    for n, session in enumerate(sessions):
        assert animated[n] == list(range(len(record.steps))), f"member {n}: every step animated, in order"
        for step, view in seen[n].items():
            assert view == view_to_json(observe(states[step], session.seat).view), \
                f"member {n} (seat {session.seat}) after step {step}"
    assert sessions[2].kinds == [("online" if kind == "player" else kind) for kind in seats]
    assert history.read_history(tmp_path / "2")[0] == [], "a spectator's game is not in their history"
    assert len(history.read_history(tmp_path / "1")[0]) == 1


def test_undo_redo_and_hints_are_off_online(tmp_path):
    with serving(seed=2) as served:
        link, others, games = open_linked_room(served, "necropolis", ["player", "easy"])
        try:
            session = OnlineSession(link, folder=tmp_path)
            assert session.undo_refusal() == UNDO_OFF == "Undo is off in online games."
            assert session.undo() is False and session.redo() is False and not session.can_redo
            session.ask_hint()
            assert session.hint is None and Notice("Hints are off in online games.") in session.drain()
            assert not session.keeps_games and session.save() is False
        finally:
            session.close()


def test_a_dropped_link_comes_back_and_the_table_still_shows_only_what_it_was_told(tmp_path):
    with serving(seed=17) as served:
        link, others, games = open_linked_room(served, "cyprus", ["player", "player", "medium", "easy"],
                                               {"target_score": 20})
        cuts: list[int] = []

        def cut(session: OnlineSession, drained: list) -> None:
            if len(cuts) < 3 and any(isinstance(e, StepApplied) and e.step % 25 == 24 for e in drained):
                cuts.append(len(session.steps))
                link._loop.call_soon_threadsafe(link._client.socket.transport.abort)  # on the link's loop

        try:
            session = OnlineSession(link, folder=tmp_path)
            events = play_online(session, bot_decider("greedy"), on_tick=cut)
        finally:
            session.close()
        records = finish_others(served, others, games)
    assert len(cuts) == 3
    notices = [e.text for e in events if isinstance(e, Notice)]
    assert notices.count("Connection lost: reconnecting\u2026") == 3 and notices.count("Reconnected.") == 3
    assert link.record == records[0] and session.steps == [m["action"] for m in link.told() if m["type"] == "step"]
    assert session.state.scores() == records[0]["scores"]
    entries, _ = history.read_history(tmp_path)
    assert [entry.record.steps for entry in entries] == [records[0]["steps"]]


def test_a_turn_a_bot_played_for_the_player_is_said_at_the_table_and_shown(tmp_path):
    """The turn timer runs out: the server's bot plays the seat's turn; the table
    is told in words (a `Notice`) and shows the step like any other."""
    with serving(seed=4) as served:
        link, others, games = open_linked_room(served, "necropolis", ["player", "easy"], turn_timer=1)
        try:
            session = OnlineSession(link, folder=tmp_path)
            end = time.monotonic() + 30
            notices: list[str] = []
            while not any("Seat 1" in text for text in notices):  # the player never moves
                assert time.monotonic() < end, f"no notice; {notices}"
                session.tick(0.02)
                notices += [e.text for e in session.drain() if isinstance(e, Notice)]
                time.sleep(0.01)
            steps = len(session.steps)
            while len(session.steps) == steps or not any(s.startswith("0 ") for s in session.steps):
                assert time.monotonic() < end, "the bot's move for seat 1 never came to the table"
                session.tick(0.02)
                time.sleep(0.01)
        finally:
            session.close()
    assert any(step.startswith("0 ") for step in session.steps), "a move of the player's seat, by the bot"
