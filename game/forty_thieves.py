"""Forty Thieves (Quarante Voleurs) and its family: columns, a stock turned onto a waste, 8
foundations, each from the base card of its fixed suit.

Forty Thieves (``FT1-N``) deals 10 columns of 4 face up and a 64-card stock, one pass. Its relatives
are the same engine on other rules (``rules.FortyRules``, declared with each game in ``kinds.py``):
columns, rows dealt face down and face up, what a column builds on (suit, colour, other suit, any
suit; down, or up and down), whether a run moves as one (anywhere, or only into an empty column),
redeals of the waste, cards turned a draw, the Aces dealt home, what an empty column takes, whether
an emptied column fills itself, whether a foundation's card may come back, whether the foundations
alternate colours past their Aces, whether the deal draws their base rank, whether cards go home as
the rows are dealt, free cells, foundations that stop at the Queen beside one of Kings, face-down
cards that only the player turns up (a column onto itself: ``t3-t3``). Places:
foundations ``f1``-``f8`` (their base cards' suits S H D C S H D C), columns ``t1``-``tC``,
``stock``, ``waste``, free cells ``c1``-``cK`` where the rules have them, and the Kings'
foundation ``f9`` where they have it. Internally foundations are indices 0-7 (base suit = index
% 4), columns 8 to 7 + C, then the stock and the waste, then the cells, then the Kings'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from .cards import CARDS, RANK_NAMES, SUIT_NAMES, Card
from .codes import GameCode, shuffled_pack
from .core import Move, Place, Reason, Record, Solitaire, count_phrase
from .kinds import REGISTRY
from .position import PositionError
from .rules import ANY, COLOUR, KING, OTHER_SUIT, SUIT, FortyRules
from .rules import WASTE as FROM_WASTE

# Forty Thieves' own numbers (the solver's and the tests' shorthand for FT1-N)
COLUMNS = 10
DEALT = 4 * COLUMNS
STOCK_SIZE = 104 - DEALT
STOCK, WASTE = 8 + COLUMNS, 9 + COLUMNS

_RED = (False, True, True, False)  # spades, hearts, diamonds, clubs

FAMILY: dict[str, FortyRules] = {  # each game's rules by its kind ("FT1-J", "FT2-C")
    kind.code: kind.rules for kind in REGISTRY if isinstance(kind.rules, FortyRules)
}


def builds_onto(
    builds: str, wraps: bool = False, both_ways: bool = False
) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards it goes onto in a column: one rank higher (or lower too, where
    columns build ``both_ways``), in its own suit, in a suit of the other colour, in any other
    suit or in any suit (a King goes onto nothing higher, nor an Ace onto anything lower,
    unless ranks ``wraps``: then a King goes onto an Ace)."""
    out: list[tuple[int, ...]] = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        steps = [s for s in ((1, -1) if both_ways else (1,)) if wraps or 0 <= rank + s <= 12]
        if builds == SUIT:
            suits: tuple[int, ...] = (suit,)
        elif builds == COLOUR:
            suits = tuple(t for t in range(4) if _RED[t] != _RED[suit])
        elif builds == OTHER_SUIT:
            suits = tuple(t for t in range(4) if t != suit)
        else:
            suits = (0, 1, 2, 3)
        out.append(tuple(t * 13 + (rank + step) % 13 for step in steps for t in suits))
    return tuple(out)


def foundation_takes(base: int, height: int = 13) -> tuple[tuple[int, ...], ...]:
    """The card each foundation takes at each of its heights: its suit's next rank from
    ``base`` (wrapping from King to Ace), -1 once it holds ``height`` cards (13; 12 where it
    stops at the Queen). A foundation is always its suit's run up from the base
    (``_check_places``), so its height says it."""
    return tuple(
        tuple((f % 4) * 13 + (base + n) % 13 if n < height else -1 for n in range(14))
        for f in range(8)
    )


def colour_home_takes(suit: int, below: Sequence[int]) -> tuple[int, ...]:
    """What a foundation that builds in alternate colours takes on ``below`` (its cards,
    bottom to top): the Ace of its ``suit`` first, then the next rank in either suit of the
    other colour; nothing once complete. The rule's one statement (checks, moves, positions)."""
    height = len(below)
    if not height:
        return (suit * 13,)
    if height == 13:
        return ()
    red = _RED[below[-1] // 13]
    return tuple(s * 13 + height for s in range(4) if _RED[s] != red)


def home_slots(home_colours: bool = False) -> tuple[tuple[int, ...], ...]:
    """For each card, the foundations that can ever take it: its suit's two; where they build
    in alternate colours, past the Aces, the four whose Ace's colour puts that colour at that
    rank (a red Two on a black Ace's foundation, a black Three next, …)."""
    out: list[tuple[int, ...]] = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        if home_colours and rank:
            same = rank % 2 == 0  # the Ace's colour at even ranks (0: the Ace)
            out.append(tuple(f for f in range(8) if (_RED[f % 4] == _RED[suit]) == same))
        else:
            out.append((suit, suit + 4))
    return tuple(out)


def _dealt_homing(
    game: type[FortyThieves], dealt: Sequence[Card], homes: list[list[Card]]
) -> list[list[Card]]:
    """The columns of a deal that sends cards home as it goes (``home_in_deal``, PySolFC's
    Carre Napoleon): a row round the columns, then, until none is left, the first column's
    top card (in the columns' order, from the first again after each) that a foundation takes
    goes to the first foundation that takes it; then the next row. The cards sent home are
    appended to ``homes`` (the foundations, changed in place: the deal's own lists)."""
    columns = game.COLUMN_COUNT
    piles: list[list[Card]] = [[] for _ in range(columns)]
    takes = game.TAKES
    for row in range(0, len(dealt), columns):
        for pile, card in zip(piles, dealt[row : row + columns]):
            pile.append(card)
        while True:
            home = next(
                (
                    (pile, f)
                    for pile in piles
                    if pile
                    for f in _FOUNDATIONS
                    if takes[f][len(homes[f])] == pile[-1]  # (-1 past the King: none)
                ),
                None,
            )
            if home is None:
                break
            pile, f = home
            homes[f].append(pile.pop())
    return piles


def _places(columns: int, cells: int = 0, kings: bool = False) -> tuple[str, ...]:
    return (
        tuple(f"f{i}" for i in range(1, 9))
        + tuple(f"t{i}" for i in range(1, columns + 1))
        + ("stock", "waste")
        + tuple(f"c{i}" for i in range(1, cells + 1))
        + (("f9",) if kings else ())
    )


def _facts(columns: int, cells: int = 0, kings: bool = False) -> tuple[Place, ...]:
    return (
        tuple(Place("foundation", i + 1, i % 4) for i in range(8))
        + tuple(Place("column", n) for n in range(1, columns + 1))
        + (Place("stock", 1), Place("waste", 1))
        + tuple(Place("cell", n) for n in range(1, cells + 1))
        + ((Place("foundation", 9),) if kings else ())
    )


# The score table of the reference app; the score never goes below 0.
TO_FOUNDATION = 10
WASTE_TO_COLUMN = 5
FOUNDATION_TO_COLUMN = -15

_FOUNDATIONS = range(8)
_NOTHING: tuple[tuple[int, ...], ...] = ((),) * 52  # no card goes onto any (runs_to_empty)


class FortyThieves(Solitaire):
    """A game of Forty Thieves with the reference app's score and undo; a relative is a
    subclass made from its rules (:data:`VARIANT_CLASSES`, from the games' records)."""

    GAME = "FT1"
    RULES: ClassVar[FortyRules] = FAMILY["FT1-N"]
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
    CELL_RANGE: ClassVar[range] = range(0)  # the free cells' numbers, after the waste
    KINGS_AT: ClassVar[int] = -1  # the Kings' foundation's number (the last place), if any
    ONTO: ClassVar[tuple[tuple[int, ...], ...]] = builds_onto(SUIT)
    # (an instance's own where the deal draws the base rank: Quadrangle)
    TAKES: tuple[tuple[int, ...], ...] = foundation_takes(0)
    HOME_COLOURS: ClassVar[bool] = False  # the foundations build in alternate colours
    HOME_SLOTS: ClassVar[tuple[tuple[int, ...], ...]] = home_slots()
    RUNS: ClassVar[bool] = False
    RUN_ONTO: ClassVar[tuple[tuple[int, ...], ...]] = ONTO  # what a run is built as
    DRAW: ClassVar[int] = 1
    EMPTY: ClassVar[str] = ANY
    HOME_OUT: ClassVar[bool] = True
    AUTOFILL: ClassVar[bool] = False
    REFILL: ClassVar[int] = 0  # an emptied column's cards from the stock (``FortyRules.refill``)
    LONE: ClassVar[bool] = False  # lone-card limits while the stock lasts (``FortyRules.lone``)
    BLIND: ClassVar[bool] = False  # face-down cards turned up by the player (``FortyRules.blind``)
    SCORED = True
    UNDO_KEEPS_COUNT = True

    def __init__(
        self,
        places: list[list[Card]],
        score: int = 0,
        moves: int = 0,
        code: str | None = None,
        redeals_left: int | None = None,
    ) -> None:
        super().__init__(places, moves, code)
        if self.RULES.base_drawn:  # (the deal's: its base card lies on a foundation for good)
            self.TAKES = foundation_takes(next(c[0] % 13 for c in places[:8] if c))
        self.score = score
        self.redeals_left = self.RULES.redeals if redeals_left is None else redeals_left

    @classmethod
    def deal(cls, code: GameCode) -> FortyThieves:
        """The eight base cards (Aces) to the foundations first where the rules say so (each
        the first of its suit in shuffled order, the foundations in their order); then, where the
        rules deal the cells a card each, the next K cards, one a cell; then the next C·R
        shuffled cards go round the C columns, row by row (card k to column k mod C, the first
        rows face down; where the rules say so, cards a foundation takes go home after each
        row, ``_dealt_homing``); the others are the stock, its last card turned first (onto the
        waste at once where the rules say so). Forty Thieves: 40 cards to 10 columns, a stock
        of 64."""
        game = VARIANT_CLASSES[code.kind] if cls is FortyThieves else cls  # (rules_class)
        columns, dealt = game.COLUMN_COUNT, game.DEALT
        cards = shuffled_pack(code.deal)
        places: list[list[Card]] = [[] for _ in _FOUNDATIONS]
        if game.RULES.bases_home:
            for f in _FOUNDATIONS:
                # the first of its two copies in shuffled order
                places[f].append(cards.pop(cards.index(CARDS[game.TAKES[f][0]])))
        cells = [[card] for card in cards[: len(game.CELL_RANGE)]] if game.RULES.cells_dealt else []
        del cards[: len(cells)]
        cells += [[] for _ in range(len(game.CELL_RANGE) - len(cells))]
        if game.RULES.home_in_deal:
            places += _dealt_homing(game, cards[:dealt], places)
        else:
            places += [cards[i:dealt:columns] for i in range(columns)]
        stock = cards[dealt:]
        if game.RULES.base_drawn:  # the stock's first card to its suit's first foundation
            base = stock.pop()
            places[base // 13].append(base)
        places += [stock, [stock.pop()] if game.RULES.waste_first else [], *cells]
        places += [[]] if game.KINGS_AT > 0 else []
        g = game(places, 0, 0, str(code))
        if game.RULES.down:  # (rows in turn: up to the last face-down row, from the bottom)
            floor = game.RULES.down * game.DOWN_STEP
            g.set_face_down([0] * 8 + [floor] * columns + [0] * (len(places) - 8 - columns))
        return g

    def set_face_down(self, down: list[int]) -> None:
        if self.DOWN_STEP == 2 and any(n % 2 for n in down):
            place = self.PLACES[next(i for i, n in enumerate(down) if n % 2)]
            raise PositionError(
                f"{place}: the rows were dealt face up and face down in turn: an even number "
                "of cards before the '|' (the last of them face down)"
            )
        super().set_face_down(down)

    @classmethod
    def _check_places(
        cls, header_line: str, header: dict[str, int], places: list[list[Card]]
    ) -> None:
        every = cls.TAKES
        if cls.RULES.base_drawn:  # the rank of the base card the deal drew: on a foundation
            first = next((cards[0] for cards in places[:8] if cards), None)
            if first is None:
                raise PositionError("f1-f8: a foundation must hold the base card the deal drew")
            every = foundation_takes(first % 13)
        for i in _FOUNDATIONS:
            suit, cards, takes = i % 4, places[i], every[i]
            if cls.HOME_COLOURS:
                if len(cards) > 13 or any(
                    c not in colour_home_takes(suit, cards[:k]) for k, c in enumerate(cards)
                ):
                    raise PositionError(
                        f"{cls.PLACES[i]}: must be the Ace of {SUIT_NAMES[suit]}, then up in "
                        f"alternate colours, got {' '.join(map(str, cards))}"
                    )
                continue
            if len(cards) > 13 or cards != list(takes[: len(cards)]):
                raise PositionError(
                    f"{cls.PLACES[i]}: must be a sequence of {SUIT_NAMES[suit]} up from "
                    f"the {RANK_NAMES[takes[0] % 13]}, got {' '.join(map(str, cards))}"
                )
        if cls.KINGS_AT > 0 and (
            len(places[cls.KINGS_AT]) > 8 or any(c % 13 != 12 for c in places[cls.KINGS_AT])
        ):
            raise PositionError("f9: the Kings' foundation holds Kings only, 8 at most")
        for i in cls.CELL_RANGE:
            if len(places[i]) > 1:
                raise PositionError(f"{cls.PLACES[i]}: a cell holds one card at most")
        stock = places[cls.STOCK_AT]
        if len(stock) > cls.STOCK_SIZE:
            raise PositionError(
                f"stock: {len(stock)} cards, the stock holds at most {cls.STOCK_SIZE}"
            )
        if not 0 <= header.get("redeals", 0) <= cls.RULES.redeals:
            raise PositionError(f"line 1 {header_line!r}: redeals must be 0 to {cls.RULES.redeals}")

    @classmethod
    def _build(cls, header: dict[str, int], places: list[list[Card]]) -> FortyThieves:
        return cls(places, header["score"], header["moves"], None, header.get("redeals", 0))

    # --- rules ---------------------------------------------------------------------------------
    def reason_at(self, s: int, d: int, n: int = 1) -> Reason | None:
        p = self._p
        if s == d:  # a column onto itself: where the player turns cards up, its face-down top
            return None if self.BLIND and n == 1 and self.top_down_at(s) else "same_place"
        stock = self.STOCK_AT
        if s == stock:
            if d != stock + 1 or n != 1:
                return "not_playable"
            return None if p[stock] else "stock_empty"
        if stock <= d <= stock + 1 or not p[s]:
            return "not_playable"
        if self.BLIND and self.top_down_at(s):  # a column's face-down top card
            return "face_down"
        kings = self.KINGS_AT  # (-1, no place's number, where there is none)
        if s == kings:
            return "kings_stay"  # the Kings' foundation keeps its cards
        if d == kings:  # a King from a column, the waste (a foundation has none)
            return "not_a_run" if n != 1 else self.reason_onto(d, p[s][-1], s)
        if d > stock + 1:  # a free cell: a card into it if it is empty, never from another
            if n != 1 or s > stock + 1:
                return "cell_takes"
            if s < 8 and not self.HOME_OUT:
                return "no_return"
            return "cell_full" if p[d] else None
        if n != 1:
            if not self.RUNS or s < 8 or s > stock or d < 8 or self.run_length(s) < n:
                return "not_a_run"
            if p[d] and self.RULES.runs_to_empty:
                return "run_to_empty_only"
            return self.reason_onto(d, p[s][-n], s)
        if d < 8 and s < 8:
            return "foundation_order"  # foundation to foundation is not a move here
        if s < 8 and not self.HOME_OUT:
            return "no_return"
        return self.reason_onto(d, p[s][-1], s)

    @property
    def base_rank(self) -> int:
        """The rank the foundations start from (0: the Ace): the rules', or the deal's."""
        return self.TAKES[0][0] % 13

    def run_length(self, j: int) -> int:
        """How many face-up cards at the top of column number ``j`` are built as the game
        builds (in suit, where only runs in suit move), each on the one below: the cards that
        move together where runs move."""
        column = self._p[j]
        i = len(column) - 1
        if i < 0:
            return 0
        floor, onto = self._down[j], self.RUN_ONTO
        while i > floor and column[i - 1] in onto[column[i]]:
            i -= 1
        return len(column) - i

    def movable(self, src: str) -> int:
        j = self.index(src)
        if self.RUNS and j in self.COLUMN_RANGE:
            return self.run_length(j)
        return super().movable(src)

    def reason_onto(self, d: int, c: int, s: int = -1) -> Reason | None:
        """Would foundation or column number ``d`` take card ``c`` (the lowest card of what
        moves) from place number ``s`` (the waste when not given)? ``None`` if so, else the
        refusal key. The solver asks this of stock cards before drawing them."""
        p = self._p
        if d == self.KINGS_AT:
            return None if c % 13 == 12 else "kings_only"
        if d < 8:
            if self.KINGS_AT > 0 and c % 13 == 12:
                return "kings_apart"
            if self.HOME_COLOURS and p[d]:  # past the Ace: the next rank, the other colour
                return None if c in colour_home_takes(d % 4, p[d]) else "foundation_colours"
            if c // 13 != d % 4:
                return "same_suit"
            return None if self.takes_home(d) == c else "foundation_order"
        col = p[d]
        if not col:
            return self.reason_empty(c, s)
        if self.BLIND and self.top_down_at(d):
            return None  # any card onto a face-down top card
        if col[-1] not in self.ONTO[c]:
            top = col[-1]
            builds = self.RULES.builds
            if builds == SUIT and top // 13 != c // 13:
                return "same_suit"
            if builds == COLOUR and _RED[top // 13] == _RED[c // 13]:
                return "alternate_colour"
            if builds == OTHER_SUIT and top // 13 == c // 13:
                return "other_suit"
            if self.RULES.both_ways:
                return "adjacent_rank"
            # also: nothing goes on an Ace (unless ranks wrap)
            return "one_rank_higher" if builds == SUIT else "rank_higher"
        if self.LONE and p[self.STOCK_AT]:  # while the stock lasts (PySolFC's Indian Patience)
            if len(col) == 1:
                return "lone_takes_none"
            if 8 <= s < self.STOCK_AT and len(p[s]) == 1:
                return "lone_stays"
        return None

    def reason_empty(self, c: int, s: int = -1) -> Reason | None:
        """Would an empty column take card ``c`` (a run's lowest) from place number ``s`` (the
        waste when not given)? By the game's rule: any card, a King, the waste's, nothing."""
        empty = self.EMPTY
        if empty == ANY:
            return None
        if empty == KING:
            return None if c % 13 == 12 else "king_only"
        if empty == FROM_WASTE:
            return None if s in (-1, self.WASTE_AT) else "waste_only"
        return "stays_empty"

    def takes_home(self, f: int) -> int | None:
        """The one card foundation ``f`` takes now (``None`` once complete; where foundations
        alternate colours, the one ``foundation_cards`` names of the two)."""
        if self.HOME_COLOURS:
            wants = self.foundation_wants()[f]
            return wants[0] if wants else None
        card = self.TAKES[f][len(self._p[f])]
        return None if card < 0 else card

    def foundation_cards(self) -> tuple[int, ...]:
        """The card each foundation takes now (-1 once complete), by place: the solver asks
        this once a position instead of asking ``reason_onto`` of every stock card. Where
        foundations build in alternate colours, one of the two it takes (its spade or its
        heart: the same for every foundation that takes the same two)."""
        if self.HOME_COLOURS:
            return tuple(cards[0] if cards else -1 for cards in self.foundation_wants())
        p, t = self._p, self.TAKES
        return (
            t[0][len(p[0])], t[1][len(p[1])], t[2][len(p[2])], t[3][len(p[3])],
            t[4][len(p[4])], t[5][len(p[5])], t[6][len(p[6])], t[7][len(p[7])],
        )  # fmt: skip

    def foundation_wants(self) -> tuple[tuple[int, ...], ...]:
        """Every card each foundation takes now, by place: its one card (none once complete),
        or, where foundations build in alternate colours, the two of the next rank in the
        other colour."""
        p, t = self._p, self.TAKES
        if self.HOME_COLOURS:
            return tuple(colour_home_takes(f % 4, p[f]) for f in _FOUNDATIONS)
        return tuple((t[f][len(p[f])],) if t[f][len(p[f])] >= 0 else () for f in _FOUNDATIONS)

    def apply_at(self, s: int, d: int, n: int = 1) -> Record:
        if s == self.STOCK_AT:
            return self.apply_draws(1)
        if s == d:  # a column's face-down top card turned up by the player (``blind``)
            self._down[s] -= 1
            self.moves += 1
            return (s, s, self.score)
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
        elif d == self.KINGS_AT:
            self.score = before + TO_FOUNDATION
        self.moves += 1
        if not p[s] and 8 <= s < self.STOCK_AT:  # a column emptied (not the waste)
            filled = self._fill(s) if self.AUTOFILL else -self._refill(s) if self.REFILL else 0
            if filled:
                return (s, d, before, n, 0, filled)
        down = self._down
        if down[s] and down[s] == len(p[s]) and not self.BLIND:  # the new top turns up
            down[s] -= self.DOWN_STEP
            return (s, d, before, n, 1)
        return (s, d, before) if n == 1 else (s, d, before, n, 0)

    def _fill(self, j: int) -> int:
        """Where the rules fill emptied columns: the waste's top card into column ``j`` (a
        draw first when the waste is empty: the game's ``DRAW`` cards, fewer at the stock's
        end), scored as a card from the waste. How: 1 from the waste, 1 + the cards drawn
        where it drew first, 0 not at all (the stock and the waste are both out: the column
        stays empty)."""
        p = self._p
        stock, waste = p[self.STOCK_AT], p[self.WASTE_AT]
        filled = 1 if waste else 1 + min(self.DRAW, len(stock)) if stock else 0
        if filled > 1:
            drawn = stock[1 - filled :]
            del stock[1 - filled :]
            waste += reversed(drawn)  # as a draw turns them (``apply_draws``)
        if filled:
            p[j].append(waste.pop())
            self.score += WASTE_TO_COLUMN
        return filled

    def _refill(self, j: int) -> int:
        """Where the rules refill emptied columns from the stock: its next ``REFILL`` cards
        (fewer at its end) into column ``j``, the first face down where more follow, as
        PySolFC's Indian Patience deals them. How many it took (0: the stock is out)."""
        stock = self._p[self.STOCK_AT]
        count = min(self.REFILL, len(stock))
        if count:
            taken = stock[-count:]
            del stock[-count:]
            self._p[j] += reversed(taken)  # the stock's top card first, at the bottom
            if count > 1:  # (a card dealt face down: snapshots keep face-down counts from now)
                self._down[j] = 1
                self._hidden = True
        return count

    def apply_draws(self, k: int) -> Record:
        """``k`` draws at once (one record, unchecked: the stock must hold a card for each),
        each turning the game's ``DRAW`` cards (fewer at the stock's end) onto the waste, the
        last of them on top: the solver's "play the card k draws bring up" is one call
        instead of ``k``; ``unapply`` takes them all back. A draw is one move."""
        p = self._p
        at = self.STOCK_AT
        stock = p[at]
        count = min(len(stock), k * self.DRAW)
        drawn = stock[-count:]
        del stock[-count:]
        drawn.reverse()  # the last stock card is turned first, so it ends lowest
        p[at + 1] += drawn
        self.moves += k
        return (at, at + 1, self.score, count, k)

    def draws_to(self, depth: int) -> int:
        """How many draws bring the stock card ``depth`` from its top (0: the top card) onto
        the waste's top, or -1 if none does (with more cards a draw, some never show)."""
        draw, left = self.DRAW, len(self._p[self.STOCK_AT])
        k = depth // draw + 1
        return k if depth == min(k * draw, left) - 1 else -1

    def unapply(self, record: Record) -> None:
        p = self._p
        s = record[0]
        if s < 0:  # a redeal: the stock turned back over onto the waste
            stock, waste = p[self.STOCK_AT], p[self.WASTE_AT]
            waste += reversed(stock)
            stock.clear()
            self.redeals_left += 1
            return
        if s == self.STOCK_AT:  # draws
            count, k = record[3], record[4]
            waste = p[record[1]]
            back = waste[-count:]
            del waste[-count:]
            back.reverse()
            p[s] += back
            self.moves -= k
            return
        if len(record) == 3:
            s, d, before = record
            if s == d:  # a card turned up by the player: face down again
                self._down[s] += 1
            else:
                p[s].append(p[d].pop())
        else:  # a run, or a move that turned a card up or filled the column it emptied
            s, d, before, n, turned = record[:5]
            if len(record) == 6 and record[5] < 0:  # the refill back onto the stock
                column = p[s]
                p[self.STOCK_AT] += reversed(column)
                column.clear()
                self._down[s] = 0
            elif len(record) == 6:  # the fill back onto the waste (and the cards drawn back)
                waste = p[self.WASTE_AT]
                waste.append(p[s].pop())
                if record[5] > 1:
                    back = waste[1 - record[5] :]
                    del waste[1 - record[5] :]
                    p[self.STOCK_AT] += reversed(back)
            if turned:
                self._down[s] += self.DOWN_STEP
            target = p[d]
            p[s] += target[-n:]
            del target[-n:]
        self.score = before  # exact, the floor at 0 included
        self.moves -= 1

    @property
    def fill_source(self) -> str:
        return "stock" if self.REFILL else "waste"

    def drawn_of(self, record: Record) -> int:
        return record[3] if record[0] == self.STOCK_AT else 0

    def fill_of(self, record: Record) -> str | None:
        if len(record) != 6 or record[0] == self.STOCK_AT:
            return None
        return self.PLACES[record[0]]  # (6: a move that filled the column it emptied)

    def move_of(self, record: Record) -> Move:
        if len(record) >= 5 and record[0] != self.STOCK_AT and record[3] != 1:
            return Move(self.PLACES[record[0]], self.PLACES[record[1]], record[3])
        return super().move_of(record)

    # --- the redeal: the waste turned over into a new stock, where the rules allow -------------
    def redeal_refusal(self) -> Reason | None:
        p = self._p
        if self.redeals_left <= 0:
            return "no_redeals"
        if p[self.STOCK_AT]:
            return "stock_not_empty"
        return None if p[self.WASTE_AT] else "waste_empty"

    def _apply_redeal(self) -> Record:
        p = self._p
        stock, waste = p[self.STOCK_AT], p[self.WASTE_AT]
        stock += reversed(waste)  # the waste's first card is the new stock's top
        count = len(waste)
        waste.clear()
        self.redeals_left -= 1
        return (-1, count)

    def undo(self) -> bool:
        """The reference app's undo: the score comes back, the move counter does not go down
        (``unapply``, the solver's exact inverse, does take the move off)."""
        moves = self.moves
        if not super().undo():
            return False
        self.moves = moves
        return True

    def is_won(self) -> bool:
        p = self._p  # every card home: nothing in a column, the stock, the waste or a cell
        return not any(p[8 : self.KINGS_AT]) if self.KINGS_AT > 0 else not any(p[8:])

    def legal_moves(self) -> list[Move]:
        move, places = self.MOVES, self.PLACES
        moves = [move[s][d] for s, d in self.legal_at()]
        if self.RUNS:
            moves += [Move(places[s], places[d], n) for s, d, n in self.legal_runs()]
        return moves

    def legal_runs(self) -> list[tuple[int, int, int]]:
        """Runs of 2 cards and more, column to column: onto a card that takes the run's lowest
        card (unless runs move only into empty columns), or to an empty column that takes it
        (every part of the run, each a move of its own)."""
        if not self.RUNS:
            return []
        p, columns = self._p, self.COLUMN_RANGE
        onto = _NOTHING if self.RULES.runs_to_empty else self.ONTO
        out: list[tuple[int, int, int]] = []
        for s in columns:
            column = p[s]
            for n in range(2, self.run_length(s) + 1):
                card = column[-n]
                to_empty = self.reason_empty(card, s) is None
                for d in columns:
                    if d != s and (p[d][-1] in onto[card] if p[d] else to_empty):
                        out.append((s, d, n))
        return out

    def legal_at(self) -> list[tuple[int, int]]:
        """Every legal (source, destination) pair, by source: columns, the waste, free cells,
        foundations (the solver's hot path: each top card is looked up, not tried on every
        place)."""
        p, onto, waste = self._p, self.ONTO, self.WASTE_AT
        out: list[tuple[int, int]] = []
        add = out.append
        empty = []
        tops = []  # (place, its top card) of the columns and the waste
        top_of: dict[int, list[int]] = {}  # a card -> the columns it tops
        # lone-card limits while the stock lasts: a lone card takes none and goes onto none
        limits = self.LONE and bool(p[waste - 1])
        # columns with a face-down top card (``blind``): turned up, or any card onto them
        closed: list[int] = []
        columns: Sequence[int] = self.COLUMN_RANGE
        if self.BLIND:
            closed = [j for j in columns if self.top_down_at(j)]
            out += [(j, j) for j in closed]
            columns = [j for j in columns if j not in closed]
        for j in columns:
            column = p[j]
            if column:
                c = column[-1]
                tops.append((j, c))
                if limits and len(column) == 1:
                    continue
                if c in top_of:
                    top_of[c].append(j)
                else:
                    top_of[c] = [j]
            else:
                empty.append(j)
        if p[waste]:
            tops.append((waste, p[waste][-1]))
        free = []  # the empty cells; a card in a cell is a top that nothing goes onto
        for j in self.CELL_RANGE:
            if p[j]:
                tops.append((j, p[j][0]))
            else:
                free.append(j)
        # the places that take any card: the empty cells, or (never both) the face-down tops
        free = free or closed
        home = self.foundation_cards()
        slots = self.HOME_SLOTS if self.HOME_COLOURS else None
        for i, c in tops:
            suit = c // 13
            if slots is not None:  # alternate colours: each foundation at this card's rank
                for f in slots[c]:  # whose colour there is this card's
                    if len(p[f]) == c % 13:
                        add((i, f))
            else:
                if home[suit] == c:
                    add((i, suit))
                if home[suit + 4] == c:
                    add((i, suit + 4))
            for t in () if limits and i != waste and len(p[i]) == 1 else onto[c]:
                if t in top_of:  # (the cards it goes onto: none for a King, unless ranks wrap)
                    for j in top_of[t]:
                        add((i, j))
            if empty and self.reason_empty(c, i) is None:  # the one rule for empty columns
                for j in empty:
                    add((i, j))
            if free and i <= waste:  # into each empty cell (or face-down top: any card)
                for j in free:
                    add((i, j))
        kings = self.KINGS_AT
        if kings > 0:  # a King to the Kings' foundation, from wherever it is a top
            for i, c in tops:
                if c % 13 == 12:
                    add((i, kings))
        if self.HOME_OUT:
            for f in _FOUNDATIONS:
                if p[f]:
                    c = p[f][-1]
                    for t in onto[c]:
                        if t in top_of:
                            for j in top_of[t]:
                                add((f, j))
                    if empty and self.reason_empty(c, f) is None:
                        for j in empty:
                            add((f, j))
                    for j in free:  # (into a free cell too, as PySolFC's cells take it)
                        add((f, j))
        if p[waste - 1]:
            add((waste - 1, waste))
        return out

    def can_go_home(self) -> bool:
        """``legal_at``'s moves home, asked without listing every move: a top card of a
        column, the waste or a free cell that a foundation takes (read as ``legal_at`` reads
        it)."""
        p = self._p
        places = (*self.COLUMN_RANGE, self.WASTE_AT, *self.CELL_RANGE)
        blind = self.BLIND  # (a column's face-down top is not a top here)
        tops = [p[j][-1] for j in places if p[j] and not (blind and self.top_down_at(j))]
        if self.KINGS_AT > 0 and any(c % 13 == 12 for c in tops):
            return True
        if self.HOME_COLOURS:
            slots = self.HOME_SLOTS
            return any(len(p[f]) == c % 13 for c in tops for f in slots[c])
        return not set(self.foundation_cards()).isdisjoint(tops)

    @property
    def status(self) -> str:
        # Like the reference app, Forty Thieves never reports "blocked".
        return "won" if self.is_won() else "playing"

    def _header(self) -> dict[str, int]:
        header = {"score": self.score, "moves": self.moves}
        if self.RULES.redeals:
            header["redeals"] = self.redeals_left
        return header

    def _counters(self) -> tuple[int, ...]:
        return (self.moves, self.score, self.redeals_left)

    def _set_counters(self, counters: tuple[int, ...]) -> None:
        self.moves, self.score, self.redeals_left = counters

    # --- words ---------------------------------------------------------------------------------
    def place_name(self, place: str) -> str:
        fact = self.place(place)
        if fact.kind == "foundation":
            if fact.suit is None:
                return "Kings' foundation"
            return f"{SUIT_NAMES[fact.suit or 0]} foundation {fact.number}"
        if fact.kind in ("stock", "waste"):
            return fact.kind
        return f"{fact.kind} {fact.number}"

    def place_label(self, place: str) -> str:
        fact, cards = self.place(place), self.cards(place)
        if fact.kind == "foundation" and fact.suit is None:
            kings = f"{count_phrase(len(cards))}, {cards[-1].name()} on top" if cards else "empty"
            return f"Foundation {fact.number}, Kings: {kings}"
        if fact.kind == "foundation":
            name = f"Foundation {fact.number}, {SUIT_NAMES[fact.suit or 0]}"
            if not cards:
                return f"{name}: empty"
            if self.HOME_COLOURS:  # (its top card may be of another suit)
                name += ", up in alternate colours"
            return f"{name}: {cards[-1].name()} on top, {count_phrase(len(cards))}"
        if fact.kind == "stock":
            return f"Stock: {count_phrase(len(cards))}" if cards else "Stock: empty"
        if fact.kind == "cell":
            return f"Cell {fact.number}: {cards[-1].name() if cards else 'empty'}"
        name = "Waste" if fact.kind == "waste" else f"Column {fact.number}"
        if not cards:
            return f"{name}: empty"
        if fact.kind == "waste":
            return f"{name}: {count_phrase(len(cards))}, {cards[-1].name()} on top"
        if self.top_face_down(place):  # (``blind``: its top card too, unnamed)
            return f"{name}: {count_phrase(len(cards))}, all face down"
        down = self.hidden_count(place)
        listing = ", ".join(c.name() for c in self.face_up(place))  # a face-down one: unnamed
        hidden = f", {count_phrase(down)} face down" if down else ""
        return (
            f"{name}: {count_phrase(len(cards))}{hidden}, {cards[-1].name()} on top; "
            f"from the bottom: {listing}"
        )

    def describe(self) -> str:
        return super().describe() + f"\nScore: {self.score}; moves: {self.moves}."


def _variant_class(kind: str, rules: FortyRules) -> type[FortyThieves]:
    """A relative of Forty Thieves as a subclass: the same engine, its own rules' numbers."""
    columns, cells, kings = rules.columns, rules.cells, rules.kings_apart
    onto = builds_onto(rules.builds, rules.wraps, rules.both_ways)
    attrs = {
        "RULES": rules,
        "WORD": kind,  # its positions name it: its rules are not Forty Thieves'
        "PLACES": _places(columns, cells, kings),
        "FACTS": _facts(columns, cells, kings),
        "HEADER": ("score", "moves", "redeals") if rules.redeals else ("score", "moves"),
        "COLUMN_COUNT": columns,
        "DEALT": rules.dealt,
        "STOCK_SIZE": rules.stock,
        "STOCK_AT": 8 + columns,
        "WASTE_AT": 9 + columns,
        "COLUMN_RANGE": range(8, 8 + columns),
        "CELL_RANGE": range(10 + columns, 10 + columns + cells),
        "KINGS_AT": 10 + columns + cells if kings else -1,
        "ONTO": onto,
        "TAKES": foundation_takes(rules.base, 12 if kings else 13),
        "RUNS": rules.runs,
        "RUN_ONTO": builds_onto(SUIT, rules.wraps) if rules.runs_in_suit else onto,
        "DRAW": rules.draw,
        "EMPTY": rules.empty,
        "HOME_OUT": rules.home_out,
        "AUTOFILL": rules.autofill,
        "REFILL": rules.refill,
        "LONE": rules.lone,
        "BLIND": rules.blind,
        "TOP_DOWN": rules.blind,
        "DOWN_STEP": 2 if rules.interleaved else 1,
        "HOME_COLOURS": rules.home_colours,
        "HOME_SLOTS": home_slots(rules.home_colours),
        "HOMES_BY_SUIT": not rules.home_colours,
        "__doc__": f"The Forty Thieves family's game {kind} ({rules}).",
    }
    return type(f"FortyThieves_{kind.replace('-', '_')}", (FortyThieves,), attrs)


def rules_class(rules: FortyRules, kind: str = "FT1-Z") -> type[FortyThieves]:
    """The engine of any rules of the family, declared as a game or not (the tests' rules
    that no game has yet): its positions are named ``kind``."""
    return _variant_class(kind, rules)


# each of the family's games' engine by its kind: Forty Thieves' own, or one made on its rules
VARIANT_CLASSES: dict[str, type[FortyThieves]] = {
    kind: FortyThieves if kind == "FT1-N" else _variant_class(kind, rules)
    for kind, rules in FAMILY.items()
}
