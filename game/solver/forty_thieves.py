"""Forty Thieves for the search: "play the k-th next stock card" actions, safe foundation moves,
a key that sorts the columns and the two foundations of each suit.

Drawing commutes with every move that does not touch the waste, so any line can be reordered
to draw only just before the drawn card is played: an action is (k draws, then one move), which
cuts the depth and skips every state with cards drawn for nothing. The key sorts the columns
(no rule refers to a column's place) and each suit's two foundation heights (a suit's two
foundations are alike), and keeps the waste in full: its order decides what comes free.

Everything here goes through the engine's public fast path (``legal_moves``, ``reason_at``,
``reason_onto``, ``apply_at``, ``unapply``, ``layout``, ``snapshot``): no rule is written twice.
"""

from __future__ import annotations

import random

from ..core import Move, Record, Snapshot
from ..forty_thieves import COLUMNS, STOCK, WASTE, FortyThieves
from .search import Token, by_rank

_FOUNDATIONS = range(8)
_COLUMNS = range(8, 8 + COLUMNS)
Action = tuple[int, int, int]  # (stock cards to draw first, source, destination)


class FortyThievesAdapter:
    """Searches a copy of the game; a token is the list of engine records an action played."""

    def __init__(self, game: FortyThieves, seed: int = 0, auto: bool = True) -> None:
        self.g = game.copy()
        self.rng = random.Random(seed) if seed else None  # reshuffles equally ranked actions
        self.p = self.g.layout
        self.auto = auto

    def snapshot(self) -> Snapshot:
        return self.g.snapshot()

    def restore(self, snapshot: Snapshot) -> None:
        self.g.restore(snapshot)

    def score(self) -> int:
        """Lower is better: cards home count most, then empty columns, then columns in suit
        sequence (a card not on the next higher of its suit blocks what lies under it),
        then a short waste."""
        p = self.p
        found = sum([len(p[f]) for f in _FOUNDATIONS])
        empty = disorder = 0
        for i in _COLUMNS:
            column = p[i]
            if not column:
                empty += 1
                continue
            below = column[0]
            for card in column[1:]:
                if card + 1 != below:
                    disorder += 1
                below = card
        return -20 * found + 6 * disorder - 8 * empty + len(p[WASTE])

    def key(self) -> tuple[bytes, int]:
        p = self.p
        columns = sorted([bytes(p[i]) for i in _COLUMNS])
        heights: list[int] = []
        for suit in range(4):
            a, b = len(p[suit]), len(p[suit + 4])
            heights += (a, b) if a <= b else (b, a)
        heights.append(len(p[STOCK]))
        return b"\xff".join(columns) + b"\xfe" + bytes(heights) + bytes(p[WASTE]), 0

    def actions(self) -> list[Action]:
        g, p, number = self.g, self.p, self.g.NUMBERS
        scored = []
        empty = [j for j in _COLUMNS if not p[j]][:1]  # the key sorts columns: one empty is all
        for move in g.legal_moves():
            s, d = number[move.src], number[move.dst]
            if s == STOCK or (d >= 8 and not p[d] and d not in empty):
                continue  # draws come as part of the actions below
            if d < 8:
                rank = 0
            elif s < 8:
                rank = 7  # foundation back to a column: rarely needed, always searched
            elif not p[d]:
                if s != WASTE and len(p[s]) == 1:
                    continue  # a lone card to another empty column: the same position
                rank = 5
            elif s == WASTE:
                rank = 2
            else:
                rank = 1 if len(p[s]) == 1 else 2  # emptying a column frees the best space
            scored.append((rank, 0, s, d))
        # the k-th next stock card, drawn and played at once (checked by the engine's own rule)
        stock = p[STOCK]
        tops: dict[int, int] = {p[j][-1]: j for j in _COLUMNS if p[j]}
        for k in range(1, len(stock) + 1):
            card = stock[-k]
            suit = card // 13
            targets = [suit, suit + 4, *empty]
            if card + 1 in tops and card % 13 != 12:
                targets.append(tops[card + 1])
            for d in targets:
                if g.reason_onto(d, card) is None:
                    rank = 3 if d < 8 else (4 if p[d] else 6)
                    scored.append((rank, k, WASTE, d))
        if self.rng is not None:
            self.rng.shuffle(scored)
        scored.sort(key=by_rank)
        return [(k, s, d) for _, k, s, d in scored]

    def play(self, action: Action) -> Token:
        apply_at = self.g.apply_at
        k, s, d = action
        records = [apply_at(STOCK, WASTE) for _ in range(k)]
        records.append(apply_at(s, d))
        if self.auto:
            self._auto(records)
        return records

    def _auto(self, records: list[Record]) -> None:
        """Cards that can only gain from going up: an Ace, or a card both of whose next-lower
        copies are already on foundations (nothing could be built on it in a column)."""
        g, p = self.g, self.p
        moved = True
        while moved:
            moved = False
            for s in (*_COLUMNS, WASTE):
                if not p[s]:
                    continue
                card = p[s][-1]
                suit, rank = card // 13, card % 13 + 1
                for f in (suit, suit + 4):
                    other = suit + 4 if f == suit else suit
                    if (rank == 1 or len(p[other]) >= rank - 1) and g.reason_at(s, f) is None:
                        records.append(g.apply_at(s, f))
                        moved = True
                        break

    def undo(self, token: Token) -> None:
        unapply = self.g.unapply
        for record in reversed(token):
            unapply(record)

    def won(self) -> bool:
        return self.g.is_won()

    def moves(self, token: Token) -> list[Move]:
        return [self.g.move_of(record) for record in token]

    def start(self) -> Token:
        records: list[Record] = []
        if self.auto:
            self._auto(records)
        return records
