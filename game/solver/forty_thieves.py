"""Forty Thieves for the search: "play the k-th next stock card" actions, safe foundation moves,
a key that sorts the columns and the two foundations of each suit.

Drawing commutes with every move that does not touch the waste, so any line can be reordered
to draw only just before the drawn card is played: an action is (k draws, then one move), which
cuts the depth and skips every state with cards drawn for nothing. The key sorts the columns
(no rule refers to a column's place) and each suit's two foundation heights (a suit's two
foundations are alike), and keeps the waste in full: its order decides what comes free.

The relatives of Forty Thieves are the same search on their own numbers (``COLUMN_RANGE``,
``STOCK_AT``, ``ONTO``): a run moved as one is an action ``(0, s, d, n)``; where columns build
by colour or by other suits, the safe moves follow from which suits build on which, and the
key cannot be foreseen (``glance``). Cards face down are known to the search (it proves what a
player could do with every card shown). Where only top cards move they change no move, and the
key leaves them out; where runs move, a face-down card ends a run, so each column's count is
in its hash (``key``): a beam that dies out is still a proof. Where the foundations start from
another rank than the Ace (Deuces, Pluto: ranks wrap, a King goes onto an Ace), a card's rise
over the base is what a foundation's height says, and nothing is foreseen. Where columns build
by colour or other suits, ranks wrap or columns build both ways, a card goes home unasked only
once every card that could be built on it is home, and, where cards may come back from a
foundation, those that could be built on them in turn (``safe_needs``: a chain round a
wrapping suit never ends, so there no card goes home unasked).
Where an emptied column fills itself from the waste (``autofill``: Corona, Octagon…), a
move that empties a column reads the waste as a play off it does: it comes after k draws too,
it is never a safe move while a card could fill the column, and nothing is foreseen; with
several cards a draw (Little Forty) the k-th draw's top card fills it. Where columns build up
as well as down (``both_ways``: Foothold), a card one rank higher goes onto a card too (its
chain too). Where
foundations build in alternate colours (``home_colours``: Red and Black, Zebra), a foundation
takes either of two cards (``foundation_wants``) and a card may go to any of four foundations
(``HOME_SLOTS``): the stock's lookups take both, and a card goes home unasked only where
foundations keep their cards, once every card that could go onto it is home. Where the game has
free cells (Squadron, Jacks in the Box), the key holds their cards as a multiset (no rule
refers to a cell's place), a card goes only into the first empty cell, the k-th next stock card
may go into it as well, a card in a cell goes home unasked as a column's top card does, and
nothing that touches a cell is foreseen. Where the Kings have a foundation of their own
(Floradora), the k-th next stock card may be a King sent there, and a King goes there unasked
off the waste or alone in its column (an empty column takes whatever the King would), else
only once its chain is home; the key needs nothing more (a King out of play is there).
Where only the player turns cards up (Blind Patience), turning a column's top card up is an
action (it is never made unasked: a face-down top takes any card), each face-down card costs
in the score, the face-down counts are in the key, and a card goes onto a face-down top off the
waste only after plain draws (``(1, DRAWN_OUT, DRAWN_OUT)``), not as "the k-th next stock
card" onto each such column: every line is still there, with far fewer children a state.

Everything here goes through the engine's public fast path (``legal_at``, ``legal_runs``,
``foundation_cards``, ``reason_at``, ``reason_onto``, ``apply_at``, ``apply_draws``,
``unapply``, ``is_won``, ``layout``, ``snapshot``): no rule is written twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core import REDEAL, Move, Record
from ..forty_thieves import FortyThieves
from ..rules import SUIT
from .keys import ZOBRIST, multiset_hash, place_hash, plain_cards
from .searches import Token

if TYPE_CHECKING:
    from .nested import Portfolio
    from .searches import Beam

_FOUNDATIONS = range(8)
_DOWN_RNG = random.Random(0xD0_3D)
_DOWN = tuple(_DOWN_RNG.getrandbits(128) for _ in range(104))  # a face-down count's hash
_CELL = tuple(_DOWN_RNG.getrandbits(64) for _ in range(52))  # a card in a cell (summed)
_KINGS = tuple(range(12, 52, 13))  # the four Kings' card numbers
CELL_COST = 4  # the score of a card in a cell: a cell taken is room lost, as a column's is
DOWN_COST = 3  # the score of a card face down where only the player turns cards up
# (draws first, source, destination), (0, source, destination, cards) for a run, or
# (draws first, REDEALS, REDEALS): the stock drawn out, then the waste turned over into a new
# one, or (draws, DRAWN_OUT, DRAWN_OUT): draws, nothing more (the stock drawn out where an
# empty stock changes a rule: no refill, no lone-card limits; one draw where a card goes off
# the waste onto a face-down one); (0, column, column) turns its top card up
Action = tuple[int, ...]
REDEALS = -1
DRAWN_OUT = -2


class Pass:
    """One pass through the stock: where each card lies in the stock as it was when the pass
    began (it changes only at its end within a pass, and is never reordered: a stock of n
    cards is its first n), and what turning cards adds to the waste's hash (``_turns``),
    memoised. A redeal starts another."""

    def __init__(self, stock: Sequence[int]) -> None:
        self.stock_at: list[list[int]] = [[] for _ in range(52)]
        for i, card in enumerate(stock):
            self.stock_at[card].append(i)
        self.turned: dict[int, list[int]] = {}


def _column_score(column: Sequence[int], onto: Sequence[Sequence[int]]) -> int:
    """-8 for an empty column, else 6 per card not on a card it builds on."""
    if not column:
        return -8
    disorder = 0
    below = column[0]
    for card in column[1:]:
        if below not in onto[card]:
            disorder += 1
        below = card
    return 6 * disorder


@cache
def safe_needs(
    under: tuple[tuple[int, ...], ...], home_out: bool, base: int
) -> tuple[tuple[int, int, int, int], ...]:
    """For each card, how high both foundations of each suit must be for the card to go home
    with nothing lost (where columns build by colour or other suits, or ranks wrap, or both
    ways): every card that could go onto it in a column home already, both copies. Where a
    card may come back from a foundation, the cards that could go onto those too, and so on
    (a chain: the black Queen that could come back onto a red King kept in a column takes an
    out red Jack; where ranks wrap, a suit's run down to its base card, back onto a card kept
    out, takes the out card below the base), so the whole chain must be home. A need of 13
    (the card's own rank in its chain, or the last rank of a wrapping suit) is never met while
    the card is out: such a card is never safe. ``under``: for each card, the cards that go
    onto it in a column (the adapter's); ``base``: the foundations' base rank."""
    needs = []
    for card in range(52):
        chain, todo = set(under[card]), list(under[card])
        while todo and home_out:
            for lower in under[todo.pop()]:
                if lower not in chain:
                    chain.add(lower)
                    todo.append(lower)
        need = [0, 0, 0, 0]
        for other in chain:
            suit, rank = divmod(other, 13)
            need[suit] = max(need[suit], (rank - base) % 13 + 1)
        needs.append((need[0], need[1], need[2], need[3]))
    return tuple(needs)


class FortyThievesAdapter:
    """Searches a copy of the game; a token is the list of engine records an action played."""

    def __init__(self, game: FortyThieves, seed: int = 0, auto: bool = True) -> None:
        self.g = game.copy()
        self.rng = random.Random(seed) if seed else None  # reshuffles equally ranked actions
        self.p = self.g.layout
        rules = type(game)
        self.stock, self.waste, self.onto = rules.STOCK_AT, rules.WASTE_AT, rules.ONTO
        self.columns, self.cells = rules.COLUMN_RANGE, rules.CELL_RANGE
        self.draw, self.redeals = rules.DRAW, rules.RULES.redeals
        self.home_out = rules.HOME_OUT
        # a draw of several cards with a pass to come: a card played off the waste changes
        # which cards the next pass shows, so no move off the waste is "safe" to make unasked;
        # nor where emptied columns fill themselves: the waste's card may fill one first
        self.autofill = rules.RULES.autofill
        # an emptied column refilled from the stock (and lone-card limits while it lasts): a
        # move that empties a column takes the stock's next cards, so draws do not commute
        # with it either (its actions draw first), and drawing the stock out, which lifts the
        # limits and ends the refills, is an action of its own (``DRAWN_OUT``)
        self.refill, self.lone = rules.RULES.refill, rules.RULES.lone
        waste_ok = not (self.draw > 1 and self.redeals) and not self.autofill
        self.sources = (*self.columns, *self.cells, *((self.waste,) if waste_ok else ()))
        # the shortcuts that foresee a draw's key assume one card a draw and one pass
        self.one_pass = self.draw == 1 and not self.redeals
        self.runs = rules.RUNS
        # by suit from the Aces (Forty Thieves' own shortcuts for the safe moves and the
        # foresight hold: they read a foundation's height as the rank it takes)
        # an emptied column filled from the waste: a move that empties a column takes the
        # waste's top too, so draws do not commute with it (its actions draw first, ``actions``),
        # it is never a safe move while a card could fill it, and nothing is foreseen
        # where columns build up as well as down, a card one rank higher goes onto a card too
        self.both_ways = rules.RULES.both_ways
        # foundations in alternate colours: a foundation takes either of two cards; safe moves
        # only where their cards stay (``_auto_home_colours``)
        self.home_colours = rules.HOME_COLOURS
        # the Kings' foundation (Floradora): a King goes there from anywhere at any time; the
        # key needs nothing more (a King out of play is there), and its safe moves are
        # ``_auto_by_builders``'
        self.kings = rules.KINGS_AT
        self.by_suit = (
            not self.home_colours
            and self.kings < 0
            and rules.RULES.builds == SUIT
            and not rules.RULES.wraps
            and not self.autofill
            and not self.both_ways
            and not self.refill
            and not self.lone
        )
        # from another rank, ranks wrap: a card's rise (its place in its suit's run up from
        # the base) is what a foundation's height is compared with, and the base card has a
        # card that goes onto it in a column (the rank below it, the last to go home)
        self.base, self.wraps = game.base_rank, rules.RULES.wraps
        self.under = tuple(tuple(c for c in range(52) if t in rules.ONTO[c]) for t in range(52))
        self.needs = safe_needs(self.under, rules.HOME_OUT, game.base_rank)
        # face-down counts change what moves: where runs move, or where the player turns
        # cards up (a face-down top takes any card)
        self.blind = rules.BLIND
        self.hidden_runs = rules.RUNS and game.hidden or self.blind
        self.won = self.g.is_won  # asked of every child: one call, not two
        plain_cards(self.p)
        self.auto = auto
        # the key's parts (keys.py): each column's and the waste's hash, the columns' multiset
        self.h = [place_hash(cards) if i >= 8 else 0 for i, cards in enumerate(self.p)]
        self.total = multiset_hash(self.h[8 : self.stock])
        self._saved: list[tuple[int, list[int], int, Pass]] = []
        self._column_scores: dict[int, int] = {0: -8}  # by column hash (score)
        # the score but for the waste's part, kept up to date by ``_apply``
        self.parts = -20 * sum(map(len, self.p[:8])) + CELL_COST * sum(
            len(self.p[i]) for i in self.cells
        )
        if self.kings > 0:
            self.parts -= 20 * len(self.p[self.kings])
        if self.blind:
            self.parts += DOWN_COST * sum(self.g.face_down_counts())
        for i in self.columns:
            self.parts += self._column_scores.setdefault(
                self.h[i], _column_score(self.p[i], self.onto)
            )
        self.pass_ = Pass(self.p[self.stock])

    def snapshot(self) -> Any:
        return self.g.snapshot(), self.total, self.h[:], self.parts, self.pass_

    def restore(self, snapshot: Any) -> None:
        self.g.restore(snapshot[0])
        self.total, self.h[:], self.parts, self.pass_ = snapshot[1:]
        self._saved.clear()  # the plays before are not taken back: the state is replaced

    def score(self) -> int:
        """Lower is better: cards home count most, then empty columns, then columns in suit
        sequence (a card not on the next higher of its suit blocks what lies under it),
        then a short waste. The columns' part is kept as moves change them (``_apply``)."""
        return self.parts + len(self.p[self.waste])

    def key(self) -> tuple[int, int]:
        """The columns as a multiset, the waste in order and the stock's length (its order
        never changes). The foundations need no place in it: the cards home are the others,
        and they decide each suit's two heights up to which foundation is which (a suit's two
        foundations are alike: the key folds that symmetry in). Where foundations alternate
        colours, they decide the heights of the four that start from each colour's Aces, and a
        card's suit past its Ace changes no rule there (columns build by colour too). Where
        runs move and cards lie face down, a column's face-down count decides which runs move:
        it is in its hash."""
        total = self.total
        if self.hidden_runs:
            down, h = self.g.face_down_counts(), self.h
            total = sum((h[i] ^ _DOWN[down[i]]) ** 2 for i in self.columns)
        key = total | self.h[self.waste] << 264 | len(self.p[self.stock]) << 400
        if self.redeals:  # after a redeal the stock is not the deal's: its cards and the redeals
            key |= self.g.redeals_left << 408 | place_hash(self.p[self.stock]) << 412
        if self.cells:
            key |= self._cells_key() << 544
        return key, 0

    def _cells_key(self) -> int:
        """The cards in the free cells as a multiset (a sum of each card's number: four
        cells of 64-bit numbers stay under 2 ** 66)."""
        p = self.p
        return sum(_CELL[p[i][0]] for i in self.cells if p[i])

    def _comes_back(self, f: int) -> bool:
        """Would the safe moves put the top card of foundation ``f`` straight back if it left
        (so that lifting it leads nowhere new)? By suit: when it is off the lower of its suit's
        two foundations, or one above it; else when every card that could go onto it is home."""
        p = self.p
        if self.home_colours:
            return False  # no safe moves there
        if self.by_suit:
            return len(p[f]) <= len(p[f ^ 4]) + 1
        rise = len(p[f]) - 1  # it would go back onto the lower foundation of its suit only
        if len(p[f ^ 4]) < rise:
            return False
        heights = [len(cards) for cards in p[:8]]
        heights[f] -= 1  # (as if it had left: what the safe moves would see)
        return self._safe(p[f][-1], heights)

    def _safe(self, card: int, heights: Sequence[int]) -> bool:
        """Where columns build by colour or by other suits (or ranks wrap, or build both
        ways): may ``card`` go home with nothing lost, the foundations at ``heights``? Every
        card that could be built on it, as a chain (:func:`safe_needs`), is home, both
        copies: the one statement of that rule here. By suit the lower of the suit's two
        heights says it (``_auto``)."""
        need = self.needs[card]
        return all(
            (heights[t] if heights[t] < heights[t + 4] else heights[t + 4]) >= need[t]
            for t in range(4)
        )

    def peek(self, action: Action) -> tuple[int, int] | None:
        """The key ``play(action)`` would reach (``glance``'s), with no rank to it."""
        ahead = self.glance(action)
        return None if ahead is None else (ahead[0], 0)

    def glance(self, action: Action) -> tuple[int, int] | None:
        """The key and the score ``play(action)`` would reach, worked out without playing it:
        a beam plays only the children this cannot foresee (a third of all children are
        states seen already, and most of the rest are dropped at the layer's end). ``None``
        where a safe move may follow (``_may_free``'s test, on the heights and tops the move
        would leave) and for a card back from a foundation. So a winning action is never
        foreseen: safe moves finish the game, or, when the last card is still in the stock,
        the action puts it onto the lower foundation (under a complete one), which is the
        first ``None`` below."""
        if len(action) == 4 or not self.by_suit or self.hidden_runs:
            return None  # a run, safe moves by other suits', or face-down counts in the key
        k, s, d = action
        if s < 0 or k and not self.one_pass:
            return None  # a redeal, or draws of several cards or in a later pass
        if s > self.waste or d > self.waste:
            return None  # a free cell's card, or a card into one
        p, h = self.p, self.h
        STOCK, WASTE = self.stock, self.waste
        if s < 8 or d < 8 and len(p[d]) < len(p[d ^ 4]):
            return None  # the suit's lower height changes: what is safe changes
        size = len(p[STOCK])
        waste = p[WASTE]
        if k:
            stock = p[STOCK]
            card = stock[size - k]  # the last stock card is turned first: the k-th ends on top
            uncovered = stock[size - k + 1] if k > 1 else (waste[-1] if waste else -1)
        else:
            pile = p[s]
            card = pile[-1]
            uncovered = pile[-2] if len(pile) > 1 else -1
        for c in (uncovered, card) if k and d >= 8 else (uncovered,):
            if c >= 0:
                suit = c // 13
                low, high = len(p[suit]), len(p[suit + 4])
                if c - 13 * suit == (low if low < high else high):
                    return None
        total, parts, known = self.total, self.parts, self._column_scores
        if s == WASTE:
            if k:
                at = len(waste) << 7 | size
                turned = self.pass_.turned.get(at)
                if turned is None:
                    turned = self.pass_.turned[at] = self._turns(len(waste), p[STOCK])
                waste_hash = h[WASTE] ^ turned[k - 1]
            else:
                waste_hash = h[WASTE] ^ ZOBRIST[len(waste) - 1][card]
            parts += len(waste) + k - 1
        else:  # a column
            waste_hash = h[WASTE]
            parts += len(waste)
            old = h[s]
            new = old ^ ZOBRIST[len(p[s]) - 1][card]
            total += new * new - old * old
            part = known.get(new)
            if part is None:
                part = known[new] = _column_score(p[s][:-1], self.onto)
            parts += part - known[old]
        if d < 8:
            parts -= 20
        else:
            old = h[d]
            new = old ^ ZOBRIST[len(p[d])][card]
            total += new * new - old * old
            part = known.get(new)
            if part is None:
                part = known[new] = _column_score([*p[d], card], self.onto)
            parts += part - known[old]
        key = total | waste_hash << 264 | (size - k) << 400
        return (key | self._cells_key() << 544 if self.cells else key), parts

    def _apply_run(self, s: int, d: int, n: int) -> Record:
        """A run of ``n`` cards, column to column, with the key's and the score's update."""
        record = self.g.apply_at(s, d, n)
        for i in (s, d, self.waste) if len(record) == 6 else (s, d):  # (6: a fill)
            self._rehash(i)
        return record

    def _rehash(self, i: int) -> None:
        """Place ``i``'s hash from scratch, and for a column its part of the key and score."""
        p, h, known = self.p, self.h, self._column_scores
        old, new = h[i], place_hash(p[i])
        h[i] = new
        if i == self.waste:
            return
        self.total += new * new - old * old
        part = known.get(new)
        if part is None:
            part = known[new] = _column_score(p[i], self.onto)
        self.parts += part - known[old]

    def _apply(self, s: int, d: int) -> Record:
        """``apply_at``, with the key's and the score's update: a column's score is kept by
        its hash, as columns recur. (``s`` and ``d`` are never the stock: a draw is
        ``apply_draws``.) The column update is written out for ``s`` and for ``d``: a helper
        call a move would cost about what keeping the score saves."""
        p, h, known = self.p, self.h, self._column_scores
        WASTE = self.waste
        record = self.g.apply_at(s, d)
        if s == d:  # a card turned up: no card moved (the key reads the face-down counts)
            self.parts -= DOWN_COST
            return record
        if len(record) == 6:  # the emptied column filled from the waste
            for i in (s, WASTE) if d < 8 else (s, WASTE, d):
                self._rehash(i)
            if d < 8:
                self.parts -= 20
            return record
        card = p[d][-1]
        if s < 8:
            self.parts += 20
        elif s == WASTE:
            h[s] ^= ZOBRIST[len(p[s])][card]
        elif s > WASTE:  # a free cell (the key reads the cells as they are)
            self.parts -= CELL_COST
        else:  # a column
            old = h[s]
            new = h[s] = old ^ ZOBRIST[len(p[s])][card]
            self.total += new * new - old * old
            part = known.get(new)
            if part is None:
                part = known[new] = _column_score(p[s], self.onto)
            self.parts += part - known[old]
        if d < 8:
            self.parts -= 20
        elif d == WASTE:
            h[d] ^= ZOBRIST[len(p[d]) - 1][card]
        elif d == self.kings:
            self.parts -= 20
        elif d > WASTE:
            self.parts += CELL_COST
        else:  # a column
            old = h[d]
            new = h[d] = old ^ ZOBRIST[len(p[d]) - 1][card]
            self.total += new * new - old * old
            part = known.get(new)
            if part is None:
                part = known[new] = _column_score(p[d], self.onto)
            self.parts += part - known[old]
        return record

    def actions(self) -> list[Action]:
        """The engine's moves and the draw-and-play actions, best kind first (``ranked``
        holds each kind's actions in the engine's order; a seed reshuffles each kind)."""
        g, p = self.g, self.p
        down = g.face_down_counts()  # (a face-down top card: only where the player turns it)
        STOCK, WASTE = self.stock, self.waste
        ranked: list[list[Action]] = [[], [], [], [], [], [], [], []]
        first = -1  # the key sorts columns: one empty column is all
        for j in self.columns:
            if not p[j]:
                first = j
                break
        cell = next((j for j in self.cells if not p[j]), -1)  # and cells: one empty cell
        kings = self.kings
        for s, d in g.legal_at():
            if d < 8 or d == kings:
                rank = 0
            elif s == d:  # a face-down top card turned up
                rank = 1
            elif s < 8 and self.auto and self._comes_back(s):
                continue  # a card off a foundation that the safe moves would put straight back
            elif d > WASTE:  # into a free cell (the first empty one: they are alike)
                if d != cell:
                    continue
                rank = 7 if s < 8 else 5
            elif s == STOCK:
                continue  # draws come as part of the actions below
            elif p[d]:
                if s < 8:
                    rank = 7  # back from the higher foundation: rarely needed, always searched
                elif s == WASTE:
                    rank = 2
                else:
                    rank = 1 if len(p[s]) == 1 else 2  # emptying a column frees the best space
            elif d != first:
                continue
            elif s < 8:
                rank = 7
            elif s < STOCK and len(p[s]) == 1 and not (self.refill and p[STOCK]):
                continue  # a lone card to another empty column: the same position (unless the
                # stock refills the column it leaves)
            else:
                rank = 5
            ranked[rank].append((0, s, d))
        if self.runs:
            for s, d, n in g.legal_runs():
                if p[d]:
                    ranked[1 if len(p[s]) == n else 2].append((0, s, d, n))
                elif d == first and len(p[s]) > n:  # a whole column to an empty one: the same
                    ranked[5].append((0, s, d, n))
        # the k-th next stock card, drawn and played at once: home where the engine says a
        # foundation takes it, else onto a column (checked by the engine's own rule). The
        # stock changes only at its end and is never reordered, so a stock of n cards is the
        # first n of the adapter's (``_stock_at``): only the stock cards some place takes are
        # looked up, not every one.
        size = len(p[STOCK])
        home, onto = ranked[3], ranked[4]
        if size:
            at, reason_onto = self.pass_.stock_at, g.reason_onto
            # the draws that bring stock card i (bottom first) onto the waste's top (one a
            # card; with several a draw, only every draw-th card shows, and the last)
            draws = g.draws_to if self.draw > 1 else None
            # (each foundation's card, or two where they alternate colours; any King for the
            # Kings' foundation)
            wants = list(enumerate(g.foundation_wants()))
            if kings > 0:
                wants.append((kings, _KINGS))
            for f, cards in wants:
                for wanted in cards:
                    for i in at[wanted]:
                        if i < size:
                            k = size - i if draws is None else draws(size - 1 - i)
                            if k > 0:
                                home.append((k, WASTE, f))
            under = self.under
            for d in self.columns:  # both copies of a top card may be: each is another position
                pile = p[d]
                if pile and len(pile) > down[d]:  # (onto a face-down top: after plain draws)
                    # the cards that go onto it (none on an Ace, unless ranks wrap)
                    for card in under[pile[-1]]:
                        for i in at[card]:
                            if i < size and reason_onto(d, card) is None:
                                k = size - i if draws is None else draws(size - 1 - i)
                                if k > 0:
                                    onto.append((k, WASTE, d))
            if first >= 0:
                stock, anywhere = p[STOCK], ranked[6]
                for i in range(size - 1, -1, -1):
                    if reason_onto(first, stock[i]) is None:
                        k = size - i if draws is None else draws(size - 1 - i)
                        if k > 0:
                            anywhere.append((k, WASTE, first))
            if cell >= 0:  # any stock card into the first empty cell
                for i in range(size - 1, -1, -1):
                    k = size - i if draws is None else draws(size - 1 - i)
                    if k > 0:
                        ranked[6].append((k, WASTE, cell))
            home.sort()  # by the stock card's depth, then the place
            onto.sort()
        if (self.autofill or self.refill) and size:  # a move that empties a column, after k
            # draws: the card (or cards) the k-th draw leaves on top (in the stock) fill it
            emptying = ranked[6]  # (each k another position)
            draws_left = range(1, -(-size // self.draw) + 1)
            for s, d in g.legal_at():
                if s in self.columns and len(p[s]) == 1:
                    emptying += [(k, s, d) for k in draws_left]
            for s, d, n in g.legal_runs():
                if len(p[s]) == n:
                    emptying += [(k, s, d, n) for k in draws_left]
        if self.blind and size and any(0 < len(p[d]) == down[d] for d in self.columns):
            ranked[6].append((1, DRAWN_OUT, DRAWN_OUT))  # a draw, for a card onto one
        if g.redeals_left and (size or p[WASTE]):  # the stock drawn out, then the waste over
            ranked[7].append((-(-size // self.draw), REDEALS, REDEALS))
        elif (self.refill or self.lone) and size:
            ranked[7].append((-(-size // self.draw), DRAWN_OUT, DRAWN_OUT))
        if self.rng is not None:  # each kind apart (the same orders as shuffling all, then a
            for kind in ranked:  # stable sort by kind; another random stream)
                self.rng.shuffle(kind)
        return ranked[0] + ranked[1] + ranked[2] + home + onto + ranked[5] + ranked[6] + ranked[7]

    def play(self, action: Action) -> Token:
        """Draw ``k`` cards (``apply_draws``, one record) then move, with the key's update,
        then the safe moves the move may have made."""
        h = self.h
        self._saved.append((self.total, h[:], self.parts, self.pass_))
        k, s, d = action[:3]
        WASTE = self.waste
        records = []
        if k:
            p = self.p
            # within a pass the stock's order never changes: its length says what it holds,
            # so what turning cards adds to the waste's hash is one lookup by (waste height,
            # stock size); a stock holds at most 96 cards, so 7 bits keep the two apart
            at = len(p[WASTE]) << 7 | len(p[self.stock])
            turned = self.pass_.turned.get(at)
            if turned is None:
                turned = self.pass_.turned[at] = self._turns(len(p[WASTE]), p[self.stock])
            records.append(self.g.apply_draws(k))
            h[WASTE] ^= turned[records[0][3]]  # (the cards the draws turned)
        if len(action) == 4:  # a run (draws first only where it empties a column: autofill)
            records.append(self._apply_run(s, d, action[3]))
            if self.auto:
                self._auto(records)
            return records
        if s == DRAWN_OUT:
            if self.auto:
                self._auto(records)
            return records
        if s == REDEALS:
            records.append(self.g.apply(REDEAL))
            h[WASTE] = 0
            self.pass_ = Pass(self.p[self.stock])
            return records
        records.append(self._apply(s, d))
        if self.auto and self._may_free(k, s, d):
            self._auto(records)
        return records

    @staticmethod
    def _turns(base: int, stock: Sequence[int]) -> list[int]:
        """What turning 0, 1, 2… cards of ``stock`` onto a waste of ``base`` cards adds to the
        waste's hash."""
        turned = [0]
        for j, card in enumerate(reversed(stock)):
            turned.append(turned[-1] ^ ZOBRIST[base + j][card])
        return turned

    def _may_free(self, k: int, s: int, d: int) -> bool:
        """May ``_auto`` find a card after this move? Every play ends with none safe, so only
        what the move changed can be: the suit's next safe card when the move changed the
        lower of its two foundation heights, the new top at ``s``, and the card moved when it
        was drawn just now (any other card moved was a top before, and not safe)."""
        p = self.p
        if s < 8 or not self.by_suit:  # a card back from a foundation: what is safe changed
            return True
        if d < 8 and len(p[d]) <= len(p[d ^ 4]):  # d ^ 4: the suit's other foundation
            return True
        for i in (s, d) if k and d >= 8 else (s,):
            pile = p[i]
            if pile:
                card = pile[-1]
                suit = card // 13
                low, high = len(p[suit]), len(p[suit + 4])
                if card - 13 * suit == (low if low < high else high):
                    return True
        return False

    def _auto(self, records: list[Record]) -> None:
        """Cards that can only gain from going up: an Ace, or a card both of whose next-lower
        copies are already on foundations (nothing could be built on it in a column). A
        foundation takes the card one rank above its height, so that is, in each suit, the
        card one rank above the lower of its two heights (the engine's check confirms each)."""
        g, p = self.g, self.p
        if self.home_colours:
            if not self.home_out:  # (where a card may come back, none is safe here)
                self._auto_home_colours(records)
            return
        if not self.by_suit:
            self._auto_by_builders(records)
            return
        while True:
            h = a0, a1, a2, a3, d0, d1, d2, d3 = tuple(map(len, p[:8]))
            safe = (  # the lower height of each suit, as a card (min() is a call: slower)
                a0 if a0 < d0 else d0,
                13 + (a1 if a1 < d1 else d1),
                26 + (a2 if a2 < d2 else d2),
                39 + (a3 if a3 < d3 else d3),
            )
            for s in self.sources:
                pile = p[s]
                if pile and pile[-1] in safe:
                    card = pile[-1]
                    suit = card // 13
                    f = suit if h[suit] == card - 13 * suit else suit + 4
                    if g.reason_at(s, f) is None:
                        records.append(self._apply(s, f))
                        break  # the heights changed: look again from the start
            else:
                return

    def _fills_itself(self, s: int) -> bool:
        """Would taking the lone card of column number ``s`` fill the column at once: from
        the waste (``autofill``) or the stock (``refill``), with a card left to fill it? Then
        it is never a safe move: emptying the column chooses the cards that fill it, and
        drawing first would choose others. (The waste is no column: it fills nothing.)"""
        p = self.p
        if s == self.waste or len(p[s]) != 1:
            return False
        return bool(
            self.autofill and (p[self.waste] or p[self.stock]) or self.refill and p[self.stock]
        )

    def _auto_by_builders(self, records: list[Record]) -> None:
        """``_auto`` where columns build by colour or by other suits (or ranks wrap): a card
        goes home safely when every card that could go onto it in a column (one rank lower, of
        a suit that builds on its suit) is home already, both copies. A King goes to the
        Kings' foundation (Floradora) off the waste or from a column of its own as well: an
        empty column takes what the King would, so nothing is lost."""
        g, p, base, kings, waste = self.g, self.p, self.base, self.kings, self.waste
        while True:
            h = a0, a1, a2, a3, d0, d1, d2, d3 = tuple(map(len, p[:8]))
            # onto the lower foundation of its suit only (on the higher one it could take the
            # place the other copy needs, with that suit's next card under it): the one card
            # of each suit that may go, none once both are complete (min() is a call: slower)
            low0, low1, low2, low3 = (
                a0 if a0 < d0 else d0,
                a1 if a1 < d1 else d1,
                a2 if a2 < d2 else d2,
                a3 if a3 < d3 else d3,
            )
            wanted = (
                (low0 + base) % 13 if low0 < 13 else -1,
                13 + (low1 + base) % 13 if low1 < 13 else -1,
                26 + (low2 + base) % 13 if low2 < 13 else -1,
                39 + (low3 + base) % 13 if low3 < 13 else -1,
            )
            for s in self.sources:
                pile = p[s]
                if not pile:
                    continue
                card = pile[-1]
                if kings > 0 and card % 13 == 12:
                    # a King to the Kings' foundation: off the waste or alone in its column
                    # (an empty column takes whatever it would), or once every card that
                    # could go onto it is home (its chain, as for any card)
                    if s == waste or len(pile) == 1 or self._safe(card, h):
                        records.append(self._apply(s, kings))
                        break
                elif card in wanted and not self._fills_itself(s) and self._safe(card, h):
                    suit = card // 13
                    f = suit if h[suit] <= h[suit + 4] else suit + 4
                    if g.reason_at(s, f) is None:
                        records.append(self._apply(s, f))
                        break
            else:
                return

    def _auto_home_colours(self, records: list[Record]) -> None:
        """``_auto`` where foundations alternate colours and keep their cards (Zebra): a card
        of rank r goes home safely once the four foundations that take the other colour at
        rank r - 1 are past it (every card that could go onto it in a column is home: two
        suits, two copies). Which foundation takes it is no choice: each of the four that
        take its colour at its rank takes one of the four such cards."""
        g, p, slots = self.g, self.p, self.g.HOME_SLOTS
        while True:
            for s in self.sources:
                pile = p[s]
                if not pile or self._fills_itself(s):
                    continue
                card = pile[-1]
                rank = card % 13
                if not rank:
                    continue
                # the foundations that take this card's colour at rank r - 1 (its suit's Ace's
                # two, for a Two: stricter than need be): the others take the builders' colour
                under = slots[card - 1]
                builders = [f for f in range(8) if f not in under]
                if all(len(p[f]) >= rank for f in builders):
                    f = next((f for f in slots[card] if len(p[f]) == rank), -1)
                    if f >= 0 and g.reason_at(s, f) is None:
                        records.append(self._apply(s, f))
                        break
            else:
                return

    def undo(self, token: Token) -> None:
        unapply = self.g.unapply
        for record in reversed(token):
            unapply(record)
        self.total, self.h, self.parts, self.pass_ = self._saved.pop()

    def moves(self, token: Token) -> list[Move]:
        """Engine moves, one by one: a record of ``k`` draws stands for ``k`` draws."""
        move_of, stock = self.g.move_of, self.stock
        return [move_of(r) for r in token for _ in range(r[4] if r[0] == stock else 1)]

    def start(self) -> Token:
        records: list[Record] = []
        self._saved.append((self.total, self.h[:], self.parts, self.pass_))
        if self.auto:
            self._auto(records)
        return records


Adapter = FortyThievesAdapter  # (the family's adapter, as ``solver.adapter_for`` asks for it)


def search(
    game: FortyThieves, states: int | None, seconds: float | None, for_proofs: bool
) -> Portfolio | Beam:
    """The Forty Thieves family: beams of doubling width (its wins are long and narrow)
    taking turns with random-greedy playouts, which win many deals the beam misses
    (playouts.py; docs/SOLVER.md); with ``for_proofs``, the beam alone (a playout proves
    nothing)."""
    from .nested import Portfolio
    from .playouts import Playing
    from .searches import Beam

    if for_proofs:
        return Beam(FortyThievesAdapter(game), states=states, seconds=seconds)
    beam = Beam(FortyThievesAdapter(game))
    return Portfolio([(beam, 1), (Playing(game), 1)], states=states, seconds=seconds)
