"""The star games' view (Cyprus, Sebastopol: `cyprus.StarState`) as JSON and back
(their registry entries name these for `view_json`). What the draws and passes
revealed (the layers) follows from the public facts and is worked out again on the
way back."""

from __future__ import annotations

from typing import Any

from .core import Termination
from .cyprus import RoundResult, StarState
from .view_codec import ViewError, facts_from_json, facts_to_json, held, mask, names, numbers, termination, tile, tiles

PHASES = ("deal", "search", "lead", "turn", "draw", "drawn", "over")
"""The phases by number, as the JSON names them."""


def to_json(v: StarState) -> dict[str, Any]:
    return {"phase": PHASES[v.phase], "turn": v.seat, "dealer": v.dealer, "round": v.round_number,
            "to_deal": v.to_deal, "hands": [names(h) for h in v.hands], "boneyard": len(v.boneyard),
            "arms": [names(line) for line in v.layout], "ends": list(v.ends), "open": numbers(v.open_mask),
            "drawn": held(v.drawn, v.seat != v.viewer and v.phase == 5), "history": facts_to_json(v.history),
            "rounds": [{"number": done.number, "termination": termination(done.termination), "winner": done.winner,
                        "points": done.points, "hands": [names(h) for h in done.hands], "pips": list(done.pips)}
                       for done in v.rounds]}


def from_json(s: StarState, d: dict[str, Any]) -> None:
    preset = s.preset
    s.phase, s.seat, s.dealer = PHASES.index(d["phase"]), int(d["turn"]), int(d["dealer"])
    s.round_number, s.to_deal = int(d["round"]), int(d["to_deal"])
    s.hands = [tiles(h) for h in d["hands"]]
    s.boneyard, s.in_boneyard = [-1] * int(d["boneyard"]), 0
    s.layout = [tuple(tiles(line)) for line in d["arms"]]
    s.ends = [int(end) for end in d["ends"]]
    s.arms_at = [0] * (preset.suit + 1)
    if len(s.ends) == preset.slots:
        for arm, end in enumerate(s.ends):
            s.arms_at[end] |= 1 << arm
    s.open_mask = mask(d["open"])
    s.on_table = sum(1 << t for line in s.layout for t in line) | (1 << preset.spinner if s.is_spinner_set else 0)
    s.drawn = tile(d["drawn"])
    s.totals = tuple(int(x) for x in d["scores"])
    s.history = facts_from_json(d["history"])
    s.rounds = tuple(RoundResult(
        int(done["number"]), Termination[str(done["termination"]).upper()], int(done["winner"]), int(done["points"]),
        tuple(tuple(tiles(h)) for h in done["hands"]), tuple(int(p) for p in done["pips"])) for done in d["rounds"])
    s.hidden = s.layers()
    if len(s.hands) != s.num_players or len(s.totals) != s.num_players:
        raise ViewError("a hand and a score for each seat")
