"""What the table knows about the hidden hands of Cyprus and Sebastopol, and how to
deal the unseen tiles consistently with it (dominoes_arcade/rules/cyprus.md, "When you cannot play").

A player who draws or passes holds no tile showing an open number at that moment
(the spinner's number in the star phase, else the arms' open ends). A tile drawn later
may show that number, so the fact binds only the tiles held then. Each hidden hand is
therefore kept as **layers**, oldest first: the tiles that came in together (the deal,
then each kept draw) and the numbers none of them shows. Masks only shrink from older
to newer layers, which keeps the bookkeeping exact with one rule: a tile put on the
table leaves the oldest layer it may have come from (any other choice would leave
stricter layers behind, so this one keeps every hand the public facts allow).

The state records the public facts of a round in `history`, a linked list of
``(kind, seat, value, older)``, newest first, so a clone shares it for free.
"""

from __future__ import annotations

import random

from .chance import shuffle
from .core import mypyc_attr
from .tiles import NUMBERS_MASK

VOID = 0
"""``(VOID, seat, mask)``: a draw or pass showed the seat lacks every number in mask."""
GAIN = 1
"""``(GAIN, seat, -1)``: the seat drew a tile after the lead (the others do not see it)."""
GONE = 2
"""``(GONE, seat, tile)``: the seat put `tile` on the table (the spinner included)."""

Layers = tuple[tuple[tuple[int, int], ...], ...]
"""Per seat, ``(mask, count)`` pairs oldest first; empty layers are left out."""


def hand_layers(history: tuple | None, hand_sizes: list[int]) -> Layers:
    """Each seat's hidden hand as layers, from a round's public `history` and the
    current hand sizes."""
    facts = []
    while history is not None:
        facts.append(history)
        history = history[3]
    facts.reverse()
    # The first layer is the deal (with any search draws): today's size, less the
    # tiles gained since, plus those put down since.
    first_layer = list(hand_sizes)
    for kind, seat, _, _ in facts:
        first_layer[seat] += (kind == GONE) - (kind == GAIN)
    layers = [[[0, count]] for count in first_layer]
    for kind, seat, value, _ in facts:
        if kind == VOID:
            for layer in layers[seat]:
                layer[0] |= value
        elif kind == GAIN:
            layers[seat].append([0, 1])
        else:
            shown = NUMBERS_MASK[value]
            source = next((layer for layer in layers[seat] if layer[1] and not layer[0] & shown), None)
            if source is None:  # impossible after legal play; keep the counts right regardless
                source = next(layer for layer in reversed(layers[seat]) if layer[1])
            source[1] -= 1
    return tuple(tuple((mask, count) for mask, count in seat_layers if count) for seat_layers in layers)


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
class DealPlan:
    """What every determinization of one view shares, worked out once: the unseen
    tiles, the places they may go and the order the greedy split fills them in.

    The places are ``(mask, count)`` groups, each seat's hidden layers then the
    boneyard; `owners` names each group's seat (-1 for the boneyard). `spinner_place`
    pins the spinner before it is set (its holder's seat, or -1 for the boneyard
    during the search); `drawn_group` is the group whose tile the current seat just
    drew (-1 if none), which becomes the state's `drawn` tile."""

    __slots__ = ("viewer", "unseen", "groups", "owners", "order", "spinner", "spinner_place", "drawn_group",
                 "seat_groups", "boneyard_groups")

    def __init__(self, view, spinner_on_table: bool, spinner_place: int | None, drawer: int):
        viewer, spinner = view.viewer, view.preset.spinner
        seen = set(view.hands[viewer])
        for line in view.layout:
            seen.update(line)
        if spinner_on_table:
            seen.add(spinner)
        unseen = [t for t in view.preset.tiles if t not in seen]
        groups = [(mask, count, p) for p, seat_layers in enumerate(view.hidden) if p != viewer
                  for mask, count in seat_layers]
        groups.append((0, len(view.boneyard), -1))
        if spinner_place is not None:
            unseen.remove(spinner)
            index = next(i for i, group in enumerate(groups) if group[2] == spinner_place)
            mask, count, owner = groups[index]
            groups[index] = (mask, count - 1, owner)
        self.viewer, self.unseen, self.spinner, self.spinner_place = viewer, unseen, spinner, spinner_place
        self.groups = [(mask, count) for mask, count, _ in groups]
        self.owners = [owner for _, _, owner in groups]
        self.order = greedy_order(self.groups)
        self.drawn_group = max(i for i, group in enumerate(groups) if group[2] == drawer) if drawer >= 0 else -1
        self.seat_groups = [(p, [g for g, owner in enumerate(self.owners) if owner == p])
                            for p in range(len(view.hands)) if p != viewer]
        """Each other seat and the groups that make up its hand."""
        self.boneyard_groups = [g for g, owner in enumerate(self.owners) if owner < 0]

    def deal(self, s, rng: random.Random) -> None:
        """Fill `s` (a full-state clone of the view): the unseen tiles dealt at random
        to the other hands and the boneyard, every hidden layer keeping its voids."""
        dealt = assign_tiles(self.unseen, self.groups, rng, self.order)
        if self.drawn_group >= 0:  # read before the hands are sorted: a hand may be its group's list
            s.drawn = dealt[self.drawn_group][0]
        # Typed locals: the plan's fields and the state are untyped here, and the
        # compiled build would otherwise call every list method by name.
        hands: list[list[int]] = s.hands
        seat_groups: list[tuple[int, list[int]]] = self.seat_groups
        hand: list[int]
        for p, groups in seat_groups:
            if len(groups) == 1:
                hand = dealt[groups[0]]
            else:
                hand = []
                for g in groups:
                    hand += dealt[g]
            hand.sort()
            hands[p] = hand
        boneyard: list[int] = []
        boneyard_groups: list[int] = self.boneyard_groups
        for g in boneyard_groups:
            boneyard += dealt[g]
        if self.spinner_place is not None:
            if self.spinner_place < 0:
                boneyard.append(self.spinner)
            else:
                hand = hands[self.spinner_place]
                hand.append(self.spinner)
                hand.sort()
        boneyard.sort()
        in_boneyard = 0
        for t in boneyard:  # a loop, not a sum of a generator: a search deals thousands of times
            in_boneyard |= 1 << t
        s.boneyard, s.in_boneyard = boneyard, in_boneyard
        s.hidden = None


def greedy_order(groups: list[tuple[int, int]]) -> list[int]:
    """The order `assign_tiles` fills `groups` in: the most constrained first."""
    return sorted(range(len(groups)), key=lambda g: -groups[g][0].bit_count())


def assign_tiles(tiles: list[int], groups: list[tuple[int, int]], rng: random.Random,
                 order: list[int] | None = None) -> list[list[int]]:
    """Split `tiles` at random into groups ``(mask, count)``, no tile of a group
    showing a number in its mask. Greedy, most constrained group first (`order`,
    from `greedy_order`, when the caller has it); a group left short is filled by
    augmenting paths (Kuhn's matching), so a split is found whenever one exists.

    :raises ValueError: when no split exists.
    """
    tiles = tiles[:]
    shuffle(tiles, rng)
    dealt: list[list[int]] = [[] for _ in range(len(groups))]
    for g in greedy_order(groups) if order is None else order:
        mask, count = groups[g]
        if not mask:  # unconstrained (the boneyard, a hand nobody knows anything of)
            dealt[g] = tiles[:count]
            tiles = tiles[count:]
            continue
        if not count:
            continue
        # The first `count` tiles that fit, in the shuffled order; the scan stops
        # there (most groups are one drawn tile, and most tiles fit them).
        taken, left = dealt[g], []
        for t in tiles:
            if NUMBERS_MASK[t] & mask:
                left.append(t)
            else:
                taken.append(t)
                if len(taken) == count:
                    left += tiles[len(taken) + len(left):]
                    break
        tiles = left
    if tiles:
        _complete(tiles, groups, dealt)
    return dealt


def _complete(left: list[int], groups: list[tuple[int, int]], dealt: list[list[int]]) -> None:
    """`assign_tiles`'s rare second step, a function of its own (a nested function
    would make the compiled build keep every local of the first step in a closure):
    give the groups left short the `left` tiles by augmenting paths, moving tiles
    between groups if need be.

    :raises ValueError: when no split exists.
    """
    holder = {t: g for g, taken in enumerate(dealt) for t in taken}
    holder.update((t, -1) for t in left)

    def augment(g: int, visited: set[int]) -> bool:
        """Find group `g` one more tile, moving others along a chain if need be."""
        for t, owner in holder.items():
            if t not in visited and not NUMBERS_MASK[t] & groups[g][0]:
                visited.add(t)
                if owner == -1 or augment(owner, visited):
                    if owner != -1:
                        dealt[owner].remove(t)
                    holder[t] = g
                    dealt[g].append(t)
                    return True
        return False

    for g, (_, count) in enumerate(groups):
        while len(dealt[g]) < count:
            if not augment(g, set()):
                raise ValueError("no deal of the unseen tiles fits what the view knows")
