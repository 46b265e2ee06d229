"""`pimc`: flat Perfect Information Monte Carlo, the baseline a stronger bot is
measured against (README, "Strength").

For each decision it samples `worlds` full states consistent with what its seat has
seen (`view.determinize`), tries every legal action on each, and plays each try on
with the game's greedy heuristic (bots/heuristics). The tries are paired: on one
world every action's rollout starts from the same state and draws the same future
chance (one RNG seed per world, reused for each action), so the comparison between
actions is not drowned by the luck of the draws. A rollout stops at the end of the
current hand or round (`horizon`, in games that have them), where the game's
`evaluate` scores the position, as in `ismcts`; otherwise at the end of the game,
scored like `ismcts` scores it (`ismcts.rewards`). The action with the highest
total reward over the worlds is played (ties: the first legal).

No tree, no search over the other players' decisions: they play greedy in every
rollout. That is cheap and, where the heuristic is good, hard to beat.

Options, off by default so that the baseline stays as measured: ``distinct``
tries one play of each set that leads to the same position (the game's
`distinct`: in Cyprus and Sebastopol a tile on either of two arms ending in the
same number), which spends the time on more worlds instead of repeated rollouts;
``policy=strong`` rolls every seat out with the game's stronger one-ply policy
(the heuristic module's `strong_choose`, in Build Up, Cyprus and Sebastopol) and
scores hand ends with its `strong_evaluate` where it has one. `auto` does not use
``policy=strong``: it measured level with greedy rollouts in Build Up at 150 ms a
decision and worse in Cyprus and Sebastopol at equal worlds (README, "Strength"),
where greedy rollouts predict greedy seats exactly. ``depth=N`` cuts each rollout
after N decisions and scores it with the game's mid-game `estimate` (Cyprus,
Sebastopol, Necropolis; a game without one plays on), as ``ismcts:depth`` does: every
action of a world is cut after the same number of decisions, so the comparison stays
paired. It buys worlds (about twice as many at ``depth=4`` in Sebastopol) at the
price of the estimate's error, and measured weaker at equal time (Cyprus at 150 ms;
README, "Strength"), so `auto` does not use it either.

``infer=N`` (Sebastopol) draws the worlds by how well they explain the others'
plays this round (`heuristics.star_inference.WorldChain`, N tile swaps between
worlds); ``own=strong`` or ``own=lookahead`` plays the bot's own later decisions in
the rollouts better than greedy (`own_heuristic`). Each measured level with `pimc`
at the table at equal time (README, "Strength"), so `auto` uses none of them.
"""

from __future__ import annotations

import random
import time
import types
from typing import Any

from ..engine import Action, State
from . import heuristics
from .base import Bot, BotError, Param
from .ismcts import IsmctsBot, play_out, rollout_cut, stage_limit

BURN_IN = 10
"""``infer``'s chain makes this many times its swaps between worlds before the first."""

MARGIN_WEIGHT = IsmctsBot.params["margin"].default
"""Weight of the score margin in the reward at the end of a game (`ismcts.rewards`):
`ismcts`'s default."""


def heuristic_with(heuristic, **replaced: Any) -> types.SimpleNamespace:
    """A game's heuristic module as a plain namespace with some of its names
    replaced; the rest (`SCORE_SCALE`, `observed_by`...) as the module has them. A
    plain namespace rather than a class, so the compiled build (setup.py) has
    nothing dynamic to compile."""
    names = {name: getattr(heuristic, name) for name in dir(heuristic) if not name.startswith("__")}
    return types.SimpleNamespace(**{**names, **replaced})


def strong_heuristic(heuristic) -> types.SimpleNamespace:
    """A game's heuristic module as the rollouts see it with ``policy=strong``: its
    `strong_choose` as `choose`, and where it has them `strong_rollout_action` as
    the list-free `rollout_action` (greedy's is not used), `strong_evaluate` as
    `evaluate` and `strong_stage` as `stage` (`heuristic_with`)."""
    return heuristic_with(
        heuristic,
        choose=heuristic.strong_choose,
        rollout_action=getattr(heuristic, "strong_rollout_action", None),
        evaluate=getattr(heuristic, "strong_evaluate", getattr(heuristic, "evaluate", None)),
        stage=getattr(heuristic, "strong_stage", getattr(heuristic, "stage", None)),
    )


def own_heuristic(heuristic, seat: int, own: str, horizon: int) -> types.SimpleNamespace:
    """`heuristic` as the rollouts see it with ``own=strong`` or ``own=lookahead``:
    `seat`'s own later decisions by the game's stronger one-ply policy
    (`strong_choose`, list-free by `strong_rollout_action` where it has one), or by
    one greedy rollout of each of its plays on the rollout's world, the best kept (a
    step of policy improvement that knows the world, as the whole search does);
    every other seat's as before, so the rollouts still predict greedy players
    exactly."""
    choose = heuristic.choose
    rollout: Any = getattr(heuristic, "rollout_action", None)  # None: the game has no list-free policy
    own_choose: Any
    own_rollout: Any
    if own == "strong":
        own_choose = heuristic.strong_choose
        own_rollout = getattr(heuristic, "strong_rollout_action", None)
    else:
        own_choose = lookahead_policy(heuristic, seat, horizon)

        def own_rollout(state: Any, rng: random.Random | None = None) -> Action:
            return own_choose(state, state.legal_actions(), rng)

    def seat_choose(state: Any, legal: list[Action], rng: random.Random | None = None) -> Action:
        return (own_choose if state.current_player == seat else choose)(state, legal, rng)

    def seat_rollout_action(state: Any, rng: random.Random | None = None) -> Action:
        return (own_rollout if state.current_player == seat else rollout)(state, rng)

    list_free = rollout is not None and own_rollout is not None
    return heuristic_with(heuristic, choose=seat_choose, rollout_action=seat_rollout_action if list_free else None)


def lookahead_policy(heuristic, seat: int, horizon: int) -> Any:
    """``own=lookahead``'s policy for `seat`: each play (one of each `distinct` set)
    rolled out once by `heuristic` to the horizon, all from one seed, the best kept."""
    distinct = getattr(heuristic, "distinct", None)

    def decide(state: Any, legal: list[Action], rng: random.Random | None = None) -> Action:
        if distinct is not None:
            legal = distinct(state, legal)
        if len(legal) == 1:
            return legal[0]
        seed = rng.getrandbits(64) if rng is not None else 0
        limit = stage_limit(heuristic, state, horizon)
        best, best_value = legal[0], -1.0
        for action in legal:
            trial = state.clone()
            trial.apply_unchecked(action)
            value = play_out(trial, heuristic, random.Random(seed), limit, MARGIN_WEIGHT)[seat]
            if value > best_value:
                best, best_value = action, value
        return best
    return decide


class PimcBot(Bot):
    """Flat determinized Monte Carlo with paired greedy rollouts.

    Args: the `Bot` constructor's (game, seat, options, seed) and the parameters
    below (``pimc:worlds=40``, ``pimc:time_ms=150``).
    Returns from `choose`: the legal decision with the highest total reward over the
    sampled worlds; a forced decision at once. With a world count (``time_ms=0``)
    a seed repeats every decision exactly; a time budget samples as many worlds as
    fit (at least one), so it cannot. `last_search` holds the latest decision's
    worlds and seconds.
    """

    name = "pimc"
    description = "flat Monte Carlo: every move tried on sampled deals, paired greedy rollouts (the baseline)"
    params = {
        "worlds": Param(20, "determinizations per decision (used when time_ms is 0)", minimum=1,
                        maximum=1_000_000),
        "time_ms": Param(0, "milliseconds per decision instead of a fixed world count; "
                            "0 = use worlds (a time budget does not repeat exactly)",
                         minimum=0, maximum=3_600_000),
        "horizon": IsmctsBot.params["horizon"],  # the same stopping point as the tree search's rollouts
        "policy": Param("greedy", "the rollout policy of every seat: the game's greedy heuristic, or its "
                                  "stronger one-ply policy (Build Up, Cyprus, Sebastopol)",
                        choices=("greedy", "strong")),
        "own": Param("same", "its own seat's later decisions in the rollouts: by the same policy as the "
                             "others', by the game's stronger one-ply policy (Build Up, Cyprus, Sebastopol), "
                             "or by one rollout of each play on the rollout's world (lookahead)",
                     choices=("same", "strong", "lookahead")),
        "distinct": Param(False, "try one play of each set that leaves the same position (the game's "
                                 "`distinct`, where it has one) instead of every legal play"),
        "depth": Param(0, "rollout decisions before the game's mid-game estimate scores the position "
                          "(Cyprus, Sebastopol, Necropolis); 0 = play on to the horizon or the end",
                       minimum=0, maximum=10_000),
        "solve": Param(0, "Build Up: with at most this many tiles left in the two hands, each world's hand "
                          "is played out exactly (minimax) instead of by rollouts; the last hand, where "
                          "nothing is hidden, is solved once at any size; 0 = off",
                       minimum=0, maximum=12),
        "infer": Param(0, "Sebastopol: worlds drawn in proportion to how well greedy play explains the "
                          "others' plays this round, by a chain of tile swaps between their hands: this many "
                          "swaps between worlds (and 10 times as many before the first); 0 = off",
                       minimum=0, maximum=1000),
    }

    worlds: int
    time_ms: int
    horizon: int
    policy: str
    own: str
    distinct: bool
    depth: int
    solve: int
    infer: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.heuristic: Any = heuristics.for_game(self.game)  # a module, or its strong_heuristic
        if self.policy == "strong":
            if not hasattr(self.heuristic, "strong_choose"):
                raise BotError(f"pimc: {self.game} has no strong rollout policy; use policy=greedy")
            self.heuristic = strong_heuristic(self.heuristic)
        if self.own != "same":
            if self.own == "strong" and not hasattr(self.heuristic, "strong_choose"):
                raise BotError(f"pimc: {self.game} has no strong rollout policy; use own=same")
            self.heuristic = own_heuristic(self.heuristic, self.seat, self.own, self.horizon)
        self._depth, self._estimate = rollout_cut(self.heuristic, self.depth)  # as ismcts cuts its rollouts
        if self.solve and not hasattr(self.heuristic, "solve_hand"):
            raise BotError(f"pimc: {self.game} has no exact hand search; use solve=0")
        if self.infer and not hasattr(self.heuristic, "WorldChain"):
            raise BotError(f"pimc: {self.game} has no reading of the others' plays; use infer=0")
        self.last_search: dict = {}

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            self.last_search = {"worlds": 0, "seconds": 0.0}
            return legal[0]
        if self.distinct:
            distinct = getattr(self.heuristic, "distinct", None)
            if distinct is not None:  # the other plays' rollouts would repeat these ones'
                legal = distinct(view, legal)
                if len(legal) == 1:
                    self.last_search = {"worlds": 0, "seconds": 0.0}
                    return legal[0]
        start = time.perf_counter()
        deadline = start + self.time_ms / 1000.0 if self.time_ms > 0 else None
        limit = stage_limit(self.heuristic, view, self.horizon)
        me = self.seat
        rng = self.rng
        depth, estimate = self._depth, self._estimate
        totals = [0.0] * len(legal)
        worlds = 0
        plan = self.heuristic.solve_plan(view, self.solve) if self.solve else 0
        chain = self._chain(view) if self.infer else None
        while True:
            world = view.determinize(rng) if chain is None else chain.world(rng, self.infer)
            if plan:
                values = self.heuristic.solve_hand(world, legal, deadline, plan == 1)
                if values is None:  # out of time before a world was solved
                    if worlds:
                        break
                    plan, deadline = 0, time.perf_counter()  # one world of rollouts decides
                    continue
                for index, value in enumerate(values):
                    totals[index] += self.heuristic.solved_reward(world, me, value, MARGIN_WEIGHT)
            else:
                seed = rng.getrandbits(64)
                for index, action in enumerate(legal):
                    state = world.clone()
                    state.apply_unchecked(action)
                    totals[index] += play_out(state, self.heuristic, random.Random(seed), limit, MARGIN_WEIGHT,
                                              depth, estimate)[me]
            worlds += 1
            if plan == 1:  # nothing hidden: this world is every world
                break
            if deadline is None:
                if worlds >= self.worlds:
                    break
            elif time.perf_counter() >= deadline:
                break
        best = max(range(len(legal)), key=totals.__getitem__)  # the first of equal totals
        self.last_search = {"worlds": worlds, "seconds": time.perf_counter() - start}
        return legal[best]

    def _chain(self, view: State) -> Any:
        """A `WorldChain` that draws this decision's worlds by how well greedy play
        explains the others' plays (``infer``), or None where nothing can be read."""
        heuristic = self.heuristic
        moves = heuristic.round_moves(view)
        if moves is None:
            return None
        # The others are read as greedy players, whatever policy the rollouts play
        # (``policy``, ``own`` replace the namespace's `choose`).
        greedy = heuristics.for_game(self.game).choose
        chain = heuristic.WorldChain(view, moves, self.seat, greedy, self.rng, BURN_IN * self.infer)
        return chain if chain.active else None
