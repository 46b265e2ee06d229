"""The served bot's view rebuilt by search, for Necropolis and Build Up (and any
game without a better way: `shadow.Shadow`).

It replays the steps in a game of its own, putting for each tile written ``?`` a
tile the seat cannot see, and going back to try another when a later step turns
out illegal (one that names a tile the search put elsewhere, or a pass of a seat
that could play a stand-in). Every tile the seat may see is named in the steps,
so the rebuilt view of the seat is the real one: the same zones, the same legal
decisions (tests/test_bot_protocol.py checks this over random games of every game
and seat).
"""

from __future__ import annotations

import bisect
import math
import time

from ..engine import CHANCE, Action, IllegalAction, InvalidNotation, State
from ..engine.records import parse_step
from ..engine.tiles import NAME
from . import protocol
from .protocol import HIDDEN, tile_of


class ShadowError(Exception):
    """The steps cannot be replayed (a bug, or steps from a different game)."""


REPAIRS = 100
"""Repairs of the hidden tiles in one try (strict, then relaxed)."""


def search(start: State, seat: int, steps: list[str], face_up: set[str],
           deadline: float = math.inf) -> tuple[State, dict[int, str]]:
    """The state after `steps` (`seat`'s steps, replayed from `start`; `face_up`,
    the tiles its view shows), and the tile put at each hidden step.

    The replay puts the likeliest tile at each hidden step (`_candidates`). When a
    step that names a tile fails, it repairs the choice that caused it: the
    hidden step that took that tile is barred from it, or, when the tile was left
    in the stock, the latest hidden step that gave its seat a tile is made to
    give it; and the replay goes on from there.

    If that fails, it tries again with other seats' draws and passes unchecked
    (what they say of hidden hands can be more than the repairs can meet).

    :raises ShadowError: when no try makes every step legal, or at `deadline`
        (a `time.perf_counter` time).
    """
    named: dict[str, list[int]] = {}
    for index, step in enumerate(steps):
        tile = tile_of(step)
        if tile is not None and tile != HIDDEN:
            named.setdefault(tile, []).append(index)
    facts: dict[int, set[str]] = {}
    """Tiles a hidden step cannot have given, whatever the other choices: its seat
    later drew or passed while it could have played them. They hold across tries."""
    for relaxed in (False, True):
        facts.clear()
        found = _attempt(start, seat, steps, named, face_up, facts, relaxed, deadline)
        if found is not None:
            return found
    raise ShadowError(f"no hidden tiles fit the steps after {REPAIRS} repairs, strict or relaxed")


def _attempt(start: State, seat: int, steps: list[str], named: dict[str, list[int]], face_up: set[str],
             facts: dict[int, set[str]], relaxed: bool, deadline: float) -> tuple[State, dict[int, str]] | None:
    """One try at `search`; None after `REPAIRS` repairs."""
    forced = _reserve(steps, named)
    banned: dict[int, set[str]] = {}
    """Tiles a hidden step may not take, found by a repair under the choices before it."""
    saved: dict[int, State] = {}
    """The state before each hidden step."""
    chosen: dict[int, str] = {}
    """The tile put at each hidden step."""
    index, state, repairs = 0, start.clone(), 0
    while True:
        if index == len(steps):
            # The steps end at the seat's decision (it is being asked): stand-ins that
            # end play sooner (in Build Up, a hidden hand none of whose tiles fits
            # ends the hand) are wrong, and the latest of them takes another tile.
            if state.current_player == seat or not chosen:
                return state, chosen
        elif tile_of(steps[index]) == HIDDEN:
            saved[index] = state.clone()
            choices = _candidates(state, index, steps, named, face_up, forced,
                                  banned.get(index, set()) | facts.get(index, set()))
            if choices:
                state.apply_unchecked(choices[0])
                chosen[index] = NAME[choices[0].tile]
                index += 1
                continue
        else:
            try:
                action = parse_step(state, steps[index])
                if relaxed and action.tile < 0 and state.current_player not in (CHANCE, seat):
                    state.apply_unchecked(action)
                else:
                    state.apply(action)
                index += 1
                continue
            except (IllegalAction, InvalidNotation):
                pass
        repairs += 1
        if repairs > REPAIRS:
            return None
        if time.perf_counter() > deadline:
            raise ShadowError("out of time")
        try:
            index = _repair(index, state, steps, named, chosen, saved, forced, banned, facts)
        except ShadowError:
            return None
        state = saved[index].clone()
        chosen = {at: tile for at, tile in chosen.items() if at < index}
        for at in [at for at in banned if at > index]:  # found with the choices now undone
            del banned[at]


def _candidates(state: State, index: int, steps: list[str], named: dict[str, list[int]],
                face_up: set[str], forced: dict[int, str], banned: set[str]) -> list[Action]:
    """The actions a hidden step may be (but not a `banned` tile), the likeliest
    first: the tile `forced` for it; a tile that the seat receiving it plays next,
    or that is kept for a later hidden step to that seat (a hand's hidden tiles
    are alike); a tile never named again; a tile kept for another seat; last, a
    tile named next by another step (it must wait for that step)."""
    step = steps[index]
    actor = step.partition(" ")[0]
    chance = state.current_player == CHANCE
    actions = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
    prefix = "* " if chance else f"{state.current_player} "
    reserved = forced.get(index)
    kept_later = {tile: at for at, tile in forced.items() if at > index}
    receiver = _receiver(steps, index) if chance else actor
    ranked = []
    for action in actions:
        tile = NAME[action.tile] if action.tile >= 0 else None
        if tile is None or tile in face_up or tile in banned or protocol.masked(prefix + action.text) != step:
            continue
        later = named.get(tile, [])
        at = bisect.bisect_right(later, index)
        following = later[at] if at < len(later) else None
        if tile == reserved:
            rank = (-1, 0)
        elif tile in kept_later and (following is None or following > kept_later[tile]):
            # kept for a later hidden step, before it is named: harmless if to the same seat
            rank = (0, 0) if _receiver(steps, kept_later[tile]) == receiver else (2, 0)
        elif following is None:
            rank = (1, 0)
        elif steps[following].partition(" ")[0] == receiver:
            rank = (0, following)
        else:  # named again elsewhere first (dealt again, or played by another seat)
            rank = (3, -following)
        if rank[0] >= 0 and not _fits_next(state, action, steps, index):
            rank = (4, 0)
        ranked.append((rank, action.tile, action))
    ranked.sort(key=lambda item: item[:2])
    return [action for _, _, action in ranked]


def _fits_next(state: State, action: Action, steps: list[str], index: int, depth: int = 3) -> bool:
    """Whether the next few steps after hidden step `index` stay legal with `action`
    there, when the next is a decision naming no tile: a draw followed by a pass
    needs a tile its seat cannot play."""
    if index + 1 >= len(steps) or tile_of(steps[index + 1]) is not None or steps[index + 1].startswith("*"):
        return True  # only a draw or a pass just after says something of the tile
    trial = state.clone()
    trial.apply_unchecked(action)
    for step in steps[index + 1: index + 1 + depth]:
        if tile_of(step) == HIDDEN:
            break
        try:
            trial.apply(parse_step(trial, step))
        except (IllegalAction, InvalidNotation):
            return False
    return True


def _holds(state: State, seat: int) -> bool:
    """Whether `seat` holds any tile of its own (in a zone ``"NAME seat"``)."""
    suffix = f" {seat}"
    return any(tiles for zone, tiles in state.zones().items() if zone.endswith(suffix))


def _repair(failed: int, state: State, steps: list[str], named: dict[str, list[int]], chosen: dict[int, str],
            saved: dict[int, State], forced: dict[int, str], banned: dict[int, set[str]],
            facts: dict[int, set[str]]) -> int:
    """Change one choice so that step `failed` may be played in `state`; the hidden
    step to replay from."""
    if failed == len(steps):  # play ended before the seat's decision: see `_attempt`
        latest = max(chosen)
        return _bar(latest, chosen[latest], forced, banned)
    if not chosen:
        raise ShadowError(f"step {failed} ({steps[failed]!r}) cannot be played")
    tile = tile_of(steps[failed])
    if tile is None and state.current_player >= 0:
        # A draw or pass refused, as the seat could play: it held none of the tiles
        # it could play then, so none of them came to it since it last held nothing
        # (and since they were last named).
        seat = str(state.current_player)
        playable = {NAME[a.tile] for a in state.legal_actions() if a.tile >= 0}
        window = []
        for at in sorted(chosen, reverse=True):
            if _receiver(steps, at) == seat:
                window.append(at)
                if not _holds(saved[at], state.current_player):
                    break
        restart = None
        for unfit in playable:
            last = max((at for at in named.get(unfit, []) if at < failed), default=-1)
            for at in window:
                if last < at:
                    facts.setdefault(at, set()).add(unfit)
                    if chosen[at] == unfit:
                        restart = at if restart is None else min(restart, at)
        if restart is not None:
            return restart
    if tile is not None and tile != HIDDEN:
        takers = [at for at, taken in chosen.items() if taken == tile]
        if takers:  # a hidden step took the tile this step names: it takes another
            return _bar(max(takers), tile, forced, banned)
        actor = steps[failed].partition(" ")[0]
        indices = named[tile]
        earlier = max((at for at in indices if at < failed), default=-1)
        for at in sorted(chosen, reverse=True):  # the tile stayed in the stock: its seat got it hidden
            if earlier < at < failed and forced.get(at) != tile and tile not in banned.get(at, ()) \
                    and _receiver(steps, at) == actor:
                forced[at] = tile
                return at
    unfit = banned.get(failed, set()) | facts.get(failed, set())
    if tile == HIDDEN and unfit:
        # No tile in the stock fits this hidden step: one that does not (kept from
        # it by the steps after it) went to another seat, earlier.
        receiver, kept = _receiver(steps, failed), set(forced.values())
        for tile in sorted(unfit - kept):
            for at in sorted(chosen, reverse=True):
                if (_receiver(steps, at) != receiver and forced.get(at) not in unfit
                        and tile not in banned.get(at, ()) and tile not in facts.get(at, ())):
                    forced[at] = tile
                    return at
    latest = max(chosen)  # nothing better known: the latest choice takes another tile
    return _bar(latest, chosen[latest], forced, banned)


def _bar(at: int, tile: str, forced: dict[int, str], banned: dict[int, set[str]]) -> int:
    banned.setdefault(at, set()).add(tile)
    if forced.get(at) == tile:
        del forced[at]
    return at


def _receiver(steps: list[str], index: int) -> str | None:
    """Who gets the tile of hidden chance step `index`: the seat the step names
    (``* draw 2 ?``), else the last seat to decide (``0 draw``, then ``* ?``)."""
    words = steps[index].split()
    seats = [word for word in words[1:-1] if word.isdigit()]
    if seats:
        return seats[-1]
    return next((step.partition(" ")[0] for step in reversed(steps[:index]) if not step.startswith("*")), None)


def _reserve(steps: list[str], named: dict[str, list[int]]) -> dict[int, str]:
    """For each decision that plays a tile its seat got hidden, the hidden chance
    step that most likely dealt it: the latest one to that seat, not yet kept for
    another tile, after the tile was last named; but a hidden draw followed at
    once by its seat's play is kept for that play's tile."""
    hidden = [i for i, step in enumerate(steps) if step.startswith("* ") and tile_of(step) == HIDDEN]
    receivers = {i: _receiver(steps, i) for i in hidden}
    reserved: dict[int, str] = {}
    for i in hidden:  # first a draw played at once (in Cyprus, only the tile just drawn may be)
        if i + 1 < len(steps) and steps[i + 1].partition(" ")[0] == receivers[i]:
            tile = tile_of(steps[i + 1])
            if tile not in (None, HIDDEN):
                reserved[i] = tile
    plays = sorted((j, tile, indices[at - 1] if at else -1)
                   for tile, indices in named.items() for at, j in enumerate(indices))
    for j, tile, earlier in plays:  # in game order, so a draw goes to the play right after it
        actor = steps[j].partition(" ")[0]
        if actor != "*":
            if reserved.get(j - 1) == tile or (earlier >= 0 and steps[earlier].startswith("* ")
                                               and _receiver(steps, earlier) == actor):
                continue  # drawn just before, or received in the open
            for i in reversed(hidden[: bisect.bisect_left(hidden, j)]):
                if i <= earlier:
                    break
                if i not in reserved and receivers[i] == actor:
                    reserved[i] = tile
                    break
    return reserved
