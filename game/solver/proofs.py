"""Proofs of loss for Crescent: a card that can never leave its pile (docs/SOLVER.md proves it).

Three facts of Crescent's rules carry the argument:
- A redeal moves one card, the bottom one, of each pile to its top. With ``R`` redeals left, a
  card with ``R`` or more cards under it is never moved by one (each card under it would need a
  redeal of its own first), and neither are those under it: the *core* of a pile is its cards
  from height ``R`` up, and a core card can leave only after every card above it has.
- A card leaves a pile only for a foundation or for the top of another pile that holds a card
  of its suit one rank above or below (King and Ace are neighbours there). Cards on
  foundations never come back, and an emptied pile takes nothing.
- The cards of a suit at home are always ``A..a`` (ascending) and ``d..K`` (descending), one
  copy each (a slide between met foundations keeps that), and they only grow; the ascending
  foundation takes a card of rank ``x`` only when ``a = x - 1``, the descending one only when
  ``d = x + 1`` (so an Ace goes only down, a King only up). From the cards home now this
  gives, for each foundation, how many copies of each rank must be home before it takes the
  card (``needs``).

Suppose a winning line, and let ``T`` be the moment card ``U`` leaves its pile. Then the
sets below, grown to a fixed point, hold before ``T``; if they leave ``U`` neither a foundation
nor a pile at ``T``, ``U`` never leaves, and no line wins:
- ``stay``: cards that cannot leave their pile before ``T``: ``U``, core cards under a core
  card in ``stay``, and cards in ``away`` with no neighbour that can be on a pile top (every
  copy home or in ``buried``);
- ``buried``: core cards under a core card in ``stay``: never on top before ``T``;
- ``away``: cards that cannot be home before ``T``: cards in ``stay``, and cards for which
  both foundations need more copies of some rank than are home or can get home before ``T``
  (that is, are not in ``away``).

The words name ``U``, its pile and the ranks its foundations wait for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, RANK_NAMES, SUIT_NAMES, Card
from ..core import Solitaire
from ..crescent import Crescent

_PILES = range(8, 24)
Spot = tuple[int, int]  # (place number, height from the bottom) of a pile card


@dataclass(frozen=True)
class Proof:
    """Why no winning line exists: ``card`` on ``pile`` (1-16) can never leave it. ``up`` and
    ``down`` are the ranks (0-12) of its suit its ascending and descending foundations wait
    for, ``None`` where that foundation can never take it. Structured, so a page can say it in
    its own language; ``reason`` is the English words (the CLI's JSON)."""

    card: Card
    pile: int
    up: int | None
    down: int | None

    @property
    def reason(self) -> str:
        suit = SUIT_NAMES[self.card.suit]
        if self.up is not None:
            ascending = f"the ascending {suit} foundation needs another {RANK_NAMES[self.up]} first"
        else:
            ascending = f"the ascending {suit} foundation can never take it"
        if self.down is not None:
            descending = f"the descending one another {RANK_NAMES[self.down]}"
        else:
            descending = "the descending one can never take it"
        return (
            f"the {self.card.name()} on pile {self.pile} can never leave it: "
            f"{ascending} and {descending}, which stay under cards that cannot move while it "
            f"stays, and no pile can ever take it"
        )

    def __str__(self) -> str:
        return f"No winning line exists: {self.reason}"

    def as_json(self) -> dict[str, Any]:
        return {"card": str(self.card), "pile": self.pile, "up": self.up, "down": self.down}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Proof:
        return cls(Card.parse(data["card"]), data["pile"], data["up"], data["down"])


def _neighbours(card: int) -> tuple[int, int]:
    """The two cards a pile card may be placed on: its suit, one rank away, King-Ace wrapped."""
    suit, rank = divmod(card, 13)
    return suit * 13 + (rank - 1) % 13, suit * 13 + (rank + 1) % 13


class _Position:
    """The facts the argument reads off a Crescent position, computed once."""

    def __init__(self, g: Crescent) -> None:
        p = g.layout
        self.reserve = g.redeals_left
        self.home = [0] * 52  # copies of each card on foundations (bases included)
        for f in range(8):
            for card in p[f]:
                self.home[card] += 1
        self.card: dict[Spot, int] = {}
        self.spots: list[list[Spot]] = [[] for _ in range(52)]  # where each card's copies lie
        for i in _PILES:
            for h, card in enumerate(p[i]):
                self.card[i, h] = card
                self.spots[card].append((i, h))
        self.needs_of = [self.needs(card) for card in range(52)]
        self.core = {spot for spot in self.card if spot[1] >= self.reserve}  # buried at most

    def under(self, spot: Spot) -> list[Spot]:
        """The core cards under a core card (none if ``spot`` is not in the core)."""
        i, h = spot
        return [(i, k) for k in range(self.reserve, h)]

    def needs(self, card: int) -> tuple[list[int] | None, list[int] | None]:
        """The copies of each rank (0-12) of its suit that must be home before each foundation
        can take ``card`` (``None``: that foundation never can). The cards home are always
        ``A..a`` on the ascending foundation and ``d..K`` on the descending one (slides keep
        that), they only grow, and the ascending one takes ``card`` only when ``a`` is just
        below it (and no rank from ``x`` up may be home twice: ``a`` never goes down past a
        rank whose both copies are home): with the cards home now, that needs at least these."""
        suit, x = divmod(card, 13)
        now = [self.home[suit * 13 + r] for r in range(13)]
        up = down = None
        if x > 0 and 2 not in now[x:]:  # ascending: a = x - 1, d as high as now allows
            d = min([y for y in range(x, 13) if now[y]] + [y for y in range(x) if now[y] == 2])
            up = [(y < x) + (y >= d) for y in range(13)]
        if x < 12 and 2 not in now[: x + 1]:  # descending: d = x + 1, a as low as allowed
            a = max(
                [y for y in range(x + 1) if now[y]] + [y for y in range(x + 1, 13) if now[y] == 2]
            )
            down = [(y <= a) + (y > x) for y in range(13)]
        return up, down

    def short(self, suit: int, need: list[int], away: set[Spot]) -> int | None:
        """A rank (0-12) of which fewer copies than ``need`` can be home before ``T``."""
        for r, n in enumerate(need):
            card = suit * 13 + r
            if n and self.home[card] + sum(s not in away for s in self.spots[card]) < n:
                return r
        return None

    def blocked(self, card: int, away: set[Spot]) -> tuple[int | None, int | None] | None:
        """If neither foundation can take ``card`` while ``away`` is not home: the rank each
        waits for (``None`` where a foundation can never take it: an Ace going up, a King
        going down)."""
        suit = card // 13
        up_need, down_need = self.needs_of[card]
        up = None if up_need is None else self.short(suit, up_need, away)
        down = None if down_need is None else self.short(suit, down_need, away)
        if (up_need is None or up is not None) and (down_need is None or down is not None):
            return up, down
        return None

    def stuck(self, card: int, buried: set[Spot]) -> bool:
        """No pile can take ``card``: every copy of both neighbours is home or buried."""
        return all(s in buried for n in _neighbours(card) for s in self.spots[n])

    def refute(self, u: Spot) -> Proof | None:
        """The fixed point of the module's docstring for ``U`` at ``u``; a proof if it closes."""
        stay, buried = {u}, set(self.under(u))
        stay |= buried
        away = set(stay)
        changed = True
        while changed:
            changed = False
            for spot, card in self.card.items():
                if spot not in away and self.blocked(card, away) is not None:
                    away.add(spot)
                    changed = True
                if spot in away and spot not in stay and self.stuck(card, buried):
                    stay.add(spot)
                    below = self.under(spot)
                    stay.update(below)
                    buried.update(below)
                    away.update(below)
                    changed = True
        ranks = self.blocked(self.card[u], away)  # (U is not home before T either)
        if ranks is None or not self.stuck(self.card[u], buried):
            return None
        return Proof(CARDS[self.card[u]], u[0] - 7, *ranks)


def prove_unwinnable(g: Solitaire) -> Proof | None:
    """A proof that no winning line exists from this position, or ``None`` (no proof found,
    which says nothing). Crescent and Crescent Four only: in Forty Thieves an empty column takes
    any card, which this kind of argument cannot rule out."""
    if not isinstance(g, Crescent) or g.is_won():
        return None
    facts = _Position(g)
    for spot, card in facts.card.items():
        if not facts.stuck(card, facts.core):
            continue  # a neighbour off the cores could always take it: no proof from here
        proof = facts.refute(spot)
        if proof is not None:
            return proof
    return None
