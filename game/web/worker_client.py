"""The page's handle on the solver's Web Worker (static/solver-worker.mjs).

Started on the first search or when the page has been idle for a while after it became
ready, never during boot; started again by the next Hint or check if it failed (its script
did not load: offline before the service worker kept it). It boots its own Pyodide from the
files this interpreter already holds (no download: the game's Python goes over in the first
message), then takes searches.
Replies arrive as JSON text (game/ui/solving/solver_worker.py says what each holds) and go to the
``receive`` callback; requests made before the worker is ready wait in order.
body[data-solver-thread] says where searches run: "starting", "worker", or "failed".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from game.ui.guard import Guard
from game.ui.solving.solver_worker import game_files

WORKER_URL = "./static/solver-worker.mjs"
IDLE_START_MS = 3000  # after ready, an idle page starts the worker so a first Hint is quick
# a press, drag or key pauses the search this long (renewed at most every half of it, so the
# pause ends 125-250 ms after the last input)
STEP_ASIDE_MS = 250
STEP_ASIDE = json.dumps({"type": "yield", "ms": STEP_ASIDE_MS})


class SolverWorker:
    """One Web Worker at a time for the page's searches."""

    def __init__(self, receive: Callable[[dict[str, Any]], None], guarded: Guard) -> None:
        self.receive = receive
        self.guarded = guarded
        self.worker: Any = None
        self.ready = False
        self.failed = False
        self.waiting: list[str] = []
        self.aside_at = -STEP_ASIDE_MS  # when the search was last asked to step aside
        self.handlers: tuple[Any, Any] | None = None  # the proxies, made once for every worker

    @property
    def started(self) -> bool:
        """Started and not failed (it may still be booting: requests wait)."""
        return self.worker is not None and not self.failed

    def start(self) -> None:
        """Boot the worker; harmless to call again while it runs. A worker that failed is
        booted anew (its script may load now: back online)."""
        if self.failed:
            self.failed, self.worker = False, None
        if self.worker is not None:
            return
        try:
            options = window.Object.fromEntries([["type", "module"], ["name", "solver"]])
            self.worker = window.Worker.new(WORKER_URL + window.location.search, options)
        except Exception as error:  # noqa: BLE001  no module workers here: no solver
            self.fail(str(error))
            return
        document.body.dataset.solverThread = "starting"
        if self.handlers is None:
            self.handlers = (
                create_proxy(self.guarded(self.message)),
                create_proxy(self.guarded(self.error)),
            )
        self.worker.onmessage, self.worker.onerror = self.handlers
        self.worker.postMessage(json.dumps({"type": "files", "files": game_files()}))

    def start_when_idle(self, then: Callable[[], None]) -> None:
        """Start the worker once the page has had nothing to do for a while, then call
        ``then`` (the page's quiet look at the deal on the table)."""

        def start_then(*_args: Any) -> None:
            self.start()  # (harmless if a Hint started it first)
            then()

        def later(*_args: Any) -> None:
            window.requestIdleCallback(
                create_proxy(self.guarded(start_then)),
                window.Object.fromEntries([["timeout", IDLE_START_MS]]),
            )

        window.setTimeout(create_proxy(later), IDLE_START_MS)

    def error(self, event: Any) -> None:
        """The worker's error event: a script that did not load (offline before it was kept)
        is a plain Event, with no message."""
        self.fail(str(getattr(event, "message", None) or "its script did not load"))

    def send(self, text: str) -> None:
        """Post a request (JSON text), starting the worker if it is not up yet (again, if it
        failed: each request the player makes tries once more)."""
        self.start()
        if self.ready:
            self.worker.postMessage(text)
        else:
            self.waiting.append(text)

    def cancel(self, text: str) -> None:
        """Post a stop (JSON text) to a worker that runs or boots: a worker that is not up
        has nothing to stop, and is not started for it."""
        if self.worker is None or self.failed:
            return
        if self.ready:
            self.worker.postMessage(text)
        else:
            self.waiting.append(text)

    def step_aside(self) -> None:
        """The player is pressing, dragging or typing: the search pauses for STEP_ASIDE_MS, so
        that the page has a core to itself (a phone has few; on two, the search slowed a tap's
        way to the screen by about a third at the p95). Renewed at most every half pause; a
        Hint or a check asked for runs at once (the worker clears the pause for it)."""
        now_ms = window.performance.now()
        if self.ready and now_ms - self.aside_at >= STEP_ASIDE_MS / 2:
            self.aside_at = now_ms
            self.worker.postMessage(STEP_ASIDE)

    def message(self, event: Any) -> None:
        reply = json.loads(event.data)
        if reply["type"] == "ready":
            self.ready = True
            document.body.dataset.solverThread = "worker"
            document.body.dataset.solverBoot = reply.get("boot", "")
            for text in self.waiting:
                self.worker.postMessage(text)
            self.waiting.clear()
        elif reply["type"] == "error":
            self.fail(reply["message"])
        else:
            self.receive(reply)

    def fail(self, why: str) -> None:
        """The worker cannot run: searches end as "no verdict" (the page says so), and the
        next request starts it again."""
        if self.failed:
            return
        window.console.warn(f"the solver's worker failed: {why}")
        self.failed = True
        self.ready = False
        document.body.dataset.solverThread = "failed"
        if self.worker is not None:
            self.worker.terminate()
        self.waiting.clear()
        self.receive({"type": "failed", "message": why})
