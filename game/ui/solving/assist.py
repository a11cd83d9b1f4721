"""Hints and "Can this deal be won?": solver searches the page runs in short slices.

Pure Python (the clock is passed in), so the tests drive it without a browser. The page asks a
:class:`Job` to work for a few milliseconds at a time between input events; a winning line it
finds becomes a :class:`Line`, which answers later hints at once while the player follows it.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

from ... import Move, Solitaire, new
from ...core import HISTORY_LIMIT
from ...solver import UNKNOWN, UNWINNABLE, WINNABLE, Result, adapter_for, search

if TYPE_CHECKING:
    from ...solver.searches import Tree

WATCH_STATES = 20_000  # the quiet look after each move: a proof, or a short search (~0.5 s)
HINT_MS = 1500  # a hint answers within this (a guess if no winning line came up by then)
HINT_DEADLINE_MS = 1700  # ... and the page within this of the click, even while the worker boots
CHECK_SECONDS = 60.0  # "Can this deal be won?": searching time before "no verdict"


StateKey = bytes


def state_key(g: Solitaire) -> StateKey:
    """What decides the future of a position: the layout, the cards face down and redeals
    left, not the counters.
    Each place's cards as bytes (a card is a number below 52), places apart by 255: taken
    after every move, so not the position's text (a tenth of a millisecond more)."""
    places = b"\xff".join(map(bytes, g.layout))
    key = places + b"\xff" + bytes([g.redeals_left])
    return key + bytes(g.face_down_counts()) if g.hidden else key


def at_deal_start(g: Solitaire) -> bool:
    """Is this its deal's starting position? By the position itself: a redeal is not a move,
    so a move count of 0 does not say it (nor does Forty Thieves' count go down on undo)."""
    if not g.code:
        return False  # a position loaded as text: no deal to start from
    return state_key(g) == state_key(new(g.code))


def loop_free(start: Solitaire, moves: list[Move]) -> list[Move]:
    """``moves`` from ``start`` with every stretch that comes back to a position it had left
    cut out: a playout's win wanders (a card to an empty column and on round the columns back
    to where it was), and a hint that follows such a line round would follow it for ever."""
    g = start.copy()
    keys = [state_key(g)]  # keys[i]: the position before kept[i] (and after kept[i - 1])
    at = {keys[0]: 0}
    kept: list[Move] = []
    for move in moves:
        g.play_move(move)
        key = state_key(g)
        back = at.get(key)
        if back is None:
            at[key] = len(keys)
            keys.append(key)
            kept.append(move)
        else:  # back where it was before kept[back]: that stretch goes
            for gone in keys[back + 1 :]:
                del at[gone]
            del keys[back + 1 :], kept[back:]
    return kept


class Line:
    """A winning line and the positions along it: the hint for any position on the line.
    Its loops are cut out first (:func:`loop_free`): following it never comes back to a
    position."""

    def __init__(self, start: Solitaire, moves: list[Move]) -> None:
        g = start.copy()
        self.moves = loop_free(start, moves)
        self.steps: dict[StateKey, Move] = {}
        for move in self.moves:
            self.steps[state_key(g)] = move
            g.play_move(move)

    def next_move(self, g: Solitaire) -> Move | None:
        """The line's move from this position, if the player is still on the line."""
        return self.steps.get(state_key(g))


def leads_to(g: Solitaire, move: Move) -> StateKey:
    """The position ``move`` leads to from ``g`` (``g`` is left as it was)."""
    record = g.apply(move)
    try:
        return state_key(g)
    finally:
        g.unapply(record)


def heuristic_move(g: Solitaire, played: Container[StateKey] = ()) -> Move | None:
    """The move the solver would try first here, of those that lead to no position in
    ``played`` (the positions already played in this game: a guess that goes back would go
    round in circles): what a hint offers without a winning line. None: no such move."""
    adapter: Tree[Any] = adapter_for(g)
    for action in adapter.actions():
        token = adapter.play(action)
        move = adapter.moves(token)[0]
        adapter.undo(token)
        if leads_to(g, move) not in played:
            return move
    if "stock" in g.PLACES and g.cards("stock"):
        return Move("stock", "waste")  # (a draw never goes back: the stock only shrinks)
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
        states: int | None = None,
    ) -> None:
        self.kind = kind  # "hint", "check" or "watch"
        self.start = g.copy()
        self.key = state_key(g)
        self.clock = clock
        # the quiet look is there to prove losses: the search that proves sooner
        self.search = search(g, states=states, seconds=seconds, for_proofs=kind == "watch")
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


class Trail:
    """The positions the player can undo back to, newest last, and what is known of each: so
    that when the position on the table is proven lost, the page can name the last one known
    to be winnable and undo back to it.

    Fed the state key after every change: a key already on the trail is an undo (or a redo
    back along it) and cuts the trail there; a game with nothing to undo (a new deal, after a
    redeal) starts a new trail.
    """

    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        self.keys: list[StateKey] = []
        self.known: dict[StateKey, str] = {}  # state key -> WINNABLE or UNWINNABLE
        self.limit = limit

    def moved(self, key: StateKey, can_undo: bool) -> None:
        if not can_undo:
            self.keys = [key]
        elif key in self.keys:
            del self.keys[self.keys.index(key) + 1 :]
        else:
            self.keys.append(key)
            del self.keys[: -self.limit - 1]  # no further back than undo can go

    def learn(self, key: StateKey, verdict: str) -> None:
        """A search's verdict on a position (``unknown`` teaches nothing)."""
        if verdict in (WINNABLE, UNWINNABLE):
            self.known[key] = verdict

    def lost(self) -> bool:
        return bool(self.keys) and self.known.get(self.keys[-1]) == UNWINNABLE

    def back_to_winnable(self) -> int | None:
        """How many undos lead back to the newest position known to be winnable (``None``: none
        on the trail)."""
        for steps, key in enumerate(reversed(self.keys)):
            if self.known.get(key) == WINNABLE:
                return steps
        return None
