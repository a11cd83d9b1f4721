"""The places of the table in the page's language: a short name for what is said after a move
('pile 3'), and the accessible label of each place on the board. Pure.

The engine's own ``place_name``/``place_label`` stay English (the terminal version and the
engine's errors); the page speaks through the catalog, so every language has its words.
"""

from __future__ import annotations

import game

from .messages import SUITS, Messages

FT_STOCK, FT_WASTE = "stock", "waste"


def _suit(words: Messages, i: int, key: str = "place_suit") -> str:
    return words.text(f"{key}_{SUITS[i % 4]}")


def place_name(g: game.Solitaire, place: str, words: Messages) -> str:
    """A place in a few words: 'pile 3', 'ascending spades foundation', 'waste'."""
    i = g.index(place)
    if isinstance(g, game.Crescent):
        if i < 8:
            return words.text("place_up" if i < 4 else "place_down", suit=_suit(words, i))
        return words.text("place_pile", n=i - 7)
    if i < 8:
        return words.text("place_ft_foundation", n=i + 1, suit=_suit(words, i))
    if place in (FT_STOCK, FT_WASTE):
        return words.text(f"place_{place}")
    return words.text("place_column", n=i - 7)


def place_label(g: game.Solitaire, place: str, words: Messages) -> str:
    """A place and what it holds, for its accessible label."""
    i = g.index(place)
    cards = g.cards(place)
    values: dict[str, object] = {"cards": words.count("cards", len(cards))}
    if cards:
        values["card"] = words.card(cards[-1])
    if isinstance(g, game.Crescent):
        if i < 8:  # a Crescent foundation always holds its base
            return words.text("label_up" if i < 4 else "label_down", suit=_suit(words, i), **values)
        key = "label_pile"
        values["n"] = i - 7
    elif i < 8:
        key = "label_ft_foundation"
        values.update(n=i + 1, suit=_suit(words, i, "suit"))
    elif place in (FT_STOCK, FT_WASTE):
        key = f"label_{place}"
    else:
        key = "label_column"
        values.update(n=i - 7, listing=", ".join(words.card(c) for c in cards))
    return words.text(key if cards else f"{key}_empty", **values)


def describe(g: game.Solitaire, words: Messages) -> str:
    """The board in words for a screen reader (the board's ``aria-description``): every
    place's label, then the moves and what is left. In English it is the engine's
    ``describe()`` word for word (DESIGN.md's contract); the page speaks its own language."""
    lines = [place_label(g, place, words) + "." for place in g.PLACES]
    if isinstance(g, game.Crescent):
        left = g.redeals_left
        if left:
            lines.append(words.count("describe_redeals", left, moves=g.moves))
        else:
            lines.append(words.text("describe_no_redeals", moves=g.moves))
    elif isinstance(g, game.FortyThieves):
        lines.append(words.text("describe_score", score=g.score, moves=g.moves))
    return "\n".join(lines)
