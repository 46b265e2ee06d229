"""The engine's contract, checked once for every registered game (and the toy game of
`toy_game`, which proves a new game gets these checks for free): random play under
sampled variants ends and conserves the tiles; views keep every zone's size and show
only what the seat saw; determinizing a view agrees with it; records round-trip
through `Match`; the same seed plays the same game; every action's notation parses
back to the action itself; the registry entry agrees with the rules module.

Game-specific rules (legal moves against an oracle, scoring) stay in each game's
own tests.
"""

from __future__ import annotations

import random
from contextlib import nullcontext

import pytest
import toy_game

from dominoes_arcade.engine import GAMES, Option, entry, game_options, new_game
from dominoes_arcade.engine.match import Match, random_game
from dominoes_arcade.engine.records import Record, replay

CASES = [(name, players) for name, game in GAMES.items() for players in sorted(set(game.players))]
CASES += [(toy_game.NAME, 2), (toy_game.NAME, 4)]
SEEDS = range(4)
STEP_LIMIT = 20_000


@pytest.fixture(params=CASES, ids=[f"{name}-{players}" for name, players in CASES])
def case(request):
    """(game, players), with the toy game registered while its case runs."""
    name, players = request.param
    with toy_game.registered() if name == toy_game.NAME else nullcontext():
        yield name, players


def sample_value(option: Option, rng: random.Random):
    """A value the option allows: any choice; for a number its least or its default
    (a game at its most, e.g. a target of 1000, would only make the test slow)."""
    if option.choices:
        return rng.choice(option.choices)
    if option.kind is bool:
        return rng.random() < 0.5
    return rng.choice([option.minimum, option.default])


def sampled_options(game: str, players: int, rng: random.Random) -> dict:
    options = {key: sample_value(option, rng) for key, option in game_options(game).items() if key != "players"}
    return {**options, "players": players}


def random_match(game: str, players: int, seed: int):
    """A match of random decisions under sampled variants: yields it with the events
    of the last step, before the first step and after every step."""
    rng = random.Random(seed)
    match = Match(game, options=sampled_options(game, players, rng), seed=seed)
    yield match, []
    while not match.is_over:
        assert len(match.steps) < STEP_LIMIT, "the game must end"
        if match.is_chance:
            _, events = match.resolve_chance()
        else:
            events = match.apply(rng.choice(match.state.legal_actions()))
        yield match, events


def all_tiles(zones: dict[str, list[int]]) -> list[int]:
    return sorted(t for tiles in zones.values() for t in tiles)


def private_owner(zone: str) -> int | None:
    """The seat a zone named ``"NAME P"`` is private to, else None."""
    last = zone.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else None


def test_random_play_ends_and_conserves_tiles(case):
    game, players = case
    for seed in SEEDS:
        tiles = None
        for match, _ in random_match(game, players, seed):
            held = all_tiles(match.state.zones())
            tiles = tiles or held
            assert held == tiles, f"step {len(match.steps)}: a tile appeared or vanished"
        outcome = match.state.outcome()
        assert outcome is not None and len(outcome.scores) == players == match.num_players
        assert list(outcome.scores) == match.state.scores()


def test_views_show_only_what_the_seat_saw_and_determinize_agrees(case):
    game, players = case
    rng = random.Random(1)
    for seed in SEEDS:
        face_up: dict[tuple[int, int], bool] = {}
        """(tile, seat concerned) -> whether the last event that moved it was face up
        (a game with two sets, Build Up, has two of each tile, one per seat)."""
        for match, events in random_match(game, players, seed):
            state = match.state
            for event in events:
                if event.tile >= 0:
                    face_up[event.tile, event.seat] = event.face_up
            zones = state.zones()
            for seat in range(players):
                view = state.view(seat)
                shown = view.zones()
                assert {k: len(v) for k, v in shown.items()} == {k: len(v) for k, v in zones.items()}
                for zone, tiles in shown.items():
                    owner = private_owner(zone)
                    if owner == seat:
                        assert tiles == zones[zone], f"seat {seat} does not see its own {zone}"
                    for tile in tiles:
                        if tile < 0:
                            continue
                        assert tile in zones[zone], f"{zone} shows {tile}, which is elsewhere"
                        if owner is None:
                            assert any(face_up.get((tile, p)) for p in range(-1, players)), \
                                f"seat {seat} sees face-down tile {tile} in {zone}"
                        elif owner != seat:
                            assert face_up.get((tile, owner)), f"seat {seat} sees hidden tile {tile} in {zone}"
                full = view.determinize(rng)
                assert full.viewer == -1 and all_tiles(full.zones()) == all_tiles(zones)
                assert full.view(seat).zones() == shown, "the determinized state looks different to the seat"
                assert full.current_player == state.current_player
                if state.current_player == seat:
                    assert full.legal_actions() == state.legal_actions()


def test_records_round_trip_through_a_match(case):
    game, players = case
    for seed in SEEDS:
        *_, (match, _) = random_match(game, players, seed)
        record = match.to_record(["random"] * players)
        text = record.to_json()
        again = Match.from_record(Record.from_json(text))
        again.advance_script()
        assert again.follows_script and again.is_over
        assert again.to_record(["random"] * players).to_json() == text
        assert replay(Record.from_json(text)).scores() == record.scores


def test_same_seed_same_game(case):
    game, players = case
    first = random_game(game, 5, players)
    assert random_game(game, 5, players).to_json() == first.to_json()
    assert random_game(game, 6, players).steps != first.steps


def test_every_action_notation_parses_back_to_the_action(case):
    game, players = case
    for seed in SEEDS:
        for match, _ in random_match(game, players, seed):
            state = match.state
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance else state.legal_actions()
            for action in actions:
                assert state.parse_action(str(action)) is action
                assert action.game == game


def test_undo_keeps_the_deal(case):
    """After `undo_to`, the same decisions deal the same tiles: nobody re-rolls a draw."""
    game, players = case
    *_, (match, _) = random_match(game, players, 2)
    steps, actions = list(match.steps), list(match.actions)
    for keep in (len(steps) // 2, 1, 0):
        match.undo_to(keep)
        assert match.steps == steps[:keep]
        for action in actions[keep:]:
            if match.is_chance:
                dealt, _ = match.resolve_chance()
                assert dealt is action
            else:
                match.apply(action)
        assert match.steps == steps


def test_the_registry_entry_agrees_with_the_rules(case):
    game, players = case
    found = entry(game)
    cls = found.state_class()
    assert cls.game == game and found.name == game
    option = cls.OPTIONS.get("players")
    allowed = (option.minimum, option.maximum) if option is not None else (cls.PLAYERS, cls.PLAYERS)
    assert found.players == allowed
    assert new_game(game, players).num_players == players
