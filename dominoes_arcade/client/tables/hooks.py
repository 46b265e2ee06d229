"""The hooks a game's table implements (`TableHooks`), with what the kit does
when a table leaves one out. `TableScene` (in `base`) drives the game and calls
them; the decision's part of the contract (`Choice`, sources and targets) is in
`interaction`.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from ...engine import Action, Event
from ...engine.tiles import NAME
from ..input import InputEvent
from ..verdict import Breakdown
from . import seat_label
from .interaction import CORNERS, Choice
from .move_log import DRAWER


class TableHooks:
    """What each game's table says about its game: its decision, where things are,
    how it draws and animates. Mixed into `TableScene`, whose attributes (``seen``,
    ``app``, ``error``, `draw_tile`, ...) these defaults use."""

    move_log_rect: pygame.Rect = DRAWER
    """Where the move log's drawer opens over the table (`move_log`)."""
    describes_seat_to_move = False
    """Set while the analysis view asks a replay's table for the decision of the
    seat to move: `choices` and `item_rects` answer as on a player's turn
    (``waiting_for_human`` is True meanwhile; `analysis_marks`)."""
    summary_folded = False
    """The player folded the hand's or round's summary away to look at the table
    (`toggle_summary`); a table draws its summary only while this is False."""

    def summary_shown(self) -> bool:
        """Whether a hand's or round's summary is up (the game held while it is)."""
        return False

    def toggle_summary(self) -> None:
        """Fold the summary away to see the board it scored, or bring it back. While
        it is folded the game stays held: the table is what the player looks at."""
        self.summary_folded = not self.summary_folded

    def choices(self) -> list[Choice]:
        """The human's current decision, one `Choice` per legal action (built from
        ``self.legal``); [] when no human is to move."""
        return []

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        """Where every source and target is now on the 1280x720 canvas, including
        targets that are not legal now (so a drop there is refused with a reason)."""
        return {}

    def action_for(self, source: Hashable, target: Hashable | None) -> Action | None:
        """The engine action a drop of `source` on `target` means, legal or not;
        None when it means nothing."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the game (the kit draws highlights and overlays above it)."""
        surface.blit(self.app.style.background(surface.get_size()), (0, 0))

    def draw_dragged(self, surface: pygame.Surface, source: Hashable, pos: tuple[int, int]) -> None:
        """Draw `source` being dragged, centred at `pos`: by default the tile its
        first choice moves, face up (the dragging human's own tile), or the hand
        tile that no move takes (`unplayable`)."""
        tile = next((choice.action.tile for choice in self.current_choices()
                     if choice.source == source and choice.action.tile >= 0), None)
        if tile is None and self.unplayable(source):
            tile = source[1]
        if tile is not None:
            self.draw_tile(surface, tile, pygame.Rect(pos[0], pos[1], 0, 0), 72, face_up=True,
                           seat=self.seen.current_player)

    def result_spot(self) -> pygame.Rect | None:
        """Where the folded game-over bar goes (its verdict and buttons): a place of
        the table that says nothing once the game is over; None: a bar along the
        bottom, over the middle of the table."""
        return None

    def badge_spot(self, item: Hashable, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the analysis view's badge of `size` for `item` goes when the table
        keeps one spot for it, inside the panel that holds the item and plainly
        its own (a panel that is a target, a stack in its line); None: beside the
        item wherever there is room (`analysis_marks.place`)."""
        return None

    def review_spot(self) -> pygame.Rect | None:
        """Where the review's panel goes over this table, when the table keeps a
        place for it (a column it fills, its words wrapped; what is under it is
        hidden); None: the place nearest the top that covers none of the table's
        words and tiles (`scenes.review_panel`)."""
        return None

    def callout_docks(self) -> dict[str, pygame.Rect]:
        """The places a lesson's callout may fill, replacing what is there: whole
        panels side by side (their union: a column of them), by the name a lesson's
        stage uses to keep one in view (`lessons.Stage.keeps`). None ({}): the callout floats over the
        table where it covers least (`lessons.callout`)."""
        return {}

    def focus_marker(self, item: Hashable, rect: pygame.Rect) -> tuple[pygame.Rect, frozenset[str]]:
        """Where the focus marker (a ring, brackets on its corners) goes round
        `item`, and which corners get a bracket: by default `rect` (the item's rect
        grown by the marker's pulsing margin) and all four. A table with words or
        badges close round an item keeps the marker off them (Build Up: a stack's
        number under it, its height badge on its corner)."""
        return rect, CORNERS

    def ring_spot(self, item: Hashable) -> pygame.Rect | None:
        """What the review's ring round `item` goes round, when that is not the
        item's whole rect (`item_rects`: a drop target may take in a tile beside
        the slot it stands for); None: the item's rect."""
        return None

    def unplayable(self, item: Hashable) -> bool:
        """Whether `item` is a tile of the player's that no legal move takes now (by
        default a hand tile, ``("hand", tile)``, not among the sources): it still
        lifts under the mouse, and is put back with `unplayable_reason`."""
        return isinstance(item, tuple) and len(item) == 2 and item[0] == "hand" and isinstance(item[1], int) \
            and item[1] >= 0

    def unplayable_reason(self, item: Hashable) -> str:
        """Why the `unplayable` tile `item` cannot be played now, as a sentence."""
        return f"Your {NAME[item[1]]} cannot be played anywhere now."

    def illegal_reason(self, action: Action) -> str:
        """Why `action` is not legal now, as a sentence the player reads (a toast, a
        lesson's callout): the engine's reason, capitalised, in the table's own words
        (Build Up's stacks as the board numbers them, Cyprus's arms as it names them)."""
        seat = self.session.current_player  # the engine's reason, from what the seat to move sees
        mover = self.session.observation(seat).view if seat >= 0 else self.seen.view
        reason = mover.why_illegal(action) or "That move is not allowed now."
        return reason[:1].upper() + reason[1:]

    def refuse(self, reason: str) -> None:
        """A move the player tried is not legal: say why (`reason`, a sentence), by
        default in a toast with a short sound (a lesson says it in its callout)."""
        self.app.toast(reason)
        self.app.audio.play("back")

    def last_move_rect(self) -> pygame.Rect | None:
        """Where the last move landed, for the last-move marker."""
        return None

    def draw_over_marks(self, surface: pygame.Surface) -> None:
        """Draw what must stay readable above the rings of the marks (by default
        nothing)."""

    def kind_label(self, seat: int) -> str:
        """Who plays `seat`, the one way every table says it: "You" for the one human
        at the screen, the seat's kind ("Hard bot", "Human" in hot-seat), and in a
        replay the player the record names."""
        record = self.setup.record
        if record is not None:
            return seat_label(str(record.seats[seat])) if seat < len(record.seats) else "Record"
        kind = self.session.seat_kind(seat)
        if kind == "human" and len(self.session.human_seats) == 1:
            return "You"
        return seat_label(kind)

    def describe(self, action: Action) -> str:
        """A short phrase for `action` in prompts (``"Draw"``, ``"Play 3-4 s7"``)."""
        text = str(action)
        return text[:1].upper() + text[1:]

    def result_lines(self) -> list[str]:
        """The game-over summary: the headline (who won), then the scores."""
        outcome = self.seen.outcome
        if self.session.error:
            return ["The record cannot be replayed to the end:", self.session.error]
        if outcome is None:
            return ["The game stopped."]
        if outcome.is_draw:
            headline = "A draw"
        else:
            names = " and ".join(self.seat_name(w) for w in outcome.winners)
            headline = f"{names} {'wins' if len(outcome.winners) == 1 else 'win'}"
        scores = ", ".join(f"{self.seat_name(seat)} {score}" for seat, score in enumerate(outcome.scores))
        return [headline, f"because {outcome.termination.value}.", f"Scores: {scores}"]

    def players_here(self) -> list[int]:
        """The seats played at this screen as the game began (a seat the bot finished
        is still its player's); none in a demo or a replay: the words of the
        summaries and the game-over screen speak to them."""
        if self.setup.record is not None:
            return []
        return [seat for seat, kind in enumerate(self.session.kinds) if kind == "human"]

    def score_breakdown(self) -> Breakdown:
        """The final scores taken apart for the game-over screen, a column for each
        hand, round or part of the score; by default the totals alone."""
        outcome = self.seen.outcome
        totals = list(outcome.scores if outcome is not None else self.seen.scores)
        return Breakdown([], [[] for _ in totals], totals)

    def on_events(self, action: Action, events: list[Event]) -> None:
        """Start animations and sounds for what `action` did."""

    def on_rebuild(self) -> None:
        """The state was rebuilt without events (undo, a replay stepping back or
        jumping ahead): put every sprite where the state says, without animation."""

    def on_game_over(self) -> None:
        """The game just ended (the kit opens the game-over screen after this)."""

    def handle_table(self, event: InputEvent) -> None:
        """Input the kit did not use (a game's extras, such as viewing a stack)."""
