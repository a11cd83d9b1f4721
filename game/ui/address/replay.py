"""Replays (pure): a deal and its moves, read from a link, checked through the engine, and
stepped back and forth; each move's kind, for the captions.

A replay link is ``#CODE/m1,m2,...`` with each move in ``Move.text()`` form
(``t1-f2``, ``stock-waste``, ``redeal``). A move that is not a move, or that the rules refuse
where it comes, ends the replay there: what comes before it still plays, and
:attr:`Replay.broken` says which move broke and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import game
from game import GameCode, Move
from game.core import Reason, Record

from .links import excerpt

MAX_MOVES = 2_000


@dataclass(frozen=True)
class Broken:
    """The first move that cannot be played: its number (from 1), its text and why."""

    number: int
    text: str  # as the link wrote it, quoted: controls and format characters shown as "?"
    reason: Reason | Literal["not_a_move"]  # an engine refusal key, or not a move at all


class Replay:
    """A replay's moves, the game at the current step, and stepping (fast path, exact undo)."""

    def __init__(self, code: GameCode | str, words: tuple[str, ...] | list[str]) -> None:
        self.code = str(code)
        self.moves: list[Move] = []
        self.broken: Broken | None = None
        check = game.new(self.code)
        for k, word in enumerate(list(words)[:MAX_MOVES]):
            try:
                move = Move.from_text(word.strip())
                refusal = None if move.is_redeal else check.refusal(move.src, move.dst, move.size)
            except ValueError:  # not a move's text, or a place this game does not have
                self.broken = Broken(k + 1, excerpt(word), "not_a_move")
                break
            if move.is_redeal and not check.redeal_allowed:
                refusal = game.Refusal("no_redeals", move.src, move.dst)
            if refusal is not None:
                self.broken = Broken(k + 1, excerpt(word), refusal.reason)
                break
            check.play_move(move)
            self.moves.append(move)
        self.total = check.moves  # the moves as the game counts them (a redeal is not one)
        self.game = game.new(self.code)
        self.records: list[Record] = []

    @property
    def counted(self) -> int:
        """The moves played up to the current step as the game counts them (the won dialog's
        count): a redeal is a step of the replay but no move."""
        return self.game.moves

    @property
    def at(self) -> int:
        """How many moves have been played (0: the deal)."""
        return len(self.records)

    def forward(self) -> Move | None:
        if self.at >= len(self.moves):
            return None
        move = self.moves[self.at]
        self.records.append(self.game.apply(move))
        return move

    def filled(self) -> str | None:
        """The column the last step's move emptied and the rules filled (its card came from
        the waste), or None."""
        return self.game.fill_of(self.records[-1]) if self.records else None

    def back(self) -> bool:
        if not self.records:
            return False
        self.game.unapply(self.records.pop())
        return True

    def jump(self, step: int) -> None:
        step = max(0, min(step, len(self.moves)))
        while self.at > step:
            self.back()
        while self.at < step:
            self.forward()

    def playable(self) -> game.Solitaire:
        """A game to play on from the current step: replayed through the checked API, with
        its undo history up to here."""
        return game.replay(game.new(self.code), self.moves[: self.at])


def move_kind(g: game.Solitaire, move: Move) -> str:
    """What kind of move ``move`` is in ``g`` (before it is played), for a caption: redeal,
    draw, f2f (foundation to foundation), back (a foundation card back to a column), home
    (to a foundation), cell (into or out of a free cell), wrap (King on Ace or Ace on King, on
    a pile), turn (a face-down top card turned up) or pile."""
    if move.is_redeal:
        return "redeal"
    if move.src == "stock":
        return "draw"
    if move.turns_up:
        return "turn"
    if move.src[0] == "f":
        return "f2f" if move.dst[0] == "f" else "back"
    if move.dst[0] == "f":
        return "home"
    if "cell" in (g.place(move.src).kind, g.place(move.dst).kind):
        return "cell"
    under, card = g.cards(move.dst), g.cards(move.src)
    if under and card and {under[-1].rank, card[-1].rank} == {1, 13}:
        return "wrap"
    return "pile"


def link_moves(g: game.Solitaire) -> list[str] | None:
    """The moves of a replay link of the game on the table (undone moves left out); None when
    they are not known from the deal (a game resumed from an old save's position)."""
    return None if g.origin is not None else [m.text() for m in g.line]
