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
from collections.abc import Sequence
from typing import Any

from ..core import Move, Record
from ..forty_thieves import COLUMNS, STOCK, WASTE, FortyThieves
from .keys import ZOBRIST, multiset_hash, place_hash, plain_cards
from .search import Token, by_rank

_FOUNDATIONS = range(8)
_COLUMNS = range(8, 8 + COLUMNS)
_SOURCES = (*_COLUMNS, WASTE)
Action = tuple[int, int, int]  # (stock cards to draw first, source, destination)


def _column_score(column: Sequence[int]) -> int:
    """-8 for an empty column, else 6 per card not on the next higher card of its suit."""
    if not column:
        return -8
    disorder = 0
    below = column[0]
    for card in column[1:]:
        if card + 1 != below:
            disorder += 1
        below = card
    return 6 * disorder


class FortyThievesAdapter:
    """Searches a copy of the game; a token is the list of engine records an action played."""

    def __init__(self, game: FortyThieves, seed: int = 0, auto: bool = True) -> None:
        self.g = game.copy()
        self.rng = random.Random(seed) if seed else None  # reshuffles equally ranked actions
        self.p = self.g.layout
        plain_cards(self.p)
        self.auto = auto
        # the key's parts (keys.py): each column's and the waste's hash, the columns' multiset
        self.h = [place_hash(cards) if i >= 8 else 0 for i, cards in enumerate(self.p)]
        self.total = multiset_hash(self.h[8 : 8 + COLUMNS])
        self._saved: list[tuple[int, list[int]]] = []
        self._column_scores: dict[int, int] = {0: -8}  # by column hash (score)
        # what turning k stock cards adds to the waste's hash, for each k, by (waste height,
        # stock size): turning many cards at once is one lookup
        self._turned: dict[tuple[int, int], list[int]] = {}

    def snapshot(self) -> Any:
        return self.g.snapshot(), self.total, self.h[:]

    def restore(self, snapshot: Any) -> None:
        self.g.restore(snapshot[0])
        self.total, self.h[:] = snapshot[1], snapshot[2]
        self._saved.clear()  # the plays before are not taken back: the state is replaced

    def score(self) -> int:
        """Lower is better: cards home count most, then empty columns, then columns in suit
        sequence (a card not on the next higher of its suit blocks what lies under it),
        then a short waste. A column's part is kept by its hash: columns recur."""
        p, h, known = self.p, self.h, self._column_scores
        found = sum(map(len, p[:8]))
        total = 0
        for i in _COLUMNS:
            part = known.get(h[i])
            if part is None:
                part = known[h[i]] = _column_score(p[i])
            total += part
        return -20 * found + total + len(p[WASTE])

    def key(self) -> tuple[int, int]:
        """The columns as a multiset, the waste in order and the stock's length (its order
        never changes). The foundations need no place in it: the cards home are the others,
        and they decide each suit's two heights up to which foundation is which (a suit's two
        foundations are alike: the key folds that symmetry in)."""
        return self.total | self.h[WASTE] << 264 | len(self.p[STOCK]) << 400, 0

    def peek(self, action: Action) -> None:
        """Draws and safe moves make a child's key dear to work out ahead: always played."""
        return None

    def _apply(self, s: int, d: int) -> Record:
        """``apply_at``, with the key's update."""
        p, h = self.p, self.h
        card = p[s][-1]
        if s >= 8:
            if s == WASTE:
                h[s] ^= ZOBRIST[len(p[s]) - 1][card]
            elif s != STOCK:
                old = h[s]
                new = old ^ ZOBRIST[len(p[s]) - 1][card]
                h[s] = new
                self.total += new * new - old * old
        if d >= 8:
            if d == WASTE:
                h[d] ^= ZOBRIST[len(p[d])][card]
            else:
                old = h[d]
                new = old ^ ZOBRIST[len(p[d])][card]
                h[d] = new
                self.total += new * new - old * old
        return self.g.apply_at(s, d)

    def actions(self) -> list[Action]:
        g, p = self.g, self.p
        scored = []
        empty = [j for j in _COLUMNS if not p[j]][:1]  # the key sorts columns: one empty is all
        for s, d in g.legal_at():
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
        # the k-th next stock card, drawn and played at once: home where the engine says a
        # foundation takes it, else onto a column (checked by the engine's own rule)
        stock = p[STOCK]
        if stock:
            home: dict[int, list[int]] = {}  # a card -> the foundations that take it now
            for f in _FOUNDATIONS:
                wanted = g.takes_home(f)
                if wanted is not None:
                    home.setdefault(wanted, []).append(f)
            tops: dict[int, list[int]] = {}  # a card -> the columns with it on top (both
            for j in _COLUMNS:  # copies may be: each column is another position)
                if p[j]:
                    tops.setdefault(p[j][-1], []).append(j)
            reason_onto = g.reason_onto
            for k, card in enumerate(reversed(stock), 1):
                if card in home:
                    for f in home[card]:
                        scored.append((3, k, WASTE, f))
                for d in empty:
                    if reason_onto(d, card) is None:
                        scored.append((6, k, WASTE, d))
                if card % 13 != 12:
                    for d in tops.get(card + 1, ()):
                        if reason_onto(d, card) is None:
                            scored.append((4, k, WASTE, d))
        if self.rng is not None:
            self.rng.shuffle(scored)
        scored.sort(key=by_rank)
        return [(k, s, d) for _, k, s, d in scored]

    def _draw(self, k: int) -> Record:
        """``apply_draws``, with the key's update."""
        p = self.p
        stock, base = p[STOCK], len(p[WASTE])
        turned = self._turned.get((base, len(stock)))
        if turned is None:  # the stock's order never changes: its length says what it holds
            turned = self._turned[base, len(stock)] = [0]
            for j, card in enumerate(reversed(stock)):
                turned.append(turned[-1] ^ ZOBRIST[base + j][card])
        self.h[WASTE] ^= turned[k]
        return self.g.apply_draws(k)

    def play(self, action: Action) -> Token:
        apply = self._apply
        k, s, d = action
        self._saved.append((self.total, self.h[:]))
        records = [self._draw(k), apply(s, d)] if k else [apply(s, d)]
        if self.auto and (s < 8 or d < 8 or self._freed(s, d)):
            self._auto(records)
        return records

    def _freed(self, s: int, d: int) -> bool:
        """After a move between columns and the waste, may ``_auto`` find a card? Only a top
        the move changed can be one: s's and d's (after draws, s is the waste): the foundations
        did not move, and every other top was there, and not safe, when ``_auto`` last looked.
        (A foundation move changes what is safe: ``play`` then calls ``_auto`` outright.)"""
        p = self.p
        for i in (s, d):
            pile = p[i]
            if pile:
                card = pile[-1]
                suit = card // 13
                if card - 13 * suit == min(len(p[suit]), len(p[suit + 4])):
                    return True
        return False

    def _auto(self, records: list[Record]) -> None:
        """Cards that can only gain from going up: an Ace, or a card both of whose next-lower
        copies are already on foundations (nothing could be built on it in a column). A
        foundation takes the card one rank above its height, so that is, in each suit, the
        card one rank above the lower of its two heights (the engine's check confirms each)."""
        g, p = self.g, self.p
        while True:
            h = a0, a1, a2, a3, d0, d1, d2, d3 = tuple(map(len, p[:8]))
            safe = (  # the lower height of each suit, as a card (min() is a call: slower)
                a0 if a0 < d0 else d0,
                13 + (a1 if a1 < d1 else d1),
                26 + (a2 if a2 < d2 else d2),
                39 + (a3 if a3 < d3 else d3),
            )
            for s in _SOURCES:
                pile = p[s]
                if pile and pile[-1] in safe:
                    card = pile[-1]
                    suit = card // 13
                    f = suit if h[suit] == card - 13 * suit else suit + 4
                    if g.reason_at(s, f) is None:
                        records.append(self._apply(s, f))
                        break  # the heights changed: look again from the start
            else:
                return

    def undo(self, token: Token) -> None:
        unapply = self.g.unapply
        for record in reversed(token):
            unapply(record)
        self.total, self.h = self._saved.pop()

    def won(self) -> bool:
        return self.g.is_won()

    def moves(self, token: Token) -> list[Move]:
        """Engine moves, one by one: a record of ``k`` draws stands for ``k`` draws."""
        move_of = self.g.move_of
        return [move_of(r) for r in token for _ in range(r[3] if len(r) == 4 else 1)]

    def start(self) -> Token:
        records: list[Record] = []
        self._saved.append((self.total, self.h[:]))
        if self.auto:
            self._auto(records)
        return records
