"""The Build Up table's painter (dominoes_arcade/rules/buildup.md): the stacks, the hands and
the tiles in flight, each seat's name plate, its boneyard and tiles set aside,
the score sheet, the strips under the two lines, the status line and Pass button,
the news banner, the summary at the end of a hand, and a stack's history.

`BuildUpPainter` reads a `BuildUpTable`'s layout (`buildup_layout`) and state
and changes nothing; every tile goes through `tile_at` (the kit's `draw_tile`, so
the render log sees it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.buildup import HAND_SIZES, PASS, STACK_COUNT
from ...engine.tiles import PIPS
from .. import gfx
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..input import Device
from ..theme import BODY, HEADING, LARGE, SMALL, plural
from ..tile_art import shade
from ..verdict import hand_words
from .buildup_layout import (
    ASIDE_LENGTH,
    HISTORY_SIZES,
    LIFT,
    PASS_RECT,
    PILE_LENGTH,
    SHEET,
    SHEET_COLUMNS,
    SIDE_X,
    SIDE_Y,
    STACK_LENGTH,
    SUMMARY,
    SUMMARY_TILE,
    UNDER_SHOWN,
    UNDER_STEP,
    stack_name,
    stack_number,
)
from .sprites import Sprite

if TYPE_CHECKING:
    from .buildup import BuildUpTable, HandSummary

SET_GLYPHS = ("\u25cf", "\u25c6")
"""Each set's centre pin as the tiles draw it (round, diamond): a cue besides colour."""
SET_NAMES = {"classic": ("Ivory", "Red"), "colourblind": ("Cream", "Blue"), "midnight": ("Slate", "Sand")}
"""Each set's body colour by tile theme (`TileArt` themes), as the name plates say it."""


class BuildUpPainter:
    """Draws one `BuildUpTable` from its layout and state (reads them, never
    changes them); keeps the static layer it built and what for."""

    def __init__(self, table: BuildUpTable):
        self.table = table
        self.static: pygame.Surface | None = None
        self.static_key: tuple | None = None
        self.badges: list[tuple[tuple[int, int], int, int]] = []
        """This frame's height badges: (centre, owner of the top tile, height)."""

    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        """Name, set, hand size and whose turn it is (an arrow and words, not colour alone)."""
        table = self.table
        rect = table.layout.plate_rect(seat)
        palette = table.app.style.palette
        turn = table.seen.current_player == seat
        table.app.panels.draw(surface, rect, radius=14, alpha=230 if turn else 150)
        if turn:
            gfx.rect(surface, palette.accent, rect, 3, border_radius=14)
        self.tile_at(surface, -1, (rect.x + 24, rect.y + 39), 44, face_up=False, owner=seat)
        self.text_at(surface, f"Seat {seat + 1}", BODY, {"topleft": (rect.x + 46, rect.y + 6)},
                      palette.accent if turn else palette.text, True)
        news = "\u25b6 to move" if turn else f"{len(table.seen.view.hands[seat])} in hand"
        self.text_at(surface, news, SMALL - 1, {"topright": (rect.right - 12, rect.y + 10)},
                      palette.accent if turn else palette.text_dim, turn)
        self.text_at(surface, table.seat_label(seat), SMALL, {"topleft": (rect.x + 46, rect.y + 34)}, palette.text)
        names = SET_NAMES.get(table.app.tile_art.theme.name, ("First", "Second"))
        self.text_at(surface, f"{SET_GLYPHS[seat]} {names[seat]} set", SMALL - 2,
                      {"topleft": (rect.x + 46, rect.y + 55)}, palette.text_dim)


    def draw_side(self, surface: pygame.Surface, seat: int, arriving: list) -> None:
        """The seat's boneyard, a face-down pile with its count, and its tiles set aside."""
        table = self.table
        palette = table.app.style.palette
        top = SIDE_Y[table.layout.side(seat)]
        count = len(table.seen.view.boneyards[seat])
        x, y = table.layout.pile_centre(seat)
        for layer in range(min(count, 6)):
            self.tile_at(surface, -1, (x + layer * 3, y - layer * 4), PILE_LENGTH, face_up=False, owner=seat)
        if not count:
            gfx.rect(surface, palette.panel_border, pygame.Rect(x - 15, y - 30, 30, 60), 2, border_radius=6)
        self.text_at(surface, str(count), HEADING, {"topleft": (SIDE_X + 100, top + 44)}, palette.text, True)
        aside = table.seen.view.set_aside[seat]
        self.text_at(surface, f"Set aside: {len(aside)}", SMALL - 1, {"topleft": (SIDE_X + 2, top + 146)},
                      palette.text_dim, True)
        for index, tile in enumerate(aside):
            if ("aside", seat, tile) not in arriving:
                self.tile_at(surface, tile, table.layout.aside_centre(seat, index), ASIDE_LENGTH, owner=seat)


    def static_layer(self) -> pygame.Surface:
        """The felt, the lines' strips and names, the stacks' labels and the panels'
        backgrounds: built once per seating, theme and mode, then one blit a frame
        instead of a dozen blended panels."""
        table = self.table
        key = (table.bottom, table.app.style.theme, table.app.tile_art.theme.name, table.replay is None)
        if self.static_key != key:
            layer = Canvas.like(table.app.style.background(LOGICAL_SIZE))
            self.draw_lines(layer)
            dim = table.app.style.palette.text_dim
            for stack in range(STACK_COUNT):
                label = {"midtop": (table.layout.stack_rect(stack).centerx, table.layout.stack_rect(stack).bottom + 3)}
                self.text_at(layer, str(stack_number(stack)), SMALL - 2, label, dim)  # a player counts from 1
            self.draw_static(layer)
            self.static, self.static_key = layer, key
        return self.static


    def draw_static(self, layer: pygame.Surface) -> None:
        """What never changes during a game, drawn once on the table's static layer:
        the panels' backgrounds and their fixed labels."""
        table = self.table
        palette = table.app.style.palette
        table.app.panels.draw(layer, SHEET, radius=16)
        x = SHEET.x + 14
        self.text_at(layer, "Build Up", LARGE, {"topleft": (x, SHEET.y + 10)}, palette.text, True)
        self.text_at(layer, "Highest total wins", SMALL - 2, {"topleft": (x, SHEET.y + 74)}, palette.text_dim)
        for seat, right in enumerate(SHEET_COLUMNS):
            self.text_at(layer, f"{SET_GLYPHS[seat]} S{seat + 1}", SMALL, {"topright": (right, SHEET.y + 104)},
                          palette.text, True)
        y = SHEET.y + 104 + 4 * 30 + 34
        gfx.line(layer, palette.panel_border, (x, y - 4), (SHEET.right - 14, y - 4), 2)
        self.text_at(layer, "Total", BODY, {"topleft": (x, y + 2)}, palette.text, True)
        self.text_at(layer, "Placed" if table.seen.view.rules.played_this_hand else "On top now", SMALL - 1,
                      {"topleft": (x, y + 44)}, palette.text_dim)
        for seat in (0, 1):
            top = SIDE_Y[table.layout.side(seat)]
            table.app.panels.draw(layer, pygame.Rect(SIDE_X - 8, top - 4, 228, 324), radius=14, alpha=120)
            self.text_at(layer, f"{SET_GLYPHS[seat]} Seat {seat + 1}'s boneyard", SMALL - 1,
                          {"topleft": (SIDE_X + 2, top + 6)}, palette.text_dim, True)
            self.text_at(layer, "face down", SMALL - 1, {"topleft": (SIDE_X + 100, top + 92)}, palette.text_dim)
        table.app.panels.draw(layer, table.layout.history_rect(), radius=16, alpha=170)


    def draw_sheet(self, surface: pygame.Surface) -> None:
        """The score sheet: each hand's scores, the totals counting up, and what each
        colour would score if the hand ended now."""
        table = self.table
        state, palette = table.seen.view, table.app.style.palette
        x = SHEET.x + 14
        hand = "Game over" if state.is_terminal else f"Hand {state.hand_index + 1} of {len(HAND_SIZES)}"
        self.text_at(surface, hand, BODY, {"topleft": (x, SHEET.y + 46)}, palette.accent, True)
        y = SHEET.y + 104
        rows = [(f"Hand {i + 1}", state.hand_scores[i] if i < len(state.hand_scores) else None)
                for i in range(len(HAND_SIZES))]
        columns = SHEET_COLUMNS
        for label, scores in rows:
            y += 30
            current = label == f"Hand {state.hand_index + 1}" and not state.is_terminal
            self.text_at(surface, ("\u25b8 " if current else "  ") + label, SMALL, {"topleft": (x, y)},
                          palette.accent if current else palette.text_dim)
            for seat, right in enumerate(columns):
                text = "\u2013" if scores is None else str(scores[seat])
                self.text_at(surface, text, SMALL, {"topright": (right, y)}, palette.text)
        y += 34
        for seat, right in enumerate(columns):
            self.text_at(surface, str(round(table.shown_totals[seat])), BODY, {"topright": (right, y + 2)},
                          palette.accent, True)
        y += 44
        now = self.scoring_now()
        for seat, right in enumerate(columns):
            self.text_at(surface, str(now[seat]), SMALL, {"topright": (right, y)}, palette.text_dim)
        if state.first_seat >= 0:
            self.text_at(surface, f"Seat {state.first_seat + 1} started hand 1", SMALL - 3,
                          {"topleft": (x, y + 30)}, palette.text_dim)


    def draw_lines(self, surface: pygame.Surface) -> None:
        """A strip of felt under each line, edged in its owner's colour, and its name
        (on the static layer)."""
        table = self.table
        for seat in (0, 1):
            strip = table.layout.line_rect(seat)
            table.app.panels.draw(surface, strip, radius=16, alpha=70)
            gfx.line(surface, self.set_colour(seat), (strip.x + 16, strip.bottom - 4), (strip.right - 16,
                             strip.bottom - 4), 3)
            self.text_at(surface, f"{SET_GLYPHS[seat]} Seat {seat + 1}'s line", SMALL,
                          {"bottomleft": (strip.x + 10, strip.y - 1)}, table.app.style.palette.text_dim, True)


    def status_text(self) -> str:
        """What is happening, or what the human at the screen may do."""
        table = self.table
        state = table.seen.view
        if state.is_terminal:
            return "Game over"
        if table.stopped_words():
            return table.stopped_words()
        if table.summary is not None:
            return f"Hand {table.summary.hand} scored"
        seat = state.current_player
        if seat < 0:
            return "Dealing the lines" if state.phase == 0 else "Drawing tiles"
        if table.waiting_for_human:
            who = "Your move" if sum(table.session.is_human(s) for s in (0, 1)) == 1 else f"Seat {seat + 1}, your move"
            if table.legal == (PASS,):
                return f"{who}: no tile of yours fits any stack, so you pass"
            if table.app.input.last_device is Device.MOUSE:
                return f"{who}: drag a tile onto a lit stack, or click a tile then a stack"
            return f"{who}: pick a tile, then a lit stack"
        return f"{table.seat_title(seat)} is thinking\u2026"


    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line, and the Pass button when passing is the only move."""
        table = self.table
        palette = table.app.style.palette
        self.text_at(surface, self.status_text(), BODY - 2, {"center": (642, 606)},
                      palette.accent if table.waiting_for_human else palette.text)
        if table.waiting_for_human and table.legal == (PASS,):
            gfx.rect(surface, palette.button_focus, PASS_RECT, border_radius=12)
            gfx.rect(surface, palette.accent, PASS_RECT, 3, border_radius=12)
            self.text_at(surface, "Pass", LARGE, {"center": PASS_RECT.center}, palette.text, True)


    def scoring_now(self) -> list[int]:
        """What each seat would score if the hand ended now (before any penalty)."""
        table = self.table
        if table.seen.view.rules.played_this_hand:
            return list(table.seen.view.played_pips)
        now = [0, 0]
        for entries in table.seen.view.stacks:
            if entries:
                tile, owner = entries[-1]
                now[owner] += PIPS[tile]
        return now


    def draw_banner(self, surface: pygame.Surface) -> None:
        """The news (who starts a hand, who passes) under the status line, fading out;
        right of the replay controls in a replay."""
        table = self.table
        fade = min(1.0, table.banner[1] / 0.5)
        image = table.app.style.shadow_text(table.banner[0], BODY - 2, table.app.style.palette.text)
        box = image.get_rect(center=(642 if table.replay is None else 820, 642)).inflate(32, 10)
        table.app.panels.draw(surface, box, radius=12, alpha=round(235 * fade))
        gfx.blit_faded(surface, image, image.get_rect(center=box.center), round(255 * fade))


    def draw_summary(self, surface: pygame.Surface, summary: HandSummary) -> None:
        """Every hand revealed at the end of a hand: the tiles on top that scored, the
        tiles set aside, the hand's score and the total, counting up."""
        table = self.table
        palette = table.app.style.palette
        table.app.panels.draw(surface, SUMMARY, radius=20, alpha=250)
        names = [table.seat_name(seat) for seat in (0, 1)]
        headline = hand_words(summary.hand, len(HAND_SIZES), names, summary.scores, table.players_here())
        self.text_at(surface, headline, LARGE + 4,
                      {"midtop": (SUMMARY.centerx, SUMMARY.y + 14)}, palette.accent, True)
        played = table.seen.view.rules.played_this_hand
        rule = ("Each player scores the pips they placed this hand" if played else
                "Each colour scores the pips showing on top of the 12 stacks")
        self.text_at(surface, rule, SMALL, {"midtop": (SUMMARY.centerx, SUMMARY.y + 54)}, palette.text_dim)
        p = summary.progress
        penalty = table.seen.view.rules.unplayed_penalty
        for seat in (0, 1):
            x, y = SUMMARY.x + 28 + seat * 384, SUMMARY.y + 82
            self.text_at(surface, f"{SET_GLYPHS[seat]} {table.seat_title(seat)}", BODY, {"topleft": (x, y)},
                          palette.text, True)
            tops = summary.tops[seat]
            if not played:
                top_pips = sum(PIPS[t] for _, t in tops)
                self.text_at(surface, f"On top: {plural(len(tops), 'tile')}, {plural(top_pips, 'pip')}", SMALL,
                              {"topleft": (x, y + 32)}, palette.text_dim)
                for index, (_, tile) in enumerate(tops):
                    self.tile_at(surface, tile, (x + 12 + index * 28, y + 84), SUMMARY_TILE, owner=seat)
            aside = summary.aside[seat]
            aside_pips = sum(PIPS[t] for t in aside)
            note = f"Set aside: {plural(len(aside), 'tile')}"
            if penalty and aside:
                note += f", \u2212{plural(aside_pips, 'pip')}"
            self.text_at(surface, note, SMALL, {"topleft": (x, y + 116)}, palette.text_dim)
            for index, tile in enumerate(aside):
                self.tile_at(surface, tile, (x + 12 + index * 28, y + 168), SUMMARY_TILE, owner=seat)
            self.text_at(surface, f"Hand  {round(summary.scores[seat] * p):+d}", LARGE, {"topleft": (x, y + 200)},
                          palette.text, True)
            self.text_at(surface, f"Total  {round(table.shown_totals[seat])}", LARGE, {"topleft": (x + 180, y + 200)},
                          palette.accent, True)
        go_on = "Click to continue" if table.app.input.last_device is Device.MOUSE else "Press to continue"
        self.text_at(surface, go_on, SMALL - 1, {"midbottom": (SUMMARY.centerx,
                      SUMMARY.bottom - 10)},
                      palette.text_dim)

    def draw_history(self, surface: pygame.Surface, stack: int | None) -> None:
        """The history panel under the score sheet: every tile of `stack`, bottom first,
        in its owner's colour, as large as fits (the tallest stack possible, 45 tiles,
        fits too)."""
        table = self.table
        palette = table.app.style.palette
        panel = table.layout.history_rect()
        x = panel.x + 12
        if stack is None:
            self.text_at(surface, "Stack history", SMALL, {"topleft": (x, panel.y + 10)}, palette.text, True)
            for index, line in enumerate(("Point at a stack to list", "its tiles, bottom first.")):
                self.text_at(surface, line, SMALL - 3, {"topleft": (x, panel.y + 36 + index * 18)}, palette.text_dim)
            return
        entries = table.seen.view.stacks[stack]
        # (no count beside it: "Stack 12: 3 tiles" and "bottom first" do not fit the panel's width)
        self.text_at(surface, stack_name(stack).capitalize(), SMALL, {"topleft": (x, panel.y + 8)}, palette.text, True)
        self.text_at(surface, "bottom first", SMALL - 4, {"topright": (panel.right - 12, panel.y + 12)},
                      palette.text_dim)
        for columns, length in HISTORY_SIZES:
            if 36 + -(-len(entries) // columns) * (length // 2 + 3) <= panel.height:
                break
        for index, (tile, owner) in enumerate(entries):
            row, column = divmod(index, columns)
            where = (x + column * (length + 4), panel.y + 36 + row * (length // 2 + 3))
            table.draw_tile(surface, tile, where, length, face_up=True, seat=-1, horizontal=True, owner=owner)


    # -- the table: the stacks, the hands and the tiles in flight ------------------------------------


    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(self.static_layer(), (0, 0))
        arriving = [f.lands_on for f in table.flights if f.lands_on is not None]
        self.badges.clear()
        for stack in range(STACK_COUNT):
            self.draw_stack(surface, stack, arriving.count(("stack", stack)))
        for seat in (0, 1):
            self.draw_plate(surface, seat)
            self.draw_hand(surface, seat, arriving)
            self.draw_side(surface, seat, arriving)
        self.draw_sheet(surface)
        self.draw_status(surface)
        for flight in table.flights:
            self.draw_flight(surface, flight)
        self.draw_history(surface, table.history_stack())
        if table.banner[1] > 0 and table.summary is None:
            self.draw_banner(surface)
        if table.summary is not None:
            if not table.summary_folded:
                self.draw_summary(surface, table.summary)
        elif table.browsed is not None and table.app.input.last_device is not Device.MOUSE and not table.can_decide:
            gfx.rect(surface, (255, 255, 255), table.layout.stack_rect(table.browsed).inflate(14, 14), 3,
                             border_radius=10)


    def tile_at(self, surface, tile: int, centre, length: float, *, face_up: bool = True, seat: int = -1,
                owner: int | None = None) -> pygame.Rect:
        """The kit's `draw_tile`, centred on `centre`."""
        table = self.table
        return table.draw_tile(surface, tile, pygame.Rect(round(centre[0]), round(centre[1]), 0, 0), round(length),
                               face_up=face_up, seat=seat, owner=owner)


    def text_at(self, surface, text: str, size: int, where: dict, colour=None,
                bold: bool = False) -> pygame.Rect:
        table = self.table
        image = table.app.style.text(text, size, colour, bold)
        rect = image.get_rect(**where)
        surface.blit(image, rect)
        return rect


    def set_colour(self, seat: int) -> tuple[int, int, int]:
        """`seat`'s set colour for lines and rings: its tiles' body, lightened when it
        is too dark to show on the felt (the midnight theme)."""
        table = self.table
        body = table.app.tile_art.theme.bodies[seat]
        luma = 0.299 * body[0] + 0.587 * body[1] + 0.114 * body[2]
        return shade(body, 1.5) if luma < 55 else body


    def draw_stack(self, surface: pygame.Surface, stack: int, arriving: int) -> None:
        """The top tile upright in its owner's colour, up to `UNDER_SHOWN` tiles under
        it peeking out above; the badge with the height waits for `draw_badges`."""
        table = self.table
        entries = table.seen.view.stacks[stack]
        if arriving:
            entries = entries[:len(entries) - arriving]
        x, y = table.layout.stack_centre(stack)
        palette = table.app.style.palette
        if not entries:
            gfx.rect(surface, palette.panel_border, table.layout.stack_rect(stack), 2, border_radius=8)
            return
        under = entries[-1 - UNDER_SHOWN:-1]
        for depth, (tile, owner) in enumerate(under):
            self.tile_at(surface, tile, (x, y - (len(under) - depth) * UNDER_STEP), STACK_LENGTH, owner=owner)
        tile, owner = entries[-1]
        self.tile_at(surface, tile, (x, y), STACK_LENGTH, owner=owner)
        if len(entries) > 1:
            badge = (x + STACK_LENGTH // 4 + 4, y - STACK_LENGTH // 2 - len(under) * UNDER_STEP + 4)
            self.badges.append((badge, owner, len(entries)))

    def draw_badges(self, surface: pygame.Surface) -> None:
        """The stacks' height badges, drawn after the marks: a ring around a stack
        (the last move, a target, the focus) would otherwise cross its badge. None
        while a hand's summary covers the stacks."""
        if self.table.summary is not None:
            return
        for badge, owner, height in self.badges:
            gfx.circle(surface, (16, 20, 18), badge, 13)
            gfx.circle(surface, self.set_colour(owner), badge, 13, 2)
            self.text_at(surface, str(height), SMALL - 3, {"center": badge}, bold=True)


    def draw_hand(self, surface: pygame.Surface, seat: int, arriving: list) -> None:
        """`seat`'s hand as `hand_faces` allows, less the tiles still flying in (and
        an empty slot for one being dragged). A first-player draw is public (both
        players saw it); any other face is the seat's secret."""
        table = self.table
        faces = table.hand_faces(seat)
        backs = faces.count(-1)
        backs_arriving = sum(1 for f in table.flights if f.tile < 0 and f.lands_on[:2] == ("hand", seat))
        layout = table.layout
        length = layout.hand_length(seat)
        public = table.seen.view.shown[seat]
        reflow = table.reflow[seat]
        for index, tile in enumerate(faces):
            if (tile >= 0 and ("hand", seat, tile) in arriving) or (tile < 0 and index >= backs - backs_arriving):
                continue
            x, y = layout.hand_centre(seat, index, len(faces))
            x += reflow["shifts"].get(index, 0.0) * reflow["t"]
            if tile >= 0 and table.dragged_source == ("hand", tile):
                slot = layout.hand_rect(seat, index, len(faces))
                gfx.rect(surface, table.app.style.palette.panel_border, slot, 2, border_radius=8)
                continue
            if tile >= 0 and table.selected_source == ("hand", tile):
                y -= LIFT
            secret = tile < 0 or not public >> tile & 1
            self.tile_at(surface, tile, (x, y), length, face_up=tile >= 0, seat=seat if secret else -1, owner=seat)


    def draw_flight(self, surface: pygame.Surface, flight: Sprite) -> None:
        """The tile drawn at its landing size (one cached image), scaled to its size
        now and squeezed sideways while it turns over."""
        table = self.table
        landed = round(flight.length)
        length = max(8, round(flight.length * flight.zoom))
        centre = (round(flight.x), round(flight.y))
        shadow = table.app.tile_art.shadow(landed, lift=0.8)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 6, centre[1] + 10)))
        face_up, squash = flight.shows_face(), flight.squash
        if squash > 0.97 and length == landed:
            self.tile_at(surface, flight.tile, centre, length, face_up=face_up, seat=flight.seat, owner=flight.owner)
            return
        flat = pygame.Surface((landed // 2, landed), pygame.SRCALPHA)
        table.draw_tile(flat, flight.tile, (0, 0), landed, face_up=face_up, seat=flight.seat, owner=flight.owner)
        scaled = pygame.transform.scale(flat, (max(1, round(length / 2 * squash)), length))
        surface.blit(scaled, scaled.get_rect(center=centre))


    def draw_dragged(self, surface: pygame.Surface, source, pos) -> None:
        """A hand tile under the pointer, lifted (its shadow below it)."""
        table = self.table
        if isinstance(source, tuple) and source[0] == "hand":
            seat = table.seen.current_player
            length = table.layout.hand_length(table.bottom)
            shadow = table.app.tile_art.shadow(length, lift=1.0)
            surface.blit(shadow, shadow.get_rect(center=(pos[0] + 8, pos[1] + 12)))
            self.tile_at(surface, source[1], pos, length, seat=seat, owner=seat)
