"""Auto-finish: is the game decided, every card left going home by foundation moves alone?

The page finishes such a game by itself, so the answer is the engine's, never the page's
guess. A finishing line uses only moves from a pile, a column or the waste to a foundation
(no draw, no redeal, no move between piles, no foundation-to-foundation crossing): a Forty
Thieves game with cards in its stock is never finished for the player. The search is
depth-first over those moves; its state is the number of cards in each place (only top cards
leave, and a foundation's cards follow from its length), so each state is tried once.
"""

from __future__ import annotations

from .core import Move, Solitaire

MAX_STATES = 2_000  # a real finish needs few; a bound keeps the check after each move quick


def finishing_line(g: Solitaire) -> list[Move] | None:
    """The moves that take every card left home, foundation moves only; None when there is
    none (or the game is already won). ``g`` is left as it was."""
    if g.is_won() or "stock" in g.PLACES and g.cards("stock"):
        return None
    work = g.copy()
    tried: set[tuple[int, ...]] = set()
    line: list[Move] = []

    def home_moves() -> list[Move]:
        return [m for m in work.legal_moves() if m.dst[0] == "f" and m.src[0] != "f"]

    def search() -> bool:
        if work.is_won():
            return True
        state = tuple(len(cards) for cards in work.layout)
        if state in tried or len(tried) >= MAX_STATES:
            return False
        tried.add(state)
        for move in home_moves():
            record = work.apply(move)
            line.append(move)
            if search():
                return True
            line.pop()
            work.unapply(record)
        return False

    return line if search() else None
