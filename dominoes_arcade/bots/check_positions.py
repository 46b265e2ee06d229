"""The positions `bot check` asks a program about (`check`): a few scripted ones per
game, each found by playing random games from fixed seeds until a decision has
the look it is named after (only one legal decision, a pass, the first decision of
a later hand or round, and what a game has of its own), and random games from the
check's own seed. Each game's entry names its list of `Scenario` (the shipped
games keep theirs in their knowledge module, `bots/heuristics/`); the tests any
game may use are here.

A position is a `Match` stopped at a decision of one seat; the program joins the
game there (``start``, then a ``decide`` with every step so far, as when a saved
game is resumed at the client's table) and plays its seat to the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..engine import GAMES
from ..engine.match import Match
from ..engine.registry import load
from ..engine.view_json import view_to_json

Test = Callable[[dict[str, Any], list[str], "dict[str, Any] | None"], bool]
"""Whether a decision is the one wanted: the seat's view (as JSON), the legal
decisions (notation) and the view at the decision before (any seat's), or None;
the view also holds ``_step``, the number of steps so far."""

SEARCH_SEEDS = range(1, 301)
"""The seeds scripted positions are searched in: fixed, so a check asks the same."""


@dataclass(frozen=True)
class Scenario:
    game: str
    label: str
    test: Test
    options: dict[str, Any] = field(default_factory=dict)


def one_legal(view, legal, before) -> bool:
    """Only one legal decision, past the game's forced first ones."""
    return len(legal) == 1 and before is not None and view.get("_step", 0) >= 12


def passes(view, legal, before) -> bool:
    return "pass" in legal


def later(key: str) -> Test:
    """The first decision of a later hand or round: `key` of the view (``hand_index``,
    or the finished ``rounds``) has changed since the decision before."""
    def count(view) -> int:
        value = view.get(key, 0)
        return len(value) if isinstance(value, list) else int(value or 0)

    def test(view, legal, before) -> bool:
        return before is not None and count(view) > count(before)
    return test


def scenarios(game: str) -> list[Scenario]:
    """The scripted positions of `game`, as its registry entry names them; none for a
    game whose entry names none (it gets random games only)."""
    path = GAMES[game].check_positions
    return [] if path is None else list(load(path))


_FOUND: dict[tuple[str, str], tuple[int, tuple[str, ...], int] | None] = {}
"""Each scenario's position once found (by game and label): its seed, steps and seat."""


def find(scenario: Scenario, seeds=SEARCH_SEEDS) -> tuple[Match, int] | None:
    """The first decision of `scenario`'s look in random games (decisions from
    ``random.Random(seed)``) of the seeds: the match stopped there, and whose
    decision it is; None when no game of the seeds has one."""
    key = (scenario.game, scenario.label)
    if key not in _FOUND:
        _FOUND[key] = _search(scenario, seeds)
    if _FOUND[key] is None:
        return None
    seed, steps, seat = _FOUND[key]
    match = Match(scenario.game, options=scenario.options, seed=seed)
    match.follow(steps)  # the deck stays in step: the game goes on as it would have
    return match, seat


def _search(scenario: Scenario, seeds) -> tuple[int, tuple[str, ...], int] | None:
    for seed in seeds:
        match, rng, before = Match(scenario.game, options=scenario.options, seed=seed), random.Random(seed), None
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
                continue
            seat = match.current_player
            legal = match.state.legal_actions()
            view = view_to_json(match.view(seat))
            view["_step"] = len(match.steps)  # how far the game is, for a test that looks
            if scenario.test(view, [action.text for action in legal], before):
                return seed, tuple(match.steps), seat
            before = view
            match.apply(rng.choice(legal))
    return None


@dataclass
class Position:
    """A game for the program to play from: the match, its seat, the seed to tell it."""

    label: str
    match: Match
    seat: int
    seed: int


def scripted(game: str) -> Iterator[Position | Scenario]:
    """Each scripted position of `game`; a scenario none of the seeds has, as itself."""
    for scenario in scenarios(game):
        found = find(scenario)
        if found is None:
            yield scenario
        else:
            match, seat = found
            yield Position(f"scripted: {scenario.label}", match, seat, match.seed)


def random_games(game: str, count: int, seed: int) -> Iterator[Position]:
    """`count` games of `game` from the start, each with its seed, seat count and
    seat drawn from `seed`."""
    low, high = GAMES[game].players
    for number in range(1, count + 1):
        rng = random.Random(f"{seed}:{game}:{number}")
        players = rng.randint(low, high)
        game_seed, seat = rng.getrandbits(31), rng.randrange(players)
        options = {"players": players} if low != high else {}
        match = Match(game, options=options, seed=game_seed)
        yield Position(f"random game {number} (seed {game_seed}, {players} players, seat {seat})",
                       match, seat, game_seed)
