"""The solver's side of the page's Web Worker (static/solver-worker.mjs): searches off the main
thread, so that input never waits for a search.

Pure Python (the clock is passed in): the worker's JavaScript hands each message from the
page to :meth:`Searches.receive` and calls :meth:`Searches.work` in slices between messages,
posting what it returns. Messages are JSON text both ways (no proxies to leak):

- page → worker: ``{"type": "start", "id", "kind": "hint" | "check" | "watch", "position",
  "seconds", "wall_ms", "states"}`` (``position``: the engine's position text; a "watch" is
  the quiet look after each move for "no longer winnable") and ``{"type": "stop", "id"}``;
  ``{"type": "yield", "ms"}`` (the player is pressing, dragging or typing) pauses the slices
  in the worker's JavaScript and never reaches Python;
- worker → page: ``{"type": "progress", "id", "states", "seconds"}`` (checks, about four a
  second) and ``{"type": "done", "id", "verdict", "moves", "states", "seconds", "proof"}``
  (``moves`` in the engine's move text, from the position sent; ``proof``: a proof of loss's
  facts, ``null`` without one, which the page puts in its own language).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import game
from game.solver import UNWINNABLE, Result

from .assist import Job

PROGRESS_MS = 250.0  # a check reports its progress about this often

# what the worker imports: the engine, the solver and the search slicing; not the browser room
FILES = (
    "game/*.py",
    "game/solver/*.py",
    "game/ui/__init__.py",
    "game/ui/solving/__init__.py",
    "game/ui/solving/assist.py",
)
FILES_TOO = ("game/ui/solving/solver_worker.py",)


def game_files(root: Path = Path()) -> dict[str, str]:
    """The Python files the worker needs, by path, from this interpreter's file system."""
    paths = [p for pattern in FILES for p in root.glob(pattern)]
    paths += [root / name for name in FILES_TOO]
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8") for p in paths}


def start_message(
    ident: int,
    kind: str,
    g: game.Solitaire,
    seconds: float | None = None,
    wall_ms: float | None = None,
    states: int | None = None,
) -> str:
    """The page's request for a search of ``g``'s position (budgets: search seconds, wall
    milliseconds, states; the first reached ends it)."""
    return json.dumps(
        {
            "type": "start",
            "id": ident,
            "kind": kind,
            "position": g.position(),
            "seconds": seconds,
            "wall_ms": wall_ms,
            "states": states,
        }
    )


def stop_message(ident: int) -> str:
    """The page's request to end search ``ident`` (ignored if another one is running)."""
    return json.dumps({"type": "stop", "id": ident})


def result_of(message: dict[str, Any]) -> Result:
    """The worker's ``done`` message as the solver's :class:`Result`."""
    from game.solver.proofs import Proof  # (not at boot: the page's first visit skips it)

    return Result(
        message["verdict"],
        [game.Move.from_text(text) for text in message["moves"]],
        message["states"],
        message["seconds"],
        Proof.from_json(message["proof"]) if message.get("proof") else None,
    )


class Searches:
    """The worker's one search at a time; a new start replaces the one running."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.ident: int | None = None
        self.job: Job | None = None
        self.reported = 0.0

    @property
    def busy(self) -> bool:
        return self.job is not None

    def receive(self, text: str) -> str | None:
        """Take a message from the page; a reply to post at once, if there is one (a proof of
        loss needs no search: it is tried first, whatever the kind)."""
        message = json.loads(text)
        if message["type"] == "stop":
            if message["id"] == self.ident:
                self.ident, self.job = None, None
            return None
        if message["type"] != "start":
            raise ValueError(f"unknown message type {message['type']!r}")
        self.ident, self.job = message["id"], None
        from game.solver.proofs import prove_unwinnable  # (the worker's: not at the page's boot)

        g = game.from_position(message["position"])
        started = self.clock()
        proof = prove_unwinnable(g)
        if proof is not None:
            seconds = (self.clock() - started) / 1000
            return self.done(Result(UNWINNABLE, seconds=seconds, proof=proof))
        self.job = Job(
            message["kind"],
            g,
            self.clock,
            seconds=message["seconds"],
            wall_ms=message["wall_ms"],
            states=message.get("states"),
        )
        self.reported = self.clock()
        return None

    def work(self, budget_ms: float) -> str | None:
        """Search for about ``budget_ms``: the message to post (progress or the verdict), if
        any."""
        job = self.job
        if job is None:
            return None
        result = job.advance(budget_ms)
        if result is not None:
            return self.done(result)
        now = self.clock()
        if job.kind == "check" and now - self.reported >= PROGRESS_MS:
            self.reported = now
            return json.dumps(
                {
                    "type": "progress",
                    "id": self.ident,
                    "states": job.states,
                    "seconds": job.seconds,
                }
            )
        return None

    def done(self, result: Result) -> str:
        ident, self.ident, self.job = self.ident, None, None
        return json.dumps(
            {
                "type": "done",
                "id": ident,
                "verdict": result.verdict,
                "moves": [move.text() for move in result.moves],
                "states": result.states,
                "seconds": result.seconds,
                "proof": result.proof.as_json() if result.proof is not None else None,
            }
        )
