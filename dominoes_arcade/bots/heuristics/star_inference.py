"""Reading the other hands from how their holders played, in the star games that deal
every tile (Sebastopol): the likelihood of a sampled world, for `pimc`'s ``infer``.

A view already deals its worlds consistently with the passes (`cyprus_knowledge`).
The plays say more: a player who holds two tiles that fit picks one of them, and most
players pick as a one-ply judgement of the table would. So a world is weighted by how
well the greedy policy (this package's `choose`), given that world's hands, explains
each choice the others made this round: every play it would not have made multiplies
the weight by `MISS`. Nothing is assumed about who the others are; a player who
rarely plays like greedy only lowers every world's weight alike.

The round is replayed from its start: each hand then held the tiles it holds in the
world plus those it has played since. The public record gives the order (the view's
`history`: plays and passes, newest first) and the arms (its `layout`). Where the
round has hidden draws (Cyprus with a boneyard) the start hands are not known from
the world alone, so nothing is read there.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

from ...engine import Action
from ...engine.cyprus import StarState
from ...engine.cyprus_knowledge import GONE, VOID
from ...engine.star_tables import LEAD

MISS = 0.3
"""The weight a world keeps for each play greedy would not have made in it."""

Move = tuple[int, int, int]
"""``(seat, tile, arm)`` of a play (arm -1 for the spinner), ``(seat, -1, -1)`` of a pass."""


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


def likelihood(world: StarState, moves: list[Move], me: int,
               choose: Callable[[StarState, list[Action]], Action]) -> float:
    """How well `choose` explains the others' plays this round if `world` is the
    truth: `MISS` to the power of the plays it would not have made (0.0 if a move
    is not even legal in it, which a consistent world never does)."""
    state = round_start(world, moves)
    weight = 1.0
    for seat, tile, arm in moves:
        legal = state.legal_actions()
        if tile < 0:
            action = legal[0]
            if action.kind != "pass":
                return 0.0
        else:
            found = [a for a in legal if a.tile == tile and (arm < 0 or a.arg == arm)]
            if not found:
                return 0.0
            action = found[0]
        if seat != me and tile >= 0 and len(legal) > 1 and choose(state, legal).tile != tile:
            weight *= MISS
        state.apply_unchecked(action)
    return weight
