"""The Build Up table's painter (dominoes_arcade/rules/buildup.md): the stacks, the hands and
the tiles in flight, each seat's name plate, its boneyard and tiles set aside,
the score sheet, the strips under the two lines, the status line and Pass button,
the news banner, the summary at the end of a hand, and a stack's history.

`BuildUpPainter` draws a `BuildUpFrame` (`buildup_frame`: the observation, the
layout of `buildup_layout`, the tiles in flight and the flags its words read) and
changes nothing; it is handed all it draws, and never reads the table. Every tile
goes through `tile_at`, the `draw_tile` it was given (the kit's, so the render log
sees it).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.buildup import HAND_SIZES, STACK_COUNT
from ...engine.tiles import PIPS
from .. import gfx
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..input import Device
from ..theme import BODY, HEADING, LARGE, SMALL, plural
from ..tile_art import shade
from ..verdict import hand_words
from .buildup_frame import BuildUpFrame, HandSummary
from .buildup_layout import (
    ASIDE_LENGTH,
    HISTORY_SIZES,
    LIFT,
    NEWS_Y,
    PASS_RECT,
    PILE_LENGTH,
    SHEET,
    SHEET_COLUMNS,
    SIDE_PANELS,
    SIDE_X,
    SIDE_Y,
    STACK_LENGTH,
    STACK_NUMBER_DROP,
    STATUS_Y,
    SUMMARY,
    SUMMARY_TILE,
    UNDER_SHOWN,
    UNDER_STEP,
    stack_name,
    stack_number,
)
from .sprites import Sprite

SET_GLYPHS = ("\u25cf", "\u25c6")
"""Each set's centre pin as the tiles draw it (round, diamond): a cue besides colour."""
SET_NAMES = {"classic": ("Ivory", "Red"), "colourblind": ("Cream", "Blue"), "midnight": ("Slate", "Sand")}
"""Each set's body colour by tile theme (`TileArt` themes), as the name plates say it."""


class BuildUpPainter:
    """Draws the Build Up table's frames with `app`'s style, panels, tile art and
    input device, every tile through `draw_tile` (the kit's, which logs it); keeps
    the static layer it built and what for."""

    def __init__(self, app, draw_tile: Callable[..., pygame.Rect]):
        self.app = app
        self.draw_tile = draw_tile
        self.frame: BuildUpFrame | None = None
        """The frame last drawn (what `status_text` speaks of when given none)."""
        self.static: pygame.Surface | None = None
        self.static_key: tuple | None = None
        self.badges: list[tuple[tuple[int, int], int, int]] = []
        """This frame's height badges: (centre, owner of the top tile, height); none
        while a hand's summary covers the stacks."""

    def draw_plate(self, surface: pygame.Surface, frame: BuildUpFrame, seat: int) -> None:
        """Name, set, hand size and whose turn it is (an arrow and words, not colour alone)."""
        rect = frame.layout.plate_rect(seat)
        palette = self.app.style.palette
        turn = frame.seen.current_player == seat
        self.app.panels.draw(surface, rect, radius=14, alpha=230 if turn else 150)
        if turn:
            gfx.rect(surface, palette.accent, rect, 3, border_radius=14)
        self.tile_at(surface, -1, (rect.x + 24, rect.y + 39), 44, face_up=False, owner=seat)
        self.text_at(surface, f"Seat {seat + 1}", BODY, {"topleft": (rect.x + 46, rect.y + 6)},
                      palette.accent if turn else palette.text, True)
        news = "\u25b6 to move" if turn else f"{len(frame.seen.view.hands[seat])} in hand"
        self.text_at(surface, news, SMALL - 1, {"topright": (rect.right - 12, rect.y + 10)},
                      palette.accent if turn else palette.text_dim, turn)
        self.text_at(surface, frame.seat_labels[seat], SMALL, {"topleft": (rect.x + 46, rect.y + 34)}, palette.text)
        names = SET_NAMES.get(self.app.tile_art.theme.name, ("First", "Second"))
        self.text_at(surface, f"{SET_GLYPHS[seat]} {names[seat]} set", SMALL - 2,
                      {"topleft": (rect.x + 46, rect.y + 55)}, palette.text_dim)


    def draw_side(self, surface: pygame.Surface, frame: BuildUpFrame, seat: int, arriving: list) -> None:
        """The seat's boneyard, a face-down pile with its count, and its tiles set aside."""
        palette = self.app.style.palette
        top = SIDE_Y[frame.layout.side(seat)]
        count = len(frame.seen.view.boneyards[seat])
        x, y = frame.layout.pile_centre(seat)
        for layer in range(min(count, 6)):
            self.tile_at(surface, -1, (x + layer * 3, y - layer * 4), PILE_LENGTH, face_up=False, owner=seat)
        if not count:
            gfx.rect(surface, palette.panel_border, pygame.Rect(x - 15, y - 30, 30, 60), 2, border_radius=6)
        self.text_at(surface, str(count), HEADING, {"topleft": (SIDE_X + 100, top + 44)}, palette.text, True)
        aside = frame.seen.view.set_aside[seat]
        self.text_at(surface, f"Set aside: {len(aside)}", SMALL - 1, {"topleft": (SIDE_X + 2, top + 146)},
                      palette.text_dim, True)
        for index, tile in enumerate(aside):
            if ("aside", seat, tile) not in arriving:
                self.tile_at(surface, tile, frame.layout.aside_centre(seat, index), ASIDE_LENGTH, owner=seat)


    def static_layer(self, frame: BuildUpFrame) -> pygame.Surface:
        """The felt, the lines' strips and names, the stacks' labels and the panels'
        backgrounds: built once per seating, theme and mode, then one blit a frame
        instead of a dozen blended panels."""
        key = (frame.layout.bottom, self.app.style.theme, self.app.tile_art.theme.name, not frame.layout.replay)
        if self.static_key != key:
            layer = Canvas.like(self.app.style.background(LOGICAL_SIZE))
            self.draw_lines(layer, frame)
            dim = self.app.style.palette.text_dim
            for stack in range(STACK_COUNT):
                tile = frame.layout.stack_rect(stack)
                label = {"midtop": (tile.centerx, tile.bottom + STACK_NUMBER_DROP)}
                self.text_at(layer, str(stack_number(stack)), SMALL - 2, label, dim)  # a player counts from 1
            self.draw_static(layer, frame)
            self.static, self.static_key = layer, key
        return self.static


    def draw_static(self, layer: pygame.Surface, frame: BuildUpFrame) -> None:
        """What never changes during a game, drawn once on the table's static layer:
        the panels' backgrounds and their fixed labels."""
        palette = self.app.style.palette
        self.app.panels.draw(layer, SHEET, radius=16)
        x = SHEET.x + 14
        self.text_at(layer, "Build Up", LARGE, {"topleft": (x, SHEET.y + 10)}, palette.text, True)
        self.text_at(layer, "Highest total wins", SMALL - 2, {"topleft": (x, SHEET.y + 74)}, palette.text_dim)
        for seat, right in enumerate(SHEET_COLUMNS):
            self.text_at(layer, f"{SET_GLYPHS[seat]} S{seat + 1}", SMALL, {"topright": (right, SHEET.y + 104)},
                          palette.text, True)
        y = SHEET.y + 104 + 4 * 30 + 34
        gfx.line(layer, palette.panel_border, (x, y - 4), (SHEET.right - 14, y - 4), 2)
        self.text_at(layer, "Total", BODY, {"topleft": (x, y + 2)}, palette.text, True)
        self.text_at(layer, "Placed" if frame.seen.view.rules.played_this_hand else "On top now", SMALL - 1,
                      {"topleft": (x, y + 44)}, palette.text_dim)
        for seat in (0, 1):
            top = SIDE_Y[frame.layout.side(seat)]
            self.app.panels.draw(layer, SIDE_PANELS[frame.layout.side(seat)], radius=14, alpha=120)
            self.text_at(layer, f"{SET_GLYPHS[seat]} Seat {seat + 1}'s boneyard", SMALL - 1,
                          {"topleft": (SIDE_X + 2, top + 6)}, palette.text_dim, True)
            self.text_at(layer, "face down", SMALL - 1, {"topleft": (SIDE_X + 100, top + 92)}, palette.text_dim)
        self.app.panels.draw(layer, frame.layout.history_rect(), radius=16, alpha=170)


    def draw_sheet(self, surface: pygame.Surface, frame: BuildUpFrame) -> None:
        """The score sheet: each hand's scores, the totals counting up, and what each
        colour would score if the hand ended now."""
        state, palette = frame.seen.view, self.app.style.palette
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
            self.text_at(surface, str(round(frame.shown_totals[seat])), BODY, {"topright": (right, y + 2)},
                          palette.accent, True)
        y += 44
        now = self.scoring_now(frame)
        for seat, right in enumerate(columns):
            self.text_at(surface, str(now[seat]), SMALL, {"topright": (right, y)}, palette.text_dim)
        if state.first_seat >= 0:
            self.text_at(surface, f"Seat {state.first_seat + 1} started hand 1", SMALL - 3,
                          {"topleft": (x, y + 30)}, palette.text_dim)


    def draw_lines(self, surface: pygame.Surface, frame: BuildUpFrame) -> None:
        """A strip of felt under each line, edged in its owner's colour, and its name
        (on the static layer)."""
        for seat in (0, 1):
            strip = frame.layout.line_rect(seat)
            self.app.panels.draw(surface, strip, radius=16, alpha=70)
            gfx.line(surface, self.set_colour(seat), (strip.x + 16, strip.bottom - 4), (strip.right - 16,
                             strip.bottom - 4), 3)
            self.text_at(surface, f"{SET_GLYPHS[seat]} Seat {seat + 1}'s line", SMALL,
                          {"bottomleft": (strip.x + 10, strip.y - 1)}, self.app.style.palette.text_dim, True)


    def status_text(self, frame: BuildUpFrame | None = None) -> str:
        """What is happening, or what the human at the screen may do, in `frame` (by
        default the frame last drawn; the device is the one in use now)."""
        frame = frame or self.frame
        state = frame.seen.view
        if state.is_terminal:
            return "Game over"
        if frame.stopped_words:
            return frame.stopped_words
        if frame.summary is not None:
            return f"Hand {frame.summary.hand} scored"
        seat = state.current_player
        if seat < 0:
            return "Dealing the lines" if state.phase == 0 else "Drawing tiles"
        if frame.waiting_for_human:
            who = "Your move" if frame.humans_here == 1 else f"Seat {seat + 1}, your move"
            if frame.only_pass:
                return f"{who}: no tile of yours fits any stack, so you pass"
            if self.app.input.last_device is Device.MOUSE:
                return f"{who}: drag a tile onto a lit stack, or click a tile then a stack"
            return f"{who}: pick a tile, then a lit stack"
        if frame.layout.replay:  # a record's move is not thought about (paused, or under a review)
            return f"{frame.seat_titles[seat]} to move"
        return f"{frame.seat_titles[seat]} is thinking\u2026"


    def draw_status(self, surface: pygame.Surface, frame: BuildUpFrame) -> None:
        """The status line, and the Pass button when passing is the only move."""
        palette = self.app.style.palette
        self.text_at(surface, self.status_text(frame), BODY - 2, {"center": (642, STATUS_Y)},
                      palette.accent if frame.waiting_for_human else palette.text)
        if frame.waiting_for_human and frame.only_pass:
            gfx.rect(surface, palette.button_focus, PASS_RECT, border_radius=12)
            gfx.rect(surface, palette.accent, PASS_RECT, 3, border_radius=12)
            self.text_at(surface, "Pass", LARGE, {"center": PASS_RECT.center}, palette.text, True)


    def scoring_now(self, frame: BuildUpFrame) -> list[int]:
        """What each seat would score if the hand ended now (before any penalty)."""
        if frame.seen.view.rules.played_this_hand:
            return list(frame.seen.view.played_pips)
        now = [0, 0]
        for entries in frame.seen.view.stacks:
            if entries:
                tile, owner = entries[-1]
                now[owner] += PIPS[tile]
        return now


    def draw_banner(self, surface: pygame.Surface, frame: BuildUpFrame) -> None:
        """The news (who starts a hand, who passes) under the status line, fading out;
        right of the replay controls in a replay."""
        fade = min(1.0, frame.banner[1] / 0.5)
        image = self.app.style.shadow_text(frame.banner[0], BODY - 2, self.app.style.palette.text)
        box = image.get_rect(center=(642 if not frame.layout.replay else 820, NEWS_Y)).inflate(32, 10)
        self.app.panels.draw(surface, box, radius=12, alpha=round(235 * fade))
        gfx.blit_faded(surface, image, image.get_rect(center=box.center), round(255 * fade))


    def draw_summary(self, surface: pygame.Surface, frame: BuildUpFrame, summary: HandSummary) -> None:
        """Every hand revealed at the end of a hand: the tiles on top that scored, the
        tiles set aside, the hand's score and the total, counting up."""
        palette = self.app.style.palette
        self.app.panels.draw(surface, SUMMARY, radius=20, alpha=250)
        names = list(frame.seat_names)
        headline = hand_words(summary.hand, len(HAND_SIZES), names, summary.scores, frame.players_here)
        self.text_at(surface, headline, LARGE + 4,
                      {"midtop": (SUMMARY.centerx, SUMMARY.y + 14)}, palette.accent, True)
        played = frame.seen.view.rules.played_this_hand
        rule = ("Each player scores the pips they placed this hand" if played else
                "Each colour scores the pips showing on top of the 12 stacks")
        self.text_at(surface, rule, SMALL, {"midtop": (SUMMARY.centerx, SUMMARY.y + 54)}, palette.text_dim)
        p = summary.progress
        penalty = frame.seen.view.rules.unplayed_penalty
        for seat in (0, 1):
            x, y = SUMMARY.x + 28 + seat * 384, SUMMARY.y + 82
            self.text_at(surface, f"{SET_GLYPHS[seat]} {frame.seat_titles[seat]}", BODY, {"topleft": (x, y)},
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
            self.text_at(surface, f"Total  {round(frame.shown_totals[seat])}", LARGE, {"topleft": (x + 180, y + 200)},
                          palette.accent, True)
        go_on = "Click to continue" if self.app.input.last_device is Device.MOUSE else "Press to continue"
        self.text_at(surface, go_on, SMALL - 1, {"midbottom": (SUMMARY.centerx,
                      SUMMARY.bottom - 10)},
                      palette.text_dim)

    def draw_history(self, surface: pygame.Surface, frame: BuildUpFrame, stack: int | None) -> None:
        """The history panel under the score sheet: every tile of `stack`, bottom first,
        in its owner's colour, as large as fits (the tallest stack possible, 45 tiles,
        fits too)."""
        palette = self.app.style.palette
        panel = frame.layout.history_rect()
        x = panel.x + 12
        if stack is None:
            self.text_at(surface, "Stack history", SMALL, {"topleft": (x, panel.y + 10)}, palette.text, True)
            for index, line in enumerate(("Point at a stack to list", "its tiles, bottom first.")):
                self.text_at(surface, line, SMALL - 3, {"topleft": (x, panel.y + 36 + index * 18)}, palette.text_dim)
            return
        entries = frame.seen.view.stacks[stack]
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
            self.draw_tile(surface, tile, where, length, face_up=True, seat=-1, horizontal=True, owner=owner)


    # -- the table: the stacks, the hands and the tiles in flight ------------------------------------


    def draw(self, surface: pygame.Surface, frame: BuildUpFrame) -> None:
        self.frame = frame
        surface.blit(self.static_layer(frame), (0, 0))
        arriving = [f.lands_on for f in frame.flights if f.lands_on is not None]
        self.badges.clear()
        for stack in range(STACK_COUNT):
            self.draw_stack(surface, frame, stack, arriving.count(("stack", stack)))
        if frame.summary is not None:
            self.badges.clear()  # the summary covers the stacks
        for seat in (0, 1):
            self.draw_plate(surface, frame, seat)
            self.draw_hand(surface, frame, seat, arriving)
            self.draw_side(surface, frame, seat, arriving)
        self.draw_sheet(surface, frame)
        self.draw_status(surface, frame)
        for flight in frame.flights:
            self.draw_flight(surface, flight)
        self.draw_history(surface, frame, frame.history_stack)
        if frame.banner[1] > 0 and frame.summary is None:
            self.draw_banner(surface, frame)
        if frame.summary is not None:
            if not frame.summary_folded:
                self.draw_summary(surface, frame, frame.summary)
        elif frame.browsed is not None and self.app.input.last_device is not Device.MOUSE and not frame.can_decide:
            gfx.rect(surface, (255, 255, 255), frame.layout.stack_rect(frame.browsed).inflate(14, 14), 3,
                             border_radius=10)


    def tile_at(self, surface, tile: int, centre, length: float, *, face_up: bool = True, seat: int = -1,
                owner: int | None = None) -> pygame.Rect:
        """The kit's `draw_tile`, centred on `centre`."""
        return self.draw_tile(surface, tile, pygame.Rect(round(centre[0]), round(centre[1]), 0, 0), round(length),
                               face_up=face_up, seat=seat, owner=owner)


    def text_at(self, surface, text: str, size: int, where: dict, colour=None,
                bold: bool = False) -> pygame.Rect:
        image = self.app.style.text(text, size, colour, bold)
        rect = image.get_rect(**where)
        surface.blit(image, rect)
        return rect


    def set_colour(self, seat: int) -> tuple[int, int, int]:
        """`seat`'s set colour for lines and rings: its tiles' body, lightened when it
        is too dark to show on the felt (the midnight theme)."""
        body = self.app.tile_art.theme.bodies[seat]
        luma = 0.299 * body[0] + 0.587 * body[1] + 0.114 * body[2]
        return shade(body, 1.5) if luma < 55 else body


    def draw_stack(self, surface: pygame.Surface, frame: BuildUpFrame, stack: int, arriving: int) -> None:
        """The top tile upright in its owner's colour, up to `UNDER_SHOWN` tiles under
        it peeking out above; the badge with the height waits for `draw_badges`."""
        entries = frame.seen.view.stacks[stack]
        if arriving:
            entries = entries[:len(entries) - arriving]
        x, y = frame.layout.stack_centre(stack)
        palette = self.app.style.palette
        if not entries:
            gfx.rect(surface, palette.panel_border, frame.layout.stack_rect(stack), 2, border_radius=8)
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
        for badge, owner, height in self.badges:
            gfx.circle(surface, (16, 20, 18), badge, 13)
            gfx.circle(surface, self.set_colour(owner), badge, 13, 2)
            self.text_at(surface, str(height), SMALL - 3, {"center": badge}, bold=True)


    def draw_hand(self, surface: pygame.Surface, frame: BuildUpFrame, seat: int, arriving: list) -> None:
        """`seat`'s hand as `hand_faces` allows, less the tiles still flying in (and
        an empty slot for one being dragged). A first-player draw is public (both
        players saw it); any other face is the seat's secret."""
        faces = frame.faces[seat]
        backs = faces.count(-1)
        backs_arriving = sum(1 for f in frame.flights if f.tile < 0 and f.lands_on[:2] == ("hand", seat))
        layout = frame.layout
        length = layout.hand_length(seat)
        public = frame.seen.view.shown[seat]
        reflow = frame.reflow[seat]
        for index, tile in enumerate(faces):
            if (tile >= 0 and ("hand", seat, tile) in arriving) or (tile < 0 and index >= backs - backs_arriving):
                continue
            x, y = layout.hand_centre(seat, index, len(faces))
            x += reflow["shifts"].get(index, 0.0) * reflow["t"]
            if tile >= 0 and frame.dragged_source == ("hand", tile):
                slot = layout.hand_rect(seat, index, len(faces))
                gfx.rect(surface, self.app.style.palette.panel_border, slot, 2, border_radius=8)
                continue
            if tile >= 0 and frame.selected_source == ("hand", tile):
                y -= LIFT
            secret = tile < 0 or not public >> tile & 1
            self.tile_at(surface, tile, (x, y), length, face_up=tile >= 0, seat=seat if secret else -1, owner=seat)


    def draw_flight(self, surface: pygame.Surface, flight: Sprite) -> None:
        """The tile drawn at its landing size (one cached image), scaled to its size
        now and squeezed sideways while it turns over."""
        landed = round(flight.length)
        length = max(8, round(flight.length * flight.zoom))
        centre = (round(flight.x), round(flight.y))
        shadow = self.app.tile_art.shadow(landed, lift=0.8)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 6, centre[1] + 10)))
        face_up, squash = flight.shows_face(), flight.squash
        if squash > 0.97 and length == landed:
            self.tile_at(surface, flight.tile, centre, length, face_up=face_up, seat=flight.seat, owner=flight.owner)
            return
        flat = pygame.Surface((landed // 2, landed), pygame.SRCALPHA)
        self.draw_tile(flat, flight.tile, (0, 0), landed, face_up=face_up, seat=flight.seat, owner=flight.owner)
        scaled = pygame.transform.scale(flat, (max(1, round(length / 2 * squash)), length))
        surface.blit(scaled, scaled.get_rect(center=centre))


    def draw_dragged(self, surface: pygame.Surface, frame: BuildUpFrame, source, pos) -> None:
        """A hand tile under the pointer, lifted (its shadow below it)."""
        if isinstance(source, tuple) and source[0] == "hand":
            seat = frame.seen.current_player
            length = frame.layout.hand_length(frame.layout.bottom)
            shadow = self.app.tile_art.shadow(length, lift=1.0)
            surface.blit(shadow, shadow.get_rect(center=(pos[0] + 8, pos[1] + 12)))
            self.tile_at(surface, source[1], pos, length, seat=seat, owner=seat)
