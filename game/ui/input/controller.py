"""Input semantics (pure): taps, double-taps and drops become moves, selections or refusals.

Like chessground, the UI holds no rules: every decision picks among the engine's legal
destinations, and every move goes through one path, :meth:`Controller.user_move`. Times are
passed in (milliseconds), so double-taps are tested without a clock. Where runs move as one, an
input that starts on a card inside a column names how many cards it takes (``size``: that card
and those on it); a size the engine would not move as a run is the top card alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import game
from game import Move
from game.core import Reason

from ..games import view_of
from ..games.view import longest_column
from ..records.settings import Settings

DOUBLE_TAP_MS = 350


@dataclass(frozen=True)
class Outcome:
    """What an input did: ``moved`` (with the move), ``selected``, ``deselected``,
    ``refused`` (with the engine's reason key, or ``no_destination``) or ``nothing``."""

    kind: str
    move: Move | None = None
    reason: Reason | Literal["no_destination"] | None = None
    place: str | None = None
    size: int = 1  # the cards it took from ``place``: a run's length, or 1


NOTHING = Outcome("nothing")


class Controller:
    def __init__(self, g: game.Solitaire, settings: Settings | None = None) -> None:
        self.game = g
        self.settings = settings or Settings()
        self.selected: str | None = None
        self.size = 1  # the cards the selection takes: a run's length, or 1
        self._last_tap: tuple[str, float, str] | None = None  # place, time, outcome kind

    # --- the one path for every move ------------------------------------------------------------
    def user_move(self, src: str, dst: str, size: int = 1) -> Outcome:
        self.selected, self.size = None, 1
        refusal = self.game.refusal(src, dst, size)
        if refusal is not None:
            return Outcome("refused", reason=refusal.reason, place=src)
        self.game.play(src, dst, size)
        return Outcome("moved", Move(src, dst, size))

    def run_size(self, place: str, size: int) -> int:
        """The cards an input on ``place`` takes: ``size`` (a card and those on it) where it
        is a run the game moves as one, else the top card."""
        return size if 1 < size <= self.game.movable(place) else 1

    # --- what the player can aim at -------------------------------------------------------------
    def targets(self, src: str, size: int = 1) -> list[str]:
        """Places that accept the top card (the run of ``size`` cards) of ``src``: highlighted
        while dragging or selected."""
        if src == "stock" or not self.game.cards(src):
            return []
        return self.game.destinations(src, size)

    def best_destination(self, src: str, size: int = 1) -> str | None:
        """Double-tap / auto placement: a foundation, else the longest accepting column or
        pile, else an empty one (Forty Thieves' rule; Crescent has no empty targets)."""
        dests = self.targets(src, size)
        home = [d for d in dests if d.startswith("f")]
        return home[0] if home else self.column_for(src, size)

    def column_for(self, src: str, size: int = 1) -> str | None:
        """The longest pile or column that takes the card, else an empty one, else None."""
        return longest_column(self.game, self.targets(src, size))

    # --- taps -----------------------------------------------------------------------------------
    def tap(self, place: str, now_ms: float = 0.0, size: int = 1) -> Outcome:
        """A tap (or click) on ``place``, on the card ``size`` from its top. A second tap on
        the same place soon after is a double-tap, unless the first one already moved a card:
        then it is a tap of its own (the next card), so a fast player's taps are never
        dropped."""
        last = self._last_tap
        double = (
            last is not None
            and last[0] == place
            and now_ms - last[1] <= DOUBLE_TAP_MS
            and place != "stock"  # tapping the stock quickly is drawing quickly
            and last[2] not in ("moved", "refused")  # the first tap acted: this one too
        )
        if double:
            self._last_tap = None
            outcome = self.double_tap(place, size)
        else:
            outcome = self.single_tap(place, size)
            self._last_tap = (place, now_ms, outcome.kind)
        return outcome

    def single_tap(self, place: str, size: int = 1) -> Outcome:
        g = self.game
        if self.selected is not None:
            src, taken = self.selected, self.size
            self.selected, self.size = None, 1
            if place == src:
                return Outcome("deselected", place=place)
            return self.user_move(src, place, taken)
        if place == "stock":
            return self.user_move("stock", "waste")
        if not g.cards(place):
            return NOTHING
        size = self.run_size(place, size)
        dests = self.targets(place, size)
        if size > 1:  # a run: moved where one place takes it (never home), else selected
            if len(dests) == 1:
                return self.user_move(place, dests[0], size)
        else:
            target = view_of(g).tap_target(g, place, dests)  # the view decides, this plays
            if target is not None:
                return self.user_move(place, target)
        if not dests:
            return Outcome("refused", reason="no_destination", place=place, size=size)
        self.selected, self.size = place, size
        return Outcome("selected", place=place, size=size)

    def double_tap(self, place: str, size: int = 1) -> Outcome:
        if not view_of(self.game).double_tap_on(self.settings):
            return self.single_tap(place, size)  # the setting is off: just a second tap
        self.selected, self.size = None, 1
        if place == "stock" or not self.game.cards(place):
            return self.single_tap(place)
        size = self.run_size(place, size)
        best = self.best_destination(place, size)
        if best is None:
            return Outcome("refused", reason="no_destination", place=place, size=size)
        return self.user_move(place, best, size)

    # --- drag and drop --------------------------------------------------------------------------
    def drop(self, src: str, target: str | None, size: int = 1) -> Outcome:
        """A card (a run of ``size`` cards) dragged from ``src`` let go over ``target``: a
        place id, ``"foundations"`` (Crescent's foundation area) or ``None`` (nowhere in
        particular)."""
        self.selected, self.size = None, 1
        g = self.game
        if target == src:
            return NOTHING
        size = self.run_size(src, size)
        if size == 1 and view_of(g).drops_on_foundations(target):
            return self._drop_on_foundations(src, target)
        if target is not None and g.refusal(src, target, size) is None:
            return self.user_move(src, target, size)
        if view_of(g).auto_places(self.settings):
            best = self.best_destination(src, size)
            if best is not None:
                return self.user_move(src, best, size)
        if target is None or target == "foundations":
            return NOTHING  # dropped on the table: the card just goes back
        return self.user_move(src, target, size)  # refused, with the engine's reason

    def _drop_on_foundations(self, src: str, target: str | None) -> Outcome:
        """Anywhere in the foundation area (``GameView.drops_on_foundations``) means 'the
        foundation of my suit that takes me' (the one under the pointer first)."""
        dests = [d for d in self.targets(src) if d.startswith("f")]
        if target in dests:
            return self.user_move(src, target)
        if dests:
            return self.user_move(src, dests[0])
        if target != "foundations" and target is not None:
            return self.user_move(src, target)  # refused: say why for the one aimed at
        g, cards = self.game, self.game.cards(src)
        suit = cards[-1].suit if cards else 0
        own = next(  # its suit's first ascending foundation (by the engine's facts)
            p
            for p in g.PLACES
            if (fact := g.place(p)).kind == "foundation" and fact.suit == suit and fact.up
        )
        return self.user_move(src, own)
