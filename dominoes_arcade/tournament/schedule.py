"""The round-robin schedule: which bots sit where, deal by deal, and every seed
(docs/architecture.md, "Tournament files").

- **Tables.** With at least as many bots as seats, every combination of `players`
  bots (in the order the bots are listed) is a table, so a bot never meets itself.
  With fewer bots than seats, a table is filled by going round the bot list, once
  from each bot (so each bot is the one repeated in turn); tables that are the same
  up to a rotation are kept once.
- **Rotations.** Every deal is played at every table in each distinct cyclic seat
  rotation. For two-player games this is "every pair plays every deal twice, seats
  swapped": duplicate deals, so luck cancels out.
- **Gauntlet.** With bots named as a gauntlet (`make_tables`' `gauntlet`), only
  tables of one of them against the field are played, instead of every table.
- **Order.** Deal-major (deal 0 at every table, then deal 1, ...), so `game_id` is
  the same whatever the number of deals, and a run cut short is balanced.
- **Seeds.** Every seed is a stable hash (sha256, never Python's `hash()`), cut to
  63 bits. A game's seed is its deal's, from the master seed and the deal alone:
  every table plays the same shuffle (`engine.chance.Deck`), so the same seed deals
  the same tiles whoever sits where. A bot's seed is `bots.seeds.bot_seed` of the
  game's seed and its seat, as everywhere else (simulate, the client), so
  ``play --seed S`` plays the tournament game dealt from S with the same bots.
- **A deal set.** With a deals file (`deal_sets`), deal i's seed is the file's i-th
  instead of one derived from the master seed; everything else is the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..bots.seeds import SEED_DERIVATION as BOT_SEEDS
from ..bots.seeds import bot_seed, stable_seed

SEED_DERIVATION = f"deal seed: sha256(master:deal:index) first 8 bytes, 63 bits; {BOT_SEEDS}"
"""How seeds are derived, written into the results file and part of the tournament's
fingerprint (`journal.tournament_key`): a journal from a version that derived them
otherwise is not resumed."""


def deal_seed(master: int, deal: int) -> int:
    """The seed of deal `deal`: the same at every table and in every rotation."""
    return stable_seed(master, "deal", deal)


def distinct_rotations(table: Sequence[int]) -> list[tuple[int, ...]]:
    """The cyclic rotations of `table` (rotation r seats ``table[r]`` in seat 0),
    each distinct seating once, in order of r.

    >>> distinct_rotations((0, 1))
    [(0, 1), (1, 0)]
    >>> distinct_rotations((0, 1, 0, 1))
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    seen: list[tuple[int, ...]] = []
    for r in range(len(table)):
        seating = tuple(table[r:]) + tuple(table[:r])
        if seating not in seen:
            seen.append(seating)
    return seen


def make_tables(bots: int, players: int, gauntlet: int = 0) -> list[tuple[int, ...]]:
    """The tables of a round robin of `bots` bots (by index) at `players` seats; with
    `gauntlet` > 0, of a gauntlet: each of the first `gauntlet` bots against every
    combination of `players` - 1 bots of the rest (the field), and never two of the
    first at one table.

    >>> make_tables(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> make_tables(3, 4)
    [(0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2)]
    >>> make_tables(2, 4)
    [(0, 1, 0, 1)]
    >>> make_tables(4, 2, gauntlet=1)
    [(0, 1), (0, 2), (0, 3)]
    """
    if gauntlet:
        if bots - gauntlet < players - 1:
            raise ValueError(f"a gauntlet at {players} seats needs a field of at least {players - 1} bots")
        return [(g, *field) for g in range(gauntlet) for field in combinations(range(gauntlet, bots), players - 1)]
    if bots < 1 or players < 1:
        raise ValueError("a table needs at least one bot and one seat")
    if bots >= players:
        return list(combinations(range(bots), players))
    tables: list[tuple[int, ...]] = []
    shapes: set[tuple[int, ...]] = set()
    for start in range(bots):
        table = tuple((start + i) % bots for i in range(players))
        shape = min(distinct_rotations(table))
        if shape not in shapes:
            shapes.add(shape)
            tables.append(table)
    return tables


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game of the schedule: where it stands, who sits where, its seeds."""

    game_id: int
    """Its place in the schedule, from 0."""
    deal: int
    table: int
    rotation: int
    seats: tuple[str, ...]
    """The bot spec in each seat, seat 0 first."""
    seed: int
    """The deal's seed (the game's chance)."""
    bot_seeds: tuple[int, ...]
    """Each seat's bot seed: `bots.seeds.bot_seed` of `seed` and the seat."""


def make_schedule(bots: Sequence[str], players: int, deals: int, master_seed: int,
                  gauntlet: int = 0, deal_seeds: Sequence[int] | None = None) -> list[GameJob]:
    """Every game of the tournament, in schedule order (`game_id` = index). With
    `deal_seeds` (a deal set, at least `deals` long), deal i is dealt from
    ``deal_seeds[i]`` rather than from `master_seed`."""
    if deal_seeds is not None and len(deal_seeds) < deals:
        raise ValueError(f"{deals} deals asked of a deal set of {len(deal_seeds)}")
    tables = make_tables(len(bots), players, gauntlet)
    seatings = [distinct_rotations(table) for table in tables]
    jobs: list[GameJob] = []
    for deal in range(deals):
        seed = deal_seeds[deal] if deal_seeds is not None else deal_seed(master_seed, deal)
        bot_seeds = tuple(bot_seed(seed, seat) for seat in range(players))
        for table_index, rotations in enumerate(seatings):
            for rotation, seating in enumerate(rotations):
                jobs.append(GameJob(len(jobs), deal, table_index, rotation,
                                    tuple(bots[i] for i in seating), seed, bot_seeds))
    return jobs


def games_per_deal(bots: int, players: int, gauntlet: int = 0) -> int:
    """How many games each deal makes."""
    return sum(len(distinct_rotations(t)) for t in make_tables(bots, players, gauntlet))
