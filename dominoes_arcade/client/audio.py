"""Short procedural sound effects, generated once and cached.

Every effect is synthesised from a few lines of arithmetic (no sound files): a
tile's clack, a draw's swish, a shuffle's patter, a score's chime, a win's
fanfare, and quiet ticks for moving focus and choosing; and so is the music, a
soft loop of four bars that plays from the title on, on its own channel at its
own volume ([audio] music_volume), while sound is on. With no audio device (or
SDL's dummy driver) the mixer may be missing: every call is then silent and
harmless.

Synthesis is slow in Python (the music alone took about 0.6 s of CPU, before the
first frame of every start), so each sound, converted for the mixer, is kept in
the user cache directory (`cache_dir`) under a name that carries this module's
digest: a start after the first reads the music in about a millisecond, and a
change to the synthesis here makes new files rather than reading stale ones.

    audio = Audio(enabled=True, volume=0.7, music_volume=0.3)  # the music starts
    audio.play("clack")
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import operator
import os
import random
import sys
import time
from array import array
from collections.abc import Callable, Iterator
from functools import cache
from itertools import accumulate, repeat
from pathlib import Path

import platformdirs
import pygame

from ..config import APP_NAME
from ..files import FileError, write_atomic

RATE = 22050
"""Plenty for short effects, and half the synthesis time of CD rate."""
_PCM: dict[tuple[str, int, int], bytes] = {}
"""Each sound as the mixer takes it, by (name, rate, channels): synthesised and
converted once per process, however many times the mixer opens (a test builds many
apps)."""


def _envelope(n: int, attack: int, decay_per_sample: float, fade: int = 0) -> list[float]:
    """A note's loudness over `n` samples: a linear rise over `attack` samples, an
    exponential fall, and a half-cosine fade to silence over the last `fade`."""
    out = list(accumulate(repeat(math.exp(-decay_per_sample), n - 1), operator.mul, initial=1.0))
    for i in range(min(attack, n)):
        out[i] *= i / attack
    for i in range(fade):
        out[n - fade + i] *= 0.5 + 0.5 * math.cos(math.pi * i / fade)
    return out


_WAVE_SIZE = 4096
_WAVE = [math.sin(2 * math.pi * i / _WAVE_SIZE) + 0.3 * math.sin(4 * math.pi * i / _WAVE_SIZE)
         for i in range(_WAVE_SIZE)]
"""One cycle of the bell timbre (a fundamental and a soft octave), looked up rather
than computed: a loop of music has a million samples to make."""


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


def _note(rate: int, freq: float, gain: float, length: int, attack: float, decay: float, fade: int) -> list[float]:
    """One note's samples (see `_add_note`)."""
    envelope = _envelope(length, max(1, int(attack * rate)), decay / rate, fade)
    step = freq * _WAVE_SIZE / rate
    mask = _WAVE_SIZE - 1
    return [gain * level * _WAVE[int(i * step) & mask] for i, level in enumerate(envelope)]


def _add_note(out: list[float], rate: int, start: float, freq: float, gain: float, *, attack: float = 0.005,
              decay: float = 7.0, seconds: float | None = None, wrap: bool = False,
              made: dict[tuple, list[float]] | None = None) -> None:
    """Add one bell-like note (`_WAVE`) to `out`, from `start` seconds: rising over
    `attack` seconds, then fading as exp(-decay * t).

    A note of `seconds` ends with a half-cosine fade over its last fifth (it never
    stops on a non-zero sample: no click); without, it rings to the end of `out`, or
    with `wrap` until it is inaudible. With `wrap`, what passes the end of `out` sounds
    at its start, so a loop's last notes ring on into its beginning and the loop
    joins without a seam. `made` keeps the notes made, for a tune that plays the
    same note again."""
    n = len(out)
    first = int(start * rate)
    if seconds is not None:
        length = int(seconds * rate)
    else:
        length = int(rate * 9.2 / decay) if wrap else n - first  # e^-9.2 = 1e-4: inaudible
    key = (rate, freq, gain, length, attack, decay, length // 5 if seconds is not None else 0)
    note = made.get(key) if made is not None else None
    if note is None:
        note = _note(*key)
        if made is not None:
            made[key] = note
    at = first % n if wrap else first
    if not wrap:
        note = note[:n - at]
    while note:  # one piece, or (wrapping) more, each continuing at the start of `out`
        piece, note = note[:n - at], note[n - at:]
        out[at:at + len(piece)] = map(operator.add, out[at:at + len(piece)], piece)
        at = 0


def _tones(rate: int, notes: list[tuple[float, float, float]], length: float) -> list[float]:
    """Bell-like tones: (start seconds, frequency, gain) each, summed."""
    out = [0.0] * int(rate * length)
    for start, freq, gain in notes:
        _add_note(out, rate, start, freq, gain)
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


BEAT = 60 / 76
"""Seconds a beat of the music: 76 beats a minute, an unhurried walk."""
CHORDS = ((48, (60, 64, 67)), (45, (57, 60, 64)), (41, (57, 60, 65)), (43, (55, 59, 62)))
"""The music's four bars in C major, one chord each (I, vi, IV, V): a bass note and
a soft three-note pad, as MIDI note numbers (60 is middle C)."""
MELODY = ((0, 76), (1, 79), (2, 76), (3, 74), (4, 72), (5, 76), (6.5, 69), (8, 69), (9, 72), (10, 77), (11, 76),
          (12, 74), (13, 71), (14, 67), (15.5, 74))
"""(beat, MIDI note) of the bell melody over the chords; its last note leads back to the first."""
MUSIC_SECONDS = len(CHORDS) * 4 * BEAT
"""The loop's length: four bars of four beats (about 12.6 seconds)."""


def _hertz(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def music(rate: int) -> list[float]:
    """A quiet loop for behind the play: bass, pad and bells over `CHORDS`.

    Every note rises and fades smoothly, and the notes that ring past the end wrap
    to the start (`_add_note`'s `wrap`), so the loop repeats with no click: its last
    sample leads into its first like any two neighbours."""
    out = [0.0] * round(MUSIC_SECONDS * rate)
    made: dict[tuple, list[float]] = {}
    bar = 4 * BEAT
    for index, (bass, pad) in enumerate(CHORDS):
        start = index * bar
        _add_note(out, rate, start, _hertz(bass), 0.22, attack=0.03, decay=0.8, seconds=bar + 0.4, wrap=True,
                  made=made)
        for note in pad:  # each chord swells in as the last one fades: they overlap by half a second
            _add_note(out, rate, start - 0.25, _hertz(note), 0.07, attack=0.6, decay=0.2, seconds=bar + 0.5,
                      wrap=True, made=made)
    for beat, note in MELODY:
        _add_note(out, rate, beat * BEAT, _hertz(note), 0.16, attack=0.01, decay=2.2, seconds=1.6, wrap=True,
                  made=made)
    return out


EFFECTS: dict[str, Callable[[int], list[float]]] = {
    "clack": clack, "draw": swish, "shuffle": shuffle, "score": chime, "win": fanfare,
    "move": tick, "select": select, "back": back,
}
"""Every effect by name: a function of the sample rate giving samples in -1..1."""
MUSIC = "music"
SOUNDS = {**EFFECTS, MUSIC: music}
"""Everything `Audio` synthesises: the effects and the music loop."""


def synthesise(name: str, rate: int, channels: int) -> bytes:
    """The sound `name` as the mixer takes it: signed 16-bit samples, each repeated
    for every channel."""
    samples = SOUNDS[name](rate)
    # Effects that overshoot 1.0 are scaled down as a whole, never clipped.
    scale = 32000 / max(1.0, max(abs(s) for s in samples))
    return array("h", (int(s * scale) for s in samples for _ in range(channels))).tobytes()


def cache_dir() -> Path:
    """Where the synthesised sounds are kept between runs: the user cache directory."""
    return platformdirs.user_cache_path(APP_NAME, appauthor=False) / "sounds"


@cache
def _synthesis_digest() -> str:
    """This module's source, digested: the cached sounds are valid for it alone."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def cached_path(name: str, rate: int, channels: int) -> Path:
    return cache_dir() / f"{name}-{rate}-{channels}-{_synthesis_digest()}.pcm"


def pcm(name: str, rate: int, channels: int) -> bytes:
    """The sound `name` for the mixer: from this process's memory, else from the
    user cache directory, else synthesised and kept in both. A cache that cannot be
    read or written only costs the synthesis (files are written whole or not at
    all: `write_atomic`)."""
    key = (name, rate, channels)
    data = _PCM.get(key)
    if data is None:
        path = cached_path(name, rate, channels)
        try:
            data = path.read_bytes()
        except OSError:
            data = b""
        if not data or len(data) % (2 * channels):
            data = synthesise(name, rate, channels)
            with contextlib.suppress(FileError):
                write_atomic(path, data)
            for stale in path.parent.glob(f"{name}-{rate}-{channels}-*.pcm"):  # an older version's
                if stale != path:
                    with contextlib.suppress(OSError):
                        stale.unlink()
        _PCM[key] = data
    return data


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
    """Plays `EFFECTS`, and the `music` loop for as long as sound is on and the
    music's volume above 0; silent when disabled or without a mixer."""

    def __init__(self, enabled: bool = True, volume: float = 0.7, music_volume: float = 0.0):
        self.enabled = enabled
        self.volume = volume
        self.music_volume = music_volume
        self.available = False
        self._format: tuple[int, int, int] | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._music_channel: pygame.mixer.Channel | None = None
        self.played: list[str] = []
        """Names of the effects asked for, newest last (tests and debugging)."""
        try:
            if pygame.mixer.get_init() is None:
                with silenced_stderr():  # without a sound device, the audio libraries complain there
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            self._format = pygame.mixer.get_init()
            self.available = self._format is not None
            if self.available:
                # The music's own channel: effects never take it over, whatever plays at once.
                pygame.mixer.set_reserved(1)
                self._music_channel = pygame.mixer.Channel(0)
        except pygame.error:
            self.available = False
        self._follow_music()

    def configure(self, enabled: bool, volume: float, music_volume: float | None = None) -> None:
        self.enabled, self.volume = enabled, volume
        if music_volume is not None:
            self.music_volume = music_volume
        self._follow_music()

    @property
    def music_playing(self) -> bool:
        return self.available and self._music_channel is not None and bool(self._music_channel.get_busy())

    def _follow_music(self) -> None:
        """Start, restyle or stop the music loop to match the settings."""
        channel = self._music_channel
        if channel is None or not self.available:
            return
        if not (self.enabled and self.music_volume > 0):
            channel.stop()
            return
        if not channel.get_busy():
            sound = self.sound(MUSIC)
            if sound is None:
                return
            channel.play(sound, loops=-1)  # SDL_mixer repeats it sample for sample: no gap
        channel.set_volume(self.music_volume)

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect (or `MUSIC`) `name`, made on first use (`pcm`)."""
        if not self.available:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            rate, size, channels = self._format
            if abs(size) != 16:
                return None  # an unusual mixer format: stay silent rather than play noise
            try:
                sound = pygame.mixer.Sound(buffer=pcm(name, rate, channels))
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
        self._music_channel = None

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
