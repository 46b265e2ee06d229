"""Pixels: a focused widget looks focused, tiles show the right pips, themes keep
more than colour apart; and the Markdown reader behind the rules screen."""

from __future__ import annotations

import pygame
import pytest
import test_client_support  # noqa: F401  (dummy SDL drivers before pygame starts)
from test_client_support import run, widget

from dominoes_arcade.client.layout_check import LABELS
from dominoes_arcade.client.markdown import layout, parse, spans
from dominoes_arcade.client.scenes.rules import RulesScene, rules_markdown
from dominoes_arcade.client.theme import Palette, Style
from dominoes_arcade.client.tile_art import THEMES, TileArt
from dominoes_arcade.client.widgets import Button

GOLD = Palette().accent


@pytest.fixture
def video():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.display.quit()


def count_colour(surface, colour, rect=None, tolerance=24) -> int:
    rect = pygame.Rect(rect or surface.get_rect())
    area = surface.subsurface(rect.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(area, colour, (tolerance, tolerance, tolerance, 255))
    return mask.count()


def test_a_focused_button_has_a_gold_ring_and_marker_that_an_unfocused_one_lacks(video):
    style = Style()
    rect = pygame.Rect(100, 100, 300, 60)
    plain = pygame.Surface((500, 300))
    Button(rect, "Play", lambda: None).draw(plain, style)
    focused_surface = pygame.Surface((500, 300))
    focused = Button(rect, "Play", lambda: None)
    focused.focused = True
    focused.draw(focused_surface, style)
    assert count_colour(plain, GOLD) == 0
    ring = count_colour(focused_surface, GOLD, rect.inflate(12, 12)) - count_colour(focused_surface, GOLD, rect)
    assert ring > 2 * (rect.width + rect.height)  # a ring at least 2 px thick all round
    marker = pygame.Rect(rect.x + 8, rect.centery - 10, 14, 20)
    assert count_colour(focused_surface, GOLD, marker) > 60  # the triangle: a cue beyond colour


def test_the_focused_widget_on_screen_is_the_one_with_the_ring(app):
    try:
        run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0)], frames=2)
        focused = app.scenes.top.focus.focused
        others = [w for w in app.scenes.top.focus.widgets if w is not focused]
        screen = app.screen

        def ring(w):
            outer = count_colour(screen, GOLD, w.rect.inflate(10, 10))
            return outer - count_colour(screen, GOLD, w.rect.inflate(-4, -4))

        assert ring(focused) > 500
        assert all(ring(w) < 20 for w in others)
        rules = widget(app, "Rules")
        assert focused is not rules
    finally:
        app.close()


def pip_count(surface, colour) -> int:
    mask = pygame.mask.from_threshold(surface, colour, (40, 40, 40, 255))
    return len([c for c in mask.connected_components(minimum=6)])


@pytest.mark.parametrize("theme", ["classic", "midnight"])
def test_each_half_shows_as_many_pips_as_its_number(video, theme):
    art = TileArt(theme)
    pip = THEMES[theme].pips[0]
    for number in range(10):
        face = art.face(number, number, 160)
        w, h = face.get_size()
        top = face.subsurface((6, 6, w - 12, h // 2 - 14))
        assert pip_count(top, pip) == number, f"{theme}: {number} shows {pip_count(top, pip)} pips"


def test_faces_backs_and_owners_differ_and_are_cached(video):
    art = TileArt("classic")
    assert art.face(3, 5, 96) is art.face(3, 5, 96)
    assert art.tile(17, 96).get_size() == (48, 96) and art.tile(17, 96, horizontal=True).get_size() == (96, 48)
    back = art.back(96)
    assert pygame.image.tobytes(back, "RGBA") != pygame.image.tobytes(art.face(0, 0, 96), "RGBA")
    art.configure("midnight", False)
    assert art.face(3, 5, 96) is not None and art.theme.name == "midnight"


def luminance(colour) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_two_sets_differ_in_lightness_not_just_hue_in_every_theme():
    for theme in THEMES.values():
        light, dark = sorted(luminance(c) for c in theme.bodies)
        assert (dark + 0.05) / (light + 0.05) > 3.0, theme.name  # a WCAG-style contrast of at least 3:1


def test_owner_sets_have_differently_shaped_centre_pins(video):
    art = TileArt("classic")
    pin = THEMES["classic"].pin
    round_pin = count_colour(art.face(0, 0, 200, owner=0), pin, tolerance=20)
    diamond = count_colour(art.face(0, 0, 200, owner=1), pin, tolerance=20)
    assert round_pin > 0 and diamond > 0 and round_pin != diamond


def test_markdown_blocks_and_spans():
    blocks = parse("# Title\n\nSome **bold** text\nand more.\n\n- one\n- two\n  continued\n\n"
                   "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```\ncode\n```\n---\n1. first")
    kinds = [(b.kind, b.text) for b in blocks]
    assert kinds[:4] == [("heading", "Title"), ("paragraph", "Some **bold** text and more."), ("bullet", "one"),
                         ("bullet", "two continued")]
    assert blocks[4].rows == [["a", "b"], ["1", "2"]]
    assert [b.kind for b in blocks[5:]] == ["code", "rule", "bullet"] and blocks[-1].marker == "1."
    assert spans("a **b** `c` *d*") == [("a ", "normal"), ("b", "bold"), (" ", "normal"), ("c", "code"),
                                        (" ", "normal"), ("d", "italic")]


def test_markdown_layout_wraps_to_the_width(video):
    style = Style()
    text = "word " * 200
    narrow = layout(parse(text), 300, style)
    wide = layout(parse(text), 900, style)
    assert narrow.height > 2 * wide.height
    assert all(surface.get_width() <= 300 for _y, _x, surface in narrow.items)


@pytest.mark.parametrize("width", range(150, 400, 7))
def test_markdown_never_breaks_a_line_between_words_with_no_space_between_them(video, width):
    """The Rules screen broke "(the **spinner**)" right after its "("."""
    style = Style()
    text = "Whoever holds the `9-9` (the **spinner**) sets it, and (**first**) or `@0`, then `s0`-`s5`."
    lines = [surface for _y, _x, surface in layout(parse(text), width, style).items]
    words = [LABELS[surface][0].rstrip() for surface in lines]
    assert not [line for line in words if line.endswith(("(", "`", "-"))], words
    assert all(not line.startswith((")", ",", ".")) for line in words), words


def test_a_game_without_a_rules_file_says_so(app, monkeypatch):
    import dominoes_arcade.client.scenes.rules as rules_scene

    def missing(game):
        raise FileNotFoundError(game)

    monkeypatch.setattr(rules_scene, "rules_text", missing)
    assert "not written up yet" in rules_markdown("necropolis")
    try:
        app.scenes.push(RulesScene(app, "necropolis"))
        run(app, frames=2)
        assert app.scenes.top.max_scroll == 0
    finally:
        app.close()
