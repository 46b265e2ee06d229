"""The Necropolis table's painter (`NecropolisPainter`): the felt and zone
panels (cached once as a static layer), the seat panels with the running scores,
the end and new-site slots, the necropolis pile with its count, the tiles (every
one through the `draw_tile` it is given, face up only where the frame allows), the
turn and last-move text, and the final reveal.

It draws one `NecropolisFrame`: what the table shows now, handed over whole (the
observation's view, the layout, the sprites, the words and the few flags), so the
painter knows nothing of the table, its session or its state.

Colour is never the only cue: the seat to move has a gold frame *and* a "To move"
marker, the status line names the seat with an arrow towards its side, and the
abandoned sites are dimmed *and* shrunk under their own heading.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import pygame

from ...engine.necropolis import DRAWN, NecropolisState
from ...engine.tiles import PIPS
from .. import gfx
from ..app import LOGICAL_SIZE
from ..canvas import Canvas
from ..layout_check import note as note_mark
from ..theme import BODY, HEADING, LARGE, SMALL, PanelCache, Style, fitted, plural
from ..tile_art import TileArt
from .necropolis_layout import MIDDLE_BAND, PILE_CENTRE, PILE_LENGTH, TableLayout
from .necropolis_pieces import Key
from .sprites import Sprite, squashed

STATUS_PANEL = pygame.Rect(16, 250, 500, 168)
RULES_PANEL = pygame.Rect(948, 250, 316, 168)
LABEL_GAP = 18
"""The least room between two labels side by side (the pile's count, the drawn tile's)."""
PASS_BUTTON = pygame.Rect(RULES_PANEL.centerx - 80, RULES_PANEL.bottom - 66, 160, 52)

DrawTile = Callable[..., pygame.Rect]
"""The table kit's `draw_tile` (it logs every tile drawn, for the face check)."""


@dataclass(frozen=True)
class Look:
    """What the app draws with: its style (theme, palette, text), its panels and its tile art."""

    style: Style
    panels: PanelCache
    art: TileArt


@dataclass(frozen=True)
class NecropolisFrame:
    """What the Necropolis table shows in one frame."""

    view: NecropolisState
    """The observation's view: hidden tiles are -1."""
    layout: TableLayout
    sprites: Mapping[Key, Sprite]
    """The tiles at their places (by `necropolis_pieces` key), where they are drawn now."""
    leaving: Iterable[Sprite]
    """Tiles sliding back into the necropolis (an exchange)."""
    dragged: Key | None
    """The place of the tile in the player's hand: drawn as an empty slot."""
    faces_shown: tuple[bool, bool]
    """Whether each seat's private tiles (mastabas, the drawn tile) may be drawn face up."""
    every_face: bool
    """Every tile may show its face (a replay, the final reveal): a tile going back
    into the necropolis too."""
    owner_note: bool
    """The mastabas of a seat whose faces show say "only you see" (not in a replay or the final reveal)."""
    bottom_seat: int
    names: tuple[str, str]
    kinds: tuple[str, str]
    """Each seat's player, in words ("Human", "Bot: medium")."""
    scores: tuple[float, float]
    """Each seat's running score as shown now (counting towards its value)."""
    status: tuple[str, str]
    """The status panel's heading and note."""
    last_text: str
    """The last move in words ("" before the first)."""
    headline: str
    """The result in one line, at the end ("" before)."""
    pass_offered: bool
    banner: tuple[str, float]
    """A short notice and its opacity."""
    summary: tuple[float, float, bool]
    """The final reveal's opacity and progress, and whether it is drawn (not under the game-over screen)."""


class NecropolisPainter:
    """Draws `NecropolisFrame`s through `draw_tile` (reads them, never changes them);
    keeps its own cache of slots, overlays and the static layer."""

    def __init__(self, draw_tile: DrawTile):
        self.draw_tile = draw_tile
        self._dim: dict[tuple[int, int], pygame.Surface] = {}
        self._slots: dict[tuple, pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look) -> None:
        surface.blit(self.static_layer(frame, look), (0, 0))
        layout = frame.layout
        for seat in (0, 1):
            self.draw_seat_panel(surface, frame, look, seat)
            self.draw_zones(surface, frame, look, seat)
        self.draw_pile(surface, frame, look)
        moving = []
        for key, sprite in frame.sprites.items():
            place = layout.places[key]
            if key == frame.dragged:  # in the hand of the player: its place shows as an empty slot
                surface.blit(self.slot(look, place.rect().size, "", True), place.rect())
            elif sprite.lift > 0.01 or sprite.turning:
                moving.append((sprite, place))
            else:
                self.draw_sprite(surface, frame, look, sprite, place.private, place.seat, place.zone == "abandoned")
        alpha, _progress, summary_drawn = frame.summary
        if alpha < 0.5:
            self.draw_status(surface, frame, look)
        for sprite, place in moving:
            self.draw_sprite(surface, frame, look, sprite, place.private, place.seat, place.zone == "abandoned")
        for sprite in frame.leaving:
            self.draw_sprite(surface, frame, look, sprite, True, -1, False)
        if frame.pass_offered:
            self.draw_button(surface, look, PASS_BUTTON, "Pass")
        if frame.banner[1] > 0.01:
            self.draw_banner(surface, frame, look)
        if alpha > 0.01 and summary_drawn:
            self.draw_summary(surface, frame, look)

    @staticmethod
    def face_shown(frame: NecropolisFrame, private: bool, seat: int) -> bool:
        """Whether a tile of `seat`'s (private: their mastabas or drawn tile) may show its face."""
        return not private or frame.every_face or (0 <= seat < len(frame.faces_shown) and frame.faces_shown[seat])

    def static_layer(self, frame: NecropolisFrame, look: Look) -> pygame.Surface:
        """The felt, the zone panels and their fixed labels: built once per theme."""
        key = ("static", look.style.theme, frame.bottom_seat)
        layer = self._slots.get(key)
        if layer is None:
            style, layout, panels = look.style, frame.layout, look.panels
            layer = Canvas.like(style.background(LOGICAL_SIZE))
            for seat in (0, 1):
                panels.draw(layer, layout.trays[seat], radius=14, alpha=120)
                panels.draw(layer, layout.abandoned[seat], radius=14, alpha=90)
                panels.draw(layer, layout.panels[seat], radius=16)
                title = style.text("Mastabas", SMALL, style.palette.text, bold=True)
                layer.blit(title, (layout.trays[seat].x + 14, layout.trays[seat].y + 12))
                title = style.text("Abandoned sites", SMALL, style.palette.text_dim, bold=True)
                layer.blit(title, (layout.abandoned[seat].x + 12, layout.abandoned[seat].y + 6))
            panels.draw(layer, STATUS_PANEL, radius=16, alpha=150)
            panels.draw(layer, RULES_PANEL, radius=16, alpha=110)
            x, y = RULES_PANEL.x + 18, RULES_PANEL.y + 12
            layer.blit(style.text("Lowest score wins", BODY, style.palette.accent, bold=True), (x, y))
            penalty = frame.view.rules.site_penalty
            legend = f"Score: pips in your mastabas + {penalty} per grave site started. Grave sites score nothing."
            for i, line in enumerate(style.wrap(legend, RULES_PANEL.width - 36, SMALL)):
                layer.blit(style.text(line, SMALL, style.palette.text_dim), (x, y + 32 + i * 21))
            self._slots[key] = layer
        return layer

    def draw_sprite(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look, sprite: Sprite,
                    private: bool, seat: int, dim: bool) -> None:
        art, rect, length = look.art, sprite.rect(), round(sprite.length)
        shadow = art.shadow(length, lift=min(1.0, sprite.lift))
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 2 + round(6 * sprite.lift),
                                                     rect.centery + 3 + round(10 * sprite.lift))))
        # At rest a tile shows what the viewer may see now; mid-turn, the face of its half of the turn.
        face = self.face_shown(frame, private, seat) and (not sprite.turning or sprite.shows_face())
        owner_seat = seat if private else -1
        if sprite.squash < 0.97:  # mid turn-over: draw it whole, then narrow it
            flat = pygame.Surface(rect.size, pygame.SRCALPHA)
            self.draw_tile(flat, sprite.tile, flat.get_rect(), length, face_up=face, seat=owner_seat,
                           flipped=sprite.flipped)
            narrow = squashed(flat, sprite.squash)
            surface.blit(narrow, narrow.get_rect(center=rect.center))
        else:
            self.draw_tile(surface, sprite.tile, rect, length, face_up=face, seat=owner_seat, flipped=sprite.flipped)
        if dim:
            surface.blit(self.dim_overlay(rect.size), rect)

    def dim_overlay(self, size: tuple[int, int]) -> pygame.Surface:
        overlay = self._dim.get(size)
        if overlay is None:
            overlay = self._dim[size] = pygame.Surface(size, pygame.SRCALPHA)
            gfx.rect(overlay, (10, 20, 16, 120), overlay.get_rect(), border_radius=max(2, size[1] // 10))
        return overlay

    def slot(self, look: Look, size: tuple[int, int], label: str, lit: bool) -> pygame.Surface:
        """An empty place a tile may go: a faint rounded frame, labelled."""
        key = (size, label, lit)
        surface = self._slots.get(key)
        if surface is None:
            style = look.style
            surface = self._slots[key] = pygame.Surface(size, pygame.SRCALPHA)
            colour = (*style.palette.accent, 150) if lit else (230, 236, 228, 70)
            gfx.rect(surface, (255, 255, 255, 22), surface.get_rect(), border_radius=8)
            gfx.rect(surface, colour, surface.get_rect(), width=2, border_radius=8)
            lines = label.split("\n")
            for i, line in enumerate(lines):
                text = style.text(line, SMALL - 3, style.palette.text_dim, bold=True)
                surface.blit(text, text.get_rect(center=(size[0] // 2, size[1] // 2 + (i - (len(lines) - 1) / 2) * 16)))
        return surface

    def draw_zones(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look, seat: int) -> None:
        style, layout, state = look.style, frame.layout, frame.view
        p = style.palette
        for side, rect in layout.ends.get(seat, {}).items():
            surface.blit(self.slot(look, rect.size, "\u25c0" if side == "left" else "\u25b6", False), rect)
        new = layout.new_slot[seat]
        surface.blit(self.slot(look, new.size, "+\nNew\nsite", False), new)
        sites = len(state.sites[seat])
        tray = layout.trays[seat]
        count = len(state.mastabas[seat])
        lines = [plural(count, "tile")]
        if count and frame.faces_shown[seat]:
            pips = sum(PIPS[t] for t in state.mastabas[seat] if t >= 0)
            lines.append(plural(pips, "pip"))
            if frame.owner_note:
                lines.append("only you see")
        elif count:
            lines.append("face down")
        for i, line in enumerate(lines):
            surface.blit(style.text(line, SMALL - 2, p.text_dim), (tray.x + 14, tray.y + 36 + i * 18))
        abandoned = sites - 1 if sites else 0
        if abandoned:
            text = style.text(str(abandoned), SMALL, p.text, bold=True)
            area = layout.abandoned[seat]
            surface.blit(text, text.get_rect(topright=(area.right - 12, area.y + 6)))

    def draw_seat_panel(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look, seat: int) -> None:
        style, state = look.style, frame.view
        p = style.palette
        panel = frame.layout.panels[seat]
        to_move = seat == state.current_player or (state.is_chance and seat == state.seat and state.phase != 0)
        if to_move and not state.is_terminal:
            gfx.rect(surface, p.accent, panel.inflate(4, 4), width=3, border_radius=18)
            marker = style.text("\u25b6 To move", BODY, p.accent, bold=True)
            surface.blit(marker, (panel.x + 16, panel.y + 68))
        x = panel.x + 16
        surface.blit(style.text(frame.names[seat], LARGE, p.text, bold=True), (x, panel.y + 12))
        kind = fitted(style, frame.kinds[seat], SMALL, panel.width - 32)
        surface.blit(style.text(kind, SMALL, p.text_dim), (x, panel.y + 44))
        score = round(frame.scores[seat])
        hidden = state.mastabas[seat] and not frame.faces_shown[seat]
        shown = f"{score} + ?" if hidden else str(score)
        surface.blit(style.text(shown, HEADING, p.accent if to_move else p.text, bold=True), (x, panel.y + 96))
        surface.blit(style.text("score (lowest wins)", SMALL - 2, p.text_dim), (x, panel.y + 140))
        sites = len(state.sites[seat])
        surface.blit(style.text(f"Sites started: {sites}", SMALL, p.text), (x, panel.y + 166))
        count = len(state.mastabas[seat])
        surface.blit(style.text(f"Mastabas: {plural(count, 'tile')}", SMALL, p.text),
                     (x, panel.y + 190))

    def draw_pile(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look) -> None:
        style = look.style
        count = len(frame.view.pile)
        cx, cy = PILE_CENTRE
        for layer in range((count + 2) // 3):
            jitter = (layer * 37) % 7 - 3
            self.draw_tile(surface, -1, pygame.Rect(cx + jitter, cy - layer * 3, 0, 0), PILE_LENGTH, face_up=False,
                           seat=-1, horizontal=True)
        if not count:
            surface.blit(self.slot(look, (PILE_LENGTH, PILE_LENGTH // 2), "empty", False),
                         (cx - PILE_LENGTH // 2, cy - PILE_LENGTH // 4))
        label = style.text(f"Necropolis: {count}", BODY, style.palette.text, bold=True)
        # Below the pile's focus ring (it grows up to 9 px around the pile's rect), not through it.
        surface.blit(label, label.get_rect(midtop=(cx, frame.layout.pile.bottom + 12)))

    def draw_status(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look) -> None:
        style, state = look.style, frame.view
        p = style.palette
        x, y = STATUS_PANEL.x + 18, STATUS_PANEL.y + 12
        heading, note = frame.status
        heading = fitted(style, heading, LARGE, STATUS_PANEL.width - 36, bold=True)
        surface.blit(style.text(heading, LARGE, p.accent, bold=True), (x, y))
        lines = style.wrap(note, STATUS_PANEL.width - 36, SMALL)[:3]
        for i, line in enumerate(lines):
            surface.blit(style.text(line, SMALL, p.text), (x, y + 38 + i * 21))
        if frame.last_text:
            for i, line in enumerate(style.wrap("Last: " + frame.last_text, STATUS_PANEL.width - 36, SMALL)[:2]):
                surface.blit(style.text(line, SMALL, p.text_dim), (x, y + 106 + i * 21))
        if state.phase == DRAWN:
            held = frame.layout.held
            text = style.text(f"{frame.names[state.seat]}'s drawn tile", SMALL, p.text, bold=True)
            # Below the focus brackets (up to 12 px round the tile), and clear of the pile's count beside it.
            where = text.get_rect(midtop=(held.centerx, held.bottom + 14))
            widest_count = style.font(BODY, True).size("Necropolis: 88")[0]  # the pile's label, centred on the pile
            where.left = max(where.left, frame.layout.pile.centerx + widest_count // 2 + LABEL_GAP)
            surface.blit(text, where)

    def draw_button(self, surface: pygame.Surface, look: Look, rect: pygame.Rect, label: str) -> None:
        style = look.style
        gfx.rect(surface, (0, 0, 0), rect.move(0, 4), border_radius=10)
        gfx.rect(surface, style.palette.button_top, rect, border_radius=10)
        gfx.rect(surface, (0, 0, 0), rect, width=1, border_radius=10)
        text = style.text(label, LARGE, style.palette.text, bold=True)
        surface.blit(text, text.get_rect(center=rect.center))

    def draw_banner(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look) -> None:
        """A short notice over the pile (who opens, a new site, a pass), on a dark pill."""
        style = look.style
        words, opacity = frame.banner
        text = style.text(words, LARGE + 4, style.palette.accent, bold=True)
        box = text.get_rect(center=(PILE_CENTRE[0], MIDDLE_BAND.y + 22)).inflate(28, 12)
        key = ("pill", box.size)
        pill = self._slots.get(key)
        if pill is None:
            pill = self._slots[key] = pygame.Surface(box.size, pygame.SRCALPHA)
            gfx.rect(pill, (6, 16, 12, 225), pill.get_rect(), border_radius=box.height // 2)
            gfx.rect(pill, (*style.palette.accent, 200), pill.get_rect(), width=2,
                     border_radius=box.height // 2)
        alpha = round(255 * min(1.0, opacity * 2))
        gfx.blit_faded(surface, pill, box, alpha)
        gfx.blit_faded(surface, text, text.get_rect(center=box.center), alpha)

    def draw_summary(self, surface: pygame.Surface, frame: NecropolisFrame, look: Look) -> None:
        """The final reveal: each seat's mastaba pips and sites, counting up."""
        style, state = look.style, frame.view
        p = style.palette
        opacity, progress, _drawn = frame.summary
        panel = MIDDLE_BAND.inflate(0, -4)
        if opacity > 0.99:  # opaque: nothing of the table below shows through
            gfx.rect(surface, (8, 22, 16), panel, border_radius=18)
        look.panels.draw(surface, panel, radius=18, alpha=min(250, 50 * round(5 * opacity)))
        note_mark(surface, "cover", panel, "round summary")  # (while it fades in, the table is going away)
        text = style.text(frame.headline, LARGE + 4, p.accent, bold=True)
        surface.blit(text, text.get_rect(midtop=(panel.centerx, panel.y + 14)))
        penalty = state.rules.site_penalty
        for row, seat in enumerate((frame.bottom_seat ^ 1, frame.bottom_seat)):
            pips = sum(PIPS[t] for t in state.mastabas[seat] if t >= 0)
            line = summary_line(frame.names[seat], pips, len(state.sites[seat]), penalty, progress)
            text = style.text(line, BODY, p.text, bold=True)
            surface.blit(text, text.get_rect(midtop=(panel.centerx, panel.y + 62 + row * 34)))
        note = style.text("Lowest score wins. Press to continue.", SMALL, p.text_dim)
        surface.blit(note, note.get_rect(midtop=(panel.centerx, panel.bottom - 30)))


def summary_line(name: str, pips: int, sites: int, penalty: int, progress: float) -> str:
    """A seat's line of the final reveal, `progress` (0 to 1) into its count: the
    mastabas' pips count up and the total with them, the sites' part shown whole,
    so the sum always adds up (counting the sites' part too showed "3 pips + 2 sites
    x 1 = 4" on the way)."""
    counted = round(pips * progress)
    return (f"{name}:  {plural(counted, 'pip')} in the mastabas  +  {plural(sites, 'site')} x {penalty}"
            f"  =  {counted + sites * penalty}")
