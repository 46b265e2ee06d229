"""An SPRT run (``--sprt``): the test of `sprt` fed from a tournament's games, deal
by deal in schedule order.

- **The candidate** is the gauntlet's one bot, or else the first of two bots; the
  others are its field.
- **Order independence.** A deal counts once every game of it is in, and deals are
  fed in order: the test reads the longest complete prefix of deals. So 1 or N
  workers, a process pool or Dask, and a run killed and resumed all stop at the
  same deal with the same LLR.
- **What is started.** A run hands out one table's games of one deal at a time,
  and only a few of them beyond the deal the test reads next (`DealWindow`), so
  little is played past the decision.
- **After the stop.** Games of later deals that were already being played when the
  test stopped are journaled but count nowhere: not in the test, the standings or
  any other figure of the results (which say how many: ``games_past_stop``). A
  resume of a stopped run plays nothing.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .schedule import GameJob, games_per_deal, make_tables
from .sprt import MODELS, SequentialTest, SprtSettings
from .standings import GameResult, rank_game

if TYPE_CHECKING:
    from .spec import Plan
    from .worker import Played


def game_score(result: GameResult, candidate: str, players: int, higher_score_wins: bool) -> float:
    """The candidate's share of opponents placed below it (ties half), the mean
    over its seats: 1 win, 0.5 draw, 0 loss in a two-player game."""
    places, _ = rank_game(result, higher_score_wins)
    mine = [(players - place) / (players - 1) for seat, place in enumerate(places) if result.seats[seat] == candidate]
    return sum(mine) / len(mine)


class DealFeed:
    """Games in any order in, the test fed with complete deals in schedule order."""

    def __init__(self, plan: Plan, settings: SprtSettings):
        self.candidate = plan.bots[0]
        self.players = plan.players
        self.higher_score_wins = plan.higher_score_wins
        self.per_deal = games_per_deal(len(plan.bots), plan.players, plan.gauntlet)
        one_pair = plan.players == 2 and len(make_tables(len(plan.bots), plan.players, plan.gauntlet)) == 1
        self.test = SequentialTest(settings, pentanomial=one_pair, games_per_deal=self.per_deal)
        self.waiting: dict[int, dict[int, float]] = {}
        """deal -> game_id -> the candidate's game score."""
        self.next_deal = 0

    def add(self, result: GameResult) -> None:
        if result.deal >= self.next_deal and not self.test.verdict:
            self.waiting.setdefault(result.deal, {})[result.game_id] = game_score(
                result, self.candidate, self.players, self.higher_score_wins)

    def advance(self) -> str:
        """Feed every deal now complete, in order, until the test stops; its verdict."""
        while not self.test.verdict and len(self.waiting.get(self.next_deal, ())) == self.per_deal:
            games = self.waiting.pop(self.next_deal)
            self.test.feed(sum(games[g] for g in sorted(games)) / len(games))
            self.next_deal += 1
        return self.test.verdict

    @property
    def stop_deal(self) -> int | None:
        """The deal at which the test stopped (None while it goes on)."""
        return self.next_deal - 1 if self.test.verdict else None


class DealWindow:
    """An SPRT run's batches (a `runner.Batcher`): one group at a time, a group
    being one table's games of one deal (two players: a duplicate pair; a table:
    its rotations), and at most `width` groups of deals after the one the test
    reads next started and not yet read. The deal the test waits for is never held
    back, so the run cannot stall; and when the test stops, no more than `width`
    groups of later deals have been started: the games played past the decision.
    """

    def __init__(self, feed: DealFeed, width: int):
        self.feed = feed
        self.width = width
        self.ahead: deque[int] = deque()
        """The deal of each group started beyond the test's next deal, in order."""

    def observe(self, played: Sequence[Played]) -> None:
        pass  # the window moves with the test, not with the games' times

    def take(self, pending: deque[GameJob]) -> tuple[GameJob, ...]:
        """The group at the front of `pending` (schedule order), or () while the window is full."""
        while self.ahead and self.ahead[0] <= self.feed.next_deal:
            self.ahead.popleft()
        if not pending:
            return ()
        first = pending[0]
        if first.deal > self.feed.next_deal:
            if len(self.ahead) >= self.width:
                return ()
            self.ahead.append(first.deal)
        group = [pending.popleft()]
        while pending and (pending[0].deal, pending[0].table) == (first.deal, first.table):
            group.append(pending.popleft())
        return tuple(group)


def evaluate(plan: Plan, results: Iterable[GameResult]) -> DealFeed | None:
    """The test on `results` (None for a run without --sprt)."""
    if plan.sprt is None:
        return None
    feed = DealFeed(plan, plan.sprt)
    for result in results:
        feed.add(result)
    feed.advance()
    return feed


def counted(feed: DealFeed | None, results: Iterable[GameResult]) -> list[GameResult]:
    """The games that count: those up to the deal where the test stopped."""
    stop = feed.stop_deal if feed is not None else None
    return [r for r in results if stop is None or r.deal <= stop]


def sprt_table(feed: DealFeed, plan: Plan) -> dict[str, Any]:
    """The ``[sprt]`` table of the results."""
    settings, test = feed.test.settings, feed.test
    table: dict[str, Any] = {
        "candidate": feed.candidate,
        "field": list(plan.bots[1:]),
        "model": MODELS[settings.model],
        "elo_model": settings.model,
        "elo0": settings.elo0, "elo1": settings.elo1, "alpha": settings.alpha, "beta": settings.beta,
        "lower": round(settings.lower, 4), "upper": round(settings.upper, 4),
        "llr": round(test.llr, 4),
        "verdict": test.verdict or ("max deals" if feed.next_deal >= plan.deals else "none yet"),
        "deals": feed.next_deal,
        "max_deals": plan.deals,
        "mean_deal_score": round(test.total / test.deals, 4) if test.deals else 0.5,
        "llr_by_deal": [round(v, 4) for v in test.history],
    }
    estimate = test.estimate()
    if estimate is not None:
        name = "nelo" if settings.model == "normalized" else "elo"
        table.update({name: round(estimate.value, 2), f"{name}_low": round(estimate.low, 2),
                      f"{name}_high": round(estimate.high, 2)})
    table["draw_ratio"] = round(test.draw_ratio(), 4)
    table["games_per_deal"] = feed.per_deal
    if test.pentanomial:
        table["pentanomial"] = test.counts()
    return table
