"""Cyprus and Sebastopol properties: random legal play checked step by step against
oracles written from dominoes_arcade/rules/cyprus.md and sebastopol.md (legal moves, blocks, scores), tiles
conserved, views that hide what they must, and determinizations that respect what
draws and passes revealed. Plus the independent example records. (What every game
must do, records included, is in test_engine_contract.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.cyprus_knowledge import GAIN, GONE, VOID, assign_tiles, hand_layers
from dominoes_arcade.engine.records import replay
from dominoes_arcade.engine.tiles import DOUBLE_NINE, DOUBLE_SIX, NAME, NUMBERS_MASK, PIPS, parse_tile
from dominoes_arcade.files import read_records

EXAMPLES = Path(__file__).parent / "data" / "examples"
GAME_SHAPE = {"cyprus": (9, 8, DOUBLE_NINE), "sebastopol": (6, 4, DOUBLE_SIX)}
"""Spinner number, star slots and set of each game (dominoes_arcade/rules/cyprus.md and sebastopol.md)."""


def numbers(t: int) -> set[int]:
    a, b = NAME[t].split("-")
    return {int(a), int(b)}


def open_numbers(state) -> set[int]:
    suit, slots, _ = GAME_SHAPE[state.game]
    return {suit} if len(state.layout) < slots else set(state.ends)


def expected_legal(state) -> set[str]:
    """dominoes_arcade/rules/cyprus.md, "The star", "Playing on the arms" and "When you
    cannot play", from the public layout."""
    suit, slots, _ = GAME_SHAPE[state.game]
    seat = state.current_player
    hand = state.hands[seat]
    spinner = f"{suit}-{suit}"
    if spinner in (NAME[t] for t in hand):
        return {spinner}
    candidates = [state.drawn] if state.drawn >= 0 else hand
    if len(state.layout) < slots:
        plays = {f"{NAME[t]} @{len(state.layout)}" for t in candidates if suit in numbers(t)}
    else:
        plays = {f"{NAME[t]} @{k}" for t in candidates for k, end in enumerate(state.ends) if end in numbers(t)}
    if plays:
        return plays
    if state.drawn >= 0:
        return {"pass"}
    reserve = state.options_dict().get("boneyard_reserve", 0)
    return {"draw"} if len(state.boneyard) > reserve else {"pass"}


def check_layout(state) -> None:
    """Each arm, walked out from the spinner, matches number to number and ends at its
    open end; the star's slots hold distinct spinner-suit tiles."""
    suit, _, _ = GAME_SHAPE[state.game]
    for k, line in enumerate(state.layout):
        end = suit
        assert suit in numbers(line[0])
        for t in line:
            assert end in numbers(t)
            end = sum(numbers(t)) - end if len(numbers(t)) == 2 else end
        assert state.ends[k] == end


def check_conserved(state) -> None:
    """Every tile of the set is in exactly one place: a hand, the boneyard, an arm, or
    the centre once the spinner is set."""
    _, _, tile_set = GAME_SHAPE[state.game]
    everywhere = [t for hand in state.hands for t in hand] + list(state.boneyard)
    everywhere += [t for line in state.layout for t in line]
    if state.is_spinner_set:
        everywhere.append(tile_set[-1])
    assert sorted(everywhere) == sorted(tile_set)


def check_round_end(before, action, result) -> None:
    """The round ended after `action` in `before`: a domino, or a block that the
    rules confirm; and the winner and points that dominoes_arcade/rules/cyprus.md gives."""
    hands = [list(hand) for hand in result.hands]
    totals = [sum(PIPS[t] for t in hand) for hand in hands]
    assert totals == list(result.pips)
    if result.termination.name == "DOMINO":
        assert hands[result.winner] == [] and before.current_player == result.winner
    else:
        reserve = before.options_dict().get("boneyard_reserve", 0)
        ends = numbers_after(before, action)
        assert len(before.boneyard) <= reserve, "a block needs a boneyard nobody may draw from"
        assert not any(numbers(t) & ends for hand in hands for t in hand), "a block needs nobody able to play"
        lowest = [s for s, total in enumerate(totals) if total == min(totals)]
        winner = lowest[0] if len(lowest) == 1 else -1
        if winner < 0 and before.options_dict()["block_tie"] == "lightest_tile":
            lightest = {s: min(PIPS[t] for t in hands[s]) for s in lowest}
            holders = [s for s in lowest if lightest[s] == min(lightest.values())]
            winner = holders[0] if len(holders) == 1 else -1
        assert result.winner == winner
    if result.winner >= 0:
        assert result.points == sum(totals) - 2 * totals[result.winner]
    else:
        assert result.points == 0


def numbers_after(before, action) -> set[int]:
    """The open numbers once `action` is on the table."""
    suit, slots, _ = GAME_SHAPE[before.game]
    ends = list(before.ends)
    if action.kind == "play":
        end = suit if action.arg == len(ends) else ends[action.arg]
        other = sum(numbers(action.tile)) - end if len(numbers(action.tile)) == 2 else end
        ends[action.arg:action.arg + 1] = [other]
    return {suit} if len(ends) < slots else set(ends)


class Facts:
    """What the table saw each seat reveal this round (dominoes_arcade/rules/cyprus.md, "When you cannot play"):
    per seat, ``[numbers, tiles gained since, tiles showing them put down since]``."""

    def __init__(self, players: int):
        self.by_seat: list[list[list]] = [[] for _ in range(players)]

    def saw(self, before, action) -> None:
        seat = before.current_player
        if action.kind in ("draw", "pass"):
            self.by_seat[seat].append([open_numbers(before), 0, 0])
        elif action.kind == "drawn":  # facts only exist after the lead, so search draws change nothing
            for fact in self.by_seat[action.seat]:
                fact[1] += 1
        elif action.kind == "play":
            for fact in self.by_seat[seat]:
                fact[2] += bool(numbers(action.tile) & fact[0])

    def allow(self, seat: int, hand: list[int]) -> bool:
        """Old tiles lack the numbers; only tiles gained since may show them."""
        return all(sum(bool(numbers(t) & shown) for t in hand) <= gained - put_down
                   for shown, gained, put_down in self.by_seat[seat])


def check_view_and_determinize(state, seat: int, facts: Facts, rng: random.Random) -> None:
    view = state.view(seat)
    assert view.hands[seat] == state.hands[seat]
    for p, hand in enumerate(view.hands):
        if p != seat:
            assert hand == [-1] * len(state.hands[p]), "another hand shows a tile"
    assert view.boneyard == [-1] * len(state.boneyard)
    if state.drawn >= 0:
        assert view.drawn == (state.drawn if state.current_player == seat else -1)
    assert view.layout == state.layout and view.ends == state.ends
    full = view.determinize(rng)
    assert full.viewer == -1 and full.hands[seat] == state.hands[seat]
    assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
    assert len(full.boneyard) == len(state.boneyard)
    same = ("current_player", "layout", "ends", "totals", "dealer", "round_number", "is_spinner_set")
    assert all(getattr(full, name) == getattr(state, name) for name in same)
    if state.current_player == seat:
        assert full.legal_actions() == state.legal_actions() and full.drawn == state.drawn
    check_conserved(full)
    for p in range(state.num_players):
        assert facts.allow(p, state.hands[p]), "the oracle must accept the true hand"
        if p != seat:
            assert facts.allow(p, full.hands[p]), f"seat {p}'s sampled hand breaks a revealed void"
    if full.drawn >= 0:
        assert full.drawn in full.hands[full.current_player]
    if not full.is_terminal:  # the sample is a state the rules can carry on from
        play_to_end(full, rng, limit=40)


def play_to_end(state, rng: random.Random, limit: int = 100_000) -> None:
    for _ in range(limit):
        if state.is_terminal:
            return
        state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))


CONFIGS = [("cyprus", p, {"boneyard_reserve": r, "block_tie": b, "hand_sizes": h})
           for p in range(4, 11) for r in (0, 1) for b in ("no_score", "lightest_tile") for h in ("seed", "bell")]
CONFIGS += [("sebastopol", None, {"block_tie": b}) for b in ("no_score", "lightest_tile")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**32), st.sampled_from([20, 150]))
def test_random_play_against_the_rules(config, seed, target):
    game, players, options = config
    state = new_game(game, players, {**options, "target_score": target})
    rng = random.Random(seed)
    facts = Facts(state.num_players)
    for _ in range(20_000):
        if state.is_terminal:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = state.sample_chance(rng)
            assert action in [a for a, _ in outcomes]
        else:
            legal = [str(a) for a in state.legal_actions()]
            assert len(set(legal)) == len(legal) and set(legal) == expected_legal(state)
            assert not any(a.startswith("draw") for a in legal) or game == "cyprus"
            action = rng.choice(state.legal_actions())
        before = state.clone()
        if rng.random() < 0.1:
            check_view_and_determinize(state, rng.randrange(state.num_players), facts, rng)
        events = state.apply(action)
        facts.saw(before, action)
        ended = [e.value for e in events if e.kind == "round_over"]
        if ended:
            check_round_end(before, action, ended[0])
            gained = [a - b for a, b in zip(state.totals, before.totals, strict=True)]
            assert gained == [ended[0].points if s == ended[0].winner else 0 for s in range(state.num_players)]
            facts = Facts(state.num_players)
        elif not state.is_chance and not state.is_terminal and state.is_spinner_set and state.drawn < 0:
            reserve = options.get("boneyard_reserve", 0)
            can_play = any(numbers(t) & open_numbers(state) for hand in state.hands for t in hand)
            assert can_play or len(state.boneyard) > reserve, "a block the engine missed"
        check_conserved(state)
        check_layout(state)
    assert state.is_terminal, "the game must end"
    winner = state.outcome().winners[0]
    assert state.scores()[winner] >= target and max(state.scores()) == state.scores()[winner]


@pytest.mark.parametrize("name", ["cyprus", "sebastopol"])
def test_every_example_record_replays(name):
    records = read_records(EXAMPLES / f"{name}.jsonl")
    assert records
    for _, record in records:
        state = replay(record)
        assert state.is_terminal and state.scores() == record.scores


def test_layers_keep_each_fact_on_the_tiles_it_binds():
    # Seat 0, oldest fact first: passed lacking 5; drew a tile; passed lacking 3; put
    # down 1-2 (it lacks 3 and 5, so it may be a dealt tile); drew again; put down
    # 5-6 (it shows 5, so it is the first drawn tile). Three tiles are left.
    facts = [(VOID, 0, 1 << 5), (GAIN, 0, -1), (VOID, 0, 1 << 3), (GONE, 0, parse_tile("1-2")),
             (GAIN, 0, -1), (GONE, 0, parse_tile("5-6"))]
    history = None
    for kind, seat, value in facts:
        history = (kind, seat, value, history)
    # Dealt: 3 left + 2 put down - 2 drawn = 3, less 1-2: 2 tiles lacking 3 and 5. The
    # first draw (lacking 3) is gone as 5-6; the second draw is unconstrained. Seat 1
    # revealed nothing.
    assert hand_layers(history, [3, 4]) == ((((1 << 3) | (1 << 5), 2), (0, 1)), ((0, 4),))


def test_assign_tiles_finds_a_split_whenever_one_exists():
    both, only_first = parse_tile("0-0"), parse_tile("0-3")
    groups = [(1 << 3, 1), ((1 << 1) | (1 << 2), 1)]  # lacks 3; lacks 1 and 2
    for seed in range(20):
        dealt = assign_tiles([both, only_first], groups, random.Random(seed))
        assert dealt == [[both], [only_first]]
    with pytest.raises(ValueError):
        assign_tiles([parse_tile("0-0")], [(1 << 0, 1)], random.Random(0))
    assert all(not NUMBERS_MASK[t] & 1 for t in assign_tiles(list(range(10)), [(1, 4), (0, 6)],
                                                              random.Random(1))[0])
