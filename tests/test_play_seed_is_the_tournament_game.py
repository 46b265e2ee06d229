"""One seed derivation (issue 28): ``play --seed S --demo`` with bots on an iteration
budget plays, move for move, the tournament game dealt from seed S with the same bots
in the same seats, because the client's bot seats and the tournament's schedule both
seed a seat's bot with `bots.seeds.bot_seed` of the game's seed and the seat."""

from __future__ import annotations

import json

import pytest
from test_client_support import run_undrawn_until

from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.engine import new_game
from dominoes_arcade.tournament.schedule import make_schedule
from dominoes_arcade.tournament.worker import Batch, play_job

KINDS = {"pimc:worlds=3": "easy", "ismcts:iterations=40": "medium"}
"""The tournament's bots, and the client's seat kinds that mean them in the config below."""
CONFIG = ('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n'
          'easy = "pimc:worlds=3"\nmedium = "ismcts:iterations=40"\n[cyprus]\ntarget_score = 30\n')


def client_steps(app_with, game: str, seats: list[str], seed: int) -> tuple[list[str], dict]:
    """The steps of ``play GAME --demo --seats ... --seed SEED`` (headless), played
    to the end, and the options the client played with."""
    app = app_with(CONFIG, game=game, seats=seats, demo=True, seed=seed)
    table = app.scenes.top
    assert table.setup.seed == seed and list(table.setup.seats) == seats
    run_undrawn_until(app, lambda: table.session.state.is_terminal, "the game's end")  # the steps are what is compared
    assert table.session.state.is_terminal and table.session.error is None
    return list(table.session.match.steps), table.session.state.options_dict()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), [
    ("necropolis", 2, {}), ("buildup", 2, {}), ("cyprus", 4, {"target_score": 30})])
def test_play_seed_plays_the_tournament_game_dealt_from_that_seed(app_with, game, players, options):
    resolved = new_game(game, players, options).options_dict()
    schedule = make_schedule(list(KINDS), players, deals=1, master_seed=2026)
    job = schedule[-1]  # the last seating: not the order the bots are listed in
    batch = Batch(game, resolved, time_limit=60.0, key="test", jobs=(job,))
    record = json.loads(play_job(batch, job, None).line)
    assert record["error"] is None and record["bot_seeds"] == list(job.bot_seeds)

    steps, client_options = client_steps(app_with, game, [KINDS[spec] for spec in job.seats], job.seed)
    assert client_options == resolved
    assert steps == record["steps"], "the client's bots decided otherwise than the tournament's"
    # And simulate's driver, seeded by default from the game's seed and the seat alone.
    assert play_specs(game, list(job.seats), job.seed, options).steps == record["steps"]


def test_the_bot_seeds_decide_the_game():
    # The check above is not vacuous: other bot seeds play another game.
    specs = ["pimc:worlds=3", "ismcts:iterations=40"]
    default = play_specs("necropolis", specs, 31)
    other = play_specs("necropolis", specs, 31, bot_seeds=[1, 2])
    assert default.steps != other.steps
