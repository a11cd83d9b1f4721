"""Forty Thieves (Quarante Voleurs) and its family: columns, one pass through a stock, 8
fixed-suit foundations.

Forty Thieves (``FT1-N``) deals 10 columns of 4 face up and a 64-card stock. Its relatives
differ only in data (:data:`FAMILY`): how many columns, how many rows face down and face up,
what a column builds on (by suit, alternate colours, any suit but its own) and whether a run
moves as one. Places: foundations ``f1``-``f8`` (suits S H D C S H D C), columns ``t1``-``tC``,
``stock``, ``waste``. Internally foundations are indices 0-7 (suit = index % 4), columns
8 to 7 + C, then the stock and the waste.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import SUIT_NAMES, Card
from .codes import GameCode, shuffled_pack
from .core import Move, Place, Record, Solitaire, count_phrase
from .position import PositionError

# Forty Thieves' own numbers (the solver's and the tests' shorthand for FT1-N)
COLUMNS = 10
DEALT = 4 * COLUMNS
STOCK_SIZE = 104 - DEALT
STOCK, WASTE = 8 + COLUMNS, 9 + COLUMNS

SUIT, COLOUR, OTHER_SUIT = "suit", "colour", "other_suit"  # what a column builds down by
_RED = (False, True, True, False)  # spades, hearts, diamonds, clubs


@dataclass(frozen=True)
class Rules:
    """What makes one game of the family: its columns, its deal in rows (face down first),
    what a card goes onto in a column, and whether a run of built cards moves as one."""

    columns: int
    down: int
    up: int
    builds: str
    runs: bool


FAMILY: dict[str, Rules] = {  # by the code's variant letter; names in codes.VARIANTS
    "N": Rules(10, 0, 4, SUIT, False),  # Forty Thieves
    "J": Rules(10, 0, 4, SUIT, True),  # Josephine
    "Q": Rules(12, 0, 4, SUIT, True),  # Napoleon's Square
    "B": Rules(12, 0, 1, SUIT, False),  # Busy Aces
    "L": Rules(12, 0, 3, SUIT, False),  # Limited
    "S": Rules(10, 0, 4, COLOUR, False),  # Streets
    "M": Rules(9, 0, 4, COLOUR, False),  # Maria
    "T": Rules(10, 2, 2, COLOUR, True),  # Number Ten
    "R": Rules(10, 3, 1, COLOUR, True),  # Rank and File
    "E": Rules(10, 3, 1, COLOUR, False),  # Emperor
    "I": Rules(10, 1, 2, OTHER_SUIT, False),  # Indian
}


def builds_onto(builds: str) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards it goes onto in a column: one rank higher, in its own suit, in
    a suit of the other colour, or in any other suit (nothing goes onto an Ace)."""
    out: list[tuple[int, ...]] = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        if rank == 12:
            out.append(())
            continue
        if builds == SUIT:
            suits: tuple[int, ...] = (suit,)
        elif builds == COLOUR:
            suits = tuple(t for t in range(4) if _RED[t] != _RED[suit])
        else:
            suits = tuple(t for t in range(4) if t != suit)
        out.append(tuple(t * 13 + rank + 1 for t in suits))
    return tuple(out)


def _places(columns: int) -> tuple[str, ...]:
    return (
        tuple(f"f{i}" for i in range(1, 9))
        + tuple(f"t{i}" for i in range(1, columns + 1))
        + ("stock", "waste")
    )


def _facts(columns: int) -> tuple[Place, ...]:
    return (
        tuple(Place("foundation", i + 1, i % 4) for i in range(8))
        + tuple(Place("column", n) for n in range(1, columns + 1))
        + (Place("stock", 1), Place("waste", 1))
    )


# The score table of the reference app; the score never goes below 0.
TO_FOUNDATION = 10
WASTE_TO_COLUMN = 5
FOUNDATION_TO_COLUMN = -15

_FOUNDATIONS = range(8)
# the card each foundation takes at each of its heights: its suit's next rank (-1 from 13 on:
# a King ends it). A foundation is always its suit's Ace-up run (``_check``), so its height says it
_TAKES = tuple(tuple((f % 4) * 13 + n if n < 13 else -1 for n in range(14)) for f in range(8))


class FortyThieves(Solitaire):
    """A game of Forty Thieves with the reference app's score and undo; a relative is a
    subclass made from its :class:`Rules` (:data:`VARIANT_CLASSES`)."""

    GAME = "FT1"
    VARIANT: ClassVar[str] = "N"
    RULES: ClassVar[Rules] = FAMILY["N"]
    PLACES = _places(COLUMNS)
    HEADER = ("score", "moves")
    FACTS = _facts(COLUMNS)
    # the rules as numbers, for the hot paths
    COLUMN_COUNT: ClassVar[int] = COLUMNS
    DEALT: ClassVar[int] = DEALT
    STOCK_SIZE: ClassVar[int] = STOCK_SIZE
    STOCK_AT: ClassVar[int] = STOCK
    WASTE_AT: ClassVar[int] = WASTE
    COLUMN_RANGE: ClassVar[range] = range(8, 8 + COLUMNS)
    ONTO: ClassVar[tuple[tuple[int, ...], ...]] = builds_onto(SUIT)
    RUNS: ClassVar[bool] = False

    @classmethod
    def variant(cls, letter: str) -> type[FortyThieves]:
        """The class of the family's game ``letter`` (``"N"``: this one)."""
        return VARIANT_CLASSES[letter]

    def __init__(
        self, places: list[list[Card]], score: int = 0, moves: int = 0, code: str | None = None
    ) -> None:
        super().__init__(places, moves, code)
        self.score = score

    @classmethod
    def deal(cls, code: GameCode) -> FortyThieves:
        """The first C·R shuffled cards go round the C columns, row by row (card k to column
        k mod C, the first rows face down); the others are the stock, its last card turned
        first. Forty Thieves: 40 cards to 10 columns, a stock of 64."""
        game = VARIANT_CLASSES[code.variant]
        columns, dealt = game.COLUMN_COUNT, game.DEALT
        cards = shuffled_pack(code.deal)
        places: list[list[Card]] = [[] for _ in _FOUNDATIONS]
        places += [cards[i:dealt:columns] for i in range(columns)]
        places += [cards[dealt:], []]
        g = game(places, 0, 0, str(code))
        if game.RULES.down:
            g.set_face_down([0] * 8 + [game.RULES.down] * columns + [0, 0])
        return g

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
        stock = places[cls.STOCK_AT]
        if len(stock) > cls.STOCK_SIZE:
            raise PositionError(
                f"stock: {len(stock)} cards, the stock holds at most {cls.STOCK_SIZE}"
            )

    @classmethod
    def _build(cls, header: dict[str, int], places: list[list[Card]]) -> FortyThieves:
        return cls(places, header["score"], header["moves"])

    # --- rules ---------------------------------------------------------------------------------
    def reason_at(self, s: int, d: int, n: int = 1) -> str | None:
        if s == d:
            return "same_place"
        p = self._p
        stock = self.STOCK_AT
        if s == stock:
            if d != stock + 1 or n != 1:
                return "not_playable"
            return None if p[stock] else "stock_empty"
        if d >= stock or not p[s]:
            return "not_playable"
        if n != 1:
            if not self.RUNS or s < 8 or s > stock or d < 8 or self.run_length(s) < n:
                return "not_a_run"
            return self.reason_onto(d, p[s][-n])
        if d < 8 and s < 8:
            return "foundation_order"  # foundation to foundation is not a move here
        return self.reason_onto(d, p[s][-1])

    def run_length(self, j: int) -> int:
        """How many face-up cards at the top of column number ``j`` are built as the game
        builds, each on the one below: the cards that move together where runs move."""
        column = self._p[j]
        i = len(column) - 1
        if i < 0:
            return 0
        floor, onto = self._down[j], self.ONTO
        while i > floor and column[i - 1] in onto[column[i]]:
            i -= 1
        return len(column) - i

    def movable(self, src: str) -> int:
        j = self.index(src)
        if self.RUNS and j in self.COLUMN_RANGE:
            return self.run_length(j)
        return super().movable(src)

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
        if col and col[-1] not in self.ONTO[c]:
            top = col[-1]
            builds = self.RULES.builds
            if builds == SUIT and top // 13 != c // 13:
                return "same_suit"
            if builds == COLOUR and _RED[top // 13] == _RED[c // 13]:
                return "alternate_colour"
            if builds == OTHER_SUIT and top // 13 == c // 13:
                return "other_suit"
            # also: nothing goes on an Ace
            return "one_rank_higher" if builds == SUIT else "rank_higher"
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

    def apply_at(self, s: int, d: int, n: int = 1) -> Record:
        p = self._p
        if n == 1:
            p[d].append(p[s].pop())
        else:  # a run: column to column, its order kept
            source = p[s]
            p[d] += source[-n:]
            del source[-n:]
        before = self.score
        if d < 8:
            self.score = before + TO_FOUNDATION
        elif s == self.WASTE_AT and d < s - 1:
            self.score = before + WASTE_TO_COLUMN
        elif s < 8:
            self.score = max(0, before + FOUNDATION_TO_COLUMN)
        self.moves += 1
        down = self._down
        if down[s] and down[s] == len(p[s]):  # the new top was face down: it turns up
            down[s] -= 1
            return (s, d, before, n, 1)
        return (s, d, before) if n == 1 else (s, d, before, n, 0)

    def apply_draws(self, k: int) -> Record:
        """Turn the next ``k`` stock cards onto the waste at once (``k`` draws, one record,
        unchecked: the stock must hold ``k`` cards). The solver's "play the k-th next stock
        card" is one call instead of ``k``; ``unapply`` takes all ``k`` back."""
        p = self._p
        at = self.STOCK_AT
        stock = p[at]
        drawn = stock[-k:]
        del stock[-k:]
        drawn.reverse()  # the last stock card is turned first, so it ends lowest
        p[at + 1] += drawn
        self.moves += k
        return (at, at + 1, self.score, k)

    def unapply(self, record: Record) -> None:
        p = self._p
        if len(record) == 3:
            s, d, before = record
            p[s].append(p[d].pop())
        elif len(record) == 4:  # k draws at once
            k = record[3]
            waste = p[record[1]]
            back = waste[-k:]
            del waste[-k:]
            back.reverse()
            p[record[0]] += back
            self.moves -= k
            return
        else:  # a run, or a move that turned a card up
            s, d, before, n, turned = record
            if turned:
                self._down[s] += 1
            target = p[d]
            p[s] += target[-n:]
            del target[-n:]
        self.score = before  # exact, the floor at 0 included
        self.moves -= 1

    def move_of(self, record: Record) -> Move:
        if len(record) == 5 and record[3] != 1:
            return Move(self.PLACES[record[0]], self.PLACES[record[1]], record[3])
        return super().move_of(record)

    def undo(self) -> bool:
        """The reference app's undo: the score comes back, the move counter does not go down
        (``unapply``, the solver's exact inverse, does take the move off)."""
        moves = self.moves
        if not super().undo():
            return False
        self.moves = moves
        return True

    def is_won(self) -> bool:
        p = self._p  # every card home: nothing in a column, the stock or the waste
        return not any(p[8:])

    def legal_moves(self) -> list[Move]:
        move, places = self.MOVES, self.PLACES
        moves = [move[s][d] for s, d in self.legal_at()]
        if self.RUNS:
            moves += [Move(places[s], places[d], n) for s, d, n in self.legal_runs()]
        return moves

    def legal_runs(self) -> list[tuple[int, int, int]]:
        """Runs of 2 cards and more, column to column: onto a card that takes the run's lowest
        card, or to an empty column (every part of the run, each a move of its own)."""
        if not self.RUNS:
            return []
        p, onto, columns = self._p, self.ONTO, self.COLUMN_RANGE
        out: list[tuple[int, int, int]] = []
        for s in columns:
            column = p[s]
            for n in range(2, self.run_length(s) + 1):
                card = column[-n]
                for d in columns:
                    if d != s and (not p[d] or p[d][-1] in onto[card]):
                        out.append((s, d, n))
        return out

    def legal_at(self) -> list[tuple[int, int]]:
        """Every legal (source, destination) pair, by source: columns, the waste, foundations
        (the solver's hot path: each top card is looked up, not tried on every place)."""
        p, onto, waste = self._p, self.ONTO, self.WASTE_AT
        out: list[tuple[int, int]] = []
        add = out.append
        empty = []
        tops = []  # (place, its top card) of the columns and the waste
        top_of: dict[int, list[int]] = {}  # a card -> the columns it tops
        for j in self.COLUMN_RANGE:
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
        if p[waste]:
            tops.append((waste, p[waste][-1]))
        home = self.foundation_cards()
        for i, c in tops:
            suit = c // 13
            if home[suit] == c:
                add((i, suit))
            if home[suit + 4] == c:
                add((i, suit + 4))
            for t in onto[c]:  # the cards it goes onto (none for a King)
                if t in top_of:
                    for j in top_of[t]:
                        add((i, j))
            for j in empty:
                add((i, j))
        for f in _FOUNDATIONS:
            if p[f]:
                c = p[f][-1]
                for t in onto[c]:
                    if t in top_of:
                        for j in top_of[t]:
                            add((f, j))
                for j in empty:
                    add((f, j))
        if p[waste - 1]:
            add((waste - 1, waste))
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
        down = self.face_down(place)
        listing = ", ".join(c.name() for c in cards[down:])  # a face-down card is not named
        hidden = f", {count_phrase(down)} face down" if down else ""
        return (
            f"{name}: {count_phrase(len(cards))}{hidden}, {cards[-1].name()} on top; "
            f"from the bottom: {listing}"
        )

    def describe(self) -> str:
        return super().describe() + f"\nScore: {self.score}; moves: {self.moves}."


def _variant_class(letter: str, rules: Rules) -> type[FortyThieves]:
    """A relative of Forty Thieves as a subclass: the same rules, its own numbers."""
    columns = rules.columns
    attrs = {
        "VARIANT": letter,
        "RULES": rules,
        "WORD": f"FT1-{letter}",  # its positions name it: its rules are not Forty Thieves'
        "PLACES": _places(columns),
        "FACTS": _facts(columns),
        "COLUMN_COUNT": columns,
        "DEALT": columns * (rules.down + rules.up),
        "STOCK_SIZE": 104 - columns * (rules.down + rules.up),
        "STOCK_AT": 8 + columns,
        "WASTE_AT": 9 + columns,
        "COLUMN_RANGE": range(8, 8 + columns),
        "ONTO": builds_onto(rules.builds),
        "RUNS": rules.runs,
        "__doc__": f"The Forty Thieves family's game {letter} ({rules}).",
    }
    return type(f"FortyThieves{letter}", (FortyThieves,), attrs)


VARIANT_CLASSES: dict[str, type[FortyThieves]] = {
    letter: FortyThieves if letter == "N" else _variant_class(letter, rules)
    for letter, rules in FAMILY.items()
}
