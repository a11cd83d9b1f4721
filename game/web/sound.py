"""The game's sounds played (Web Audio); what each sounds like is ``game.ui.sound``'s."""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from game.ui.sound import SOUNDS


class Sound:
    """The game's sounds (``sound.SOUNDS``), synthesised with the Web Audio API. No audio
    context exists before the player's first gesture (``arm``): none is ever started by the
    page itself, and a browser never has to block one."""

    def __init__(self) -> None:
        self.armed = False
        self.context: Any = None  # an AudioContext, made at the first sound

    def arm(self, _event: Any = None) -> None:
        self.armed = True

    def play(self, name: str | None, on: bool) -> None:
        if not (on and self.armed and name in SOUNDS):
            return
        if self.context is None:
            self.context = window.AudioContext.new()
        ctx = self.context
        if ctx.state == "suspended":
            ctx.resume()
        t0 = ctx.currentTime
        for freq, start, length, wave, peak in SOUNDS[name]:
            osc, amp = ctx.createOscillator(), ctx.createGain()
            osc.type = wave
            osc.frequency.value = freq
            amp.gain.setValueAtTime(0.0001, t0 + start)
            amp.gain.exponentialRampToValueAtTime(peak, t0 + start + 0.008)
            amp.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length)
            osc.connect(amp)
            amp.connect(ctx.destination)
            osc.start(t0 + start)
            osc.stop(t0 + start + length + 0.02)
        document.body.dataset.sound = name  # what was heard last: for the browser tests
