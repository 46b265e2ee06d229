"""Chance from one shuffled deck (for duplicate deals), and a fast shuffle.

`State.sample_chance(rng)` draws each outcome afresh, which is all random play needs.
A tournament wants more: the same seed with the seats swapped should deal the same
tiles in the same order, so that luck cancels out. `Deck` gives every piece a
random rank once, from the seed, and each chance node takes the candidate with the
lowest rank: exactly a shuffled pile dealt from the top, and still a uniform draw
from the candidates at every node, because the ranks of the pieces still in play are
exchangeable. A piece that comes back (a Necropolis exchange shuffles a tile into the
necropolis) is given a new rank at a uniformly random position among the others.
"""

from __future__ import annotations

import random

from .core import Action, State


class Deck:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.rank: dict[int, float] = {}
        self.taken: set[int] = set()

    def copy(self) -> Deck:
        """An independent deck in the same place (to try a deal without dealing it)."""
        twin = Deck(0)
        twin.rng.setstate(self.rng.getstate())
        twin.rank, twin.taken = dict(self.rank), set(self.taken)
        return twin

    def sample(self, state: State) -> Action:
        """The chance outcome the deck deals at `state` (a chance node)."""
        outcomes = [action for action, _ in state.chance_outcomes()]
        keys = [state.chance_key(action) for action in outcomes]
        returned = [key for key in keys if key in self.taken]
        for key in keys:
            if key not in self.rank:
                self.rank[key] = self.rng.random()
        for key in returned:
            self.taken.discard(key)
            others = sorted(self.rank[k] for k in keys if k != key and k not in self.taken)
            slot = self.rng.randrange(len(others) + 1)
            low = others[slot - 1] if slot > 0 else 0.0
            high = others[slot] if slot < len(others) else 1.0
            self.rank[key] = low + (high - low) * self.rng.random()
        best = min(range(len(outcomes)), key=lambda i: self.rank[keys[i]])
        self.taken.add(keys[best])
        return outcomes[best]


def shuffle(items: list, rng: random.Random) -> None:
    """Shuffle `items` in place (Fisher-Yates) with `rng.random()`: uniform to 2**-53
    and about three times as fast as `random.shuffle`, which draws each index bit by
    bit. A search shuffles the unseen tiles once per determinization."""
    random_float = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(random_float() * (i + 1))
        items[i], items[j] = items[j], items[i]
