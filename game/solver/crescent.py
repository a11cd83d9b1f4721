"""Crescent for the search: engine moves plus the redeal, a key that ignores pile order.

When a suit's two foundations meet (``meeting_suits``: the descending one's top is one above
the ascending one's), moves between them slide the meeting point freely and change nothing else:
all such positions are one, written once in the key, and a pile card of that suit goes up in
one action (slide, then play) wherever it fits.

No rule of Crescent refers to a pile's place in the horseshoe (every move and the redeal treat
all piles alike), so the key sorts the piles; the order of cards inside a pile matters, because
the redeal turns the bottom card up. Redeals left are the key's rank: a position is no better
with fewer redeals, so one seen with as many or more is not searched again.

A state's legal moves are worked out only when asked for: the home moves come from an index of
top cards and the engine's ``foundation_cards``, and a rollout mostly takes one, so most of its
states never list their moves. A list asked for is the nearest list up the line, changed only
where the plain moves since changed a top card (``_derive``): about a fifth fewer instructions
a state than the engine's full ``legal_at``.

Everything here goes through the engine's public fast path (``legal_at``, ``reason_at``,
``foundation_for``, ``foundation_cards``, ``NEIGHBOURS``, ``apply_at``, ``apply(REDEAL)``,
``unapply``, ``layout``): no rule is written twice. One estimate is the adapter's own:
``_DISTANCES``, how far a card is from home, which only orders moves (never decides one); a
test checks its zeros against the engine's ``foundation_for`` and ``meeting_suits``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..core import REDEAL, Move, Record
from ..crescent import NEIGHBOURS, PILES, Crescent
from .keys import ZOBRIST, multiset_hash, place_hash, plain_cards
from .searches import Token, by_rank

if TYPE_CHECKING:
    from .nested import Portfolio
    from .searches import Restarts

_PILES = range(8, 8 + PILES)
SLIDE = -1  # an action's destination: onto the card's suit's met foundations
Action = tuple[int, int]  # (source, destination) place numbers; REDEAL_ACTION for a redeal
REDEAL_ACTION: Action = (-1, -1)
_ORDER_BITS = 6
T = TypeVar("T")
_GRADE = 16  # a rank of distance outweighs any card buried (distances are below 13)
_EMPTIED = 15  # an emptied pile's "distance": after every other move (it never takes a card again)


_ORDERS: dict[int, list[list[int]]] = {}  # by list length, 64 random orders, made once


def _orders(n: int) -> list[list[int]]:
    """64 random orders of ``n`` actions: a search reshuffles its equally ranked actions by
    drawing one (6 random bits instead of a shuffle's draw per action)."""
    rng = random.Random(n)
    orders = [list(range(n)) for _ in range(1 << _ORDER_BITS)]
    for order in orders:
        rng.shuffle(order)
    _ORDERS[n] = orders
    return orders


def _order(n: int, k: int) -> list[int]:
    """The ``k``-th random order of ``n`` actions."""
    return (_ORDERS.get(n) or _orders(n))[k]


def _reshuffled(group: list[T], k: int) -> list[T]:
    """``group`` in the ``k``-th of its length's random orders."""
    return list(map(group.__getitem__, _order(len(group), k)))


def _distance_rows() -> list[tuple[int, ...]]:  # (unused rows: empty)
    """For each pair of foundation tops of one suit (at ascending top card * 52 + descending
    top card), each of the suit's ranks' *distance*: how many cards of the suit must go home
    before either foundation takes that rank (0 if one takes it now, or if the two meet: then
    every rank is one slide away). An estimate for the move order, not a rule."""
    rows: list[tuple[int, ...]] = [()] * (52 * 52)
    for suit in range(4):
        for up_top in range(13):
            for down_top in range(13):
                row = [0] * 13  # the two meet: every rank is one slide away
                if down_top != up_top + 1:
                    for rank in range(13):
                        up = rank - up_top - 1  # the ascending foundation takes its top + 1
                        down = down_top - 1 - rank  # the descending one its top - 1
                        row[rank] = down if up < 0 else up if down < 0 or up < down else down
                rows[(13 * suit + up_top) * 52 + 13 * suit + down_top] = tuple(row)
    return rows


_DISTANCES = _distance_rows()


class CrescentAdapter:
    """Searches a copy of the game; a token is the list of engine records an action played."""

    def __init__(
        self, game: Crescent, seed: int = 0, streamline: bool = False, graded: bool = False
    ) -> None:
        self.g = game.copy()
        # a face-down card changes no move in Crescent (only top cards move, and a top card
        # is face up): the search plays an open copy, which the redeal's record keeps simple
        self.g.set_face_down([0] * len(self.g.layout))
        # the move order of ``actions``: graded by how near home each move brings a card, or
        # plain (home, then uncovering a card that can go home now, then the rest: the first
        # solver's groups, with equal moves in another random order since the sixth pass)
        self.graded = graded
        # streamlined: where a card can go home, only such moves are tried. Not every line is
        # searched then (``complete``: an exhausted search proves nothing), but the lines that
        # are hold many wins that plain search finds later or not at all
        self.streamline = streamline
        self.complete = not streamline
        self.rng = random.Random(seed) if seed else None  # reshuffles equally ranked actions
        self.p = self.g.layout
        self.won = self.g.is_won  # asked of every position: one call, not two
        plain_cards(self.p)
        self.h = [place_hash(cards) if i >= 8 else 0 for i, cards in enumerate(self.p)]
        self.sq = [x * x for x in self.h]  # each pile's part of the key
        self.total = multiset_hash(self.h)
        self._saved: list[tuple[Any, ...]] = []  # what each play changed in the key, for undo
        # the pile-to-pile action that led here: its reverse only leads back, to a state the
        # search has seen with as many redeals left, so ``actions`` leaves it out
        self._back: Action | None = None
        # the engine's legal moves of each state on the current line, root first: a list once
        # worked out, else the plain move that led there (``_derive`` then reuses the nearest
        # list up the line), or None (after a slide or a redeal: the engine's ``legal_at``)
        self._legal: list[Any] = [None]
        # a card -> the piles with it on top; slot 52, never filled, answers ``at[-1]`` ("no
        # card", as ``foundation_cards`` says), so no lookup needs a test first
        self._at: list[list[int]] = []
        self._index()

    def _index(self) -> None:
        """The index of top cards afresh (at the start, and around a redeal, which turns
        many piles at once); plain moves keep it up to date in ``_leave`` and ``undo``."""
        at: list[list[int]] = [[] for _ in range(53)]
        for i in _PILES:
            if self.p[i]:
                at[self.p[i][-1]].append(i)
        self._at = at

    def key(self) -> tuple[int, int]:
        """The piles as a multiset (keys.py), and redeals left as the rank. The foundations
        need no place in the key: every card not on a pile is home, and which cards are home
        decides both foundations' tops, up to the slides of a met suit (its ranks are then
        each home once, wherever the meeting point is), which are one state anyway."""
        return self.total, self.g.redeals_left

    def peek(self, action: Action) -> tuple[int, int] | None:
        """The key a plain move would reach: ``_leave``'s arithmetic, nothing changed (kept
        apart from it: sharing a helper cost 2.7 % more instructions a state); a slide or a
        redeal moves more than one card: ``None``."""
        s, d = action
        if d < 0:
            return None
        p, h, sq = self.p, self.h, self.sq
        pile = p[s]
        card = pile[-1]
        new_s = h[s] ^ ZOBRIST[len(pile) - 1][card]
        total = self.total - sq[s] + new_s * new_s
        if d >= 8:
            new_d = h[d] ^ ZOBRIST[len(p[d])][card]
            total += new_d * new_d - sq[d]
        return total, self.g.redeals_left

    def _leave(self, s: int, d: int) -> None:
        """The key's and the top-card index's update for the top card of pile ``s`` going to
        place ``d`` (``undo`` takes both back)."""
        p, h, sq, at = self.p, self.h, self.sq, self._at
        pile = p[s]
        card = pile[-1]
        at[card].remove(s)
        if len(pile) > 1:
            at[pile[-2]].append(s)
        if d >= 8:
            at[p[d][-1]].remove(d)  # a pile that takes a card is never empty
            at[card].append(d)
        old_s = h[s]
        new_s = old_s ^ ZOBRIST[len(pile) - 1][card]
        h[s] = new_s
        total = self.total
        if d >= 8:
            old_d = h[d]
            new_d = old_d ^ ZOBRIST[len(p[d])][card]
            h[d] = new_d
            self._saved.append((total, s, old_s, sq[s], d, old_d, sq[d]))
            total -= sq[s] + sq[d]
            sq[s] = new_s * new_s
            sq[d] = new_d * new_d
            self.total = total + sq[s] + sq[d]
        else:
            self._saved.append((total, s, old_s, sq[s]))
            total -= sq[s]
            sq[s] = new_s * new_s
            self.total = total + sq[s]

    def _legal_here(self) -> list[Action]:
        """The engine's legal moves here, worked out once a state, and only when asked for (a
        rollout mostly takes a home move, found without them): from the nearest list up the
        line if only plain moves led here since (``_derive``), else by the engine's
        ``legal_at``."""
        lists = self._legal
        here = lists[-1]
        if type(here) is list:
            return cast(list[Action], here)
        touched: set[int] = set()
        i = len(lists) - 1
        while here is not None:
            touched.update(here)
            i -= 1
            here = lists[i] if i >= 0 else None
            if type(here) is list:
                break
        legal = self.g.legal_at() if here is None else self._derive(here, touched)
        legal.sort()  # one order for a state, however the search came to it
        lists[-1] = legal
        return legal

    def actions(self) -> list[Action]:
        """Home moves first; then, graded, the other moves by how soon a foundation could take
        the card each uncovers (``_DISTANCES``), and among those, burying the card furthest
        from home first, and moves that empty a pile (it never takes a card again) after them
        all; plain, the moves that uncover a card a foundation takes now, then the rest; the
        redeal last. Equal ones are reshuffled by a seeded search. Graded, a nested search wins
        far more within a Hint's budget; plain, it finds other wins later (docs/SOLVER.md,
        sixth pass)."""
        return list(self.ordered())

    def ordered(self) -> Iterator[Action]:
        """``actions``, made as they are asked for: a rollout takes the first action that leads
        somewhere new, nearly always the first, and two positions in three have a home move,
        so the other moves' grades and order are mostly never needed."""
        g, p, at = self.g, self.p, self._at
        back = self._back  # (read now: a play tried and undone meanwhile changes it)
        met = g.meeting_suits()
        any_met = True in met
        # the piles whose top card a foundation takes now, from the index of top cards
        wanted = enumerate(g.foundation_cards())
        home = [(i, f) for f, card in wanted for i in at[card]]
        if len(home) > 1:
            home.sort()  # as the engine's moves are: an order of the state's own
        if any_met:  # a met suit's: the slide-and-play actions stand for its home moves
            home = [move for move in home if not met[move[1] & 3]]
            for i in _PILES:
                if p[i] and met[p[i][-1] // 13]:
                    home.append((i, SLIDE))
        if self.streamline and home:
            yield from home
            return
        k = self.rng.getrandbits(_ORDER_BITS) if self.rng is not None else -1
        if k >= 0 and len(home) > 1:  # a rollout mostly takes the first: no list made
            for j in _order(len(home), k):
                yield home[j]
        else:
            yield from home
        rest: list[tuple[int, Action]] = []
        graded = self.graded
        # each card's distance (_DISTANCES), by its suit's foundation tops
        distances = (
            _DISTANCES[p[0][-1] * 52 + p[4][-1]]
            + _DISTANCES[p[1][-1] * 52 + p[5][-1]]
            + _DISTANCES[p[2][-1] * 52 + p[6][-1]]
            + _DISTANCES[p[3][-1] * 52 + p[7][-1]]
        )
        for move in self._legal_here():
            s, d = move
            if d >= 8 and move != back:
                pile = p[s]
                distance = distances[pile[-2]] if len(pile) > 1 else _EMPTIED
                if graded:
                    rest.append((_GRADE * distance - distances[p[d][-1]], move))
                else:  # only "frees a card for home" first
                    rest.append((0 if distance == 0 else 1, move))
        if k >= 0 and len(rest) > 1:
            rest = _reshuffled(rest, k)
        rest.sort(key=by_rank)
        for _, move in rest:
            yield move
        if g.redeal_allowed:
            yield REDEAL_ACTION

    def _derive(self, parent: list[Action], touched: set[int]) -> list[Action]:
        """The engine's legal moves after plain moves that changed the places ``touched``, from
        the legal moves before them: a move's legality depends only on its two places' top
        cards (and the destination's size), so the moves that touch no such place stay, and the
        engine's own ``reason_at`` decides each candidate that does: a top card's same-suit
        neighbours (the piles with them on top, from the index) and its foundations. A
        foundation also takes new cards, and meets its partner anew. The same set as
        ``legal_at`` (tests/test_solver.py), in another order."""
        p, at, reason_at, foundation_for = self.p, self._at, self.g.reason_at, self.g.foundation_for
        out = [m for m in parent if m[0] not in touched and m[1] not in touched]
        wanted = None
        for x in touched:
            if x < 8:  # a foundation: the piles whose top it now takes, and its partner
                wanted = wanted or self.g.foundation_cards()
                for i in at[wanted[x]]:
                    if i not in touched:  # a touched pile makes its own foundation moves
                        out.append((i, x))
                partner = x ^ 4
                if partner not in touched or partner > x:
                    if reason_at(x, partner) is None:
                        out.append((x, partner))
                    if reason_at(partner, x) is None:
                        out.append((partner, x))
                continue
            pile = p[x]
            if not pile:
                continue
            card = pile[-1]
            f = foundation_for(card)  # the ascending one first: the descending may take it too
            if f is not None:
                out.append((x, f))
                if f < 4 and reason_at(x, f + 4) is None:
                    out.append((x, f + 4))
            for n in NEIGHBOURS[card]:
                for j in at[n]:
                    if j != x and (j not in touched or j > x):  # a pair of touched piles once
                        if reason_at(x, j) is None:
                            out.append((x, j))
                        if reason_at(j, x) is None:
                            out.append((j, x))
        return out

    def play(self, action: Action) -> Token:
        s, d = action
        self._back = (d, s) if d >= 8 else None  # (a plain move's source is always a pile)
        if d >= 0:
            self._leave(s, d)
            self._legal.append(action)
            return [self.g.apply_at(s, d)]
        self._legal.append(None)
        if s < 0:
            self._saved.append((self.total, self.h[:], self.sq[:]))
            record = self.g.apply(REDEAL)
            h, sq, p = self.h, self.sq, self.p
            for i in record[1:]:
                h[i] = place_hash(p[i])
                sq[i] = h[i] * h[i]
            self.total = sum(sq)
            self._index()
            return [record]
        return self._slide_and_play(s)

    def _slide_and_play(self, s: int) -> Token:
        """Engine moves between a met suit's foundations until one takes the pile's card."""
        g, p = self.g, self.p
        card = p[s][-1]
        suit, rank = card // 13, card % 13 + 1
        up, down = suit, suit + 4
        records: list[Record] = []
        if rank >= 2:  # onto the ascending foundation, whose top must be rank - 1
            while p[up][-1] > card - 1:
                records.append(g.apply_at(up, down))
            while p[up][-1] < card - 1:
                records.append(g.apply_at(down, up))
            self._leave(s, up)
            records.append(g.apply_at(s, up))
        else:  # an Ace: onto the descending foundation, at its two
            while p[down][-1] > card + 1:
                records.append(g.apply_at(up, down))
            self._leave(s, down)
            records.append(g.apply_at(s, down))
        return records

    def undo(self, token: Token) -> None:
        unapply = self.g.unapply
        for record in reversed(token):
            unapply(record)
        saved = self._saved.pop()
        self._legal.pop()
        h, sq, p, at = self.h, self.sq, self.p, self._at
        if len(saved) == 7:
            self.total, s, h[s], sq[s], d, h[d], sq[d] = saved
            card = p[s][-1]  # back on s, from d
            at[card].remove(d)
            at[p[d][-1]].append(d)
        elif len(saved) == 4:
            self.total, s, h[s], sq[s] = saved
            card = p[s][-1]  # back on s, from a foundation
        else:  # a redeal
            self.total, h[:], sq[:] = saved
            self._index()
            return
        at[card].append(s)
        if len(p[s]) > 1:
            at[p[s][-2]].remove(s)

    def score(self) -> int:
        """The cards still in play: what a nested search's rollouts minimise (nested.py)."""
        p = self.p
        return sum(len(p[i]) for i in _PILES)

    def moves(self, token: Token) -> list[Move]:
        return [self.g.move_of(record) for record in token]

    def start(self) -> Token:
        return []


Adapter = CrescentAdapter  # (the family's adapter, as ``solver.adapter_for`` asks for it)


def search(
    game: Crescent, states: int | None, seconds: float | None, for_proofs: bool
) -> Portfolio | Restarts:
    """Crescent: depth-first searches restarted on Luby budgets, which alone can prove a loss,
    taking turns (1 to 3) with a nested Monte Carlo search (nested.py), which finds more wins
    (its searches in the graded move order and the plain one by turns, graded first); with
    ``for_proofs``, only the restarts, on the unit that proves small lost trees sooner."""
    from .nested import Nested, Portfolio
    from .searches import Restarts

    def make(seed: int) -> CrescentAdapter:
        return CrescentAdapter(game, seed)

    if for_proofs:
        return Restarts(make, states=states, seconds=seconds, unit=Restarts.PROOF_UNIT)
    # the restarts' turn first: a small lost tree is proven before the nested search starts
    return Portfolio(
        [(Restarts(make), 1), (Nested(alternating_orders(game)), 3)],
        states=states,
        seconds=seconds,
    )


def alternating_orders(game: Crescent) -> Callable[[int], CrescentAdapter]:
    """The nested search's adapters: the graded move order for odd seeds (the first search: the
    most wins soon, what a Hint needs), the plain one for even seeds (other wins later)
    (docs/SOLVER.md, sixth pass)."""

    def make(seed: int) -> CrescentAdapter:
        return CrescentAdapter(game, seed, graded=seed % 2 == 1)

    return make
