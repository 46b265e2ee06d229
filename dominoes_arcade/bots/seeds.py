"""Every bot's seed, from the seed of its game and its seat: one derivation for the
tournament, simulate, the client, a lesson's laid turns and the headless online
client alike (the hint and the server's stand-in have labelled streams of their
own), so ``play --seed S`` with bots on an iteration budget plays move for move the
tournament game dealt from seed S with the same bots in the same seats.

A seed is the first 8 bytes of ``sha256("GAME_SEED:LABEL:i:j...")`` shifted right
once (63 bits), never Python's `hash()` (salted per process).
"""

from __future__ import annotations

import hashlib

SEED_DERIVATION = "bot seed: sha256(game_seed:bot:seat) first 8 bytes, 63 bits"
"""How a bot's seed is derived (the tournament writes it into its results)."""


def stable_seed(master: int, label: str, *place: int) -> int:
    """A seed in [0, 2**63) from `master`, a label and a place: the first 8 bytes of
    ``sha256("master:label:i:j...")`` shifted right once.

    >>> stable_seed(1, "deal", 0) == stable_seed(1, "deal", 0) < 2**63
    True
    """
    text = ":".join([str(master), label, *(str(i) for i in place)])
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game dealt from `game_seed`."""
    return stable_seed(game_seed, "bot", seat)


def hint_seed(game_seed: int, seat: int, decision: int) -> int:
    """The seed of the client's hint for `seat` at its `decision`-th step of the game
    dealt from `game_seed`: a label of its own, so a hint never shares a random
    stream with the seat bots (nor with the hint of another decision)."""
    return stable_seed(game_seed, "hint", seat, decision)


def stand_in_seed(game_seed: int, seat: int, decision: int) -> int:
    """The seed of the online server's stand-in bot, playing `seat`'s `decision`-th
    step of the game dealt from `game_seed` for a player out of time or away: a
    label of its own, as for a hint (a fresh bot each time, never the stream of a
    seat bot)."""
    return stable_seed(game_seed, "stand-in", seat, decision)
