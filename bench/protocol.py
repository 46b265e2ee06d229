"""Bot protocol overhead (issue 16): the time per decision of a ``cmd:`` bot beyond
the program's own thinking (aim: under 0.2 ms).

Seat 0 is a program that answers at once (the first legal decision), against
random decisions at the other seats. Its time per decision, as the tournament
driver times it (`driver.ask`: the bot's ``choose``, not the view every bot is
given), is split into:

- **ours**: the seat's steps, the ``decide`` line and the reply parsed, timed
  alone, without a program, in version 1 (the view's summary) and version 2 (the
  whole view, `engine.view_json`);
- **round trip**: all of it, with an instant Python program (`INSTANT`) speaking
  version 1 and version 2, and with the JavaScript example (examples/greedy_bot.js,
  version 1) when node is installed;
- **its own**: the instant Python program's own time per decision, which it
  measures itself (from the line read to the reply written) and reports at
  ``quit`` (version 1); **beyond**: the round trip less that (medians both), the
  protocol's overhead.

Every figure is the median over the decisions. Run with
`python bench/protocol.py [--games N]`. Never part of the tests: timings depend on
the machine and its load (`os.getloadavg` is printed with them).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from dominoes_arcade.bots import program, protocol
from dominoes_arcade.bots.driver import ask
from dominoes_arcade.bots.registry import make_bot
from dominoes_arcade.engine import GAMES
from dominoes_arcade.engine.match import Match

ROOT = Path(__file__).resolve().parent.parent
INSTANT = """\
import json, statistics, sys, time
own = []
for line in sys.stdin:
    start = time.perf_counter()
    m = json.loads(line)
    t = m.get('type')
    if t == 'hello':
        print(json.dumps({'type': 'hello', 'protocol': int(sys.argv[2]), 'name': 'instant'}), flush=True)
    elif t == 'decide':
        print(json.dumps({'type': 'action', 'action': m['legal'][0]}), flush=True)
        own.append(time.perf_counter() - start)
    elif t == 'quit':
        break
with open(sys.argv[1], 'a') as report:
    report.write(f'{statistics.median(own)}\\n')
"""


def round_trips(spec: str, game: str, games: int) -> list[float]:
    """Seat 0's seconds per decision (`driver.ask`), against random decisions."""
    times = []
    for seed in range(games):
        match, rng = Match(game, seed=seed), random.Random(seed)
        bot = make_bot(spec, game, 0, match.options(), seed)
        bot.follow(match, None)
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
            elif match.current_player == 0:
                action, seconds, _figures = ask(bot, match.state, None)
                times.append(seconds)
                match.apply(action)
            else:
                match.apply(rng.choice(match.state.legal_actions()))
        bot.game_over(match.state.outcome())
    program.quit_all()
    return times


def our_side(game: str, games: int, version: int = 1) -> list[float]:
    """Seconds per decision of our side alone: steps, the decide line of `version`,
    the reply parsed (as `ProgramBot.choose` does them)."""
    times = []
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
                texts = [a.text for a in legal]
                steps = follower.update(view.seen_pieces())
                line = (protocol.encode_decide_v2(steps, texts, 1000, view) if version == 2
                        else protocol.encode_decide(steps, texts, 1000, view))
                reply = protocol.decode(b'{"type":"action","action":"%s"}' % texts[0].encode())
                times.append(time.perf_counter() - start)
                assert line and reply["action"] in texts
            match.apply(rng.choice(legal))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and bot")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        script, report = Path(folder) / "instant.py", Path(folder) / "own.txt"
        script.write_text(INSTANT, encoding="utf-8")
        instant, instant_v2 = (f"cmd:{sys.executable} {script} {report} {version}" for version in (1, 2))
        node = f"cmd:node {ROOT / 'examples' / 'greedy_bot.js'}" if shutil.which("node") else None
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; medians, ms per decision")
        print(f"{'game':12} {'ours':>7} {'ours v2':>8} {'python':>8} {'its own':>8} {'beyond':>8} {'py v2':>8} "
              f"{'node':>8}")
        for game in GAMES:
            ours, ours_v2 = (statistics.median(our_side(game, args.games, version)) for version in (1, 2))
            report.write_text("", encoding="utf-8")
            python = statistics.median(round_trips(instant, game, args.games))
            own = float(report.read_text(encoding="utf-8"))
            python_v2 = statistics.median(round_trips(instant_v2, game, args.games))
            js = statistics.median(round_trips(node, game, args.games)) if node else float("nan")
            cells = (ours, ours_v2, python, own, python - own, python_v2, js)
            print(f"{game:12} " + " ".join(f"{cell * 1000:{8 if i else 7}.3f}" for i, cell in enumerate(cells)))


if __name__ == "__main__":
    main()
