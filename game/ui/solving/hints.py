"""What Hint says (pure): a move of a known winning line, else a search's, else a guess, and
never a move back to a position already played in this game.

A hint that leads back goes round in circles: a playout's winning line wandered (a card round
the empty columns and back), and the guess offered the same card to and fro for ever (issue
"Found by players", item 7). So every answer is checked against the positions played from the
deal's start (:class:`Played`); the lines are loop-free (``assist.Line``); a daily deal's
stored winning line, shipped in small files and fetched on its first Hint
(:func:`lines_path`), comes first. Where every move leads back, Hint says so instead of
offering one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import game
from game import CodeError, GameCode, Move, Solitaire
from game.codes import kind_slug
from game.core import BadMoveText
from game.kinds import KINDS_BY_CODE, LINES_SHIPPED
from game.solver import UNWINNABLE, WINNABLE, Result

from .assist import Line, StateKey, heuristic_move, leads_to, state_key

# the kinds whose stored lines ship (their daily pools: tools/daily.py); a kind that plays
# another kind's lines (the same cards in the same piles) names it in its record
SHIPPED = LINES_SHIPPED
LINE_FILES = 16  # a kind's lines in this many files, by deal number: ~10 kB each, gzipped
KEPT_LINES = 8  # the lines a game keeps (the stored one and the newest searches')


def lines_kind(kind: str) -> str | None:
    """The kind whose shipped lines win deals of ``kind``, if any."""
    try:
        kind = KINDS_BY_CODE[kind].lines_of or kind
    except KeyError:
        return None
    return kind if kind in SHIPPED else None


def lines_file(kind: str, part: int) -> str:
    """A shipped lines file's path under ``static/data``."""
    return f"lines/{kind_slug(kind)}-{part}.txt"


def lines_path(code: str) -> str | None:
    """Where the page fetches the stored winning line of deal ``code``, if one may be stored
    (the file holds the lines of every stored deal whose number falls in it)."""
    try:
        parsed = GameCode.parse(code)
    except CodeError:
        return None
    kind = lines_kind(parsed.kind)
    return None if kind is None else "./static/data/" + lines_file(kind, parsed.deal % LINE_FILES)


def stored_line(text: str, code: str) -> list[Move] | None:
    """Deal ``code``'s moves in a lines file (``DEAL move move …`` a line, the deal part of the
    code first), or None: not there, or a line that does not read."""
    try:
        deal = str(GameCode.parse(code)).rsplit("-", 1)[1]
    except CodeError:
        return None
    # the row found where it starts, not by splitting a file of a thousand rows into lines
    row = re.search(rf"^{re.escape(deal)}(?: (.*))?$", text, re.MULTILINE)
    if row is None:
        return None
    try:
        return [Move.from_text(word) for word in (row.group(1) or "").split()]
    except BadMoveText:
        return None


class Played:
    """The positions played in this game, from its start to the position on the table (undone
    moves taken off): the game's own line replayed, kept between hints and extended as the
    line grows."""

    def __init__(self) -> None:
        self.origin: tuple[str | None, str | None] | None = None
        self.line: tuple[Move, ...] = ()
        self.keys: set[StateKey] = set()
        self.at: Solitaire | None = None  # the replay, at the end of ``line``

    def of(self, g: Solitaire) -> set[StateKey]:
        origin = (g.code, g.origin)
        line = g.line
        if origin != self.origin or line[: len(self.line)] != self.line or self.at is None:
            self.origin, self.line, self.keys = origin, (), set()
            self.at = start_of(g)
            if self.at is None:  # a position loaded as text: only it is known
                return {state_key(g)}
            self.keys.add(state_key(self.at))
        for move in line[len(self.line) :]:
            self.at.apply(move)
            self.keys.add(state_key(self.at))
        self.line = line
        return self.keys | {state_key(g)}


def sees_hidden(g: Solitaire) -> bool:
    """Are cards face down here? The solver plays an open copy of the game, so its answers
    (Hint, the check, "no longer winnable") then rest on cards the player cannot see, and the
    page says so beside them."""
    return any(g.face_down_counts())


def start_of(g: Solitaire) -> Solitaire | None:
    """The position ``g``'s line starts from: its deal, or the position it was resumed from."""
    if g.origin is not None:
        return game.from_position(g.origin)
    return game.new(g.code) if g.code else None


@dataclass(frozen=True)
class Advice:
    """A hint: the move and how it is said (``hint_move``: a winning line's; ``hint_guess``:
    no line found in time; ``hint_lost``: proven lost; ``hint_none``: no move at all;
    ``hint_back``: every move leads back to a position already played)."""

    move: Move | None
    message: str


class Hints:
    """One game's hints: the winning lines known for it (the deal's stored line first, then
    the newest searches'), the positions it has played, and what Hint says from them, from a
    search's result, or as a guess."""

    def __init__(self) -> None:
        self.stored: Line | None = None
        self.lines: list[Line] = []
        self.played = Played()
        self.fetched = False  # the stored line was asked for (once a game)

    def learn(self, start: Solitaire, moves: list[Move], stored: bool = False) -> None:
        """A winning line from ``start`` (a search's, or the deal's stored one)."""
        line = Line(start, moves)
        if stored:
            self.stored = line
        else:
            self.lines = [line, *self.lines[: KEPT_LINES - 1]]

    def all(self) -> list[Line]:
        """The known lines, the stored one first."""
        return [self.stored, *self.lines] if self.stored else self.lines

    def knows(self, g: Solitaire) -> bool:
        """Is this position on a known line? (Asked after every move: one key, no replay.)"""
        key = state_key(g)
        return any(key in line.steps for line in self.all())

    def now(self, g: Solitaire) -> Move | None:
        """A known line's move from here that leads to no position played (the stored line's
        first): the hint at once, with no search."""
        key = state_key(g)
        moves = [line.steps[key] for line in self.all() if key in line.steps]
        if not moves:
            return None
        played = self.played.of(g)
        return next((move for move in moves if leads_to(g, move) not in played), None)

    def after(self, g: Solitaire, start: Solitaire, result: Result) -> Advice:
        """The hint once the search from ``start`` is over (or its time is up: ``unknown``):
        its line's move if it won, else a known line's, else the guess; never a move back."""
        if result.verdict == WINNABLE and result.moves:
            self.learn(start, result.moves)
        move = self.now(g)
        if move is not None:
            return Advice(move, "hint_move")
        guess = heuristic_move(g, self.played.of(g))
        if guess is not None:
            return Advice(guess, "hint_lost" if result.verdict == UNWINNABLE else "hint_guess")
        if g.legal_moves() or g.redeal_allowed:
            return Advice(None, "hint_back")
        return Advice(None, "hint_none")

    def watched(self, start: Solitaire, result: Result) -> None:
        """The quiet look's result: a line it found is kept if no known line leads on from
        there (the next Hint answers at once)."""
        if result.verdict == WINNABLE and result.moves and not self.knows(start):
            self.learn(start, result.moves)

    def stored_path(self, g: Solitaire) -> str | None:
        """Where to fetch the deal's stored line, the first time a Hint needs it (None: asked
        already this game, or none can be stored)."""
        if self.fetched or not g.code:
            return None
        self.fetched = True
        return lines_path(g.code)

    def take_stored(self, g: Solitaire, text: str) -> bool:
        """The fetched lines file's line for ``g``'s deal, learnt if it is there and wins from
        the deal's start: whether it was."""
        code = g.code
        moves = stored_line(text, code) if code else None
        if not code or not moves:
            return False
        try:
            won = game.replay(game.new(code), moves).status == "won"
        except game.IllegalLine:
            return False
        if won:
            self.learn(game.new(code), moves, stored=True)
        return won
