"""The game registry: one `GameEntry` per game, the only list of games (in the spirit
of python-chess's ``VARIANTS``). The CLI's game names, the bots' heuristics, the
client's tables, menus and rules pages all look a game up here.

Adding a game is one engine module (a `State` subclass) plus one `register` call:
everything else about a game that some part of the program needs (its view as JSON,
its moves in words, its lesson, its bots, `bot check`'s positions, the setup
screen's words) is named here, and each part looks it up in the entry rather than
switching on the game's name. Everything an entry names outside the engine is a
dotted path string (or plain data: numbers, words), imported only by whoever needs
it (`load`), so the engine imports nothing outside itself and the CLI starts fast.
Every such field is optional: a game without it gets that part's fallback
(docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """What the program knows of one game."""

    name: str
    """As in records and on the command line (``"necropolis"``)."""
    state: str
    """Its rules: ``"package.module:StateClass"``, a `State` subclass."""
    title: str
    """As menus and headings show it (``"Build Up"``)."""
    players: tuple[int, int]
    """The fewest and most seats."""
    tile_set: str = "dominoes"
    """The tiles it is played with, for menus (``"double-six"``)."""
    pitch: str = ""
    """One line for the game's card in the menus."""
    heuristics: str | None = None
    """The bots' knowledge of the game, a module (see `dominoes_arcade.bots.heuristics`);
    None: the bots' fallback (random choices)."""
    table: str | None = None
    """The client's table, ``"package.module:TableClass"``; None: the client's generic table."""
    rules: str | None = None
    """The rules document, ``"package:file.md"``; None: not written yet."""
    showcase: tuple[tuple[int, int], tuple[int, int]] = ((1, 2), (3, 3))
    """Two tiles (as number pairs) drawn on the game's card."""
    showcase_owners: tuple[int | None, int | None] = (None, None)
    """Whose set each showcase tile is from (Build Up's two colours)."""
    view_to_json: str | None = None
    """``"package.module:function"``: the game's own keys of a seat's view as JSON
    (``function(view) -> dict``, see `view_json`); None: the keys every game shares only."""
    view_from_json: str | None = None
    """``"package.module:function"``: fills a fresh state of the game from those keys
    (``function(state, data)``); None: the game's views cannot be built back from JSON."""
    move_words: str | None = None
    """``"package.module:function"``: one engine event in a player's words for the
    client's move log (``function(event, who, name) -> str | None``); None: the log's
    generic words (the event's kind and tile)."""
    lesson: str | None = None
    """The client's guided lesson, ``"package.module:LESSON"``; None: no lesson."""
    auto: str = "ismcts"
    """The search the ``hard`` and ``expert`` difficulties (the ``auto`` bot) play, as
    a bot spec of ``ismcts`` or ``pimc`` with its parameters besides the time
    (``"pimc:distinct=true"``)."""
    hard_rollouts: int = 1000
    """Rollouts of that search in about the 150 ms ``hard`` thinks (the analysis's budget)."""
    check_positions: str | None = None
    """``"package.module:LIST"``: `bot check`'s scripted positions of the game (a list
    of `bots.check_positions.Scenario`); None: random games only."""
    option_labels: Mapping[str, str] = field(default_factory=dict)
    """The setup screen's name of a variant option a player would not read from its key."""
    value_words: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(option, value): a value in a player's words where its name is the rules' shorthand."""
    option_help: Mapping[str, str] = field(default_factory=dict)
    """The setup screen's help for an option whose description (`Option.doc`) names values
    as config.toml writes them."""
    proposed_targets: Mapping[int, int] = field(default_factory=dict)
    """Players -> the target score the setup screens propose, where rounds score more with
    more players; empty: the rules' default stands."""

    def state_class(self) -> type:
        """The game's `State` subclass (its module is imported on first use)."""
        return load(self.state)


GAMES: dict[str, GameEntry] = {}
"""Every registered game by name, in the order menus list them."""


class UnknownGame(ValueError):
    pass


def register(entry: GameEntry) -> GameEntry:
    """Add `entry` (or replace the entry of the same name)."""
    GAMES[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (tests that register a toy game clean up with it)."""
    GAMES.pop(name, None)


def entry(name: str) -> GameEntry:
    """The entry of game `name`. :raises UnknownGame: naming the registered games."""
    found = GAMES.get(name)
    if found is None:
        raise UnknownGame(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return found


@functools.cache
def load(path: str) -> Any:
    """The object a dotted path names: ``"package.module:attribute"``, or a module
    for ``"package.module"`` (looked up once: `new_game` asks for every game)."""
    module, _, attribute = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


_BOTS = "dominoes_arcade.bots"
_CLIENT = "dominoes_arcade.client"
# `auto`: the search measured strongest at equal time on duplicate deals (docs/strength.md,
# "auto"). Necropolis: ismcts with rollouts cut after 6 decisions rather than the game's
# 12 (a fifth more iterations, more games won against pimc). The others: the flat pimc,
# whose paired rollouts compare moves on the same deals; in Cyprus with one rollout per
# distinct position (a third of its legal plays repeat another), level with plain pimc in
# both star games, so Sebastopol, with fewer copies, keeps plain pimc. Nothing else tried
# on pimc (stronger rollout policies, cut rollouts, reading the others' plays) beat it.
# Draw and Block: plain pimc, ahead of ismcts (cut after 6 decisions or not) at 150 ms.
# `hard_rollouts`: the CPU rates in docs/analysis.md (`python bench/analysis.py --rates`).
_LINE_GAME_WORDS: dict[str, Any] = dict(
    value_words={("hand_size", "standard"): "Standard", ("blocked_scoring", "difference"): "Difference",
                 ("blocked_scoring", "all"): "All pips", ("first_lead", "highest_double"): "Highest double",
                 ("first_lead", "random"): "Chosen at random"},
    option_labels={"blocked_scoring": "Blocked round scores", "first_lead": "First round's lead"},
    option_help={
        "hand_size": "Tiles dealt to each player. Standard: 7, or 5 in Draw with 3 or 4 players.",
        "blocked_scoring": "A blocked round: the fewest pips win the others' pips less their own, or all of them.",
        "first_lead": "Who opens the first round: the highest double (else the heaviest tile), or a player "
                      "chosen at random. Later rounds: the last round's winner."})
"""Draw's and Block's setup-screen words (one table of options for both)."""
for _entry in (
    GameEntry("necropolis", "dominoes_arcade.engine.necropolis:NecropolisState", "Necropolis", (2, 2),
              "double-six", "Bury tiles in your grave sites, hide the rest: the lowest score wins.",
              heuristics=f"{_BOTS}.heuristics.necropolis",
              table=f"{_CLIENT}.tables.necropolis:NecropolisTable",
              rules="dominoes_arcade.rules:necropolis.md", showcase=((0, 1), (5, 5)),
              view_to_json="dominoes_arcade.engine.necropolis_view:to_json",
              view_from_json="dominoes_arcade.engine.necropolis_view:from_json",
              move_words=f"{_CLIENT}.tables.necropolis:move_words", lesson=f"{_CLIENT}.lessons.necropolis:LESSON",
              auto="ismcts:depth=6", hard_rollouts=4000,
              check_positions=f"{_BOTS}.heuristics.necropolis:CHECK_POSITIONS",
              value_words={("first_player", "random"): "Chosen at random", ("after_empty", "end"): "Game ends"},
              option_help={
                  "first_player": "Who opens: chosen at random, seat 1 or seat 2.",
                  "after_empty": "When the necropolis is empty: the game ends, or a mastaba phase follows "
                                 "(attach a tile or pass).",
                  "tie_break": "Equal scores: a draw, or fewer sites started wins (then a draw)."}),
    GameEntry("buildup", "dominoes_arcade.engine.buildup:BuildUpState", "Build Up", (2, 2),
              "two coloured sets", "Cover the twelve stacks so your colour shows on top.",
              heuristics=f"{_BOTS}.heuristics.buildup",
              table=f"{_CLIENT}.tables.buildup:BuildUpTable",
              rules="dominoes_arcade.rules:buildup.md", showcase=((4, 5), (2, 2)), showcase_owners=(0, 1),
              view_to_json="dominoes_arcade.engine.buildup_view:to_json",
              view_from_json="dominoes_arcade.engine.buildup_view:from_json",
              move_words=f"{_CLIENT}.tables.buildup:move_words", lesson=f"{_CLIENT}.lessons.buildup:LESSON",
              auto="pimc", hard_rollouts=4000, check_positions=f"{_BOTS}.heuristics.buildup:CHECK_POSITIONS",
              option_labels={"nondouble_on_double": "Non-double on a double"},
              value_words={("later_hands_first", "same"): "Same player",
                           ("later_hands_first", "alternate"): "Take turns",
                           ("later_hands_first", "trailing"): "Player behind"},
              option_help={
                  "nondouble_on_double": "A non-double on a double needs more pips than it, or at least as many.",
                  "later_hands_first": "Who starts hands 2 to 4: hand 1's first player, each player in turn, "
                                       "or the player behind on total.",
                  "scoring": "A hand scores your colour's pips on top of the stacks, or the pips you placed "
                             "in it."}),
    GameEntry("cyprus", "dominoes_arcade.engine.cyprus:CyprusState", "Cyprus", (4, 10),
              "double-nine", "Build the star round the 9-9, then race to go out.",
              heuristics=f"{_BOTS}.heuristics.cyprus",
              table=f"{_CLIENT}.tables.cyprus:CyprusTable",
              rules="dominoes_arcade.rules:cyprus.md", showcase=((9, 9), (3, 9)),
              view_to_json="dominoes_arcade.engine.star_view:to_json",
              view_from_json="dominoes_arcade.engine.star_view:from_json",
              move_words=f"{_CLIENT}.tables.cyprus:move_words", lesson=f"{_CLIENT}.lessons.cyprus:LESSON",
              auto="pimc:distinct=true", hard_rollouts=2000,
              check_positions=f"{_BOTS}.heuristics.cyprus:CYPRUS_CHECK_POSITIONS",
              value_words={("hand_sizes", "seed"): "Standard", ("hand_sizes", "bell"): "Larger"},
              option_help={"hand_sizes": "Tiles per hand for 4 to 10 players. Standard: 9, 8, 7, 7, 6, 6, 5. "
                                         "Larger: 13, 11, 9 for 4 to 6 players, then as Standard."},
              # Each lets a game of medium bots last a median of 3 to 5 rounds (measured by
              # bench/cyprus_rounds.py; docs/cyprus-target.md): the rules' own default (100)
              # would end a game of 8 to 10 players after one round.
              proposed_targets={4: 100, 5: 100, 6: 125, 7: 125, 8: 150, 9: 150, 10: 175}),
    GameEntry("sebastopol", "dominoes_arcade.engine.cyprus:SebastopolState", "Sebastopol", (4, 4),
              "double-six", "Cyprus's ancestor: a four-armed star round the 6-6.",
              heuristics=f"{_BOTS}.heuristics.cyprus",
              table=f"{_CLIENT}.tables.cyprus:CyprusTable",
              rules="dominoes_arcade.rules:sebastopol.md", showcase=((6, 6), (2, 6)),
              view_to_json="dominoes_arcade.engine.star_view:to_json",
              view_from_json="dominoes_arcade.engine.star_view:from_json",
              move_words=f"{_CLIENT}.tables.cyprus:move_words",
              auto="pimc", hard_rollouts=2800, check_positions=f"{_BOTS}.heuristics.cyprus:SEBASTOPOL_CHECK_POSITIONS"),
    GameEntry("draw", "dominoes_arcade.engine.draw_block:DrawState", "Draw Dominoes", (2, 4),
              "double-six", "The classic line game: match an end, draw when stuck, go out first.",
              heuristics=f"{_BOTS}.heuristics.draw_block", table=f"{_CLIENT}.tables.draw_block:DrawBlockTable",
              move_words=f"{_CLIENT}.tables.draw_block:move_words", lesson=f"{_CLIENT}.lessons.draw_block:LESSON",
              rules="dominoes_arcade.rules:draw.md", showcase=((6, 6), (4, 6)),
              check_positions=f"{_BOTS}.heuristics.draw_block:DRAW_CHECK_POSITIONS",
              auto="pimc", hard_rollouts=3000,
              view_to_json="dominoes_arcade.engine.draw_block:to_json",
              view_from_json="dominoes_arcade.engine.draw_block:from_json",
              **_LINE_GAME_WORDS),
    GameEntry("block", "dominoes_arcade.engine.draw_block:BlockState", "Block Dominoes", (2, 4),
              "double-six", "The classic line game with no drawing: when stuck, you pass.",
              heuristics=f"{_BOTS}.heuristics.draw_block", table=f"{_CLIENT}.tables.draw_block:DrawBlockTable",
              move_words=f"{_CLIENT}.tables.draw_block:move_words",
              rules="dominoes_arcade.rules:block.md", showcase=((5, 5), (3, 5)),
              check_positions=f"{_BOTS}.heuristics.draw_block:BLOCK_CHECK_POSITIONS",
              auto="pimc", hard_rollouts=3700,
              view_to_json="dominoes_arcade.engine.draw_block:to_json",
              view_from_json="dominoes_arcade.engine.draw_block:from_json",
              **_LINE_GAME_WORDS),
):
    register(_entry)
