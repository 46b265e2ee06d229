"""The Necropolis table (dominoes_arcade/rules/necropolis.md): the necropolis pile in the middle
with its count, each player's active grave site as a row of upright tiles with
the abandoned sites dimmed beside it, the mastabas face down behind it (readable
to their owner only), sites started and the running score in each seat's panel.

The table is composed of parts that each take what they need and never import it:
`necropolis_layout` lays the places out from the observation's view (`seen.view`,
hidden tiles -1), `necropolis_pieces` keeps which tile lies at which place as the
seat shown saw the steps happen (`session.events.seen_events`), `necropolis_sprites`
moves a sprite per place on the scene's tweens, and `necropolis_draw` paints a
`NecropolisFrame` the table hands it. The table never reads the full state.

Every tile is a `Sprite` keyed by its place (a hidden tile has no number to key it
by) and tweened towards that place, so undo and replays that rebuild the state
simply lay the table out again. A step's seen events (`engine.necropolis`:
``first``, ``draw``, ``place``, ``hide``, ``exchange``, ``pass``, ``game_over``)
move the sprite at one place to another, turn over the tile an event names, and
start the sounds; scores count up in the seat panels.

The human's decision, as `Choice`s for the table kit: the pile (draw); the drawn
tile to an end of the active site (left, right), the mastabas (hide) or the new
site slot (new); a mastaba tile to an end (play), the new site slot (new from the
mastabas) or the pile (exchange); the Pass button in the mastaba phase.

A referee's reading where the traditional rules are silent: the opponent's running score shows
only its public part (sites started times the penalty) plus "?" while their
mastabas hold hidden tiles, since showing the sum would reveal their pips.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from ...engine import EVERY_SEAT, Action, Event
from ...engine.necropolis import (
    ATTACH,
    DRAW,
    DRAWN,
    EXCHANGE,
    HIDE,
    LEFT,
    NEW,
    NEW_FROM,
    PASS,
    PLAY,
    REVEAL_DRAW,
    RIGHT,
    SIDES,
)
from ...engine.tiles import NAME, PIPS
from ...session.events import seen_events
from ..theme import plural
from ..verdict import Breakdown
from . import TableSetup
from .base import TableScene
from .interaction import Choice
from .move_log import Namer, tile_name
from .necropolis_draw import PASS_BUTTON, RULES_PANEL, STATUS_PANEL, Look, NecropolisFrame, NecropolisPainter
from .necropolis_layout import (
    HELD_LENGTH,
    MASTABA_LENGTH,
    PILE_LENGTH,
    SITE_LENGTH,
    TableLayout,
    lay_out,
    tray_badge_spot,
)
from .necropolis_pieces import HELD, Key, SeenTiles, mastaba_key
from .necropolis_sprites import TileSprites

SCORE_RATE = 12.0
"""Points a second (at least) that a shown score counts towards its value."""
BANNER_SECONDS = 1.3
SUMMARY_SECONDS = 1.4
SUMMARY_HOLD = 3.0
"""Seconds the final reveal stays up before the kit's game-over screen."""
SIDE_OF = {"left": LEFT, "right": RIGHT}
WARM_UP_PER_FRAME = 2
"""Tile faces rendered ahead each frame (about a third of a millisecond each)."""


def move_words(event: Event, who: str, name: Namer) -> str | None:
    """The move log's words for an event (the registry entry's `move_words`)."""
    kind = event.kind
    if kind == "first":
        return f"{who} opened the game"
    if kind == "draw":
        where = "from the necropolis" if event.dst == "held" else "into the mastabas"
        return f"{who} drew {tile_name(event)} {where}"
    if kind == "exchange":
        return f"{who} put {tile_name(event, 'a mastaba tile')} back in the necropolis"
    if kind == "place":
        if event.value == "new":
            return f"{who} started a grave site with {tile_name(event)}"
        return f"{who} laid {tile_name(event)} on the {event.value} end"
    if kind == "hide":
        return f"{who} hid {tile_name(event)} in the mastabas"
    return None


class NecropolisTable(TableScene):
    name = "table"
    part_word = None  # one game, no rounds or hands to skip to

    def result_spot(self) -> pygame.Rect:
        """The status panel: it says nothing once the game is over (the folded bar
        along the bottom cut into Seat 1's plate and left it empty)."""
        return STATUS_PANEL.copy()
    move_log_rect = pygame.Rect(RULES_PANEL.x - 4, 8, 1268 - (RULES_PANEL.x - 4), 656)
    """The move log over the right-hand column (the seats' panels, the rules' reminder):
    both sites and the necropolis stay in view."""

    def __init__(self, app, setup: TableSetup):
        super().__init__(app, setup)
        humans = [seat for seat in (0, 1) if self.session.is_human(seat)]
        self.bottom_seat = humans[0] if humans else 0
        """The seat drawn nearest the player: the (first) human."""
        self.tiles = self.tiles_told(self.seen_seat)
        """Which tile lies at which place, as the seat shown saw the steps happen."""
        self.sprites = TileSprites(self.tweens)
        """The tiles on screen, a sprite per place, and how they move."""
        self._mover_tiles: tuple[tuple | None, SeenTiles] = (None, SeenTiles(None))
        """`tiles_of` the seat to move when another seat is shown: (for what, the tiles)."""
        self.layout: TableLayout = lay_out(self.seen.view, self.bottom_seat, setup.record is not None)
        self.signature: tuple | None = None
        self.shown_scores = [0.0, 0.0]
        """Each seat's score as the panels show it, counting towards `visible_scores`."""
        self.scores_seen: list[bool | None] = [None, None]
        """Whether each seat's mastabas counted when its shown score was last set."""
        self.banner = {"text": "", "alpha": 0.0}
        self.summary = {"progress": 0.0, "alpha": 0.0}
        self.painter = NecropolisPainter(self.draw_tile)
        self.warm_up = [(tile, length, flipped) for length, flips in ((SITE_LENGTH, (False, True)),
                                                                      (MASTABA_LENGTH, (False,)))
                        for flipped in flips for tile in range(28)]
        """Tile faces to render ahead, a few a frame, so a move never renders many at once."""
        self.relayout(animate=False)

    # -- the tiles and their places -------------------------------------------------------
    def tiles_told(self, viewer: int | None, but_last: bool = False) -> SeenTiles:
        """The tiles after every step so far (`but_last`: but the newest), each
        step's events as `viewer` saw them (the move log keeps every step's events)."""
        moves = self.moves.log.moves[:-1] if but_last else self.moves.log.moves
        return SeenTiles.from_steps((seen_events(list(move.events), viewer) for move in moves), viewer)

    def follow_viewer(self) -> None:
        """Another seat is shown now (hot-seat's pass screen, a bot's turn, the final
        reveal): the tiles are told again as that seat saw them, and every sprite
        shows the number its place holds for that seat (none it may not know)."""
        if self.tiles.viewer == self.seen_seat:
            return
        self.tiles = self.tiles_told(self.seen_seat)  # (the last-move ring's place is every observer's alike)
        view = self.seen.view
        self.tiles.match(view.mastabas)
        self.sprites.name(lambda key: self.tiles.number_at(key, view.held))

    def tiles_of(self, seat: int) -> SeenTiles:
        """The tiles as `seat` saw them: where its own mastaba tiles are, for the
        items of its decision (ready while hot-seat's pass screen still shows another
        seat's view; they place rings and drops, never a face)."""
        tiles = self.seen_tiles()
        if tiles.viewer is EVERY_SEAT or tiles.viewer == seat:
            return tiles
        key = (seat, self.moves.log.generation, len(self.moves.log.moves))
        if self._mover_tiles[0] != key:
            mover = self.tiles_told(seat)
            mover.match(self.session.observation(seat).view.mastabas)
            self._mover_tiles = (key, mover)
        return self._mover_tiles[1]

    def seen_tiles(self) -> SeenTiles:
        """`tiles`, told for the seat shown now."""
        self.follow_viewer()
        return self.tiles

    def state_signature(self) -> tuple:
        view = self.seen.view
        return (len(view.pile), view.sites[0], view.sites[1], len(view.mastabas[0]), len(view.mastabas[1]),
                view.phase, view.seat)

    @property
    def revealing(self) -> bool:
        """The game is over: every mastaba is turned face up (the final reveal)."""
        return self.seen.is_terminal

    def may_show(self, private: bool, seat: int) -> bool:
        return not private or self.revealing or self.shows_hidden(seat)

    def relayout(self, animate: bool) -> None:
        """Lay the table out for what the seat shown sees now; tween every sprite to
        its new place (or snap, after undo or a replay's step back)."""
        self.follow_viewer()
        view = self.seen.view
        self.tiles.match(view.mastabas)
        self.layout = lay_out(view, self.bottom_seat, self.setup.record is not None)
        self.signature = self.state_signature()
        self.sprites.lay(self.layout.places, lambda key: self.tiles.number_at(key, view.held),
                         lambda place: self.may_show(place.private, place.seat), animate, self.revealing)
        if not animate:
            self.count_scores(None)

    def visible_scores(self) -> list[int]:
        """Each seat's score as far as the screen may tell: the mastaba pips of a
        seat whose tiles are hidden count as 0 (the panel adds "+ ?")."""
        state, penalty = self.seen.view, self.seen.view.rules.site_penalty
        return [penalty * len(state.sites[seat])
                + (sum(PIPS[t] for t in state.mastabas[seat] if t >= 0) if self.may_show(True, seat) else 0)
                for seat in (0, 1)]

    @property
    def last_text(self) -> str:
        """The last move in words, for the status panel: the move log's newest line."""
        return self.moves.newest()

    def on_rebuild(self) -> None:
        """Undo or a replay's step back rebuilt the state: every tile to its place at
        once, the last-move ring on the last move that is left."""
        self.tiles = self.tiles_told(self.seen_seat)
        self.sprites.settle()
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
        else:
            self.follow_viewer()

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
        # The sprite at each place a tile left goes with it, as the seat shown now saw
        # the step (told again up to it when another seat is shown since: the move
        # log has the step already, as the kit follows it before calling here).
        if self.tiles.viewer != self.seen_seat:
            self.tiles = self.tiles_told(self.seen_seat, but_last=True)
        self.sprites.hop(self.tiles.follow(seen_events(events, self.tiles.viewer)))
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
        layout, view = self.layout, self.seen.view
        seat = view.seat
        rects: dict[Hashable, pygame.Rect] = {"pile": layout.pile, "mastabas": layout.trays[seat],
                                              "new_site": layout.new_slot[seat]}
        for side, rect in layout.end_targets.get(seat, {}).items():
            rects[("end", side)] = rect
        if view.phase == DRAWN:
            rects["held"] = layout.held
        for index, tile in enumerate(self.tiles_of(seat).mastabas[seat]):
            if tile >= 0:
                rects[("mastaba", tile)] = layout.places[mastaba_key(seat, index)].rect()
        if self.pass_offered():
            rects[("button", "pass")] = PASS_BUTTON
        return rects

    def badge_spot(self, item: Hashable, size: tuple[int, int]) -> pygame.Rect | None:
        """Hiding's badge inside the player's mastabas, at the tray's free end."""
        if item == "mastabas":
            return tray_badge_spot(self.layout.trays[self.seen.view.seat], size)
        return None

    def callout_docks(self) -> dict[str, pygame.Rect]:
        """The status panel with the opponent's abandoned sites and new-site slot
        above it, whole: the middle band and the sites are full, and a callout
        floating over them hid the opponent's site or the "Abandoned sites" label.
        The seat panels still say whose move it is."""
        top = 1 - self.bottom_seat
        return {"status": STATUS_PANEL.union(self.layout.abandoned[top]).union(self.layout.new_slot[top])}

    def ring_spot(self, item: Hashable) -> pygame.Rect | None:
        """An end's slot: its drop target takes in the site's end tile too (a ring
        round that target overlapped the tile)."""
        if isinstance(item, tuple) and item[0] == "end":
            return self.layout.ends.get(self.seen.view.seat, {}).get(item[1])
        return None

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

    def key_of(self, source: Hashable | None) -> Key | None:
        """The place of the tile a source picks up (the drawn tile, a mastaba tile), if any."""
        if source == "held":
            return HELD
        if isinstance(source, tuple) and source[0] == "mastaba":
            seat = self.seen.view.seat
            return self.tiles_of(seat).key_of(seat, source[1])
        return None

    def frame(self) -> NecropolisFrame:
        """What the painter draws now."""
        view = self.seen.view
        names = (self.seat_name(0), self.seat_name(1))
        alpha = self.summary["alpha"]
        return NecropolisFrame(
            view=view, layout=self.layout, sprites=self.sprites.at, leaving=list(self.sprites.leaving.values()),
            dragged=self.key_of(self.dragged_source),
            faces_shown=(self.may_show(True, 0), self.may_show(True, 1)),
            every_face=self.may_show(True, -1), owner_note=not self.revealing and self.setup.record is None,
            bottom_seat=self.bottom_seat, names=names, kinds=(self.kind_label(0), self.kind_label(1)),
            scores=(self.shown_scores[0], self.shown_scores[1]), status=self.status_words(),
            last_text=self.last_text, headline=self.result_lines()[0] if alpha > 0.01 else "",
            pass_offered=self.pass_offered(), banner=(self.banner["text"], self.banner["alpha"]),
            summary=(alpha, self.summary["progress"], not (self.session.ended and self.app.scenes.top is not self)))

    def draw_table(self, surface: pygame.Surface) -> None:
        self.follow_viewer()  # (a change of seat shown since the last update: no number it may not see)
        app = self.app
        self.painter.draw(surface, self.frame(), Look(app.style, app.panels, app.tile_art))

    def status_words(self) -> tuple[str, str]:
        """The status panel's heading and note: whose turn, and what they do or may do."""
        view = self.seen.view
        seat = view.seat
        arrow = "\u25bc" if seat == self.bottom_seat else "\u25b2"
        if view.is_terminal:
            return "Game over", self.result_lines()[0] + "."
        if view.phase == 0:
            return "Shuffling the necropolis", "Chance chooses who opens."
        if self.waiting_for_human:
            return f"{arrow} {self.seat_name(seat)}: your move", self.instruction()
        heading = f"{arrow} {self.seat_name(seat)} \u00b7 {self.kind_label(seat)}"
        if view.phase == REVEAL_DRAW:  # a chance step: the tile drawn is being turned over
            return heading, "draws from the necropolis."
        if view.phase == DRAWN:  # (a view hides the tile held by another seat)
            return heading, "is deciding what to do with the drawn tile."
        if self.stopped_words():
            return heading, f"{self.stopped_words()}."
        return heading, "moves next." if self.setup.record is not None else "is thinking\u2026"

    def instruction(self) -> str:
        """What the human to move may do, in a sentence."""
        view = self.seen.view
        if not view.sites[view.seat]:
            return "Your opening is forced: draw a tile, then it founds grave site #1."
        if view.phase == DRAWN:  # (its name only once the seat's hand shows: not behind a pass screen)
            drew = NAME[view.held] if view.held >= 0 else "a tile"
            return (f"You drew {drew}. Put it on an end of your active site, in your mastabas (hide), "
                    "or on New site.")
        if not view.pile:
            return "The necropolis is empty: attach a mastaba tile to your site, or pass."
        if not view.mastabas[view.seat]:
            return "Draw a tile from the necropolis: your mastabas are empty."
        exchange = ", or onto the necropolis (exchange)" if view.rules.allow_exchange else ""
        return ("Draw from the necropolis, or move a mastaba tile to an end of your site (play) or to New site"
                f"{exchange}.")

    def draw_dragged(self, surface: pygame.Surface, source: Hashable, pos: tuple[int, int]) -> None:
        seat = self.seen.current_player
        tile = self.seen.view.held if source == "held" else source[1] if isinstance(source, tuple) and \
            source[0] == "mastaba" else -1
        key = self.key_of(source)
        sprite = self.sprites.at.get(key) if key is not None else None
        length = HELD_LENGTH if source == "held" else round(sprite.length) if sprite is not None else PILE_LENGTH
        horizontal = source == "pile"
        surface.blit(self.app.tile_art.shadow(length, horizontal=horizontal, lift=1.0),
                     self.app.tile_art.shadow(length, horizontal=horizontal, lift=1.0).get_rect(
                         center=(pos[0] + 6, pos[1] + 10)))
        self.draw_tile(surface, tile, pygame.Rect(pos[0], pos[1], 0, 0), length,
                       face_up=tile >= 0 and self.shows_hidden(seat), seat=seat, horizontal=horizontal)

    def last_move_rect(self) -> pygame.Rect | None:
        place = self.layout.places.get(self.tiles.marked) if self.tiles.marked is not None else None
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
        order = self.seen_tiles().mastabas[seat]  # (in their order of arrival; the end shows every one)
        names = ", ".join(NAME[t] if t >= 0 else "?" for t in order)
        tiles = f" ({names})" if 0 < len(order) <= 4 else f" in {len(order)} tiles" if order else ""
        times = f" x {penalty}" if penalty != 1 else ""
        total = pips + sites * penalty
        return f"{self.seat_name(seat)}: {plural(pips, 'pip')}{tiles} + {plural(sites, 'site')}{times} = {total}"

