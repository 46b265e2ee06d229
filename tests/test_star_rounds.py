"""The past rounds a Cyprus or Sebastopol state keeps (`StarState.rounds`), against
the ``round_over`` events of a fresh replay, in full states, views, clones and the
states `Match.state_at` rebuilds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.engine.records import Record


def with_steps(record: Record, steps: list[str]) -> Record:
    return Record(record.game, record.options, record.seats, record.seed, steps)


def rounds_by_events(record: Record) -> list:
    match = Match.from_record(record)
    found = []
    for text in record.steps:
        found += [event.value for event in match.play_step(text) if event.kind == "round_over"]
    return found


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), game=st.sampled_from(["cyprus", "sebastopol"]), players=st.integers(4, 7),
       cut=st.floats(0, 1))
def test_the_state_keeps_every_finished_round(seed, game, players, cut):
    record = random_game(game, seed, players if game == "cyprus" else None, {"target_score": 40})
    expected = rounds_by_events(record)
    match = Match.from_record(record, at=None)
    state = match.state
    assert list(state.rounds) == expected and state.last_round == expected[-1]
    assert state.outcome().winners == (expected[-1].winner,)
    for seat in range(state.num_players):
        assert state.view(seat).rounds is state.rounds  # public, shared
    assert state.clone().rounds is state.rounds
    n = int(cut * len(record.steps))
    earlier = match.state_at(n).rounds
    assert list(earlier) == rounds_by_events(with_steps(record, record.steps[:n]))
    assert state.rounds[:len(earlier)] == earlier
    if not earlier:
        assert match.state_at(n).last_round is None
