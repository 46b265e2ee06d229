"""How long each lesson takes a person (issue 31 asks three to five minutes a game),
estimated from what the lesson holds: the words of its stages read at
`READING_WPM`, each move a guided stage asks for at `GUIDED_MOVE_SECONDS`, and the
short game's own decisions at `GAME_MOVE_SECONDS` each (`FORCED_SECONDS` for one
with a single legal move). The short game is played
by the easy bot in the player's seat on the lesson's own deal (the same bots, the
same options and the same seed as the client's), from where the client has the
player take it up (the steps before laid as the client lays them), so its length
is the length a player meets there.

The rates are assumptions, stated here so the estimate can be redone with others:
`python bench/lessons.py [--wpm 180] [--guided 8] [--move 5] [--bot-seeds 40]`. Never part of the
tests. The seconds of scripted play (the headless tests, each device) come from
``pytest -n 0 tests/test_client_lessons.py -k start_to_end --durations=9``.
"""

from __future__ import annotations

import argparse
import statistics

from dominoes_arcade import config
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.bots.registry import difficulty_spec
from dominoes_arcade.client.lessons import games_with_lessons, lesson_for, short_start, stage_text
from dominoes_arcade.client.lessons.table import SHORT_GAME_WORDS
from dominoes_arcade.engine.match import Match

READING_WPM = 180
"""A careful reader meeting new rules (a typical adult reads prose at 200 to 250)."""
GUIDED_MOVE_SECONDS = 8.0
"""Find the tile the arrow shows and make the move, a first time."""
GAME_MOVE_SECONDS = 5.0
"""A decision of the short game, the rules just learnt."""
FORCED_SECONDS = 2.0
"""A decision with one legal move (a draw the rules force): one press."""


def short_game_decisions(game: str, bot_seeds: list[int] | None = None) -> tuple[int, int]:
    """The player's decisions in the lesson's short game: (forced ones, the others),
    from where the player takes it up (`Lesson.short_from`): the steps before are
    laid as the client lays them (`short_start`), and count for nothing. The easy
    bots are seeded as the client seeds them, or from `bot_seeds` (``--bot-seeds``)."""
    lesson = lesson_for(game)
    seed = lesson.seed + 1
    start = short_start(lesson, seed)
    easy = difficulty_spec(config.defaults()["bots"], "easy")  # config.toml's easy bot, as the client's
    record = play_specs(game, [easy] * lesson.players, seed, dict(lesson.short_game), start=start,
                        bot_seeds=bot_seeds)
    match = Match.from_record(record, at=0)
    forced = free = 0
    for index, step in enumerate(record.steps):
        if index >= len(start) and step.startswith("0 "):
            if len(match.state.legal_actions()) == 1:
                forced += 1
            else:
                free += 1
        match.play_step(step)
    return forced, free


def minutes(fixed: float, forced: int, free: int, move: float) -> float:
    """A lesson's minutes: `fixed` seconds of reading and guided moves, then the short game."""
    return (fixed + free * move + forced * FORCED_SECONDS) / 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wpm", type=float, default=READING_WPM)
    parser.add_argument("--guided", type=float, default=GUIDED_MOVE_SECONDS)
    parser.add_argument("--move", type=float, default=GAME_MOVE_SECONDS)
    parser.add_argument("--bot-seeds", type=int, default=0, metavar="N",
                        help="also play each short game with N other seeds of the easy bots (the player's "
                             "seat included) and print the minutes' mean and range")
    args = parser.parse_args()
    print(f"{'lesson':<11} {'stages':>6} {'words':>5} {'guided':>6} {'game':>9}  {'minutes':>7}"
          + ("  over seeds: mean (min-max)" if args.bot_seeds else ""))
    for game in games_with_lessons():
        lesson = lesson_for(game)
        words = sum(len(stage_text(lesson, stage).split()) for stage in lesson.stages)
        words += len(SHORT_GAME_WORDS.split()) + len(lesson.short_words.split())
        guided = sum(1 for stage in lesson.stages if stage.asks_move)
        fixed = words / args.wpm * 60 + guided * args.guided
        forced, free = short_game_decisions(game)
        line = (f"{game:<11} {len(lesson.stages):>6} {words:>5} {guided:>6} {free:>4}+{forced:<4}  "
                f"{minutes(fixed, forced, free, args.move):>7.1f}")
        if args.bot_seeds:
            spread = [minutes(fixed, *short_game_decisions(game, [1000 * n + seat for seat in range(lesson.players)]),
                              args.move) for n in range(1, args.bot_seeds + 1)]
            line += f"  {statistics.mean(spread):.1f} ({min(spread):.1f}-{max(spread):.1f})"
        print(line)


if __name__ == "__main__":
    main()
