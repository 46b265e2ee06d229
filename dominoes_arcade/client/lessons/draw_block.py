"""The Draw lesson: a deal where you hold the 6-6 at a table of two. Lead it (the
highest double, laid across), play on an end, see a draw when nothing fits (there is
no decision in drawing: the drawn tile that fits is yours to play), then play on your
own; the short game is to 50 points. Block is Draw without the drawing: the lesson
of one teaches both."""

from __future__ import annotations

from ...engine.tiles import BY_NAME
from . import Lesson, Stage

LESSON = Lesson("draw", seed=34, players=2, minutes=4, short_game={"target_score": 50},
                short_words="The first to 50 points wins it.", stages=(
    Stage(("goal", "hands")),
    Stage(("lead",), points=(("centre", 0), ("hand", BY_NAME["6-6"])), moves=("6-6",)),
    Stage(("play",), points=(("end", 0), ("hand", BY_NAME["0-4"])), moves=("0-4 left",)),
    Stage(("doubles",), points=(("end", 1),)),
    Stage(("draw",), points=(("end", 0), ("hand", BY_NAME["0-1"])), moves=("0-1 left",)),
    Stage(("domino",), any_move=True),
    Stage(("target",)),
))
