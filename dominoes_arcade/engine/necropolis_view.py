"""Necropolis's view as JSON and back (its registry entry names these for `view_json`)."""

from __future__ import annotations

from typing import Any

from .necropolis import NecropolisState
from .tiles import NAME
from .view_codec import held, names, read_termination, termination, tile, tiles

PHASES = ("choose_first", "turn", "reveal_draw", "drawn", "reveal_exchange", "over")
"""The phases by number, as the JSON names them."""


def to_json(v: NecropolisState) -> dict[str, Any]:
    other = v.seat != v.viewer
    return {"phase": PHASES[v.phase], "turn": v.seat, "necropolis": len(v.pile),
            "mastabas": [names(m) for m in v.mastabas],
            "sites": [[[[NAME[t], top] for t, top in site] for site in sites] for sites in v.sites],
            "held": held(v.held, other and v.phase == 3), "returning": held(v.returning, other and v.phase == 4),
            "turns": v.turns, "passes_in_row": v.passes_in_row, "termination": termination(v.termination)}


def from_json(s: NecropolisState, d: dict[str, Any]) -> None:
    s.phase, s.seat = PHASES.index(d["phase"]), int(d["turn"])
    s.pile = [-1] * int(d["necropolis"])
    s.mastabas = [tiles(m) for m in d["mastabas"]]
    s.sites = [tuple(tuple((tile(t), int(top)) for t, top in site) for site in sites) for sites in d["sites"]]
    s.held, s.returning = tile(d["held"]), tile(d["returning"])
    s.turns, s.passes_in_row = int(d["turns"]), int(d["passes_in_row"])
    s.termination = read_termination(d["termination"])
