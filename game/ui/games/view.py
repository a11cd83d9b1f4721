"""What differs between games on the page, as one interface: the board's geometry, the places'
words, and what a tap, a double-tap and a drop do by default. Each family's module
(``crescent.py``, ``forty_thieves.py`` beside this one) implements it; ``__init__.py`` picks
one by the view key of the kind's record. Pure.

The defaults here are what most games do; a game's module overrides what its rules make
different. Nothing outside a game's module asks which game it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import game
from game.cards import Card
from game.rules import Rules

from ..text.messages import SUITS, Messages
from .faces import CARD_H, CARD_W
from .geometry import Layout, Slot

if TYPE_CHECKING:
    from ..records.settings import Settings


def suit_word(words: Messages, suit: int | None, key: str = "place_suit") -> str:
    """A foundation's suit in the page's language (``place_suit_spades``, ``suit_spades``)."""
    return words.text(f"{key}_{SUITS[(suit or 0) % 4]}")


def region_text(x: float, y: float, text: str, extra: str = "") -> str:
    """A region's name on the table (a row, a band), centred at ``x``."""
    return f'<text class="region" x="{x:g}" y="{y:g}"{extra}>{text}</text>'


class GameView:
    """One game on the page. Subclasses set ``GAME`` (the engine's) and the layout."""

    CAPTION: ClassVar[float] = 0.0  # board units under each place for its caption
    # the page's controls only some games have (index.html's [data-needs]): "redeal" (the
    # button, and its question's setting), "draw", "score", "double-click", "auto-place"
    CONTROLS: ClassVar[frozenset[str]] = frozenset()

    # --- geometry ---------------------------------------------------------------------------
    def layout(
        self, g: game.Solitaire, aspect: float, index: str = "normal", left_handed: bool = False
    ) -> Layout:
        """The board for a table of ``aspect`` (height / width), cards with ``index``; for the
        left hand if asked (a game whose board has no side for it ignores it)."""
        raise NotImplementedError

    def index_for(self, aspect: float, chosen: str) -> str:
        """The corner index size to draw: the player's choice."""
        return chosen

    def fanned(self, place: game.Place) -> bool:
        """Whether every card of ``place`` shows (fanned down), not only its top card."""
        return False

    def visible_cards(self, g: game.Solitaire, place: str) -> tuple[Card, ...]:
        """The face-up cards drawn for a place: its top card, every face-up card of a fanned
        one, none of the stock."""
        cards, fact = g.cards(place), g.place(place)
        if fact.kind == "stock":
            return ()
        return cards[g.face_down(place) :] if self.fanned(fact) else cards[-1:]

    def backs(self, g: game.Solitaire, place: str) -> int:
        """How many face-down cards a place draws fanned, before its face-up ones (a pile
        that shows only its top card draws one back under it instead: ``board``)."""
        return g.face_down(place) if self.fanned(g.place(place)) else 0

    def place_order(self, g: game.Solitaire) -> tuple[str, ...]:
        """The places in the game's own order (the DOM's, a screen reader's, Home and End)."""
        return g.PLACES

    def regions(
        self, g: game.Solitaire, layout: Layout, targets: frozenset[str], words: Messages
    ) -> str:
        """What tells the table's regions apart (markup under the places)."""
        return ""

    def empty_mark(self, g: game.Solitaire, fact: game.Place, slot: Slot, words: Messages) -> str:
        """What an empty place of ``g`` shows: the empty stock says so."""
        return empty_word(slot, words.text("stock_empty")) if fact.kind == "stock" else ""

    def empty_classes(self, fact: game.Place) -> tuple[str, ...]:
        """Classes an empty place adds beside ``empty``."""
        return ()

    def caption(
        self, place: str, slot: Slot, count: int, words: Messages, layout: Layout, down: int = 0
    ) -> str:
        """Words drawn with a place (its number, its count, ``down`` of its cards face down),
        if the game has them."""
        return ""

    # --- words --------------------------------------------------------------------------------
    def place_name(self, fact: game.Place, words: Messages) -> str:
        """A place in a few words: 'pile 3', 'column 2', 'waste'."""
        if fact.kind in ("stock", "waste"):
            return words.text(f"place_{fact.kind}")
        return words.text(f"place_{fact.kind}", n=fact.number)

    def place_label(
        self,
        fact: game.Place,
        cards: tuple[Card, ...],
        words: Messages,
        down: int = 0,
        g: game.Solitaire | None = None,
    ) -> str:
        """A place of ``g`` and what it holds, for its accessible label: how many of its
        cards are face down, never which (``down`` of them, at the bottom, or, where rows were
        dealt in turn, every other one of them: ``g`` says which)."""
        shown = cards[down:]
        if g is not None and g.DOWN_STEP > 1:
            place = g.PLACES[g.FACTS.index(fact)]
            down, shown = g.hidden_count(place), g.face_up(place)
        counted = words.count("cards", len(cards))
        if cards and down == len(cards) and fact.kind == "column":  # its top card unnamed too
            return words.text("label_column_down", n=fact.number, cards=counted)
        if down:
            counted += ", " + words.count("face_down", down)
        values: dict[str, object] = {"cards": counted}
        if cards:
            values["card"] = words.card(cards[-1])
        key = f"label_{fact.kind}"
        if fact.kind in ("pile", "column", "cell"):
            values["n"] = fact.number
        if fact.kind == "column":
            values["listing"] = ", ".join(words.card(c) for c in shown)
        return words.text(key if cards else f"{key}_empty", **values)

    def counters(self, g: game.Solitaire, words: Messages) -> str:
        """The last line of the board in words: the moves and what is left."""
        raise NotImplementedError

    def won_extra(self, g: game.Solitaire, words: Messages) -> str:
        """What the won dialog adds to the time and moves."""
        return ""

    # --- the picker -------------------------------------------------------------------------
    def shelf(self, rules: Rules) -> str:
        """The catalog key of the picker's group, inside its family's, for a game with
        ``rules``: what it changes, for a player choosing ("" for the family's group itself)."""
        return ""

    def notes(self, rules: Rules, words: Messages) -> tuple[str, ...]:
        """What a game with ``rules`` deals and allows, a few words each: its row in the
        picker, which tells fifteen relatives apart before their help is read."""
        return ()

    def score(self, g: game.Solitaire) -> int | None:
        """The game's score, if it keeps one (the statistics' best score)."""
        return g.score if g.SCORED else None

    # --- input --------------------------------------------------------------------------------
    def tap_target(self, g: game.Solitaire, place: str, dests: list[str]) -> str | None:
        """Where a tap on the top card of ``place`` sends it, of the places that take it
        (``dests``): the one place, if one alone does; None to select it. A decision: the
        controller plays it."""
        return dests[0] if len(dests) == 1 else None

    def double_tap_on(self, settings: Settings) -> bool:
        """Whether a double-tap sends a card to its best place."""
        return True

    def drops_on_foundations(self, target: str | None) -> bool:
        """Whether a drop on ``target`` goes to the foundation area as a whole."""
        return False

    def auto_places(self, settings: Settings) -> bool:
        """Whether a card dropped where it cannot go goes to its best place."""
        return False


def empty_word(slot: Slot, text: str, fitted: str = "") -> str:
    """A word written across the middle of an empty place (``fitted``: ``textLength``
    attributes where the word is wider than a card)."""
    x, y = slot.x + CARD_W / 2, slot.y + CARD_H / 2 + 8
    return f'<text class="empty-word" x="{x:g}" y="{y:g}"{fitted}>{text}</text>'


def longest_column(g: game.Solitaire, dests: list[str]) -> str | None:
    """Of the places that take a card (``dests``), the longest pile or column that builds,
    else one whose top card is face down (which takes any card, as PySolFC's quick play
    ranks it), else an empty one, else None: where a card goes by itself (double-tap, auto
    placement)."""
    columns = [d for d in dests if d.startswith("t")]
    piles = [d for d in columns if g.cards(d)]
    if piles:  # face up before face down, then the longest (the first of equals)
        return max(piles, key=lambda d: (not g.top_face_down(d), len(g.cards(d))))
    return columns[0] if columns else None
