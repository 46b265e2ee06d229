"""`ToldGame`, the online table's state, without a network (issue 32): the
messages a seat is sent are made from a `Match` with the server's own functions
(`online_protocol`), so each case is exact and quick."""

from __future__ import annotations

import random

from dominoes_arcade.client.tables.move_log import MoveLog
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.view_json import view_to_json
from dominoes_arcade.online_protocol import step_message, view_message
from dominoes_arcade.remote.told import ToldGame
from dominoes_arcade.session import Rebuilt, StepApplied, StepLaid


def told_match(seed: int = 3, steps: int = 30) -> tuple[Match, list[dict]]:
    """A Necropolis match played `steps` steps at random, and what seat 0 was told
    of it: each step, and its view after each decision (as the server sends them)."""
    match, rng, messages = Match("necropolis", seed=seed), random.Random(seed), []
    for _ in range(steps):
        if match.is_chance:
            action, events = match.resolve_chance()
        else:
            action = rng.choice(match.state.legal_actions())
            events = match.apply(action)
        step = len(match.steps) - 1
        messages.append(step_message(match, step, -1 if match.steps[step][0] == "*" else int(match.steps[step][0]),
                                     events, 0))
        if not match.is_chance:
            messages.append(view_message(match, 0))
    return match, messages


def feed(game: ToldGame, messages: list[dict]) -> list:
    shown = []
    for message in messages:
        if message["type"] == "step":
            played = game.play(message)
            if played and isinstance(played[-1], Rebuilt):  # laid out afresh first: the step on the next call
                shown += played
                played = game.play(message)
                assert played and isinstance(played[-1], StepApplied), "the step fits the state laid for it"
            shown += played or [game.lay(message)]
        else:
            rebuilt = game.take_view(message)
            shown += [rebuilt] if rebuilt else []
            assert view_to_json(game.state.view(0)) == message["view"]
    return shown


def test_every_step_is_animated_from_a_state_that_shows_seat_0_its_own_view():
    match, messages = told_match()
    game = ToldGame("necropolis", match.options(), 0, seed=1)
    shown = feed(game, messages)
    assert [e.step for e in shown if isinstance(e, StepApplied)] == list(range(len(match.steps)))
    assert game.steps == [m["action"] for m in messages if m["type"] == "step"]
    hidden = [m for m in messages if m["type"] == "step" and "?" in m["action"]]
    assert hidden, "some steps were hidden from seat 0"


def test_a_step_that_fits_no_state_is_laid_with_its_told_events_until_the_next_view_sets_it_right():
    match, messages = told_match(steps=12)
    game = ToldGame("necropolis", match.options(), 0, seed=1)
    log = MoveLog(game)
    first = next(i for i, m in enumerate(messages) if m["type"] == "view")
    for event in feed(game, messages[:first + 1]):
        log.follow(event)
    step = messages[first + 1]
    nothing = {"kind": "nothing such", "seat": 0, "tile": None, "from": "", "to": "", "face_up": True, "value": None}
    wrong = {**step, "events": [nothing]}  # no state makes that
    assert game.play(wrong) is None and len(game.steps) == step["step"], "nothing changed"
    laid = game.lay(wrong)
    assert isinstance(laid, StepLaid) and laid.step == step["step"] + 1 and laid.seat == step["actor"] and game.stale
    assert laid.events[0].kind == "nothing such"
    log.follow(laid)
    view = next(m for m in messages[first + 1:] if m["type"] == "view")
    for message in messages[first + 2:messages.index(view)]:
        assert game.play(message) is None, "a table that is not consistent waits for the view"
        log.follow(game.lay(message))
    rebuilt = game.take_view(view)
    assert isinstance(rebuilt, Rebuilt) and rebuilt.step == view["step"] and not game.stale
    assert view_to_json(game.state.view(0)) == view["view"]
    assert [move.step for move in log.moves] == list(range(view["step"])), "the move log has every step told"
    assert log.moves[step["step"]].events[0].kind == "nothing such"
