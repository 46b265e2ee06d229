"""Short procedural sound effects, generated once and cached.

Every effect is synthesised from a few lines of arithmetic (no sound files): a
tile's clack, a draw's swish, a shuffle's patter, a score's chime, a win's
fanfare, and quiet ticks for moving focus and choosing. With no audio device (or
SDL's dummy driver) the mixer may be missing: every call is then silent and
harmless.

    audio = Audio(enabled=True, volume=0.7)
    audio.play("clack")
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import sys
import time
from array import array
from collections.abc import Callable, Iterator

import pygame

RATE = 22050
"""Plenty for short effects, and half the synthesis time of CD rate."""
_SAMPLES: dict[tuple[str, int], list[float]] = {}
"""Synthesised samples by (effect, rate): made once per process."""


def _envelope(n: int, attack: int, decay_per_sample: float) -> list[float]:
    return [min(1.0, i / attack) * math.exp(-i * decay_per_sample) if attack else math.exp(-i * decay_per_sample)
            for i in range(n)]


def clack(rate: int) -> list[float]:
    """Two hard surfaces meeting: a noise burst through a resonance near 2.2 kHz."""
    rng = random.Random(1)
    n = int(rate * 0.09)
    out, a, b = [], 0.0, 0.0
    for i in range(n):
        x = rng.uniform(-1, 1) * math.exp(-i / (rate * 0.006))
        # A two-pole resonator: the tile's body ringing briefly.
        w = 2 * math.pi * 2200 / rate
        y = x + 1.9 * math.cos(w) * a * 0.96 - 0.92 * b
        b, a = a, y
        out.append(y * 0.18 + 0.5 * math.sin(2 * math.pi * 1150 * i / rate) * math.exp(-i / (rate * 0.012)))
    return out


def swish(rate: int) -> list[float]:
    """A tile slid off a pile: filtered noise that swells and fades."""
    rng = random.Random(2)
    n = int(rate * 0.22)
    out, lp = [], 0.0
    for i in range(n):
        t = i / n
        lp += 0.18 * (rng.uniform(-1, 1) - lp)
        out.append(lp * math.sin(math.pi * t) * 1.4)
    return out


def shuffle(rate: int) -> list[float]:
    """Many tiles knocking together: clacks scattered over half a second."""
    one = clack(rate)
    rng = random.Random(3)
    n = int(rate * 0.55)
    out = [0.0] * (n + len(one))
    for _ in range(14):
        start = rng.randrange(n)
        gain = rng.uniform(0.25, 0.6)
        for i, v in enumerate(one):
            out[start + i] += v * gain
    return out


def _tones(rate: int, notes: list[tuple[float, float, float]], length: float) -> list[float]:
    """Bell-like tones: (start seconds, frequency, gain) each, summed."""
    n = int(rate * length)
    out = [0.0] * n
    for start, freq, gain in notes:
        first = int(start * rate)
        for i in range(first, n):
            t = (i - first) / rate
            env = min(1.0, t / 0.005) * math.exp(-t * 7)
            out[i] += gain * env * (math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t))
    return out


def chime(rate: int) -> list[float]:
    return _tones(rate, [(0.0, 880.0, 0.35), (0.07, 1318.5, 0.3)], 0.45)


def fanfare(rate: int) -> list[float]:
    return _tones(rate, [(0.0, 523.25, 0.3), (0.12, 659.25, 0.3), (0.24, 783.99, 0.3), (0.36, 1046.5, 0.35)], 1.0)


def tick(rate: int) -> list[float]:
    n = int(rate * 0.03)
    return [0.25 * math.sin(2 * math.pi * 1800 * i / rate) * math.exp(-i / (rate * 0.006)) for i in range(n)]


def select(rate: int) -> list[float]:
    return _tones(rate, [(0.0, 660.0, 0.22), (0.05, 990.0, 0.2)], 0.18)


def back(rate: int) -> list[float]:
    return _tones(rate, [(0.0, 620.0, 0.2), (0.05, 440.0, 0.2)], 0.18)


EFFECTS: dict[str, Callable[[int], list[float]]] = {
    "clack": clack, "draw": swish, "shuffle": shuffle, "score": chime, "win": fanfare,
    "move": tick, "select": select, "back": back,
}
"""Every effect by name: a function of the sample rate giving samples in -1..1."""


@contextlib.contextmanager
def silenced_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device for a moment: SDL and the audio
    libraries under it (ALSA...) print their complaints there directly, below
    Python, when there is no device to open; what matters is the result, which the
    caller checks."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Audio:
    """Plays `EFFECTS`; silent when disabled or without a mixer."""

    def __init__(self, enabled: bool = True, volume: float = 0.7):
        self.enabled = enabled
        self.volume = volume
        self.available = False
        self._format: tuple[int, int, int] | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        """Names of the effects asked for, newest last (tests and debugging)."""
        try:
            if pygame.mixer.get_init() is None:
                with silenced_stderr():  # without a sound device, the audio libraries complain there
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            self._format = pygame.mixer.get_init()
            self.available = self._format is not None
        except pygame.error:
            self.available = False

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled, self.volume = enabled, volume

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect `name`, synthesised on first use."""
        if not self.available:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            rate, size, channels = self._format
            samples = _SAMPLES.get((name, rate))
            if samples is None:
                samples = _SAMPLES[(name, rate)] = EFFECTS[name](rate)
            if abs(size) != 16:
                return None  # an unusual mixer format: stay silent rather than play noise
            # Effects that overshoot 1.0 are scaled down as a whole, never clipped.
            scale = 32000 / max(1.0, max(abs(s) for s in samples))
            pcm = array("h", (int(s * scale) for s in samples for _ in range(channels)))
            try:
                sound = pygame.mixer.Sound(buffer=pcm.tobytes())
            except pygame.error:
                return None
            self._sounds[name] = sound
        return sound

    def shutdown(self) -> None:
        """Silence every channel and quit the mixer, so that `pygame.quit` finds it
        closed. Why not leave it to `pygame.quit`: pygame-ce's mixer quit unhooks
        SDL_mixer's channel-finished callback while it holds Python's GIL, and a
        sound that ends at that moment has the audio thread holding the mixer's lock
        while it waits for the GIL in that callback: each waits for the other for
        ever (seen once, in a test's teardown). Halted channels end no more sounds,
        and the short sleep releases the GIL so that a callback already under way
        can finish before the quit."""
        if pygame.mixer.get_init() is None:
            return
        pygame.mixer.stop()
        time.sleep(0.02)
        pygame.mixer.quit()
        self.available = False

    def play(self, name: str) -> None:
        if name not in EFFECTS:
            raise KeyError(f"no sound effect {name!r}: use one of {', '.join(EFFECTS)}")
        self.played.append(name)
        del self.played[:-50]
        if not (self.enabled and self.available and self.volume > 0):
            return
        sound = self.sound(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
