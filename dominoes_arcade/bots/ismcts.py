"""`ismcts`: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012: the single-observer variant).

Each iteration samples a full state consistent with what the searching seat has
seen (`view.determinize`), walks down one tree shared by every sample, adds one
node, plays the rest of the game out with the game's greedy heuristic, and backs
the rewards up the path.

- The tree is keyed by what the searching seat knows: its edges are decisions (the
  seat's own and the others', as actions) and the chance outcomes the seat observes
  (its own draws). Outcomes it does not observe (another player's draw) add no
  node, so two samples that differ only in hidden tiles share their nodes.
- A decision that is legal in some samples only is judged with availability counts:
  UCB1 uses how often the action was available instead of the parent's visits.
- Progressive widening (Chaslot et al., "Progressive strategies for Monte-Carlo
  tree search", 2008): a node's moves enter the search one at a time in the order
  of the greedy heuristic, so wide nodes (a Build Up hand has up to 72 placements)
  and the other players' nodes spend their few visits on sensible moves.
- Rollouts play the greedy heuristic to the end of the game, or in games of hands
  or rounds to the end of the current one (`horizon`), where the game's
  `evaluate` turns totals into expected rewards: the later deals are pure chance
  and would only add noise. Where a game is long (Necropolis runs ~90 decisions)
  they stop sooner, after `depth` decisions (the game's `Knowledge.rollout_depth` by
  default), and the game's mid-game `estimate` scores the position: a rollout's
  cost is nearly all heuristic decisions, so a short one buys about three times the
  iterations in the same time.
- Rewards are a vector, one per seat, in [0, 1] (`rewards`); each decision node
  keeps the total of the seat that chose it, so with 3+ players every seat
  maximises its own reward.
- Budget: `iterations` per decision (the default), or `time_ms` per decision. All
  randomness comes from the bot's own seeded RNG, so an iteration budget repeats
  exactly; a time budget cannot, since the number of iterations depends on the
  machine's speed at that moment.
"""

from __future__ import annotations

import math
import random
import time
from math import log, sqrt  # by name, not through local aliases: mypyc calls C's own on a float
from typing import Any, Protocol

from ..engine import CHANCE, TERMINAL, Action, Outcome, State
from . import heuristics
from .base import Bot, Param, collector_paused
from .heuristics import Knowledge


class Node:
    """One edge of the tree and the node it leads to: the statistics of the seat
    that took the edge."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        """The sum of the rewards of the seat that chose this edge."""
        self.available = 1
        """How many times this edge was legal when its parent was visited."""


class Finished(Protocol):
    """What `rewards` reads of a finished state."""

    @property
    def higher_score_wins(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...


def rewards(state: Finished, scale: float, margin_weight: float) -> list[float]:
    """Each seat's reward in [0, 1] for the finished `state`.

    The rank part: seats are ranked by (winner, score), with the score's sign
    following `higher_score_wins`; tied seats share their ranks, and rank r of n is
    worth 1 - r / (n - 1). With 2 players that is 1 for a win, 0.5 for a draw and 0
    for a loss. The margin part, weighted `margin_weight`, is
    (1 + tanh(margin / scale)) / 2, where the margin is the seat's score against the
    mean of the others' (sign-adjusted): it lets the search prefer a safer win and a
    narrower loss when every line wins or loses.
    """
    outcome = state.outcome()
    assert outcome is not None, "rewards are for a finished game"
    scores = outcome.scores
    winners = outcome.winners
    n = len(scores)
    sign = 1 if state.higher_score_wins else -1
    signed = [sign * score for score in scores]
    total = sign * sum(scores)
    # Each seat's rank key is its signed score, a winner's lifted above every other
    # seat's: whole numbers compare faster than (winner, score) pairs, in the same
    # order. Lower and equal seats are found in the sorted keys by `list.index` and
    # `list.count`, not by comparing every pair (a 10-player rollout ends here): C
    # loops in pure Python, and C calls in the compiled build (where a bisection is a
    # Python call).
    lift = max(signed) - min(signed) + 1
    keys = [signed[seat] + lift if seat in winners else signed[seat] for seat in range(n)]
    ordered = sorted(keys)
    rank_weight = 1.0 - margin_weight
    out = []
    for seat in range(n):
        key = keys[seat]
        below, equal = ordered.index(key), ordered.count(key)
        better = n - below - equal
        rank = better + (equal - 1) / 2
        rank_reward = 1.0 - rank / (n - 1)
        margin = signed[seat] - (total - signed[seat]) / (n - 1)
        margin_reward = 0.5 + 0.5 * math.tanh(margin / scale)
        out.append(rank_weight * rank_reward + margin_weight * margin_reward)
    return out


class IsmctsBot(Bot):
    """Single-observer ISMCTS with greedy-guided rollouts.

    Args: the `Bot` constructor's (game, seat, options, seed) and the parameters
    below (``ismcts:iterations=2000,c=0.7``).
    Returns from `choose`: the legal decision whose edge from the root was visited
    most (ties: the higher mean reward, then the first legal). A forced decision is
    returned at once, without search. `last_search` holds the statistics of the
    latest search (iterations, seconds, root visits); `decision_figures` gives its
    iterations to the tournament journal.

    The defaults (800 iterations, c = 0.25, greedy rollouts without random moves,
    widening 1): 800 iterations keep a Cyprus decision near 200 ms, and the lower
    exploration and the widening won more games of Build Up, Cyprus and Sebastopol
    against `greedy` than c = 0.7 without them (docs/strength.md, "ISMCTS settings").
    """

    name = "ismcts"
    description = "information-set Monte Carlo tree search over determinizations, greedy rollouts"
    params = {
        "iterations": Param(800, "iterations per decision (used when time_ms is 0)", minimum=1,
                            maximum=10_000_000),
        "time_ms": Param(0, "milliseconds per decision instead of a fixed iteration count; "
                              "0 = use iterations (a time budget does not repeat exactly)",
                         minimum=0, maximum=3_600_000),
        "c": Param(0.25, "UCB1 exploration constant (rewards lie in 0..1)", minimum=0, maximum=10),
        "epsilon": Param(0.0, "chance that a rollout step is uniformly random instead of greedy",
                         minimum=0, maximum=1),
        "margin": Param(0.1, "weight of the score margin in the reward, against the rank", minimum=0,
                        maximum=1),
        "widening": Param(1.0, "progressive widening: a node with n visits considers only its first "
                               "1 + widening * sqrt(n) moves in the heuristic's order; 0 = all at once",
                          minimum=0, maximum=100),
        "depth": Param(-1, "rollout decisions before the position is scored by the game's mid-game estimate "
                           "(a game without one plays on); -1 = the game's own default, 0 = no limit",
                       minimum=-1, maximum=100_000),
        "horizon": Param(1, "in games of hands or rounds, rollouts stop after this many hand/round ends and "
                            "the position is scored by the game's evaluation; 0 = play to the end of the game",
                         minimum=0, maximum=1000),
    }

    iterations: int
    time_ms: int
    c: float
    epsilon: float
    margin: float
    horizon: int
    widening: float
    depth: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.knowledge: Knowledge[Any] = heuristics.for_game(self.game)
        self.last_search: dict = {}
        self._stage_limit: int | None = None
        depth = self.depth if self.depth >= 0 else self.knowledge.rollout_depth
        # A game without a mid-game estimate plays its rollouts on, whatever the depth.
        self._depth = depth if depth > 0 and self.knowledge.has_estimate else -1

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0}
            return legal[0]
        start = time.perf_counter()
        root = self.search(view, legal)
        seconds = time.perf_counter() - start
        children = root.children
        best = most_visited(root, legal)
        self.last_search = {
            "iterations": root.visits,
            "seconds": seconds,
            "visits": {str(a): children[a].visits for a in legal if a in children},
        }
        return best

    def decision_figures(self) -> dict[str, int | float]:
        """The latest decision's ``iterations`` (each samples one world; 0 for a
        forced decision), for the tournament journal."""
        return {"iterations": self.last_search.get("iterations", 0)}

    def search(self, view: State, legal: list[Action], root: Node | None = None,
               iterations: int | None = None) -> Node:
        """Run the budget from `view` and return the root (its `visits` counts the
        iterations): the bot's own budget, or `iterations` more on `root`, a tree
        this bot grew from the same view before. The analysis (`bots.analysis`)
        grows one tree that way in steps; since each iteration draws on the RNG in
        turn, two steps of n iterations grow the tree one step of 2n would."""
        rng = self.rng
        me = self.seat
        if root is None:
            root = Node()
            root.visits = 0
        self._stage_limit = stage_limit(self.knowledge, view, self.horizon)
        deadline = None
        if self.time_ms > 0 and iterations is None:
            deadline = time.perf_counter() + self.time_ms / 1000.0
        budget = self.iterations if iterations is None else iterations
        done = 0
        with collector_paused():
            while True:
                self._iterate(view, root, me, rng)
                done += 1
                if deadline is None:
                    if done >= budget:
                        break
                elif time.perf_counter() >= deadline:
                    break
        return root

    def _iterate(self, view: State, root: Node, me: int, rng: random.Random) -> None:
        """One determinization, selection, expansion, rollout and backup."""
        state = view.determinize(rng)
        knowledge = self.knowledge
        observed_by = knowledge.observed_by
        c, widening = self.c, self.widening
        node = root
        path: list[tuple[Node, int]] = []
        while True:
            player = state.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = state.sample_chance(rng)
                if observed_by(state, outcome, me):
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = Node()
                    node = child
                state.apply_unchecked(outcome)
                continue
            children = node.children
            legal = state.legal_actions()
            best, best_child, best_ucb = None, None, -1.0
            grown = visits = 0
            for action in legal:
                child = children.get(action)
                if child is None:
                    continue
                child.available += 1
                grown += 1
                n = child.visits
                visits += n
                ucb = child.total / n + c * sqrt(log(float(child.available)) / n)  # float: see the import
                if ucb > best_ucb:
                    best, best_child, best_ucb = action, child, ucb
            if grown < len(legal) and (not grown or not widening or grown < 1 + widening * sqrt(visits)):
                # Expand the policy's favourite first: with wide nodes (Build Up
                # has up to 72 placements) the likely best moves get visits early.
                if len(legal) - grown == 1:
                    action = next(action for action in legal if action not in children)
                else:
                    action = knowledge.choose(state, rng, legal, children if grown else None)
                child = children[action] = Node()
                path.append((child, player))
                state.apply_unchecked(action)
                break
            assert best is not None and best_child is not None  # grown > 0: some child had a UCB >= 0
            path.append((best_child, player))
            state.apply_unchecked(best)
            node = best_child
        values = self._rollout(state, rng)
        root.visits += 1
        for child, player in path:
            child.visits += 1
            child.total += values[player]

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        """Play `state` on (`play_out`) with this search's horizon, depth and epsilon."""
        return play_out(state, self.knowledge, rng, self._stage_limit, self.margin, self._depth, self.epsilon)


def most_visited(root: Node, legal: list[Action]) -> Action:
    """The search's decision at `root`: the legal action whose edge was visited most
    (ties: the higher mean reward, then the first legal)."""
    children = root.children
    best, best_key = legal[0], (-1, -1.0)
    for action in legal:
        child = children.get(action)
        if child is not None:
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = action, key
    return best


def stage_limit(knowledge: Knowledge[Any], view: State, horizon: int) -> int | None:
    """The `stage` at which rollouts from `view` stop (`horizon` hand or round ends
    on), or None: the game has no hands or rounds, or the horizon is off."""
    return knowledge.stage(view) + horizon if knowledge.has_stages and horizon > 0 else None


def play_out(state: State, knowledge: Knowledge[Any], rng: random.Random, limit: int | None, margin: float,
             depth: int = -1, epsilon: float = 0.0) -> list[float]:
    """Play `state` on and return each seat's reward: the game's policy
    (`Knowledge.choose`), with an `epsilon` share of uniformly random decisions so
    that rollouts do not all repeat one line; to the end of the game (scored by
    `rewards` with `margin`), or to the `limit` stage (the game's hand or round
    count), where the game's `evaluate` scores the position, or after `depth`
    decisions (-1: no limit), where its `estimate` does. `ismcts` and `pimc` both
    roll out with it."""
    choose = knowledge.choose
    random_float, randrange = rng.random, rng.randrange
    stage = knowledge.stage if limit is not None else None
    until = limit if limit is not None else 0
    left = depth
    # A list-free policy finds the moves itself: no legal list, and (without random
    # moves) no draw of the RNG for the epsilon test.
    list_free = knowledge.list_free and not epsilon
    apply, sample_chance = state.apply_unchecked, state.sample_chance  # looked up once, used ~50 times
    if list_free and left < 0 and stage is not None and stage(state) + 1 == until:
        # The rollout stops at the end of the round in play: a game that can play a
        # round out in one go (Cyprus) does so, and the loop below only scores it.
        knowledge.play_round(state, rng)
    while True:
        player = state.current_player
        if player == TERMINAL:
            return rewards(state, knowledge.score_scale, margin)
        if stage is not None and stage(state) >= until:
            return knowledge.evaluate(state)
        if player == CHANCE:
            apply(sample_chance(rng))
            continue
        if not left:
            return knowledge.estimate(state)
        left -= 1
        if list_free:
            apply(choose(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif random_float() < epsilon:
            action = legal[randrange(len(legal))]
        else:
            action = choose(state, rng, legal)
        apply(action)
