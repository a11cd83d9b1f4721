"""The game's sounds as data: short tones the page synthesises with the Web Audio API (no
sound file is shipped). Pure: ``web.sound.Sound`` plays them, only once the player has touched the
page and only when the sound setting is on (it is off by default).
"""

from __future__ import annotations

# (frequency in Hz, start in s, duration in s, oscillator wave, peak gain)
Tone = tuple[float, float, float, str, float]

SOUNDS: dict[str, tuple[Tone, ...]] = {
    "move": ((880.0, 0.0, 0.05, "triangle", 0.22), (660.0, 0.025, 0.06, "triangle", 0.16)),
    "draw": ((520.0, 0.0, 0.05, "triangle", 0.18), (780.0, 0.04, 0.06, "triangle", 0.14)),
    "refuse": ((196.0, 0.0, 0.11, "square", 0.06), (147.0, 0.1, 0.16, "square", 0.06)),
    "redeal": tuple(
        (f, k * 0.045, 0.06, "triangle", 0.14) for k, f in enumerate((392, 494, 587, 784))
    ),
    "win": tuple(
        (f, k * 0.12, 0.22 if k < 3 else 0.5, "sine", 0.2)
        for k, f in enumerate((523.25, 659.25, 783.99, 1046.5))
    ),
}


def longest() -> float:
    """The longest sound, in seconds: every one is short."""
    return max(max(start + length for _, start, length, _, _ in tones) for tones in SOUNDS.values())
