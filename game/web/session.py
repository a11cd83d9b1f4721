"""The game in progress across reloads, and its timer. Pure: times are passed in (ms).

After every redraw the page stores the deal's code, its position and the time played, so a
reload (or an update of the site) resumes it; the undo history is not kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import game

SAVE_KEY = "solitaire.game"


class Clock:
    """A game's timer: it starts with the first move, stops when the game ends (won or
    blocked) and goes on if an undo reopens the game."""

    def __init__(self, elapsed_ms: float = 0.0, now_ms: float = 0.0) -> None:
        """A timer showing ``elapsed_ms`` at ``now_ms``; a resumed game's runs on at once."""
        self.started_ms: float | None = now_ms - elapsed_ms if elapsed_ms else None
        self.finished_ms: float | None = None

    def start(self, now_ms: float) -> None:
        """A move was played: the first one starts the timer."""
        if self.started_ms is None:
            self.started_ms = now_ms

    def finish(self, now_ms: float) -> bool:
        """The game is over: stop the timer. True the first time (show the end of the game)."""
        if self.finished_ms is not None:
            return False
        self.finished_ms = now_ms
        return True

    def reopen(self) -> None:
        """The game is playing again (an undo after the end): the timer goes on."""
        self.finished_ms = None

    def elapsed(self, now_ms: float) -> float:
        if self.started_ms is None:
            return 0.0
        end = self.finished_ms if self.finished_ms is not None else now_ms
        return end - self.started_ms


@dataclass(frozen=True)
class Saved:
    """A game restored from storage, and how long it had been played."""

    game: game.Solitaire
    elapsed_ms: float


def dump(g: game.Solitaire, elapsed_ms: float) -> str | None:
    """The text stored under :data:`SAVE_KEY`; None for a position without a code (tests)."""
    if not g.code:
        return None
    return json.dumps({"code": g.code, "position": g.position(), "elapsed": elapsed_ms})


def restore(stored: str | None, code: str) -> Saved | None:
    """The game saved for ``code`` (the same deal, reloaded), or None: nothing saved, another
    deal saved, or an old or damaged save (the deal then starts afresh)."""
    if not stored:
        return None
    try:
        saved = json.loads(stored)
        if saved.get("code") != code:
            return None
        g = game.from_position(saved["position"])
        elapsed = float(saved.get("elapsed") or 0)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    g.code = code
    return Saved(g, elapsed)
