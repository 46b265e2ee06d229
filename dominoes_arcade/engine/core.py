"""The shape every game shares: actions, events, errors, outcomes and the `State`
base class (docs/architecture.md, "Engine").

A game is an explicit-chance state machine, as in OpenSpiel: `current_player` is a
seat, `CHANCE` or `TERMINAL`; decisions come from `legal_actions()`, chance outcomes
from `chance_outcomes()` (or one at a time, drawn with its probability, from
`sample_chance(rng)`); `apply` checks and returns `Event`s; `apply_unchecked` is
the trusting fast path for search, which only applies what `legal_actions()` or
`sample_chance()` returned.

The check in `apply` is `is_legal`: a look-up, not a list built anew, in each game
that overrides it, so the checked path costs little more than the trusting one;
`why_illegal` runs only when the check fails.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, NamedTuple

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the usual case: mypy is needed only to build the compiled package
    def mypyc_attr(*_: object, **__: object) -> Any:  # type: ignore[no-redef, misc]
        """The optional compiled build (setup.py) reads this class decorator when it
        compiles; running, it changes nothing."""
        return lambda cls: cls

CHANCE: Final = -1
"""`current_player` while a random outcome is pending."""
TERMINAL: Final = -2
"""`current_player` once the game is over."""
SPECTATOR: Final = -3
"""The seat of someone who holds none (a spectator): `State.view(SPECTATOR)` hides
every seat's hidden tiles, keeping only what all the players see."""


class IllegalAction(ValueError):
    """An action that is not legal in this state: says which, for whom and why."""

    def __init__(self, action: object, seat: int | None, reason: str):
        self.action = action
        self.seat = seat
        self.reason = reason
        who = "chance" if seat == CHANCE else "nobody" if seat is None else f"seat {seat}"
        super().__init__(f"illegal {str(action)!r} for {who}: {reason}")


class InvalidNotation(ValueError):
    """Text that is not a step of this game's notation (the record notation of docs/architecture.md)."""


class Action:
    """One decision or chance outcome. Interned: each game builds every action it
    can ever use once, at import, so comparing, hashing and listing actions never
    allocates. `str(action)` is its notation, without the actor."""

    __slots__ = ("game", "kind", "seat", "tile", "arg", "text")

    def __init__(self, game: str, kind: str, text: str, seat: int = -1, tile: int = -1, arg: int = -1):
        self.game = game
        self.kind = kind
        """What sort of step it is, e.g. ``"draw"``, ``"play"``, ``"deal"``."""
        self.seat = seat
        """The seat named inside a chance outcome (``* hand 1 2-4``), else -1."""
        self.tile = tile
        """The tile involved, else -1."""
        self.arg = arg
        """A side, stack or arm, else -1."""
        self.text = text
        _REGISTRY[(game, text)] = self

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{self.game} {self.text}>"

    def __reduce__(self):
        # Unpickle to the interned object, so identity comparisons keep working in
        # worker processes.
        return (lookup_action, (self.game, self.text))


_REGISTRY: dict[tuple[str, str], Action] = {}


def lookup_action(game: str, text: str) -> Action:
    """The interned action of `game` written `text`, or `InvalidNotation`."""
    found = _REGISTRY.get((game, text))
    if found is None:
        raise InvalidNotation(f"{text!r} is not a {game} move")
    return found


class Event(NamedTuple):
    """What an action did, for clients to animate without diffing states.

    `kind` names the happening (each game module lists its kinds); `seat` is the
    player concerned; `tile` the tile moved, with the zones it left (`src`) and
    reached (`dst`); `face_up` whether everyone sees it; `value` anything else
    (a score, a stack or arm index, the final scores). Immutable; a named tuple
    rather than a frozen dataclass because `apply` builds one or more a step, and a
    tuple is built in less than half the time.
    """

    kind: str
    seat: int = -1
    tile: int = -1
    src: str = ""
    dst: str = ""
    face_up: bool = True
    value: Any = None


class Termination(enum.Enum):
    """Why a game or round ended."""

    NECROPOLIS_EMPTY = "the necropolis is empty"
    MAX_TURNS = "the turn limit was reached"
    BOTH_PASSED = "both players passed in a row"
    HANDS_PLAYED = "all four hands were played"
    DOMINO = "a player played their last tile"
    BLOCKED = "nobody could play or draw"
    TARGET_REACHED = "a player reached the target score"


@mypyc_attr(native_class=False)  # a plain class when compiled (setup.py): pickles as in pure Python
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: why, the final scores and the winning seats
    (empty for a draw)."""

    termination: Termination
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return not self.winners


@mypyc_attr(allow_interpreted_subclasses=True)  # a new game subclasses it, compiled or not
class State:
    """Base class of every game's state. Subclasses implement the abstract hooks;
    everything here is shared machinery.

    A subclass names its game (`game`), its variant table (`OPTIONS`) and, when that
    table has no ``players`` option, its seat count (`PLAYERS`); its constructor is
    ``(players=None, options=None)`` and starts with `_setup`. (The shipped games'
    constructors also take ``blank``: an empty object for `clone` to fill, where a
    compiled class allows no ``object.__new__``.)"""

    __slots__ = ("current_player", "viewer", "options")

    game: ClassVar[str]
    """The game's name, as in records (``"necropolis"``)."""
    OPTIONS: ClassVar[dict[str, Option]]
    """The game's variant options (see its rules document, dominoes_arcade/rules/GAME.md), by key."""
    PLAYERS: ClassVar[int] = 2
    """The seat count, for a game whose `OPTIONS` have no ``players``."""
    higher_score_wins: ClassVar[bool] = True

    current_player: int
    viewer: int
    """-1 for a full state; a seat (or `SPECTATOR`) for the masked copy `view(seat)` returns."""
    options: dict[str, Any]
    """The resolved variant table, shared by every clone."""

    def _setup(self, players: int | None, options: dict | None) -> int:
        """Resolve and check the variant table into `options` (an unknown key or a
        bad value is an `OptionError`, a seat count the game does not allow a
        ValueError); returns the seat count. A full state, not a view."""
        given = dict(options or {})
        if "players" in self.OPTIONS:
            if players is not None:
                given["players"] = players
            self.options = resolve_options(self.game, self.OPTIONS, given)
            players = self.options["players"]
        else:
            wrong = {given.pop("players", None), players} - {None, self.PLAYERS}
            if wrong:
                raise ValueError(f"{self.game} is for {self.PLAYERS} players, not {wrong.pop()}")
            self.options = resolve_options(self.game, self.OPTIONS, given)
            players = self.PLAYERS
        self.viewer = -1
        return players

    # -- abstract hooks ------------------------------------------------------------
    @property
    def num_players(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """The current player's legal decisions in a stable order (empty at chance
        and terminal nodes)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each possible outcome with its probability."""
        raise NotImplementedError

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        """Carry out a legal action; append events when `events` is a list."""
        raise NotImplementedError

    def why_illegal(self, action: Action) -> str:
        """A short reason, for an action that is not legal here."""
        return "not a legal move now"

    def clone(self) -> State:
        raise NotImplementedError

    def zones(self) -> dict[str, list[int]]:
        """Where every tile is, zone by zone (-1 for a tile a view hides): a zone
        named ``"NAME P"`` is private to seat P (a hand), any other is public or
        face down to all. The zones and their sizes are the same in every view."""
        raise NotImplementedError

    def _hide(self, seat: int) -> None:
        """On a fresh clone becoming `seat`'s view: replace what `seat` may not see
        with -1 (its sizes stay). `seat` may be `SPECTATOR`: nobody's, so every
        seat's hidden tiles go."""
        raise NotImplementedError

    def _fill_hidden(self, full: Any, rng: random.Random) -> None:
        """On a view: fill `full` (a clone of it, no longer a view) with a placement
        of the hidden tiles consistent with everything the viewer saw. (`full` is of
        the subclass's own type, which each override names.)"""
        raise NotImplementedError

    def scores(self) -> list[int]:
        """Each seat's total so far (final once terminal)."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """The `Outcome` once terminal, else None."""
        raise NotImplementedError

    # -- shared machinery ----------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def options_dict(self) -> dict[str, Any]:
        """The variant table, every key resolved, ``players`` included (the record's
        ``options``)."""
        return {**self.options, "players": self.num_players}

    def view(self, seat: int) -> State:
        """A copy holding only what `seat` may see; hidden tiles are -1. For
        `SPECTATOR`, only what every player sees (such a view cannot be
        determinized: it is nobody's knowledge)."""
        v = self.clone()
        v.viewer = seat
        v._hide(seat)
        return v

    def determinize(self, rng: random.Random) -> State:
        """On a view: a full state consistent with everything the viewer saw (on a
        full state: a copy)."""
        full = self.clone()
        if self.viewer >= 0:
            full.viewer = -1
            self._fill_hidden(full, rng)
        return full

    def sample_chance(self, rng: random.Random) -> Action:
        """At a chance node, one outcome drawn with its probability: the cheap way to
        play chance forward (`chance_outcomes` lists them all). Its result may go to
        `apply` or `apply_unchecked`. Games override this with a faster equivalent;
        the choice must depend only on the state and `rng`."""
        outcomes = self.chance_outcomes()
        actions = [a for a, _ in outcomes]
        return rng.choices(actions, weights=[p for _, p in outcomes])[0]

    def chance_key(self, action: Action) -> int:
        """Which physical piece a chance outcome takes, for `Deck`: by default its
        tile (one shared set), or its seat when it names no tile (``first P``).
        A game with several sets of the same tiles keys by set as well."""
        return action.tile if action.tile >= 0 else -2 - action.seat

    def piece(self, action: Action) -> int:
        """The physical tile `action` moves (a decision of the seat to move, or a
        chance outcome, legal now), as a `tiles.piece` number; -1 when it moves
        none. By default its tile, in the one set; a game with several sets of the
        same tiles says which set, so that two tiles of one name stay two tiles to
        whoever asks who saw what (`Match.piece`, the bot protocol, undo)."""
        return action.tile

    def seen_pieces(self) -> dict[int, str]:
        """On a view: every physical tile its seat sees now (`piece` numbers), each
        with its zone (`zones`): face up, or its own and face down to the others. By
        default every tile the view's zones show, in the one set; a game whose view
        lists a pile the seat knows only as a set (its own face-down boneyard) or
        has several sets overrides this."""
        return {tile: zone for zone, tiles in self.zones().items() for tile in tiles if tile >= 0}

    def apply(self, action: Action) -> list[Event]:
        """Check `action`, carry it out, and return what happened.

        :raises IllegalAction: with the reason, when it is not legal here.
        """
        # One test on the way through: `is_legal` is False on a view and once the
        # game is over too, so why it failed is only asked after the fact.
        if not self.is_legal(action):
            raise self._illegal(action)
        events: list[Event] = []
        self._apply(action, events)
        return events

    def _illegal(self, action: Action) -> IllegalAction:
        """The error `apply` raises for `action`, which `is_legal` refused."""
        player = self.current_player
        if self.viewer != -1:
            return IllegalAction(action, player, "this is a view; determinize it first")
        if player == TERMINAL:
            return IllegalAction(action, None, "the game is over")
        return IllegalAction(action, player, self.why_illegal(action))

    def is_legal(self, action: Action) -> bool:
        """Whether `apply` accepts `action` now: one of `legal_actions()`, or at a
        chance node one of `chance_outcomes()` (False on a view or once over:
        an override must keep that). Games override this with an equivalent
        look-up that builds no list."""
        player = self.current_player
        if self.viewer != -1 or player == TERMINAL:
            return False
        if player == CHANCE:
            return any(a is action for a, _ in self.chance_outcomes())
        return action in self.legal_actions()

    def apply_unchecked(self, action: Action) -> None:
        """Carry out `action` without checking it or building events. Only for
        actions taken from this state's `legal_actions()` or `sample_chance()`."""
        self._apply(action, None)

    def parse_action(self, text: str) -> Action:
        """The action written `text` (no actor) in this game's notation.

        :raises InvalidNotation: when `text` is no move of this game.
        """
        found = _REGISTRY.get((self.game, text))
        if found is None:
            found = _REGISTRY.get((self.game, _normalise_tiles(text)))
        if found is None:
            raise InvalidNotation(f"{text!r} is not a {self.game} move")
        return found


def _normalise_tiles(text: str) -> str:
    """Rewrite every ``b-a`` token as ``a-b`` so ``5-3`` reads as ``3-5``."""
    words = []
    for word in text.split():
        parts = word.split("-")
        if len(parts) == 2 and all(len(p) == 1 and p.isdigit() for p in parts):
            low, high = sorted(parts)
            word = f"{low}-{high}"
        words.append(word)
    return " ".join(words)


@mypyc_attr(allow_interpreted_subclasses=True)  # settings declare options of their own kinds
@dataclass
class Option:
    """One variant option of a game (each game's "Variant options" in dominoes_arcade/rules/): its default and what
    it allows."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    kind: type = field(default=object)

    def allowed(self) -> str:
        if self.choices:
            return "one of " + ", ".join(toml_repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return "a string"
        if self.kind is float:
            return f"a number from {self.minimum} to {self.maximum}"
        return f"an integer from {self.minimum} to {self.maximum}"

    def check(self, value: Any) -> Any:
        """`value` if allowed, else `OptionError`."""
        if self.choices:
            for choice in self.choices:
                if type(choice) is type(value) and choice == value:
                    return value
        elif self.kind is bool:
            if isinstance(value, bool):
                return value
        elif self.kind is float:
            if isinstance(value, (int, float)) and not isinstance(value, bool) and self._within(value):
                return float(value)
        elif self.kind is str:
            if isinstance(value, str):
                return value
        elif isinstance(value, int) and not isinstance(value, bool) and self._within(value):
            return value
        raise OptionError(self.name, value, self.allowed())

    def _within(self, value: float) -> bool:
        return self.minimum is not None and self.maximum is not None and self.minimum <= value <= self.maximum


class OptionError(ValueError):
    """A variant option with a value it does not allow."""

    def __init__(self, key: str, value: Any, allowed: str, unknown: bool = False):
        self.key = key
        self.value = value
        self.allowed = allowed
        self.unknown = unknown
        if unknown:
            super().__init__(f"unknown key {key}: use {allowed}")
        else:
            super().__init__(f"{key} = {toml_repr(value)} is not allowed: use {allowed}")


def toml_repr(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def resolve_options(game: str, table: dict[str, Option], given: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every value checked; an unknown key is an error too."""
    resolved = {name: option.default for name, option in table.items()}
    for key, value in (given or {}).items():
        if key not in table:
            raise OptionError(f"{game}.{key}", value, "one of the keys " + ", ".join(table), unknown=True)
        try:
            resolved[key] = table[key].check(value)
        except OptionError as error:
            raise OptionError(f"{game}.{key}", value, error.allowed) from None
    return resolved
