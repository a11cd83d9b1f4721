"""When the page's work runs: event handlers bound for the page's lifetime, the board's
redraws (one per animation frame), work left until a draw is painted, and the board's shape
watched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from game.ui.guard import Guard, Handler


def listen(target: Any, event: str, handler: Handler) -> None:
    """Call ``handler`` (guarded by the caller) on each ``event``, for the page's lifetime."""
    target.addEventListener(event, create_proxy(handler))


BACKSTOP_MS = 200  # what a draw leaves for after its paint is done by then at the latest


class AfterPaint:
    """Work the player does not see at once (the game saved, the board in words for a screen
    reader, the statistics; the auto-finish's search): done once the frame that shows an
    input is painted, so that the input's way to the screen does not wait on it. Requests
    coalesce; :meth:`flush` does it at once (the page hidden or left), :meth:`cancel` not."""

    def __init__(self, work: Callable[[], None], guard: Guard) -> None:
        self.work = work
        self.pending = False
        self.painted = False  # a frame has come since the request (an older one's task waits)
        self.frame_proxy = create_proxy(guard(self.frame))
        self.after_proxy = create_proxy(guard(self.after))
        self.flush_proxy = create_proxy(guard(self.flush))

    def request(self) -> None:
        if not self.pending:
            self.pending, self.painted = True, False
            if document.hidden:  # no frame comes to a hidden page (an auto-finish goes on)
                window.setTimeout(self.flush_proxy, 0)
            else:
                window.requestAnimationFrame(self.frame_proxy)
                # and whatever happens to frames (a window in the background may get none)
                window.setTimeout(self.flush_proxy, BACKSTOP_MS)

    def frame(self, *_args: Any) -> None:
        self.painted = True
        window.setTimeout(self.after_proxy, 0)  # the first task after this frame is painted

    def after(self, *_args: Any) -> None:
        if self.painted:
            self.flush()

    def flush(self, *_args: Any) -> None:
        if self.pending:
            self.pending = False
            self.work()

    def cancel(self) -> None:
        self.pending = False


class BoardSize:
    """The board's height / width, kept up to date by a ``ResizeObserver`` (a window resized,
    the toolbar or the words below wrapping): reading ``clientWidth`` while drawing forced a
    layout of the whole page in every input, twice a tap."""

    def __init__(self, svg: Any, resized: Callable[[], None], guard: Guard) -> None:
        self.svg = svg
        self.resized = resized
        self.aspect = self.measure()
        window.ResizeObserver.new(create_proxy(guard(self.observed))).observe(svg)

    def measure(self) -> float:
        width, height = self.svg.clientWidth, self.svg.clientHeight
        return height / width if width and height else 1.0

    def observed(self, *_args: Any) -> None:
        """After the browser's layout (so the measure is free) and before the paint: a new
        shape is drawn anew in the same frame."""
        aspect = self.measure()
        if aspect != self.aspect:
            self.aspect = aspect
            self.resized()


class Frames:
    """The board's redraws: at once after an input (painted in the very next frame), else
    coalesced into one per animation frame (a new deal, a resize), or after ``BACKSTOP_MS``
    when no frame comes. Each draw is counted in
    ``body[data-frame]``, which the browser tests wait on instead of waiting for time."""

    def __init__(self, draw: Callable[[], None], guard: Guard) -> None:
        self.draw = draw
        self.count = 0
        self.pending = False
        self.dirty = False
        self.proxy = create_proxy(guard(self.frame))  # made once: requestAnimationFrame's

    def later(self) -> None:
        self.dirty = True
        if not self.pending:
            self.pending = True
            window.requestAnimationFrame(self.proxy)
            # and a draw all the same if no frame comes (a window in the background, a
            # renderer too busy to give one): the board is never left showing another game
            window.setTimeout(self.proxy, BACKSTOP_MS)

    def now(self) -> None:
        self.dirty = True
        self.frame()

    def frame(self, _timestamp: Any = None) -> None:
        self.pending = False
        if not self.dirty:
            return  # already drawn since the request: a second draw would cut the animation
        self.dirty = False
        self.draw()
        self.count += 1
        document.body.dataset.frame = str(self.count)
