"""Forty Thieves (Quarante Voleurs): 10 columns of 4, a 64-card stock, 8 fixed-suit foundations.

Places: foundations ``f1``-``f8`` (suits S H D C S H D C), columns ``t1``-``t10``, ``stock``,
``waste``. Internally foundations are indices 0-7 (suit = index % 4), columns 8-17, stock 18,
waste 19.
"""

from __future__ import annotations

from .cards import SUIT_NAMES, Card
from .codes import GameCode, shuffled_pack
from .core import Move, Place, Record, Solitaire, count_phrase
from .position import PositionError

COLUMNS = 10
DEALT = 4 * COLUMNS
STOCK_SIZE = 104 - DEALT
STOCK, WASTE = 8 + COLUMNS, 9 + COLUMNS

# The score table of the reference app; the score never goes below 0.
TO_FOUNDATION = 10
WASTE_TO_COLUMN = 5
FOUNDATION_TO_COLUMN = -15

_FOUNDATIONS = range(8)
_COLUMNS = range(8, 8 + COLUMNS)
# the card each foundation takes at each of its heights: its suit's next rank (-1 from 13 on:
# a King ends it). A foundation is always its suit's Ace-up run (``_check``), so its height says it
_TAKES = tuple(tuple((f % 4) * 13 + n if n < 13 else -1 for n in range(14)) for f in range(8))


class FortyThieves(Solitaire):
    """A game of Forty Thieves with the reference app's score and undo."""

    GAME = "FT1"
    PLACES = (
        tuple(f"f{i}" for i in range(1, 9))
        + tuple(f"t{i}" for i in range(1, COLUMNS + 1))
        + ("stock", "waste")
    )
    HEADER = ("score", "moves")
    FACTS = (
        tuple(Place("foundation", i + 1, i % 4) for i in _FOUNDATIONS)
        + tuple(Place("column", n) for n in range(1, COLUMNS + 1))
        + (Place("stock", 1), Place("waste", 1))
    )

    def __init__(
        self, places: list[list[Card]], score: int = 0, moves: int = 0, code: str | None = None
    ) -> None:
        super().__init__(places, moves, code)
        self.score = score

    @classmethod
    def deal(cls, code: GameCode) -> FortyThieves:
        """The first 40 shuffled cards go round the columns; the other 64 are the stock."""
        cards = shuffled_pack(code.deal)
        places: list[list[Card]] = [[] for _ in _FOUNDATIONS]
        places += [cards[i:DEALT:COLUMNS] for i in range(COLUMNS)]  # card k to column k mod 10
        places += [cards[DEALT:], []]  # the stock's last card is turned first
        return cls(places, 0, 0, str(code))

    @classmethod
    def _check_places(
        cls, header_line: str, header: dict[str, int], places: list[list[Card]]
    ) -> None:
        for i in _FOUNDATIONS:
            suit, cards = i % 4, places[i]
            if cards != [suit * 13 + k for k in range(len(cards))] or len(cards) > 13:
                raise PositionError(
                    f"{cls.PLACES[i]}: must be an Ace-up sequence of {SUIT_NAMES[suit]}, "
                    f"got {' '.join(map(str, cards))}"
                )
        if len(places[STOCK]) > STOCK_SIZE:
            raise PositionError(
                f"stock: {len(places[STOCK])} cards, the stock holds at most {STOCK_SIZE}"
            )

    @classmethod
    def _build(cls, header: dict[str, int], places: list[list[Card]]) -> FortyThieves:
        return cls(places, header["score"], header["moves"])

    # --- rules ---------------------------------------------------------------------------------
    def reason_at(self, s: int, d: int) -> str | None:
        if s == d:
            return "same_place"
        p = self._p
        if s == STOCK:
            if d != WASTE:
                return "not_playable"
            return None if p[STOCK] else "stock_empty"
        if d >= STOCK or not p[s]:
            return "not_playable"
        if d < 8 and s < 8:
            return "foundation_order"  # foundation to foundation is not a move here
        return self.reason_onto(d, p[s][-1])

    def reason_onto(self, d: int, c: int) -> str | None:
        """Would foundation or column number ``d`` take card ``c`` (a top card of a column,
        the waste or a foundation)? ``None`` if so, else the refusal key. The solver asks this
        of stock cards before drawing them."""
        p = self._p
        if d < 8:
            if c // 13 != d % 4:
                return "same_suit"
            return None if self.takes_home(d) == c else "foundation_order"
        col = p[d]
        if col:
            top = col[-1]
            if top // 13 != c // 13:
                return "same_suit"
            if top != c + 1:
                return "one_rank_higher"  # also: nothing goes on an Ace
        return None

    def takes_home(self, f: int) -> int | None:
        """The one card foundation ``f`` takes now (``None`` once complete)."""
        card = _TAKES[f][len(self._p[f])]
        return None if card < 0 else card

    def foundation_cards(self) -> tuple[int, ...]:
        """The card each foundation takes now (-1 once complete), by place: the solver asks
        this once a position instead of asking ``reason_onto`` of every stock card."""
        p, t = self._p, _TAKES
        return (
            t[0][len(p[0])], t[1][len(p[1])], t[2][len(p[2])], t[3][len(p[3])],
            t[4][len(p[4])], t[5][len(p[5])], t[6][len(p[6])], t[7][len(p[7])],
        )  # fmt: skip

    def apply_at(self, s: int, d: int) -> Record:
        p = self._p
        p[d].append(p[s].pop())
        before = self.score
        if d < 8:
            self.score = before + TO_FOUNDATION
        elif s == WASTE and d < STOCK:
            self.score = before + WASTE_TO_COLUMN
        elif s < 8:
            self.score = max(0, before + FOUNDATION_TO_COLUMN)
        self.moves += 1
        return (s, d, before)

    def apply_draws(self, k: int) -> Record:
        """Turn the next ``k`` stock cards onto the waste at once (``k`` draws, one record,
        unchecked: the stock must hold ``k`` cards). The solver's "play the k-th next stock
        card" is one call instead of ``k``; ``unapply`` takes all ``k`` back."""
        p = self._p
        stock = p[STOCK]
        drawn = stock[-k:]
        del stock[-k:]
        drawn.reverse()  # the last stock card is turned first, so it ends lowest
        p[WASTE] += drawn
        self.moves += k
        return (STOCK, WASTE, self.score, k)

    def unapply(self, record: Record) -> None:
        p = self._p
        if len(record) == 4:  # k draws at once
            k = record[3]
            waste = p[WASTE]
            back = waste[-k:]
            del waste[-k:]
            back.reverse()
            p[STOCK] += back
            self.moves -= k
            return
        s, d, before = record
        p[s].append(p[d].pop())
        self.score = before  # exact, the floor at 0 included
        self.moves -= 1

    def undo(self) -> bool:
        """The reference app's undo: the score comes back, the move counter does not go down
        (``unapply``, the solver's exact inverse, does take the move off)."""
        moves = self.moves
        if not super().undo():
            return False
        self.moves = moves
        return True

    def is_won(self) -> bool:
        p = self._p  # every card home: nothing left in the stock, the waste or a column
        return not p[STOCK] and not p[WASTE] and not any(p[8 : 8 + COLUMNS])

    def legal_moves(self) -> list[Move]:
        move = self.MOVES
        return [move[s][d] for s, d in self.legal_at()]

    def legal_at(self) -> list[tuple[int, int]]:
        """Every legal (source, destination) pair, by source: columns, the waste, foundations
        (the solver's hot path: each top card is looked up, not tried on every place)."""
        p = self._p
        out: list[tuple[int, int]] = []
        add = out.append
        empty = []
        tops = []  # (place, its top card) of the columns and the waste
        top_of: dict[int, list[int]] = {}  # a card -> the columns it tops
        for j in _COLUMNS:
            column = p[j]
            if column:
                c = column[-1]
                tops.append((j, c))
                if c in top_of:
                    top_of[c].append(j)
                else:
                    top_of[c] = [j]
            else:
                empty.append(j)
        if p[WASTE]:
            tops.append((WASTE, p[WASTE][-1]))
        home = self.foundation_cards()
        for i, c in tops:
            suit = c // 13
            if home[suit] == c:
                add((i, suit))
            if home[suit + 4] == c:
                add((i, suit + 4))
            if c % 13 != 12 and c + 1 in top_of:  # a King has no card one rank higher
                for j in top_of[c + 1]:
                    add((i, j))
            for j in empty:
                add((i, j))
        for f in _FOUNDATIONS:
            if p[f]:
                c = p[f][-1]
                if c % 13 != 12 and c + 1 in top_of:
                    for j in top_of[c + 1]:
                        add((f, j))
                for j in empty:
                    add((f, j))
        if p[STOCK]:
            add((STOCK, WASTE))
        return out

    @property
    def status(self) -> str:
        # Like the reference app, Forty Thieves never reports "blocked".
        return "won" if self.is_won() else "playing"

    def _header(self) -> dict[str, int]:
        return {"score": self.score, "moves": self.moves}

    def _counters(self) -> tuple[int, ...]:
        return (self.moves, self.score)

    def _set_counters(self, counters: tuple[int, ...]) -> None:
        self.moves, self.score = counters

    # --- words ---------------------------------------------------------------------------------
    def place_name(self, place: str) -> str:
        fact = self.place(place)
        if fact.kind == "foundation":
            return f"{SUIT_NAMES[fact.suit or 0]} foundation {fact.number}"
        return fact.kind if fact.kind in ("stock", "waste") else f"column {fact.number}"

    def place_label(self, place: str) -> str:
        fact, cards = self.place(place), self.cards(place)
        if fact.kind == "foundation":
            name = f"Foundation {fact.number}, {SUIT_NAMES[fact.suit or 0]}"
            if not cards:
                return f"{name}: empty"
            return f"{name}: {cards[-1].name()} on top, {count_phrase(len(cards))}"
        if fact.kind == "stock":
            return f"Stock: {count_phrase(len(cards))}" if cards else "Stock: empty"
        name = "Waste" if fact.kind == "waste" else f"Column {fact.number}"
        if not cards:
            return f"{name}: empty"
        if fact.kind == "waste":
            return f"{name}: {count_phrase(len(cards))}, {cards[-1].name()} on top"
        listing = ", ".join(c.name() for c in cards)
        return (
            f"{name}: {count_phrase(len(cards))}, {cards[-1].name()} on top; "
            f"from the bottom: {listing}"
        )

    def describe(self) -> str:
        return super().describe() + f"\nScore: {self.score}; moves: {self.moves}."
