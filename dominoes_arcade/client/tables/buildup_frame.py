"""What one frame of the Build Up table shows (dominoes_arcade/rules/buildup.md): the
observation the table draws, and the table's own moving parts (tiles in flight, hands
closing ranks, the news banner, a hand's summary) and the flags its words read.

The table (`buildup`) builds a `BuildUpFrame` every frame and hands it to the painter
(`buildup_panels`), which draws it and nothing else: the painter never reads the
table, so neither module imports the other back.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ...engine import Observation
from .buildup_layout import BuildUpLayout
from .sprites import Sprite


@dataclass
class HandSummary:
    """What a ``hand_scored`` event reveals: for each seat, its colour's tiles on top
    (with their stacks), the tiles it set aside this hand, the hand's score and total."""

    hand: int
    tops: list[list[tuple[int, int]]]
    aside: list[list[int]]
    scores: tuple[int, int]
    totals: tuple[int, int]
    progress: float = 0.0
    """0 -> 1 as the numbers count up."""


@dataclass(frozen=True)
class BuildUpFrame:
    """Everything the painter draws in one frame."""

    seen: Observation
    """What the table may draw: the seat shown's observation (its ``view`` hides the rest)."""
    layout: BuildUpLayout
    faces: tuple[list[int], list[int]]
    """Each seat's hand as this screen may show it (-1 for a back; the table's `hand_faces`)."""
    seat_labels: tuple[str, str]
    """``"You"``, ``"Easy bot"``...: who plays each seat."""
    seat_titles: tuple[str, str]
    """``"Seat 2 · Hard bot"``."""
    seat_names: tuple[str, str]
    players_here: list[int]
    """The seats played at this screen (the summary's words speak to them)."""
    flights: list[Sprite]
    """The tiles in the air; each is left out of the zone it lands on until it lands."""
    reflow: list[dict]
    """Each hand's tiles sliding to new slots: index -> pixels still to go, times `t`."""
    shown_totals: list[float]
    """The totals as the score sheet counts them up."""
    summary: HandSummary | None
    summary_folded: bool
    banner: tuple[str, float]
    """The news line and its seconds left."""
    stopped_words: str | None
    """What the status line says of a game that can no longer go on here, else None."""
    waiting_for_human: bool
    can_decide: bool
    humans_here: int
    """How many seats humans play at this screen ("Your move" or "Seat 2, your move")."""
    only_pass: bool
    """The human to move has no placement: passing is their only move."""
    selected_source: Hashable | None
    dragged_source: Hashable | None
    history_stack: int | None
    """The stack whose tiles the history panel lists."""
    browsed: int | None
    """The stack the keyboard or controller browse cursor rests on."""
