"""No message of the room server names a tile its receiver may not see (issue 32).

Over seeded games of every game (Cyprus at 4 and 10 seats), every message each
seat's client and a spectator received is checked against the engine at the step
it speaks of: a tile that was in one of the seat's hidden zones (the rules, as
tests/test_bots_hidden.py lists them: the other hands, the boneyard and the
necropolis with the order of what is still to come, another seat's mastabas or
drawn tile) both before and after that step, and that the seat's view did not show
it either, must not be named anywhere in the message. A spectator (told each step
and its view after it) may be told only what every seat sees. The record at the game's end shows everything, and is left
out. A deliberately leaky message shows that the check does catch one."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from server_drive import open_room, play_out, running
from test_bots_hidden import hidden_zones

from dominoes_arcade.engine import SPECTATOR
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.records import Record
from dominoes_arcade.engine.tiles import NAME, piece_tile
from dominoes_arcade.engine.view_json import HIDDEN
from dominoes_arcade.remote.client import OnlineClient

GAMES = [("necropolis", ["player", "player"], {}), ("buildup", ["player", "player"], {}),
         ("cyprus", ["player", "easy", "player", "player"], {"target_score": 30}),
         ("cyprus", ["player"] * 6 + ["easy"] * 4, {"target_score": 20}),
         ("sebastopol", ["player", "player", "easy", "player"], {"target_score": 20}),
         ("draw", ["player", "easy", "player"], {"target_score": 30}),
         ("block", ["player", "player"], {"target_score": 30})]
SEEDS = range(3)
TILE = re.compile(r"\b\d-\d\b")


class Leak(AssertionError):
    pass


class Game:
    """A finished game, as the checks need it: the full state after each number of
    steps (0 to the end), and the match (`Match.visible`, `Match.piece`)."""

    def __init__(self, record: dict):
        self.match = Match.from_record(Record.from_dict(record))
        self.states = [self.match.state.clone()]
        while (action := self.match.scripted()) is not None:
            self.match.apply(action)
            self.states.append(self.match.state.clone())


def forbidden(game: Game, step: int, seat: int, moved: bool) -> set[str]:
    """The tile names `seat` may not be told of the game from `step` steps to the
    next (`moved`: step `step` was applied between the two)."""
    if seat == SPECTATOR:
        return set().union(*(forbidden(game, step, s, moved) for s in range(game.match.num_players)))
    before, after = game.states[step], game.states[step + 1 if moved else step]
    hidden = [{NAME[t] for zone in hidden_zones(state, seat) for t in zone if t >= 0} for state in (before, after)]
    seen = {NAME[piece_tile(p)] for state in (before, after) for p in state.view(seat).seen_pieces()}
    # A star game's round ends with every hand shown (dominoes_arcade/rules/cyprus.md).
    seen |= {NAME[t] for done in getattr(after, "rounds", ()) for hand in done.hands for t in hand}
    # Draw's and Block's first leader is announced with the double they must lead
    # (dominoes_arcade/rules/draw.md, "What the table learns").
    seen |= {NAME[state.forced_lead] for state in (before, after) if getattr(state, "forced_lead", -1) >= 0}
    if before.game == "buildup":  # its own boneyard, which it knows as a set (and two sets share names)
        seen |= {NAME[t] for state in (before, after) for t in state.boneyards[seat] if t >= 0}
    if moved and game.match.visible(step, seat) and game.match.piece(step) >= 0:
        seen.add(NAME[piece_tile(game.match.piece(step))])  # a round's last tile, swept off by the next deal
    return (hidden[0] & hidden[1]) - seen


def check_message(message: dict, game: Game, seat: int) -> int:
    """Raise `Leak` when `message` names a tile `seat` may not see, or shows a tile
    moved face down for another seat; the number of tile names checked."""
    kind = message.get("type")
    if kind == "game_over":
        return 0
    moved = kind == "step"
    step = message["step"] if kind in ("step", "view") else 0
    named = TILE.findall(json.dumps(message))
    leaked = set(named) & forbidden(game, step, seat, moved)
    for event in message.get("events", ()):
        if not event["face_up"] and event["seat"] != seat and event["tile"] not in (None, HIDDEN):
            leaked.add(event["tile"])
    if kind == "view" and message["view"]["game"] == "buildup":  # two sets: every name is in the seat's own
        view = message["view"]
        for other in {0, 1} - {seat}:  # (both, for a spectator)
            leaked |= {t for t in view["boneyards"][other] if t != HIDDEN}
            leaked |= {t for t in view["hands"][other] if t != HIDDEN and t not in view["shown"][other]}
    if leaked:
        raise Leak(f"seat {seat} was told {sorted(leaked)} in {json.dumps(message)[:300]}")
    return len(named)


def check_client(client: OnlineClient, game: Game, seat: int) -> int:
    return sum(check_message(message, game, seat) for message in client.received)


@pytest.mark.parametrize("game, seats, options", GAMES, ids=[f"{g}-{len(s)}" for g, s, _ in GAMES])
def test_no_message_names_a_tile_its_receiver_may_not_see(tmp_path, game, seats, options):
    checked = 0
    for seed in SEEDS:
        async def scenario(seed=seed):
            async with running(None, seed=seed) as server:
                players, watchers = await open_room(server, game, seats, options, spectators=1)
                return players, watchers, await play_out(players, watchers, spec="random")

        players, watchers, records = asyncio.run(scenario())
        played = Game(records[0])
        for client in players:
            checked += check_client(client, played, client.seat)
        checked += check_client(watchers[0], played, SPECTATOR)
        views = [m for m in watchers[0].received if m.get("type") == "view"]
        assert [m["step"] for m in views] == list(range(len(played.match.steps) + 1)), "at the start, after each step"
        assert all(m["view"]["seat"] == -1 and m["legal"] == [] for m in views), "nobody's seat, no actions"
    assert checked > 100, "the games named tiles, and every name was checked"


def test_the_check_catches_a_leaky_message(tmp_path):
    """A view message for seat 0 with a tile of seat 1's hand slipped in fails the
    check, and so does a spectator told a hand's tile."""
    async def scenario():
        async with running(None, seed=5) as server:
            players, watchers = await open_room(server, "cyprus", ["player"] * 4, {"target_score": 30}, spectators=1)
            return players, watchers, await play_out(players, watchers, spec="random")

    players, watchers, records = asyncio.run(scenario())
    game = Game(records[0])
    seat0 = next(client for client in players if client.seat == 0)
    assert check_client(seat0, game, 0) > 0
    view = next(m for m in seat0.received if m.get("type") == "view" and m["step"] > 10
                and any(t >= 0 for t in game.states[m["step"]].hands[1]))
    other = next(t for t in game.states[view["step"]].hands[1] if t >= 0)
    leaky = json.loads(json.dumps(view))
    leaky["view"]["hands"][1][0] = NAME[other]
    check_message(view, game, 0)
    with pytest.raises(Leak):
        check_message(leaky, game, 0)
    own = next(t for t in game.states[view["step"]].hands[0] if t >= 0)
    step = next(m for m in watchers[0].received if m.get("type") == "step" and m["step"] == view["step"] - 1)
    told = {**step, "events": [*step["events"], {"kind": "hint", "seat": -1, "tile": NAME[own], "face_up": True}]}
    check_message(step, game, SPECTATOR)
    with pytest.raises(Leak):
        check_message(told, game, SPECTATOR)
    watched = next(m for m in watchers[0].received if m.get("type") == "view" and m["step"] == view["step"])
    leaky = json.loads(json.dumps(watched))
    leaky["view"]["hands"][0][0] = NAME[own]
    check_message(watched, game, SPECTATOR)
    with pytest.raises(Leak):
        check_message(leaky, game, SPECTATOR)
