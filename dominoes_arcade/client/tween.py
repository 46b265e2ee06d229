"""Tweens: attributes moved over time with easing, driven by `dt` (docs/architecture.md, "Client").

Seconds everywhere. A `Tween` moves one or more attributes of an object (or keys
of a dict) from their values when it starts to the goals given; a `Sequence` plays
steps one after another, and `Wait` fills a gap. A scene's `Tweener` runs them all,
scaled by the animation-speed setting, and `skip()` jumps every running step to its
end (a click skips an animation).

    >>> class Box: x = 0.0
    >>> box = Box(); tweens = Tweener()
    >>> _ = tweens.tween(box, 1.0, easing="linear", x=10)
    >>> tweens.update(0.25); box.x
    2.5
    >>> tweens.skip(); box.x
    10.0
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable
from typing import Any

# -- easings: t in [0, 1] -> progress, f(0) = 0, f(1) = 1 ---------------------------


def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def in_cubic(t: float) -> float:
    return t ** 3


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def out_back(t: float) -> float:
    """Overshoots a little, then settles: a tile snapping into place."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Callable[[float], float]] = {
    f.__name__: f for f in (linear, in_quad, out_quad, in_out_quad, in_cubic, out_cubic, in_out_cubic,
                            in_out_sine, out_back, out_elastic, out_bounce)
}


def get_easing(name: str) -> Callable[[float], float]:
    """The easing called `name`. :raises ValueError: naming the closest ones."""
    try:
        return EASINGS[name]
    except KeyError:
        close = difflib.get_close_matches(name, EASINGS, n=2)
        if close:
            hint = f": did you mean {' or '.join(repr(c) for c in close)}?"
        else:
            hint = f": use one of {', '.join(EASINGS)}"
        raise ValueError(f"unknown easing {name!r}{hint}") from None


def lerp(start: Any, goal: Any, p: float) -> Any:
    """Interpolate numbers, or tuples of numbers (positions, colours) item by item."""
    if isinstance(start, (tuple, list)):
        return tuple(a + (b - a) * p for a, b in zip(start, goal, strict=True))
    return start + (goal - start) * p


# -- steps --------------------------------------------------------------------------


class Step:
    """Something a `Tweener` runs: advance with `update`, jump to the end with `finish`."""

    done = False

    def update(self, dt: float) -> float:
        """Advance by `dt` seconds; return the time left over once done (else 0)."""
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end at once, running any callback."""
        raise NotImplementedError


class Tween(Step):
    """Move attributes of `target` to `goals` over `duration` seconds.

    The start values are read when the tween starts (after `delay`), so a tween
    queued in a `Sequence` starts from wherever the earlier steps left things.
    `on_done` runs once, when the goals are reached or the tween is finished early.
    """

    def __init__(self, target: Any, duration: float, *, easing: str = "out_cubic", delay: float = 0.0,
                 on_done: Callable[[], None] | None = None, **goals: Any):
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay are seconds, never negative")
        self.target = target
        self.duration = duration
        self.easing = get_easing(easing)
        self.delay = delay
        self.on_done = on_done
        self.goals = goals
        self.elapsed = 0.0
        self.start: dict[str, Any] | None = None
        self.done = False

    def _get(self, name: str) -> Any:
        return self.target[name] if isinstance(self.target, dict) else getattr(self.target, name)

    def _set(self, name: str, value: Any) -> None:
        if isinstance(self.target, dict):
            self.target[name] = value
        else:
            setattr(self.target, name, value)

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay:
            return 0.0
        if self.start is None:
            self.start = {name: self._get(name) for name in self.goals}
        run = self.elapsed - self.delay
        if run >= self.duration:
            self.finish()
            return run - self.duration
        p = self.easing(run / self.duration)
        for name, goal in self.goals.items():
            self._set(name, lerp(self.start[name], goal, p))
        return 0.0

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        for name, goal in self.goals.items():
            self._set(name, tuple(goal) if isinstance(goal, list) else goal)
        if self.on_done is not None:
            self.on_done()

    def cancel(self) -> None:
        """Stop where it is, without reaching the goals or calling back."""
        self.done = True


class Wait(Step):
    def __init__(self, duration: float):
        self.left = duration
        self.done = False

    def update(self, dt: float) -> float:
        self.left -= dt
        if self.left <= 0:
            self.done = True
            return -self.left
        return 0.0

    def finish(self) -> None:
        self.done = True


class Sequence(Step):
    """Steps one after another; time left over by one goes on to the next."""

    def __init__(self, *steps: Step):
        self.steps = list(steps)
        self.index = 0
        self.done = not self.steps

    def update(self, dt: float) -> float:
        while not self.done:
            dt = self.steps[self.index].update(dt)
            if not self.steps[self.index].done:
                return 0.0
            self.index += 1
            self.done = self.index >= len(self.steps)
        return dt

    def finish(self) -> None:
        while not self.done:
            self.steps[self.index].finish()
            self.index += 1
            self.done = self.index >= len(self.steps)


# -- the runner ---------------------------------------------------------------------

SPEED_SCALES = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
"""Animation-speed setting -> how long animations take, relative to normal."""
MAX_SKIP_ROUNDS = 100


class Tweener:
    """Runs a scene's steps. `duration_scale` stretches time (the speed setting:
    0 plays everything instantly, 2 takes twice as long).

    A step added with ``hold=False`` is show only (a deal cascading while the game
    goes on): it runs, is skipped and cleared with the rest, but `busy` (which a
    table's driver waits for) does not count it."""

    def __init__(self, duration_scale: float = 1.0):
        self.duration_scale = duration_scale
        self.steps: list[Step] = []
        self._holding: set[int] = set()
        """The ids of the steps in `steps` that hold the game (`busy`)."""

    @property
    def busy(self) -> bool:
        """Some running step holds the game."""
        return bool(self._holding)

    @property
    def running(self) -> bool:
        """Some step runs, holding the game or not."""
        return bool(self.steps)

    def add(self, step: Step, *, hold: bool = True) -> Step:
        """Run `step` (holding the game unless `hold` is False). A new `Tween`
        replaces running tweens of the same attributes of the same object (they
        stop where they are)."""
        if isinstance(step, Tween):
            for other in self.steps:
                if isinstance(other, Tween) and other.target is step.target and other.goals.keys() & step.goals.keys():
                    other.cancel()
            self._prune()
        self.steps.append(step)
        if hold:
            self._holding.add(id(step))
        if self.duration_scale <= 0:
            self.skip()
        return step

    def tween(self, target: Any, duration: float, *, hold: bool = True, **kwargs: Any) -> Tween:
        return self.add(Tween(target, duration, **kwargs), hold=hold)

    def _prune(self) -> None:
        self.steps = [s for s in self.steps if not s.done]
        self._holding &= {id(s) for s in self.steps}

    def update(self, dt: float) -> None:
        if not self.steps:
            return
        if self.duration_scale <= 0:
            self.skip()
            return
        scaled = dt / self.duration_scale
        for step in list(self.steps):
            if not step.done:
                step.update(scaled)
        self._prune()

    def skip(self) -> None:
        """Jump every running step to its end, callbacks included; steps those
        callbacks start are finished too."""
        for _ in range(MAX_SKIP_ROUNDS):
            if not self.steps:
                return
            running, self.steps = self.steps, []
            for step in running:
                step.finish()
            self._prune()

    def clear(self) -> None:
        """Drop every step where it stands, without callbacks."""
        self.steps = []
        self._holding.clear()
