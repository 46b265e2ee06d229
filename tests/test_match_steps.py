"""`Match` laying steps written down: `play_step`, `follow` (strict, or reporting the
first step that fails), `state_at`, `from_record(at=...)`, the deck kept in step
with a game dealt from the match's seed, steps given as actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.engine.records import Record, ReplayError, replay

GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 5, {"target_score": 40}),
         ("sebastopol", None, {"target_score": 30})]


def fingerprint(state) -> tuple:
    """What two states of one game must share to be the same position."""
    legal = [a.text for a in state.legal_actions()]
    chance = [(a.text, p) for a, p in state.chance_outcomes()]
    return state.current_player, state.scores(), state.zones(), legal, chance


def with_steps(record: Record, steps: list[str]) -> Record:
    return Record(record.game, record.options, record.seats, record.seed, steps)


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_following_a_record_strictly_gives_the_replayed_state(game, players, options):
    record = random_game(game, 11, players, options)
    match = Match(game, players, options, seed=record.seed)
    assert match.follow(record.steps) is None
    assert match.steps == record.steps and match.is_over
    assert fingerprint(match.state) == fingerprint(replay(record))
    assert fingerprint(Match.from_record(record, at=None).state) == fingerprint(match.state)


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_state_at_is_a_fresh_replay_of_the_first_steps(game, players, options):
    record = random_game(game, 4, players, options)
    match = Match.from_record(record, at=None)
    for n in sorted({0, 1, 2, len(record.steps) // 3, len(record.steps) // 2, len(record.steps) - 1,
                     len(record.steps)}):
        expected = Match.from_record(record, at=n)
        assert len(expected.steps) == n
        assert fingerprint(match.state_at(n)) == fingerprint(expected.state)
    assert len(match.steps) == len(record.steps) and match.is_over  # state_at touched nothing
    assert match.state_at(len(record.steps)) is not match.state
    with pytest.raises(ValueError, match="a match of"):
        match.state_at(len(record.steps) + 1)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), which=st.integers(0, len(GAMES) - 1), cut=st.floats(0, 1))
def test_state_at_any_step_of_a_random_game_is_the_replay_of_its_first_steps(seed, which, cut):
    game, players, options = GAMES[which]
    record = random_game(game, seed, players, options)
    n = int(cut * len(record.steps))
    match = Match.from_record(record, at=None)
    assert fingerprint(match.state_at(n)) == fingerprint(replay(with_steps(record, record.steps[:n]), check_end=False))


def test_the_first_step_that_fails_is_raised_or_reported_with_its_number_and_kind():
    record = random_game("necropolis", 2)
    steps = list(record.steps)
    bad = 9
    steps[bad] = "7 draw"  # nobody sits in seat 7: the wrong actor
    strict = Match.from_record(with_steps(record, steps))
    with pytest.raises(ReplayError) as raised:
        strict.follow(steps)
    error = raised.value
    assert (error.step, error.text, error.kind) == (bad + 1, "7 draw", ReplayError.NOTATION)
    assert str(error).startswith(f'step {bad + 1} "7 draw": ')
    assert strict.steps == steps[:bad]  # the steps before it stay applied
    lenient = Match.from_record(with_steps(record, steps))
    reported = lenient.follow(steps, strict=False)
    assert isinstance(reported, ReplayError) and str(reported) == str(error) and reported.kind == error.kind
    assert lenient.steps == steps[:bad]


def test_each_kind_of_failure_says_which_kind():
    record = random_game("cyprus", 5, 4, {"target_score": 20})
    play = next(i for i, text in enumerate(record.steps) if "@" in text)  # playing is compulsory here
    seat = record.steps[play].split()[0]

    def failure(index: int, text: str, exact: bool = False) -> ReplayError | None:
        return Match.from_record(record, at=index).follow([text], strict=False, exact=exact)

    padded = record.steps[play] + " "
    assert failure(play, padded) is None  # read leniently, as `replay` reads
    spelling = failure(play, padded, exact=True)
    assert (spelling.step, spelling.kind) == (play + 1, ReplayError.SPELLING)
    assert spelling.reason == f'not written as the notation writes it: "{record.steps[play]}"'
    assert failure(play, "* deal 0 1-2").kind == ReplayError.NOTATION  # chance where a seat decides
    assert failure(play, f"{seat} fly").kind == ReplayError.NOTATION
    illegal = failure(play, f"{seat} draw")
    assert illegal.kind == ReplayError.ILLEGAL and illegal.reason.startswith("illegal decision: ")
    after_end = Match.from_record(record, at=None).follow(["0 draw"], strict=False)
    assert (after_end.step, after_end.kind) == (len(record.steps) + 1, ReplayError.NOTATION)


def test_an_impossible_chance_outcome_is_its_own_kind():
    record = random_game("buildup", 3)
    steps = list(record.steps)
    steps[1] = steps[0]  # the same line tile dealt twice
    error = Match.from_record(with_steps(record, steps)).follow(steps, strict=False)
    assert (error.step, error.kind) == (2, ReplayError.CHANCE)
    assert error.reason.startswith("impossible chance outcome: ")


def test_play_step_returns_the_events_and_leaves_the_match_as_it_was_on_failure():
    record = random_game("cyprus", 8, 4, {"target_score": 20})
    match = Match.from_record(record)
    events = match.play_step(record.steps[0])
    assert events and events[0].kind == "new_round"
    state, steps = match.state, list(match.steps)
    with pytest.raises(ReplayError):
        match.play_step("0 pass")
    assert match.state is state and match.steps == steps


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_laid_steps_keep_the_deck_in_step(game, players, options):
    """A game laid from its steps deals on as the game it came from, after an undo too."""
    record = random_game(game, 21, players, options)
    half = len(record.steps) // 2
    match = Match(game, players, options, seed=record.seed)
    match.follow(record.steps[:half])
    match.undo_to(half - 1)
    match.follow(record.steps[half - 1:half])
    decisions = iter([text for text in record.steps[half:]])
    while not match.is_over:
        text = next(decisions)
        if match.is_chance:
            match.resolve_chance()
            assert match.steps[-1] == text
        else:
            match.play_step(text)
    assert match.steps == record.steps


def test_steps_as_actions_redo_what_was_undone():
    record = random_game("necropolis", 6)
    match = Match.from_record(record, at=None)
    undone = match.actions[20:]
    match.undo_to(20)
    assert match.follow(undone) is None
    assert match.steps == record.steps


def test_a_record_dealt_otherwise_still_lays_and_plays_on():
    """Chance steps the deck would not deal are applied as given; the deck then deals
    on from where it stands (no step fails, nothing is dealt twice)."""
    record = random_game("cyprus", 9, 4, {"target_score": 20})
    match = Match("cyprus", 4, {"target_score": 20}, seed=record.seed + 1)
    half = len(record.steps) // 2
    match.follow(record.steps[:half])
    match.undo_to(half - 3)
    while not match.is_over:
        if match.is_chance:
            match.resolve_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    assert replay(match.to_record()).scores() == match.state.scores()
