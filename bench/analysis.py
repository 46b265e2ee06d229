"""The analysis of a decision (issue 31, `dominoes_arcade.bots.analysis`): how often
the best move at `hard`'s budget agrees with a search given four times the budget,
how much value the disagreements give up, and how soon a first value and a stable
best move come, per game.

Positions come from real games: `medium` (the greedy bot) against itself, played
here from the given seed, each decision with a choice taken with probability 1/4.
At each position the analysis runs at `hard`'s rollouts in 16 steps, timing each
(wall and CPU time), then a second analysis from another seed runs at four times the
rollouts: the reference. The two seeds are independent, so disagreement is the
search's own noise at `hard`'s budget.

- agreement: the share of positions where both searches' best move is the same;
- within 0.02: the share of positions where `hard`'s best move gives up at most
  0.02 against the reference's (agreement included);
- loss: the value the reference gives the reference's best move minus the value it
  gives `hard`'s best move (`Analysis.loss`), over the disagreements and over all
  positions (points of win chance in 2-player games, places in Cyprus and Sebastopol);
- first value: the time to the first step, where every legal move has a value;
- stable best: the time to the step from which the best move stays the one the
  analysis ends on at `hard`'s budget.

``--references K`` measures instead how far agreement can go at all: at each
position `hard`'s analysis and K references at four times its rollouts, all from
independent seeds. It prints `hard`'s agreement with a reference (over all K), two
references' agreement with each other, and the agreement with a reference of the
K - 1 others pooled (one search at 4(K - 1) times `hard`'s rollouts): what more
rollouts buy, and the level no speed-up of `hard` can pass by much.

``--rates`` prints instead each game's rollouts per CPU second of the search
(the registry entry's `hard_rollouts` is about what 150 ms of it buys).

``--worker GAMES`` measures the analysis view as the client runs it: GAMES whole
games of each game, a player (seat 0) against `medium`, through a `Session` whose
bots and values go to the bot worker process (`session.move_values`). At each of
the player's decisions with a choice the view is on and polled every
`POLL_SECONDS` (a frame is 17 ms) until its refining ends at `expert`'s rollouts;
then the analysis's best move is played. Per decision: the time from the decision
to its first values, and to the stable best move (from when the best move is the
one it ends on); medians and 90th percentiles per game.

Never part of the tests: timings depend on the machine. Run ``python
bench/analysis.py [--positions N] [--games ...]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bots import positions  # bench/bots.py, beside this script: the same greedy self-play positions

from dominoes_arcade.bots.analysis import EXPERT_FACTOR, DecisionAnalysis, hard_rollouts
from dominoes_arcade.bots.auto import search_for
from dominoes_arcade.bots.pimc import PimcBot
from dominoes_arcade.engine import State
from dominoes_arcade.session import Session
from dominoes_arcade.session.bot_worker import BotWorker
from dominoes_arcade.tournament.standings import wilson_interval

CASES = {"necropolis": ("necropolis", None), "buildup": ("buildup", None), "cyprus": ("cyprus", 4),
         "sebastopol": ("sebastopol", 4), "draw": ("draw", 2), "block": ("block", 2)}
"""The games measured: (engine game, players)."""
STEPS = 16
"""The steps `hard`'s rollouts are played in, as a view refining while the player thinks."""
NEAR = 0.02
"""A best move that gives up at most this (2 points of win chance, a fiftieth of a
place) against the reference's counts as "within 0.02": a near tie, not a mistake."""


def measure(state: State, seed: int) -> dict:
    """One position: `hard`'s analysis in steps, timed, and the reference's verdict."""
    view = state.view(state.current_player)
    budget = hard_rollouts(state.game)
    analysis = DecisionAnalysis(view, seed)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    steps = []
    for _ in range(STEPS):
        result = analysis.refine(budget // STEPS)
        steps.append((time.perf_counter() - wall0, time.process_time() - cpu0, result.best))
    hard = steps[-1][2]
    stable = next(index for index in range(STEPS) if all(best is hard for _, _, best in steps[index:]))
    reference = DecisionAnalysis(view, seed + 1_000_003).refine(EXPERT_FACTOR * budget)
    return {
        "agree": reference.best is hard,
        "loss": reference.loss(hard),
        "first_ms": 1000 * steps[0][0], "first_cpu_ms": 1000 * steps[0][1],
        "stable_ms": 1000 * steps[stable][0], "stable_cpu_ms": 1000 * steps[stable][1],
        "hard_ms": 1000 * steps[-1][0], "hard_cpu_ms": 1000 * steps[-1][1],
        "moves": len(result.moves),
    }


def pooled_best(game: str, analyses: list) -> str:
    """The best move of several analyses of one position taken as one search: in
    `pimc` the move with the best mean over all their rollouts (the first in legal
    order on a tie, as `pimc` plays), in `ismcts` the most visited over all."""
    first = analyses[0]
    if search_for(game)[0] is PimcBot:
        def pooled(index: int) -> float:
            samples = sum(analysis.moves[index].samples for analysis in analyses)
            mean = sum(analysis.moves[index].value * analysis.moves[index].samples for analysis in analyses) / samples
            return mean if first.win_chance else -mean
    else:
        def pooled(index: int) -> float:
            return sum(analysis.moves[index].samples for analysis in analyses)
    best = max(range(len(first.moves)), key=pooled)  # max keeps the first of equals
    return first.moves[best].move


def ceiling(game: str, state: State, seed: int, references: int) -> dict:
    """One position: `hard`'s best move, and `references` reference analyses' (four
    times `hard`'s rollouts each), every search from its own seed."""
    view = state.view(state.current_player)
    budget = hard_rollouts(state.game)
    hard = DecisionAnalysis(view, seed).refine(budget).best
    refs = [DecisionAnalysis(view, seed + k * 1_000_003).refine(EXPERT_FACTOR * budget)
            for k in range(1, references + 1)]
    return {"hard": str(hard), "references": [str(ref.best) for ref in refs],
            "pooled": [pooled_best(game, refs[:k] + refs[k + 1:]) for k in range(references)]}


def ceiling_summary(label: str, rows: list[dict]) -> str:
    """The three agreements, each the mean over positions of the position's share
    (a position's comparisons share its search noise, so the position is the unit:
    the interval is the mean's, ±1.96 standard errors over positions)."""
    references = len(rows[0]["references"])

    def share(per_position: list[float]) -> str:
        mean = statistics.fmean(per_position)
        half = 1.96 * statistics.stdev(per_position) / len(per_position) ** 0.5
        return f"{100 * mean:.1f}% [{100 * (mean - half):.1f}, {100 * (mean + half):.1f}]"

    hard = [statistics.fmean(row["hard"] == best for best in row["references"]) for row in rows]
    pairs = [statistics.fmean(a == b for i, a in enumerate(row["references"]) for b in row["references"][i + 1:])
             for row in rows]
    pooled = [statistics.fmean(row["pooled"][k] == row["references"][k] for k in range(references)) for row in rows]
    return (f"| {label} | {len(rows)} | {references} | {share(hard)} | {share(pairs)} | "
            f"{share(pooled)} ({EXPERT_FACTOR * (references - 1)}x) |")


CEILING_HEADER = ("| game | positions | references | hard with a reference | two references | "
                  "the other references pooled, with a reference |\n| --- | --- | --- | --- | --- | --- |")


def summary(label: str, rows: list[dict]) -> str:
    agree = sum(row["agree"] for row in rows)
    losses = [row["loss"] for row in rows if not row["agree"]]
    mean_loss = statistics.fmean(losses) if losses else 0.0

    def median(key: str) -> float:
        return statistics.median(row[key] for row in rows)

    low, high = wilson_interval(agree, len(rows))
    close = sum(row["loss"] <= NEAR for row in rows)
    return (f"| {label} | {len(rows)} | {100 * agree / len(rows):.1f}% [{100 * low:.1f}, {100 * high:.1f}] | "
            f"{len(losses)} | {100 * close / len(rows):.1f}% | {mean_loss:.3f} | "
            f"{sum(row['loss'] for row in rows) / len(rows):.3f} | "
            f"{median('first_ms'):.0f} ({median('first_cpu_ms'):.0f}) | "
            f"{median('stable_ms'):.0f} ({median('stable_cpu_ms'):.0f}) | {median('hard_ms'):.0f} "
            f"({median('hard_cpu_ms'):.0f}) |")


HEADER = ("| game | positions | agreement [95%] | disagreements | within 0.02 | loss when they disagree (mean) "
          "| loss over all | first value, ms (CPU) | stable best, ms (CPU) | hard's budget, ms (CPU) |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")


def rates(count: int, seed: int) -> None:
    """Each game's rollouts per CPU second of the analysis's search."""
    print("| game | positions | rollouts per CPU second (median) | in 150 ms | hard_rollouts |")
    print("| --- | --- | --- | --- | --- |")
    for label, (game, players) in CASES.items():
        per_second = []
        for index, state in enumerate(positions(game, players, None, count, seed)):
            analysis = DecisionAnalysis(state.view(state.current_player), index)
            start = time.process_time()
            result = analysis.refine(hard_rollouts(game))
            per_second.append(result.rollouts / (time.process_time() - start))
        median = statistics.median(per_second)
        print(f"| {label} | {count} | {median:,.0f} | {0.15 * median:,.0f} | {hard_rollouts(game):,} |", flush=True)


POLL_SECONDS = 0.002
"""How often the worker path is polled: finer than a frame, so the times are the
worker's, not the frame clock's."""


def worker_decision(session: Session) -> tuple[float, float, int]:
    """The values of the decision in front of the player, polled until refined to
    the end: (seconds to the first values, seconds to the stable best, rounds)."""
    start = time.perf_counter()
    seen = []  # (seconds, best) of each analysis shown
    while True:
        session.poll()
        analysis = session.values.current()
        if analysis is not None and (not seen or analysis.rollouts != seen[-1][2]):
            seen.append((time.perf_counter() - start, analysis.best, analysis.rollouts))
        if analysis is not None and session.values.ticket is None:
            break
        time.sleep(POLL_SECONDS)
    final = seen[-1][1]
    stable = next(index for index in range(len(seen)) if all(best is final for _, best, _ in seen[index:]))
    session.play(final)
    return seen[0][0], seen[stable][0], len(seen)


def worker_path(count: int, seed: int, labels: list[str]) -> None:
    """The analysis view through the real worker path, `count` games of each game."""
    print("| game | games | decisions | first value, ms (median / p90) | stable best, ms (median / p90) "
          "| rounds (median) |")
    print("| --- | --- | --- | --- | --- | --- |")
    worker = BotWorker("process")
    scratch = tempfile.TemporaryDirectory()  # the games' history and saves: never the user's
    try:
        for label in labels:
            game, players = CASES[label]
            firsts, stables, rounds = [], [], []
            for number in range(count):
                seats = ["human"] + ["medium"] * ((players or 2) - 1)
                session = Session(game, seats, seed=seed + number, worker=worker, folder=Path(scratch.name),
                                  bot_settings={"medium": "greedy", "think_delay_ms": 0})
                session.values.show(True)
                while not session.state.is_terminal:
                    session.tick(0.0)
                    if session.waiting_for_human:
                        legal = session.state.legal_actions()
                        if len(legal) == 1:
                            session.play(legal[0])
                            continue
                        first, stable, steps = worker_decision(session)
                        firsts.append(1000 * first)
                        stables.append(1000 * stable)
                        rounds.append(steps)
                    else:
                        time.sleep(0.0005)  # a bot thinking in the worker
                session.close()

            def spread(values: list[float]) -> str:
                return f"{statistics.median(values):.0f} / {statistics.quantiles(values, n=10)[-1]:.0f}"

            print(f"| {label} | {count} | {len(firsts)} | {spread(firsts)} | {spread(stables)} | "
                  f"{statistics.median(rounds):.0f} |", flush=True)
    finally:
        worker.close()
        scratch.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200, help="positions per game (default 200)")
    parser.add_argument("--games", nargs="+", choices=list(CASES), default=list(CASES), help="the games to measure")
    parser.add_argument("--seed", type=int, default=31, help="seed of the games played and of the analyses")
    parser.add_argument("--references", type=int, metavar="K",
                        help="measure instead the agreement of hard, of a reference and of K - 1 references pooled, "
                             "with each of K references")
    parser.add_argument("--rates", action="store_true", help="print the search's rollouts per CPU second instead")
    parser.add_argument("--rows", help="also write every position's figures here (JSON Lines)")
    parser.add_argument("--from-rows", help="print the table from the figures a --rows run wrote, measuring nothing")
    parser.add_argument("--worker", type=int, metavar="GAMES",
                        help="time the analysis view through the bot worker over GAMES games of each game instead")
    args = parser.parse_args()
    if args.worker:
        worker_path(args.worker, args.seed, args.games)
        return
    if args.rates:
        rates(min(args.positions, 40), args.seed)
        return
    rows_out = open(args.rows, "w") if args.rows else None  # noqa: SIM115 - closed at the end
    if args.references:
        print(CEILING_HEADER)
        for label in args.games:
            game, players = CASES[label]
            rows = []
            for index, state in enumerate(positions(game, players, None, args.positions, args.seed)):
                rows.append(ceiling(game, state, args.seed * 1000 + index, args.references))
                if rows_out:
                    rows_out.write(json.dumps({"game": label, **rows[-1]}) + "\n")
                    rows_out.flush()
            print(ceiling_summary(label, rows), flush=True)
        if rows_out:
            rows_out.close()
        return
    if args.from_rows:
        with open(args.from_rows) as rows_in:
            everything = [json.loads(line) for line in rows_in]
        references = bool(everything) and "references" in everything[0]  # a --references run's rows
        print(CEILING_HEADER if references else HEADER)
        for label in args.games:
            rows = [row for row in everything if row["game"] == label]
            if rows:
                print(ceiling_summary(label, rows) if references else summary(label, rows))
        return
    print(HEADER)
    for label in args.games:
        game, players = CASES[label]
        rows = []
        for index, state in enumerate(positions(game, players, None, args.positions, args.seed)):
            row = measure(state, args.seed * 1000 + index)
            rows.append(row)
            if rows_out:
                rows_out.write(json.dumps({"game": label, **row}) + "\n")
                rows_out.flush()
            if (index + 1) % 25 == 0:
                print(f"  {label}: {index + 1} positions", file=sys.stderr, flush=True)
        print(summary(label, rows), flush=True)
    if rows_out:
        rows_out.close()


if __name__ == "__main__":
    main()
