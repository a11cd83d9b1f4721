"""The rules a game is made of, as data: what each family's engine reads (pure, no imports).

A game of the site is a family's engine (``crescent.py``, ``forty_thieves.py``) run on one of
these records; ``kinds.py`` declares each game with its record. The Forty Thieves family's
axes are those that PySolFC's ``fortythieves.py`` varies across its two-deck games and that
many of them share: columns, rows dealt face down and face up, what a column builds on (and
whether up or down), whether runs move as one (and where to), passes through the stock, cards
turned a draw, the rank the foundations start from, their first cards dealt to them, what an
empty column takes, whether an emptied column fills itself from the waste, whether a card
may come back from a foundation, whether cards go home during the deal, whether an emptied column
takes cards from the stock, whether a lone card is held while the stock lasts, free cells,
foundations that stop at the Queen beside one of Kings, and face-down cards that only the player
turns up.
"""

from __future__ import annotations

from dataclasses import dataclass

# what a Forty Thieves column builds down on: the next rank of the same suit, of the other
# colour, of any other suit, or of any suit
SUIT, COLOUR, OTHER_SUIT, ANY_SUIT = "suit", "colour", "other_suit", "any_suit"
BUILDS = (SUIT, COLOUR, OTHER_SUIT, ANY_SUIT)
# what an empty column takes: any card (or run), a King (or a run from one), only the waste's
# top card, or nothing (it stays empty)
ANY, KING, WASTE, NOTHING = "any", "king", "waste", "nothing"
EMPTIES = (ANY, KING, WASTE, NOTHING)


@dataclass(frozen=True)
class CrescentRules:
    """Crescent: its redeals, and the cards dealt face down under each pile's top ones."""

    redeals: int = 3
    down: int = 0


@dataclass(frozen=True)
class FortyRules:
    """A game of the Forty Thieves family: 8 foundations up by suit (from the Aces, or from
    another rank), columns, a stock turned onto a waste."""

    columns: int = 10
    down: int = 0  # rows dealt face down, first
    up: int = 4  # then rows dealt face up
    # the rows dealt face up and face down in turn instead, from a face-up one to a face-up
    # one (PySolFC's Interchange: up, down, up … up; ``up`` is ``down`` + 1)
    interleaved: bool = False
    builds: str = SUIT
    runs: bool = False  # a run built as the columns build moves as one
    # a column builds up or down: a card goes onto one rank higher or one rank lower, of the
    # suits ``builds`` says (PySolFC's UD_*_RowStack: Foothold); one card moves at a time
    both_ways: bool = False
    # where runs move, a run moves as one only into an empty column: onto a card, one card
    # at a time (PySolFC's Forty Nine)
    runs_to_empty: bool = False
    # where runs move, only a run in suit does, whatever the columns build (PySolFC's
    # Spider_SS_RowStack: a column builds down in any suit, a run in suit moves as one)
    runs_in_suit: bool = False
    redeals: int = 0  # times the waste is turned over into a new stock once the stock is out
    draw: int = 1  # stock cards turned onto the waste at a time (the top one plays)
    # the rank the foundations start from (0: the Ace, 1: the Two…). From another rank than
    # the Ace, ranks wrap: a foundation goes on from its King to its Ace, and in a column a King
    # goes onto an Ace (PySolFC's ``mod=13``)
    base: int = 0
    bases_home: bool = False  # the eight base cards (Aces) dealt to the foundations first
    # the base rank drawn at the deal: the stock's first card goes to its suit's first
    # foundation, and every foundation starts from its rank (PySolFC's dealSingleBaseCard:
    # Quadrangle); ranks wrap, as from any rank
    base_drawn: bool = False
    # after each row of the deal, every column's top card that a foundation takes goes home,
    # the columns tried in order from the first each time, before the next row (PySolFC's
    # Carre Napoleon)
    home_in_deal: bool = False
    # the foundations build up in alternate colours from the Ace of their suit: after it, any
    # card of the next rank and the other colour (PySolFC's AC_FoundationStack: Red and Black)
    home_colours: bool = False
    empty: str = ANY  # what an empty column takes
    # a column emptied by a move is filled at once with the waste's top card (a draw first
    # when the waste is empty, of the game's ``draw`` cards: Little Forty turns three); with
    # the stock and the waste both out it stays empty
    autofill: bool = False
    # a column emptied by a move takes this many cards from the stock at once, the first
    # face down where more follow, the others face up; with the stock out it stays empty
    # (PySolFC's Indian Patience: 3)
    refill: int = 0
    # while the stock holds cards, a column's lone card goes onto no other column's card, and
    # a column of one card takes none (PySolFC's Indian Patience)
    lone: bool = False
    home_out: bool = True  # a foundation's top card may come back onto a column
    # free cells, each holding one card: a column's top card or the waste's goes into an empty
    # one, and from there onto a column or home (PySolFC's ReserveStack: Squadron, Jacks in
    # the Box)
    cells: int = 0
    cells_dealt: bool = False  # the deal's first cards go one to each cell (Squadron)
    waste_first: bool = False  # the deal ends by turning the stock's first card onto the waste
    # the foundations stop at the Queen, and a ninth one (``f9``) takes the eight Kings, of
    # any suit, whenever one is free; it keeps them (PySolFC's Floradora)
    kings_apart: bool = False
    # no card turns up by itself: a column's face-down top card stays face down until the
    # player turns it up (a move of its own, the column onto itself), and any card goes onto
    # it (PySolFC's Blind Patience)
    blind: bool = False

    def __post_init__(self) -> None:
        if self.builds not in BUILDS or self.empty not in EMPTIES:
            raise ValueError(f"unknown build or empty-column rule in {self}")
        ranges = (1 <= self.columns <= 16, 1 <= self.draw <= 3, 0 <= self.redeals <= 3)
        if not all(ranges) or not 0 <= self.base < 13:
            raise ValueError(f"rules out of range: {self}")
        if self.runs_in_suit and (not self.runs or self.builds == SUIT):
            raise ValueError(
                f"runs in suit only where runs move and the columns build otherwise: {self}"
            )
        if self.waste_first and self.draw != 1:
            raise ValueError(f"the deal turns one card: no waste_first with {self.draw} a draw")
        if self.home_in_deal and (self.down or self.home_colours or self.base_drawn):
            raise ValueError(
                f"cards home in the deal: face-up rows, foundations by suit from set ranks: {self}"
            )
        if self.base_drawn and (self.base or self.bases_home):
            raise ValueError(f"a drawn base rank is the deal's, and one card: {self}")
        if self.home_colours and self.base:
            raise ValueError(f"foundations in alternate colours start from the Aces: {self}")
        if self.interleaved and self.up != self.down + 1:
            raise ValueError(f"rows in turn from face up to face up: up = down + 1, {self}")
        if self.both_ways and (self.runs or self.base):
            raise ValueError(
                f"where columns build both ways one card moves at a time, ranks never wrap: {self}"
            )
        if self.refill and (self.autofill or not 2 <= self.refill <= 3):
            raise ValueError(f"a refill from the stock of 2 or 3 cards, not the waste's: {self}")
        if self.refill and (self.interleaved or self.redeals or self.home_in_deal):
            raise ValueError(
                f"a refill: rows dealt as the deal's, one pass, no column empty at the deal: {self}"
            )
        if self.lone and self.runs:
            raise ValueError(f"lone-card limits where one card moves at a time: {self}")
        if not 0 <= self.cells <= 4 or self.cells_dealt and not self.cells:
            raise ValueError(f"up to 4 free cells, dealt a card each only where there are: {self}")
        if self.cells and (self.runs or self.autofill or self.refill or self.lone):
            raise ValueError(
                f"free cells where one card moves at a time and no column fills itself: {self}"
            )
        if self.runs_to_empty and not self.runs:
            raise ValueError(f"runs into empty columns only where runs move: {self}")
        if self.cells_dealt and (self.home_in_deal or self.base_drawn):
            raise ValueError(f"cells dealt first, then the rows as they are: {self}")
        if self.kings_apart and (
            self.wraps or self.home_colours or self.both_ways or self.empty != ANY
        ):
            raise ValueError(
                f"a foundation of Kings beside ones from the Aces that build by suit, and "
                f"empty columns that take any card: {self}"
            )
        if self.kings_apart and (
            self.cells or self.autofill or self.refill or self.lone or self.home_in_deal
        ):
            raise ValueError(
                f"a foundation of Kings where no column fills itself, none home in the deal: {self}"
            )
        if self.blind and (not self.down or self.interleaved or self.runs or self.both_ways):
            raise ValueError(
                f"cards turned up by the player: rows face down, then one card moves at a time, "
                f"down: {self}"
            )
        if self.blind and (self.cells or self.autofill or self.refill or self.lone):
            raise ValueError(
                f"cards turned up by the player where no column fills itself, no cells: {self}"
            )
        if self.blind and self.kings_apart:
            raise ValueError(
                f"cards turned up by the player, foundations as Forty Thieves': {self}"
            )
        if (
            self.columns * (self.down + self.up)
            + 8 * self.bases_home
            + self.cells_dealt * (self.cells)
            > 104
        ):
            raise ValueError(f"more cards dealt than two decks hold: {self}")

    @property
    def wraps(self) -> bool:
        """Ranks wrap from King to Ace (foundations from another rank than the Ace, or from
        the rank each deal draws)."""
        return self.base != 0 or self.base_drawn

    @property
    def dealt(self) -> int:
        """Cards dealt to the columns."""
        return self.columns * (self.down + self.up)

    @property
    def stock(self) -> int:
        """Cards not dealt to the columns or the foundations: the stock at the deal (one of
        them on the waste where ``waste_first``), and the most it can ever hold."""
        return (
            104 - self.dealt - 8 * self.bases_home - self.base_drawn - self.cells * self.cells_dealt
        )


Rules = CrescentRules | FortyRules
