"""Auto-finish: is the game decided, every card left going home by foundation moves alone?

The page finishes such a game by itself, so the answer is the engine's, never the page's
guess. A finishing line uses only moves from a pile, a column or the waste to a foundation
(no draw, no redeal, no move between piles, no foundation-to-foundation crossing): a Forty
Thieves game with cards in its stock is never finished for the player.

The search is depth-first over those moves, each state tried once. Two decks make it more than
a greedy walk: with both Kings of Diamonds out and one foundation taking a King, the King that
goes there first decides whether the Queen buried under the other one can still go home. So
the search branches, and three things keep it small enough to run after every move:

- a card is *forced* home when the foundation that takes it has no other card it could ever
  take (no twin is left outside the foundations): it must go there, and nothing else waits on
  either place, so it goes at once, with no branching (not where foundations build in
  alternate colours: there a foundation takes any of several cards);
- foundations that take the same card and hold as many cards are the same foundation to the
  search (the two of a suit in Forty Thieves): one of them is tried, and a state is known by
  its piles' heights and those foundations as a set;
- a state is the number of cards in each place (only top cards leave, and a foundation's cards
  follow from its length), so orders that meet again are not searched twice.
"""

from __future__ import annotations

from collections import Counter

from .core import Move, Solitaire

MAX_STATES = 2_000  # a real finish needs few; a bound keeps the check after each move quick


def finishing_line(g: Solitaire) -> list[Move] | None:
    """The moves that take every card left home, foundation moves only; None when there is
    none (or the game is already won). ``g`` is left as it was."""
    if g.is_won() or "stock" in g.PLACES and g.cards("stock"):
        return None
    work = g.copy()
    # the foundations come first in both families, so foundation k is place number k (but
    # for Floradora's Kings' foundation, the last place: it takes any King, ``-2`` below)
    homes = [i for i, fact in enumerate(work.FACTS) if fact.kind == "foundation"]
    away = [i for i, fact in enumerate(work.FACTS) if fact.kind != "foundation"]
    layout = work.layout
    tried: set[tuple[int, ...]] = set()
    line: list[Move] = []

    def state(wanted: tuple[int, ...]) -> tuple[int, ...]:
        """The piles' heights, then each foundation as (card it takes, height), as a set."""
        heights = tuple(len(layout[i]) for i in away)
        return heights + tuple(sorted((_wants(wanted, f) << 8) + len(layout[f]) for f in homes))

    def choices(wanted: tuple[int, ...]) -> list[Move]:
        """The moves home worth trying: the forced one alone if there is one, else each card
        to one foundation of every set of alike ones."""
        moves = [m for m in work.legal_moves() if m.dst[0] == "f" and m.src[0] != "f"]
        if not moves:
            return moves
        left = Counter(card for i in away for card in layout[i])
        for move in moves if work.HOMES_BY_SUIT else ():  # (else a foundation takes several)
            if left[layout[work.index(move.src)][-1]] == 1:
                return [move]
        seen: set[tuple[str, int, int]] = set()
        distinct = []
        for move in moves:
            f = work.index(move.dst)
            alike = (move.src, _wants(wanted, f), len(layout[f]))
            if alike not in seen:
                seen.add(alike)
                distinct.append(move)
        return distinct

    def search() -> bool:
        if work.is_won():
            return True
        wanted = work.foundation_cards()
        key = state(wanted)
        if key in tried or len(tried) >= MAX_STATES:
            return False
        tried.add(key)
        for move in choices(wanted):
            record = work.apply(move)
            line.append(move)
            if search():
                return True
            line.pop()
            work.unapply(record)
        return False

    return line if search() else None


def _wants(wanted: tuple[int, ...], f: int) -> int:
    """The card foundation number ``f`` takes (``foundation_cards``), -2 for a foundation
    past those it lists (Floradora's, of any King)."""
    return wanted[f] if f < len(wanted) else -2
