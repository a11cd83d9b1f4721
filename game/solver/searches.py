"""The search both games share: a depth-first search with a transposition table that can stop
after any number of steps and resume, so the page can run it in short slices.

Depth-first with a table of every state seen is exhaustive: when the stack empties without a
win, no won position is reachable, and the verdict "unwinnable" is a proof (the table is never
pruned; the state budget bounds its size instead). The move order inside each state, chosen by
the game's adapter, is what makes wins come early.

An adapter (one per game, in this package) speaks the engine's own rules through its public
fast path: it lists actions from the engine's move generator, plays them with the engine's
unchecked ``apply_at``, and writes a state key that identifies positions the rules cannot tell
apart. Each search names the adapter it needs: :class:`Tree` for depth-first search,
:class:`Scored` (a tree that can also save, restore and score a state) for beams.
"""

from __future__ import annotations

import functools
import gc
import time
from collections.abc import Callable
from operator import itemgetter
from typing import Any, Protocol, TypeVar

from ..core import Move, Record
from .result import UNKNOWN, UNWINNABLE, WINNABLE, Result

by_rank = itemgetter(0)  # sort key of (rank or score, ...) tuples: ties keep their order

Token = list[Record]  # what an action played: the engine's records, for ``undo``
Node = tuple[Any, "Node"] | None  # a beam's line, shared: (last action, the rest)
A = TypeVar("A")  # an adapter's action
Saved = Any  # a state a Scored adapter keeps aside: whatever its ``snapshot`` returns


def without_gc(run: Callable[..., Result | None]) -> Callable[..., Result | None]:
    """Run a search with Python's cycle collector off: a search makes no reference cycles
    (reference counting frees all it drops), but it allocates so many containers that the
    collector, which scans the ones alive, ran often and long: Forty Thieves' beam 26 % of
    its time at 60 000 states, Crescent 6 %. The collector is back on when the slice ends."""

    @functools.wraps(run)
    def wrapper(*args: Any, **kwargs: Any) -> Result | None:
        if not gc.isenabled():
            return run(*args, **kwargs)
        gc.disable()
        try:
            return run(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper


class Tree(Protocol[A]):
    """What a depth-first search needs of a game."""

    def key(self) -> tuple[int, int]:
        """The state's key (a hash that stands for the position: keys.py) and its rank: a
        state is pruned when its key was seen at a rank at least as high (Crescent: redeals
        left, since more redeals can only help)."""
        ...

    def actions(self) -> list[A]:
        """The actions to try here, best first."""
        ...

    def peek(self, action: A) -> tuple[int, int] | None:
        """The key and rank ``play(action)`` would reach, worked out without playing, or
        ``None`` where that is not cheap: most actions lead to a state seen already, and those
        are skipped without the engine's apply and unapply."""
        ...

    def play(self, action: A) -> Token:
        """Play one action (plus any safe automatic moves); return what ``undo`` needs."""
        ...

    def undo(self, token: Token) -> None: ...

    def won(self) -> bool: ...

    def moves(self, token: Token) -> list[Move]:
        """The engine moves a token stands for (a redeal is :data:`game.REDEAL`)."""
        ...

    def start(self) -> Token:
        """Safe automatic moves in the starting position; a token like ``play``'s."""
        ...


class Scored(Tree[A], Protocol[A]):
    """What a beam needs besides: a state to keep aside and come back to, and its promise."""

    def snapshot(self) -> Saved: ...

    def restore(self, snapshot: Saved) -> None: ...

    def score(self) -> int:
        """Lower is better: how promising the position looks."""
        ...

    def glance(self, action: A) -> tuple[int, int] | None:
        """The key and the score ``play(action)`` would reach, worked out without playing, or
        ``None`` where that is not cheap or the action may win: a beam plays only those."""
        ...


class _Sliced:
    """The budget and slice bookkeeping of a resumable search (``run(steps)``)."""

    CHECK_EVERY = 256  # steps between budget checks (a power of two). Crescent's restarts
    # depend on it: a run given fewer states lasts this many steps (Restarts' docstring)
    max_states: int | None
    max_seconds: float | None
    elapsed: float
    result: Result | None
    _done: int

    @property
    def steps(self) -> int:
        """Steps done over all slices."""
        return self._done

    def _budget(self, started: float) -> tuple[float, float | None]:
        """The state limit and the deadline of this slice."""
        limit = self.max_states if self.max_states is not None else float("inf")
        deadline = started + (self.max_seconds - self.elapsed) if self.max_seconds else None
        return limit, deadline

    def _spent(self, done: int, states: int, max_states: float, deadline: float | None) -> bool:
        """Is the budget spent? Checked every CHECK_EVERY steps, counted over all slices."""
        return done & (self.CHECK_EVERY - 1) == 0 and (
            states >= max_states or (deadline is not None and time.perf_counter() >= deadline)
        )

    def _pause(self, done: int, started: float) -> None:
        self._done = done
        self.elapsed += time.perf_counter() - started

    def _finish(self, done: int, started: float, states: int) -> Result:
        self._pause(done, started)
        assert self.result is not None
        self.result.states, self.result.seconds = states, self.elapsed
        return self.result


class Search(_Sliced):
    """One search, resumable: call :meth:`run` until it returns a :class:`Result`."""

    def __init__(
        self, adapter: Tree[Any], states: int | None = None, seconds: float | None = None
    ) -> None:
        self.adapter = adapter
        self.max_states = states
        self.max_seconds = seconds
        self.seen: dict[int, int] = {}
        self.elapsed = 0.0
        self.result: Result | None = None
        self._done = 0  # actions tried, over all slices: the budget checks fall on the same steps
        self._first = adapter.start()
        self._frames: list[list[Any]] = []  # [actions, next index, token that led here]
        self._enter(None)

    @property
    def states(self) -> int:
        return len(self.seen)

    def _enter(self, token: Token | None) -> None:
        """Arrive at a state: a win ends the search; a new state gets its frame."""
        adapter = self.adapter
        if adapter.won():
            self._frames.append([[], 0, token])
            self.result = Result(WINNABLE, self._line())
            return
        key, rank = adapter.key()
        if self.seen.get(key, -1) >= rank:
            if token is not None:
                adapter.undo(token)
            return
        self.seen[key] = rank
        self._frames.append([adapter.actions(), 0, token])

    def _line(self) -> list[Move]:
        moves = self.adapter.moves(self._first)
        for frame in self._frames:
            if frame[2] is not None:
                moves += self.adapter.moves(frame[2])
        return moves

    @without_gc
    def run(self, steps: int | None = None) -> Result | None:
        """Search for up to ``steps`` actions (all of the budget if ``None``); the verdict, or
        ``None`` when a slice ended first."""
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        frames, adapter, seen = self._frames, self.adapter, self.seen
        max_states, deadline = self._budget(started)
        done, limit = self._done, self._done + steps if steps is not None else float("inf")
        play, undo, key, won, actions_of, peek = (
            adapter.play,
            adapter.undo,
            adapter.key,
            adapter.won,
            adapter.actions,
            adapter.peek,
        )
        mask = self.CHECK_EVERY - 1
        while frames:
            frame = frames[-1]
            actions, i = frame[0], frame[1]
            if i < len(actions):  # _enter, inlined: this loop is the search's hot path
                frame[1] = i + 1
                action = actions[i]
                ahead = peek(action)
                if ahead is not None and seen.get(ahead[0], -1) >= ahead[1]:
                    pass  # seen: skipped without playing it (a won position is never seen)
                else:
                    token = play(action)
                    k, rank = key() if ahead is None else ahead
                    if ahead is None and seen.get(k, -1) >= rank:
                        undo(token)
                    elif won():
                        frames.append([[], 0, token])
                        self.result = Result(WINNABLE, self._line())
                        break
                    else:
                        seen[k] = rank
                        frames.append([actions_of(), 0, token])
            else:
                frames.pop()
                if frame[2] is not None:
                    undo(frame[2])
            done += 1
            if not done & mask and self._spent(done, len(seen), max_states, deadline):
                self.result = Result(UNKNOWN)
                break
            if done >= limit:
                self._pause(done, started)
                return None
        else:  # everything searched: a proof, unless the adapter left some actions out
            self.result = Result(UNWINNABLE if getattr(adapter, "complete", True) else UNKNOWN)
        return self._finish(done, started, len(seen))


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...: restart budgets
    that waste at most a log factor against the best fixed budget, whatever it is."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class Restarts:
    """Depth-first searches with a fresh table and a reshuffled move order each time, on Luby
    budgets: wins in these games hide behind early choices that one long search never revisits.
    Any run that empties its stack has searched everything: its "unwinnable" is a proof.

    The unit is small, so most runs are short dives: a run's budget is checked every
    ``CHECK_EVERY`` steps, so a run given less lasts those 256 steps (about 120-200 Crescent
    states), and with a unit of 10 about 97 % of runs are such dives, with Luby's rare long
    runs between them. That finds more Crescent wins than a unit of 150 (deals 0-119 at
    100 000 states: 80 won against 68; docs/SOLVER.md). The price is proofs: a lost position
    is proven only by a run as long as its whole tree, which comes later with a small unit, so
    a search that wants proofs more than wins (the page's quiet look) passes ``PROOF_UNIT``."""

    UNIT = 10
    PROOF_UNIT = 150  # proves small lost trees 2-20 times sooner than UNIT

    def __init__(
        self,
        make_adapter: Callable[[int], Tree[Any]],
        states: int | None = None,
        seconds: float | None = None,
        unit: int = UNIT,
    ) -> None:
        self.make_adapter = make_adapter
        self.max_states = states
        self.max_seconds = seconds
        self.unit = unit
        self.result: Result | None = None
        self.total = 0  # states of the finished runs
        self.elapsed = 0.0
        self._run = 0
        self._steps_before = 0  # steps of the finished runs
        self.current: Search
        self._next()

    def _next(self) -> None:
        if self._run:
            self._steps_before += self.current.steps
        self._run += 1
        budget = luby(self._run) * self.unit
        if self.max_states is not None:
            budget = min(budget, self.max_states - self.total)
        self.current = Search(self.make_adapter(self._run - 1), states=budget)

    @property
    def states(self) -> int:
        return self.total + self.current.states

    @property
    def steps(self) -> int:
        """Steps over all runs: the same count however the search was sliced."""
        return self._steps_before + self.current.steps

    @without_gc
    def run(self, steps: int | None = None) -> Result | None:
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        deadline = started + (self.max_seconds - self.elapsed) if self.max_seconds else None
        while True:
            slice_steps = steps if steps is not None else 4096
            result = self.current.run(slice_steps)
            out_of_time = deadline is not None and time.perf_counter() >= deadline
            if result is None:
                if out_of_time:
                    self.total += self.current.states
                    result = Result(UNKNOWN)
                elif steps is None:
                    continue
                else:
                    self.elapsed += time.perf_counter() - started
                    return None
            elif result.verdict == UNKNOWN:  # this run's budget is spent
                self.total += self.current.states
                if not out_of_time and (self.max_states is None or self.total < self.max_states):
                    self._next()
                    if steps is None:
                        continue
                    self.elapsed += time.perf_counter() - started
                    return None
            self.elapsed += time.perf_counter() - started
            self.result = Result(
                result.verdict,
                result.moves,
                self.total + (0 if result.verdict == UNKNOWN else self.current.states),
                self.elapsed,
            )
            return self.result


class Beam(_Sliced):
    """Beam searches of doubling width: each layer keeps the ``width`` states the adapter
    scores best. Forty Thieves' wins are long and narrow, and a wide beam walks them where a
    depth-first search stays stuck under its first choices. A beam that never had to drop a
    state is a breadth-first search of everything reachable: if it dies out, that is a proof.
    """

    def __init__(
        self,
        adapter: Scored[Any],
        states: int | None = None,
        seconds: float | None = None,
        width: int = 64,
    ) -> None:
        self.adapter = adapter
        self.max_states = states
        self.max_seconds = seconds
        self.width = width
        self.elapsed = 0.0
        self.total = 0  # states of the finished beams
        self._done = 0  # states expanded over all slices: the budget checks fall alike
        self.result: Result | None = None
        self._first = adapter.moves(adapter.start())
        self.root = adapter.snapshot()
        self.root_key = adapter.key()[0]  # a wider beam begins again from here
        if adapter.won():
            self.result = Result(WINNABLE, self._first)
        self._begin()

    def _begin(self) -> None:
        # the root's key, not the adapter's: the adapter is wherever the last beam left it
        self.seen: set[int] = {self.root_key}
        # a layer's state is its parent's saved state and its line, whose last action leads
        # there from the parent: only the states a layer keeps are ever rebuilt, and only the
        # states expanded are saved
        self.layer: list[tuple[int, Saved, Node]] = [(0, self.root, None)]
        self.next: list[tuple[int, Saved, Node]] = []  # (score, parent, line)
        self.index = 0
        self.dropped = False

    @property
    def states(self) -> int:
        return self.total + len(self.seen)

    @property
    def steps(self) -> int:
        """States expanded, over all slices (a portfolio's turns count them)."""
        return self._done

    @without_gc
    def run(self, steps: int | None = None) -> Result | None:
        """Expand up to ``steps`` states (all of the budget if ``None``)."""
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        adapter = self.adapter
        max_states, deadline = self._budget(started)
        done, limit = self._done, self._done + steps if steps is not None else float("inf")
        seen, glance = self.seen, adapter.glance
        while self.result is None:
            if self.index == len(self.layer):  # the layer is done: the best of the next one
                if not self.next:
                    if not self.dropped:
                        self.result = Result(UNWINNABLE)
                        break
                    self.total += len(seen)  # a dead beam proves nothing: a wider one
                    self.width *= 2
                    self._begin()
                    seen = self.seen
                    continue
                self.next.sort(key=by_rank)
                self.dropped = self.dropped or len(self.next) > self.width
                self.layer = self.next[: self.width]
                self.next, self.index = [], 0
            _, parent, node = self.layer[self.index]
            self.index += 1
            adapter.restore(parent)
            if node is not None:
                adapter.play(node[0])
            saved = None
            for action in adapter.actions():
                ahead = glance(action)
                if ahead is None:  # played to see
                    token = adapter.play(action)
                    if adapter.won():
                        self.result = Result(WINNABLE, self._line((action, node)))
                        break
                    key = adapter.key()[0]
                    if key in seen:
                        adapter.undo(token)
                        continue
                    score = adapter.score()
                    adapter.undo(token)
                else:
                    key, score = ahead
                    if key in seen:
                        continue
                seen.add(key)
                if saved is None:
                    saved = adapter.snapshot()
                self.next.append((score, saved, (action, node)))
            done += 1
            if self.result is not None:
                break
            if self._spent(done, self.states, max_states, deadline):
                self.result = Result(UNKNOWN)
                break
            if done >= limit:
                self._pause(done, started)
                return None
        return self._finish(done, started, self.states)

    def _line(self, node: Node) -> list[Move]:
        """The engine moves from the start to ``node``'s state: its actions played again from
        the root (the search is over, so the adapter's state is free)."""
        actions = []
        while node is not None:
            actions.append(node[0])
            node = node[1]
        adapter = self.adapter
        adapter.restore(self.root)
        moves = self._first[:]
        for action in reversed(actions):
            moves += adapter.moves(adapter.play(action))
        return moves
