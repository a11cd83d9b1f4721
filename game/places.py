"""A place of a game as facts (pure): apart from ``core`` so that the position reader, which
``core`` uses, can name them without importing ``core`` back."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Place"]


class Place(NamedTuple):
    """What a place is, as facts: its kind (``"foundation"``, ``"pile"``, ``"column"``,
    ``"stock"``, ``"waste"``), its number among the places of that kind (from 1), and for a
    foundation its suit (0-3, in ``SUIT_NAMES``' order; none for Floradora's foundation of
    Kings of every suit) and whether it builds up. The
    engine's English and the page's catalogs both word a place from these, so nothing outside
    a game works out its numbering again."""

    kind: str
    number: int
    suit: int | None = None
    up: bool = True
