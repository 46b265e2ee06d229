"""The Necropolis lesson: deal 96, where you open, match a drawn tile, hide one that
fits nowhere and play it from your mastabas once the site has grown to meet it. The
short game starts at its seventh turn each (six turns each played for both players
by the medium bot, `short_start`), so that it is not a whole game."""

from __future__ import annotations

from ...engine.tiles import BY_NAME
from . import Lesson, Stage

LESSON = Lesson("necropolis", seed=96, minutes=5, short_from=("turns", 12),
                short_words="The first six turns each are played for you both.", stages=(
    Stage(("intro",), points=("pile",)),
    Stage(("opening",), points=("pile",), moves=("draw",)),
    Stage(("sites",), points=("new_site",), moves=("new",)),
    Stage(("draw",), points=("pile",), moves=("draw",)),
    Stage(("matching",), points=(("end", "left"), ("end", "right")), moves=("left", "right")),
    Stage(("draw",), points=("pile",), moves=("draw",)),
    Stage(("never-stuck", "mastabas"), points=("mastabas",), moves=("hide",)),
    Stage(("draw",), points=("pile",), moves=("draw",)),
    Stage(("grows",), points=(("end", "right"),), moves=("right",)),
    Stage(("play",), points=(("mastaba", BY_NAME["0-1"]), ("end", "right")), moves=("play 0-1 right",)),
    Stage(("new-from", "new-site"), points=("new_site",)),
    Stage(("exchange",), points=("pile",)),
    Stage(("end",), points=("pile",)),
    Stage(("scoring",)),
    Stage(("tip",)),
))
