"""Position text, read strictly: the header, the place lines, and every card exactly twice.

Each game adds its own checks (``_check_places``); what all positions share is here, so that a
bad text is refused with the line and the fault named, and never half-built into a game.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from .cards import CARDS, BadCard, Card, parse_cards
from .places import Place


class GameClass(Protocol):
    """What the reader needs of a game's class (``core.Solitaire``'s): its places and its
    first line's words. A protocol, so that the reader does not import ``core`` back."""

    PLACES: tuple[str, ...]
    NUMBERS: dict[str, int]
    WORD: str
    HEADER: tuple[str, ...]
    TOP_DOWN: bool  # a place's top card may lie face down


MAX_COUNTER = 9_999_999  # moves, redeals, score: far above any game, and short to print


class PositionError(ValueError):
    """Position text that is malformed or describes an impossible layout."""


def read_places(
    cls: GameClass, lines: list[str]
) -> tuple[dict[str, int], list[list[Card]], list[int]]:
    """Parse the header and the place lines (cards are not counted yet), and how many cards
    of each place are face down (those before a ``|``)."""
    header = read_header(cls, lines[0])
    places: list[list[Card] | None] = [None] * len(cls.PLACES)
    down = [0] * len(cls.PLACES)
    for n, line in enumerate(lines[1:], start=2):
        place, sep, rest = line.partition(":")
        if not sep:
            raise PositionError(f"line {n} {line!r}: expected 'PLACE: CARDS'")
        i = cls.NUMBERS.get(place)
        if i is None:
            raise PositionError(
                f"line {n} {line!r}: unknown place {place!r} (places: {', '.join(cls.PLACES)})"
            )
        if places[i] is not None:
            raise PositionError(f"line {n} {line!r}: place {place!r} appears twice")
        rest = rest.rstrip()
        if rest and not rest.startswith(" "):
            raise PositionError(f"line {n} {line!r}: expected a space after the colon")
        words = rest[1:].split(" ")
        if "|" in words:
            down[i] = words.index("|")
            last = down[i] == len(words) - 1 and not cls.TOP_DOWN
            if words.count("|") > 1 or down[i] == 0 or last:
                raise PositionError(
                    f"line {n} {line!r}: one '|' between the face-down cards and the face-up "
                    "ones, with cards on both sides (a place's top card is face up)"
                    if not cls.TOP_DOWN
                    else f"line {n} {line!r}: one '|' after the face-down cards, cards before it"
                )
            del words[down[i]]
        try:
            places[i] = parse_cards(" ".join(words))
        except BadCard as err:
            raise PositionError(f"line {n} {line!r}: {err}") from None
    missing = [p for p, cards in zip(cls.PLACES, places) if cards is None]
    if missing:
        raise PositionError(f"missing places: {', '.join(missing)}")
    return header, places, down  # type: ignore[return-value]


def check_face_down(places: tuple[str, ...], facts: tuple[Place, ...], down: list[int]) -> None:
    """Only a pile's or a column's cards may be face down."""
    for place, fact, count in zip(places, facts, down):
        if count and fact.kind not in ("pile", "column"):
            raise PositionError(f"{place}: a {fact.kind}'s cards are never face down")


def check_card_counts(places: tuple[str, ...], cards_of: list[list[Card]]) -> None:
    """Every card exactly twice over the whole layout; checked after each place's own rules."""
    counts = Counter(c for cards in cards_of for c in cards)
    for c in CARDS:
        if counts[c] != 2:
            where = [p for p, cards in zip(places, cards_of) if c in cards]
            raise PositionError(
                f"card {c} appears {counts[c]} times (in {', '.join(where) or 'no place'}); "
                "every card must appear exactly twice"
            )


def read_header(cls: GameClass, line: str) -> dict[str, int]:
    words = line.split(" ")
    if words[0] != cls.WORD:
        raise PositionError(f"line 1 {line!r}: expected the game {cls.WORD!r} first")
    values: dict[str, int] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in cls.HEADER or key in values:
            raise PositionError(
                f"line 1 {line!r}: unexpected {word!r} (expected {', '.join(cls.HEADER)})"
            )
        # (the length first: int() refuses over 4,300 digits with a bare ValueError)
        if not (value.isascii() and value.isdigit()) or len(value) > len(str(MAX_COUNTER)):
            raise PositionError(
                f"line 1 {line[:80]!r}: {key} must be a whole number from 0 to {MAX_COUNTER}"
            )
        values[key] = int(value)
    missing = [k for k in cls.HEADER if k not in values]
    if missing:
        raise PositionError(f"line 1 {line!r}: missing {', '.join(missing)}")
    return values


def position_lines(text: str) -> list[str]:
    """The lines of a position text, trailing blank lines dropped."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}")
    lines = text.strip("\n").splitlines()
    if not lines or not lines[0].strip():
        raise PositionError("empty position text")
    return lines
