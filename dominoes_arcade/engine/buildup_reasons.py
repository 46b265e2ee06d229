"""Why a step is not legal in Build Up (`BuildUpState.why_illegal`, asked only once
`BuildUpState.is_legal` has refused it): apart from the rules so that `buildup`
stays short."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .buildup_matrix import DEAL_LINE, GAME, OVER
from .core import CHANCE, Action
from .tiles import IS_DOUBLE, NAME

if TYPE_CHECKING:  # for the compiled build's types only: buildup imports this module
    from .buildup import BuildUpState


def why_illegal(state: BuildUpState, action: Action) -> str:
    """Why `action` is not legal in `state`: a short reason."""
    if action.game != GAME:
        return f"{action} is a {action.game} move"
    kind = action.kind
    if state.phase == OVER:
        return "the game is over"
    if state.current_player == CHANCE:
        if kind not in ("line", "draw"):
            return "a tile must be drawn first"
        due = "line" if state.phase == DEAL_LINE else "draw"
        if kind != due:
            return "a line tile is due, not a hand draw" if due == "line" else "a hand draw is due, not a line tile"
        if action.seat != state.seat:
            return f"seat {state.seat} draws now, not seat {action.seat}"
        return f"{NAME[action.tile]} is not in seat {state.seat}'s boneyard"
    if kind in ("line", "draw"):
        return "that is a chance outcome, not a decision"
    if kind == "pass":
        return "you can place a tile, so you may not pass"
    tile, stack = action.tile, action.arg
    if tile not in state.hands[state.seat]:
        return f"{NAME[tile]} is not in your hand"
    top = state.tops[stack]
    if not IS_DOUBLE[top]:
        return f"{NAME[tile]} may not cover {NAME[top]} on s{stack}: a non-double needs at least as many pips"
    need = "at least as many" if state.options["nondouble_on_double"] == "greater_or_equal" and \
        not IS_DOUBLE[tile] else "more"
    return f"{NAME[tile]} may not cover the double {NAME[top]} on s{stack}: it needs {need} pips"
