"""The analysis of a decision (issue 31): the value of every legal move at a seat's
decision, from the `hard` search, refined as long as the caller likes; and the
review of a finished game (`review`): each decision of a seat against the best move
of an `expert` search.

How a value is estimated. The search is the one `hard` and `expert` play in the game
(`auto.search_for`: `ismcts` in Necropolis, `pimc` in Build Up, Cyprus and Sebastopol,
with the same parameters), run from the seat's view alone (`State.view`): every
sample is a full deal drawn by `view.determinize`, consistent with what the seat has
seen, so the analysis knows no more than the seat does. A move's reward is the mean,
over the samples that tried it, of the seat's reward at the end of each rollout:
the rank part of `ismcts.rewards` at the game's end (1 for first place, 0 for last,
shared places shared), or the game's own estimate of it where a rollout stops
early (`Knowledge.evaluate` at a hand or round end, `Knowledge.estimate` in the
middle of a long game). The score margin that `hard` also weighs is left out
(``margin=0``), so the mean is an estimate of the rank alone:

- with 2 players, the move's **win chance** (a draw counts half);
- with more, the seat's **expected place** (1 is first):
  ``1 + (players - 1) * (1 - reward)``.

In `pimc` every move is tried on every sampled deal, so its value is the mean over
the deals; in `ismcts` a move's value is the mean reward of the iterations that went
through it, and the best move is the most visited one, as the bot plays. Moves that
leave the same position as an earlier one (`Knowledge.distinct`, where `hard` uses
it) share its value.

The budget is counted in rollouts (one rollout per `ismcts` iteration, one per move
and deal in `pimc`): `hard_rollouts` (the game's registry entry's) is about what
`hard`'s 150 ms buys in each game, `expert`'s is `EXPERT_FACTOR` times that (its 600 ms). A count, not a time, so an
analysis repeats exactly from its seed, on any machine; `DecisionAnalysis.refine`
adds more rollouts to the same statistics, so a view can show a first value fast
and refine it while the player thinks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..engine import Action, State, entry
from ..engine.match import Match
from ..engine.records import Record
from . import heuristics
from .auto import search_for
from .ismcts import IsmctsBot, Node, most_visited
from .pimc import PimcBot
from .seeds import stable_seed

EXPERT_FACTOR = 4
"""`expert` thinks four times as long as `hard` (600 ms against 150 ms)."""


def hard_rollouts(game: str) -> int:
    """The rollouts of `hard`'s search per decision in `game` (its registry entry's
    `GameEntry.hard_rollouts`: the CPU rates in docs/analysis.md,
    ``python bench/analysis.py --rates``)."""
    return entry(game).hard_rollouts


def expert_rollouts(game: str) -> int:
    """The rollouts of `expert`'s search per decision in `game`: what reviews use."""
    return EXPERT_FACTOR * hard_rollouts(game)


@dataclass(frozen=True)
class MoveValue:
    """One legal move and what the search makes of it so far."""

    action: Action
    move: str
    """The move in the notation of the rules (`str(action)`)."""
    value: float | None
    """Win chance (2 players) or expected place (more); None until the search has
    tried the move (only `ismcts` tries moves one by one)."""
    samples: int
    """The rollouts behind the value."""


@dataclass(frozen=True)
class Analysis:
    """A decision's analysis at one moment: every legal move's value, and the best."""

    seat: int
    players: int
    moves: list[MoveValue]
    """Every legal move, in the engine's legal order."""
    best: Action
    """The move the search would play."""
    rollouts: int
    """The rollouts played so far."""

    @property
    def win_chance(self) -> bool:
        """Whether values are win chances (2 players) rather than expected places."""
        return self.players == 2

    def value_of(self, action: Action) -> MoveValue:
        return next(move for move in self.moves if move.action is action)

    def loss(self, action: Action) -> float:
        """How much value `action` gives up against the best move, never below 0 (in
        `ismcts` a little-visited move can show a higher mean than the most visited
        one: that is noise, not a gain). In win chance or in places."""
        best = self.value_of(self.best).value
        played = self.value_of(action).value
        if best is None or played is None:
            return 0.0
        return max(0.0, best - played if self.win_chance else played - best)


class DecisionAnalysis:
    """The value of every legal move at a seat's decision, refinable.

    Args: `view`, the seat to move's view (``state.view(seat)``: a full state is
    refused, so the analysis can never read a hidden tile); `seed`, which with the
    rollouts played fixes every value; `legal`, the legal moves (default:
    ``view.legal_actions()``).
    `refine(rollouts)` plays more rollouts and returns the `Analysis` so far; call
    it again to refine. Calls that add up to the same rollouts give the same values.
    """

    def __init__(self, view: State, seed: int, legal: list[Action] | None = None):
        seat = view.current_player
        if view.viewer < 0 or view.viewer != seat:
            raise ValueError("an analysis is of the seat to move's view (state.view(seat)), never a full state")
        self.view = view
        self.seat = seat
        self.legal = list(view.legal_actions() if legal is None else legal)
        self.rollouts = 0
        cls, params = search_for(view.game)
        options = view.options_dict()
        if cls is PimcBot:
            self._pimc = PimcBot(view.game, seat, options, seed, margin=0, **params)
            self._ismcts = None
            knowledge = heuristics.for_game(view.game)
            self._tried = knowledge.distinct(view, self.legal) if self._pimc.distinct else self.legal
            self._source = [_first_copy(knowledge, view, self._tried, action) for action in self.legal]
            self._totals = [0.0] * len(self._tried)
            self._worlds = 0
        else:
            self._pimc = None
            self._ismcts = IsmctsBot(view.game, seat, options, seed, margin=0, **params)
            self._root = Node()
            self._root.visits = 0

    def refine(self, rollouts: int) -> Analysis:
        """Play about `rollouts` more rollouts and return the analysis so far. In
        `pimc` that is ``rollouts / moves tried`` more deals (at least one); in
        `ismcts` that many iterations, and more until every legal move has been
        tried once, so every move has a value."""
        if self._pimc is not None:
            worlds = max(1, rollouts // len(self._tried))
            self._worlds += self._pimc.sample_worlds(self.view, self._tried, self._totals, worlds)
            self.rollouts = self._worlds * len(self._tried)
        else:
            assert self._ismcts is not None
            root = self._ismcts.search(self.view, self.legal, self._root, rollouts)
            while any(action not in root.children for action in self.legal):
                self._ismcts.search(self.view, self.legal, root, 1)
            self.rollouts = root.visits
        return self.result()

    def result(self) -> Analysis:
        """The analysis after the rollouts played so far."""
        players = self.view.num_players
        if self._pimc is not None:
            worlds = self._worlds
            means = [total / worlds if worlds else None for total in self._totals]
            best = self._tried[max(range(len(self._tried)), key=self._totals.__getitem__)]  # as pimc plays
            moves = [_move(action, means[source], worlds, players)
                     for action, source in zip(self.legal, self._source, strict=True)]
        else:
            children = self._root.children
            moves = []
            for action in self.legal:
                child = children.get(action)
                mean = child.total / child.visits if child is not None and child.visits else None
                moves.append(_move(action, mean, child.visits if child is not None else 0, players))
            best = most_visited(self._root, self.legal)
        return Analysis(self.seat, players, moves, best, self.rollouts)


def _first_copy(knowledge: heuristics.Knowledge[Any], view: State, tried: list[Action], action: Action) -> int:
    """The index in `tried` of the move `action` repeats (itself when tried): the
    game's `distinct` keeps the first of two moves that leave the same position."""
    for index, candidate in enumerate(tried):
        if candidate is action or knowledge.distinct(view, [candidate, action]) == [candidate]:
            return index
    raise AssertionError(f"{action} is neither tried nor a copy of a tried move")


def _move(action: Action, reward: float | None, samples: int, players: int) -> MoveValue:
    if reward is None:
        value = None
    else:
        value = reward if players == 2 else 1 + (players - 1) * (1 - reward)
    return MoveValue(action, str(action), value, samples)


def analyse(view: State, seed: int, rollouts: int | None = None) -> Analysis:
    """The analysis of `view`'s decision at `rollouts` (default: `hard`'s)."""
    return DecisionAnalysis(view, seed).refine(hard_rollouts(view.game) if rollouts is None else rollouts)


# -- the review of a game ---------------------------------------------------------------------
@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of a reviewed game."""

    step: int
    """The decision's step in the record, counted from 1 (as `replay --check` counts)."""
    seat: int
    played: MoveValue
    best: MoveValue
    loss: float
    """Value given up against the best move (`Analysis.loss`)."""
    analysis: Analysis


def review_seats(record: Record, seat: int | None = None) -> list[int]:
    """The seats a review looks at: `seat`, or the seats named ``human`` (a game of
    the client's history), or every seat."""
    if seat is not None:
        return [seat]
    humans = [index for index, name in enumerate(record.seats) if name == "human"]
    return humans or list(range(len(record.seats)))


@dataclass(frozen=True)
class PendingDecision:
    """A decision of a reviewed seat, found by replaying the record, not yet analysed."""

    step: int
    """Its step in the record, counted from 1."""
    view: State
    """The seat to move's view just before it (`Match.view`): what the analysis is given."""
    played: Action
    """The move the record played."""
    seed: int
    """The analysis's seed: from the record's seed, the seat and the step."""

    @property
    def seat(self) -> int:
        return self.view.viewer


def review_rollouts(game: str, rollouts: int | None = None) -> int:
    """A review's rollouts per decision: `rollouts`, by default `expert`'s."""
    return expert_rollouts(game) if rollouts is None else rollouts


def pending_decisions(record: Record, seats: Iterable[int]) -> list[PendingDecision]:
    """Every decision of `seats` in `record` with a choice (a forced move loses
    nothing), in game order, with the seat's view and the analysis's seed. Quick:
    the record is only replayed.

    :raises ReplayError: a step of the record the rules refuse.
    :raises ValueError: the record's game or options cannot be set up.
    """
    wanted = set(seats)
    match = Match.from_record(record)
    game_seed = record.seed if isinstance(record.seed, int) else 0
    pending: list[PendingDecision] = []
    for number, step in enumerate(record.steps, start=1):
        state = match.state
        if not state.is_chance and state.current_player in wanted and len(state.legal_actions()) > 1:
            view = match.view(state.current_player)
            match.play_step(step)
            pending.append(PendingDecision(number, view, match.actions[-1],
                                           stable_seed(game_seed, "review", view.viewer, number)))
        else:
            match.play_step(step)
    return pending


def reviewed(decision: PendingDecision, analysis: Analysis) -> ReviewedDecision:
    """`decision` with its analysis (`DecisionAnalysis(decision.view, decision.seed)`
    refined to the review's rollouts, wherever it ran)."""
    return ReviewedDecision(decision.step, decision.seat, analysis.value_of(decision.played),
                            analysis.value_of(analysis.best), analysis.loss(decision.played), analysis)


def ranked(decisions: Iterable[ReviewedDecision]) -> list[ReviewedDecision]:
    """`decisions` by value lost, the biggest first (then in game order)."""
    return sorted(decisions, key=lambda decision: (-decision.loss, decision.step))


def review(record: Record, seats: Iterable[int], rollouts: int | None = None,
           progress: Callable[[int, int], None] | None = None) -> list[ReviewedDecision]:
    """Every decision of `seats` in `record` with a choice (`pending_decisions`),
    analysed from the seat's view at `rollouts` (default: `expert`'s), `ranked` by
    value lost, the biggest first (then in game order). Each decision's seed
    derives from the record's seed, the seat and the step, so a review repeats.
    `progress(done, total)` is called after each decision analysed. The client
    runs the same steps with each analysis in its bot worker
    (`session.review_job`), to the same result.

    :raises ReplayError: a step of the record the rules refuse.
    :raises ValueError: the record's game or options cannot be set up.
    """
    pending = pending_decisions(record, seats)
    budget = review_rollouts(record.game, rollouts)
    decisions = []
    for done, decision in enumerate(pending, start=1):
        decisions.append(reviewed(decision, DecisionAnalysis(decision.view, decision.seed).refine(budget)))
        if progress is not None:
            progress(done, len(pending))
    return ranked(decisions)
