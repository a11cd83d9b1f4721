"""What both games share: moves, refusals, errors, undo/redo history and position text.

A game keeps its places as lists of cards (bottom to top) numbered by small integers
(``PLACES[i]`` is place number ``i``); the checked API speaks in place ids (``"t3"``, ``"f1"``,
``"stock"``). Each game supplies three rules: ``reason_at`` (the one rule check),
``legal_moves`` (the one move generator, the single source of truth) and ``apply_at`` /
``unapply`` (a move and its inverse). Like python-chess's ``push`` next to ``push_uci``, the
unchecked fast path (``apply``, ``apply_at``, ``unapply``, ``layout``, ``snapshot``) is public
for the solver: it trusts its caller to play only what ``legal_moves`` offers.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple, Self, get_args

from .cards import Card
from .places import Place as Place  # (re-exported: the games and the API name it here)
from .position import check_card_counts, check_face_down, position_lines, read_places

HISTORY_LIMIT = 100  # both games: undo reaches back this many moves (Forty Thieves: actions)

Reason = Literal[
    "same_suit",
    "adjacent_rank",
    "one_rank_higher",
    "pile_full",
    "empty_pile",
    "base_locked",
    "no_return_to_pile",
    "foundation_order",
    "not_playable",
    "no_redeals",
    "stock_empty",
    "same_place",
    "alternate_colour",
    "other_suit",
    "not_a_run",
    "rank_higher",
    "stock_not_empty",
    "waste_empty",
    "king_only",
    "waste_only",
    "stays_empty",
    "no_return",
    "run_to_empty_only",
    "foundation_colours",
    "lone_takes_none",
    "lone_stays",
    "cell_full",
    "cell_takes",
    "kings_only",
    "kings_apart",
    "kings_stay",
    "face_down",
]
"""Why the rules refuse a move: a stable key the page turns into words (``refusal_<key>``)."""
REASONS: frozenset[str] = frozenset(get_args(Reason))


class IllegalMove(ValueError):
    """The rules refuse this move; ``reason`` is one of :data:`REASONS`."""

    def __init__(self, reason: Reason, src: str | None = None, dst: str | None = None) -> None:
        self.reason, self.src, self.dst = reason, src, dst
        where = f" {src} -> {dst}" if src is not None else ""
        super().__init__(f"illegal move{where}: {reason}")


class UnknownPlace(ValueError):
    """A place id that this game does not have."""


class BadMoveText(ValueError):
    """Move text that is not ``src-dst``."""


class IllegalLine(ValueError):
    """A line (``replay``) stopped at a move the game refuses or cannot read: ``index`` (from
    0) and ``move`` name it, ``cause`` is the engine's error."""

    def __init__(self, index: int, move: Move, cause: ValueError) -> None:
        self.index, self.move, self.cause = index, move, cause
        super().__init__(f"move {index + 1} ({move.text()}) of the line: {cause}")


class Move(NamedTuple):
    """``size`` cards from ``src`` to ``dst`` (place ids): one card, or a run moved as one
    where a game allows it; a draw is ``stock -> waste``; the Crescent redeal is the move
    :data:`REDEAL`, so that a line of play is one list of moves."""

    src: str
    dst: str
    size: int = 1

    def __repr__(self) -> str:
        if self.size == 1:
            return f"Move(src={self.src!r}, dst={self.dst!r})"
        return f"Move(src={self.src!r}, dst={self.dst!r}, size={self.size})"

    @property
    def is_redeal(self) -> bool:
        return self.src == _REDEAL_WORD

    @property
    def turns_up(self) -> bool:
        """A column onto itself: its face-down top card turned up (where only the player
        turns cards up: Blind Patience)."""
        return self.src == self.dst

    def text(self) -> str:
        """``"t3-f1"``, a run of three ``"t3-t7x3"``, or ``"redeal"``: :meth:`from_text` reads
        it back."""
        if self.is_redeal:
            return _REDEAL_WORD
        return f"{self.src}-{self.dst}" if self.size == 1 else f"{self.src}-{self.dst}x{self.size}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """``"t3-f1"`` -> ``Move("t3", "f1")``, ``"t3-t7x3"`` -> ``Move("t3", "t7", 3)``,
        ``"redeal"`` -> :data:`REDEAL`; the places are checked when the move is played. Only
        the form ``text()`` writes is read (no ``x1``, no leading zero)."""
        if not isinstance(text, str):
            raise _bad_move(text)
        return _read_move(text)


def _bad_move(text: object) -> BadMoveText:
    return BadMoveText(
        f"bad move {text!r}: expected SRC-DST such as t3-f1, SRC-DSTxN for a run of N cards "
        "such as t3-t7x3, or redeal"
    )


@functools.lru_cache(maxsize=4096)
def _read_move(text: str) -> Move:
    """:meth:`Move.from_text`, kept: a stored line or a replay reads the same few hundred
    texts over and over (half a replay's time, read afresh), and a ``Move`` never changes."""
    if text == _REDEAL_WORD:
        return REDEAL
    parts = text.split("-")
    run = _RUN_SUFFIX.fullmatch(parts[1]) if len(parts) == 2 else None
    if run is not None:
        parts[1] = run[1]
    if len(parts) != 2 or not all(p and p.isascii() and p.isalnum() for p in parts):
        raise _bad_move(text)
    return Move(parts[0], parts[1], int(run[2]) if run is not None else 1)


_REDEAL_WORD = "redeal"
# a run's size after its destination: no place id ends in "x" and a number; sizes from 2, no
# leading zero, so that every move has one text
_RUN_SUFFIX = re.compile(r"(.+)x([2-9]|[1-9][0-9])")
REDEAL = Move(_REDEAL_WORD, _REDEAL_WORD)
"""Crescent's redeal as a move: ``play_move(REDEAL)`` is ``redeal()``."""

Record = tuple[int, ...]
"""What ``apply`` returns and ``unapply`` takes back: starts with the move's two place numbers
(a redeal's starts with -1). Opaque otherwise; ``move_of`` turns it back into a :class:`Move`."""

Snapshot = tuple[list[list[Card]], tuple[int, ...]]
"""A layout and its counters (``snapshot``/``restore``), the face-down counts after them in a
game that deals cards face down; the history is not part of it."""


@dataclass(frozen=True)
class Refusal:
    """Why a move is refused: a stable ``reason`` key the UI turns into words."""

    reason: Reason
    src: str
    dst: str


class Solitaire:
    """The machinery common to both games. Subclasses define the places and the rules."""

    GAME: ClassVar[str]
    PLACES: ClassVar[tuple[str, ...]]  # number order is also the order of the position text
    HEADER: ClassVar[tuple[str, ...]]  # counter names on the position's first line
    NUMBERS: ClassVar[dict[str, int]]  # place id -> place number
    MOVES: ClassVar[tuple[tuple[Move, ...], ...]]  # the interned Move of each [src][dst] number
    FACTS: ClassVar[tuple[Place, ...]]  # what each place is, by number
    WORD: ClassVar[str]  # the position text's first word: GAME, or a variant's own kind
    REDEAL_IS_FINAL: ClassVar[bool] = False  # a redeal clears the history (Crescent's)
    UNDO_KEEPS_COUNT: ClassVar[bool] = False  # an undo leaves the move counter (the reference
    # app's Forty Thieves: it counts actions, undone ones too)
    SCORED: ClassVar[bool] = False  # the game keeps a score
    # face-down cards lie every DOWN_STEP-th card down from a place's highest face-down one:
    # 1, all at the bottom; 2, rows dealt face down and face up in turn (Interchange)
    DOWN_STEP: ClassVar[int] = 1
    # a place's top card may lie face down (where only the player turns cards up)
    TOP_DOWN: ClassVar[bool] = False
    # each foundation takes one card at a time, so one whose twin is home goes where it must
    # (``finish``); False where a foundation takes any of several (alternate colours)
    HOMES_BY_SUIT: ClassVar[bool] = True
    # the counters every game has (0 where a game has none): the page reads them as they are
    score: int = 0
    redeals_left: int = 0

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.NUMBERS = {p: i for i, p in enumerate(cls.PLACES)}
        cls.MOVES = tuple(tuple(Move(s, d) for d in cls.PLACES) for s in cls.PLACES)
        cls.WORD = getattr(cls, "WORD", None) or cls.GAME

    def __init__(self, places: list[list[Card]], moves: int = 0, code: str | None = None) -> None:
        self._p = places
        self.moves = moves
        self.code = code
        self._undo: deque[Record] = deque(maxlen=HISTORY_LIMIT)
        self._redo: list[Move] = []
        self._line: list[Move] = []  # the checked moves from the start, undone ones taken off
        # the position text the line starts from when that is not the deal of ``code`` (a game
        # resumed from a save that kept a position, not moves); None: from the deal
        self.origin: str | None = None
        # how many cards at the bottom of each place are face down; a game that starts with
        # none never gets any (cards only turn up), so ``_hidden`` says whether to keep them
        self._down = [0] * len(places)
        self._hidden = False

    @property
    def kind(self) -> str:
        """The kind of game on the table (``"FT1-H"``): its code's; else, for a game made from
        a position, the kind its first word names (a relative of Forty Thieves names itself),
        or its family's standard one."""
        if self.code is not None:
            return "-".join(self.code.split("-")[:2])
        return self.WORD if "-" in self.WORD else f"{self.GAME}-N"

    # --- what each game defines -------------------------------------------------------------
    def reason_at(self, s: int, d: int, n: int = 1) -> Reason | None:
        """The one rule check, on place numbers (``n`` cards at once, a run): ``None`` if
        legal, else the refusal key."""
        raise NotImplementedError

    def apply_at(self, s: int, d: int, n: int = 1) -> Record:
        """Move ``n`` cards from place number ``s`` to ``d`` without checking it; the record
        takes it back (``unapply``). The solver's fast path: play only legal moves."""
        raise NotImplementedError

    def unapply(self, record: Record) -> None:
        """Take back what ``apply``/``apply_at`` did, most recent first."""
        raise NotImplementedError

    def foundation_cards(self) -> tuple[int, ...]:
        """The card each foundation takes now (-1: none), by foundation number: what the
        solver and the finish search ask instead of trying every move home."""
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        """Every legal move in this position (never a redeal: ``redeal_allowed`` says that)."""
        raise NotImplementedError

    def legal_actions(self) -> list[Move]:
        """Everything the rules allow now, as one list: the legal moves (a draw among them),
        then :data:`REDEAL` where a redeal is allowed. What every search and proof explores."""
        moves = self.legal_moves()
        return [*moves, REDEAL] if self.redeal_allowed else moves

    def legal_at(self) -> list[tuple[int, int]]:
        """The one-card moves of ``legal_moves``, in the same order, as (source, destination)
        place numbers: the one move generator, for the solver's fast path."""
        raise NotImplementedError

    def can_go_home(self) -> bool:
        """Whether a card can go home now from a place that is not a foundation: the
        playouts ask it after every move they try, so a game may answer it faster than
        ``legal_at`` does (the same answer)."""
        return any(d < 8 <= s for s, d in self.legal_at())

    def legal_runs(self) -> list[tuple[int, int, int]]:
        """The moves of runs (``legal_moves`` after the one-card ones) as (source,
        destination, cards): none but in a game where runs move as one."""
        return []

    def face_down(self, place: str) -> int:
        """How many cards at the bottom of ``place`` are face down: 0 everywhere in an open
        game, and never a place's top card (it turns up at once) unless the player turns cards
        up (``TOP_DOWN``). Where rows were dealt face down and face up in turn (``DOWN_STEP``
        2), the cards up to the highest face-down one (every other one face down, down from
        it): none of them moves."""
        return self._down[self.index(place)]

    def is_face_down(self, place: str, i: int) -> bool:
        """Whether card ``i`` (from the bottom) of ``place`` is face down."""
        floor = self._down[self.index(place)]
        return i < floor and (floor - 1 - i) % self.DOWN_STEP == 0

    def top_face_down(self, place: str) -> bool:
        """Whether the top card of ``place`` lies face down (only where ``TOP_DOWN``): it
        takes any card, and its one move turns it up."""
        return self.top_down_at(self.index(place))

    def top_down_at(self, i: int) -> bool:
        """:meth:`top_face_down` by place number (the fast path's)."""
        return 0 < len(self._p[i]) == self._down[i]

    def hidden_count(self, place: str) -> int:
        """How many cards of ``place`` are face down."""
        return -(-self._down[self.index(place)] // self.DOWN_STEP)

    def face_up(self, place: str) -> tuple[Card, ...]:
        """The cards of ``place`` that show, bottom to top."""
        cards = self.cards(place)
        return tuple(c for i, c in enumerate(cards) if not self.is_face_down(place, i))

    def face_down_counts(self) -> tuple[int, ...]:
        """``face_down`` of every place, by number."""
        return tuple(self._down)

    @property
    def hidden(self) -> bool:
        """Whether this game was dealt with cards face down (some may still be)."""
        return self._hidden

    def is_won(self) -> bool:
        """Every card home."""
        raise NotImplementedError

    def _header(self) -> dict[str, int]:
        raise NotImplementedError

    def _counters(self) -> tuple[int, ...]:
        """The counters a snapshot keeps, in the order ``_set_counters`` takes them."""
        raise NotImplementedError

    def _set_counters(self, counters: tuple[int, ...]) -> None:
        raise NotImplementedError

    def _apply_redeal(self) -> Record:
        raise IllegalMove("no_redeals")

    @property
    def status(self) -> str:
        """``"playing"``, ``"won"`` or ``"blocked"``."""
        raise NotImplementedError

    def place_name(self, place: str) -> str:
        """A place in a few words: 'pile 3', 'ascending spades foundation', 'waste'."""
        raise NotImplementedError

    def place_label(self, place: str) -> str:
        """A place and what it holds, for its accessible label."""
        raise NotImplementedError

    # --- the public API ----------------------------------------------------------------------
    def index(self, place: str) -> int:
        """The number of a place id; :class:`UnknownPlace` if there is none."""
        try:
            return self.NUMBERS[place]
        except (KeyError, TypeError):
            raise UnknownPlace(
                f"unknown place {place!r} in {self.kind} (places: {', '.join(self.PLACES)})"
            ) from None

    def place(self, place: str) -> Place:
        """What ``place`` is (:class:`Place`); :class:`UnknownPlace` if there is none."""
        return self.FACTS[self.index(place)]

    def cards(self, place: str) -> tuple[Card, ...]:
        """The cards of a place, bottom to top."""
        return tuple(self._p[self.index(place)])

    def destinations(self, src: str, size: int = 1) -> list[str]:
        """The places that accept the top card of ``src`` now (the top ``size`` cards, as a
        run, where runs move)."""
        self.index(src)
        return [m.dst for m in self.legal_moves() if m.src == src and m.size == size]

    def movable(self, src: str) -> int:
        """How many cards at the top of ``src`` could move together (1, or a run's length
        where runs move; 0 for an empty place): a size that some destination may take."""
        cards = len(self._p[self.index(src)])
        return min(cards, 1)

    def refusal(self, src: str, dst: str, size: int = 1) -> Refusal | None:
        """``None`` if the move is legal, else why not."""
        reason = self.reason_at(self.index(src), self.index(dst), _size(size))
        return None if reason is None else Refusal(reason, src, dst)

    def play(self, src: str, dst: str, size: int = 1) -> None:
        """Play a move (``size`` cards as a run), or raise :class:`IllegalMove` and change
        nothing. Clears redo."""
        try:
            s, d = self.NUMBERS[src], self.NUMBERS[dst]
        except (KeyError, TypeError):
            s, d = self.index(src), self.index(dst)  # raises UnknownPlace naming the bad one
        n = _size(size)
        reason = self.reason_at(s, d, n)
        if reason is not None:
            raise IllegalMove(reason, src, dst)
        self._undo.append(self.apply_at(s, d, n))
        self._line.append(self.MOVES[s][d] if n == 1 else Move(src, dst, n))
        if self._redo:
            self._redo.clear()

    def play_move(self, move: Move) -> None:
        """Play any move of a line, checked: ``play(src, dst, size)``, or ``redeal()`` for
        :data:`REDEAL`."""
        if move.is_redeal:
            self.redeal()
        else:
            self.play(move.src, move.dst, move.size)

    def undo(self) -> bool:
        """Take back the last move; ``False`` when there is nothing to undo."""
        if not self._undo:
            return False
        record = self._undo.pop()
        move = self._line.pop()
        self.unapply(record)
        self._redo.append(move)
        return True

    def redo(self) -> bool:
        """Play again the last undone move; ``False`` if there is none (a new move clears them)."""
        if not self._redo:
            return False
        move = self._redo.pop()
        self._undo.append(self.apply(move))
        self._line.append(move)
        return True

    @property
    def line(self) -> tuple[Move, ...]:
        """The moves played from the starting position (a redeal is :data:`REDEAL`), undone
        ones taken off: ``replay(new(code), g.line)`` rebuilds this position and its undo
        history (from ``from_position(g.origin)`` when ``origin`` is set). Only the checked API
        (``play``, ``redeal``, ``undo``, ``redo``) writes it."""
        return tuple(self._line)

    @property
    def redo_line(self) -> tuple[Move, ...]:
        """The moves ``redo`` would play, in the order it would play them."""
        return tuple(reversed(self._redo))

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_fill(self) -> str | None:
        """The column that the last move of the history (the one an undo would take back)
        emptied and the rules then filled at once (a card from the waste, part of that move:
        ``autofill``), or None: what the page shows and says after a move."""
        return self.fill_of(self._undo[-1]) if self._undo else None

    @property
    def last_drawn(self) -> int:
        """The cards the last move of the history turned from the stock onto the waste (0:
        it was no draw): a draw of three says so, not just the card it left on top."""
        return self.drawn_of(self._undo[-1]) if self._undo else 0

    def drawn_of(self, record: Record) -> int:
        """The cards a move's record (``apply``'s) says it turned from the stock (0: none)."""
        return 0

    @property
    def fill_source(self) -> str:
        """Where the cards that fill an emptied column come from (``last_fill``): the
        waste's top card, or, where the rules refill columns, the stock's next cards."""
        return "waste"

    def fill_of(self, record: Record) -> str | None:
        """The column a move's record (``apply``'s) says was filled at once after the move
        emptied it, or None (the page's replay, which steps on the fast path)."""
        return None

    def redeal(self) -> None:
        """The redeal (checked), refused with the game's own reason (``redeal_refusal``).
        Whether it can be undone is the game's rule: Crescent's clears the history (its rules
        cannot take it back), a waste turned over into a new stock can be turned back."""
        reason = self.redeal_refusal()
        if reason is not None:
            raise IllegalMove(reason)
        record = self._apply_redeal()
        self._line.append(REDEAL)
        self._redo.clear()
        if self.REDEAL_IS_FINAL:
            self._undo.clear()
        else:
            self._undo.append(record)

    def redeal_refusal(self) -> Reason | None:
        """Why a redeal is refused now (a refusal key), None when it is allowed: the game's
        own reason, so that a game whose redeal comes later does not say none are left."""
        return "no_redeals"

    @property
    def redeal_allowed(self) -> bool:
        return self.redeal_refusal() is None

    # --- the fast path (unchecked; for the solver) ---------------------------------------------
    @property
    def layout(self) -> list[list[Card]]:
        """The places by number, each bottom to top: the live lists, to read and never change
        (every change goes through a move, so that ``unapply`` can take it back)."""
        return self._p

    def apply(self, move: Move) -> Record:
        """Play ``move`` (a :data:`REDEAL` too) without checking it or touching the history (a
        redeal the rules refuse raises :class:`IllegalMove` all the same: it is cheap to ask)."""
        if move.is_redeal:
            reason = self.redeal_refusal()
            if reason is not None:
                raise IllegalMove(reason)
            return self._apply_redeal()
        return self.apply_at(self.NUMBERS[move.src], self.NUMBERS[move.dst], move.size)

    def move_of(self, record: Record) -> Move:
        """The move a record took: ``move_of(apply(m)) == m``."""
        s = record[0]
        return REDEAL if s < 0 else self.MOVES[s][record[1]]

    def snapshot(self) -> Snapshot:
        """The layout and counters, for ``restore``: a search's saved state."""
        if self._hidden:
            return list(map(list.copy, self._p)), self._counters() + tuple(self._down)
        return list(map(list.copy, self._p)), self._counters()

    def restore(self, snapshot: Snapshot) -> None:
        """Back to a ``snapshot`` of this game (the history is left as it is). The places are
        new lists then (copies, not refilled: a third faster for a beam's states): read them
        through ``layout`` again, whose list itself stays the same."""
        places, counters = snapshot
        self._p[:] = map(list.copy, places)
        k = len(places)
        if len(counters) > k:  # taken with the face-down counts (after the counters)
            self._down[:] = counters[-k:]
            counters = counters[:-k]
        elif self._hidden:  # taken while none was face down: a refill has dealt one since
            self._down[:] = [0] * k
        self._set_counters(counters)

    def position(self) -> str:
        """The position as text; :func:`game.from_position` reads it back exactly. A place
        with cards face down lists them first, then ``|``, then the face-up ones."""
        head = " ".join([self.WORD] + [f"{k}={v}" for k, v in self._header().items()])
        lines = [head]
        for place, cards, down in zip(self.PLACES, self._p, self._down):
            words = list(map(str, cards))
            if down:
                words.insert(down, "|")
            lines.append(f"{place}: {' '.join(words)}" if cards else f"{place}:")
        return "\n".join(lines) + "\n"

    def describe(self) -> str:
        """The board in words, for a screen reader: every place's label."""
        return "\n".join(self.place_label(p) + "." for p in self.PLACES)

    def copy(self) -> Self:
        """An independent game in the same position (without history), for search; never
        saved or linked: its empty line does not lead from its ``code`` or ``origin`` here."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._p = [list(cards) for cards in self._p]
        twin._down = list(self._down)
        twin._undo = deque(maxlen=HISTORY_LIMIT)
        twin._redo = []
        twin._line = []
        return twin

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code or 'position'} moves={self.moves}>"

    # --- position text -----------------------------------------------------------------------
    @classmethod
    def from_position(cls, text: str) -> Self:
        """Read ``position()`` text strictly; :class:`PositionError` names the fault."""
        lines = position_lines(text)
        header, places, down = read_places(cls, lines)
        cls._check_places(lines[0], header, places)  # each place's own rules first,
        check_face_down(cls.PLACES, cls.FACTS, down)
        check_card_counts(cls.PLACES, places)  # then the count, so the message is specific
        g = cls._build(header, places)
        g.set_face_down(down)
        return g

    def set_face_down(self, down: list[int]) -> None:
        """Start with ``down[i]`` cards face down at the bottom of place ``i`` (a deal's or a
        position's; the top card of a place only where ``TOP_DOWN``)."""
        self._down = list(down)
        self._hidden = any(down)

    @classmethod
    def _check_places(
        cls, header_line: str, header: dict[str, int], places: list[list[Card]]
    ) -> None:
        raise NotImplementedError

    @classmethod
    def _build(cls, header: dict[str, int], places: list[list[Card]]) -> Self:
        raise NotImplementedError


def replay(g: Solitaire, line: Iterable[Move]) -> Solitaire:
    """Play a line of moves on ``g``, each checked (``play_move``); returns ``g``. A refused
    move (or an unknown place) raises :class:`IllegalLine` naming it, the moves before it
    played. The one way the solver's lines, hints, replays and tests are played."""
    for i, move in enumerate(line):
        try:
            g.play_move(move)
        except (IllegalMove, UnknownPlace) as err:
            raise IllegalLine(i, move, err) from None
    return g


def _size(size: object) -> int:
    """A move's card count, checked: a whole number from 1."""
    if type(size) is not int or size < 1:
        raise BadMoveText(f"bad run size {size!r}: a whole number of cards from 1")
    return size


def count_phrase(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"
