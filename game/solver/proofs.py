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

Suppose a winning line and a set ``S`` of pile cards, and let ``T`` be the first moment a card
of ``S`` leaves its pile (a won game has emptied every pile). Before ``T``:
- ``buried``: core cards under a core card of ``S`` are never on top;
- ``away``: the cards of ``S`` and ``buried`` are not home, and neither is a card for which both
  foundations need more copies of some rank than are home or can get home before ``T`` (not in
  ``away``), grown to a least fixed point.
If every card of ``S`` is then *blocked* (both foundations wait for a copy in ``away``) and
*stuck* (every copy of both its neighbours is home or buried), none can leave at ``T``: no line
wins. ``never_leave`` finds the greatest such set: from every card whose neighbours all lie
home or in cores under core cards it drops each card not both, until none is dropped
(dropping can only free others, so the order does not matter). Cards can hold one another
this way: two jacks of clubs and the spare King over both tens, both queens and the spare
Ace (``CR1-N-AAAE4N7``), where no card alone is stuck.

The words name one card of the set, its pile and the ranks its foundations wait for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, RANK_NAMES, SUIT_NAMES, Card
from ..core import Solitaire
from ..crescent import NEIGHBOURS, Crescent

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
        return all(s in buried for n in NEIGHBOURS[card] for s in self.spots[n])

    def buried_by(self, stay: set[Spot]) -> set[Spot]:
        """The core cards under a core card of ``stay``: never on top while ``stay`` stays."""
        return {below for spot in stay for below in self.under(spot)}

    def away_from(self, fixed: set[Spot]) -> set[Spot]:
        """``fixed`` (cards not home before ``T``) and every card both of whose foundations need
        a copy that is not home and cannot get home first: the least fixed point."""
        away = set(fixed)
        changed = True
        while changed:
            changed = False
            for spot, card in self.card.items():
                if spot not in away and self.blocked(card, away) is not None:
                    away.add(spot)
                    changed = True
        return away

    def never_leave(self) -> tuple[set[Spot], set[Spot]]:
        """The greatest set ``S`` of pile cards none of which can be the first of ``S`` to leave
        its pile (module docstring): start from every card whose neighbours all lie home or in
        cores under core cards and drop, until none is left to drop, each card a pile or a
        foundation could take while the others stay. With it, its ``away``."""
        under_core = self.buried_by(self.core)
        stay = {s for s, card in self.card.items() if self.stuck(card, under_core)}
        away: set[Spot] = set()
        while stay:
            buried = self.buried_by(stay)
            away = self.away_from(stay | buried)
            kept = {
                s
                for s in stay
                if self.stuck(self.card[s], buried) and self.blocked(self.card[s], away) is not None
            }
            if kept == stay:
                break
            stay = kept
        return stay, away

    def proof(self, stay: set[Spot], away: set[Spot]) -> Proof:
        """The words for one card of ``stay``: a pile's top card if there is one (the card a
        player sees), else the lowest pile's highest."""
        height = {i: h for i, h in self.card}  # the last height seen is the top
        spot = min(stay, key=lambda s: (s[1] != height[s[0]], s[0], -s[1]))
        ranks = self.blocked(self.card[spot], away)
        assert ranks is not None  # a card of the fixed point is blocked there
        return Proof(CARDS[self.card[spot]], spot[0] - 7, *ranks)


def prove_unwinnable(g: Solitaire) -> Proof | None:
    """A proof that no winning line exists from this position, or ``None`` (no proof found,
    which says nothing). Crescent and Crescent Four only: in Forty Thieves an empty column takes
    any card, which this kind of argument cannot rule out."""
    if not isinstance(g, Crescent) or g.is_won():
        return None
    facts = _Position(g)
    stay, away = facts.never_leave()
    return facts.proof(stay, away) if stay else None
