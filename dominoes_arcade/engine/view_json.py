"""A seat's view (`State.view`) as JSON and back: what the bot protocol's version 2
sends a program with each decision (docs/bot-protocol.md, the schema in
docs/bot-protocol-v2.schema.json), so that a bot in any language plays from what its
seat knows without rebuilding it from the steps.

`view_to_json` writes every field the engine's view holds, and nothing else: tiles by
name, ``"?"`` for a tile the view hides (-1), null where there is no tile;
`view_from_json` builds the view back (``view_from_json(view_to_json(v))`` holds the
same fields as ``v``, and every bot decides on it as on ``v``). Fields that follow
from others (a cover matrix, a look-up mask, what the draws and passes revealed, as
layers) are not written, and are worked out again on the way back. A game without a
codec here (a plug-in) gets the shared keys only, and cannot be built back.
"""

from __future__ import annotations

from typing import Any

from .buildup import BuildUpState
from .buildup_matrix import ROW
from .core import State, Termination
from .cyprus import RoundResult, StarState
from .cyprus_knowledge import GONE, VOID
from .necropolis import NecropolisState
from .registry import GAMES
from .tiles import BY_NAME, NAME

HIDDEN = "?"
PHASES = {
    "necropolis": ("choose_first", "turn", "reveal_draw", "drawn", "reveal_exchange", "over"),
    "buildup": ("deal_line", "first_draw", "fill", "play", "over"),
    "star": ("deal", "search", "lead", "turn", "draw", "drawn", "over"),
}
"""Each game's phases by number, as the JSON names them (the star games share theirs)."""
FACTS = ("void", "gain", "gone")
"""The kinds of a star game's public facts (`cyprus_knowledge`), by number."""


class ViewError(ValueError):
    """JSON that is not a view of a game we know."""


def _name(t: int) -> str:
    return NAME[t] if t >= 0 else HIDDEN


def _names(tiles: Any) -> list[str]:
    return [NAME[t] if t >= 0 else HIDDEN for t in tiles]


def _held(t: int, hidden: bool) -> str | None:
    """A tile that may be absent: its name, ``?`` when the view hides one, else null."""
    return NAME[t] if t >= 0 else HIDDEN if hidden else None


def _tile(text: Any) -> int:
    """A tile back from JSON: -1 for ``?`` or null."""
    if text is None or text == HIDDEN:
        return -1
    found = BY_NAME.get(text) if isinstance(text, str) else None
    if found is None:
        raise ViewError(f"{text!r} is not a tile")
    return found


def _tiles(texts: Any) -> list[int]:
    if not isinstance(texts, list):
        raise ViewError(f"{texts!r} is not a list of tiles")
    return [_tile(text) for text in texts]


def _numbers(mask: int) -> list[int]:
    return [n for n in range(10) if mask >> n & 1]


def _mask(numbers: Any) -> int:
    return sum(1 << int(n) for n in numbers)


def _termination(value: Termination | None) -> str | None:
    return None if value is None else value.name.lower()


def _read_termination(text: Any) -> Termination | None:
    return None if text is None else Termination[str(text).upper()]


# -- to JSON ------------------------------------------------------------------------------
def view_to_json(view: State) -> dict[str, Any]:
    """The JSON object of a seat's view (see the module docstring): the keys every game
    shares, then the game's own."""
    found: dict[str, Any] = {
        "game": view.game, "options": view.options_dict(), "seat": view.viewer, "players": view.num_players,
        "scores": list(view.scores()), "current_player": view.current_player,
        "zones": {zone: _names(tiles) for zone, tiles in view.zones().items()}}
    if isinstance(view, NecropolisState):
        found.update(_necropolis(view))
    elif isinstance(view, BuildUpState):
        found.update(_buildup(view))
    elif isinstance(view, StarState):
        found.update(_star(view))
    return found


def _necropolis(v: NecropolisState) -> dict[str, Any]:
    other = v.seat != v.viewer
    return {"phase": PHASES["necropolis"][v.phase], "turn": v.seat, "necropolis": len(v.pile),
            "mastabas": [_names(m) for m in v.mastabas],
            "sites": [[[[NAME[t], top] for t, top in site] for site in sites] for sites in v.sites],
            "held": _held(v.held, other and v.phase == 3), "returning": _held(v.returning, other and v.phase == 4),
            "turns": v.turns, "passes_in_row": v.passes_in_row, "termination": _termination(v.termination)}


def _buildup(v: BuildUpState) -> dict[str, Any]:
    return {"phase": PHASES["buildup"][v.phase], "turn": v.seat,
            "boneyards": [_names(b) for b in v.boneyards], "hands": [_names(h) for h in v.hands],
            "shown": [[NAME[t] for t in range(28) if shown >> t & 1] for shown in v.shown],
            "stacks": [[[NAME[t], owner] for t, owner in entries] for entries in v.stacks],
            "pending_first": _held(v.pending_first, False), "first_seat": v.first_seat,
            "hand_index": v.hand_index, "played_pips": list(v.played_pips),
            "set_aside": [_names(tiles) for tiles in v.set_aside],
            "hand_scores": [list(scores) for scores in v.hand_scores], "termination": _termination(v.termination)}


def _star(v: StarState) -> dict[str, Any]:
    facts = []
    history = v.history
    while history is not None:
        kind, seat, value, history = history
        fact: dict[str, Any] = {"kind": FACTS[kind], "seat": seat}
        if kind == VOID:
            fact["numbers"] = _numbers(value)
        elif kind == GONE:
            fact["tile"] = NAME[value]
        facts.append(fact)
    facts.reverse()
    return {"phase": PHASES["star"][v.phase], "turn": v.seat, "dealer": v.dealer, "round": v.round_number,
            "to_deal": v.to_deal, "hands": [_names(h) for h in v.hands], "boneyard": len(v.boneyard),
            "arms": [_names(line) for line in v.layout], "ends": list(v.ends), "open": _numbers(v.open_mask),
            "drawn": _held(v.drawn, v.seat != v.viewer and v.phase == 5), "history": facts,
            "rounds": [{"number": done.number, "termination": _termination(done.termination), "winner": done.winner,
                        "points": done.points, "hands": [_names(h) for h in done.hands], "pips": list(done.pips)}
                       for done in v.rounds]}


# -- from JSON ----------------------------------------------------------------------------
def view_from_json(data: Any) -> State:
    """The engine's view that `view_to_json` wrote `data` from.

    :raises ViewError: for JSON that is not such a view.
    """
    try:
        if not isinstance(data, dict):
            raise ViewError("a view must be a JSON object")
        game = data.get("game")
        if game not in GAMES:
            raise ViewError(f"unknown game {game!r}")
        state = GAMES[game].state_class()(None, dict(data["options"]))  # the rules, from the options
        if isinstance(state, NecropolisState):
            _read_necropolis(state, data)
        elif isinstance(state, BuildUpState):
            _read_buildup(state, data)
        elif isinstance(state, StarState):
            _read_star(state, data)
        else:
            raise ViewError(f"a {game} view cannot be built from JSON")
        state.current_player, state.viewer = int(data["current_player"]), int(data["seat"])
        if not 0 <= state.viewer < state.num_players:
            raise ViewError(f"seat {state.viewer} is not a seat of the game")
        return state
    except ViewError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise ViewError(f"not a view: {type(error).__name__}: {error}") from None


def _read_necropolis(s: NecropolisState, d: dict[str, Any]) -> None:
    s.phase, s.seat = PHASES["necropolis"].index(d["phase"]), int(d["turn"])
    s.pile = [-1] * int(d["necropolis"])
    s.mastabas = [_tiles(m) for m in d["mastabas"]]
    s.sites = [tuple(tuple((_tile(t), int(top)) for t, top in site) for site in sites) for sites in d["sites"]]
    s.held, s.returning = _tile(d["held"]), _tile(d["returning"])
    s.turns, s.passes_in_row = int(d["turns"]), int(d["passes_in_row"])
    s.termination = _read_termination(d["termination"])


def _read_buildup(s: BuildUpState, d: dict[str, Any]) -> None:
    s.phase, s.seat = PHASES["buildup"].index(d["phase"]), int(d["turn"])
    s.boneyards = [_tiles(b) for b in d["boneyards"]]
    s.hands = [_tiles(h) for h in d["hands"]]
    s.hand_rows = [sum(ROW[t] for t in hand if t >= 0) for hand in s.hands]
    shown = [_mask(_tile(t) for t in tiles) for tiles in d["shown"]]
    s.shown = (shown[0], shown[1])
    s.stacks = [tuple((_tile(t), int(owner)) for t, owner in entries) for entries in d["stacks"]]
    s.tops = [entries[-1][0] if entries else -1 for entries in s.stacks]
    s.cover_matrix = 0
    for stack, top in enumerate(s.tops):
        if top >= 0:
            s.cover_matrix |= s.rules.columns[top][stack]
    s.pending_first, s.first_seat = _tile(d["pending_first"]), int(d["first_seat"])
    s.hand_index, s.played_pips = int(d["hand_index"]), [int(p) for p in d["played_pips"]]
    aside = [tuple(_tiles(tiles)) for tiles in d["set_aside"]]
    s.set_aside = (aside[0], aside[1])
    totals = [int(x) for x in d["scores"]]
    s.totals = (totals[0], totals[1])
    s.hand_scores = tuple((int(a), int(b)) for a, b in d["hand_scores"])
    s.termination = _read_termination(d["termination"])


def _read_star(s: StarState, d: dict[str, Any]) -> None:
    preset = s.preset
    s.phase, s.seat, s.dealer = PHASES["star"].index(d["phase"]), int(d["turn"]), int(d["dealer"])
    s.round_number, s.to_deal = int(d["round"]), int(d["to_deal"])
    s.hands = [_tiles(h) for h in d["hands"]]
    s.boneyard, s.in_boneyard = [-1] * int(d["boneyard"]), 0
    s.layout = [tuple(_tiles(line)) for line in d["arms"]]
    s.ends = [int(end) for end in d["ends"]]
    s.arms_at = [0] * (preset.suit + 1)
    if len(s.ends) == preset.slots:
        for arm, end in enumerate(s.ends):
            s.arms_at[end] |= 1 << arm
    s.open_mask = _mask(d["open"])
    s.on_table = sum(1 << t for line in s.layout for t in line) | (1 << preset.spinner if s.is_spinner_set else 0)
    s.drawn = _tile(d["drawn"])
    s.totals = tuple(int(x) for x in d["scores"])
    history: tuple | None = None
    for fact in d["history"]:
        kind = FACTS.index(fact["kind"])
        value = _mask(fact["numbers"]) if kind == VOID else _tile(fact["tile"]) if kind == GONE else -1
        history = (kind, int(fact["seat"]), value, history)
    s.history = history
    s.rounds = tuple(RoundResult(
        int(done["number"]), Termination[str(done["termination"]).upper()], int(done["winner"]), int(done["points"]),
        tuple(tuple(_tiles(h)) for h in done["hands"]), tuple(int(p) for p in done["pips"])) for done in d["rounds"])
    s.hidden = s.layers()
    if len(s.hands) != s.num_players or len(s.totals) != s.num_players:
        raise ViewError("a hand and a score for each seat")
