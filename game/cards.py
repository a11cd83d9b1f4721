"""Cards: an exact, interned value type and the two-deck pack.

A card is an ``int`` (``suit * 13 + rank - 1``) so that the rules can compare and offset cards
with plain arithmetic in their hot loops; the ``Card`` subclass adds the text form (``"QS"``)
and the spoken name without costing the engine anything.
"""

from __future__ import annotations

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"  # the suit order used everywhere: spades, hearts, diamonds, clubs
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

ACE, KING = 1, 13


class BadCard(ValueError):
    """A card's text is not a rank letter followed by a suit letter."""


class Card(int):
    """One of the 52 card faces. Use :data:`CARDS`, :func:`card` or :meth:`Card.parse`."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (Ace) to 13 (King)."""
        return self % 13 + 1

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return self // 13

    def __str__(self) -> str:
        return RANK_CHARS[self % 13] + SUIT_CHARS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def name(self) -> str:
        """The card in words, as a screen reader should speak it: 'queen of spades'."""
        return f"{RANK_NAMES[self % 13]} of {SUIT_NAMES[self // 13]}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"QS"`` -> the queen of spades. Strict: two characters, upper case."""
        try:
            return _BY_TEXT[text]
        except (KeyError, TypeError):
            raise BadCard(
                f"bad card {text!r}: expected a rank of {RANK_CHARS} and a suit of {SUIT_CHARS}"
            ) from None


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
_BY_TEXT = {str(c): c for c in CARDS}


def card(rank: int, suit: int) -> Card:
    """The card of this rank (1-13) and suit (0-3)."""
    if not (ACE <= rank <= KING and 0 <= suit < 4):
        raise BadCard(f"no card with rank {rank} and suit {suit}")
    return CARDS[suit * 13 + rank - 1]


def parse_cards(text: str) -> list[Card]:
    """Space-separated cards, bottom to top; an empty string is no cards."""
    return [Card.parse(t) for t in text.split(" ")] if text else []


# Two full decks, each in suit order S H D C and rank order A..K: the order the shuffle starts from.
PACK: tuple[Card, ...] = CARDS + CARDS
