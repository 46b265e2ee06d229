"""What a finished game (or hand, or round) meant for each player, in their words:
"You won!", "You lost, 3 to 7", "2nd of 6"; in a demo or a replay, neutral
("Seat 3 won"); in hot-seat, one line for each human. No pygame: the game-over
screen and the summaries draw these words.

Places count as players do: the winners the engine names are first; the others
follow by score (higher or lower better, as the game says), equal scores share
a place ("2nd of 6" twice, then "4th of 6").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def places(scores: Sequence[int], winners: Sequence[int], higher_wins: bool) -> list[int]:
    """Each seat's place, 1 the best (see the module's docstring)."""
    def key(seat: int) -> tuple[int, int]:
        return (0 if seat in winners else 1, -scores[seat] if higher_wins else scores[seat])
    keys = [key(seat) for seat in range(len(scores))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


@dataclass
class Verdict:
    headline: str
    """The big line: what happened to you (or, with nobody at the screen, who won)."""
    lines: list[str] = field(default_factory=list)
    """In hot-seat, one line for each human; otherwise none."""
    celebrate: bool = False
    """A human at the screen won (shared wins included): confetti."""


def personal(subject: str, seat: int, scores: Sequence[int], winners: Sequence[int], higher_wins: bool) -> str:
    """What happened to `seat`, `subject` being "You" or the seat's name."""
    place = places(scores, winners, higher_wins)[seat]
    count = len(scores)
    verb_won = "won" if subject == "You" else "wins"
    if seat in winners:
        if len(winners) == 1:
            return f"{subject} {verb_won}!"
        if count == 2:
            return f"A draw, {scores[seat]} all"
        return f"{subject} shared the win" if subject == "You" else f"{subject} shares the win"
    if count == 2:
        verb_lost = "lost" if subject == "You" else "loses"
        return f"{subject} {verb_lost}, {scores[seat]} to {scores[1 - seat]}"
    return f"{ordinal(place)} of {count}" if subject == "You" else f"{subject}: {ordinal(place)} of {count}"


def neutral(names: Sequence[str], scores: Sequence[int], winners: Sequence[int]) -> str:
    """Who won, for nobody in particular."""
    if not winners:
        return "Nobody won"
    if len(winners) == len(scores) == 2:
        return f"A draw, {scores[0]} all"
    if len(winners) == 1:
        return f"{names[winners[0]]} won"
    return f"{' and '.join(names[w] for w in winners)} shared the win"


def verdict(names: Sequence[str], scores: Sequence[int], winners: Sequence[int], higher_wins: bool,
            humans: Sequence[int]) -> Verdict:
    """The words for a finished game: `humans` are the seats played at this screen
    (as the game began: a seat a bot finished is still theirs), none in a demo or
    a replay."""
    if not humans:
        return Verdict(neutral(names, scores, winners))
    celebrate = any(seat in winners for seat in humans)
    if len(humans) == 1:
        return Verdict(personal("You", humans[0], scores, winners, higher_wins), celebrate=celebrate)
    lines = [personal(names[seat], seat, scores, winners, higher_wins) for seat in humans]
    return Verdict(neutral(names, scores, winners), lines, celebrate)


def hand_words(number: int, of: int, names: Sequence[str], scores: Sequence[int], humans: Sequence[int]) -> str:
    """Who took a hand of a two-player game whose higher score wins: "You took hand
    2 of 4, 34 to 21", "Seat 2 took hand 2 of 4, 34 to 21", "Hand 2 of 4 shared, 20 all"."""
    if scores[0] == scores[1]:
        return f"Hand {number} of {of} shared, {scores[0]} all"
    winner = 0 if scores[0] > scores[1] else 1
    subject = "You" if list(humans) == [winner] else names[winner]
    return f"{subject} took hand {number} of {of}, {scores[winner]} to {scores[1 - winner]}"


def round_words(number: int, domino: bool, winner: int, points: int, names: Sequence[str],
                humans: Sequence[int]) -> str:
    """How a round ended and who scored: "Round 3: you domino, +24", "Round 3
    blocked: Seat 2 has the lowest hand, +18"."""
    if winner < 0:
        return f"Round {number} blocked: the lowest hands tie, nobody scores"
    you = list(humans) == [winner]
    if domino:
        return f"Round {number}: {'you domino' if you else f'{names[winner]} dominoes'}, +{points}"
    who = "you have" if you else f"{names[winner]} has"
    return f"Round {number} blocked: {who} the lowest hand, +{points}"


@dataclass
class Breakdown:
    """The final scores taken apart, for the game-over screen to count up."""

    columns: list[str]
    """A heading for each part: "Hand 1", "Round 3", "Pips"... (none: the totals alone)."""
    parts: list[list[int]]
    """Each seat's points in each column, seat 0 first."""
    totals: list[int]
    """Each seat's final score (the parts add up to it)."""


def last_columns(headings: Sequence[str], parts: Sequence[Sequence[int]], room: int,
                 earlier: str) -> tuple[list[str], list[list[int]]]:
    """At most `room` columns: the last ones, the rest added up in a first column
    headed `earlier` (a long Cyprus game's first rounds)."""
    if len(headings) <= room:
        return list(headings), [list(row) for row in parts]
    cut = len(headings) - room + 1
    return [earlier, *headings[cut:]], [[sum(row[:cut]), *row[cut:]] for row in parts]
