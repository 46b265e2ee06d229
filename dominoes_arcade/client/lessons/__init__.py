"""Learn to play: a guided hand for each game whose registry entry names a lesson,
then a short real game against the easy bot.

A `Lesson` is data: a fixed deal (a seed whose shuffle suits it), the options of the
short game that follows, and its `Stage`s in the order a player meets the rules.
Each stage says which passages of the game's rules document it shows (the passages
the document marks, `rules.lesson_passages`: the lesson never words a rule itself),
which table items its callout points at (keys of the table's `item_rects`), the
move(s) it asks for, written as the record writes them (``"draw"``, ``"3-4 s7"``),
and, where a rule is best seen on the table, an example: a sentence made from the
position the player sees when the stage comes (`Stage.example`), naming the tiles
there, or None when the position does not show the rule (a test plays every guided
hand and checks that each example is found). A stage that asks for no move waits
for Next. The opponents answer with their first legal move (or one the lesson
prefers, `Lesson.opponent_prefers`, where the first would spoil a later example), so
the deal goes the same way every time the player makes the moves the stages ask
for.

This module and the lesson scripts import no pygame: `Guide` follows a lesson and
judges each move the player makes; the scene is `lessons.table`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import Action, registry
from ...engine.core import State
from ...rules import lesson_passages


def games_with_lessons() -> list[str]:
    """The games whose registry entry names a lesson (`GameEntry.lesson`), in the
    menus' order."""
    return [name for name, game in registry.GAMES.items() if game.lesson is not None]


@dataclass(frozen=True)
class Stage:
    """One step of a guided hand."""

    passages: tuple[str, ...]
    """The names of the rules passages it shows, in order."""
    points: tuple[Any, ...] = ()
    """The table items the callout points at (the arrow goes to the first one there)."""
    moves: tuple[str, ...] = ()
    """The moves it teaches, in record notation; empty: it only explains (Next)."""
    any_move: bool = False
    """Any legal move will do (the stage teaches what every move is)."""
    keeps: tuple[str, ...] = ()
    """The table's panels its words speak of, by the names of the table's docks
    (`TableHooks.callout_docks`): the callout fills none of those docks."""
    example: Callable[[State], str | None] | None = None
    """The rule shown on the table: a sentence naming the tiles the player sees in
    this state (the player's seat's view of it), or None when this position does
    not show the rule (then the callout says the rule alone)."""

    @property
    def asks_move(self) -> bool:
        return bool(self.moves) or self.any_move


@dataclass(frozen=True)
class Lesson:
    game: str
    seed: int
    """Deals the guided hand (and, plus one, the short game)."""
    stages: tuple[Stage, ...]
    players: int = 2
    minutes: int = 4
    """About how long the lesson takes a person, the short game included (estimated
    by bench/lessons.py; the setup screen's offer says it)."""
    short_game: dict[str, Any] = field(default_factory=dict)
    """Variant options that keep the short game short."""
    short_from: tuple[str, int] = ("", 0)
    """Where the short game starts: once the state's counter of that name reaches the
    number (Build Up's ``hand_index``, its hands 0..3; Necropolis's ``turns``, both
    players' turns from the opening), the steps before laid by `LAYING_BOT`
    (`short_start`). ``("", 0)``: at the start of the game."""
    short_words: str = ""
    """What the short game's announcement adds (where it starts)."""
    opponent_prefers: tuple[str, ...] = ()
    """Moves (record notation) the guided hand's opponents make whenever one is legal,
    before their first legal one: the first legal would take away a later stage's
    example (Build Up's would cover the double the next stage teaches on)."""


def lesson_for(game: str) -> Lesson:
    """The lesson of `game`, which its registry entry names (imported on first use).

    :raises KeyError: for a game without one.
    """
    found = registry.GAMES.get(game)
    if found is None or found.lesson is None:
        raise KeyError(game)
    return registry.load(found.lesson)


def stage_text(lesson: Lesson, stage: Stage, state: State | None = None) -> str:
    """What the stage's callout says: its passages of the rules, as one paragraph,
    then its example in `state` (the position on the table) when it finds one.

    :raises KeyError: for a passage the rules document does not mark.
    """
    passages = lesson_passages(lesson.game)
    parts = [passages[name] for name in stage.passages]
    example = stage.example(state) if stage.example is not None and state is not None else None
    if example:
        parts.append(example)
    return " ".join(as_sentence(part) for part in parts)


def as_sentence(passage: str) -> str:
    """A passage as a sentence of its own: a passage may start or stop inside one of
    the rules' sentences ("a player plays their last tile: they domino and win the
    round"), and passages side by side must not read as one glued sentence."""
    passage = passage[:1].upper() + passage[1:]
    return passage if passage.endswith((".", "!", "?")) else f"{passage.rstrip(':;,')}."


def first_legal(legal: Sequence[Action]) -> Action:
    """A seat's first legal move (`legal`: its legal actions, as its observation lists them)."""
    return legal[0]


def guided_reply(lesson: Lesson, legal: Sequence[Action]) -> Action:
    """The opponents' move in a guided hand: one the lesson prefers when it is legal
    (`Lesson.opponent_prefers`), else their first legal one."""
    for move in lesson.opponent_prefers:
        action = action_named(legal, move)
        if action is not None:
            return action
    return first_legal(legal)


def action_named(legal: Sequence[Action], move: str) -> Action | None:
    """The action of `legal` written `move` (record notation, without the seat), if any."""
    for action in legal:
        if str(action) == move:
            return action
    return None


class Guide:
    """Where the player is in a lesson's guided hand, and what a move is worth."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.index = 0
        """The stage shown (``len(stages)``: the guided hand is over)."""

    @property
    def stage(self) -> Stage | None:
        stages = self.lesson.stages
        return stages[self.index] if self.index < len(stages) else None

    @property
    def over(self) -> bool:
        return self.index >= len(self.lesson.stages)

    def next(self) -> None:
        self.index = min(self.index + 1, len(self.lesson.stages))

    def taught(self, legal: Sequence[Action]) -> list[Action]:
        """The stage's moves that are legal now (in `legal`: the player's observation's
        legal actions), in its order."""
        stage = self.stage
        if stage is None:
            return []
        return [action for move in stage.moves if (action := action_named(legal, move)) is not None]

    def accepts(self, legal: Sequence[Action], action: Action) -> bool:
        """Whether `action` (one of `legal`) is what the stage asks for."""
        stage = self.stage
        if stage is None or not stage.asks_move:
            return False
        return stage.any_move or action in self.taught(legal)


def short_begun(lesson: Lesson, state: State) -> bool:
    """Whether the short game has reached the place where the player takes it up
    (`Lesson.short_from`)."""
    counter, at = lesson.short_from
    return not counter or getattr(state, counter) >= at


LAYING_BOT = "greedy"
"""Who plays the turns laid before the short game, for every seat: the greedy
(medium) bot, so the player takes up a game played sensibly for them. The first
legal moves left the Necropolis player 21 pips hidden against the bot's 8."""


def short_start(lesson: Lesson, seed: int) -> list[str]:
    """The steps laid before the player takes up the short game (`Lesson.short_from`):
    every seat's moves by `LAYING_BOT` (seeded from `seed` and the seat,
    `seeds.bot_seed`), driven as every bot is (`bots.driver.BotDriver`: its time
    limit, its legality check), each seat a `ScriptedSeat` of a `Session` that moves
    the game on at once (`Session.run_until`), so the game starts where the lesson
    wants, the same way every time (none when it starts at the start).

    :raises Forfeit: if the laying bot faults (a bug in a built-in bot: no lesson
        should start from a game laid at random).
    """
    from ...bots.driver import DECISION_TIME_LIMIT, BotDriver
    from ...bots.registry import make_bot
    from ...bots.seeds import bot_seed
    from ...session import ScriptedSeat, Session

    def laying_seat(seat: int) -> ScriptedSeat:
        drivers: list[BotDriver] = []  # made at the seat's first decision, from the variant its view states

        def decide(seen):
            if not drivers:
                bot = make_bot(LAYING_BOT, lesson.game, seat, seen.view.options_dict(), bot_seed(seed, seat))
                drivers.append(BotDriver(bot, DECISION_TIME_LIMIT, seat=seat))
            return drivers[0].decide(seen.view, seen.legal)[0]

        return ScriptedSeat(decide)

    options = {**lesson.short_game, **_players(lesson)}
    session = Session(lesson.game, [laying_seat(seat) for seat in range(lesson.players)], options, seed, demo=True)
    session.run_until(lambda state: short_begun(lesson, state))
    return list(session.steps)


def _players(lesson: Lesson) -> dict[str, int]:
    from ...engine import game_options

    return {"players": lesson.players} if "players" in game_options(lesson.game) else {}
