"""Reading the other hands from how their holders played, in the star games that deal
every tile (Sebastopol): worlds drawn in proportion to how well they explain the
others' plays, for `pimc`'s ``infer``.

A view already deals its worlds consistently with the passes (`cyprus_knowledge`).
The plays say more: a player who holds two tiles that fit picks one of them, and many
players pick as a one-ply judgement of the table would. Each other seat is taken to
be, with even odds, either such a player (the greedy policy, this package's `choose`,
which it follows but for a `SLIP` of its choices) or one whose choices tell nothing
(each legal play as likely). A seat that plays like greedy soon makes the hands that
explain its plays far likelier; a seat that does not (a searching bot) is soon judged
the other kind, and then weighs every hand alike, so it is not read at all rather
than read wrongly.

A seat's choices depend on its own hand and the table only, so the chance of a world
is the product of one factor per seat (`HandReader.weight`), each a function of that
seat's hand alone. `WorldChain` samples worlds by that product with a Markov chain
(Metropolis): it swaps one tile between two other hands and keeps the swap with the
ratio of the two seats' new and old factors. Only the two hands a swap touches are
weighed again, so a step costs a few one-ply judgements, and the chain concentrates
where importance sampling from the view's uniform deals would find almost nothing
late in a round.

The round is replayed from its start: each hand then held the tiles it holds in the
world plus those it has played since. The public record gives the order (the view's
`history`: plays and passes, newest first) and the arms (its `layout`). Where the
round has hidden draws (Cyprus with a boneyard) the start hands are not known from
the world alone, so nothing is read there.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable

from ...engine import Action
from ...engine.cyprus import StarState
from ...engine.cyprus_knowledge import GONE, VOID
from ...engine.star_tables import LEAD

SLIP = 0.05
"""The share of its choices a greedy-like player makes otherwise."""
GREEDY_ODDS = 0.5
"""The prior chance that another seat is a greedy-like player."""

Move = tuple[int, int, int]
"""``(seat, tile, arm)`` of a play (arm -1 for the spinner), ``(seat, -1, -1)`` of a pass."""
Choose = Callable[[StarState, list[Action]], Action]


def round_moves(view: StarState) -> list[Move] | None:
    """This round's decisions so far, oldest first, or None where they cannot be
    replayed (a game with a boneyard)."""
    if not view.preset.deals_everything:
        return None
    facts = []
    history = view.history
    while history is not None:
        kind, seat, value, history = history
        facts.append((kind, seat, value))
    facts.reverse()
    arm_of = {tile: arm for arm, line in enumerate(view.layout) for tile in line}
    moves: list[Move] = []
    for kind, seat, value in facts:
        if kind == VOID:
            moves.append((seat, -1, -1))
        elif kind == GONE:
            moves.append((seat, value, arm_of.get(value, -1)))
        else:  # a draw: not in a game that deals every tile
            return None
    return moves


def round_start(world: StarState, moves: list[Move]) -> StarState:
    """`world` as it was when this round's lead was due: the tiles played back in
    their players' hands and the table cleared (the totals are the round's own)."""
    start = world.clone()
    hands = [hand[:] for hand in world.hands]
    for seat, tile, _ in moves:
        if tile >= 0:
            bisect.insort(hands[seat], tile)
    start.hands = hands
    start.layout, start.ends = [], []
    start.arms_at = [0] * len(start.arms_at)
    start.open_mask = start.on_table = 0
    start.drawn = -1
    start.history = None
    lead = moves[0][0] if moves else world.seat
    start.phase, start.seat, start.current_player = LEAD, lead, lead
    return start


def _action_of(legal: list[Action], tile: int, arm: int) -> Action:
    """The action of `legal` that a move names (a pass: the only one)."""
    if tile < 0:
        return legal[0]
    return next(a for a in legal if a.tile == tile and (arm < 0 or a.arg == arm))


def hand_bits(hand: list[int]) -> int:
    """A hand as a bit set of its tiles."""
    bits = 0
    for tile in hand:
        bits |= 1 << tile
    return bits


def bits_hand(bits: int) -> list[int]:
    """The tiles of a bit set, in ascending order (the order hands keep)."""
    hand = []
    while bits:
        low = bits & -bits
        hand.append(low.bit_length() - 1)
        bits ^= low
    return hand


class HandReader:
    """What the others' choices this round say of their hands, seen from seat `me`.

    Built from one world consistent with the view (any determinization: its hands
    only stand in so that the public moves can be replayed), it keeps, for each
    other seat's decisions this round, the table as it stood then. `weight(seat,
    bits)` is then the chance of that seat's choices if it holds the tiles `bits`
    now, under the greedy-or-uninformative mixture above."""

    def __init__(self, world: StarState, moves: list[Move], me: int, choose: Choose):
        self.choose = choose
        players = len(world.hands)
        # Per seat, oldest first: (the state at the decision, the tile played or -1,
        # the bits of the tiles the seat plays from this decision on).
        self.decisions: list[list[tuple[StarState, int, int]]] = [[] for _ in range(players)]
        state = round_start(world, moves)
        for seat, tile, arm in moves:
            action = _action_of(state.legal_actions(), tile, arm)
            if seat != me and action.kind != "spinner":
                self.decisions[seat].append((state.clone(), tile, 0))
            state.apply_unchecked(action)
        for seat_decisions in self.decisions:
            later = 0
            for index in range(len(seat_decisions) - 1, -1, -1):
                snapshot, tile, _ = seat_decisions[index]
                if tile >= 0:
                    later |= 1 << tile
                seat_decisions[index] = (snapshot, tile, later)
        self._known: dict[tuple[int, int], float] = {}

    def informative(self) -> bool:
        """Whether any other seat has made a choice this round (else every world weighs alike)."""
        return any(self.decisions)

    def weight(self, seat: int, bits: int) -> float:
        """The chance of `seat`'s choices this round if it now holds `bits`; 0.0 where a
        choice is impossible with that hand (a pass while holding a tile that fit)."""
        key = (seat, bits)
        known = self._known.get(key)
        if known is not None:
            return known
        greedy_like = uniform = 1.0
        choose = self.choose
        for snapshot, tile, later in self.decisions[seat]:
            snapshot.hands[seat] = bits_hand(bits | later)
            legal = snapshot.legal_actions()
            if tile < 0:
                if legal[0].kind != "pass":
                    greedy_like = uniform = 0.0
                    break
                continue
            choices = len(legal)
            if choices > 1:
                greedy_like *= 1.0 - SLIP if choose(snapshot, legal).tile == tile else SLIP / (choices - 1)
                uniform /= choices
        value = GREEDY_ODDS * greedy_like + (1.0 - GREEDY_ODDS) * uniform
        self._known[key] = value
        return value

    def likelihood(self, world: StarState, me: int) -> float:
        """The chance of every other seat's choices this round if `world` is the truth."""
        value = 1.0
        for seat, hand in enumerate(world.hands):
            if seat != me:
                value *= self.weight(seat, hand_bits(hand))
        return value


class WorldChain:
    """Worlds consistent with `view`, drawn in proportion to `HandReader`'s likelihood
    by a Markov chain over the other hands (one tile swapped between two of them a
    step). It starts from one of the view's determinizations and makes `burn_in`
    steps before the first world is taken."""

    def __init__(self, view: StarState, moves: list[Move], me: int, choose: Choose, rng: random.Random,
                 burn_in: int):
        self.template = view.determinize(rng)
        self.reader = HandReader(self.template, moves, me, choose)
        self.hands = {seat: hand[:] for seat, hand in enumerate(self.template.hands) if seat != me and hand}
        self.seats = list(self.hands)
        self.bits = {seat: hand_bits(hand) for seat, hand in self.hands.items()}
        self.weights = {seat: self.reader.weight(seat, self.bits[seat]) for seat in self.seats}
        self.active = len(self.seats) > 1 and self.reader.informative()
        self.walk(rng, burn_in)

    def walk(self, rng: random.Random, steps: int) -> None:
        """`steps` swap proposals, each kept with the Metropolis ratio."""
        if not self.active:
            return
        seats, hands, bits, weights, weight = self.seats, self.hands, self.bits, self.weights, self.reader.weight
        for _ in range(steps):
            a, b = rng.sample(seats, 2)
            hand_a, hand_b = hands[a], hands[b]
            i, j = rng.randrange(len(hand_a)), rng.randrange(len(hand_b))
            tile_a, tile_b = hand_a[i], hand_b[j]
            swap = (1 << tile_a) | (1 << tile_b)
            new_a, new_b = bits[a] ^ swap, bits[b] ^ swap
            weight_a, weight_b = weight(a, new_a), weight(b, new_b)
            proposed = weight_a * weight_b
            if proposed > 0.0 and rng.random() * weights[a] * weights[b] < proposed:
                hand_a[i], hand_b[j] = tile_b, tile_a
                bits[a], bits[b] = new_a, new_b
                weights[a], weights[b] = weight_a, weight_b

    def world(self, rng: random.Random, steps: int) -> StarState:
        """The next world: `steps` more proposals, then the chain's hands in a copy of
        the first determinization."""
        self.walk(rng, steps)
        world = self.template.clone()
        for seat, hand in self.hands.items():
            world.hands[seat] = sorted(hand)
        return world
