"""`pimc`: flat Perfect Information Monte Carlo, the baseline a stronger bot is
measured against, and what `auto` plays in Build Up, Cyprus and Sebastopol.

For each decision it samples `worlds` full states consistent with what its seat has
seen (`view.determinize`), tries every legal action on each, and plays each try on
with the game's greedy policy (bots/heuristics). The tries are paired: on one world
every action's rollout starts from the same state and draws the same future chance
(one RNG seed per world, reused for each action), so the comparison between actions
is not drowned by the luck of the draws. A rollout stops at the end of the current
hand or round (`horizon`, in games that have them), where the game's `evaluate`
scores the position, as in `ismcts`; otherwise at the end of the game, scored like
`ismcts` scores it (`ismcts.rewards`). The action with the highest total reward over
the worlds is played (ties: the first legal).

No tree, no search over the other players' decisions: they play greedy in every
rollout. That is cheap and, where the heuristic is good, hard to beat.

``distinct`` (off by default, so that the baseline stays as measured) tries one play
of each set that leads to the same position (the game's `distinct`: in Cyprus and
Sebastopol a tile on either of two arms ending in the same number), which spends the
time on more worlds instead of repeated rollouts. Stronger rollout policies, rollouts
cut short, exact hand-end search and reading the others' plays were tried as options
and measured level or weaker at equal time (docs/strength.md; the code is kept in
research/).
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..engine import Action, State
from ..engine.core import mypyc_attr
from . import heuristics
from .base import Bot, Param, collector_paused
from .heuristics import Knowledge
from .ismcts import IsmctsBot, play_out, stage_limit


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): it extends a Python class
class Rewinding(random.Random):
    """The random numbers every move's rollout on one sampled world draws alike: those
    of ``Random(seed)``, drawn once and given again from the start (`rewind`) for each
    move. Seeding a Mersenne Twister for each rollout cost about a third of a compiled
    Cyprus rollout (docs/speed.md), so the world's stream is kept as the generator's
    32-bit words, and `random` and `getrandbits` build their results from those words
    as the C generator does: every method of `random.Random` gives what a fresh
    ``Random(seed)`` would."""

    def __init__(self) -> None:
        super().__init__(0)  # never drawn from: the numbers come from `_source`, through `_words`
        self._source = random.Random(0)
        self._seed = 0
        """The stream's seed, given to `_source` when the stream's first word is drawn."""
        self._words: list[int] = []
        """The stream's words drawn so far."""
        self._next = 0
        """The index in `_words` of the next word to give."""

    def start(self, seed: int) -> None:
        """A new stream: the numbers of ``Random(seed)``. The source is seeded when the
        stream's first word is drawn: at 10 players about half the worlds' rollouts draw
        nothing, and seeding costs more than a rollout's draws."""
        self._seed = seed
        self._words.clear()
        self._next = 0

    def rewind(self) -> None:
        """Give the same numbers again, from the start of the stream."""
        self._next = 0

    def _word(self) -> int:
        at = self._next
        self._next = at + 1
        words = self._words
        if at == len(words):
            if not words:
                self._source.seed(self._seed)
            words.append(self._source.getrandbits(32))
        return words[at]

    def random(self) -> float:
        """As CPython's `random`: 53 bits from two words, 27 from the first."""
        at, words = self._next, self._words
        self._next = at + 2
        while len(words) < at + 2:
            if not words:
                self._source.seed(self._seed)
            words.append(self._source.getrandbits(32))
        return ((words[at] >> 5) * 67108864.0 + (words[at + 1] >> 6)) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        """As CPython's `getrandbits`: 32-bit words from the least significant, the
        last one's top bits when `k` is not a multiple of 32."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        result = shift = 0
        while k > 0:
            word = self._word()
            if k < 32:
                word >>= 32 - k
            result |= word << shift
            shift += 32
            k -= 32
        return result


class PimcBot(Bot):
    """Flat determinized Monte Carlo with paired greedy rollouts.

    Args: the `Bot` constructor's (game, seat, options, seed) and the parameters
    below (``pimc:worlds=40``, ``pimc:time_ms=150``).
    Returns from `choose`: the legal decision with the highest total reward over the
    sampled worlds; a forced decision at once. With a world count (``time_ms=0``)
    a seed repeats every decision exactly; a time budget samples as many worlds as
    fit (at least one), so it cannot. `last_search` holds the latest decision's
    worlds, rollouts and seconds (`decision_figures` gives the first two to the
    tournament journal).
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
        "margin": IsmctsBot.params["margin"],  # the same reward at a game's end
        "distinct": Param(False, "try one play of each set that leaves the same position (the game's "
                                 "`distinct`, where it has one) instead of every legal play"),
    }

    worlds: int
    time_ms: int
    horizon: int
    margin: float
    distinct: bool

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.knowledge: Knowledge[Any] = heuristics.for_game(self.game)
        self.last_search: dict = {}

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            self.last_search = {"worlds": 0, "seconds": 0.0}
            return legal[0]
        knowledge = self.knowledge
        if self.distinct:  # the other plays' rollouts would repeat these ones'
            legal = knowledge.distinct(view, legal)
            if len(legal) == 1:
                self.last_search = {"worlds": 0, "seconds": 0.0}
                return legal[0]
        start = time.perf_counter()
        deadline = start + self.time_ms / 1000.0 if self.time_ms > 0 else None
        totals = [0.0] * len(legal)
        worlds = self.sample_worlds(view, legal, totals, self.worlds if deadline is None else 0, deadline)
        best = max(range(len(legal)), key=totals.__getitem__)  # the first of equal totals
        self.last_search = {"worlds": worlds, "rollouts": worlds * len(legal), "seconds": time.perf_counter() - start}
        return legal[best]

    def sample_worlds(self, view: State, tried: list[Action], totals: list[float], worlds: int,
                      deadline: float | None = None) -> int:
        """Sample `worlds` more worlds (or, with a `deadline`, as many as fit before
        it, at least one) from this bot's RNG, and add the seat's reward of each
        action of `tried` on each world to its entry of `totals`. Returns the worlds
        sampled. `choose` calls it once; the analysis (`bots.analysis`) calls it again
        and again to refine its values, and since every world draws on the RNG in
        turn, two calls of n worlds add what one call of 2n would."""
        knowledge = self.knowledge
        limit = stage_limit(knowledge, view, self.horizon)
        me = self.seat
        rng = self.rng
        margin = self.margin
        done = 0
        # Rollouts that stop at a hand or round end draw a few numbers each: replaying
        # them beats seeding a generator per rollout. Rollouts to the game's end
        # (Necropolis) draw dozens, which a fresh C generator gives faster.
        stream = Rewinding() if limit is not None else None
        with collector_paused():  # the states and worlds it builds hold no cycles (`collector_paused`)
            while True:
                world = view.determinize(rng)
                seed = rng.getrandbits(64)
                if stream is not None:
                    stream.start(seed)
                for index, action in enumerate(tried):
                    state = world.clone()
                    state.apply_unchecked(action)
                    if stream is None:
                        chance = random.Random(seed)
                    else:
                        stream.rewind()
                        chance = stream
                    totals[index] += play_out(state, knowledge, chance, limit, margin)[me]
                done += 1
                if deadline is None:
                    if done >= worlds:
                        return done
                elif time.perf_counter() >= deadline:
                    return done

    def decision_figures(self) -> dict[str, int | float]:
        """The latest decision's ``worlds`` sampled and ``rollouts`` played (both 0
        for a forced decision), for the tournament journal."""
        search = self.last_search
        return {"worlds": search.get("worlds", 0), "rollouts": search.get("rollouts", 0)}
