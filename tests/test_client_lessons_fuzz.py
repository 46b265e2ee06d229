"""Random input from every device on the lessons (the chooser, each game's guided
hand and its short game): the client never raises, and a guided hand never leaves
its script (every step of seat 0 is a move a stage asked for)."""

from __future__ import annotations

import random

import pytest
from test_client_fuzz import random_event
from test_client_support import fuzz_step

from dominoes_arcade.client.lessons import games_with_lessons

GAMES = games_with_lessons()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_on_the_lessons_never_raises(app, seed):
    rng = random.Random(seed)
    held: set = set()
    seen = set()
    for round_number in range(len(GAMES) * 3):
        game = GAMES[round_number % len(GAMES)]
        app.to_title()
        app.open("lessons")
        table = app.open("lesson", game)
        if round_number >= len(GAMES) * 2:
            table.open_short_game()
        for frame in range(200):
            events = [random_event(rng, held) for _ in range(rng.randrange(0, 5))]
            fuzz_step(app, rng.choice([0.0, 1 / 240, 1 / 60, 1 / 30, 0.5]), events, frame)
            top = app.scenes.top
            seen.add(top.name if top is not None else "-")
            if top is None:
                app.open("title")
        if not table.short:
            stages = table.lesson.stages
            taught = {f"0 {move}" for stage in stages for move in stage.moves}
            free = any(stage.any_move for stage in stages[:table.guide.index])
            assert free or {step for step in table.session.steps if step.startswith("0 ")} <= taught
    assert {"table", "title"} <= seen
