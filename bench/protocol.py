"""Bot protocol overhead (issue 16): the time per decision of a ``cmd:`` bot beyond
the program's own thinking (aim: under 0.2 ms).

Seat 0 is a program that answers at once (the first legal decision), so its whole
time per decision is overhead: our side (the seat's steps, the view summary, the
JSON line out and the reply parsed) plus the pipe both ways and the program's own
reading and writing of one JSON line. Our side alone is timed too, without a
program. The JavaScript example (examples/greedy_bot.js) is timed as well, when
node is installed. Run with `python bench/protocol.py [--games N]`. Never part of
the tests: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import time
from pathlib import Path

from dominoes_arcade.bots import protocol
from dominoes_arcade.bots.driver import play_specs
from dominoes_arcade.engine import GAMES
from dominoes_arcade.engine.match import Match

ROOT = Path(__file__).resolve().parent.parent
INSTANT = ("import json,sys\n"
           "for line in sys.stdin:\n"
           "    m = json.loads(line)\n"
           "    t = m.get('type')\n"
           "    if t == 'hello': print(json.dumps({'type': 'hello', 'protocol': 1, 'name': 'instant'}), flush=True)\n"
           "    elif t == 'decide': print(json.dumps({'type': 'action', 'action': m['legal'][0]}), flush=True)\n"
           "    elif t == 'quit': break\n")


def per_decision(spec: str, game: str, games: int) -> list[float]:
    """Seat 0's seconds per decision, game by game, against the random bot."""
    players = 4 if game in ("cyprus", "sebastopol") else 2
    times = []
    for seed in range(games):
        record = play_specs(game, [spec] + ["random"] * (players - 1), seed)
        assert record.error is None, record.error
        times.append(record.extra["decision_seconds"][0] / record.extra["decisions"][0])
    return times


def our_side(game: str, games: int) -> float:
    """Seconds per decision of our side alone: steps, view summary, encode, decode
    (as `ProgramBot.choose` does them)."""
    spent = decisions = 0
    for seed in range(games):
        match, rng = Match(game, seed=seed), random.Random(seed)
        follower = protocol.SeatSteps(match, 0)
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
                continue
            legal = match.state.legal_actions()
            if match.current_player == 0:
                view = match.view(0)  # every bot is given its view: not the protocol's cost
                start = time.perf_counter()
                zones = view.zones()
                line = protocol.encode_decide(follower.update(protocol.face_up_tiles(view, zones)),
                                              [a.text for a in legal], 1000, protocol.view_summary(view, zones))
                protocol.decode(protocol.encode({"type": "action", "action": legal[0].text}))
                spent += time.perf_counter() - start
                decisions += 1
                assert line
            match.apply(rng.choice(legal))
    return spent / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and bot")
    args = parser.parse_args()
    bots = {"instant python": f"cmd:{sys.executable} -c \"{INSTANT}\"", "random (in process)": "random"}
    if shutil.which("node"):
        bots["greedy.js (node)"] = f"cmd:node {ROOT / 'examples' / 'greedy_bot.js'}"
    print(f"{'game':12} {'our side':>9} " + " ".join(f"{name:>20}" for name in bots) + "   (ms per decision)")
    for game in GAMES:
        cells = [f"{our_side(game, args.games) * 1000:9.3f}"]
        for spec in bots.values():
            cells.append(f"{statistics.median(per_decision(spec, game, args.games)) * 1000:20.3f}")
        print(f"{game:12} " + " ".join(cells))


if __name__ == "__main__":
    main()
