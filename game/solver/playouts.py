"""Random-greedy playouts: a cheap search that wins deals the beam search misses.

A playout plays one game at random with a greedy taste: a card home whenever one can go
(pile or column to a foundation); else a random one of the moves after which a card can go
home, or of all moves if none does (never a foundation card back, a draw, or the move just
played taken back); stuck (no such move, or :data:`PATIENCE` moves without a card home): a
draw or a redeal where the game has one, else the end.

In Forty Thieves and its family, where the beam's budget goes into the width of its choices,
a hundred playouts win about one deal in eleven of deals 0–99, most of them deals no beam run
up to 1.8 million states had won (docs/SOLVER.md, "Daily deals"). A win is a line of the
engine's own moves: the caller replays it through the checked API before it counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game import REDEAL, Move, Solitaire

from .result import UNKNOWN, WINNABLE, Result

PATIENCE = 40  # moves without a card home before a playout counts as stuck


@dataclass(frozen=True)
class Playout:
    """One playout: won or not, the cards home at its end (Crescent's bases included), and
    its moves from the position it started in."""

    won: bool
    home: int
    moves: tuple[Move, ...]


def playout(start: Solitaire, rng: random.Random) -> Playout:
    """One random-greedy game from ``start`` (a copy is played: ``start`` is untouched)."""
    g = start.copy()
    places = g.layout
    # the foundations' place numbers, by the game's facts (0-7, and Floradora's Kings' last)
    homes = frozenset(i for i, fact in enumerate(g.FACTS) if fact.kind == "foundation")
    stock = g.NUMBERS.get("stock", -1)  # a game with a stock: drawing is the way on
    moves: list[Move] = []
    last = (-1, -1)
    idle = 0
    while not g.is_won():
        legal = [(s, d) for s, d in g.legal_at() if s not in homes]  # never a card back
        home = [(s, d) for s, d in legal if d in homes]
        if home:
            moves.append(g.move_of(g.apply_at(*rng.choice(home))))
            idle = 0
            continue
        draws = [(s, d) for s, d in legal if s == stock]
        legal = [(s, d) for s, d in legal if (d, s) != last and s != stock]
        if idle >= PATIENCE or not legal:
            if draws:
                moves.append(g.move_of(g.apply_at(*draws[0])))
            elif g.redeal_allowed:
                g.apply(REDEAL)
                moves.append(REDEAL)
            else:
                break
            idle, last = 0, (-1, -1)
            continue
        freeing = []
        for move in legal:
            record = g.apply_at(*move)
            if g.can_go_home():
                freeing.append(move)
            g.unapply(record)
        last = rng.choice(freeing or legal)
        moves.append(g.move_of(g.apply_at(*last)))
        idle += 1
    return Playout(g.is_won(), sum(len(places[f]) for f in homes), tuple(moves))


def playouts(start: Solitaire, tries: int, seed: int = 0) -> Result:
    """Up to ``tries`` playouts from ``start`` (seeded: the same answer on every machine):
    the first win's line (``states`` is the playouts it took), else unknown (``states``:
    ``tries``). Never a proof: a playout that loses proves nothing."""
    rng = random.Random(seed)
    for n in range(1, tries + 1):
        done = playout(start, rng)
        if done.won:
            return Result(WINNABLE, list(done.moves), states=n)
    return Result(UNKNOWN, states=tries)


def wins(start: Solitaire, tries: int, seed: int = 0) -> int:
    """How many of ``tries`` seeded playouts win: a deal's difficulty, as a share."""
    rng = random.Random(seed)
    return sum(playout(start, rng).won for _ in range(tries))


class Playing:
    """Playouts as a portfolio's member (``nested.Portfolio``), beside the family's beam: each
    playout is played whole and its moves count as its steps and states, so its turns end on
    the same playouts however the search is sliced (the same seed, the same answer)."""

    def __init__(self, start: Solitaire, seed: int = 0) -> None:
        self.start = start.copy()
        self.rng = random.Random(seed)
        self.result: Result | None = None
        self._steps = 0

    @property
    def states(self) -> int:
        return self._steps

    @property
    def steps(self) -> int:
        return self._steps

    def run(self, steps: int | None = None) -> Result | None:
        """Playouts until ``steps`` more moves are played (one playout without a limit); the
        first win's line, or ``None``: it never ends on its own, nor proves a loss."""
        if self.result is not None:
            return self.result
        goal = self._steps + (steps if steps is not None else 1)
        while self._steps < goal:
            done = playout(self.start, self.rng)
            self._steps += max(1, len(done.moves))
            if done.won:
                self.result = Result(WINNABLE, list(done.moves), states=self._steps)
                return self.result
        return None
