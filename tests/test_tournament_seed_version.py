"""Bot seeds now derive from the game's seed and the seat (issue 28), so a spec seed
plays other games than it used to: a journal written with the old derivation must
not be resumed into a run with the new one (its games would mix with games the spec
no longer plays), and a line whose bot seeds disagree with the schedule is refused."""

from __future__ import annotations

import hashlib
import json

import pytest

from dominoes_arcade.engine import new_game
from dominoes_arcade.tournament.journal import JournalError, load_journal, tournament_key
from dominoes_arcade.tournament.schedule import make_schedule
from dominoes_arcade.tournament.worker import Batch, play_job

BOTS = ["random", "greedy"]


def old_key(game, options, bots, seed, move_time_limit_ms) -> str:
    """`tournament_key` as the versions before issue 28 computed it."""
    settings = {"game": game, "options": options, "bots": list(bots), "seed": seed,
                "move_time_limit_ms": move_time_limit_ms}
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]


def journal_of(tmp_path, key: str, edit=None):
    options = new_game("necropolis", 2).options_dict()
    schedule = make_schedule(BOTS, 2, deals=1, master_seed=5)
    batch = Batch("necropolis", options, time_limit=10.0, key=key, jobs=tuple(schedule))
    lines = []
    for job in schedule:
        record = json.loads(play_job(batch, job, None).line)
        if edit is not None:
            edit(record)
        lines.append(json.dumps(record))
    path = tmp_path / "t.journal.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, options, schedule


def test_the_key_names_the_seed_derivation_so_an_old_journal_is_refused(tmp_path):
    options = new_game("necropolis", 2).options_dict()
    new, old = tournament_key("necropolis", options, BOTS, 5, 1000), old_key("necropolis", options, BOTS, 5, 1000)
    assert new != old
    path, options, schedule = journal_of(tmp_path, old)
    with pytest.raises(JournalError, match="another tournament"):
        load_journal(path, new, schedule)


def test_a_journal_of_this_version_resumes(tmp_path):
    options = new_game("necropolis", 2).options_dict()
    key = tournament_key("necropolis", options, BOTS, 5, 1000)
    path, options, schedule = journal_of(tmp_path, key)
    assert sorted(load_journal(path, key, schedule)) == [job.game_id for job in schedule]


def test_a_line_whose_bot_seeds_differ_from_the_schedule_is_refused(tmp_path):
    options = new_game("necropolis", 2).options_dict()
    key = tournament_key("necropolis", options, BOTS, 5, 1000)

    def other_seeds(record):
        record["bot_seeds"] = [seed + 1 for seed in record["bot_seeds"]]

    path, options, schedule = journal_of(tmp_path, key, other_seeds)
    with pytest.raises(JournalError, match="does not match the schedule"):
        load_journal(path, key, schedule)
