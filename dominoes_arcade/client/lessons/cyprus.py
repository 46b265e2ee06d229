"""The Cyprus lesson: deal 9 at a table of four, where you hold the spinner, lay a
9-x in the star, draw when nothing fits and play the drawn tile, then play on an arm."""

from __future__ import annotations

from ...engine.tiles import BY_NAME
from . import Lesson, Stage

LESSON = Lesson("cyprus", seed=9, players=4, minutes=3, short_game={"target_score": 20},
                short_words="The first to 20 points wins it.", stages=(
    Stage(("goal", "hands")),
    Stage(("lead",), points=(("centre", 0), ("hand", BY_NAME["9-9"])), moves=("9-9",)),
    Stage(("star",), points=(("arm", 3), ("hand", BY_NAME["8-9"])), moves=("8-9 @3",)),
    Stage(("draw",), points=(("button", "draw"),), moves=("draw",)),
    Stage(("drawn",), points=(("arm", 6), ("hand", BY_NAME["1-9"])), moves=("1-9 @6",)),
    Stage(("arms",), points=(("arm", 0),)),
    Stage(("play",), any_move=True),
    Stage(("doubles",)),
    Stage(("domino", "scoring")),
))
