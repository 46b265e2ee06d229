"""Cyprus and Sebastopol for `shadow.Shadow`: the current round rebuilt exactly.

Only the current round is replayed. Earlier rounds matter now only through the
totals they scored, and the steps cannot say those: a round's score is counted from
the hands shown at its end, which no step names. So the round starts from a fresh
deal with the totals of the ``decide`` message's view (`round_state`).

In the round, every tile the seat may see is named: its own deals and draws, and
every tile on the table (docs/bot-protocol.md: a step is shown once its tile is face
up). So each step written ``?`` gave another seat a tile that is still in that
seat's hand, and the tiles nobody named are those hands and the boneyard. What
the steps say of them is what the engine's own bookkeeping says
(engine/cyprus_knowledge.py): a seat that drew or passed held no tile showing an
open number then, so a hidden tile it got before may show none of the numbers
open at any of its later draws and passes. Splitting the unnamed tiles among the
hidden steps and the boneyard under those masks is the engine's matching
(`cyprus_knowledge.assign_tiles`), which finds a split whenever one exists.

One more thing binds the hidden hands: the round is not blocked. Up to the last
tile played that holds of itself (the next tile played was in its player's hand,
and showed an open number), but after it, when nobody may draw, a run of passes
says that a seat that has not passed since holds a tile that fits: the rebuild
pins one such tile to one of that seat's hidden steps when its first try blocks.
"""

from __future__ import annotations

import bisect
import math
import random
import time

from ..engine import IllegalAction, InvalidNotation
from ..engine.cyprus import StarState
from ..engine.cyprus_knowledge import assign_tiles
from ..engine.records import parse_step
from ..engine.tiles import BY_NAME, NAME, NUMBERS_MASK
from .protocol import HIDDEN, tile_of
from .shadow_search import ShadowError

TRIES = 400
"""Replays of one round at most (each learns a pass, or tries another pinned tile)."""


def _is_deal(step: str) -> bool:
    return step.startswith("* deal ")


def starts_round(steps: list[str], index: int) -> bool:
    """Whether step `index` is a round's first deal."""
    return _is_deal(steps[index]) and (index == 0 or not _is_deal(steps[index - 1]))


def current_round(steps: list[str]) -> tuple[int, int]:
    """(the index of the current round's first step, its number from 1)."""
    begin = len(steps) - 1
    while begin >= 0 and not _is_deal(steps[begin]):
        begin -= 1
    while begin > 0 and _is_deal(steps[begin - 1]):
        begin -= 1
    return max(begin, 0), sum(starts_round(steps, index) for index in range(max(begin, 0) + 1))


def round_state(start: StarState, steps: list[str], begin: int, number: int,
                totals: list[int] | None) -> StarState:
    """The game at the start of round `number` (its first deal, step `begin`), with
    the `totals` scored so far.

    It sets the state's round fields itself: the engine offers no way to start a
    round but playing the one before, which the steps do not allow (the module
    docstring)."""
    state = start.clone()
    if number > 1:
        if totals is None or len(totals) != state.num_players:
            raise ShadowError("a later round needs the scores so far (the view's \"scores\")")
        state.totals = tuple(int(total) for total in totals)
        state.round_number = number - 1
        first = int(steps[begin].split()[2])  # the first deal goes to the seat after the dealer
        state._start_round((first - 1) % state.num_players)
    return state


def rebuild_round(base: StarState, steps: list[str], begin: int, seat: int, facts: dict[int, tuple[int, int]],
                  deadline: float = math.inf) -> tuple[StarState, dict[int, int]]:
    """The state after `steps`, replayed from `base` (the round's start, step
    `begin`), and the tile put at each hidden step (see the module docstring).
    `facts` gets, by the index of each draw and pass, its seat and the numbers open
    then.

    :raises ShadowError: when no tiles fit (steps of another game), or at `deadline`.
    """
    named = {BY_NAME[tile] for step in steps[begin:] if (tile := tile_of(step)) not in (None, HIDDEN)}
    unseen = [tile for tile in base.preset.tiles if tile not in named]
    hidden = {index: receiver(steps[index]) for index in range(begin, len(steps))
              if tile_of(steps[index]) == HIDDEN}
    rng = random.Random(seat)
    pin: tuple[int, int] | None = None
    """(a hidden step, the tile it must hold) while the round must not block."""
    window: tuple[set[int], int] | None = None
    """Once a try blocked: (the seats that may hold the tile that fits, the open numbers)."""
    tried: set[tuple[int, int]] = set()
    for _ in range(TRIES):
        if time.perf_counter() > deadline:
            raise ShadowError("out of time")
        masks = _masks(hidden, facts)
        if pin is not None and NUMBERS_MASK[pin[1]] & masks[pin[0]]:
            tried.add(pin)
            pin = None
        if window is not None and pin is None:
            pin = next(_pins(hidden, unseen, masks, *window, tried), None)
            if pin is None:
                break
        assignment = _assign(unseen, hidden, masks, pin, rng)
        if assignment is None:
            if pin is None:
                break
            tried.add(pin)
            pin = None
            continue
        state, blocked = _replay(base, steps, begin, assignment, facts)
        if blocked is None:
            if state is not None:
                return state, assignment
            continue  # a pass or draw was refused: its fact is learnt, try again
        window = (_holders(steps, begin, seat, set(hidden.values())), blocked)
        if pin is not None:
            tried.add(pin)
            pin = None
    raise ShadowError("no hidden tiles fit the round's draws and passes")


def _masks(hidden: dict[int, int], facts: dict[int, tuple[int, int]]) -> dict[int, int]:
    """For each hidden step, the numbers its tile may not show: those open at every
    later draw or pass of its seat."""
    return {index: void_after(facts, seat, index) for index, seat in hidden.items()}


def void_after(facts: dict[int, tuple[int, int]], seat: int, index: int) -> int:
    """The numbers `seat` showed it lacked at its draws and passes after step `index`."""
    mask = 0
    for at, (who, numbers) in facts.items():
        if who == seat and at > index:
            mask |= numbers
    return mask


def receiver(step: str) -> int:
    """The seat a deal or draw step gives its tile to (``"* deal 2 ?"`` -> 2)."""
    return int(step.split()[2])


def swap_named(state: StarState, steps: list[str], applied: list[str], guessed: dict[int, str],
               facts: dict[int, tuple[int, int]], index: int) -> bool:
    """Hidden step `index`, where the shadow put one tile, now names another (it came
    face up): swap the two in `state` and `applied`, so the shadow's seat holds the
    named one. False when the swap would break what a draw or pass said (then the
    round is rebuilt)."""
    real, mine = BY_NAME[tile_of(steps[index])], BY_NAME[tile_of(applied[index])]
    seat = receiver(steps[index])
    if mine not in state.hands[seat]:
        return False
    other = next((at for at in guessed if at != index and tile_of(applied[at]) == NAME[real]), None)
    if other is None:  # the shadow left it in the boneyard
        if real not in state.boneyard:
            return False
        state.boneyard[state.boneyard.index(real)] = mine
    else:
        holder = receiver(steps[other])
        if NUMBERS_MASK[mine] & void_after(facts, holder, other) or real not in state.hands[holder]:
            return False
        state.hands[holder].remove(real)
        bisect.insort(state.hands[holder], mine)
        applied[other] = guessed[other].replace(HIDDEN, NAME[mine], 1)
    state.hands[seat].remove(mine)
    bisect.insort(state.hands[seat], real)
    applied[index] = steps[index]
    return True


def _assign(unseen: list[int], hidden: dict[int, int], masks: dict[int, int], pin: tuple[int, int] | None,
            rng: random.Random) -> dict[int, int] | None:
    """A tile for each hidden step under `masks` (and `pin`), the rest left in the
    boneyard; None when there is none."""
    tiles = [tile for tile in unseen if pin is None or tile != pin[1]]
    order = [index for index in hidden if pin is None or index != pin[0]]
    left = len(tiles) - len(order)
    if left < 0:
        raise ShadowError(f"{len(hidden)} hidden tiles, but only {len(unseen)} tiles nobody named")
    try:
        dealt = assign_tiles(tiles, [(masks[index], 1) for index in order] + [(0, left)], rng)
    except ValueError:
        return None
    assignment = {index: group[0] for index, group in zip(order, dealt, strict=False)}
    if pin is not None:
        assignment[pin[0]] = pin[1]
    return assignment


def _replay(base: StarState, steps: list[str], begin: int, assignment: dict[int, int],
            facts: dict[int, tuple[int, int]]) -> tuple[StarState | None, int | None]:
    """Replay the round with `assignment`, learning into `facts` the numbers open at
    each draw and pass. (the state, None) when every step was legal; (None, None)
    when a draw or pass was not (it is learnt); (None, the open numbers) when the
    round blocked before its steps ran out."""
    state = base.clone()
    number = state.round_number
    refused = False
    for index in range(begin, len(steps)):
        step = steps[index]
        if index in assignment:
            step = step.replace(HIDDEN, NAME[assignment[index]], 1)
        try:
            action = parse_step(state, step)
        except InvalidNotation as error:
            raise ShadowError(f"step {index} ({steps[index]!r}): {error}") from None
        if action.kind in ("draw", "pass"):
            facts.setdefault(index, (state.current_player, state.open_mask))
            if not state.is_legal(action):
                refused = True
            before = None
        else:
            # a block may follow only once nobody may draw
            blockable = state.current_player >= 0 and len(state.boneyard) <= state.rules.boneyard_reserve
            before = state.clone() if blockable else None
        try:
            if action.kind in ("draw", "pass"):
                state.apply_unchecked(action)  # refused ones too, to learn what follows
            else:
                state.apply(action)
        except IllegalAction as error:
            raise ShadowError(f"step {index} ({steps[index]!r}): {error.reason}") from None
        if state.round_number != number or state.is_terminal:
            return None, _open_after(before, action) if before is not None else facts[index][1]
    return (None if refused else state), None


def _open_after(before: StarState, action) -> int:
    """The numbers open after `action` in `before` (a copy is played on, with the
    block check kept off: the round must not end before it is read)."""
    probe = before.clone()
    probe.boneyard = probe.boneyard + [-1] * (probe.rules.boneyard_reserve + 1)
    probe.apply_unchecked(action)
    return probe.open_mask


def _holders(steps: list[str], begin: int, seat: int, hidden_seats: set[int]) -> set[int]:
    """The other seats that have not drawn or passed since the round's last tile was played."""
    last = max((index for index in range(begin, len(steps))
                if not steps[index].startswith("*") and tile_of(steps[index]) is not None), default=begin)
    passed = {int(step.partition(" ")[0]) for step in steps[last + 1:] if not step.startswith("*")}
    return hidden_seats - passed - {seat}


def _pins(hidden: dict[int, int], unseen: list[int], masks: dict[int, int], holders: set[int], numbers: int,
          tried: set[tuple[int, int]]):
    """Each (hidden step, tile) that would give a seat of `holders` a tile showing one
    of `numbers`, newest step first (its mask is the loosest)."""
    for index in sorted(hidden, reverse=True):
        if hidden[index] in holders:
            for tile in unseen:
                if NUMBERS_MASK[tile] & numbers and not NUMBERS_MASK[tile] & masks[index] \
                        and (index, tile) not in tried:
                    yield index, tile


def clear_void(state: StarState, steps: list[str], applied: list[str], guessed: dict[int, str],
               facts: dict[int, tuple[int, int]], seat: int) -> bool:
    """`seat` draws or passes, but the shadow put a tile that fits in its hand (at
    one of its hidden steps): trade each such tile for one it may hold, from the
    boneyard or another seat's hidden steps, in `state` and `applied`. `facts` holds
    the draw or pass already. False when some tile finds no trade (then the round
    is rebuilt)."""
    for index in [at for at in guessed if receiver(steps[at]) == seat]:
        tile = BY_NAME[tile_of(applied[index])]
        if not NUMBERS_MASK[tile] & state.open_mask:
            continue
        lacks = void_after(facts, seat, index)
        partner = next((at for at in guessed if receiver(steps[at]) != seat
                        and not NUMBERS_MASK[BY_NAME[tile_of(applied[at])]] & lacks
                        and not NUMBERS_MASK[tile] & void_after(facts, receiver(steps[at]), at)), None)
        if partner is not None:
            other = BY_NAME[tile_of(applied[partner])]
            holder = state.hands[receiver(steps[partner])]
            holder.remove(other)
            bisect.insort(holder, tile)
            applied[partner] = guessed[partner].replace(HIDDEN, NAME[tile], 1)
        else:
            other = next((t for t in state.boneyard if not NUMBERS_MASK[t] & lacks), None)
            if other is None:
                return False
            state.boneyard[state.boneyard.index(other)] = tile
        state.hands[seat].remove(tile)
        bisect.insort(state.hands[seat], other)
        if state.drawn == tile:
            state.drawn = other
        applied[index] = guessed[index].replace(HIDDEN, NAME[other], 1)
    return True
