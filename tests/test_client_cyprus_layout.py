"""Where the Cyprus table puts things (pure geometry, no window): the star's slots
face the compass points of dominoes_arcade/rules/cyprus.md, arms never cross and stay on the
felt, each arm reads as one chain, tiles shrink only when an arm outgrows its
rows (and stay readable in real games), and the seats sit clockwise round the
table without covering it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.client.tables.cyprus_layout import (
    AREA,
    GAP,
    LIFT,
    PLATE_TILE,
    PLAY_ROW,
    REPLAY_ROW,
    SHEET_BOX,
    SLOT_ANGLES,
    TILE_LENGTHS,
    direction,
    fit_geometry,
    hand_tiles,
    plate_tiles,
    seat_plates,
    slot_rect,
    star_geometry,
)
from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.records import parse_step

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"
CANVAS = pygame.Rect(0, 0, 1280, 720 - 48)
COMPASS = {  # dominoes_arcade/rules/cyprus.md: slots N, E, S, W, NE, SE, SW, NW; screen y grows downwards
    0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0), 4: (1, -1), 5: (1, 1), 6: (-1, 1), 7: (-1, -1),
}


def every_place(geometry):
    yield -1, -1, geometry.spinner
    for arm, path in enumerate(geometry.arms):
        for index, slot in enumerate(path):
            yield arm, index, slot


@pytest.mark.parametrize("slots", [8, 4])
@pytest.mark.parametrize("length", TILE_LENGTHS)
def test_no_two_places_overlap_and_all_lie_on_the_felt(slots, length):
    geometry = star_geometry(slots, length)
    boxes = [(arm, index, slot_rect(slot, length)) for arm, index, slot in every_place(geometry)]
    for arm, index, box in boxes:
        assert AREA.contains(box), f"arm {arm} place {index} leaves the felt"
    for i, (arm, index, box) in enumerate(boxes):
        for other_arm, other_index, other in boxes[i + 1:]:
            assert not box.clip(other).width * box.clip(other).height, \
                f"arm {arm} place {index} covers arm {other_arm} place {other_index} at length {length}"


@pytest.mark.parametrize("slots", [8, 4])
def test_the_star_slots_face_their_compass_points(slots):
    geometry = star_geometry(slots, 56)
    spinner = geometry.spinner
    for arm in range(slots):
        first = geometry.arms[arm][0]
        dx, dy = COMPASS[arm]
        assert first.angle == SLOT_ANGLES[arm]
        assert math.copysign(1, first.x - spinner.x) == dx or (dx == 0 and first.x == spinner.x)
        assert math.copysign(1, first.y - spinner.y) == dy or (dy == 0 and first.y == spinner.y)
        assert direction(first.angle) == pytest.approx((dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)))


@pytest.mark.parametrize("slots", [8, 4])
@pytest.mark.parametrize("length", TILE_LENGTHS)
def test_each_arm_reads_as_one_chain(slots, length):
    """Every tile starts within three quarters of a tile of where the one before it
    ended (straight on, round a turn at the edge, or across the end of a leg)."""
    geometry = star_geometry(slots, length)

    def ends(slot):
        ux, uy = direction(slot.angle)
        half = length / 2
        return (slot.x - ux * half, slot.y - uy * half), (slot.x + ux * half, slot.y + uy * half)

    for arm, path in enumerate(geometry.arms):
        for index in range(1, len(path)):
            _, far = ends(path[index - 1])
            near, _ = ends(path[index])
            gap = math.dist(far, near)
            assert gap <= 0.75 * length, f"arm {arm}: place {index} is {gap:.0f} px from the one before"
        straight = [path[i] for i in range(1, len(path)) if path[i].angle == path[i - 1].angle]
        assert straight, "an arm runs straight somewhere"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 30), min_size=8, max_size=8))
def test_tiles_shrink_only_when_an_arm_outgrows_its_rows(lengths):
    geometry = fit_geometry(8, tuple(lengths))
    fits = [all(star_geometry(8, size).capacity(k) > n for k, n in enumerate(lengths)) for size in TILE_LENGTHS]
    if any(fits):
        assert geometry.length == TILE_LENGTHS[fits.index(True)]  # the longest tiles that leave room for the next
    else:
        assert geometry.length == TILE_LENGTHS[-1]


def test_tiles_stay_readable_through_every_example_game():
    """The independent example records (4 to 10 players): the star's tiles never
    get shorter than 56 px, and every arm has room for the tile after its last."""
    seen = set()
    for game in ("cyprus", "sebastopol"):
        for line in (EXAMPLES / f"{game}.jsonl").read_text().splitlines():
            record = json.loads(line)
            state = new_game(game, options=record["options"])
            slots = state.preset.slots
            for text in record["steps"]:
                state.apply(parse_step(state, text))
                lengths = tuple(len(state.layout[k]) if k < len(state.layout) else 0 for k in range(slots))
                geometry = fit_geometry(slots, lengths)
                assert geometry.length >= 56
                assert all(geometry.capacity(k) > n for k, n in enumerate(lengths))
            seen.add(state.num_players)
    assert len(seen) > 1


def clockwise_from_bottom(rect: pygame.Rect) -> float:
    """The angle of `rect` seen from the felt's centre, measured clockwise on screen
    from straight down (where the bottom seat sits)."""
    offset = pygame.Vector2(rect.center) - pygame.Vector2(AREA.center)
    return math.degrees(math.atan2(-offset.x, offset.y)) % 360


@pytest.mark.parametrize("players", range(4, 11))
def test_seats_sit_clockwise_round_the_table_without_covering_it(players):
    fixed = [AREA, PLAY_ROW.hand, PLAY_ROW.boneyard, SHEET_BOX]
    for bottom in (0, players - 1):
        plates = seat_plates(players, bottom)
        assert sorted(plates) == sorted(set(range(players)) - {bottom})
        rects = list(plates.values())
        for i, rect in enumerate(rects):
            assert CANVAS.contains(rect)
            assert not any(rect.colliderect(other) for other in rects[i + 1:] + fixed)
        order = [clockwise_from_bottom(plates[(bottom + i) % players]) for i in range(1, players)]
        assert order == sorted(order), f"{players} players: seats not clockwise from seat {bottom}"


@pytest.mark.parametrize("row", [PLAY_ROW, REPLAY_ROW])
def test_a_hand_of_any_size_fits_its_box_in_order(row):
    for count in range(1, 31):
        lifted = frozenset(range(1, count, 2))
        rects = hand_tiles(count, lifted, row)
        floor = rects[0].y
        assert all(row.hand.inflate(0, 2 * LIFT).contains(rect) for rect in rects)
        assert [r.x for r in rects] == sorted(r.x for r in rects)
        assert all(rect.y == (floor - LIFT if i in lifted else floor) for i, rect in enumerate(rects))
        assert all(rect.height == row.hand_length for rect in rects)


def test_plate_tiles_stay_on_their_plate():
    plate = pygame.Rect(100, 100, 152, 84)
    for count in range(0, 25):
        rects = plate_tiles(plate, count)
        assert len(rects) == count
        assert all(plate.contains(rect) and rect.height == PLATE_TILE for rect in rects)


def test_gap_leaves_tiles_apart_along_a_straight_run():
    geometry = star_geometry(8, 48)
    west = geometry.arms[3]
    xs = [slot.x for slot in west if slot.angle == 180]
    assert [round(a - b) for a, b in zip(xs, xs[1:], strict=False)][:3] == [48 + GAP] * 3
