"""Crescent for the search: engine moves plus the redeal, a key that ignores pile order.

When a suit's two foundations meet (``meeting_suits``: the descending one's top is one above
the ascending one's), moves between them slide the meeting point freely and change nothing else:
all such positions are one, written once in the key, and a pile card of that suit goes up in
one action (slide, then play) wherever it fits.

No rule of Crescent refers to a pile's place in the horseshoe (every move and the redeal treat
all piles alike), so the key sorts the piles; the order of cards inside a pile matters, because
the redeal turns the bottom card up. Redeals left are the key's rank: a position is no better
with fewer redeals, so one seen with as many or more is not searched again.

Everything here goes through the engine's public fast path (``legal_moves``, ``apply_at``,
``apply(REDEAL)``, ``unapply``, ``layout``): no rule is written twice.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any

from ..core import REDEAL, Move, Record
from ..crescent import PILES, Crescent
from .keys import ZOBRIST, multiset_hash, place_hash
from .search import Token, by_rank

_PILES = range(8, 8 + PILES)
SLIDE = -1  # an action's destination: onto the card's suit's met foundations
Action = tuple[int, int]  # (source, destination) place numbers; REDEAL_ACTION for a redeal
REDEAL_ACTION: Action = (-1, -1)
_ORDER_BITS = 6
_action = itemgetter(1)  # a (rank, action) pair's action


_ORDERS: dict[int, list[list[int]]] = {}  # by list length, 64 random orders, made once


def _orders(n: int) -> list[list[int]]:
    """64 random orders of ``n`` actions: a search reshuffles its equally ranked actions by
    drawing one (6 random bits instead of a shuffle's draw per action)."""
    rng = random.Random(n)
    orders = [list(range(n)) for _ in range(1 << _ORDER_BITS)]
    for order in orders:
        rng.shuffle(order)
    _ORDERS[n] = orders
    return orders


class CrescentAdapter:
    """Searches a copy of the game; a token is the list of engine records an action played."""

    def __init__(self, game: Crescent, seed: int = 0, streamline: bool = False) -> None:
        self.g = game.copy()
        # streamlined: where a card can go home, only such moves are tried. Not every line is
        # searched then (``complete``: an exhausted search proves nothing), but the lines that
        # are hold many wins that plain search finds later or not at all
        self.streamline = streamline
        self.complete = not streamline
        self.rng = random.Random(seed) if seed else None  # reshuffles equally ranked actions
        self.p = self.g.layout
        self.h = [place_hash(cards) if i >= 8 else 0 for i, cards in enumerate(self.p)]
        self.sq = [x * x for x in self.h]  # each pile's part of the key
        self.total = multiset_hash(self.h)
        self._saved: list[tuple[Any, ...]] = []  # what each play changed in the key, for undo
        # the pile-to-pile action that led here: its reverse only leads back, to a state the
        # search has seen with as many redeals left, so ``actions`` leaves it out
        self._back: Action | None = None

    def key(self) -> tuple[int, int]:
        """The piles as a multiset (keys.py), and redeals left as the rank. The foundations
        need no place in the key: every card not on a pile is home, and which cards are home
        decides both foundations' tops, up to the slides of a met suit (its ranks are then
        each home once, wherever the meeting point is), which are one state anyway."""
        return self.total, self.g.redeals_left

    def peek(self, action: Action) -> tuple[int, int] | None:
        """The key a plain move would reach: ``_leave``'s arithmetic, nothing changed (kept
        apart from it: sharing a helper cost 2.7 % more instructions a state); a slide or a
        redeal moves more than one card: ``None``."""
        s, d = action
        if d < 0:
            return None
        p, h, sq = self.p, self.h, self.sq
        pile = p[s]
        card = pile[-1]
        new_s = h[s] ^ ZOBRIST[len(pile) - 1][card]
        total = self.total - sq[s] + new_s * new_s
        if d >= 8:
            new_d = h[d] ^ ZOBRIST[len(p[d])][card]
            total += new_d * new_d - sq[d]
        return total, self.g.redeals_left

    def _leave(self, s: int, d: int) -> None:
        """The key's update for the top card of pile ``s`` going to place ``d``."""
        p, h, sq = self.p, self.h, self.sq
        pile = p[s]
        card = pile[-1]
        old_s = h[s]
        new_s = old_s ^ ZOBRIST[len(pile) - 1][card]
        h[s] = new_s
        total = self.total
        if d >= 8:
            old_d = h[d]
            new_d = old_d ^ ZOBRIST[len(p[d])][card]
            h[d] = new_d
            self._saved.append((total, s, old_s, sq[s], d, old_d, sq[d]))
            total -= sq[s] + sq[d]
            sq[s] = new_s * new_s
            sq[d] = new_d * new_d
            self.total = total + sq[s] + sq[d]
        else:
            self._saved.append((total, s, old_s, sq[s]))
            total -= sq[s]
            sq[s] = new_s * new_s
            self.total = total + sq[s]

    def actions(self) -> list[Action]:
        g, p = self.g, self.p
        scored: list[tuple[int, Action]] = []  # (rank, the engine's own (source, destination))
        met = g.meeting_suits()
        foundation_for = g.foundation_for
        for move in g.legal_at():
            s, d = move
            if d < 8:
                if s < 8 or met[d & 3]:
                    continue  # a met suit: the slide-and-play actions below stand for these
                scored.append((0, move))
            else:
                pile = p[s]
                # moving a card off another that a foundation takes at once is worth trying first
                under = len(pile) > 1 and foundation_for(pile[-2]) is not None
                scored.append((1 if under else 2, move))
        if True in met:
            for i in _PILES:
                if p[i] and met[p[i][-1] // 13]:
                    scored.append((0, (i, SLIDE)))
        if self.streamline and scored and min(scored)[0] == 0:
            return [action for rank, action in scored if rank == 0]
        if self.rng is not None and len(scored) > 1:
            orders = _ORDERS.get(len(scored)) or _orders(len(scored))
            scored = list(map(scored.__getitem__, orders[self.rng.getrandbits(_ORDER_BITS)]))
        scored.sort(key=by_rank)
        actions = list(map(_action, scored))
        if self._back is not None and self._back in actions:
            actions.remove(self._back)
        if g.redeal_allowed:
            actions.append(REDEAL_ACTION)
        return actions

    def play(self, action: Action) -> Token:
        s, d = action
        self._back = (d, s) if d >= 8 else None  # (a plain move's source is always a pile)
        if d >= 0:
            self._leave(s, d)
            return [self.g.apply_at(s, d)]
        if s < 0:
            self._saved.append((self.total, self.h[:], self.sq[:]))
            record = self.g.apply(REDEAL)
            h, sq, p = self.h, self.sq, self.p
            for i in record[1:]:
                h[i] = place_hash(p[i])
                sq[i] = h[i] * h[i]
            self.total = sum(sq)
            return [record]
        return self._slide_and_play(s)

    def _slide_and_play(self, s: int) -> Token:
        """Engine moves between a met suit's foundations until one takes the pile's card."""
        g, p = self.g, self.p
        card = p[s][-1]
        suit, rank = card // 13, card % 13 + 1
        up, down = suit, suit + 4
        records: list[Record] = []
        if rank >= 2:  # onto the ascending foundation, whose top must be rank - 1
            while p[up][-1] > card - 1:
                records.append(g.apply_at(up, down))
            while p[up][-1] < card - 1:
                records.append(g.apply_at(down, up))
            self._leave(s, up)
            records.append(g.apply_at(s, up))
        else:  # an Ace: onto the descending foundation, at its two
            while p[down][-1] > card + 1:
                records.append(g.apply_at(up, down))
            self._leave(s, down)
            records.append(g.apply_at(s, down))
        return records

    def undo(self, token: Token) -> None:
        unapply = self.g.unapply
        for record in reversed(token):
            unapply(record)
        saved = self._saved.pop()
        h, sq = self.h, self.sq
        if len(saved) == 7:
            self.total, s, h[s], sq[s], d, h[d], sq[d] = saved
        elif len(saved) == 4:
            self.total, s, h[s], sq[s] = saved
        else:  # a redeal
            self.total, h[:], sq[:] = saved

    def won(self) -> bool:
        return self.g.is_won()

    def moves(self, token: Token) -> list[Move]:
        return [self.g.move_of(record) for record in token]

    def start(self) -> Token:
        return []
