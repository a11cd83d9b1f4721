"""A game's timer. Pure: times are passed in (ms). The game itself is kept across reloads,
with its time, by ``game.ui.records.storage`` (after every redraw, per deal code).
"""

from __future__ import annotations


class Clock:
    """A game's timer: it starts with the first move, stops when the game ends (won or
    blocked) and goes on if an undo reopens the game. It stands still while paused (the page
    hidden, or the Pause button): time nobody could play is not counted."""

    def __init__(self, elapsed_ms: float = 0.0, now_ms: float = 0.0) -> None:
        """A timer showing ``elapsed_ms`` at ``now_ms``; a resumed game's runs on at once."""
        self.started_ms: float | None = now_ms - elapsed_ms if elapsed_ms else None
        self.finished_ms: float | None = None
        self.paused_ms: float | None = None

    def start(self, now_ms: float) -> None:
        """A move was played: the first one starts the timer (a move also ends a pause)."""
        self.resume(now_ms)
        if self.started_ms is None:
            self.started_ms = now_ms

    def finish(self, now_ms: float) -> bool:
        """The game is over: stop the timer. True the first time (show the end of the game)."""
        if self.finished_ms is not None:
            return False
        self.resume(now_ms)
        self.finished_ms = now_ms
        return True

    def reopen(self) -> None:
        """The game is playing again (an undo after the end): the timer goes on."""
        self.finished_ms = None

    @property
    def paused(self) -> bool:
        return self.paused_ms is not None

    def pause(self, now_ms: float) -> None:
        """Stop counting from ``now_ms`` (again, or once the game is over: no change)."""
        if self.paused_ms is None and self.finished_ms is None:
            self.paused_ms = now_ms

    def resume(self, now_ms: float) -> None:
        """Count again; the paused stretch is left out of the time played."""
        if self.paused_ms is None:
            return
        if self.started_ms is not None:
            self.started_ms += now_ms - self.paused_ms
        self.paused_ms = None

    def elapsed(self, now_ms: float) -> float:
        if self.started_ms is None:
            return 0.0
        if self.finished_ms is not None:
            end = self.finished_ms
        else:
            end = self.paused_ms if self.paused_ms is not None else now_ms
        return max(0.0, end - self.started_ms)
