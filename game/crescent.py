"""Crescent: 16 piles in a horseshoe, 8 foundations (4 up from Aces, 4 down from Kings).

Places: ``f1``-``f4`` ascending S H D C, ``f5``-``f8`` descending S H D C, piles ``t1``-``t16``
clockwise round the horseshoe. Internally foundations are indices 0-7 (suit = index % 4) and
piles 8-23.
"""

from __future__ import annotations

from .cards import CARDS, SUIT_NAMES, Card
from .codes import GameCode, shuffled_pack
from .core import Move, Place, Reason, Record, Solitaire, count_phrase
from .kinds import REGISTRY
from .position import PositionError
from .rules import CrescentRules

PILES = 16
PILE_LIMIT = 13
RULES: dict[str, CrescentRules] = {  # each game's rules by its code's variant letter
    kind.variant: kind.rules for kind in REGISTRY if isinstance(kind.rules, CrescentRules)
}
REDEALS = {variant: rules.redeals for variant, rules in RULES.items()}
MAX_REDEALS = max(REDEALS.values())

_FOUNDATIONS = range(8)
_PILES = range(8, 8 + PILES)
_ADJACENT = frozenset({1, -1, 12, -12})  # rank steps on a pile, King-Ace wrap included
NEIGHBOURS = tuple(  # the two cards a card goes onto on a pile: same suit, King-Ace wrapped
    (s * 13 + (r - 1) % 13, s * 13 + (r + 1) % 13) for s in range(4) for r in range(13)
)

# the card a foundation takes on top of each card (-1: none): no wrap on foundations
_ABOVE = tuple(-1 if c % 13 == 12 else c + 1 for c in range(52))  # ascending
_BELOW = tuple(-1 if c % 13 == 0 else c - 1 for c in range(52))  # descending


class Crescent(Solitaire):
    """A game of Crescent (its variants' rules, ``rules.CrescentRules``: more redeals, cards
    dealt face down)."""

    GAME = "CR1"
    REDEAL_IS_FINAL = True  # the piles' bottom cards come up: the rules cannot take it back
    PLACES = tuple(f"f{i}" for i in range(1, 9)) + tuple(f"t{i}" for i in range(1, PILES + 1))
    HEADER = ("redeals", "moves")
    FACTS = tuple(Place("foundation", i + 1, i % 4, up=i < 4) for i in _FOUNDATIONS) + tuple(
        Place("pile", n) for n in range(1, PILES + 1)
    )

    def __init__(
        self, places: list[list[Card]], redeals_left: int, moves: int = 0, code: str | None = None
    ) -> None:
        super().__init__(places, moves, code)
        self.redeals_left = redeals_left

    @classmethod
    def deal(cls, code: GameCode) -> Crescent:
        """The starting position of a code: bases set aside, 96 cards dealt round the piles."""
        cards = shuffled_pack(code.deal)
        for base in [CARDS[s * 13] for s in range(4)] + [CARDS[s * 13 + 12] for s in range(4)]:
            cards.remove(base)  # the first copy in shuffled order becomes the base
        places: list[list[Card]] = [[CARDS[s * 13]] for s in range(4)]
        places += [[CARDS[s * 13 + 12]] for s in range(4)]
        places += [cards[i::PILES] for i in range(PILES)]  # card k goes to pile k mod 16
        rules = RULES[code.variant]
        g = cls(places, rules.redeals, 0, str(code))
        down = rules.down  # each pile's lower cards face down: how many
        if down:
            g.set_face_down([0] * 8 + [down] * PILES)
        return g

    @classmethod
    def _check_places(
        cls, header_line: str, header: dict[str, int], places: list[list[Card]]
    ) -> None:
        if header["redeals"] > MAX_REDEALS:
            raise PositionError(f"line 1 {header_line!r}: redeals must be 0 to {MAX_REDEALS}")
        for i in _FOUNDATIONS:
            suit, cards = i % 4, places[i]
            expect = (
                [suit * 13 + k for k in range(len(cards))]
                if i < 4
                else [suit * 13 + 12 - k for k in range(len(cards))]
            )
            if not 1 <= len(cards) <= 13 or cards != expect:
                kind = "an Ace up" if i < 4 else "a King down"
                raise PositionError(
                    f"{cls.PLACES[i]}: must be {kind} sequence of {SUIT_NAMES[suit]} "
                    f"starting with its base, got {' '.join(map(str, cards)) or 'nothing'}"
                )
        for i in _PILES:
            if len(places[i]) > PILE_LIMIT:
                raise PositionError(
                    f"{cls.PLACES[i]}: {len(places[i])} cards, a pile holds at most {PILE_LIMIT}"
                )

    @classmethod
    def _build(cls, header: dict[str, int], places: list[list[Card]]) -> Crescent:
        return cls(places, header["redeals"], header["moves"])

    # --- rules ---------------------------------------------------------------------------------
    def reason_at(self, s: int, d: int, n: int = 1) -> Reason | None:
        if s == d:
            return "same_place"
        if n != 1:
            return "not_a_run"  # one card at a time
        p = self._p
        src = p[s]
        if not src:
            return "not_playable"
        c = src[-1]
        if s < 8:
            if len(src) == 1:
                return "base_locked"
            if d >= 8:
                return "no_return_to_pile"
        if d < 8:
            if c // 13 != d % 4:
                return "same_suit"
            top = p[d][-1]
            # same suit is settled, so +-1 cannot wrap into another suit
            return None if c == (top + 1 if d < 4 else top - 1) else "foundation_order"
        dst = p[d]
        if not dst:
            return "empty_pile"
        top = dst[-1]
        if top // 13 != c // 13:
            return "same_suit"
        if top - c not in _ADJACENT:
            return "adjacent_rank"
        if len(dst) >= PILE_LIMIT:
            return "pile_full"
        return None

    def apply_at(self, s: int, d: int, n: int = 1) -> Record:
        p = self._p
        p[d].append(p[s].pop())
        self.moves += 1
        down = self._down
        if down[s] and down[s] == len(p[s]):  # the new top was face down: it turns up
            down[s] -= 1
            return (s, d, 1)
        return (s, d)

    def unapply(self, record: Record) -> None:
        p = self._p
        s = record[0]
        if s < 0:  # a redeal: the rotated piles turn back, top card to the bottom
            for i in record[1:]:
                if i < 0:  # that pile's bottom card was face down: it turns down again
                    i = -i
                    self._down[i] += 1
                p[i].insert(0, p[i].pop())
            self.redeals_left += 1
            return
        p[s].append(p[record[1]].pop())
        if len(record) == 3:
            self._down[s] += 1
        self.moves -= 1

    def _apply_redeal(self) -> Record:
        """Every pile of 2+ cards: bottom card to the top. Not a move: ``moves`` stays. A
        face-down bottom card turns up as it becomes the top (its number is negated in the
        record, so that ``unapply`` turns it down again)."""
        p, down = self._p, self._down
        rotated = []
        for i in _PILES:
            if len(p[i]) > 1:
                p[i].append(p[i].pop(0))
                if down[i]:
                    down[i] -= 1
                    rotated.append(-i)
                else:
                    rotated.append(i)
        self.redeals_left -= 1
        return (-1, *rotated)

    def redeal_refusal(self) -> Reason | None:
        return None if self.redeals_left > 0 else "no_redeals"

    def meeting_suits(self) -> tuple[bool, bool, bool, bool]:
        """For each suit (S H D C), whether its two foundations meet: the descending top is
        one above the ascending top, so cards can cross between them and the meeting point
        moves freely. The one statement of that rule: moves, status and the solver ask it."""
        p = self._p
        return (
            p[4][-1] == p[0][-1] + 1,
            p[5][-1] == p[1][-1] + 1,
            p[6][-1] == p[2][-1] + 1,
            p[7][-1] == p[3][-1] + 1,
        )

    def foundation_cards(self) -> tuple[int, ...]:
        """The card each foundation takes now (-1: none), by place: one above an ascending
        top, one below a descending top, in its suit (nothing on an ascending King or a
        descending Ace). The solver finds the home moves from it without listing every move."""
        p, up, down = self._p, _ABOVE, _BELOW
        return (
            up[p[0][-1]], up[p[1][-1]], up[p[2][-1]], up[p[3][-1]],
            down[p[4][-1]], down[p[5][-1]], down[p[6][-1]], down[p[7][-1]],
        )  # fmt: skip

    def foundation_for(self, card: int) -> int | None:
        """The number of a foundation that takes ``card`` now (the ascending one first)."""
        p = self._p
        suit = card // 13
        if _ABOVE[p[suit][-1]] == card:
            return suit
        if _BELOW[p[suit + 4][-1]] == card:
            return suit + 4
        return None

    def is_won(self) -> bool:
        return not any(self._p[8:])  # every pile empty

    def legal_moves(self) -> list[Move]:
        move = self.MOVES
        return [move[s][d] for s, d in self.legal_at()]

    def legal_at(self) -> list[tuple[int, int]]:
        p = self._p
        out: list[tuple[int, int]] = []
        met = self.meeting_suits()
        if True in met:  # foundation to foundation: where the two meet
            for s, meet in enumerate(met):
                if meet:
                    if len(p[s]) > 1:
                        out.append((s, s + 4))
                    if len(p[s + 4]) > 1:
                        out.append((s + 4, s))
        takers: dict[int, list[int]] = {}  # a top card -> the piles under it that take a card
        tops: list[tuple[int, int]] = []
        for i in _PILES:
            pile = p[i]
            if pile:
                top = pile[-1]
                tops.append((i, top))
                if len(pile) < PILE_LIMIT:
                    if top in takers:
                        takers[top].append(i)
                    else:
                        takers[top] = [i]
        wanted = self.foundation_cards()
        for i, c in tops:
            suit = c // 13
            if wanted[suit] == c:
                out.append((i, suit))
            if wanted[suit + 4] == c:
                out.append((i, suit + 4))
            lower, higher = NEIGHBOURS[c]
            if lower in takers:
                for j in takers[lower]:
                    out.append((i, j))
            if higher in takers:
                for j in takers[higher]:
                    out.append((i, j))
        return out

    @property
    def status(self) -> str:
        p = self._p
        if self.is_won():
            return "won"
        if self.redeals_left > 0:
            return "playing"
        for move in self.legal_moves():
            if move.src[0] == "t":
                return "playing"
        # Foundation-to-foundation moves alone only shuttle cards between the two foundations
        # of a suit; they lead somewhere only if a pile shows a card of that suit (then some
        # shuttle makes it playable). Without one, the game is as blocked as it looks.
        for s, meet in enumerate(self.meeting_suits()):
            if meet and any(p[i] and p[i][-1] // 13 == s for i in _PILES):
                return "playing"
        return "blocked"

    def _header(self) -> dict[str, int]:
        return {"redeals": self.redeals_left, "moves": self.moves}

    def _counters(self) -> tuple[int, ...]:
        return (self.moves, self.redeals_left)

    def _set_counters(self, counters: tuple[int, ...]) -> None:
        self.moves, self.redeals_left = counters

    # --- words ---------------------------------------------------------------------------------
    def place_name(self, place: str) -> str:
        fact = self.place(place)
        if fact.kind == "foundation":
            direction = "ascending" if fact.up else "descending"
            return f"{direction} {SUIT_NAMES[fact.suit or 0]} foundation"
        return f"pile {fact.number}"

    def place_label(self, place: str) -> str:
        fact, cards = self.place(place), self.cards(place)
        if fact.kind == "foundation":  # it always holds its base
            name = self.place_name(place).capitalize()
            return f"{name}: {cards[-1].name()} on top, {count_phrase(len(cards))}"
        if not cards:
            return f"Pile {fact.number}: empty"
        down = self.face_down(place)
        hidden = f", {count_phrase(down)} face down" if down else ""
        return f"Pile {fact.number}: {count_phrase(len(cards))}{hidden}, {cards[-1].name()} on top"

    def describe(self) -> str:
        left = self.redeals_left
        redeals = "no redeals left" if left == 0 else f"{left} redeal{'s' * (left != 1)} left"
        return super().describe() + f"\nMoves: {self.moves}; {redeals}."
