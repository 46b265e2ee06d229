"""The Build Up lesson: deal 5, where you move first with a hand of non-doubles:
cover your opponent's 2-5 with a 3-4 (as many pips will do), then their double
blank with a 1-3 (more pips than a double). The short game starts at its second
hand (the first played for both players by the medium bot), so that it
lasts three hands, not four."""

from __future__ import annotations

from ...engine.tiles import BY_NAME
from . import Lesson, Stage

LESSON = Lesson("buildup", seed=5, minutes=3, short_from=("hand_index", 1),
                short_words="The first hand is played for you both: yours starts at hand 2.", stages=(
    Stage(("colours",), points=(("hand", BY_NAME["3-4"]),)),
    Stage(("stacks", "turn"), points=(("stack", 7),)),
    Stage(("letters", "nondouble"), points=(("stack", 7), ("hand", BY_NAME["3-4"])), moves=("3-4 s7",)),
    Stage(("letters", "on-double"), points=(("stack", 11), ("hand", BY_NAME["1-3"])), moves=("1-3 s11",)),
    Stage(("letters", "double")),
    Stage(("pass",), any_move=True),
    Stage(("hand-end", "hands"),),
    Stage(("scoring",), points=(("stack", 0),)),
))
