"""The round-robin schedule and its seeds (docs/architecture.md, "Tournament files"; the
tournament issue: duplicate deals, cyclic rotations, bots repeated only when a
table needs it, stable 63-bit seeds)."""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.bots.seeds import bot_seed, hint_seed
from dominoes_arcade.tournament.schedule import (
    deal_seed,
    distinct_rotations,
    games_per_deal,
    make_schedule,
    make_tables,
    stable_seed,
)

BOTS = ["a", "b", "c", "d", "e"]


def test_two_player_every_pair_plays_every_deal_twice_with_seats_swapped():
    schedule = make_schedule(BOTS[:3], players=2, deals=4, master_seed=9)
    assert len(schedule) == 3 * 2 * 4  # 3 pairs, 2 seatings, 4 deals
    for deal in range(4):
        games = [job for job in schedule if job.deal == deal]
        seatings = Counter(job.seats for job in games)
        for x, y in combinations(BOTS[:3], 2):
            assert seatings[(x, y)] == 1 and seatings[(y, x)] == 1
        # Duplicate deals: one shuffle for the whole deal, whoever sits where.
        assert len({job.seed for job in games}) == 1
    assert len({job.seed for job in schedule}) == 4


def test_game_ids_are_places_in_a_deal_major_order():
    schedule = make_schedule(BOTS[:3], players=2, deals=3, master_seed=1)
    assert [job.game_id for job in schedule] == list(range(len(schedule)))
    assert [job.deal for job in schedule] == sorted(job.deal for job in schedule)


def test_more_deals_extend_the_schedule_without_renumbering():
    short = make_schedule(BOTS[:4], players=2, deals=2, master_seed=5)
    long = make_schedule(BOTS[:4], players=2, deals=5, master_seed=5)
    assert long[:len(short)] == short


def test_cyprus_tables_are_every_combination_in_every_cyclic_rotation():
    tables = make_tables(5, 4)
    assert len(tables) == 5  # C(5, 4)
    assert all(len(set(table)) == 4 for table in tables)
    schedule = make_schedule(BOTS, players=4, deals=1, master_seed=3)
    assert len(schedule) == 5 * 4
    first = [job.seats for job in schedule if job.table == 0]
    assert first == [("a", "b", "c", "d"), ("b", "c", "d", "a"), ("c", "d", "a", "b"), ("d", "a", "b", "c")]


def test_fewer_bots_than_seats_repeat_each_bot_in_turn():
    # Three bots at four seats: three tables, each bot doubled at one of them.
    assert make_tables(3, 4) == [(0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2)]
    # Two bots at four seats: the two fillings are one table up to rotation, and
    # its rotations give only two distinct seatings.
    assert make_tables(2, 4) == [(0, 1, 0, 1)]
    assert distinct_rotations((0, 1, 0, 1)) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert games_per_deal(2, 4) == 2


@settings(max_examples=60, deadline=None)
@given(bots=st.integers(2, 7), players=st.integers(2, 10))
def test_every_bot_sits_in_every_seat_equally_and_meets_itself_only_when_needed(bots, players):
    names = [f"bot{i}" for i in range(bots)]
    schedule = make_schedule(names, players, deals=1, master_seed=0)
    per_seat = Counter((job.seats[seat], seat) for job in schedule for seat in range(players))
    for name in names:
        counts = {per_seat[(name, seat)] for seat in range(players)}
        assert len(counts) == 1 and counts != {0}, f"{name} does not sit equally in every seat"
    totals = Counter(name for job in schedule for name in job.seats)
    assert len(set(totals.values())) == 1, "some bot plays more seats than another"
    for job in schedule:
        repeated = len(set(job.seats)) < players
        assert repeated == (bots < players)


def test_seeds_are_sha256_of_master_label_and_place_cut_to_63_bits():
    # The derivation written in the results file: first 8 bytes of
    # sha256("master:label:i:j...") shifted right once.
    expected = int.from_bytes(hashlib.sha256(b"42:deal:7").digest()[:8], "big") >> 1
    assert deal_seed(42, 7) == stable_seed(42, "deal", 7) == expected
    # A bot's seed: the same hash of the game's (deal's) seed, "bot" and the seat.
    job = make_schedule(BOTS[:2], 2, deals=1, master_seed=42)[1]
    game_seed = int.from_bytes(hashlib.sha256(b"42:deal:0").digest()[:8], "big") >> 1
    assert job.seed == game_seed
    assert job.bot_seeds[1] == int.from_bytes(hashlib.sha256(f"{game_seed}:bot:1".encode()).digest()[:8], "big") >> 1
    assert job.bot_seeds == tuple(bot_seed(game_seed, seat) for seat in range(2))


@settings(max_examples=50, deadline=None)
@given(master=st.integers(0, 2**63 - 1), place=st.lists(st.integers(0, 10**6), min_size=1, max_size=4))
def test_seeds_fit_63_bits_and_differ_by_place(master, place):
    seed = stable_seed(master, "bot", *place)
    assert 0 <= seed < 2**63
    assert seed != stable_seed(master, "bot", *place, 0)
    assert seed != stable_seed(master + 1, "bot", *place)


def test_bot_seeds_differ_by_seat_and_deal_and_follow_the_game_seed_alone():
    # A bot's seed depends on the game's seed and the seat only (the client's
    # `play --seed S` seeds its bots the same way), so every game of a deal gives
    # seat s the same bot seed, whoever sits there; seats and deals differ.
    schedule = make_schedule(BOTS[:3], 2, deals=3, master_seed=11)
    for job in schedule:
        assert job.bot_seeds == tuple(bot_seed(job.seed, seat) for seat in range(2))
        assert len(set(job.bot_seeds)) == 2
    by_deal = {job.deal: job.bot_seeds for job in schedule}
    assert all(job.bot_seeds == by_deal[job.deal] for job in schedule)
    seeds = [seed for seeds in by_deal.values() for seed in seeds]
    assert len(set(seeds)) == len(seeds)
    assert bot_seed(5, 0) != hint_seed(5, 0, 0) != hint_seed(5, 0, 1)
