"""The Necropolis table (dominoes_arcade/rules/necropolis.md): the necropolis pile in the middle
with its count, each player's active grave site as a row of upright tiles with
the abandoned sites dimmed beside it, the mastabas face down behind it (readable
to their owner only), sites started and the running score in each seat's panel.

Every tile is a `Sprite` tweened towards its place in `necropolis_layout.lay_out`
(a function of the engine state alone), so undo and replays that rebuild the
state simply lay the table out again. Engine events (`engine.necropolis`:
``first``, ``draw``, ``place``, ``hide``, ``exchange``, ``pass``, ``game_over``)
start the slides, flips and sounds; scores count up in the seat panels.

The human's decision, as `Choice`s for the table kit: the pile (draw); the drawn
tile to an end of the active site (left, right), the mastabas (hide) or the new
site slot (new); a mastaba tile to an end (play), the new site slot (new from the
mastabas) or the pile (exchange); the Pass button in the mastaba phase.

A referee's reading where the traditional rules are silent: the opponent's running score shows
only its public part (sites started times the penalty) plus "?" while their
mastabas hold hidden tiles, since showing the sum would reveal their pips.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import pygame

from ...engine import Action, Event
from ...engine.necropolis import ATTACH, DRAW, EXCHANGE, HIDE, LEFT, NEW, NEW_FROM, PASS, PLAY, RIGHT, SIDES
from ...engine.tiles import NAME, PIPS
from ..theme import plural
from ..verdict import Breakdown
from . import TableSetup
from .base import TableScene
from .interaction import Choice
from .necropolis_draw import PASS_BUTTON, RULES_PANEL, NecropolisPainter
from .necropolis_layout import (
    HELD_LENGTH,
    MASTABA_LENGTH,
    PILE_CENTRE,
    PILE_LENGTH,
    SITE_LENGTH,
    TableLayout,
    arrival_order,
    lay_out,
)
from .sprites import Sprite

SLIDE_SECONDS = 0.38
FLIP_SECONDS = 0.3
SCORE_RATE = 12.0
"""Points a second (at least) that a shown score counts towards its value."""
BANNER_SECONDS = 1.3
SUMMARY_SECONDS = 1.4
SUMMARY_HOLD = 3.0
"""Seconds the final reveal stays up before the kit's game-over screen."""
SIDE_OF = {"left": LEFT, "right": RIGHT}
WARM_UP_PER_FRAME = 2
"""Tile faces rendered ahead each frame (about a third of a millisecond each)."""


def marked_tile(events: Iterable[Event], last: int) -> int:
    """The tile the last-move ring marks once `events` happened (`last` before them):
    the tile drawn, laid or hidden; none after an exchange or a pass."""
    for event in events:
        if event.kind in ("draw", "place", "hide"):
            last = event.tile
        elif event.kind in ("exchange", "pass"):
            last = -1
    return last


class NecropolisTable(TableScene):
    name = "table"
    move_log_rect = pygame.Rect(RULES_PANEL.x - 4, 8, 1268 - (RULES_PANEL.x - 4), 656)
    """The move log over the right-hand column (the seats' panels, the rules' reminder):
    both sites and the necropolis stay in view."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        humans = [seat for seat in (0, 1) if self.session.is_human(seat)]
        self.bottom_seat = humans[0] if humans else 0
        """The seat drawn nearest the player: the (first) human."""
        self.mastaba_order: dict[int, list[int]] = {0: [], 1: []}
        self.sprites: dict[int, Sprite] = {}
        self.leaving: dict[int, Sprite] = {}
        """Tiles sliding back into the necropolis (an exchange): drawn until they arrive."""
        self.layout: TableLayout = lay_out(self.placement_state, self.bottom_seat, self.mastaba_order,
                                           setup.record is not None)
        self.signature: tuple | None = None
        self.face_shown: dict[int, bool] = {}
        self.shown_scores = [0.0, 0.0]
        """Each seat's score as the panels show it, counting towards `visible_scores`."""
        self.scores_seen: list[bool | None] = [None, None]
        """Whether each seat's mastabas counted when its shown score was last set."""
        self.banner = {"text": "", "alpha": 0.0}
        self.summary = {"progress": 0.0, "alpha": 0.0}
        self.last_tile = self.last_tile_laid()
        """The tile the last move moved (the last-move ring), -1 for none."""
        self.painter = NecropolisPainter(self)
        self.warm_up = [(tile, length, flipped) for length, flips in ((SITE_LENGTH, (False, True)),
                                                                      (MASTABA_LENGTH, (False,)))
                        for flipped in flips for tile in range(28)]
        """Tile faces to render ahead, a few a frame, so a move never renders many at once."""
        self.relayout(animate=False)

    # -- the layout ------------------------------------------------------------------
    def state_signature(self) -> tuple:
        s = self.placement_state
        return (len(s.pile), s.sites[0], s.sites[1], tuple(s.mastabas[0]), tuple(s.mastabas[1]), s.held, s.phase)

    @property
    def revealing(self) -> bool:
        """The game is over: every mastaba is turned face up (the final reveal)."""
        return self.seen.is_terminal

    def may_show(self, private: bool, seat: int) -> bool:
        return not private or self.revealing or self.shows_hidden(seat)

    def relayout(self, animate: bool) -> None:
        """Lay the table out for the current state; tween every sprite to its new
        place (or snap, after undo or a replay's step back)."""
        state = self.placement_state
        for seat in (0, 1):
            self.mastaba_order[seat] = arrival_order(self.mastaba_order[seat], state.mastabas[seat])
        self.layout = lay_out(state, self.bottom_seat, self.mastaba_order, self.setup.record is not None)
        self.signature = self.state_signature()
        places = self.layout.places
        duration = SLIDE_SECONDS if animate else 0.0
        for tile, place in places.items():
            sprite = self.sprites.get(tile) or self.leaving.pop(tile, None)
            face = self.may_show(place.private, place.seat)
            if sprite is None:
                start = PILE_CENTRE if animate else (place.x, place.y)
                sprite = self.sprites[tile] = Sprite(tile, *start, place.length)
                self.face_shown[tile] = False
            self.sprites[tile] = sprite
            sprite.flipped = place.flipped
            moved = (round(sprite.x), round(sprite.y), round(sprite.length)) != (round(place.x), round(place.y),
                                                                                  place.length)
            # A tile turns over as it moves, or at the final reveal; a change of who
            # is at the screen (hot-seat) changes the face at once, without a flip.
            if face != self.face_shown.get(tile, False) and animate and (moved or self.revealing):
                sprite.start_turn(self.face_shown.get(tile, False), face)
                self.tweens.tween(sprite, max(FLIP_SECONDS, duration), easing="linear", turn=1.0)
            self.face_shown[tile] = face
            # The length snaps: every length is a tile surface of its own, and a
            # tweened one would render dozens of them in one slide.
            sprite.length = place.length
            if moved and animate:
                self.tweens.tween(sprite, duration, easing="out_cubic", x=place.x, y=place.y)
                sprite.lift = 1.0
                self.tweens.tween(sprite, duration, easing="in_quad", lift=0.0)
            else:
                sprite.x, sprite.y, sprite.length = place.x, place.y, place.length
        for tile in [t for t in self.sprites if t not in places]:
            sprite = self.sprites.pop(tile)
            self.face_shown.pop(tile, None)
            if animate:  # back into the pile: slide there, then vanish
                self.leaving[tile] = sprite
                sprite.lift = 1.0
                self.tweens.tween(sprite, duration, easing="in_out_quad", x=PILE_CENTRE[0], y=PILE_CENTRE[1],
                                  on_done=lambda t=tile: self.leaving.pop(t, None))
        if not animate:
            self.count_scores(None)

    def visible_scores(self) -> list[int]:
        """Each seat's score as far as the screen may tell: the mastaba pips of a
        seat whose tiles are hidden count as 0 (the panel adds "+ ?")."""
        state, penalty = self.seen.view, self.seen.view.rules.site_penalty
        return [penalty * len(state.sites[seat])
                + (sum(PIPS[t] for t in state.mastabas[seat]) if self.may_show(True, seat) else 0)
                for seat in (0, 1)]

    def last_tile_laid(self) -> int:
        """The last-move ring's tile after the moves played so far (the move log's)."""
        last = -1
        for move in self.moves.log.moves:
            last = marked_tile(move.events, last)
        return last

    @property
    def last_text(self) -> str:
        """The last move in words, for the status panel: the move log's newest line."""
        return self.moves.newest()

    def on_rebuild(self) -> None:
        """Undo or a replay's step back rebuilt the state: every tile to its place at
        once, the last-move ring on the last move that is left."""
        self.last_tile = self.last_tile_laid()
        self.leaving.clear()
        for sprite in self.sprites.values():
            sprite.settle()
        self.banner["alpha"] = self.summary["alpha"] = 0.0
        self.relayout(animate=False)

    def count_scores(self, dt: float | None) -> None:
        """Move each shown score towards its value (at once when `dt` is None).
        A change of who may see a seat's mastabas (hot-seat, the final reveal)
        snaps instead: counting from one to the other would show the hidden pips."""
        for seat, target in enumerate(self.visible_scores()):
            seen = self.may_show(True, seat)
            shown = self.shown_scores[seat]
            if dt is None or seen != self.scores_seen[seat] or self.app.duration_scale <= 0:
                shown = target
            elif shown != target:
                step = max(SCORE_RATE, 4 * abs(target - shown)) * dt / self.app.duration_scale
                shown = min(target, shown + step) if target > shown else max(target, shown - step)
            self.shown_scores[seat], self.scores_seen[seat] = shown, seen

    def update(self, dt: float) -> None:
        super().update(dt)
        self.count_scores(dt)
        for tile, length, flipped in self.warm_up[-WARM_UP_PER_FRAME:]:
            self.app.tile_art.tile(tile, length, flipped=flipped)
        del self.warm_up[-WARM_UP_PER_FRAME:]
        if self.state_signature() != self.signature:  # rebuilt without `on_rebuild` (a safety net)
            self.tweens.clear()
            self.on_rebuild()

    def is_animating(self) -> bool:
        """The kit's reasons, or a score still counting to its value."""
        return super().is_animating() or self.shown_scores != self.visible_scores()

    # -- events ----------------------------------------------------------------------
    def on_events(self, action: Action, events: list[Event]) -> None:
        audio = self.app.audio
        for event in events:
            who = self.seat_name(event.seat) if event.seat >= 0 else ""
            if event.kind == "first":
                self.show_banner(f"{who} opens")
                audio.play("shuffle")
            elif event.kind == "draw":
                audio.play("draw")
            elif event.kind == "place":
                sites = len(self.seen.view.sites[event.seat])
                if event.value == "new" and sites > 1:
                    self.show_banner(f"{who}: new site #{sites}")
                audio.play("clack")
            elif event.kind == "hide":
                audio.play("move")
            elif event.kind == "exchange":
                audio.play("shuffle")
            elif event.kind == "pass":
                self.show_banner(f"{who} passes")
                audio.play("back")
        self.last_tile = marked_tile(events, self.last_tile)
        self.relayout(animate=True)
        if any(event.kind == "game_over" for event in events):
            self.start_summary()

    def show_banner(self, text: str) -> None:
        self.banner["text"], self.banner["alpha"] = text, 1.0
        self.tweens.tween(self.banner, BANNER_SECONDS, easing="in_quad", alpha=0.0)

    def start_summary(self) -> None:
        """The final reveal: every mastaba turns face up and the scores count up."""
        self.app.audio.play("score")
        self.summary["progress"], self.summary["alpha"] = 0.0, 0.0
        self.tweens.tween(self.summary, 0.3, alpha=1.0)
        self.tweens.tween(self.summary, SUMMARY_SECONDS, easing="out_quad", progress=1.0)
        self.hold(SUMMARY_HOLD)

    # -- the kit's hooks: the human's decision -----------------------------------------
    def choices(self) -> list[Choice]:
        if not self.waiting_for_human:
            return []
        found = []
        for action in self.legal:
            kind = action.kind
            if kind == "draw":
                found.append(Choice(action, "pile"))
            elif kind == "attach":
                found.append(Choice(action, "held", ("end", SIDES[action.arg])))
            elif kind == "hide":
                found.append(Choice(action, "held", "mastabas"))
            elif kind == "new":
                found.append(Choice(action, "held", "new_site"))
            elif kind == "play":
                found.append(Choice(action, ("mastaba", action.tile), ("end", SIDES[action.arg])))
            elif kind == "new_from":
                found.append(Choice(action, ("mastaba", action.tile), "new_site"))
            elif kind == "exchange":
                found.append(Choice(action, ("mastaba", action.tile), "pile"))
            elif kind == "pass":
                found.append(Choice(action, ("button", "pass")))
        return found

    def item_rects(self) -> dict[Hashable, pygame.Rect]:
        layout = self.layout
        seat = self.seen.view.seat
        state = self.session.observation(seat).view  # the items are the seat to move's own tiles
        rects: dict[Hashable, pygame.Rect] = {"pile": layout.pile, "mastabas": layout.trays[seat],
                                              "new_site": layout.new_slot[seat]}
        for side, rect in layout.end_targets.get(seat, {}).items():
            rects[("end", side)] = rect
        if state.held >= 0:
            rects["held"] = layout.held
        for tile in state.mastabas[seat]:
            rects[("mastaba", tile)] = layout.places[tile].rect()
        if self.pass_offered():
            rects[("button", "pass")] = PASS_BUTTON
        return rects

    def pass_offered(self) -> bool:
        return not self.seen.view.pile and self.seen.view.rules.mastaba_phase and not self.seen.is_terminal

    def action_for(self, source: Hashable, target: Hashable | None) -> Action | None:
        side = SIDE_OF.get(target[1]) if isinstance(target, tuple) and target[0] == "end" else None
        if source == "pile":
            return DRAW if target is None else None
        if source == ("button", "pass"):
            return PASS if target is None else None
        if source == "held":
            if side is not None:
                return ATTACH[side]
            if isinstance(target, tuple) and target[0] == "mastaba":
                return HIDE  # dropped on a tile in the mastabas: into the mastabas
            return {"mastabas": HIDE, "new_site": NEW}.get(target)
        if isinstance(source, tuple) and source[0] == "mastaba":
            tile = source[1]
            if side is not None:
                return PLAY[tile][side]
            return {"new_site": NEW_FROM[tile], "pile": EXCHANGE[tile]}.get(target)
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def draw_dragged(self, surface: pygame.Surface, source: Hashable, pos: tuple[int, int]) -> None:
        seat = self.seen.current_player
        tile = self.seen.view.held if source == "held" else source[1] if isinstance(source, tuple) and \
            source[0] == "mastaba" else -1
        length = HELD_LENGTH if source == "held" else round(self.sprites[tile].length) if tile in self.sprites \
            else PILE_LENGTH
        horizontal = source == "pile"
        surface.blit(self.app.tile_art.shadow(length, horizontal=horizontal, lift=1.0),
                     self.app.tile_art.shadow(length, horizontal=horizontal, lift=1.0).get_rect(
                         center=(pos[0] + 6, pos[1] + 10)))
        self.draw_tile(surface, tile, pygame.Rect(pos[0], pos[1], 0, 0), length,
                       face_up=tile >= 0 and self.shows_hidden(seat), seat=seat, horizontal=horizontal)

    def last_move_rect(self) -> pygame.Rect | None:
        place = self.layout.places.get(self.last_tile)
        return place.rect() if place is not None else None

    def result_lines(self) -> list[str]:
        outcome = self.seen.outcome
        if self.session.error or outcome is None:
            return super().result_lines()
        if outcome.is_draw:
            headline = f"A draw at {outcome.scores[0]} each"
        else:
            winner = outcome.winners[0]
            headline = f"{self.seat_name(winner)} wins, {outcome.scores[winner]} to {outcome.scores[1 - winner]}"
        ended = outcome.termination.value
        return [headline, f"{ended[0].upper()}{ended[1:]}. Lowest score wins."] + [
            self.score_line(seat) for seat in (0, 1)]

    def score_breakdown(self) -> Breakdown:
        """The pips of each mastaba, then the sites' penalty (lower is better)."""
        state = self.seen.view
        pips = [sum(PIPS[t] for t in state.mastabas[seat]) for seat in (0, 1)]
        sites = [len(state.sites[seat]) * state.rules.site_penalty for seat in (0, 1)]
        return Breakdown(["Pips", "Sites"], [[pips[seat], sites[seat]] for seat in (0, 1)],
                         [pips[seat] + sites[seat] for seat in (0, 1)])

    def score_line(self, seat: int) -> str:
        """``Seat 1: 8 pips (1-5, 1-1) + 4 sites = 12``: the score as the rules count it."""
        state = self.seen.view
        pips = sum(PIPS[t] for t in state.mastabas[seat])
        sites, penalty = len(state.sites[seat]), state.rules.site_penalty
        order = self.mastaba_order[seat]
        tiles = f" ({', '.join(NAME[t] for t in order)})" if 0 < len(order) <= 4 else f" in {len(order)} tiles" \
            if order else ""
        times = f" x {penalty}" if penalty != 1 else ""
        total = pips + sites * penalty
        return f"{self.seat_name(seat)}: {plural(pips, 'pip')}{tiles} + {plural(sites, 'site')}{times} = {total}"

