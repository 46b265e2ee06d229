"""Why a step is not legal in Cyprus or Sebastopol (`StarState.why_illegal`, asked
only once `StarState.is_legal` has refused it): apart from the rules so that
`cyprus` stays short."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import CHANCE, TERMINAL, Action
from .star_tables import DEAL, DRAWN, LEAD
from .tiles import NAME, NUMBERS_MASK

if TYPE_CHECKING:  # for the compiled build's types only: cyprus imports this module
    from .cyprus import StarState


def why_illegal(state: StarState, action: Action) -> str:
    """Why `action` is not legal in `state` (a `StarState`): a short reason."""
    preset = state.preset
    if action.game != preset.game:
        return f"{action} is a {action.game} move"
    if state.current_player == TERMINAL:
        return "the game is over"
    chance_step = action.kind in ("deal", "drawn")
    if state.current_player == CHANCE:
        due = "deal" if state.phase == DEAL else "drawn"
        if action.kind != due:
            return f"the next step is chance: {'a deal' if due == 'deal' else 'a draw'} to seat {state.seat}"
        if action.seat != state.seat:
            return f"the next tile goes to seat {state.seat}"
        return f"{NAME[action.tile]} is not in the boneyard"
    if chance_step:
        return "that is a chance outcome, not a decision"
    seat, kind, spinner = state.seat, action.kind, NAME[preset.spinner]
    if state.phase == LEAD:
        return f"seat {seat} holds {spinner} and must set it first"
    if kind == "spinner":
        return f"{spinner} is already set"
    if state.phase == DRAWN:
        drawn = NAME[state.drawn]
        if kind == "draw":
            return f"only one draw a turn: play {drawn} if it fits, else pass"
        if kind == "pass":
            return f"the drawn tile {drawn} fits, so it must be played"
        if action.tile != state.drawn:
            return f"after drawing, only the drawn tile {drawn} may be played"
    if kind == "play":
        return _why_not_play(state, action.tile, action.arg)
    if state._plays(state.hands[seat]):
        return "you can play, and playing is compulsory"
    boneyard, reserve = len(state.boneyard), state.rules.boneyard_reserve
    if kind == "draw":
        if preset.deals_everything:
            return f"{preset.game} has no boneyard: pass"
        return f"the boneyard has {boneyard} tiles and {reserve} may not be drawn (boneyard_reserve): pass"
    return f"you cannot play, so draw: the boneyard has {boneyard} tiles"

def _why_not_play(state: StarState, t: int, arm: int) -> str:
    if t not in state.hands[state.seat]:
        return f"{NAME[t]} is not in your hand"
    suit, slot = state.preset.suit, len(state.ends)
    if slot < state.preset.slots:
        if not NUMBERS_MASK[t] >> suit & 1:
            return (f"the star is not complete: only a {suit}-x tile may be played until all "
                    f"{state.preset.slots} slots are filled")
        return f"a {suit}-x tile fills the next empty star slot, @{slot}"
    return f"{NAME[t]} does not match arm {arm}'s open end {state.ends[arm]}"
