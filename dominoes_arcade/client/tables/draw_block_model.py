"""What the Draw and Block table shows (dominoes_arcade/rules/draw.md and block.md),
taken from the observation it draws (`engine.Observation.view`: the hands the
observing seat may not see are -1): a frozen snapshot the table draws and animates
between, and the numbers along the line that orient each tile.

The table keeps the snapshot it last drew. An action's events, as the observing
seat saw them, say which tile went where; the table then takes a fresh snapshot and
flies the moved tiles from their places in the old one to their places in the new.
At a round's end the engine has already started the next round, so `end_of_round`
rebuilds the finished line from the old snapshot, the last play and the
`RoundResult`, every hand shown (a finished round's hands are public).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.draw_block import DrawBlockState, RoundResult
from ...engine.tiles import HIGH, LOW


@dataclass(frozen=True)
class LineModel:
    line: tuple[int, ...]
    """The tiles played this round, left to right."""
    first: int
    """The index in `line` of the round's first tile (the lead)."""
    hands: tuple[tuple[int, ...], ...]
    """Every hand as the observation shows it: a hand the observer may not see is its
    count of -1 (the table decides which hands it may show face up)."""
    boneyard: int
    to_move: int
    """The seat to decide, or -1 (chance, or the game is over)."""
    round_number: int
    leader: int
    totals: tuple[int, ...]
    revealed: bool = False
    """The round is over and every hand is public."""
    result: RoundResult | None = None

    @property
    def ends(self) -> tuple[int, int]:
        """The open ends' numbers (left, right), or (-1, -1) before the lead."""
        numbers = line_numbers(self.line, self.first)
        return (numbers[0], numbers[-1]) if self.line else (-1, -1)


def model_of(state: DrawBlockState) -> LineModel:
    """The snapshot of `state`, an observation's view (everything it reads is what
    the observer may see: the line, the hands it shows, counts and totals)."""
    return LineModel(
        line=tuple(state.line),
        first=state.left_count,
        hands=tuple(tuple(hand) for hand in state.hands),
        boneyard=len(state.boneyard),
        to_move=state.current_player if state.current_player >= 0 else -1,
        round_number=state.round_number,
        leader=state.leader,
        totals=tuple(state.totals),
    )


def with_play(model: LineModel, tile: int, where: str) -> LineModel:
    """`model` with `tile` laid (`where`: ``"lead"``, ``"left"`` or ``"right"``)."""
    if where == "left":
        return replace(model, line=(tile, *model.line), first=model.first + 1)
    return replace(model, line=(*model.line, tile))


def end_of_round(before: LineModel, result: RoundResult, totals: tuple[int, ...],
                 last_play: tuple[int, str] | None) -> LineModel:
    """The finished round's table: `before` with its last tile laid (`last_play`:
    (tile, where)), every hand as the result shows it, and the new totals."""
    finished = with_play(before, *last_play) if last_play is not None else before
    return replace(finished, hands=result.hands, to_move=-1, totals=totals, revealed=True, result=result)


def line_numbers(line: tuple[int, ...], first: int) -> list[int]:
    """The numbers between the tiles of `line`, left to right: ``numbers[i]`` is tile
    i's left number and ``numbers[i + 1]`` its right one (so ``numbers[0]`` and
    ``numbers[-1]`` are the open ends). The lead lies low number left
    (engine/draw_block.py)."""
    if not line:
        return []
    lead = line[first]
    numbers = [0] * (len(line) + 1)
    numbers[first], numbers[first + 1] = LOW[lead], HIGH[lead]
    for i in range(first + 1, len(line)):
        t = line[i]
        numbers[i + 1] = LOW[t] + HIGH[t] - numbers[i]
    for i in range(first - 1, -1, -1):
        t = line[i]
        numbers[i] = LOW[t] + HIGH[t] - numbers[i + 1]
    return numbers
