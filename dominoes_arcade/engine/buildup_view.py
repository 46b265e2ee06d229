"""Build Up's view as JSON and back (its registry entry names these for `view_json`).
The cover matrix, the hands' row masks and the stacks' tops follow from the rest
and are worked out again on the way back."""

from __future__ import annotations

from typing import Any

from .buildup import BuildUpState
from .buildup_matrix import ROW
from .tiles import NAME
from .view_codec import held, mask, names, read_termination, termination, tile, tiles

PHASES = ("deal_line", "first_draw", "fill", "play", "over")
"""The phases by number, as the JSON names them."""


def to_json(v: BuildUpState) -> dict[str, Any]:
    return {"phase": PHASES[v.phase], "turn": v.seat,
            "boneyards": [names(b) for b in v.boneyards], "hands": [names(h) for h in v.hands],
            "shown": [[NAME[t] for t in range(28) if shown >> t & 1] for shown in v.shown],
            "stacks": [[[NAME[t], owner] for t, owner in entries] for entries in v.stacks],
            "pending_first": held(v.pending_first, False), "first_seat": v.first_seat,
            "hand_index": v.hand_index, "played_pips": list(v.played_pips),
            "set_aside": [names(aside) for aside in v.set_aside],
            "hand_scores": [list(scores) for scores in v.hand_scores], "termination": termination(v.termination)}


def from_json(s: BuildUpState, d: dict[str, Any]) -> None:
    s.phase, s.seat = PHASES.index(d["phase"]), int(d["turn"])
    s.boneyards = [tiles(b) for b in d["boneyards"]]
    s.hands = [tiles(h) for h in d["hands"]]
    s.hand_rows = [sum(ROW[t] for t in hand if t >= 0) for hand in s.hands]
    shown = [mask(tile(t) for t in names_shown) for names_shown in d["shown"]]
    s.shown = (shown[0], shown[1])
    s.stacks = [tuple((tile(t), int(owner)) for t, owner in entries) for entries in d["stacks"]]
    s.tops = [entries[-1][0] if entries else -1 for entries in s.stacks]
    s.cover_matrix = 0
    for stack, top in enumerate(s.tops):
        if top >= 0:
            s.cover_matrix |= s.rules.columns[top][stack]
    s.pending_first, s.first_seat = tile(d["pending_first"]), int(d["first_seat"])
    s.hand_index, s.played_pips = int(d["hand_index"]), [int(p) for p in d["played_pips"]]
    aside = [tuple(tiles(set_aside)) for set_aside in d["set_aside"]]
    s.set_aside = (aside[0], aside[1])
    totals = [int(x) for x in d["scores"]]
    s.totals = (totals[0], totals[1])
    s.hand_scores = tuple((int(a), int(b)) for a, b in d["hand_scores"])
    s.termination = read_termination(d["termination"])
