"""The game on the table as the page shows it, without the page: what an input did to the
view (selection, targets, a card arriving, a hint), the timer, and what to say. Pure: the page
passes the time and the board's shape in, and shows what comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import game

from . import board, panel
from .input.controller import Controller, Outcome
from .records.settings import Settings
from .session import Clock
from .text.messages import Messages

Point = tuple[float, float]


@dataclass(frozen=True)
class Shown:
    """What the page shows after a change: new words for the announcement (None keeps the
    last ones), when the game has just ended, ``"won"`` or ``"blocked"`` (its dialog), and the
    sound of what happened (a key of ``sound.SOUNDS``), if any."""

    say: str | None = None
    ended: str | None = None
    sound: str | None = field(default=None, compare=False)  # heard, not shown


class Table:
    """One game in play: its input controller, its view and its timer."""

    def __init__(
        self,
        g: game.Solitaire,
        settings: Settings,
        words: Messages,
        now_ms: float = 0.0,
        elapsed_ms: float = 0.0,
    ) -> None:
        self.game = g
        self.words = words
        self.controller = Controller(g, settings)
        self.view = board.View()
        self.layout = board.layout_for(g, 1.0, left_handed=settings.left_handed)
        self.clock = Clock(elapsed_ms, now_ms)
        self.auto_steps = 0  # moves the auto-finish just played: one Undo takes them all back
        # the player took a finish back: Undo and Redo do not offer it again until a move of
        # their own (a move, a draw, a redeal), else the next Undo would finish it once more
        self.finish_declined = False
        self.memo: dict[str, tuple[object, board.Part]] = {}  # each place's last markup

    @property
    def settings(self) -> Settings:
        return self.controller.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self.controller.settings = settings

    def draw(self, aspect: float) -> str:
        """The board's markup for a board area of ``aspect`` (height / width)."""
        return "".join(part.markup() for part in self.parts(aspect).values())

    def parts(self, aspect: float) -> dict[str, board.Part]:
        """:meth:`draw` as the board's top-level groups (the page rewrites the changed ones)."""
        index = self.lay_out(aspect)
        return board.parts(self.game, self.layout, self.view, self.words, index, self.memo)

    def lay_out(self, aspect: float) -> str:
        """The board laid out for ``aspect`` as the settings ask (the index size, the hand),
        as the next draw will lay it out; the index size drawn."""
        settings = self.settings
        index = board.index_for(self.game, aspect, settings.index)
        self.layout = board.layout_for(self.game, aspect, index, settings.left_handed)
        return index

    def painted(self) -> None:
        """The draw is on the screen: a card's arrival has been shown, and is not shown again
        (a redraw before the paint, for a new board shape, keeps it: the card still flies)."""
        self.view.arrival = self.view.fill = None

    def rects(self) -> dict[str, board.Rect]:
        """Where each place is drawn now, for the arrow keys."""
        return {p: self.rect(p) for p in self.layout.slots}

    def rect(self, place: str) -> board.Rect:
        return board.place_rect(self.game, self.layout, place)

    def origins(self, places: Iterable[str | None] | None = None) -> dict[str, Point]:
        """Where the top cards are drawn now: taken before an input, for its animation. Only
        of ``places`` (those the input can move a card from), if given: a tap pays for two."""
        if places is None:
            return board.top_cards(self.game, self.layout)
        slots = self.layout.slots
        return {p: board.top_card_xy(self.game, self.layout, p) for p in places if p in slots}

    def input(
        self,
        result: Outcome,
        now_ms: float,
        aspect: float,
        origins: dict[str, Point],
        dragged: Point = (0.0, 0.0),
        auto: bool = False,
    ) -> Shown:
        """After a tap, a drop or a draw (or a move of the auto-finish, ``auto``): the
        selection and its targets, the moved card's arrival from where it was (plus how far it
        was dragged), and the words."""
        if not auto and result.kind == "moved":
            self.auto_steps = 0
            self.finish_declined = False
        controller = self.controller
        selected = controller.selected
        size = controller.size
        targets = frozenset(controller.targets(selected, size)) if selected else frozenset()
        picked = (selected, size) if selected and size > 1 else None
        self.view = board.View(selected=selected, targets=targets, picked=picked)
        if result.kind == "moved" and result.move is not None:
            src, dst = result.move.src, result.move.dst
            self.view.arriving = result.move.size
            self.clock.start(now_ms)
            self.lay_out(aspect)
            if src in origins:  # else it just appears (no input moves a card it did not name)
                start = (origins[src][0] + dragged[0], origins[src][1] + dragged[1])
                self.view.arrival = board.arrival(self.game, self.layout, dst, start)
            self.view.fill = self.fill_flight(self.game.last_fill, origins)
        explain = self.settings.interactive_rules
        say = panel.announcement(result, self.game, self.words, explain)
        return self.settle(say, now_ms, sound_of(result))

    def fill_flight(
        self, column: str | None, origins: dict[str, Point]
    ) -> tuple[str, float, float] | None:
        """The card that filled ``column`` after a move emptied it, flying from where the
        rules fill it from (the waste, or the stock: its top card flies); None where no
        column was filled."""
        if column is None:
            return None
        source = self.game.fill_source
        start = origins.get(source) or board.top_card_xy(self.game, self.layout, source)
        return board.arrival(self.game, self.layout, column, start)

    def replayed(
        self,
        move: game.Move,
        aspect: float,
        origins: dict[str, Point],
        filled: str | None = None,
    ) -> None:
        """A replay's step forward: the moved card flies from where it was (a redeal or a
        step back just redraws); no timer, no words, no end of game."""
        self.view = board.View()
        self.lay_out(aspect)
        if not move.is_redeal and move.src in origins:
            self.view.arrival = board.arrival(self.game, self.layout, move.dst, origins[move.src])
            self.view.fill = self.fill_flight(filled, origins)

    def point(self, place: str, depth: int) -> Shown | None:
        """The keyboard points at the card ``depth`` from the top of ``place``: that card and
        those on it are the run Enter takes (drawn ``picked``), said with how many move with
        it. None where it cannot: a selection is waiting for its destination, or the game
        does not move that many cards of ``place`` as one."""
        g = self.game
        if self.controller.selected is not None or not 1 <= depth <= g.movable(place):
            return None
        self.view.picked = (place, depth) if depth > 1 else None
        card = self.words.card(g.cards(place)[-depth])
        if depth == 1:
            return Shown(say=self.words.alone(card))
        return Shown(say=self.words.alone(self.words.count("run_cards", depth - 1, card=card)))

    def deselect(self, now_ms: float) -> Shown:
        """A tap beside every place: the selection is dropped."""
        self.controller.selected = None
        return self.input(Outcome("deselected"), now_ms, 1.0, {})

    def finish_move(
        self, move: game.Move, now_ms: float, aspect: float, origins: dict[str, Point]
    ) -> Shown | None:
        """One move of the auto-finish, animated like the player's; None when it is no longer
        legal (the player moved meanwhile): the finish stops there."""
        if self.game.refusal(move.src, move.dst) is not None:
            return None
        self.controller.selected = None
        self.game.play_move(move)
        self.auto_steps += 1
        return self.input(Outcome("moved", move), now_ms, aspect, origins, auto=True)

    def undo(self, now_ms: float) -> Shown:
        """Undo; right after an auto-finish, all of its moves in one step."""
        steps, self.auto_steps = self.auto_steps, 0
        if steps:
            self.finish_declined = True
        if steps > 1:
            undone = sum(self.game.undo() for _ in range(steps))
            self.controller.selected = None
            self.view = board.View()
            return self.settle(self.words.count("auto_undone", undone), now_ms)
        return self.step(self.game.undo, "undone", "nothing_to_undo", now_ms)

    def undo_to(self, steps: int, now_ms: float) -> Shown:
        """Undo ``steps`` moves in one step: back to the last position known to be winnable."""
        self.auto_steps = 0
        undone = sum(self.game.undo() for _ in range(steps))
        self.controller.selected = None
        self.view = board.View()
        moves = self.words.count("moves_count", undone)
        return self.settle(self.words.text("undone_to_winnable", moves=moves), now_ms)

    def redo(self, now_ms: float) -> Shown:
        self.auto_steps = 0
        return self.step(self.game.redo, "redone", "nothing_to_redo", now_ms)

    def step(self, step: Callable[[], bool], done: str, nothing: str, now_ms: float) -> Shown:
        self.controller.selected = None
        self.view = board.View()
        return self.settle(self.words.text(done if step() else nothing), now_ms)

    def redeal(self, now_ms: float) -> Shown:
        if self.game.status == "won":  # nothing to gain, and the rules cannot take it back
            return Shown()
        self.auto_steps = 0
        try:
            self.game.redeal()
        except game.IllegalMove as err:
            return Shown(self.words.refusal(err.reason), sound="refuse")
        self.finish_declined = False
        self.controller.selected = None
        self.view = board.View()
        left = self.game.redeals_left
        return self.settle(self.words.count("redealt", left), now_ms, "redeal")

    def hint(self, move: tuple[str, str]) -> None:
        """Light up a hinted move (until the next change)."""
        self.view = board.View(hint=move)

    def settle(self, say: str | None, now_ms: float, sound: str | None = None) -> Shown:
        """After any change: the timer stops when the game ends and goes on if an undo
        reopens it; the end is shown once (a win with its own sound)."""
        if self.game.status == "playing":
            self.clock.reopen()
            return Shown(say, sound=sound)
        if self.clock.finish(now_ms):
            status = self.game.status  # said once, with what ended it (the dialog follows)
            end = self.words.text(f"{status}_title")
            return Shown(
                f"{say} {end}" if say else end, status, "win" if status == "won" else sound
            )
        return Shown(say, sound=sound)

    def elapsed(self, now_ms: float) -> float:
        return self.clock.elapsed(now_ms)


def sound_of(result: Outcome) -> str | None:
    """The sound of an input's outcome: a card moved or drawn, or a move refused."""
    if result.kind == "moved" and result.move is not None:
        move = result.move
        return "draw" if move.src == "stock" or move.turns_up else "move"
    return "refuse" if result.kind == "refused" else None
