"""The move log's lines (dominoes_arcade/client/tables/move_log.py) never name a
tile their viewer may not see: over random seeded games of every game (Cyprus at
4 and 10 players), each step's lines for each seat are checked against the
engine's visibility (`Match.visible`) and the seat's views before and after the
step (`State.seen_pieces`, physical tiles, so Build Up's two sets are told
apart); the lines for nobody in particular (the hot-seat pass screen's recap) are
checked against every seat at once. The log also follows undo and a replay's
jump: cut back or laid again, it reads as a log built afresh."""

from __future__ import annotations

import random
import re

import pytest

from dominoes_arcade.client.tables.move_log import MoveLog
from dominoes_arcade.engine import CHANCE
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.tiles import NAME, piece_tile

GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 4, {"target_score": 30}),
         ("cyprus", 10, {"target_score": 30}), ("sebastopol", None, {"target_score": 20}),
         ("draw", 4, {"target_score": 30}), ("block", 3, {"target_score": 30})]
SEEDS = range(10)
_TILE = re.compile(r"\b\d-\d\b")


def name(seat: int) -> str:
    return f"Seat {seat + 1}"


def seen_by(match: Match, seat: int) -> set[int]:
    return set(match.view(seat).seen_pieces())


def play_step(match: Match, log: MoveLog, rng: random.Random) -> int:
    """One step of random play, into `log`; returns its index."""
    step = len(match.steps)
    if match.is_chance:
        _action, events = match.resolve_chance()
        seat = CHANCE
    else:
        seat = match.current_player
        events = match.apply(rng.choice(match.state.legal_actions()))
    log.add(step, seat, events)
    return step


def check_step(match: Match, log: MoveLog, step: int, before: list[set[int]], counts: dict[str, int]) -> None:
    """The lines of `step`, for each seat and for nobody in particular, name only
    the tile the step moved, and only to a seat that saw it happen, or saw that
    tile just before or just after it."""
    players = match.num_players
    after = [seen_by(match, seat) for seat in range(players)]
    piece = match.piece(step)
    if piece < 0 and match.game == "necropolis":  # a decision on the drawn tile ("0 left") names none
        moved = {event.tile for event in log.moves[step].events if event.tile >= 0}  # (one set: tile = piece)
        assert len(moved) <= 1, (match.steps[step], moved)
        piece = moved.pop() if moved else -1
    # The round's last tile: the table is cleared for the next deal, so no view after it shows the tile.
    swept = any(event.kind == "round_over" for event in log.moves[step].events)
    for viewer in (-1, *range(players)):
        seats = range(players) if viewer < 0 else (viewer,)
        for at, line in log.lines(viewer, name, step):
            assert at == step
            named = _TILE.findall(line)
            if not named:
                counts["unnamed"] += 1
                continue
            assert len(named) == 1 and piece >= 0 and named[0] == NAME[piece_tile(piece)], (line, step)
            for seat in seats:
                assert match.visible(step, seat), (match.game, viewer, seat, match.steps[step], line)
                assert piece in before[seat] | after[seat] or swept, (match.game, viewer, seat, match.steps[step],
                                                                      line)
            counts["named"] += 1
        hidden = any(not match.visible(step, seat) for seat in seats)
        counts["hidden steps with a line"] += hidden and bool(log.lines(viewer, name, step))


@pytest.mark.parametrize("game, players, options", GAMES, ids=[f"{g}-{p or ''}" for g, p, _ in GAMES])
def test_the_log_names_no_tile_its_viewer_may_not_see(game, players, options):
    counts = {"named": 0, "unnamed": 0, "hidden steps with a line": 0}
    for seed in SEEDS:
        match = Match(game, players, options, seed=seed)
        log, rng = MoveLog(match), random.Random(seed)
        while not match.is_over:
            before = [seen_by(match, seat) for seat in range(match.num_players)]
            check_step(match, log, play_step(match, log, rng), before, counts)
    assert counts["named"] > 50 and counts["unnamed"] > 0, counts
    assert counts["hidden steps with a line"] > 0, counts  # "Seat 3 drew a tile": said, the tile not named


@pytest.mark.parametrize("game, players, options", [GAMES[0], GAMES[2]], ids=["necropolis", "cyprus"])
def test_the_check_finds_a_tile_named_to_a_seat_that_did_not_see_it(game, players, options):
    """Not vacuous: the lines written for a replay's viewer, who sees everything,
    fail it for some seat. (Build Up's log has no hidden tile to give away: a
    hand's draws, the only ones face down, are not logged.)"""

    class Unmasked(MoveLog):
        def lines(self, viewer, name, since=0):
            return super().lines(None, name, since)

    match = Match(game, players, options, seed=1)
    log, rng = Unmasked(match), random.Random(1)
    with pytest.raises(AssertionError):
        while not match.is_over:
            before = [seen_by(match, seat) for seat in range(match.num_players)]
            check_step(match, log, play_step(match, log, rng), before, {"named": 0, "unnamed": 0,
                                                                       "hidden steps with a line": 0})


@pytest.mark.parametrize("game, players, options", GAMES, ids=[f"{g}-{p or ''}" for g, p, _ in GAMES])
def test_undo_and_a_jump_ahead_leave_the_log_as_one_built_afresh(game, players, options):
    match = Match(game, players, options, seed=4)
    log, rng = MoveLog(match), random.Random(4)
    while len(match.steps) < 150 and not match.is_over:
        play_step(match, log, rng)
    back = len(match.steps) // 2
    match.undo_to(back)
    log.rebuilt(back)
    assert log.lines(0, name) == MoveLog(match).lines(0, name)
    while len(match.steps) < back + 40 and not match.is_over:
        play_step(match, log, rng)
    behind = MoveLog(Match(game, players, options, seed=4))  # at step 0 while the match moves on
    behind.match.follow(match.actions)
    behind.rebuilt(len(match.steps))
    assert behind.lines(1, name) == log.lines(1, name) == MoveLog(match).lines(1, name)
    assert len(log.lines(1, name)) > 10
