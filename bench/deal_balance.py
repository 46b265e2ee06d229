"""Balanced deal sets: play candidate deals with equal bots in every seat and keep
the deals whose seats do most nearly equally well (docs/deal-sets.md).

Run with `python bench/deal_balance.py GAME [--candidates 2000] [--salts 32]
[--epsilon 0.05] [--bot epsilon|random] [--keep 200] [--seed 45] [--out tournaments/deals/GAME-200.txt]`.

- **Candidates.** Deal seeds as a tournament derives them (`schedule.deal_seed`)
  from `--seed` for deals 0 to N - 1, played with the game's options and table size
  from its shipped spec (`tournaments/GAME.toml`): a deal's balance depends on them.
- **Equal bots.** Every seat is `EpsilonGreedy`: `greedy`, but a uniformly random
  legal decision with probability `--epsilon`, one game for each salt k <
  `--salts` (the bot's seed salted as ``salt=k`` salts a bot: `salted_seed`). With
  the same bot in every seat a rotation changes nothing (a bot's seed comes from
  its seat), so the salts are what vary the play. Not `greedy` alone: its
  heuristics are deterministic, one game a deal. Not `random`: in Necropolis its
  games show no seat advantage that belongs to the deal (two halves of 32 games
  a deal over 300 deals correlate at -0.03; `EpsilonGreedy` at 0.05, 0.64 with 16
  and 16: docs/deal-sets.md). ``--bot random`` measures with `random` instead, to
  see that.
- **Balance.** Each seat's result in a game is its share of the opponents it beat
  (1 - (place - 1) / (players - 1), ties sharing the place, the standings' places);
  over a deal's games the seats' mean shares average 1/2, and a deal's imbalance is
  the largest distance of a seat's mean share from 1/2. The `--keep` deals with the
  smallest imbalance are kept, the most balanced first (ties: the smaller root mean
  square distance, then the earlier candidate).
- **How much is the deal's.** The split-half correlation (the seats' mean shares
  over the even salts against the odd ones, over every candidate and seat) says how
  much of a measured imbalance belongs to the deal rather than to the games'
  luck. And a deal chosen for its small imbalance is partly chosen for that luck:
  the kept deals and as many of the rest (a random sample) are played again with
  salts not used before (``--salts`` to 2 ``--salts`` - 1), and both imbalances are
  printed and written into the file's header.

One process; the CPU time is printed and written into the header.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dominoes_arcade.bots.driver import play_bots  # noqa: E402
from dominoes_arcade.bots.greedy import GreedyBot  # noqa: E402
from dominoes_arcade.bots.random_bot import RandomBot  # noqa: E402
from dominoes_arcade.bots.registry import salted_seed  # noqa: E402
from dominoes_arcade.bots.seeds import bot_seed  # noqa: E402
from dominoes_arcade.engine import Action, State, new_game  # noqa: E402
from dominoes_arcade.tournament.schedule import deal_seed  # noqa: E402
from dominoes_arcade.tournament.standings import fractional_places  # noqa: E402


class EpsilonGreedy(GreedyBot):
    """`greedy`, but a uniformly random legal decision with probability `epsilon`."""

    epsilon = 0.05

    def choose(self, view: State, legal: list[Action]) -> Action:
        if self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        return super().choose(view, legal)


BOTS = {"epsilon": EpsilonGreedy, "random": RandomBot}
"""The equal bots a measurement may use (``--bot``)."""
bot_class: type = EpsilonGreedy


def setup(game: str) -> tuple[dict, int, bool]:
    """The resolved options, table size and score direction of `game`'s shipped spec."""
    spec = tomllib.loads((ROOT / "tournaments" / f"{game}.toml").read_text())
    state = new_game(game, spec.get("players"), dict(spec.get("options", {})))
    return state.options_dict(), state.num_players, type(state).higher_score_wins


def shares(game: str, options: dict, players: int, higher: bool, seed: int, salt: int) -> list[float]:
    """Each seat's share of opponents beaten in one game of deal `seed`, the bot
    (`bot_class`) salted by `salt` in every seat."""
    bots = [bot_class(game, seat, options, salted_seed(bot_seed(seed, seat), salt)) for seat in range(players)]
    record = play_bots(game, bots, seed, options).to_dict()
    winners, sign = record.get("winners") or (), -1 if higher else 1
    # The standings' order (`standings.place_keys`): the winners first, then by score.
    places = fractional_places([(int(seat not in winners), sign * score)
                                for seat, score in enumerate(record["scores"])])
    return [(players - place) / (players - 1) for place in places]


def imbalance(game: str, options: dict, players: int, higher: bool, seed: int,
              salts: Sequence[int]) -> tuple[float, float, list[float], list[list[float]]]:
    """(largest and root mean square distance of a seat's mean share from 1/2, the
    seats' mean shares, the same over the even and over the odd salts) over one game
    for each of `salts`."""
    totals = [[0.0] * players, [0.0] * players]
    for salt in salts:
        for seat, share in enumerate(shares(game, options, players, higher, seed, salt)):
            totals[salt % 2][seat] += share
    halves = [[total / max(1, len(salts[parity::2])) for total in totals[parity]] for parity in (0, 1)]
    means = [(even + odd) / len(salts) for even, odd in zip(*totals, strict=True)]
    distances = [abs(mean - 0.5) for mean in means]
    return max(distances), math.sqrt(sum(d * d for d in distances) / players), means, halves


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("necropolis", "buildup", "cyprus", "sebastopol"))
    parser.add_argument("--candidates", type=int, default=2000)
    parser.add_argument("--salts", type=int, default=32, help="games per candidate (salts 0 to N - 1)")
    parser.add_argument("--epsilon", type=float, default=0.05, help="EpsilonGreedy's share of random decisions")
    parser.add_argument("--bot", choices=BOTS, default="epsilon", help="the equal bot in every seat")
    parser.add_argument("--keep", type=int, default=200)
    parser.add_argument("--seed", type=int, default=45, help="the master seed the candidates derive from")
    parser.add_argument("--out", type=Path, help="default: tournaments/deals/GAME-KEEP.txt")
    args = parser.parse_args(argv)
    out = args.out or ROOT / "tournaments" / "deals" / f"{args.game}-{args.keep}.txt"
    options, players, higher = setup(args.game)
    global bot_class
    EpsilonGreedy.epsilon = args.epsilon
    bot_class = BOTS[args.bot]
    salts = list(range(args.salts))
    fresh = list(range(args.salts, 2 * args.salts))

    cpu = time.process_time()
    measured = []
    for index in range(args.candidates):
        seed = deal_seed(args.seed, index)
        worst, rms, means, halves = imbalance(args.game, options, players, higher, seed, salts)
        measured.append((worst, rms, index, seed, means, halves))
    ranked = sorted(measured)
    kept, rest = ranked[:args.keep], ranked[args.keep:]
    others = random.Random(args.seed).sample(rest, min(len(rest), args.keep))
    again_kept = [imbalance(args.game, options, players, higher, m[3], fresh)[0] for m in kept]
    again_others = [imbalance(args.game, options, players, higher, m[3], fresh)[0] for m in others]
    cpu = time.process_time() - cpu

    def mean(values: Sequence[float]) -> float:
        return sum(values) / len(values)

    games = args.candidates * len(salts) + (len(kept) + len(others)) * len(fresh)
    split_half = correlation([share for m in measured for share in m[5][0]],
                             [share for m in measured for share in m[5][1]])
    seat_means = [mean([m[4][seat] for m in measured]) for seat in range(players)]
    figures = [
        f"candidates: {args.candidates} (deal seeds of master seed {args.seed}, deals 0 to {args.candidates - 1}); "
        f"games: {games}; CPU {cpu:.0f} s",
        f"options: {', '.join(f'{k} = {v!r}' for k, v in options.items())}",
        (f"bots: greedy with {args.epsilon} random decisions" if args.bot == "epsilon" else "bots: random")
        + f" in every seat, salts 0 to {args.salts - 1}",
        "imbalance (the largest |seat's mean share of opponents beaten - 1/2|): "
        f"all candidates mean {mean([m[0] for m in measured]):.4f}, "
        f"kept mean {mean([m[0] for m in kept]):.4f} (largest {kept[-1][0]:.4f})",
        f"split-half correlation of the seats' mean shares (even against odd salts): {split_half:.3f}",
        f"played again with salts {args.salts} to {2 * args.salts - 1}: kept mean {mean(again_kept):.4f}, "
        f"{len(others)} others (a random sample) mean {mean(again_others):.4f}",
        "each seat's mean share over all candidates: " + ", ".join(f"{m:.4f}" for m in seat_means),
    ]
    command = (f"python bench/deal_balance.py {args.game} --candidates {args.candidates} --salts {args.salts} "
               f"--epsilon {args.epsilon} --keep {args.keep} --seed {args.seed}"
               + (f" --bot {args.bot}" if args.bot != "epsilon" else ""))
    header = [
        f"{args.game}: the {args.keep} most balanced of {args.candidates} candidate deals, most balanced first:",
        "one deal seed a line, for `dominoes-arcade tournament run --deals-file THIS_FILE`",
        "(docs/deal-sets.md). Balanced: equal bots in every seat do about equally well in each.",
        f"Made by: {command}",
        *figures,
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(f"# {line}\n" for line in header) + "".join(f"{m[3]}\n" for m in kept))
    print("\n".join([f"wrote {out}", *figures]))


if __name__ == "__main__":
    main()
