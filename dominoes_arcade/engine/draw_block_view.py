"""Draw's and Block's view (`draw_block.DrawBlockState`) as JSON and back (their registry
entries name these for `view_json`). What the draws and passes revealed (the layers)
follows from the public facts and is worked out again on the way back."""

from __future__ import annotations

from typing import Any

from .core import Termination
from .cyprus_knowledge import GONE, VOID
from .draw_block import PHASES, DrawBlockState, RoundResult
from .tiles import NAME
from .view_codec import ViewError, mask, names, numbers, termination, tile, tiles

FACTS = ("void", "gain", "gone")
"""The kinds of the public facts (`cyprus_knowledge`), by number."""


def to_json(v: DrawBlockState) -> dict[str, Any]:
    facts = []
    history = v.history
    while history is not None:
        kind, seat, value, history = history
        fact: dict[str, Any] = {"kind": FACTS[kind], "seat": seat}
        if kind == VOID:
            fact["numbers"] = numbers(value)
        elif kind == GONE:
            fact["tile"] = NAME[value]
        facts.append(fact)
    facts.reverse()
    return {"phase": PHASES[v.phase], "turn": v.seat, "round": v.round_number, "to_deal": v.to_deal,
            "leader": v.leader, "forced_lead": NAME[v.forced_lead] if v.forced_lead >= 0 else None,
            "hands": [names(h) for h in v.hands], "boneyard": len(v.boneyard),
            "line": names(v.line), "first_tile_at": v.left_count,
            "ends": [v.left, v.right] if v.line else [], "history": facts,
            "rounds": [{"number": done.number, "termination": termination(done.termination), "winner": done.winner,
                        "points": done.points, "hands": [names(h) for h in done.hands], "pips": list(done.pips),
                        "leader": done.leader}
                       for done in v.rounds]}


def from_json(s: DrawBlockState, d: dict[str, Any]) -> None:
    s.phase, s.seat, s.round_number = PHASES.index(d["phase"]), int(d["turn"]), int(d["round"])
    s.to_deal, s.leader, s.forced_lead = int(d["to_deal"]), int(d["leader"]), tile(d["forced_lead"])
    s.hands = [tiles(h) for h in d["hands"]]
    s.boneyard, s.in_boneyard = [-1] * int(d["boneyard"]), 0
    s.line, s.left_count = tiles(d["line"]), int(d["first_tile_at"])
    s.on_line = sum(1 << t for t in s.line)
    ends = [int(end) for end in d["ends"]]
    s.left, s.right = ends if ends else (-1, -1)
    s.open_mask = (1 << s.left) | (1 << s.right) if ends else 0
    s.totals = tuple(int(x) for x in d["scores"])
    history: tuple | None = None
    for fact in d["history"]:
        kind = FACTS.index(fact["kind"])
        value = mask(fact["numbers"]) if kind == VOID else tile(fact["tile"]) if kind == GONE else -1
        history = (kind, int(fact["seat"]), value, history)
    s.history = history
    s.rounds = tuple(RoundResult(
        int(done["number"]), Termination[str(done["termination"]).upper()], int(done["winner"]), int(done["points"]),
        tuple(tuple(tiles(h)) for h in done["hands"]), tuple(int(p) for p in done["pips"]), int(done["leader"]))
        for done in d["rounds"])
    s.hidden = s.layers()
    if len(s.hands) != s.num_players or len(s.totals) != s.num_players:
        raise ViewError("a hand and a score for each seat")
    if len(s.line) > 1 and not 0 <= s.left_count < len(s.line):
        raise ViewError("first_tile_at must index the line")
