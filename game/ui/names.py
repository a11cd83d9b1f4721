"""The places of the table in the page's language: a short name for what is said after a move
('pile 3'), and the accessible label of each place on the board. Pure.

The engine states each place as facts (``game.Place``: kind, number, suit); the page words
them through the catalog, each game's view choosing its own words (``GameView.place_name``).
The engine's own ``place_name``/``place_label`` stay English (the terminal version and the
engine's errors); every language has its words here.
"""

from __future__ import annotations

import game

from .games import view_of
from .text.messages import Messages


def place_name(g: game.Solitaire, place: str, words: Messages) -> str:
    """A place in a few words: 'pile 3', 'ascending spades foundation', 'waste'."""
    return view_of(g).place_name(g.place(place), words)


def move_words(g: game.Solitaire, move: game.Move, words: Messages) -> str:
    """A move in a few words, read in the position before it (a Hint's, a replay's caption):
    the card that moves (a run's lowest) and where to; a draw, a redeal; a card turned up by
    its column (never naming a face-down card)."""
    if move.is_redeal:
        return words.text("move_redeal")
    if move.src == "stock":
        return words.text("move_draw")
    if move.turns_up:
        return words.text("move_turn_up", place=place_name(g, move.src, words))
    card = words.card(g.cards(move.src)[-move.size])
    return words.text("move_card", card=card, place=place_name(g, move.dst, words))


def place_label(g: game.Solitaire, place: str, words: Messages) -> str:
    """A place and what it holds, for its accessible label."""
    view = view_of(g)
    return view.place_label(g.place(place), g.cards(place), words, g.face_down(place), g)


def describe(g: game.Solitaire, words: Messages) -> str:
    """The board in words for a screen reader (the board's ``aria-description``): every
    place's label, then the moves and what is left. In English it is the engine's
    ``describe()`` word for word (DESIGN.md's contract); the page speaks its own language."""
    lines = [place_label(g, place, words) + "." for place in g.PLACES]
    lines.append(view_of(g).counters(g, words))
    return "\n".join(lines)
