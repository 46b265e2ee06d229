"""The Build Up lesson: deal 5, where you move first with a hand of non-doubles:
cover your opponent's 2-5 with a 3-4 (as many pips will do), then their double
blank with a 1-3 (more pips than a double). Their first legal reply would cover
that double blank with their 0-1 in between, so they play their 1-2 on your 0-3
instead (`Lesson.opponent_prefers`). The covering rule's stages each name the tiles
on the table (`Stage.example`, made from the position when the stage comes). The
short game starts at its second hand (the first played for both players by the
medium bot), so that it lasts three hands, not four."""

from __future__ import annotations

from ...engine.buildup import BuildUpState, may_cover
from ...engine.tiles import BY_NAME, IS_DOUBLE, NAME, PIPS
from . import Lesson, Stage

YOU = 0
"""The player's seat in the guided hand."""


def _stack(stack: int) -> str:
    return f"stack {stack + 1}"  # the board numbers the record's s0..s11 from 1


def _whose(owner: int) -> str:
    return "your" if owner == YOU else "their"


def _pips(tile: int) -> str:
    return f"{PIPS[tile]} pip" if PIPS[tile] == 1 else f"{PIPS[tile]} pips"


def _cover_example(stack: int, tile_name: str, top_double: bool):
    """The example of a stage that has you play your non-double `tile_name` on
    `stack`: the two tiles and their pips, said only while the stack's top is a double
    (`top_double`) or is not, as the stage's rule needs, and the tile covers it;
    else None (the position does not show that rule)."""
    tile = BY_NAME[tile_name]

    def example(state: BuildUpState) -> str | None:
        top = state.top(stack)
        if top is None or tile not in state.hands[YOU] or IS_DOUBLE[tile] or IS_DOUBLE[top[0]] != top_double:
            return None
        covered, owner = top
        if not may_cover(tile, covered):
            return None
        than = "more" if top_double else "at least as many"
        return (f"Here: your {NAME[tile]} ({_pips(tile)}) goes on {_whose(owner)} {NAME[covered]} "
                f"({_pips(covered)}) on {_stack(stack)}: it has {than} pips.")
    return example


def _double_example(state: BuildUpState) -> str | None:
    """Any double could go on a non-double on top: the opponent's with the most pips
    (the one a player would want to cover), else the player's own."""
    tops = [(top[1] != YOU, PIPS[top[0]], stack, top) for stack in range(12) if (top := state.top(stack)) is not None
            and not IS_DOUBLE[top[0]]]
    if not tops:
        return None
    *_, stack, (covered, owner) = max(tops)
    return (f"Here: even a 0-0 could go on {_whose(owner)} {NAME[covered]} ({_pips(covered)}) on "
            f"{_stack(stack)}, though it has fewer pips.")


LESSON = Lesson("buildup", seed=5, minutes=3, short_from=("hand_index", 1),
                short_words="The first hand is played for you both: yours starts at hand 2.",
                opponent_prefers=("1-2 s2",), stages=(
    Stage(("colours",), points=(("hand", BY_NAME["3-4"]),), keeps=("boneyards",)),
    Stage(("stacks", "turn"), points=(("stack", 7),)),
    Stage(("nondouble",), points=(("stack", 7), ("hand", BY_NAME["3-4"])), moves=("3-4 s7",),
          example=_cover_example(7, "3-4", top_double=False)),
    Stage(("on-double",), points=(("stack", 11), ("hand", BY_NAME["1-3"])), moves=("1-3 s11",),
          example=_cover_example(11, "1-3", top_double=True)),
    Stage(("double",), example=_double_example),
    Stage(("pass",), any_move=True),
    Stage(("hand-end", "hands"), keeps=("score sheet",)),
    Stage(("scoring",), points=(("stack", 5),), keeps=("score sheet",)),
))
