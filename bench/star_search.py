"""The star games' searches in instructions (issue 44): ISMCTS iterations and `pimc`
rollouts (as `auto` runs it) in Cyprus at 4 and 10 players and in Sebastopol, and
abw333's random moves (the yardstick of issue 44's aims), counted under valgrind's
cachegrind (installed separately), which the machine's load does not move.

Each figure is the difference of two runs of one interpreter that differ only in the
work measured (twice the iterations, worlds or games), divided by the extra work: the
imports and the positions cost the same in both and drop out. ``--python`` names the
interpreters to count (default: this one), each as ``PY`` or ``PY@DIR`` to put DIR on
its PYTHONPATH (a checkout's sources run by an interpreter that has abw333's
package), so two builds, or a checkout before and after a change, are counted alike;
abw333's moves per instruction against ISMCTS iterations per instruction is issue
44's ratio. Run ``python bench/star_search.py [--python PY ...]``. Never part of the
tests.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (label, game, players, what is counted)
CASES = [
    ("ismcts cyprus 4 players", "cyprus", 4, "ismcts"),
    ("ismcts cyprus 10 players", "cyprus", 10, "ismcts"),
    ("ismcts sebastopol", "sebastopol", 0, "ismcts"),
    ("pimc cyprus 4 players", "cyprus", 4, "pimc"),
    ("pimc cyprus 10 players", "cyprus", 10, "pimc"),
    ("pimc sebastopol", "sebastopol", 0, "pimc"),
    ("abw333 moves", "", 0, "abw333"),
]
SIZES = {"ismcts": 300, "pimc": 10, "abw333": 20}
"""The smaller run's iterations per position, worlds per position, or games."""
POSITIONS = 4
"""Positions per game, from bench/bots.py's greedy self-play."""


def child(game: str, players: int, what: str, size: int) -> None:
    """One counted run: prints the work done (iterations, rollouts or moves)."""
    sys.path.insert(0, str(HERE))
    if what == "abw333":
        import random

        import dominoes

        rng = random.Random(12345)
        moves = 0
        for _ in range(size):
            random.seed(rng.random())  # its deal shuffles with the global RNG
            state = dominoes.Game.new()
            while state.result is None:
                state.make_move(*rng.choice(state.valid_moves))
                moves += 1
        print(moves)
        return
    import bots

    states = bots.positions(game, players or None, {}, POSITIONS, seed=7)
    if what == "ismcts":
        _, done = bots.time_decisions(f"ismcts:iterations={size}", states)
        print(done)
        return
    from dominoes_arcade.bots import make_bot
    from dominoes_arcade.bots.auto import search_for

    _, params = search_for(game)
    spec = f"pimc:worlds={size}" + "".join(f",{key}={str(value).lower()}" for key, value in params.items())
    rollouts = 0
    for index, state in enumerate(states):
        seat = state.current_player
        bot = make_bot(spec, game, seat, state.options_dict(), seed=index)
        bot.choose(state.view(seat), state.legal_actions())
        rollouts += bot.last_search.get("rollouts", 0)
    print(rollouts)


def counted(python: str, game: str, players: int, what: str, size: int) -> tuple[int, int]:
    """Instructions and work of one run under cachegrind (`python`: ``PY`` or ``PY@DIR``)."""
    interpreter, _, path = python.partition("@")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if path:
        env["PYTHONPATH"] = path
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          interpreter, "-P", str(Path(__file__).resolve()), "--child", game, str(players), what,
                          str(size)], capture_output=True, text=True, check=True, env=env)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    assert refs is not None, run.stderr
    return int(refs.group(1).replace(",", "")), int(run.stdout.split()[-1])


def per_unit(python: str, game: str, players: int, what: str) -> float:
    size = SIZES[what]
    (small, small_work), (large, large_work) = (counted(python, game, players, what, n) for n in (size, 2 * size))
    return (large - small) / (large_work - small_work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", nargs="+", default=[sys.executable], help="the interpreters to count")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        game, players, what, size = args.child
        child(game, int(players), what, int(size))
        return
    print("instructions per ISMCTS iteration, pimc rollout and abw333 move (cachegrind)")
    figures = {python: {label: per_unit(python, game, players, what) for label, game, players, what in CASES}
               for python in args.python}
    for number, python in enumerate(args.python, 1):
        print(f"[{number}] {python}")
    print(f"{'measure':28}" + "".join(f" {'[' + str(number) + ']':>12}" for number in range(1, len(args.python) + 1)))
    for label, *_ in CASES:
        print(f"{label:28}" + "".join(f" {figures[python][label]:12,.0f}" for python in args.python))
    print(f"{'abw333 moves / ismcts it':28}" + "".join(
        f" {figures[python]['abw333 moves'] / figures[python]['ismcts cyprus 4 players']:11.3f}x"
        for python in args.python) + "   (Cyprus 4 players, at equal instructions)")


if __name__ == "__main__":
    main()
