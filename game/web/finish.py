"""The page's side of auto-finish: when the engine says every card left goes home by
foundation moves alone (:func:`game.finishing_line`), the game plays them by itself, one by
one with each card's flight (all at once when nothing moves: the Animation setting's "off", or
reduced motion); one Undo takes them all back. The setting's pace scales the steps and the
win's cascade, as ``static/app.css``'s ``--pace`` scales the flights.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pyodide.ffi import create_proxy
from pyscript import document, window

import game
from game import Move, Solitaire
from game.ui import panel
from game.ui.address.replay import link_moves
from game.ui.guard import Guard
from game.ui.records.settings import Settings
from game.ui.table import Shown
from game.ui.text.messages import Messages
from game.web.dialogs import modal
from game.web.elements import found
from game.web.schedule import AfterPaint

STEP_MS = 140  # between two cards going home: the arrival animation lasts 170 ms
CELEBRATION_MS = 1300  # the cards cascade (app.css), then the won dialog (both at pace 1)


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


class Host(Protocol):
    """What the finish needs of the page."""

    words: Messages

    @property
    def game(self) -> Solitaire: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def auto_steps(self) -> int: ...
    def finish_move(self, move: Move) -> Shown | None: ...
    def show(self, shown: Shown, draw: bool = True) -> None: ...
    def redraw(self) -> None: ...
    def elapsed(self) -> float: ...


class Finishing:
    """At most one finish at a time; any other change by the player stops it."""

    def __init__(
        self,
        host: Host,
        count_win: Callable[[Solitaire, float], str],
        challenges: Callable[[Solitaire], bool],
        guarded: Guard,
    ) -> None:
        self.host = host
        self.count_win = count_win  # counts the win; the statistics line to show
        self.challenges = challenges  # whether the won dialog offers a challenge
        self.line: list[Move] = []
        self.timer = None  # the next card's step
        self.soon = AfterPaint(self.check, guarded)  # the look for a finish after a move
        self.proxy = create_proxy(guarded(self.step))
        self.dialog_proxy = create_proxy(guarded(self.open_won_dialog))

    def offer(self) -> None:
        """After any change that can make the position finishable (a move, a draw, a redeal,
        an undo, a redo, a game resumed): look for a finish once the change is painted (the
        search costs up to 10 ms in Crescent: not on the input's way to the screen)."""
        self.stop()
        self.soon.request()

    def check(self) -> None:
        """Start a finish if the setting is on and one exists."""
        host = self.host
        if self.line or not host.settings.auto_finish or host.game.status != "playing":
            return
        line = game.finishing_line(host.game)
        if not line:
            return
        self.line = list(line)
        if not self.pace():
            while self.line:
                self.step(draw=False)
            host.redraw()
        else:
            self.timer = window.setTimeout(self.proxy, STEP_MS * self.pace())

    def pace(self) -> float:
        """The player's pace (``Settings.pace``): 0 when nothing moves."""
        return self.host.settings.pace(reduced_motion())

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
        host, move = self.host, self.line.pop(0)
        shown = host.finish_move(move)
        if shown is None:
            self.stop()
            return
        if not self.line:  # the last card: say what happened, then the end of the game
            said = host.words.count("auto_finished", host.auto_steps)
            if shown.ended:
                said += " " + host.words.text(f"{shown.ended}_title")
            shown = type(shown)(said, shown.ended)
        else:  # the cards on their way home are seen, not each said: one sentence at the end
            shown = type(shown)(None, shown.ended, shown.sound)
        host.show(shown, draw=draw)
        if self.line and draw:
            self.timer = window.setTimeout(self.proxy, STEP_MS * self.pace())

    # --- the end of a won game ------------------------------------------------------------
    def won(self) -> None:
        """A win: the cards cascade (unless nothing moves), then the won dialog with the
        time, moves, score and the statistics line."""
        g, elapsed, page = self.host.game, self.host.elapsed(), found()
        page.won_text.textContent = panel.won_text(g, elapsed, self.host.words)
        page.won_stats.textContent = self.count_win(g, elapsed)
        page.won_share.textContent = ""  # (what an earlier win's Share showed)
        unknown = link_moves(g) is None  # a game resumed from an old save's position: no replay
        for link in page.won_links:  # Replay this game, Share
            link.hidden = unknown
        page.won_challenge.hidden = not self.challenges(g)  # (a game continued from a replay)
        pace = self.pace()
        if not pace:
            self.open_won_dialog()
            return
        document.body.classList.add("celebrate")
        window.setTimeout(self.dialog_proxy, CELEBRATION_MS * pace)

    def open_won_dialog(self, *_args: Any) -> None:
        document.body.classList.remove("celebrate")
        dialog = found().won_dialog
        if self.host.game.status == "won" and not dialog.open:
            modal(dialog)
