"""Tweens ticked by exact dt, their values worked out by hand from the easing
formulas (linear: p = t; out_quad: p = 1 - (1 - t)^2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_arcade.client.tween import EASINGS, Sequence, Tween, Tweener, Wait, get_easing


class Box:
    def __init__(self, x=0.0, y=0.0):
        self.x = x
        self.y = y


def test_linear_tween_moves_in_proportion_and_calls_back_once():
    box, done = Box(), []
    tweens = Tweener()
    tweens.tween(box, 2.0, easing="linear", x=10.0, on_done=lambda: done.append(1))
    tweens.update(0.5)
    assert box.x == pytest.approx(2.5)
    tweens.update(1.0)
    assert box.x == pytest.approx(7.5)
    tweens.update(0.75)  # past the end: stops exactly at the goal
    assert box.x == 10.0 and done == [1] and not tweens.busy
    tweens.update(1.0)
    assert done == [1]


def test_out_quad_covers_three_quarters_at_half_time():
    box = Box()
    tweens = Tweener()
    tweens.tween(box, 1.0, easing="out_quad", x=100.0)
    tweens.update(0.5)
    assert box.x == pytest.approx(75.0)


def test_tuples_interpolate_item_by_item_and_dicts_work_as_targets():
    target = {"pos": (0, 100), "colour": (0, 0, 0)}
    tweens = Tweener()
    tweens.tween(target, 1.0, easing="linear", pos=(50, 0), colour=(200, 100, 0))
    tweens.update(0.5)
    assert target["pos"] == pytest.approx((25, 50)) and target["colour"] == pytest.approx((100, 50, 0))


def test_delay_holds_the_start_value_and_reads_it_when_the_tween_starts():
    box = Box(x=1.0)
    tweens = Tweener()
    tweens.tween(box, 1.0, easing="linear", delay=0.5, x=3.0)
    tweens.update(0.25)
    assert box.x == 1.0
    box.x = 2.0  # something else moved it before the tween began
    tweens.update(0.25 + 0.5)
    assert box.x == pytest.approx(2.5)  # halfway from 2, not from 1


def test_a_new_tween_of_the_same_attribute_replaces_the_old_one():
    box, done = Box(), []
    tweens = Tweener()
    tweens.tween(box, 1.0, easing="linear", x=10.0, on_done=lambda: done.append("old"))
    tweens.update(0.5)
    tweens.tween(box, 1.0, easing="linear", x=0.0, on_done=lambda: done.append("new"))
    tweens.update(0.5)
    assert box.x == pytest.approx(2.5)  # from 5 back towards 0
    tweens.update(1.0)
    assert box.x == 0.0 and done == ["new"]


def test_a_tween_of_another_attribute_runs_alongside():
    box = Box()
    tweens = Tweener()
    tweens.tween(box, 1.0, easing="linear", x=10.0)
    tweens.tween(box, 1.0, easing="linear", y=10.0)
    tweens.update(0.5)
    assert (box.x, box.y) == pytest.approx((5.0, 5.0))


def test_sequence_carries_leftover_time_to_the_next_step():
    box, log = Box(), []
    tweens = Tweener()
    tweens.add(Sequence(Tween(box, 0.5, easing="linear", x=1.0, on_done=lambda: log.append(box.x)),
                        Tween(box, 0.5, easing="linear", x=3.0)))
    tweens.update(0.75)
    assert log == [1.0] and box.x == pytest.approx(2.0)


def test_a_wait_holds_the_next_step():
    box = Box()
    tweens = Tweener()
    tweens.add(Sequence(Wait(1.0), Tween(box, 1.0, easing="linear", x=1.0)))
    tweens.update(1.5)
    assert box.x == pytest.approx(0.5) and tweens.busy
    tweens.update(0.5)
    assert box.x == 1.0 and not tweens.busy


def test_skip_finishes_everything_with_its_callbacks_even_chained_ones():
    box, log = Box(), []
    tweens = Tweener()

    def then() -> None:
        log.append("first")
        tweens.tween(box, 5.0, y=7.0, on_done=lambda: log.append("second"))

    tweens.tween(box, 3.0, x=4.0, on_done=then)
    tweens.update(0.1)
    tweens.skip()
    assert (box.x, box.y) == (4.0, 7.0) and log == ["first", "second"] and not tweens.busy


def test_speed_scale_stretches_time_and_zero_means_instant():
    box = Box()
    slow = Tweener(duration_scale=2.0)
    slow.tween(box, 1.0, easing="linear", x=10.0)
    slow.update(0.5)
    assert box.x == pytest.approx(2.5)
    instant = Tweener(duration_scale=0.0)
    done = []
    instant.tween(box, 1.0, x=-1.0, on_done=lambda: done.append(1))
    assert box.x == -1.0 and done == [1] and not instant.busy


def test_unknown_easing_names_the_closest():
    with pytest.raises(ValueError, match="did you mean 'out_quad'"):
        get_easing("out_quadd")
    with pytest.raises(ValueError):
        Tween(Box(), 1.0, easing="wobbly", x=1)


def test_negative_times_are_refused():
    with pytest.raises(ValueError):
        Tween(Box(), -1.0, x=1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(EASINGS)), st.floats(0.05, 3.0), st.lists(st.floats(0.0, 0.5), min_size=1, max_size=30))
def test_every_easing_starts_at_the_start_and_ends_at_the_goal(name, duration, steps):
    easing = get_easing(name)
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9) and easing(1.0) == pytest.approx(1.0, abs=1e-9)
    box = Box(x=3.0)
    tweens = Tweener()
    tweens.tween(box, duration, easing=name, x=-5.0)
    elapsed = 0.0
    for dt in steps:
        tweens.update(dt)
        elapsed += dt
        if elapsed >= duration:
            assert box.x == -5.0 and not tweens.busy
    tweens.update(duration)
    assert box.x == -5.0


def test_a_show_only_step_runs_and_skips_with_the_rest_but_never_holds_the_game():
    box, other = Box(), Box()
    tweens = Tweener()
    tweens.tween(box, 1.0, easing="linear", x=10.0, hold=False)
    assert tweens.running and not tweens.busy
    tweens.tween(other, 0.5, easing="linear", x=1.0)
    assert tweens.busy
    tweens.update(0.5)
    assert box.x == pytest.approx(5.0) and other.x == 1.0 and not tweens.busy and tweens.running
    tweens.skip()
    assert box.x == 10.0 and not tweens.running


def test_a_sprite_turns_over_half_way_and_narrows_to_nothing_there():
    from dominoes_arcade.client.tables.sprites import Sprite

    sprite = Sprite(5, 0.0, 0.0, 96, face_from=False, face_to=True, turn=0.0)
    tweens = Tweener()
    tweens.tween(sprite, 1.0, easing="linear", turn=1.0)
    seen = []
    for _ in range(4):
        tweens.update(0.25)
        seen.append((sprite.shows_face(), round(sprite.squash, 2), sprite.turning))
    assert seen == [(False, 0.5, True), (True, 0.0, True), (True, 0.5, True), (True, 1.0, False)]
    still = Sprite(5, 0.0, 0.0, 96, face_from=True, face_to=True, turn=0.0)
    assert still.shows_face() and still.squash == 1.0 and not still.turning
