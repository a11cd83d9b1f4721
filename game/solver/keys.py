"""Incremental state keys (Zobrist hashing), shared by both games' adapters.

A pile's hash is the XOR of one random 128-bit number per (height, card) it holds, so a move
updates it in O(1); a multiset of piles hashes to the *sum* of the squares of its piles'
hashes. The sum does not depend on the piles' order (the symmetry the key must fold in: no rule
refers to a pile's place), the square makes it depend on which cards lie together (a sum of
the pile hashes alone would only say which (height, card) pairs occur), and a sum, unlike an
XOR, does not cancel two equal piles. Cards are values, so the two copies of a card are one.

Two different positions get the same key with probability about 2^-128 a pair: a search of
10^8 states meets a collision with probability below 10^-22, so a key stands for its position.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

HEIGHTS = 104  # a place never holds more cards than the game has
_rng = random.Random(0x5EED_C4E5)
ZOBRIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(_rng.getrandbits(128) for _card in range(52)) for _height in range(HEIGHTS)
)
"""``ZOBRIST[height][card]``: the number a card adds to its place's hash at that height."""


def place_hash(cards: Sequence[int]) -> int:
    """The hash of one place's cards, bottom to top (0 for an empty place)."""
    h = 0
    for height, card in enumerate(cards):
        h ^= ZOBRIST[height][card]
    return h


def multiset_hash(hashes: Sequence[int]) -> int:
    """The order-free hash of several places from their own hashes."""
    return sum(h * h for h in hashes)


def plain_cards(places: list[list[Any]]) -> None:
    """Turn a search copy's cards into exact ints, in place: CPython 3.11 specialises
    arithmetic, indexing and hashing for exact ints only, and a ``Card`` (an int subclass)
    takes the generic path: 4.7 % of Crescent's instructions a state, 2.1 % of Forty
    Thieves'. The search never shows a card, so it needs nothing else of ``Card``."""
    for cards in places:
        cast(list[int], cards)[:] = map(int, cards)
