"""How much `pimc`'s ``infer`` reads from the others' plays in Sebastopol, without the
noise of whole games. Run by hand, never in tests:

    python bench/star_reading.py                       # both measurements, 200 positions
    python bench/star_reading.py --positions 100 --specs pimc:worlds=60 pimc:worlds=60,infer=5
    python bench/star_reading.py --slip 0.01 --greedy-odds 1.0   # the reading with an exact greedy model

The positions are taken from seeded games that greedy plays in every seat, a few to
twenty-odd decisions into the first round (those with one distinct play are skipped).

- **Tiles in the right hand**: of the other seats' tiles, the share a sampled world
  puts in the hand that really holds it, for the view's own deals (`determinize`) and
  for `star_inference.WorldChain`'s (20 worlds a position).
- **Regret**: each spec decides at each position from its view; the regret is the value
  lost against the best move knowing every hand. In Sebastopol nothing is left to
  chance once the tiles are dealt, so one greedy rollout of each play on the true
  state (to the round's end, scored as `pimc` scores it) is that play's exact value
  under greedy play. The first spec is the reference: each other's paired difference
  to it is printed with a 95% interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_bots_star_inference import greedy_round  # noqa: E402 (the tests' seeded positions)

from dominoes_arcade.bots import heuristics, make_bot  # noqa: E402
from dominoes_arcade.bots.heuristics import star_inference  # noqa: E402
from dominoes_arcade.bots.ismcts import play_out, stage_limit  # noqa: E402
from dominoes_arcade.bots.pimc import MARGIN_WEIGHT  # noqa: E402

GAME = "sebastopol"


def positions(count: int) -> list:
    """`count` (state, view, distinct legal plays) from greedy games, seeds 0 on."""
    module = heuristics.for_game(GAME)
    found = []
    for seed in range(20 * count):
        position = greedy_round(GAME, seed, 3 + seed % 22)
        if position is None:
            continue
        state, view = position
        legal = module.distinct(state, state.legal_actions())
        if len(legal) > 1:
            found.append((state, view, legal))
            if len(found) == count:
                break
    return found


def right_hands(world, state) -> tuple[int, int]:
    """How many of the other seats' tiles `world` puts in their true hands, of how many."""
    me = state.current_player
    right = total = 0
    for seat, hand in enumerate(state.hands):
        if seat != me:
            right += len(set(hand) & set(world.hands[seat]))
            total += len(hand)
    return right, total


def tile_shares(found: list, steps: int, rng: random.Random) -> tuple[float, float]:
    """The share of tiles in the right hand: the view's deals, then the chain's."""
    choose = heuristics.for_game(GAME).choose
    counts = {"view": [0, 0], "chain": [0, 0]}
    for state, view, _ in found:
        me = state.current_player
        chain = star_inference.WorldChain(view, star_inference.round_moves(view), me, choose, rng, 10 * steps)
        for _ in range(20):
            for name, world in (("view", view.determinize(rng)), ("chain", chain.world(rng, steps))):
                right, total = right_hands(world, state)
                counts[name][0] += right
                counts[name][1] += total
    return counts["view"][0] / counts["view"][1], counts["chain"][0] / counts["chain"][1]


def true_values(state, legal: list) -> list[float]:
    """Each play's exact value for the player to move under greedy play."""
    module = heuristics.for_game(GAME)
    me = state.current_player
    limit = stage_limit(module, state, 1)
    values = []
    for action in legal:
        trial = state.clone()
        trial.apply_unchecked(action)
        values.append(play_out(trial, module, random.Random(0), limit, MARGIN_WEIGHT)[me])
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--steps", type=int, default=5, help="the chain's swaps between worlds")
    parser.add_argument("--specs", nargs="+", default=["pimc:worlds=60", "pimc:worlds=60,infer=5", "greedy"])
    parser.add_argument("--slip", type=float, default=star_inference.SLIP)
    parser.add_argument("--greedy-odds", type=float, default=star_inference.GREEDY_ODDS)
    args = parser.parse_args()
    star_inference.SLIP, star_inference.GREEDY_ODDS = args.slip, args.greedy_odds
    found = positions(args.positions)
    print(f"{len(found)} positions; slip {args.slip}, greedy odds {args.greedy_odds}")
    view_share, chain_share = tile_shares(found, args.steps, random.Random(1))
    print(f"tiles in the right hand: view's deals {view_share:.3f}, chain ({args.steps} swaps) {chain_share:.3f}")
    values = [true_values(state, legal) for state, _, legal in found]
    reference: list[float] | None = None
    for spec in args.specs:
        regrets = []
        for (state, view, legal), value in zip(found, values, strict=True):
            bot = make_bot(spec, GAME, state.current_player, state.options_dict(), 7)
            action = bot.choose(view, list(legal))
            regrets.append(max(value) - value[legal.index(action)])
        mean = statistics.fmean(regrets)
        line = f"{spec:32} regret {mean:.4f}, best move in {sum(r == 0 for r in regrets)}/{len(regrets)}"
        if reference is None:
            reference = regrets
        else:
            diff = [r - q for r, q in zip(regrets, reference, strict=True)]
            half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
            line += f"; against {args.specs[0]} {statistics.fmean(diff):+.4f} ± {half:.4f}"
        print(line)


if __name__ == "__main__":
    main()
