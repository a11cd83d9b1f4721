"""Nested Monte Carlo search (Cazenave, "Nested Monte-Carlo Search", IJCAI 2009): Crescent's
strongest search for wins.

A rollout plays the adapter's first action whose position is new on the line (in its move
order: for Crescent, home moves first, then the graded or the plain order, ``search()``
taking them by turns; equal ones reshuffled by the seed) until a win or a dead end, and
scores where it ended (``score``: cards still in play).
A level-1 search walks one line: at each step it plays every action followed by a rollout,
remembers the best sequence any of them reached, and takes that sequence's next action; a
level-n search does the same with level n-1 searches in place of rollouts. The best sequence is
kept across steps, so a line never ends worse than the best rollout seen along it. Each search
that ends without a win starts again with the next seed.

Restarted depth-first dives (search.py) are rollouts with a little backtracking at the end; a
nested search spends the same states looking one rollout ahead of every choice. On the 35 deals
of 0-199 that the dives left unknown at 10 s, level 1 won 24 within the same 750 000 states
(docs/SOLVER.md). It never proves a loss: its verdicts are winnable or unknown.

Sliced like the other searches (``run(steps)``): the search is a generator that yields to
``run`` every so many plays, so the page can stop and resume it between input events.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable
from typing import Any, Protocol, TypeVar

from ..core import Move
from .result import UNKNOWN, WINNABLE, Result
from .searches import Tree, without_gc

A = TypeVar("A")
Steps = Generator[None, None, tuple[int, list[Any]]]  # yields at pauses; (score, sequence)


class Rollable(Tree[A], Protocol[A]):
    """What a nested search needs of a game besides a tree: how far a position is from a win."""

    def score(self) -> int:
        """Lower is better (Crescent: the cards still in play)."""
        ...

    def ordered(self) -> Iterable[A]:
        """``actions``, made as they are asked for: a rollout mostly takes the first."""
        ...


class _Won(Exception):
    """A won position is on the trail: unwinds the search's generators at once."""


class Nested:
    """Nested Monte Carlo searches of ``level``, each with a new seed, until a win or the
    budget (states: positions played, counted over all searches)."""

    PAUSE = 256  # plays between budget checks

    def __init__(
        self,
        make_adapter: Callable[[int], Rollable[Any]],
        states: int | None = None,
        seconds: float | None = None,
        level: int = 1,
    ) -> None:
        self.make_adapter = make_adapter
        self.max_states = states
        self.max_seconds = seconds
        self.level = level
        self.plays = 0
        self.elapsed = 0.0
        self.result: Result | None = None
        self.searches = 0
        self.adapter: Rollable[Any] = make_adapter(1)
        self.seen: set[int] = set()
        self.trail: list[tuple[Any, Any, int]] = []  # (action, token, key) from the root
        self._first: list[Move] = []  # the moves of the adapter's start (safe moves)
        self._pause_at = 0
        self._steps = self._searches()

    @property
    def states(self) -> int:
        return self.plays

    @property
    def steps(self) -> int:
        return self.plays  # a portfolio's turns count plays too

    @without_gc
    def run(self, steps: int | None = None) -> Result | None:
        """Play up to ``steps`` positions (all of the budget if ``None``); the verdict, or
        ``None`` when a slice ended first."""
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        deadline = started + (self.max_seconds - self.elapsed) if self.max_seconds else None
        limit = self.plays + steps if steps is not None else None
        while True:
            pause = self.plays + self.PAUSE
            if limit is not None:
                pause = min(pause, limit)
            if self.max_states is not None:
                pause = min(pause, self.max_states)
            self._pause_at = pause
            try:
                next(self._steps)
            except _Won:
                self.result = Result(WINNABLE, self._line())
                break
            if self.max_states is not None and self.plays >= self.max_states:
                self.result = Result(UNKNOWN)
                break
            if deadline is not None and time.perf_counter() >= deadline:
                self.result = Result(UNKNOWN)
                break
            if limit is not None and self.plays >= limit:
                self.elapsed += time.perf_counter() - started
                return None
        self.elapsed += time.perf_counter() - started
        self.result.states, self.result.seconds = self.plays, self.elapsed
        return self.result

    def _line(self) -> list[Move]:
        """The engine moves of the trail, from the start."""
        moves = self.adapter.moves
        return self._first + [m for _action, token, _key in self.trail for m in moves(token)]

    def _searches(self) -> Generator[None, None, None]:
        while True:
            self.searches += 1
            self.plays += 1  # the start, played afresh: even a search with no move counts
            if self.searches > 1:
                self.adapter = self.make_adapter(self.searches)
            adapter = self.adapter
            self._first = adapter.moves(adapter.start())
            self.trail = []
            if adapter.won():
                raise _Won
            self.seen = {adapter.key()[0]}
            yield from self._nested(self.level)
            yield  # a pause between searches: a budget check even when a search is short

    def _play(self, action: Any) -> bool:
        """Play ``action`` if it leads to a position not yet on the trail. Played first and
        taken back if not: 99 tries in 100 lead somewhere new, so foreseeing the key (``peek``)
        first would only work it out twice. A play counts as a state where ``peek`` could not
        have spared it (the counts, so the budgets and the search, are as if it had)."""
        adapter, seen = self.adapter, self.seen
        token = adapter.play(action)
        key = adapter.key()[0]
        if key in seen:
            adapter.undo(token)
            if adapter.peek(action) is None:
                self.plays += 1
            return False
        self.plays += 1
        seen.add(key)
        self.trail.append((action, token, key))
        return True

    def _back(self, depth: int) -> None:
        """Undo the trail back to ``depth`` plays."""
        trail, undo, seen = self.trail, self.adapter.undo, self.seen
        while len(trail) > depth:
            _action, token, key = trail.pop()
            undo(token)
            seen.discard(key)

    def _rollout(self) -> Steps:
        adapter, trail = self.adapter, self.trail
        depth = len(trail)
        while True:
            if adapter.won():
                raise _Won
            if self.plays >= self._pause_at:
                yield
            for action in adapter.ordered():
                if self._play(action):
                    break
            else:
                break
        score = adapter.score()
        sequence = [step[0] for step in trail[depth:]]
        self._back(depth)
        return score, sequence

    def _nested(self, level: int) -> Steps:
        adapter, trail = self.adapter, self.trail
        depth = len(trail)
        best, best_sequence = adapter.score(), []
        while True:
            if adapter.won():
                raise _Won
            played = [step[0] for step in trail[depth:]]
            for action in adapter.actions():
                if not self._play(action):
                    continue
                if level == 1:
                    score, sequence = yield from self._rollout()
                else:
                    score, sequence = yield from self._nested(level - 1)
                self._back(len(trail) - 1)
                if score < best:
                    best, best_sequence = score, [*played, action, *sequence]
            if len(best_sequence) <= len(played) or not self._play(best_sequence[len(played)]):
                break
        self._back(depth)
        return best, best_sequence


class Member(Protocol):
    """A search a portfolio can run in turns."""

    result: Result | None

    @property
    def states(self) -> int: ...

    @property
    def steps(self) -> int:
        """Work done so far, in the search's own steps, however it was sliced."""
        ...

    def run(self, steps: int | None = None) -> Result | None: ...


class Portfolio:
    """Searches taking turns on one budget, each ``share`` × ``TURN`` of its own steps a turn;
    the first win or proof ends them all. Crescent's: a nested search for wins, beside
    restarted depth-first runs, the only ones that can prove a loss. Turns end at fixed step
    counts, so a sliced portfolio makes the same search as one run; the state budget is
    checked between turns."""

    TURN = 1024

    def __init__(
        self,
        members: list[tuple[Member, int]],
        states: int | None = None,
        seconds: float | None = None,
    ) -> None:
        self.members = members
        self.max_states = states
        self.max_seconds = seconds
        self.elapsed = 0.0
        self.result: Result | None = None
        self._turn = 0
        self._turn_end = members[0][1] * self.TURN
        self._retired = 0  # states of the members that ran out on their own

    @property
    def states(self) -> int:
        return self._retired + sum(member.states for member, _share in self.members)

    def run(self, steps: int | None = None) -> Result | None:
        """Search for about ``steps`` steps (all of the budget if ``None``); the verdict, or
        ``None`` when a slice ended first."""
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        deadline = started + (self.max_seconds - self.elapsed) if self.max_seconds else None
        left = steps
        while True:
            member = self.members[self._turn][0]
            before = member.steps
            wanted = self._turn_end - before
            result = member.run(wanted if left is None else min(wanted, left))
            if left is not None:
                left -= member.steps - before
            if result is not None and result.verdict != UNKNOWN:
                self.result = Result(result.verdict, result.moves, self.states)
                break
            if result is not None or member.steps >= self._turn_end:  # the next one's turn
                if result is not None:  # (a member that ran out on its own is left out)
                    self._retired += self.members.pop(self._turn)[0].states
                    if not self.members:
                        self.result = Result(UNKNOWN, states=self.states)
                        break
                else:
                    self._turn += 1
                self._turn %= len(self.members)
                following, share = self.members[self._turn]
                self._turn_end = following.steps + share * self.TURN
                if self.max_states is not None and self.states >= self.max_states:
                    self.result = Result(UNKNOWN, states=self.states)
                    break
            if deadline is not None and time.perf_counter() >= deadline:
                self.result = Result(UNKNOWN, states=self.states)
                break
            if left is not None and left <= 0:
                self.elapsed += time.perf_counter() - started
                return None
        self.elapsed += time.perf_counter() - started
        self.result.seconds = self.elapsed
        return self.result
