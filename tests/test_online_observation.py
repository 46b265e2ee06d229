"""What an online member draws, without a network (issue 39): the messages a seat
or a spectator is sent are made from a `Match` with the server's own functions
(`online_protocol`, as `server.room.Room` sends them: each step, then the member's
view after it), fed to an `OnlineSession` through a stand-in link. Each case is
exact and quick: after every step the session's observation is the engine's
`observe` of the true state for that member, and every step is animated."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from dominoes_arcade.engine import SPECTATOR, Termination, new_game, observe
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.view_json import NOBODY, view_from_json, view_to_json
from dominoes_arcade.online_protocol import (
    event_from_json,
    event_json,
    seat_from_json,
    seat_json,
    step_message,
    view_message,
)
from dominoes_arcade.remote.online_session import MaskedStep, OnlineSession
from dominoes_arcade.session import GameOver, Rebuilt, StepApplied
from dominoes_arcade.session.events import seen_events

GAMES = [("necropolis", {}), ("buildup", {}), ("cyprus", {"players": 4, "target_score": 20}),
         ("sebastopol", {"players": 4, "target_score": 20}), ("draw", {"players": 3, "target_score": 30}),
         ("block", {"target_score": 30})]


def played(game: str, options: dict, seed: int = 3) -> tuple[Match, list[tuple[int, list]]]:
    """A whole `game` played at random: the match, and each step's actor and engine events."""
    match, rng, steps = Match(game, options=options, seed=seed), random.Random(seed), []
    while not match.state.is_terminal:
        actor = match.state.current_player
        if match.is_chance:
            _, events = match.resolve_chance()
        else:
            events = match.apply(rng.choice(match.state.legal_actions()))
        steps.append((actor, events))
    return match, steps


@pytest.mark.parametrize("game, options", GAMES, ids=[game for game, _ in GAMES])
def test_a_view_goes_to_json_and_back_for_every_seat_and_a_spectator(game, options):
    match, _ = played(game, options)
    for step in range(0, len(match.steps) + 1, 3):
        state = match.state_at(step)
        for seat in (SPECTATOR, *range(state.num_players)):
            written = view_to_json(state.view(seat))
            back = view_from_json(written)
            assert back.viewer == seat and view_to_json(back) == written, f"seat {seat} after step {step}"
            assert written["seat"] == (NOBODY if seat == SPECTATOR else seat)
            assert (back.scores(), back.current_player) == (state.view(seat).scores(), state.current_player)


def test_a_spectator_is_nobody_on_the_wire_and_the_engine_s_spectator_in_the_code():
    assert seat_json(SPECTATOR) == NOBODY == -1 and seat_from_json(-1) == SPECTATOR
    assert [seat_from_json(seat_json(seat)) for seat in range(4)] == list(range(4))
    view = view_message(new_game("necropolis"), 0, SPECTATOR)
    assert view["view"]["seat"] == -1 and view["legal"] == []


@pytest.mark.parametrize("game, options", GAMES, ids=[game for game, _ in GAMES])
def test_an_event_told_comes_back_as_the_engine_s_event(game, options):
    """Its tile, zones and value (a round's result with its hands by number and its
    termination, a hand's scores), as the seat saw it."""
    _, steps = played(game, options)
    results = 0
    for _, events in steps:
        for event in seen_events(events, 0):
            back = event_from_json(event_json(event))
            assert back[:6] == event[:6]
            value = event.value
            if dataclasses.is_dataclass(value) or hasattr(value, "_fields"):
                fields = value._asdict() if hasattr(value, "_fields") else dataclasses.asdict(value)
                assert vars(back.value) == {name: tuple(map(tuple, v)) if name == "hands" else v
                                            for name, v in fields.items()}
                results += 1
            elif not isinstance(value, Termination):
                assert back.value == value
    assert results > 0 or game == "necropolis"
    if game == "cyprus":
        result = next(e for _, events in steps for e in events if e.kind == "round_over")
        assert event_from_json(event_json(result)).value.termination is result.value.termination


class ToldLink:
    """The link a session reads (``seat``, ``lobby``, ``told``, ``act``, ``close``),
    holding messages made as the server makes them."""

    def __init__(self, seat: int, lobby: dict[str, Any]):
        self.seat, self.lobby, self.messages, self.acted = seat, lobby, [], []

    def told(self, since: int = 0) -> list[dict[str, Any]]:
        return self.messages[since:]

    def act(self, action: str, step: int) -> None:
        self.acted.append((action, step))

    def close(self) -> None:
        pass


@pytest.mark.parametrize("game, options", GAMES, ids=[game for game, _ in GAMES])
def test_every_step_is_animated_and_every_member_sees_exactly_its_observation(tmp_path, game, options):
    match, steps = played(game, options)
    players = match.num_players
    lobby = {"game": game, "options": {k: v for k, v in options.items() if k != "players"},
             "seats": [{"kind": "player"}] * players}
    for member in (SPECTATOR, *range(players)):
        link, record_match = ToldLink(member, lobby), Match(game, options=options, seed=3)  # the server's, anew
        session = OnlineSession(link, folder=tmp_path / str(member))
        link.messages.append(view_message(record_match.state, 0, member))
        shown = []
        for step, (actor, events) in enumerate(steps):
            record_match.apply(match.actions[step])
            link.messages.append(step_message(record_match, step, actor, events, member))
            link.messages.append(view_message(record_match.state, step + 1, member))
            if step + 1 == len(steps):
                link.messages.append({"type": "game_over", "scores": record_match.state.scores(),
                                      "record": match.to_record().to_dict()})
            if step % 2:  # sometimes two steps come in one breath: each is still shown alone
                continue
            while len(session.steps) <= step:
                session.tick(0.0)
                drained = session.drain()
                assert not any(isinstance(e, Rebuilt) for e in drained)
                shown += [e for e in drained if isinstance(e, StepApplied)]
                at = len(session.steps)
                seen = session.observation(member)
                assert view_to_json(seen.view) == view_to_json(observe(match.state_at(at), member).view), \
                    f"member {member} after step {at}"
                if member >= 0 and at < len(steps):
                    assert seen.legal == observe(match.state_at(at), member).legal
        while not session.ended:
            session.tick(0.0)
            shown += [e for e in session.drain() if isinstance(e, StepApplied | GameOver)]
        applied = [e for e in shown if isinstance(e, StepApplied)]
        assert [e.step for e in applied] == list(range(len(steps))), "every step animated, in order"
        for event, (_, events) in zip(applied, steps, strict=True):
            assert [e[:6] for e in event.events] == [e[:6] for e in seen_events(events, member)]
            if "?" in event.action.text.split():
                assert isinstance(event.action, MaskedStep) and event.action.tile == -1
            else:
                assert event.action is match.actions[event.step]
        assert isinstance(shown[-1], GameOver) and shown[-1].outcome == match.state.outcome()
        assert session.state.scores() == match.state.scores()
