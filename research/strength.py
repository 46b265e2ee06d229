"""Bot strength on duplicate deals, each claim at its cost in time (docs/strength.md
holds the results). Run by hand from the repository root,
never in tests:

    python research/strength.py buildup ismcts:time_ms=150 pimc:time_ms=150 --deals 100 --out bu.jsonl
    python research/strength.py cyprus ismcts:time_ms=150 pimc:time_ms=150 greedy greedy --deals 50
    python research/strength.py buildup --from bu.jsonl      # the summary of a (partial) run
    python research/strength.py cyprus --from a.jsonl --against b.jsonl   # two runs' first bots, paired

Two bots (2-player games): every deal is played twice with the seats swapped; the
same seed deals the same tiles (`engine.chance.Deck`), so luck cancels out. Prints
the first bot's wins, draws and losses, and its share of the decided games with a
Wilson 95% interval.

Three or more bots (one table, e.g. Cyprus 4 players): every deal is played in every
cyclic rotation of the seats. Prints each bot's mean rank (1 = first; tied seats
share their ranks) with a 95% interval, how often it won, and the first bot's mean
rank difference to each other bot with a 95% interval. Intervals over a table are
taken over deals (a deal's mean over its rotations), since the rotations of one
deal share its luck.

Every bot's time per decision is printed beside its result: the mean wall time of
its decisions with a choice (a forced move costs nothing and would flatter a slow
bot), under the machine load printed at the start and the end. With ``--out`` each
game is appended to a JSON-lines file as it finishes, so an interrupted run still
has its games, and ``--from`` summarises such a file.

``--against`` compares two runs made with the same ``--seed`` and the same other
seats, say ``X greedy greedy greedy`` and ``Y greedy greedy greedy``: each game of one
is paired with the game of the other on the same deal with the first bot in the same
seat, and the first bots' rank difference is averaged over deals. The two games are
the same until the bots first choose differently, so the interval is narrower than
when X and Y share one table; but it measures each against the other seats, not X
against Y at one table.

``--oracle`` lets the first bot decide on the whole state, every hand in sight (not
its seat's view; future draws stay unknown): not a legal bot but a ceiling. What it
wins over the same bot without the oracle bounds what any better reading of the
hidden tiles (inference from plays, passes and draws) could add to that bot:

    python research/strength.py buildup pimc:time_ms=150 pimc:time_ms=150 --oracle --deals 60
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections import defaultdict

from dominoes_arcade.bots import DIFFICULTIES, BotError, difficulty_spec, make_bot, parse_spec
from dominoes_arcade.bots.driver import play_bots
from dominoes_arcade.config import load_settings
from dominoes_arcade.engine import new_game


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, half


def ranks(scores: list[int], winners: list[int], higher_wins: bool) -> list[float]:
    """Each seat's rank from 1, winners first, then by score; ties share."""
    sign = 1 if higher_wins else -1
    keys = [(seat in winners, sign * score) for seat, score in enumerate(scores)]
    out = []
    for key in keys:
        better = sum(other > key for other in keys)
        equal = sum(other == key for other in keys)
        out.append(1 + better + (equal - 1) / 2)
    return out


class Timed:
    """Times a bot's decisions that had a choice."""

    def __init__(self, bot):
        self.choose = bot.choose
        self.seconds = 0.0
        self.choices = 0

    def __call__(self, view, legal):
        if len(legal) == 1:
            return self.choose(view, legal)
        start = time.perf_counter()
        action = self.choose(view, legal)
        self.seconds += time.perf_counter() - start
        self.choices += 1
        return action


class Oracle:
    """A bot's `choose` given the whole state of the game in play instead of the view
    (``--oracle``): `keep` follows the game step by step."""

    def __init__(self, choose):
        self.choose = choose
        self.state = None

    def keep(self, state, step) -> None:
        self.state = state

    def __call__(self, view, legal):
        assert self.state is not None, "a decision before the first step"
        return self.choose(self.state.clone(), legal)


def play_one(job: tuple) -> dict:
    """One game of the duplicate schedule, as a JSON-ready dict."""
    game, specs, seed, deal, rotation, options, oracle = job
    seated = specs[rotation:] + specs[:rotation]
    state = new_game(game, len(specs), options)
    resolved = state.options_dict()
    bots, timers = [], []
    sees = None
    for seat, spec in enumerate(seated):
        bot = make_bot(spec, game, seat, resolved, seed * 31 + seat)
        if oracle and (seat + rotation) % len(specs) == 0:  # the first bot of the command line
            sees = bot.choose = Oracle(bot.choose)
        timer = Timed(bot)
        bot.choose = timer  # an instance attribute: the driver's `ask` calls it
        bots.append(bot)
        timers.append(timer)
    record = play_bots(game, bots, seed, options, names=seated, on_step=sees.keep if sees else None)
    return {"deal": deal, "rotation": rotation, "scores": record.scores, "winners": record.extra.get("winners"),
            "error": record.error, "seconds": [t.seconds for t in timers], "choices": [t.choices for t in timers]}


def summarise(game: str, specs: list[str], higher_wins: bool, results: list[dict]) -> list[str]:
    """The report's lines for these games (in any order, a run's part or whole)."""
    n = len(specs)
    lines = []
    errors = [r for r in results if r["error"] is not None]
    good = [r for r in results if r["error"] is None]
    deals = len({r["deal"] for r in good})
    lines.append(f"{game}: {len(good)} games over {deals} deals ({n} rotations each), {len(errors)} errors")
    lines += [f"  error: {r['error']}" for r in errors[:5]]
    by_deal: dict[int, list[list[float]]] = defaultdict(lambda: [[] for _ in specs])
    first = [0] * n
    seconds = [0.0] * n
    choices = [0] * n
    for r in good:
        seat_ranks = ranks(r["scores"], r["winners"], higher_wins)
        for seat in range(n):
            bot = (seat + r["rotation"]) % n
            by_deal[r["deal"]][bot].append(seat_ranks[seat])
            seconds[bot] += r["seconds"][seat]
            choices[bot] += r["choices"][seat]
            if seat in r["winners"]:
                first[bot] += 1
    cost = [f"{1000 * seconds[b] / choices[b]:.1f} ms/decision" if choices[b] else "no decisions"
            for b in range(n)]
    if n == 2:
        mine = [rank for lists in by_deal.values() for rank in lists[0]]
        wins, losses = mine.count(1), mine.count(2)
        draws = len(mine) - wins - losses
        low, high = wilson(wins, wins + losses)
        rate = wins / (wins + losses) if wins + losses else float("nan")
        lines.append(f"  {specs[0]} ({cost[0]}) vs {specs[1]} ({cost[1]}): {wins} wins, {draws} draws, "
                     f"{losses} losses; {rate:.1%} of decided games [95% CI {low:.1%}, {high:.1%}]")
        return lines
    deal_means = [[statistics.fmean(lists[b]) for lists in by_deal.values() if lists[b]] for b in range(n)]
    for b, spec in enumerate(specs):
        if not deal_means[b]:
            continue
        mean, half = mean_interval(deal_means[b])
        games = sum(len(lists[b]) for lists in by_deal.values())
        lines.append(f"  #{b} {spec:28} mean rank {mean:.3f} ± {half:.3f}, won {first[b]}/{games}, {cost[b]}")
    for b in range(1, n):
        if specs[b] == specs[0] or not deal_means[0]:
            continue
        diff, half = mean_interval([x - y for x, y in zip(deal_means[0], deal_means[b], strict=True)])
        lines.append(f"  #0 - #{b} mean rank difference {diff:+.3f} ± {half:.3f} (negative: #0 ranks better)")
    return lines


def first_bot_ranks(header: dict, games: list[dict]) -> dict[tuple[int, int], float]:
    """The first bot's rank in each game of a run, by (deal, rotation)."""
    n = len(header["specs"])
    higher_wins = new_game(header["game"], n, header["options"]).higher_score_wins
    return {(r["deal"], r["rotation"]): ranks(r["scores"], r["winners"], higher_wins)[-r["rotation"] % n]
            for r in games if r["error"] is None}


def paired(header: dict, games: list[dict], other_header: dict, other_games: list[dict]) -> str:
    """The first bot of one run against the first bot of another, game by game: the
    same deals (the same ``--seed``) and the same seat, so the two games differ only
    where the two bots choose differently. The interval is over deals."""
    mine, theirs = first_bot_ranks(header, games), first_bot_ranks(other_header, other_games)
    keys = sorted(set(mine) & set(theirs))
    if not keys:
        return "no game of the two runs shares a deal and a rotation (run both with the same --seed)"
    by_deal: dict[int, list[float]] = defaultdict(list)
    for key in keys:
        by_deal[key[0]].append(mine[key] - theirs[key])
    diff, half = mean_interval([statistics.fmean(values) for values in by_deal.values()])
    return (f"{header['specs'][0]} against {other_header['specs'][0]}, each with {header['specs'][1:]}: "
            f"{len(keys)} paired games over {len(by_deal)} deals; mean rank "
            f"{statistics.fmean(mine[k] for k in keys):.3f} against {statistics.fmean(theirs[k] for k in keys):.3f}, "
            f"difference {diff:+.3f} ± {half:.3f} (negative: the first run's bot ranks better)")


def read_run(path: str) -> tuple[dict, list[dict]]:
    """A ``--out`` file's header and games."""
    with open(path) as file:
        rows = [json.loads(line) for line in file if line.strip()]
    return rows[0], rows[1:]


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("bots", nargs="*", help="bot specs, one per seat")
    parser.add_argument("--deals", type=int, default=200, help="deals; each is played in every seat rotation")
    parser.add_argument("--seed", type=int, default=1, help="deal i uses seed + i")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option (integers are read as numbers)")
    parser.add_argument("--out", help="write each game to this JSON-lines file as it finishes")
    parser.add_argument("--from", dest="source", help="summarise the games of a --out file instead of playing")
    parser.add_argument("--against", metavar="OTHER",
                        help="with --from: its first bot against OTHER's first bot, game by game on the same deals")
    parser.add_argument("--oracle", action="store_true",
                        help="the first bot sees every hand (a ceiling, not a legal bot)")
    args = parser.parse_args()
    if args.against and not args.source:
        parser.error("--against compares a --from file with another")
    if args.source:
        header, games = read_run(args.source)
        if args.against:
            print(paired(header, games, *read_run(args.against)))
            return
        state = new_game(header["game"], len(header["specs"]), header["options"])
        names = header["specs"][:]
        if header.get("oracle"):
            names[0] += " [oracle]"
        print("\n".join(summarise(header["game"], names, state.higher_score_wins, games)))
        return
    if len(args.bots) < 2:
        parser.error("name at least two bot specs (or --from FILE)")
    options = {}
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    specs = [resolve(spec, parser) for spec in args.bots]
    n = len(specs)
    state = new_game(args.game, n, options)
    options = state.options_dict()
    jobs = [(args.game, specs, args.seed + deal, deal, rotation, options, args.oracle)
            for deal in range(args.deals) for rotation in range(n)]
    out = open(args.out, "w") if args.out else None  # noqa: SIM115 (closed below, written as games finish)
    if out is not None:
        out.write(json.dumps({"game": args.game, "specs": specs, "options": options, "oracle": args.oracle}) + "\n")
    print(f"start: {load()}, {os.cpu_count()} CPUs, {args.workers} workers", flush=True)
    start = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap_unordered(play_one, jobs, chunksize=1):
            results.append(result)
            if out is not None:
                out.write(json.dumps(result) + "\n")
                out.flush()
            print(f"game {len(results)}/{len(jobs)}: deal {result['deal']} rotation {result['rotation']} "
                  f"scores {result['scores']} error {result['error']}", file=sys.stderr, flush=True)
    if out is not None:
        out.close()
    print(f"end: {load()}; {time.perf_counter() - start:.0f} s")
    names = [specs[0] + " [oracle]"] + specs[1:] if args.oracle else specs
    print("\n".join(summarise(args.game, names, state.higher_score_wins, results)))


def resolve(spec: str, parser: argparse.ArgumentParser) -> str:
    """`spec` checked before any game starts; a difficulty (``hard``) becomes the spec
    config.toml's [bots] gives it, so results name the bot that played."""
    try:
        if spec in DIFFICULTIES:
            return difficulty_spec(load_settings().bots, spec)
        parse_spec(spec)
    except BotError as error:
        parser.error(str(error))
    return spec


if __name__ == "__main__":
    main()
