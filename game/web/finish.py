"""The page's side of auto-finish: when the engine says every card left goes home by
foundation moves alone (:func:`game.finishing_line`), the game plays them by itself, one by
one with each card's flight (all at once under reduced motion); one Undo takes them all back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import document, window

import game
from game.ui import panel
from game.ui.guard import Guard
from game.ui.replay import link_moves
from game.web.dom import AfterPaint, modal, q

if TYPE_CHECKING:  # the page these parts serve (one way: it imports them)
    from game.web.page import Page

STEP_MS = 140  # between two cards going home: the arrival animation lasts 170 ms
CELEBRATION_MS = 1300  # the cards cascade (app.css), then the won dialog


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


class Finishing:
    """At most one finish at a time; any other change by the player stops it."""

    def __init__(self, page: Page, guarded: Guard) -> None:
        self.page = page
        self.line: list[game.Move] = []
        self.timer = None  # the next card's step
        self.soon = AfterPaint(self.check, guarded)  # the look for a finish after a move
        self.proxy = create_proxy(guarded(self.step))
        self.dialog_proxy = create_proxy(guarded(self.open_won_dialog))

    def after_move(self) -> None:
        """After the player's move: look for a finish once the move is painted (the search
        costs up to 10 ms in Crescent: not on the input's way to the screen)."""
        self.stop()
        self.soon.request()

    def check(self) -> None:
        """Start a finish if the setting is on and one exists."""
        table = self.page.table
        if self.line or not table.settings.auto_finish or table.game.status != "playing":
            return
        line = game.finishing_line(table.game)
        if not line:
            return
        self.line = list(line)
        if reduced_motion():
            while self.line:
                self.step(draw=False)
            self.page.frames.now()
        else:
            self.timer = window.setTimeout(self.proxy, STEP_MS)

    def stop(self) -> None:
        self.soon.cancel()
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self.line = []

    def step(self, *_args: Any, draw: bool = True) -> None:
        self.timer = None
        if not self.line:
            return
        page, move = self.page, self.line.pop(0)
        now = window.performance.now()
        shown = page.table.finish_move(move, now, page.aspect(), page.table.origins())
        if shown is None:
            self.stop()
            return
        if not self.line:  # the last card: say what happened, then the end of the game
            n = page.table.auto_steps
            said = page.words.count("auto_finished", n)
            if shown.ended:
                said += " " + page.words.text(f"{shown.ended}_title")
            shown = type(shown)(said, shown.ended)
        else:  # the cards on their way home are seen, not each said: one sentence at the end
            shown = type(shown)(None, shown.ended, shown.sound)
        page.show(shown, draw=draw)
        if self.line and draw:
            self.timer = window.setTimeout(self.proxy, STEP_MS)

    # --- the end of a won game ------------------------------------------------------------
    def won(self) -> None:
        """A win: the cards cascade (not under reduced motion), then the won dialog with the
        time, moves, score and the statistics line."""
        page = self.page
        g, elapsed = page.table.game, page.elapsed()
        q("#won-text").textContent = panel.won_text(g, elapsed, page.words)
        q("#won-stats").textContent = page.records.won(g, elapsed)
        unknown = link_moves(g) is None  # a game resumed from an old save's position: no replay
        for action in ("replay-this", "share"):
            q(f"#won-dialog [data-action={action}]").hidden = unknown
        if reduced_motion():
            self.open_won_dialog()
            return
        document.body.classList.add("celebrate")
        window.setTimeout(self.dialog_proxy, CELEBRATION_MS)

    def open_won_dialog(self, *_args: Any) -> None:
        document.body.classList.remove("celebrate")
        dialog = q("#won-dialog")
        if self.page.table.game.status == "won" and not dialog.open:
            modal(dialog)
