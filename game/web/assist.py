"""Hints and "Can this deal be won?": solver searches the page runs in short slices.

Pure Python (the clock is passed in), so the tests drive it without a browser. The page asks a
:class:`Job` to work for a few milliseconds at a time between input events; a winning line it
finds becomes a :class:`Line`, which answers later hints at once while the player follows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import Move, Solitaire
from ..solver import UNKNOWN, Result, adapter_for, search
from ..solver.search import Tree

HINT_MS = 1500  # a hint answers within this (a guess if no winning line came up by then)
CHECK_SECONDS = 60.0  # "Can this deal be won?": searching time before "no verdict"


def state_key(g: Solitaire) -> str:
    """What decides the future of a position: the layout and redeals left, not the counters."""
    return g.position().split("\n", 1)[1] + str(getattr(g, "redeals_left", ""))


class Line:
    """A winning line and the positions along it: the hint for any position on the line."""

    def __init__(self, start: Solitaire, moves: list[Move]) -> None:
        g = start.copy()
        self.steps: dict[str, Move] = {}
        for move in moves:
            self.steps.setdefault(state_key(g), move)
            g.play_move(move)

    def next_move(self, g: Solitaire) -> Move | None:
        """The line's move from this position, if the player is still on the line."""
        return self.steps.get(state_key(g))


def heuristic_move(g: Solitaire) -> Move | None:
    """The move the solver would try first here: what a hint offers without a winning line."""
    adapter: Tree[Any] = adapter_for(g)
    actions = adapter.actions()
    if actions:
        return adapter.moves(adapter.play(actions[0]))[0]
    if "stock" in g.PLACES and g.cards("stock"):
        return Move("stock", "waste")
    return None


class Job:
    """One search in slices: ``advance(ms)`` works about that long, then gives the page back."""

    def __init__(
        self,
        kind: str,
        g: Solitaire,
        clock: Callable[[], float],
        seconds: float | None = None,
        wall_ms: float | None = None,
    ) -> None:
        self.kind = kind  # "hint" or "check"
        self.start = g.copy()
        self.key = state_key(g)
        self.clock = clock
        self.search = search(g, seconds=seconds)
        self.began = clock()
        self.wall_ms = wall_ms
        self.steps = 16  # adapted so that one run of the search takes about a quarter slice
        self.result: Result | None = None

    @property
    def states(self) -> int:
        return self.search.states

    @property
    def seconds(self) -> float:
        return (self.clock() - self.began) / 1000

    def advance(self, budget_ms: float) -> Result | None:
        """Search for about ``budget_ms``; the result when the search is over, else None."""
        started = self.clock()
        while self.result is None:
            before = self.clock()
            result = self.search.run(self.steps)
            now = self.clock()
            if result is not None:
                self.result = result
            elif self.wall_ms is not None and now - self.began >= self.wall_ms:
                self.result = Result(UNKNOWN, [], self.states, self.search.elapsed)
            else:
                spent = max(now - before, 0.05)
                self.steps = max(1, min(4000, int(self.steps * budget_ms / 4 / spent)))
                if now - started >= budget_ms - spent:
                    return None
        return self.result
