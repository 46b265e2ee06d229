"""The move log's cost per step played (issue 29): the lines a table's drawer and
Necropolis's "Last:" line read are kept up to date at every step, so writing the
whole game's lines again at every step would grow with the game.

For a long random game (Cyprus, 10 players, by default), it times, at every step
as the game is played:

- **whole**: `MoveLog.lines` for the whole game so far (writing everything again);
- **step**: `MoveLog.lines` from the new step on (what `MoveLogDrawer.lines` adds
  per step while nothing was undone);

and prints both medians over the last tenth of the game (the longest logs) and
their ratio, plus the one-off cost of laying the whole log from the match (a saved
game continued, a replay's jump ahead: `MoveLog.rebuilt`). Run with
`python bench/move_log.py [--players N] [--target N] [--seed N]`. Never part of
the tests: timings depend on the machine and its load (printed with them).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from dominoes_arcade.client.tables.move_log import MoveLog
from dominoes_arcade.engine import CHANCE
from dominoes_arcade.engine.match import Match


def name(seat: int) -> str:
    return f"Seat {seat + 1}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--target", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    match = Match("cyprus", args.players, {"target_score": args.target}, seed=args.seed)
    log, rng = MoveLog(match), random.Random(args.seed)
    whole: list[float] = []
    step: list[float] = []
    while not match.is_over:
        index = len(match.steps)
        if match.is_chance:
            _action, events = match.resolve_chance()
            seat = CHANCE
        else:
            seat = match.current_player
            events = match.apply(rng.choice(match.state.legal_actions()))
        log.add(index, seat, events)
        start = time.perf_counter()
        log.lines(0, name)
        middle = time.perf_counter()
        log.lines(0, name, index)
        end = time.perf_counter()
        whole.append(middle - start)
        step.append(end - middle)
    tail = max(1, len(whole) // 10)
    whole_ms, step_ms = statistics.median(whole[-tail:]) * 1000, statistics.median(step[-tail:]) * 1000
    start = time.perf_counter()
    MoveLog(match)
    laid_ms = (time.perf_counter() - start) * 1000
    print(f"cyprus, {args.players} players, seed {args.seed}: {len(match.steps)} steps "
          f"(load {os.getloadavg()[0]:.2f})")
    print(f"lines per step, median over the last {tail} steps: whole game {whole_ms:.3f} ms, "
          f"the new step only {step_ms:.4f} ms, ratio {whole_ms / step_ms:.0f}x")
    print(f"laying the whole log from the match once: {laid_ms:.1f} ms")


if __name__ == "__main__":
    main()
