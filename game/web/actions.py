"""The actions around the game (PyScript): Redeal's question, Restart this deal, Pause and
the hidden page. A part of the page: it acts on the game on the table through it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

import game
from game.ui import panel
from game.web.dom import modal, q

if TYPE_CHECKING:
    from game.web.page import Page


def now() -> float:
    return float(window.performance.now())


class Actions:
    """Redeal, Restart, Pause and the hidden page, for ``page``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.paused = False  # the Pause button: the board covered (a hidden page stops time too)

    def redeal(self, _event: Any = None) -> None:
        """Redeal, which the rules cannot take back: while moves remain it asks first (unless
        the player said not to ask again)."""
        g = self.page.table.game
        question = panel.redeal_question(g, self.page.words) if g.status == "playing" else None
        if question and self.page.table.settings.ask_redeal and g.redeal_allowed:
            self.page.cancel_press()
            self.page.finishing.stop()
            q("#redeal-text").textContent = question
            q("#redeal-dont-ask").checked = False
            modal(q("#redeal-dialog"))
            return
        self.page.show(self.page.table.redeal(now()))

    def redeal_confirmed(self, _event: Any = None) -> None:
        q("#redeal-dialog").close()
        if q("#redeal-dont-ask").checked:
            self.page.set_setting("ask_redeal", False)
        self.page.show(self.page.table.redeal(now()))

    def restart(self, _event: Any = None) -> None:
        """Restart this deal: an explicit action, confirmed when it drops moves."""
        g = self.page.table.game
        q("#settings-sheet").close()
        if g.line or g.redo_line or g.origin:  # (a game resumed from a position: its moves too)
            modal(q("#restart-dialog"))
        else:
            self.restart_confirmed()

    def restart_confirmed(self, _event: Any = None) -> None:
        q("#restart-dialog").close()
        code = self.page.table.game.code
        if code is None:
            return
        self.page.unseen.flush()  # a last draw not yet kept is kept now, not after the forgetting
        self.page.storage.forget_game(code)
        self.page.start(game.new(code))
        self.page.announce(self.page.words.text("restarted"))

    def pause(self, _event: Any = None) -> None:
        """The Pause button: the timer stops and the board is covered; again to go on."""
        self.set_paused(not self.paused)
        self.page.announce(self.page.words.text("paused" if self.paused else "unpaused"))

    def set_paused(self, paused: bool) -> None:
        clock, t = self.page.table.clock, now()
        if paused and self.page.table.game.status == "playing":
            self.page.cancel_press()
            clock.pause(t)
            self.paused = True
        else:
            if str(document.visibilityState) != "hidden":
                clock.resume(t)
            self.paused = False
        q("#paused").hidden = not self.paused
        button = q("[data-action=pause]")
        button.textContent = self.page.words.text("resume" if self.paused else "pause")
        button.setAttribute("aria-pressed", "true" if self.paused else "false")
        self.page.tick()
        self.page.save()

    def on_visibility(self, _event: Any = None) -> None:
        """Time runs only while the page can be seen; the game is saved as it is hidden."""
        if str(document.visibilityState) == "hidden":
            self.page.cancel_press()
            self.page.table.clock.pause(now())
            self.page.unseen.flush()  # a draw not yet kept: kept now (no frame comes while hidden)
            self.page.save()
        elif not self.paused:
            self.page.table.clock.resume(now())
        self.page.tick()
