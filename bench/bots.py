"""Bot speed (issues 5, 18 and 44): ISMCTS iterations per second in each game (issue 18's
aim: 15,000+), with the game's rollout depth, with full rollouts (`depth=0`, the
search before issue 18) and with rollouts cut after `--cut` decisions (where the game
has a mid-game estimate; Cyprus's is used only when asked for) side by side, `pimc`
rollouts per second (as `auto` runs it), and
milliseconds per decision at each
difficulty of config.toml's [bots] (medium under 20 ms; hard and expert think for a
time budget, so they take about that).

Decisions are timed at positions with a real choice (a forced move costs nothing),
taken from games of the greedy bot against itself, so every bot is timed on the same
positions. Iterations per second count CPU time of this process
(`time.process_time`), which other work on a shared machine disturbs less than wall
time; milliseconds per decision are wall time, as a player waits them. Run with
`make bench` or `python bench/bots.py [--positions N]`. Never part of the tests:
timings depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dominoes_arcade.bots import DIFFICULTIES, difficulty_spec, make_bot
from dominoes_arcade.bots.heuristics import for_game
from dominoes_arcade.config import load_settings
from dominoes_arcade.engine import CHANCE, new_game

# (label, game, players, options)
CASES = [
    ("necropolis", "necropolis", None, {}),
    ("buildup", "buildup", None, {}),
    ("cyprus 4 players", "cyprus", 4, {}),
    ("cyprus 10 players", "cyprus", 10, {}),
    ("sebastopol", "sebastopol", None, {}),
]


def positions(game, players, options, count, seed):
    """`count` decision points with a choice, spread over greedy self-play games."""
    rng = random.Random(seed)
    knowledge = for_game(game)
    found = []
    while len(found) < count:
        state = new_game(game, players, options)
        while not state.is_terminal and len(found) < count:
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.25:
                found.append(state.clone())
            state.apply_unchecked(knowledge.choose(state, rng, legal))
    return found


def time_decisions(spec, states, clock=time.perf_counter):
    """Milliseconds per decision of `spec` at each state (by `clock`), and ISMCTS
    iterations."""
    times, iterations = [], 0
    for index, state in enumerate(states):
        seat = state.current_player
        bot = make_bot(spec, state.game, seat, state.options_dict(), seed=index)
        view, legal = state.view(seat), state.legal_actions()
        start = clock()
        bot.choose(view, legal)
        times.append((clock() - start) * 1000)
        iterations += getattr(bot, "last_search", {}).get("iterations", 0)
    return times, iterations


def iteration_rate(spec, states):
    """ISMCTS iterations per CPU second of `spec` over `states`."""
    times, iterations = time_decisions(spec, states, time.process_time)
    return iterations / (sum(times) / 1000)


def rollout_rate(game, states, worlds=40):
    """`pimc` rollouts per CPU second over `states`, with the parameters `auto` gives it
    in `game` (`hard` and `expert` play it in Build Up, Cyprus and Sebastopol)."""
    from dominoes_arcade.bots.auto import search_for

    _, params = search_for(game)
    spec = f"pimc:worlds={worlds}" + "".join(f",{key}={str(value).lower()}" for key, value in params.items())
    rollouts, seconds = 0, 0.0
    for index, state in enumerate(states):
        seat = state.current_player
        bot = make_bot(spec, state.game, seat, state.options_dict(), seed=index)
        view, legal = state.view(seat), state.legal_actions()
        start = time.process_time()
        bot.choose(view, legal)
        seconds += time.process_time() - start
        rollouts += bot.last_search.get("rollouts", 0)
    return rollouts / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=30, help="decision points per game")
    parser.add_argument("--iterations", type=int, default=2000, help="ISMCTS iterations for the speed run")
    parser.add_argument("--cut", type=int, default=6, help="rollout depth of the third speed column")
    args = parser.parse_args()
    table = load_settings().bots
    specs = {level: difficulty_spec(table, level) for level in DIFFICULTIES}
    print("bots: " + ", ".join(f"{level} = {spec}" for level, spec in specs.items()))
    print(f"{args.positions} positions with a choice per game; ms per decision: mean / 95th percentile / max")
    cut = f"depth={args.cut} it/s"
    header = f"{'game':20} {'ismcts it/s':>11} {'depth=0 it/s':>12} {cut:>12} {'pimc rollouts/s':>15}"
    for level in DIFFICULTIES:
        header += f"  {level + ' ms':>22}"
    print(header)
    for label, game, players, options in CASES:
        states = positions(game, players, options, args.positions, seed=7)
        timed = states[: max(5, len(states) // 3)]
        rate = iteration_rate(f"ismcts:iterations={args.iterations}", timed)
        full = iteration_rate(f"ismcts:iterations={args.iterations},depth=0", timed)
        short = iteration_rate(f"ismcts:iterations={args.iterations},depth={args.cut}", timed)
        rollouts = rollout_rate(game, timed)
        line = f"{label:20} {rate:11,.0f} {full:12,.0f} {short:12,.0f} {rollouts:15,.0f}"
        for level in DIFFICULTIES:
            ms, _ = time_decisions(specs[level], states)
            p95 = statistics.quantiles(ms, n=20, method="inclusive")[-1] if len(ms) > 1 else ms[0]
            line += f"  {statistics.fmean(ms):7.2f} /{p95:7.2f} /{max(ms):7.1f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
