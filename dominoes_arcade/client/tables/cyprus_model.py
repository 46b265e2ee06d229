"""What the Cyprus and Sebastopol table shows, taken from the observation it draws
(`engine.Observation.view`: the hands the observing seat may not see are -1): a
frozen snapshot the table draws and animates between (dominoes_arcade/rules/cyprus.md and sebastopol.md).

The table keeps the snapshot it last drew. An action's events, as the observing
seat saw them, say which tile went where; the table then takes a fresh snapshot
and flies the moved tiles from their places in the old one to their places in the
new. At a round's end the engine has already dealt the next round's table away,
so `end_of_round` rebuilds the finished table from the old snapshot and the
`RoundResult`, every hand shown (a finished round's hands are public).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.cyprus import RoundResult, StarState
from ...engine.tiles import PIPS


@dataclass(frozen=True)
class TableModel:
    layout: tuple[tuple[int, ...], ...]
    """One line per filled star slot, from the spinner outwards."""
    hands: tuple[tuple[int, ...], ...]
    """Every hand, sorted, as the observation shows it: a hand the observer may not see
    is its count of -1 (the table decides which hands it may show face up)."""
    boneyard: int
    spinner_set: bool
    to_move: int
    """The seat to decide, or -1 (chance, or the game is over)."""
    round_number: int
    dealer: int
    totals: tuple[int, ...]
    dead: frozenset[int] = frozenset()
    """Arms no tile can extend again this round."""
    revealed: bool = False
    """The round is over and every hand is public."""
    result: RoundResult | None = None

    def arm_lengths(self, slots: int) -> tuple[int, ...]:
        return tuple(len(self.layout[k]) if k < len(self.layout) else 0 for k in range(slots))


def model_of(state: StarState) -> TableModel:
    """The snapshot of `state`, an observation's view (everything it reads is what
    the observer may see: the table, the hands it shows, counts and totals)."""
    return TableModel(
        layout=tuple(state.layout),
        hands=tuple(tuple(hand) for hand in state.hands),
        boneyard=len(state.boneyard),
        spinner_set=state.is_spinner_set,
        to_move=state.current_player if state.current_player >= 0 else -1,
        round_number=state.round_number,
        dealer=state.dealer,
        totals=tuple(state.totals),
        dead=frozenset(state.dead_arms()),
    )


def end_of_round(before: TableModel, result: RoundResult, totals: tuple[int, ...],
                 last_play: tuple[int, int] | None) -> TableModel:
    """The finished round's table: `before` with its last tile laid (`last_play`:
    (tile, arm)), every hand as the result shows it, and the new totals."""
    layout = list(before.layout)
    if last_play is not None:
        tile, arm = last_play
        if arm == len(layout):
            layout.append((tile,))
        else:
            layout[arm] += (tile,)
    return replace(before, layout=tuple(layout), hands=result.hands, to_move=-1, totals=totals,
                   revealed=True, result=result, spinner_set=True)


def open_ends(line: tuple[int, ...], suit: int) -> list[int]:
    """The number each tile of an arm matched (towards the spinner), then the
    arm's open end: ``[entering of tile 0, entering of tile 1, ..., open end]``."""
    numbers = [suit]
    for t in line:
        numbers.append(PIPS[t] - numbers[-1])
    return numbers
