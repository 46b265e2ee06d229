"""A bot decides from what its seat may see (issue 5): it is given a view whose
hidden tiles are -1, its decision is the same for every full state behind that view,
and deciding leaves the view as it was."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bots_legal import random_position

from dominoes_arcade.bots import Bot, make_bot, program
from dominoes_arcade.bots.driver import play_bots
from dominoes_arcade.bots.protocol import HIDDEN, masked, seat_steps, view_summary
from dominoes_arcade.engine import State, new_game
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.tiles import NAME
from dominoes_arcade.engine.view_json import view_to_json

GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 5, {"target_score": 30}),
         ("sebastopol", None, {"target_score": 20}), ("draw", 3, {"target_score": 30}),
         ("block", 4, {"target_score": 30})]
SPECS = ["random", "greedy", "ismcts:iterations=25", "pimc:worlds=3"]


def hidden_zones(state: State, seat: int) -> list[list[int]]:
    """The zones of `state` that `seat` may not read (the rules: the necropolis, the
    other mastabas and the tile the other player is holding; the other boneyard and
    the unshown part of the other hand; the other hands, the boneyard and, in the star
    games, the tile another player just drew)."""
    if state.game == "necropolis":
        held = [state.held, state.returning] if state.seat != seat else []
        return [state.pile, state.mastabas[1 - seat], held]
    if state.game == "buildup":
        shown = state.shown[1 - seat]
        return [state.boneyards[1 - seat], [t for t in state.hands[1 - seat] if t < 0 or not shown >> t & 1]]
    others = [hand for p, hand in enumerate(state.hands) if p != seat]
    if state.game in ("draw", "block"):  # a tile drawn goes straight into its drawer's hand
        return others + [state.boneyard]
    return others + [state.boneyard, [state.drawn] if state.seat != seat else []]


def hidden_tiles(view: State) -> list[int]:
    return [t for zone in hidden_zones(view, view.viewer) for t in zone]


class Inspector(Bot):
    """Wraps a bot and checks every view it is given before passing it on."""

    def __init__(self, inner: Bot):
        super().__init__(inner.game, inner.seat, inner.options, inner.seed)
        self.inner = inner
        self.views = 0

    def choose(self, view, legal):
        assert view.viewer == self.seat, "the driver must hand over the seat's view, not the full state"
        assert all(t == -1 for t in hidden_tiles(view)), "a hidden tile is readable in the view"
        self.views += 1
        return self.inner.choose(view, legal)


@pytest.mark.parametrize("game, players, options", GAMES)
def test_the_driver_hands_each_bot_only_its_masked_view(game, players, options):
    n = new_game(game, players, options).num_players
    inspectors = [Inspector(make_bot(SPECS[seat % len(SPECS)], game, seat, options, seed=seat)) for seat in range(n)]
    record = play_bots(game, inspectors, seed=5, options={**options, "players": n})
    assert record.error is None
    assert all(inspector.views > 0 for inspector in inspectors)


def position_and_twin(game, players, options, seed):
    """A decision point of a random game (drawn uniformly among those with a choice),
    and a different full state with the same view for its seat (the hidden tiles
    dealt again), or None."""
    chosen = random_position(game, players, options, seed)
    if chosen is None:
        return None
    rng = random.Random(seed + 1)
    seat = chosen.current_player
    view = chosen.view(seat)
    hidden = [sorted(zone) for zone in hidden_zones(chosen, seat)]
    for _ in range(20):
        twin = view.determinize(rng)
        if [sorted(zone) for zone in hidden_zones(twin, seat)] != hidden:
            return chosen, twin
    return None


def snapshot(state: State) -> tuple:
    """Every slot of a state, for comparing two states or one state over time; a
    slot named with a leading underscore is a cache derived from the others (a
    view's deal plan), left out."""
    names = [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())
             if not name.startswith("_")]
    return tuple(repr(getattr(state, name, None)) for name in names)


@settings(max_examples=100, deadline=None)
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**32), spec=st.sampled_from(SPECS))
def test_a_decision_depends_on_the_view_alone(case, seed, spec):
    found = position_and_twin(*case, seed)
    if found is None:
        return
    state, twin = found
    seat = state.current_player
    view, twin_view = state.view(seat), twin.view(seat)
    assert snapshot(view) == snapshot(twin_view), "two states the seat cannot tell apart"
    before = snapshot(view)
    first = make_bot(spec, state.game, seat, state.options_dict(), seed).choose(view, state.legal_actions())
    second = make_bot(spec, state.game, seat, state.options_dict(), seed).choose(twin_view,
                                                                                 twin.legal_actions())
    assert first is second
    assert snapshot(view) == before, "choose must not change the view it is given"


def test_a_view_shares_no_hidden_zone_with_the_full_state():
    """The view is a copy: nothing a bot does to it reaches the full state."""
    for game, players, options in GAMES:
        found = next(filter(None, (position_and_twin(game, players, options, seed) for seed in range(50))))
        state = found[0]
        before = snapshot(state)
        view = state.view(state.current_player)
        for name in [n for cls in type(view).__mro__ for n in getattr(cls, "__slots__", ())]:
            value = getattr(view, name, None)
            if isinstance(value, list):
                value.clear()
        assert snapshot(state) == before


# -- what a bot program is told (issue 27) -------------------------------------------------
PROGRAM_GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 4, {"target_score": 30}),
                 ("cyprus", 7, {"target_score": 30}), ("cyprus", 10, {"target_score": 30}),
                 ("sebastopol", None, {"target_score": 20}), ("draw", 4, {"target_score": 30}),
                 ("block", None, {"target_score": 30})]
_STEP_TILE = re.compile(r"\d+-\d+")


class RecordingProgram:
    """Stands in for a running bot program (`bots.program.Program`): keeps every
    message it is sent and answers a ``decide`` with a random legal decision."""

    protocol = 1
    """The version it answered our hello with (`RecordingProgramV2`: 2)."""

    def __init__(self, command):
        self.name, self.messages, self.rng = "recorder", [], random.Random(len(command))

    def alive(self):
        return True

    def send(self, message):
        self.messages.append(json.loads(json.dumps(message)))

    def ask_line(self, line, limit, what, named=None):
        message = json.loads(line)
        self.messages.append(message)
        return {"type": "action", "action": self.rng.choice(message["legal"])}

    def kill(self):
        pass

    quit = kill


def piece_of_step(match: Match, index: int) -> tuple[int, str] | None:
    """The physical tile step `index` names, from its notation (RULES.md section 4):
    (the set it belongs to, its name). Build Up has a set per seat, and each seat
    deals, draws and places only tiles of its own; the other games have one set."""
    step = match.steps[index]
    found = _STEP_TILE.search(step)
    if found is None:
        return None
    if match.game != "buildup":
        return 0, found.group()
    words = step.split()
    owner = int(words[2]) if words[0] == "*" else int(words[0])  # "* hand 1 3-4", "1 3-4 s7"
    return owner, found.group()


def pieces_seen(view: State) -> set[tuple[int, str]]:
    """The physical tiles `view`'s seat sees now: Build Up's stacks know each tile's
    colour, a hand or a pile set aside is its seat's colour, and a seat's own
    boneyard is face down (its tiles are known as a set, not seen); the other
    games' views list only what their seat sees."""
    if view.game != "buildup":
        return {(0, NAME[t]) for tiles in view.zones().values() for t in tiles if t >= 0}
    seen = {(owner, NAME[t]) for entries in view.stacks for t, owner in entries}
    for seat in (0, 1):
        seen.update((seat, NAME[t]) for t in (*view.hands[seat], *view.set_aside[seat]) if t >= 0)
    return seen


def check_steps_told(match: Match, seat: int, told: list[str], counts: dict[str, int]) -> None:
    """`told` (the steps sent to `seat`) names the tile of each step exactly when the
    seat saw that step happen or sees that very tile now, and otherwise writes it ``?``."""
    assert len(told) == len(match.steps)
    seen = pieces_seen(match.view(seat))
    for index, (sent, step) in enumerate(zip(told, match.steps, strict=True)):
        piece = piece_of_step(match, index)
        if piece is None or match.visible(index, seat):
            assert sent == step, (seat, index, sent, step)
        elif piece in seen:
            assert sent == step, (seat, index, sent, step)
            counts["named late"] += 1
        else:
            assert sent == masked(step) and HIDDEN in sent, (match.game, seat, index, sent, step)
            counts["masked"] += 1


def tiles_named(value, path=()):
    """Every tile a JSON value names, anywhere in it: (the path to it, its name)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from tiles_named(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from tiles_named(item, (*path, index))
    elif isinstance(value, str) and _STEP_TILE.fullmatch(value):
        yield path, value


def buildup_owner(path: tuple, data: dict) -> int | None:
    """Whose set (colour) the tile at `path` of a Build Up view is: a hand, boneyard,
    pile set aside or shown draw is its seat's; a stack entry says its owner; the
    pending first-player draw is seat 0's. None for the ``stacks`` zone, which lists
    the stacks' tiles without their colours."""
    key = path[0]
    if key in ("hands", "boneyards", "set_aside", "shown"):
        return path[1]
    if key == "stacks":
        return data["stacks"][path[1]][path[2]][1]
    if key == "pending_first":
        return 0
    if key == "zones":
        zone = path[1]
        return None if zone == "stacks" else int(zone.split()[-1])
    raise AssertionError(f"a tile at {path}, which this test does not know the owner of")


def check_view_told(match: Match, seat: int, data: dict, counts: dict[str, int]) -> None:
    """Version 2's ``view`` (the seat's whole view as JSON) names no tile the seat
    may not see, anywhere in it: each tile it names is checked against the rules'
    hidden zones of the full state (`hidden_zones`), the physical tile in Build Up
    (a tile of the seat's own colour is not the opponent's of the same name). The
    hands of the round before, in Cyprus and Sebastopol, were shown to all at its
    end: they must be those hands, as the full state has them."""
    state = match.state
    hidden = [t for zone in hidden_zones(state, seat) for t in zone if t >= 0]
    counts["hidden in view"] += json.dumps(data).count(f'"{HIDDEN}"')
    if state.game == "buildup":
        opponent = 1 - seat
        secret = {(opponent, NAME[t]) for t in hidden}
        stacks = sorted(NAME[t] for entries in state.stacks for t, _ in entries)
        assert sorted(name for path, name in tiles_named(data["zones"]["stacks"])) == stacks
        for path, name in tiles_named(data):
            owner = buildup_owner(path, data)
            assert owner is None or (owner, name) not in secret, (seat, path, name)
        return
    secret = {NAME[t] for t in hidden}
    for path, name in tiles_named(data):
        if path[0] == "rounds":  # finished rounds show every hand: they must be the real ones
            assert path[2] == "hands", path
            assert name == NAME[state.rounds[path[1]].hands[path[3]][path[4]]], (path, name)
        else:
            assert name not in secret, (seat, path, name)


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("game, players, options", PROGRAM_GAMES,
                         ids=[f"{g}-{p or ''}" for g, p, _ in PROGRAM_GAMES])
def test_a_bot_program_is_told_no_tile_its_seat_may_not_see(monkeypatch, game, players, options, version):
    """Every message to a ``cmd:`` seat, as the driver (tournaments) and the client's
    bot worker (`seat_steps`) build them: each ``decide``'s steps and view, and
    ``end``'s steps, checked against the engine's view and `Match.visible`; in
    version 2, the whole view the decide carries too (`check_view_told`)."""
    monkeypatch.setattr(program, "Program", type("Recording", (RecordingProgram,), {"protocol": version}))
    monkeypatch.setattr(program, "_PROGRAMS", {})
    counts = {"masked": 0, "named late": 0, "decisions": 0, "hidden in view": 0}
    for seed in range(3):
        match = Match(game, players, options, seed=seed)
        bots = [make_bot(f"cmd:{sys.executable}", game, seat, match.options(), seed)
                for seat in range(match.num_players)]
        for bot in bots:
            bot.follow(match, None)
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
                continue
            seat = match.current_player
            view = match.view(seat)
            action = bots[seat].choose(view, match.state.legal_actions())
            told = bots[seat]._started.messages[-1]
            assert told["type"] == "decide"
            if version == 1:
                assert told["view"] == view_summary(view)
            else:
                assert told["view"] == view_to_json(view)
                assert {key: told["view"][key] for key in view_summary(view)} == view_summary(view)
                check_view_told(match, seat, told["view"], counts)
            check_steps_told(match, seat, told["steps"], counts)
            assert seat_steps(match, seat) == told["steps"]  # what the client's bot worker sends
            counts["decisions"] += 1
            match.apply(action)
        for seat, bot in enumerate(bots):
            bot.game_over(match.state.outcome())
            told = bot._started.messages[-1]
            assert told["type"] == "end"
            check_steps_told(match, seat, told["steps"], counts)
    assert counts["decisions"] > 50 and counts["masked"] > 0, counts
    assert counts["hidden in view"] > 0 or version == 1, counts
    if game == "necropolis":
        assert counts["named late"] > 0, counts  # a private draw named once its tile is laid face up


@pytest.mark.parametrize("game, players, options", PROGRAM_GAMES[:3], ids=["necropolis", "buildup", "cyprus"])
def test_the_view_check_finds_a_hidden_tile_written_into_the_view(game, players, options):
    """`check_view_told` is not vacuous: the full state's own JSON (every tile
    named) fails it for a seat wherever that seat has something hidden."""
    match, failures = Match(game, players, options, seed=1), 0
    rng = random.Random(1)
    while not match.is_over and failures < 5:
        if match.is_chance:
            match.resolve_chance()
            continue
        seat = match.current_player
        full = view_to_json(match.state)  # viewer -1: nothing written "?"
        full["seat"] = seat
        with pytest.raises(AssertionError):
            check_view_told(match, seat, full, {"hidden in view": 0})
        failures += 1
        match.apply(rng.choice(match.state.legal_actions()))
    assert failures == 5
