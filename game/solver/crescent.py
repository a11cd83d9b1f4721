"""Crescent for the search: engine moves plus the redeal, a key that ignores pile order.

When a suit's two foundations meet (the descending one's top is one above the ascending one's),
moves between them slide the meeting point freely and change nothing else: all such positions
are one, written once in the key, and a pile card of that suit goes up in one action (slide, then
play) wherever it fits.

No rule of Crescent refers to a pile's place in the horseshoe (every move and the redeal treat
all piles alike), so the key sorts the piles; the order of cards inside a pile matters, because
the redeal turns the bottom card up. Redeals left are the key's rank: a position is no better
with fewer redeals, so one seen with as many or more is not searched again.
"""

from __future__ import annotations

import random

from ..crescent import Crescent
from .search import by_rank

_PILES = range(8, 24)
REDEAL = "redeal"
MET = 0xFD  # in a key: this suit's foundations meet, the meeting point does not matter


def _met(p: list[list[int]], suit: int) -> bool:
    return p[suit + 4][-1] == p[suit][-1] + 1


class CrescentAdapter:
    """Searches a copy of the game; records are engine undo records or a redeal's snapshot."""

    def __init__(self, game: Crescent, seed: int = 0) -> None:
        self.g = game.copy()
        self.rng = random.Random(seed) if seed else None  # reshuffles equally ranked actions
        self.p = self.g._p

    def key(self) -> tuple[bytes, int]:
        p = self.p
        piles = sorted([bytes(p[i]) for i in _PILES])
        tops = [p[f][-1] for f in range(8)]
        for suit in range(4):
            if tops[suit + 4] == tops[suit] + 1:
                tops[suit] = tops[suit + 4] = MET
        return b"\xff".join(piles) + bytes(tops), self.g.redeals_left

    def actions(self) -> list:
        p, index = self.p, self.g._INDEX
        scored = []
        met = [_met(p, suit) for suit in range(4)]
        for move in self.g._legal():
            s, d = index[move.src], index[move.dst]
            if s < 8 or (d < 8 and met[d % 4]):
                continue  # a met suit: the slide-and-play actions below stand for these
            if d < 8:
                rank = 0
            else:
                pile = p[s]
                under = pile[-2] if len(pile) > 1 else None
                # moving a card off another that a foundation takes at once is worth trying first
                rank = 1 if under is not None and _to_foundation(p, under) else 2
            scored.append((rank, s, d))
        for i in _PILES:
            if p[i] and met[p[i][-1] // 13]:
                scored.append((0, i, -1))  # -1: onto the suit's met foundations
        if self.rng is not None:
            self.rng.shuffle(scored)
        scored.sort(key=by_rank)
        actions: list = [(s, d) for _, s, d in scored]
        if self.g.redeals_left:
            actions.append(REDEAL)
        return actions

    def play(self, action) -> list:
        if action is REDEAL:
            saved = [list(self.p[i]) for i in _PILES]
            self.g.redeal()
            return [(REDEAL, saved)]
        s, d = action
        if d < 0:
            return self._slide_and_play(s)
        return [self.g._apply(s, d)]

    def _slide_and_play(self, s: int) -> list:
        """Engine moves between a met suit's foundations until one takes the pile's card."""
        g, p = self.g, self.p
        card = p[s][-1]
        suit, rank = card // 13, card % 13 + 1
        up, down = suit, suit + 4
        records = []
        if rank >= 2:  # onto the ascending foundation, whose top must be rank - 1
            while p[up][-1] > card - 1:
                records.append(g._apply(up, down))
            while p[up][-1] < card - 1:
                records.append(g._apply(down, up))
            records.append(g._apply(s, up))
        else:  # an Ace: onto the descending foundation, at its two
            while p[down][-1] > card + 1:
                records.append(g._apply(up, down))
            records.append(g._apply(s, down))
        return records

    def undo(self, token: list) -> None:
        for record in reversed(token):
            if record[0] is REDEAL:
                for i, cards in zip(_PILES, record[1]):
                    self.p[i][:] = cards
                self.g.redeals_left += 1
            else:
                self.g._unapply(record)

    def won(self) -> bool:
        p = self.p
        return not any(p[i] for i in _PILES)

    def moves(self, token: list | None) -> list[list[str]]:
        places = self.g.PLACES
        return [["redeal"] if r[0] is REDEAL else [places[r[0]], places[r[1]]] for r in token or ()]

    def start(self) -> list:
        return []


def _to_foundation(p: list[list[int]], card: int) -> bool:
    suit = card // 13
    return p[suit][-1] + 1 == card or p[suit + 4][-1] - 1 == card
